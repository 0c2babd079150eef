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
    """About 3 s of play at full speed and 1 s of the landing page, then 4 s at a child's
    pace; the figures come back as JSON."""
    # Only looked up, never imported here: importing Locust patches this process for gevent.
    if importlib.util.find_spec("locust") is None:
        pytest.skip("Locust is not installed (it comes with the dev tools: pip install -e .[dev])")
    out = tmp_path / "figures.json"
    command = [
        sys.executable, "-m", "tools.loadbench",
        "--db", "sqlite", "--seconds", "3", "--trivial-seconds", "1",
        "--tables", "1", "--seats", "2", "--workers", "2", "--think-ms", "0",
        "--json", str(out),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    if done.returncode == NO_SERVER:
        pytest.skip(f"gunicorn could not start here: {done.stdout[-500:]}")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    figures = json.loads(out.read_text(encoding="utf-8"))["figures"]
    assert figures["moves"] > 0
    assert figures["errors"] == 0
    assert figures["stale"] == 0
    assert figures["ratio"] > 0
    assert "moves/s" in done.stdout and "children per core" in done.stdout


# Pushed: a stream lasts 3 s, so the pages open theirs again during the run (and the run's
# end does not wait 20 s for the last streams to close).
@pytest.mark.parametrize("push", [[], ["--push", "3"]], ids=["polls", "pushed"])
def test_children_at_their_own_pace_see_each_other_s_moves(tmp_path: Path, push: list[str]) -> None:
    """At a child's pace (300 ms of thought here, to be quick) the figures say how many
    children a core carries and how soon another seat saw each move: with the pages polling,
    and with pushed updates (event streams, gevent workers)."""
    if importlib.util.find_spec("locust") is None:
        pytest.skip("Locust is not installed (it comes with the dev tools: pip install -e .[dev])")
    out = tmp_path / "figures.json"
    command = [
        sys.executable, "-m", "tools.loadbench",
        "--db", "sqlite", "--seconds", "4", "--tables", "1", "--seats", "2",
        "--workers", "1", "--think-ms", "300", "--json", str(out), *push,
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    if done.returncode == NO_SERVER:
        pytest.skip(f"gunicorn could not start here: {done.stdout[-500:]}")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    figures = json.loads(out.read_text(encoding="utf-8"))["figures"]
    assert figures["moves"] > 0 and figures["errors"] == 0
    assert figures["children_per_core"] > 0
    assert figures["seen_max_ms"] is not None and figures["seen_max_ms"] > 0


def test_the_in_process_figures_cover_every_request_of_a_table() -> None:
    """tools/loadbench/inprocess.py plays a few moves and prints each kind of request."""
    command = [sys.executable, "-m", "tools.loadbench.inprocess", "--moves", "12"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    kinds = ("move post", "changed poll", "unchanged poll", "pushed event", "table page")
    for kind in (*kinds, "shared event", "landing page"):
        line = next(x for x in done.stdout.splitlines() if x.strip().startswith(kind))
        assert "landing pages" in line and "queries" in line
    # A stream that builds its event from the process's one read of the table asks nothing.
    shared = next(x for x in done.stdout.splitlines() if x.strip().startswith("shared event"))
    assert shared.rstrip().endswith("queries 0"), shared
