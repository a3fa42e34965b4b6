"""An interrupted run resumes where it stopped, without losing or duplicating articles (issue 2)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from slant.bench.corpus import write_corpus

N = 48


def stored(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as con:
            return int(con.execute("select count(*) from articles").fetchone()[0])
    except sqlite3.OperationalError:  # table not created yet
        return 0


@pytest.mark.slow
def test_killed_run_resumes_without_loss_or_duplicates(tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    write_corpus(folder, N, words=120)
    db = tmp_path / "resume.db"
    cmd = [sys.executable, "-m", "slant", "analyze", str(folder), "--db", str(db)]
    env = {**os.environ, "SLANT_CONFIG": str(tmp_path / "none.toml")}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while stored(db) == 0 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    part = stored(db)
    assert 0 < part < N, f"the kill should land part-way (stored {part} of {N})"

    done = subprocess.run([*cmd, "--json"], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len([line for line in done.stdout.splitlines() if line.strip()]) == N
    assert stored(db) == N
    with sqlite3.connect(db) as con:
        ids = [r[0] for r in con.execute("select id from articles")]
        assert len(ids) == len(set(ids))
        runs = con.execute("select count(*) from runs").fetchone()[0]
        assert runs == 2
