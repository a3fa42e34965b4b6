"""Hostile input and faults: bounded reading, one error line per bad file, the batch goes on, no orphans.

The folder of hostile inputs comes from :mod:`tests.hostile` (2 GiB gzip and WARC bombs among them).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from slant.config import Settings, load_settings
from slant.errors import ConfigError
from slant.ingest import iter_documents, scan_inputs
from slant.models import InputError, RawDocument, one_line
from tests.hostile import GiB, HostileFolder, warc, warc_body_bomb, write_hostile_folder, zeros_gzip_member

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = Settings()


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> HostileFolder:
    return write_hostile_folder(tmp_path_factory.mktemp("hostile") / "in", bomb_size=2 * GiB)


def slant(*args: str, **kw: object) -> subprocess.Popen[str]:
    env = {**os.environ, "SLANT_CONFIG": os.devnull, "COLUMNS": "60"}
    return subprocess.Popen(
        [sys.executable, "-m", "slant", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        **kw,  # type: ignore[call-overload]
    )


@pytest.mark.slow
def test_hostile_folder_one_line_per_bad_file_and_every_good_file_stored(
    hostile: HostileFolder, tmp_path: Path
) -> None:
    db = str(tmp_path / "h.db")
    proc = slant("analyze", str(hostile.root), "--db", db)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 1, err
    lines = err.splitlines()
    errors = [line for line in lines if line.startswith("error: ")]
    for name, phrase in hostile.bad.items():
        shown = one_line(str(hostile.root / name))
        mine = [line for line in errors if line.startswith(f"error: {shown}")]
        assert len(mine) == 1, (name, mine)
        assert phrase in mine[0], (name, mine[0])
    # each line is either an error, the unsupported-files note or the closing count: nothing is wrapped
    others = [line for line in lines if not line.startswith("error: ")]
    assert others == ["skipped 2 files of a type slant does not read (-v names them)", others[-1]], others
    assert others[-1].startswith(f"{len(errors)} input(s) failed")
    export = slant("export", "--format", "jsonl", "--db", db)
    out, _ = export.communicate(timeout=120)
    titles = {json.loads(line)["title"] for line in out.splitlines() if line.strip()}
    for name, wanted in hostile.good.items():
        assert set(wanted) <= titles, (name, wanted)


def test_verbose_names_unsupported_files(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text("Levy vote\n\nThe Fenwick council voted on the levy today.", encoding="utf-8")
    (folder / "slides.pptx").write_bytes(b"PK\x03\x04")
    listing = scan_inputs([str(folder)], Settings())
    assert [s.location for s in listing.sources] == [str(folder / "a.txt")]
    assert listing.unsupported == [str(folder / "slides.pptx")]
    proc = slant("analyze", str(folder), "--db", str(tmp_path / "v.db"), "-v")
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert f"skipped: {folder / 'slides.pptx'}: unsupported file type" in err.splitlines()


def read(path: Path, settings: Settings = SETTINGS) -> tuple[list[RawDocument], list[InputError]]:
    items = list(iter_documents([str(path)], settings))
    return [d for d in items if isinstance(d, RawDocument)], [e for e in items if isinstance(e, InputError)]


ZEROS_64M = zeros_gzip_member(64 << 20)


@pytest.mark.parametrize(
    ("name", "data", "settings", "phrase"),
    [
        ("z.txt.gz", ZEROS_64M, Settings(), "inflates more than 100x"),
        ("z.jsonl.gz", gzip.compress(b'{"text": "a b c"}\n') + ZEROS_64M, Settings(), "max_inflate_ratio"),
        (
            "z.warc.gz",
            warc_body_bomb(warc([b"<p>x</p>"], gz=True), ZEROS_64M, 64 << 20),
            SETTINGS,
            "decompression bomb",
        ),
        (
            "z.html.gz",
            gzip.compress(b"<p>" + os.urandom(600_000).hex().encode()),
            Settings(max_inflated_bytes=500_000),
            "max_inflated_bytes",
        ),
        (
            "z.warc",
            b"WARC/1.0\r\nX-Long: " + b"h" * 5000 + b"\r\n\r\n",
            Settings(max_header_bytes=4096),
            "max_header_bytes",
        ),
        (
            "r.warc",
            warc([b"<p>" + b"w" * 3000 + b"</p>"], gz=False),
            Settings(max_record_bytes=1000),
            "max_record_bytes",
        ),
        ("slow.jsonl.gz", gzip.compress(os.urandom(3_000_000)), Settings(read_timeout=1e-9), "read_timeout"),
    ],
)
def test_each_limit_ends_the_input_with_a_line_naming_it(
    tmp_path: Path, name: str, data: bytes, settings: Settings, phrase: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    _, problems = read(path, settings)
    assert problems, name
    assert all(p.source.startswith(str(path)) for p in problems)
    assert any(phrase in p.message for p in problems), problems
    assert all("\n" not in str(p) for p in problems)


@pytest.mark.parametrize(
    "data",
    [
        gzip.compress(("The Fenwick levy passed. " * 400_000).encode()),  # 10 MB of text at ~1000x: under the cap
        gzip.compress(b"The Fenwick levy passed."),
    ],
)
def test_text_that_compresses_well_but_is_small_still_reads(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "ok.txt.gz"
    path.write_bytes(data)
    docs, problems = read(path, Settings(max_inflate_ratio=2000))
    assert not problems and docs


def test_limits_come_from_slant_toml(tmp_path: Path) -> None:
    cfg = tmp_path / "slant.toml"
    cfg.write_text(
        "[slant]\nmax_inflated_bytes = 1000\nmax_inflate_ratio = 7\nmax_header_bytes = 512\n"
        "max_record_bytes = 2048\nread_timeout = 2.5\n",
        encoding="utf-8",
    )
    s = load_settings(cfg, env={})
    assert (s.max_inflated_bytes, s.max_inflate_ratio, s.max_header_bytes, s.max_record_bytes, s.read_timeout) == (
        1000,
        7,
        512,
        2048,
        2.5,
    )
    cfg.write_text("[slant]\nmax_inflate_ratio = 0\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="max_inflate_ratio"):
        load_settings(cfg, env={})
    with pytest.raises(ConfigError, match="read_timeout"):
        load_settings(None, env={"SLANT_READ_TIMEOUT": "-1", "SLANT_CONFIG": os.devnull})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain words", "plain words"),
        ("two\nlines", "two\\nlines"),
        ("bell\x07 and \x1b[31mred", "bell\\x07 and \\x1b[31mred"),
        ("nul\x00", "nul\\x00"),
        ("sep\u2028", "sep\\u2028"),
        ("é and “quotes”", "é and “quotes”"),
    ],
)
def test_one_line(text: str, expected: str) -> None:
    assert one_line(text) == expected


def test_one_line_cuts_long_messages() -> None:
    assert len(one_line("x" * 10_000, 300)) == 300


def test_truncated_warc_says_truncated_not_an_internal_error(tmp_path: Path) -> None:
    data = warc([b"<p>one</p>", b"<p>two</p>"], gz=False)
    seen = set()
    for cut in range(1, len(data), 3):
        path = tmp_path / "cut.warc"
        path.write_bytes(data[:cut])
        _, problems = read(path)
        for p in problems:
            seen.add(p.message.split(":")[0])
            assert "Error" not in p.message, p.message  # no AttributeError, TypeError... from the parser
    assert "truncated WARC" in seen


# Workers die with their parent -------------------------------------------------------------------------------


@pytest.mark.slow
def test_sigkill_of_analyze_leaves_no_process_behind(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for i in range(400):
        (folder / f"{i:03}.txt").write_text(
            f"Levy vote {i}\n\n"
            + " ".join(
                f"Councillor Bea Marten said levy {i}-{j} would pass, and Osric Dallow said no." for j in range(60)
            ),
            encoding="utf-8",
        )
    proc = slant("analyze", str(folder), "--db", str(tmp_path / "k.db"), "--workers", "2", start_new_session=True)
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 120
    children: list[psutil.Process] = []
    while time.monotonic() < deadline and proc.poll() is None:
        children = parent.children(recursive=True)
        workers = [c for c in children if "spawn_main" in " ".join(_cmdline(c))]
        if workers:  # the pool starts workers as batches come; one is enough to show they are not orphaned
            break
        time.sleep(0.2)
    assert proc.poll() is None, "analyze ended before its workers could be seen"
    time.sleep(1.0)
    children = parent.children(recursive=True)
    assert len(children) >= 2  # a worker and the resource tracker at least
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    gone, alive = psutil.wait_procs(children, timeout=30)
    assert not alive, [(p.pid, _cmdline(p)) for p in alive]
    assert len(gone) == len(children)


def _cmdline(p: psutil.Process) -> list[str]:
    try:
        return p.cmdline()
    except (psutil.NoSuchProcess, psutil.ZombieProcess, psutil.AccessDenied):
        return []


def test_worker_watchdog_exits_when_the_parent_is_gone() -> None:
    # a grandchild whose parent exits at once: die_with_parent's watchdog (or the kernel's signal) ends it
    code = (
        "import os, sys, time\n"
        "from slant.engine.local import die_with_parent\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    parent = os.getppid()\n"
        "    die_with_parent(parent, poll_seconds=0.05)\n"
        "    sys.stdout.write(f'{os.getpid()}\\n'); sys.stdout.flush()\n"
        "    time.sleep(60)\n"
        "    os._exit(0)\n"
        "time.sleep(0.5)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    child = int(proc.stdout.strip())
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and psutil.pid_exists(child):
        try:
            if psutil.Process(child).status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        time.sleep(0.1)
    alive = psutil.pid_exists(child) and psutil.Process(child).status() != psutil.STATUS_ZOMBIE
    assert not alive


def test_read_budget_excludes_the_callers_time(tmp_path: Path) -> None:
    # the time a consumer spends between documents is not the reader's: slow analysis never fails a file
    path = tmp_path / "many.jsonl.gz"
    path.write_bytes(
        gzip.compress(b"".join(json.dumps({"text": f"Note {i} on the levy."}).encode() + b"\n" for i in range(5)))
    )
    docs = []
    for item in iter_documents([str(path)], Settings(read_timeout=0.2)):
        assert isinstance(item, RawDocument), item
        docs.append(item)
        time.sleep(0.3)
    assert len(docs) == 5


def test_stream_sizes_are_counted_not_trusted() -> None:
    from slant.ingest.limits import GuardedStream

    stream = GuardedStream(io.BytesIO(gzip.compress(b"abc" * 1000)), "x", Settings(), compressed=True)
    data = b""
    while chunk := stream.read(100):
        data += chunk
    assert data == b"abc" * 1000 and stream.inflated == 3000 and stream.at_end


@pytest.mark.parametrize("ref", ["bad\x00ref", "~nobody-such-user/x.txt", "a" * 60_000, "%00", "../../etc/passwd"])
def test_show_answers_not_found_for_hostile_refs(examples_db: Path, ref: str) -> None:
    from slant import api
    from slant.errors import NotFoundError

    with pytest.raises(NotFoundError) as caught:
        api.show(ref, db=str(examples_db))
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 600


def test_readme_settings_block_loads(tmp_path: Path) -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```toml\n(.*?)```", readme, re.S)
    assert block is not None
    cfg = tmp_path / "slant.toml"
    cfg.write_text(block.group(1), encoding="utf-8")
    s = load_settings(cfg, env={})
    assert s.max_inflate_ratio == 100 and s.read_timeout == 60
