# slant: `make demo` sets up and runs slant on the bundled examples; `make test` sets up and runs the tests.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
DEMO_DB ?= slant.db

.PHONY: install demo test lint check bench lock clean

install: $(VENV)/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# --no-deps: the lock is the whole resolved set; without it pip 23 re-resolves extras such as justext's
	# lxml[html_clean] against the newest release on the index and refuses it as unpinned.
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements.lock
	$(BIN)/python -m pip check
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

demo: install
	$(BIN)/slant analyze examples/ --db $(DEMO_DB)
	$(BIN)/slant actors --db $(DEMO_DB) --limit 15
	$(BIN)/slant show examples/harbourside-courier-backs-mawdsley.txt --db $(DEMO_DB)

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

check: lint test

bench: install
	$(BIN)/slant bench speed --articles 200 --output docs/benchmarks.md

# Re-pin every dependency with hashes (needs the network); commit the result.
lock: install
	$(BIN)/uv pip compile pyproject.toml requirements.in --extra dev --extra postgres --generate-hashes \
		--python-version 3.11 --python-platform x86_64-unknown-linux-gnu -o requirements.lock

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
