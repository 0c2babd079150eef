"""The load benchmark (bin/loadbench, tools/loadbench) runs end to end: a short run with one
table of two children on SQLite plays moves through gunicorn without a single error."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
NO_SERVER = 3  # tools/loadbench/__main__.py: gunicorn did not start


@pytest.mark.any_database  # its own SQLite database
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
@pytest.mark.any_database  # its own SQLite database
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


@pytest.mark.any_database  # its own SQLite database
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


def _report_of(play_extra: dict[str, Any], **result_extra: Any) -> tuple[list[str], dict[str, Any]]:
    """The benchmark's report of a made-up run of 40 children for 10 s (the app's processes
    used 0.4 s of CPU, so 1,000 children per core), with `play_extra` in its figures."""
    bench = importlib.import_module("tools.loadbench.__main__")  # no Locust: nothing patched
    play = {
        "seconds": 10.0,
        "server_cpu_seconds": 0.4,
        "driver_cpu_seconds": 0.1,
        "requests": {"move": {"statuses": {"200": 100}, "count": 100, "per_second": 10.0,
                              "p50": 5.0, "p95": 9.0, "p99": 12.0, "max": 15.0}},
        "counted": {"moves": 100},
        "errors": 0,
        "stale": 0,
        "error_samples": [],
    } | play_extra  # fmt: skip
    settings = {"db": "postgresql", "seconds": 10, "tables": 10, "seats": 4, "workers": 2,
                "threads": 1, "poll_ms": 700, "think_ms": 3000, "rounds": 3,
                "level": "standard"}  # fmt: skip
    result: dict[str, Any] = {
        "users": 40, "play": play, "settings": settings, "machine": "test", "load_after": "0",
    } | result_extra  # fmt: skip
    return bench.report(result), result["figures"]


def test_the_report_gives_postgresql_s_own_cpu_beside_the_app_s() -> None:
    """Children per core counts the app's processes; on a local PostgreSQL the report also
    gives the database's CPU, and children per core counting both."""
    lines, figures = _report_of({"database_cpu_seconds": 0.1})
    assert figures["children_per_core"] == pytest.approx(1000)
    assert figures["database_cpu_ms_per_child_second"] == pytest.approx(0.25)
    assert figures["database_cpu_ms_per_move"] == pytest.approx(1.0)
    assert figures["children_per_core_with_database"] == pytest.approx(800)
    text = "\n".join(lines)
    assert "and PostgreSQL   0.25 ms per child-second (0.01 cores, 1.0 ms per move" in text
    assert "counting both         800 children per core" in text
    # Without a database of its own to measure (SQLite, a remote server) nothing is made up.
    lines, figures = _report_of({})
    assert "children_per_core_with_database" not in figures
    assert "counting both" not in "\n".join(lines)


def test_the_report_gives_the_machine_s_speed_and_the_figure_at_the_reference_speed() -> None:
    """Children per core moves with the machine: the report gives the engine's speed before and
    after the run, and the figure scaled to the reference machine's speed."""
    bench = importlib.import_module("tools.loadbench.__main__")
    half = bench.REFERENCE_SPEED / 2
    lines, figures = _report_of({}, speed=[half - 10, half + 10])  # a machine half as fast
    assert figures["children_per_core"] == pytest.approx(1000)
    assert figures["engine_games_per_second"] == pytest.approx(half)
    assert figures["children_per_core_at_reference_speed"] == pytest.approx(2000)
    text = "\n".join(lines)
    assert f"machine speed: {half - 10:.0f} games/s before the run, {half + 10:.0f} after" in text
    assert "about 2,000 children per core (scaled by that speed" in text
    lines, figures = _report_of({})  # a run that did not measure it says nothing of it
    assert "children_per_core_at_reference_speed" not in figures
    assert "machine speed" not in "\n".join(lines)


def test_the_engine_speed_is_a_few_games_a_second_or_more() -> None:
    """The machine's speed is measured by playing whole games (about 1.5 s)."""
    bench = importlib.import_module("tools.loadbench.__main__")
    assert bench.engine_speed() > 10


def test_the_report_counts_the_connections_postgresql_started() -> None:
    """Each connection PostgreSQL starts is a server process: the report says how many the
    window saw (a pool too small for its workers' bursts started 17 a second)."""
    lines, figures = _report_of({"database_cpu_seconds": 0.1, "database_connections_started": 25})
    assert figures["database_connections_started"] == 25
    assert (
        "connections            25 started by PostgreSQL in the window (2.5 a second"
        in "\n".join(lines)
    )
    lines, figures = _report_of({"database_cpu_seconds": 0.1})  # a server that cannot say
    assert "database_connections_started" not in figures
    assert "started by PostgreSQL" not in "\n".join(lines)


def test_the_connections_postgresql_started_are_read_from_its_statistics(
    database_url: str,
) -> None:
    """On the PostgreSQL pass (the benchmark's server): a connection to the test's database is
    one more started, and reading the figure starts none there."""
    from sqlalchemy.engine import make_url

    from tools.loadbench.pgstats import PG_HOST, connections_started

    parsed = make_url(database_url)
    if not database_url.startswith("postgresql") or parsed.host != PG_HOST:
        pytest.skip("runs on the PostgreSQL pass, with the benchmark's server")
    import psycopg

    assert connections_started("no_such_database") is None
    name = str(parsed.database)
    before = connections_started(name)
    assert before is not None
    assert connections_started(name) == before  # reading it starts none there
    with psycopg.connect(
        host=parsed.host, port=parsed.port or 5432, user=parsed.username, dbname=name
    ) as connection:
        connection.execute("SELECT 1")
    # The server counts a session as it starts; its statistics reach the view within a second.
    for _ in range(50):
        after = connections_started(name)
        if after is not None and after > before:
            break
        time.sleep(0.1)
    assert after == before + 1


def test_the_local_postgresql_s_cpu_is_read_from_its_processes() -> None:
    """On the PostgreSQL pass (a server on this machine), its processes' CPU grows with the
    work asked of it."""
    from tools.loadbench.cpu import postgres_cpu_seconds

    url = os.environ.get("CLASSROOM_TEST_DATABASE_URL", "")
    before = postgres_cpu_seconds()
    if not url.startswith("postgresql") or before is None:
        pytest.skip("runs on the PostgreSQL pass, with the server on this machine")
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    with psycopg.connect(
        host=parsed.host, port=parsed.port or 5432, user=parsed.username, dbname="postgres"
    ) as connection:
        connection.execute("SELECT count(*) FROM generate_series(1, 3000000)").fetchone()
        # Read while the backend is still there: one that has just ended but is not yet
        # reaped by the postmaster is counted neither as a process nor as a reaped child (the
        # CI run of 27 Nov, night, saw 0.02 s of the count's 0.3).
        after = postgres_cpu_seconds()
    assert after is not None and after - before > 0.05


def test_a_window_with_no_round_ended_says_what_it_leaves_out() -> None:
    """A window shorter than a round measures the middle of rounds only (no counting, no
    results, no pages between rounds): the report says so, and not when a round ended."""
    note = "NOTE: no round ended in the window"
    lines, _ = _report_of({})
    assert any(note in line for line in lines)
    lines, _ = _report_of({"counted": {"moves": 100, "rounds counted": 2}})
    assert not any(note in line for line in lines)


class _Times(NamedTuple):
    user: float
    system: float
    children_user: float
    children_system: float


class _Postgres:
    """A fake postgres process for psutil.process_iter: its CPU and its reaped children's."""

    def __init__(self, own: float, parent: _Postgres | None = None) -> None:
        self.info = {"name": "postgres"}
        self.own, self.reaped, self._parent = own, 0.0, parent

    def cpu_times(self) -> _Times:
        return _Times(self.own, 0.0, self.reaped, 0.0)

    def parent(self) -> _Postgres | None:
        return self._parent

    def name(self) -> str:
        return "postgres"


def test_a_backend_reaped_while_the_processes_are_read_is_counted_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The postmaster reaps a backend of 2.0 s after the backend was read and before the
    postmaster is: that reading counts it twice (5.0), so it is taken again."""
    from tools.loadbench import cpu

    postmaster = _Postgres(1.0)
    backend = _Postgres(2.0, postmaster)
    sweeps: list[int] = []

    def process_iter(_attrs: list[str]) -> Any:
        sweeps.append(1)
        if postmaster.reaped == 0.0:  # the backend is there until reaped
            yield backend
            if len(sweeps) == 2:  # reaped in the middle of the second reading
                postmaster.reaped = backend.own
        yield postmaster

    monkeypatch.setattr(cpu.psutil, "process_iter", process_iter)
    assert cpu.postgres_cpu_seconds() == 3.0  # read again: the postmaster's 1 and the 2
    assert len(sweeps) == 3
