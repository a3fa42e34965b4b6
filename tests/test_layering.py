"""The package map of docs/architecture.md, enforced: which package may import which, and where models load.

Every import in ``src/slant`` (top level, inside functions and under ``TYPE_CHECKING`` alike) is read with
``ast``; an import that the map does not allow fails with the importing file and line. To change the
layering, change the map here and in docs/architecture.md together.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

FOUNDATION = frozenset({"slant.errors", "slant.config", "slant.models"})
ANALYZERS = frozenset(
    f"slant.analyze.{name}"
    for name in ("actors", "common", "loaded", "models", "quotes", "relations", "salience", "stance", "tropes")
)
#: unit -> the units it may import (besides itself). A unit is a top-level module or package of slant, or
#: one capability package of slant.analyze; ``slant.analyze`` alone is its ``base``.
ALLOWED: dict[str, frozenset[str]] = {
    "slant.errors": frozenset(),
    "slant.models": frozenset(),
    "slant.config": frozenset({"slant.errors"}),
    "slant.clean": FOUNDATION,
    "slant.ingest": FOUNDATION | {"slant.clean"},
    "slant.nlp": FOUNDATION,
    "slant.analyze": FOUNDATION,
    "slant.analyze.common": FOUNDATION,
    **{unit: FOUNDATION | ANALYZERS | {"slant.analyze", "slant.nlp"} for unit in ANALYZERS - {"slant.analyze.common"}},
    "slant.pipeline": FOUNDATION | ANALYZERS | {"slant.analyze", "slant.nlp"},
    "slant.engine": FOUNDATION | {"slant.pipeline"},
    "slant.store": FOUNDATION | {"slant.clean"},
    "slant.stories": FOUNDATION | {"slant.store", "slant.clean", "slant.nlp", "slant.analyze.common"},
    "slant.compare": FOUNDATION | {"slant.store", "slant.nlp", "slant.analyze.common"},
    "slant.network": FOUNDATION | {"slant.compare"},
    "slant.report": FOUNDATION | {"slant.compare", "slant.network"},
    "slant.exports": FOUNDATION | {"slant.store", "slant.network"},
    "slant.api": FOUNDATION
    | {
        "slant.ingest",
        "slant.clean",
        "slant.pipeline",
        "slant.engine",
        "slant.store",
        "slant.stories",
        "slant.compare",
        "slant.network",
        "slant.report",
        "slant.exports",
    },
    "slant.web": FOUNDATION | {"slant.api"},
    "slant.cli": FOUNDATION | {"slant.api", "slant.web", "slant.bench", "slant.compare"},
    "slant": FOUNDATION | {"slant.api", "slant.store"},
    "slant.__main__": frozenset({"slant.cli"}),
}
#: Tools over the whole library: anything but the user interfaces.
TOOLS = ("slant.bench", "slant.train")
INTERFACES = frozenset({"slant.web", "slant.cli"})
#: Third-party packages that load models: only slant.nlp (and the training tools) may import them.
MODEL_LIBRARIES = frozenset({"spacy", "onnxruntime", "tokenizers", "wordllama", "torch", "onnx"})
MODEL_HOMES = ("slant.nlp", "slant.train")


def unit(module: str) -> str:
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "analyze" and parts[2] != "base":
        return ".".join(parts[:3])
    return ".".join(parts[:2])


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """``(module, line)`` for every absolute import; ``from slant import x`` counts as ``slant.x`` when ``x``
    is a module (``__version__`` and the like are the package root's)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "slant":
                for alias in node.names:
                    sub = SRC / "slant" / alias.name
                    yield (
                        (f"slant.{alias.name}" if sub.is_dir() or sub.with_suffix(".py").is_file() else "slant"),
                        (node.lineno),
                    )
            else:
                yield node.module, node.lineno


def violations(module: str, tree: ast.AST, where: str) -> list[str]:
    me = unit(module) if module != "slant" else "slant"
    found = []
    for target, line in imports(tree):
        top = target.split(".")[0]
        if top in MODEL_LIBRARIES and not me.startswith(MODEL_HOMES):
            found.append(f"{where}:{line}: {module} imports {target}; only slant.nlp loads models")
        if top != "slant":
            continue
        other = unit(target) if target != "slant" else "slant"
        if other == me or (other == "slant" and target == "slant"):
            continue
        if me.startswith(TOOLS):
            if other in INTERFACES:
                found.append(f"{where}:{line}: {module} (a tool) imports {target}, a user interface")
            continue
        allowed = ALLOWED.get(me)
        if allowed is None:
            found.append(f"{where}:{line}: {module} belongs to no unit of the package map ({me})")
        elif other not in allowed:
            found.append(f"{where}:{line}: {module} may not import {target} ({me} may import: {sorted(allowed)})")
    return found


def all_modules() -> list[Path]:
    return sorted((SRC / "slant").rglob("*.py"))


def test_the_package_follows_the_map() -> None:
    found = []
    for path in all_modules():
        found += violations(module_name(path), ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(SRC)))
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("module", "source", "phrase"),
    [
        ("slant.analyze.quotes._marks", "from slant.store import Store", "may not import slant.store"),
        ("slant.analyze.stance._rules", "def f():\n    from slant.web import app", "may not import slant.web"),
        ("slant.web.routes.articles", "from slant.store import display_url", "may not import slant.store"),
        ("slant.cli", "import slant.stories", "may not import slant.stories"),
        ("slant.store.writer", "from slant.stories import cluster", "may not import slant.stories"),
        ("slant.analyze.models._bias", "from spacy.lang.en.stop_words import STOP_WORDS", "only slant.nlp loads"),
        ("slant.compare._build", "import onnxruntime", "only slant.nlp loads"),
        ("slant.bench.speed", "from slant.cli import app", "a user interface"),
        ("slant.ingest.reader", "from slant import analyze", "may not import slant.analyze"),
    ],
)
def test_a_bad_import_is_caught(module: str, source: str, phrase: str) -> None:
    found = violations(module, ast.parse(source), "x.py")
    assert len(found) == 1 and phrase in found[0], found


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("slant.web.routes.articles", "from slant import api"),
        ("slant.web._common", "from slant import __version__, api"),
        ("slant.analyze.stance._acts", "from slant.analyze.relations import QuoteCover"),
        ("slant.stories._sync", "from slant.store import Store"),
        ("slant.nlp.model", "import spacy"),
        ("slant.api", "from slant.report import report"),
    ],
)
def test_an_allowed_import_passes(module: str, source: str) -> None:
    assert violations(module, ast.parse(source), "x.py") == []


def test_every_unit_is_on_the_map() -> None:
    units = {unit(module_name(p)) for p in all_modules()} - {"slant"}
    unmapped = {u for u in units if u not in ALLOWED and not u.startswith(TOOLS)}
    assert not unmapped, unmapped


def test_no_private_module_at_the_top_level() -> None:
    top = [p.name for p in (SRC / "slant").glob("_*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert top == []
    loose = [p.name for p in (SRC / "slant" / "analyze").glob("*.py") if p.name not in ("__init__.py", "base.py")]
    assert loose == []


def _module_edges() -> list[tuple[str, str]]:
    """``(importer, imported)`` between modules of slant, ``from slant import __version__`` left out."""
    paths = {module_name(p): p for p in all_modules()}
    edges = []
    for name, path in paths.items():
        for target, _ in imports(ast.parse(path.read_text(encoding="utf-8"))):
            while target not in paths and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in paths and target not in (name, "slant"):
                edges.append((name, target))
    return edges


def _cycle(edges: list[tuple[str, str]]) -> list[str] | None:
    import networkx as nx

    try:
        return [a for a, _ in nx.find_cycle(nx.DiGraph(edges))]
    except nx.NetworkXNoCycle:
        return None


def test_units_import_each_other_in_one_direction() -> None:
    def layer(module: str) -> str:  # bench and train are one layer of tools (each reads the other's data)
        return "tools" if module.startswith(TOOLS) else unit(module)

    edges = {(layer(a), layer(b)) for a, b in _module_edges() if layer(a) != layer(b)}
    assert _cycle(sorted(edges)) is None


def test_no_cycle_between_the_modules_of_a_package() -> None:
    # a package's face imports its private modules; the private modules never import each other in a circle
    packages = {module_name(p) for p in all_modules() if p.name == "__init__.py"}
    edges = [
        (a, b)
        for a, b in _module_edges()
        if a not in packages and b not in packages and a.rsplit(".", 1)[0] == b.rsplit(".", 1)[0]
    ]
    assert _cycle(edges) is None
