"""The cost of each request of a table, in-process (Flask's test client, no gunicorn, no
network): where the load benchmark's server time goes.

    python -m tools.loadbench.inprocess [--db sqlite|postgresql] [--moves 400] [--profile]

Seeds one table of four children at Standard (as the load benchmark does, many rounds so the
game does not end), signs each child in, then plays: the child on turn posts one of the moves
the engine allows (as table.js does: `Accept: application/json`, the form's fields and CSRF
token), the next seat polls with the version before the move (a changed poll) and again with
the new one (nothing changed), another seat's event stream sends the move ("pushed event":
the stream reads the table itself) and a fourth seat's stream sends it from the table as a
first stream of the process read it ("shared event", classroom/live/snapshots.py), the
mover's table page is timed as it is read for its CSRF token, and the landing page is asked
for once. Prints the median CPU time of each (also in
landing pages: the machine's speed varies), its wall-clock time and its queries. With
--profile KIND, a cProfile of that kind of request (of its CPU time with --cpu); with
INPROCESS_CALLERS=PATTERN in the environment, also who called the functions matching PATTERN
(pstats' print_callers), and with INPROCESS_CALLEES=PATTERN what they called (print_callees).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from tools.loadbench.__main__ import database

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def main(argv: list[str] | None = None) -> int:
    """Seed, play, print the figures."""
    parser = argparse.ArgumentParser(prog="python -m tools.loadbench.inprocess")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument(
        "--profile",
        choices=(
            "move post",
            "changed poll",
            "unchanged poll",
            "pushed event",
            "shared event",
            "table page",
            "landing page",
        ),
        help="cProfile this kind of request",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="profile CPU time, not the wall clock (the waits for the database left out)",
    )
    parser.add_argument("--sort", default="cumulative", help="profile order (default cumulative)")
    parser.add_argument("--lines", type=int, default=45, help="profile lines (default 45)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="inprocess-"))
    with database(args.db, folder) as url:
        os.environ["DATABASE_URL"] = url
        os.environ["CLASSROOM_INSTANCE_PATH"] = str(folder / "instance")
        os.environ.pop("CLASSROOM_DATABASE_URL", None)
        return play(args)


def play(args: argparse.Namespace) -> int:
    """Everything after the database exists."""
    from flask_migrate import upgrade
    from sqlalchemy import event

    from classroom import create_app
    from classroom.access import CHILD_SESSION_KEY, CHILD_VERSION_KEY
    from classroom.extensions import db
    from classroom.game import ActionKind
    from classroom.models import PlayTable, TableStatus
    from classroom.play import push
    from classroom.play.views import seated, urls_for
    from classroom.tables.counting import record_count, scoring_of
    from classroom.tables.loading import game_of, load_table
    from tools.loadbench.seed import seed

    app = create_app()
    with app.app_context():
        upgrade()
    plan = seed(1, 4, rounds=20)
    table_id = plan["tables"][0]["id"]
    queries = [0]

    def count_query(*_: Any) -> None:
        queries[0] += 1

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count_query)

    anonymous = app.test_client()  # the landing page as the load benchmark asks for it

    def signed_in(child: dict[str, Any]) -> Any:
        """A client with the child's session."""
        client = app.test_client()
        with client.session_transaction() as session:
            session[CHILD_SESSION_KEY] = child["id"]
            session[CHILD_VERSION_KEY] = 0  # a seeded child has never signed out
        return client

    clients = [signed_in(child) for child in plan["children"][:4]]
    times: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    counts: dict[str, list[int]] = {}
    rng = random.Random(1)
    timer = time.process_time if args.cpu else time.perf_counter
    profiler = cProfile.Profile(timer) if args.profile else None
    json_header = {"Accept": "application/json"}

    def timed(name: str, call: Callable[..., Any], *call_args: Any, **kwargs: Any) -> Any:
        before = queries[0]
        profile = profiler is not None and name == args.profile
        start, cpu = time.perf_counter(), time.process_time()
        if profile:
            profiler.enable()
        response = call(*call_args, **kwargs)
        if profile:
            profiler.disable()
        times.setdefault(name, []).append((time.perf_counter() - start) * 1000)
        cpus.setdefault(name, []).append((time.process_time() - cpu) * 1000)
        counts.setdefault(name, []).append(queries[0] - before)
        assert response.status_code == 200, (name, response.status_code)
        return response

    class Waits(Exception):
        """The stream has sent its event and would now wait for the next move."""

    def no_wait(*_: Any) -> bool:
        raise Waits

    push.wait_for_move = no_wait  # type: ignore[assignment]
    with app.app_context():
        table_row = db.session.get(PlayTable, table_id)
        assert table_row is not None
        class_id = table_row.class_id

    def pushed(seat: int, since: int) -> None:
        """What a seat's event stream does when the table moves on (TABLE_PUSH): its check,
        its read of the table, the event, and its check before it waits again (timed; the
        stream's request and opening line are not)."""
        child_id = plan["children"][seat]["id"]
        with app.test_request_context(f"/play/tables/{table_id}/events"):
            read_seat = partial(seated, table_id, child_id, class_id)
            stream = push.stream(table_id, child_id, since, 60, read_seat, urls_for(table_id))
            next(stream)  # the stream's opening line: at its start, not at a move

            def on_the_move() -> Any:
                data = next(stream)
                assert data.startswith("id: ") and "data: " in data, data
                with contextlib.suppress(Waits):
                    next(stream)

                class Sent:
                    status_code = 200

                return Sent()

            timed("pushed event", on_the_move)
            db.session.remove()

    def shared(seats: tuple[int, int], since: int) -> None:
        """What the streams of one process do when a move wakes them: the first reads the table
        for all (classroom.live.snapshots; not timed), the second builds its event from
        that read (timed: "shared event")."""
        first, second = (plan["children"][seat]["id"] for seat in seats)
        with app.test_request_context(f"/play/tables/{table_id}/events"):
            urls = urls_for(table_id)
            woken = time.monotonic()  # as the watcher's read that saw the move began
            if push.from_snapshot(table_id, first, since, urls, woken) is None:
                return  # something to do at the table (a round ends): streams read it

            def second_stream() -> Any:
                sent = push.from_snapshot(table_id, second, since, urls, woken)
                assert sent is not None and sent[1]["changed"], sent

                class Sent:
                    status_code = 200

                return Sent()

            timed("shared event", second_stream)
            db.session.remove()

    moves = 0
    while moves < args.moves:
        with app.app_context():
            table = load_table(table_id)
            assert table is not None
            if table.status == TableStatus.COUNTING:
                game = game_of(table)
                for seat in range(4):
                    line = [int(c) for c in game.lines[seat]]
                    scoring = scoring_of(table.seats[seat], table)
                    if scoring == "total":
                        record_count(table_id, seat, total=sum(line))
                    else:
                        record_count(table_id, seat, cubes=line)
                        if scoring == "cubes_and_total":
                            record_count(table_id, seat, total=sum(line))
                continue
            game = game_of(table)
            seat = game.current_seat
            version = table.version
            legal = [a for a in game.legal_actions(seat) if a.kind is not ActionKind.CALL]
            action = rng.choice(legal or game.legal_actions(seat))
            db.session.remove()
        client = clients[seat]
        # The CSRF token is in the forms of the seat's own page, when it is on turn.
        page = timed("table page", client.get, f"/play/tables/{table_id}")
        match = CSRF.search(page.get_data(as_text=True))
        assert match, "no form on the page of the seat on turn"
        token = match.group(1)
        form = {"csrf_token": token, "version": str(version)} | {
            k: str(v) for k, v in action.to_dict().items()
        }
        move = f"/play/tables/{table_id}/move"
        timed("move post", client.post, move, data=form, headers=json_header)
        moves += 1
        other = clients[(seat + 1) % 4]
        state = f"/play/tables/{table_id}/state"
        fresh = timed(
            "changed poll", other.get, f"{state}?version={version}", headers=json_header
        ).get_json()
        assert fresh["changed"], fresh
        unchanged = f"{state}?version={fresh['version']}"
        timed("unchanged poll", other.get, unchanged, headers=json_header)
        pushed((seat + 2) % 4, version)
        shared(((seat + 2) % 4, (seat + 3) % 4), version)
        timed("landing page", anonymous.get, "/")
    print(f"{args.db}, {moves} moves, in-process: medians in ms, and queries per request")
    landing = statistics.median(cpus["landing page"])
    for name, values in times.items():
        cpu = statistics.median(cpus[name])
        print(
            f"  {name:15} CPU {cpu:6.2f} ({cpu / landing:4.1f} landing pages)  "
            f"wall clock {statistics.median(values):6.2f}  "
            f"queries {statistics.median(counts[name]):.0f}"
        )
    if profiler is not None:
        stats = pstats.Stats(profiler, stream=sys.stdout).sort_stats(args.sort)
        stats.print_stats(args.lines)
        if os.environ.get("INPROCESS_CALLERS"):
            stats.print_callers(os.environ["INPROCESS_CALLERS"])
        if os.environ.get("INPROCESS_CALLEES"):
            stats.print_callees(os.environ["INPROCESS_CALLEES"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
