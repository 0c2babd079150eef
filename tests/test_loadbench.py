"""The load benchmark (bin/loadbench, tools/loadbench) runs end to end: a short run with one
table of two children on SQLite plays moves through gunicorn without a single error."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NO_SERVER = 3  # tools/loadbench/__main__.py: gunicorn did not start


def test_a_short_run_plays_moves_without_errors(tmp_path: Path) -> None:
    """About 3 s of play and 1 s of the landing page; the figures come back as JSON."""
    # Only looked up, never imported here: importing Locust patches this process for gevent.
    if importlib.util.find_spec("locust") is None:
        pytest.skip("Locust is not installed (it comes with the dev tools: pip install -e .[dev])")
    out = tmp_path / "figures.json"
    command = [
        sys.executable, "-m", "tools.loadbench",
        "--db", "sqlite", "--seconds", "3", "--trivial-seconds", "1",
        "--tables", "1", "--seats", "2", "--workers", "2", "--json", str(out),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    if done.returncode == NO_SERVER:
        pytest.skip(f"gunicorn could not start here: {done.stdout[-500:]}")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    figures = json.loads(out.read_text(encoding="utf-8"))["figures"]
    assert figures["moves"] > 0
    assert figures["errors"] == 0
    assert figures["stale"] == 0
    assert figures["trivial_per_second"] > 0
    assert "moves/s" in done.stdout and "ratio" in done.stdout


def test_the_in_process_figures_cover_every_request_of_a_table() -> None:
    """tools/loadbench/inprocess.py plays a few moves and prints each kind of request."""
    command = [sys.executable, "-m", "tools.loadbench.inprocess", "--moves", "12"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    kinds = ("move post", "changed poll", "unchanged poll", "table page", "bare move")
    for kind in (*kinds, "floor move", "floor poll"):
        line = next(x for x in done.stdout.splitlines() if x.strip().startswith(kind))
        assert "landing pages" in line and "queries" in line
