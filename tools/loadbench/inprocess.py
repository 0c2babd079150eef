"""The cost of each request of a table, in-process (Flask's test client, no gunicorn, no
network): where the load benchmark's server time goes.

    python -m tools.loadbench.inprocess [--db sqlite|postgresql] [--moves 400] [--profile]

Seeds one table of four children at Standard (as the load benchmark does, many rounds so the
game does not end), signs each child in, then plays: the child on turn posts one of the moves
the engine allows (as table.js does: `Accept: application/json`, the form's fields and CSRF
token), the next seat polls with the version before the move (a changed poll) and again with
the new one (nothing changed), the mover's table page is timed as it is read for its CSRF
token, the landing page is asked for once, and a bare move (tools/loadbench/bare.py: a move's
transaction with no game in it) is posted. On a second table of its own, the floor of this
design (tools/loadbench/floor.py: a real move and a real poll written for speed alone, the
board sent as data) plays the same kind of moves. Prints the median CPU time of each (also in
landing pages: the machine's speed varies), its wall-clock time and its queries. With
--profile KIND, a cProfile of that kind of request; with INPROCESS_CALLERS=PATTERN in the
environment, also who called the functions matching PATTERN (pstats' print_callers).
"""

from __future__ import annotations

import argparse
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
            "table page",
            "landing page",
            "bare move",
            "floor move",
            "floor poll",
        ),
        help="cProfile this kind of request",
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
    from classroom.extensions import db
    from classroom.game import ActionKind
    from classroom.tables import service
    from tools.loadbench import bare, floor
    from tools.loadbench.seed import seed

    app = create_app()
    app.register_blueprint(bare.bp)
    app.register_blueprint(floor.bp)
    with app.app_context():
        upgrade()
    plan = seed(2, 4, rounds=20)
    table_id = plan["tables"][0]["id"]
    floor_table = plan["tables"][1]["id"]
    queries = [0]

    def count_query(*_: Any) -> None:
        queries[0] += 1

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count_query)

    anonymous = app.test_client()  # the landing page as the load benchmark asks for it

    def signed_in(child: dict[str, Any]) -> tuple[Any, str]:
        """A client with the child's session, and its CSRF token."""
        client = app.test_client()
        with client.session_transaction() as session:
            session["child_id"] = child["id"]
        return client, client.get("/bare/token").get_data(as_text=True)

    seated = [signed_in(child) for child in plan["children"][:4]]
    clients = [client for client, _ in seated]
    bare_tokens = [token for _, token in seated]
    floor_clients = [signed_in(child) for child in plan["children"][4:]]
    floor_playing = True
    times: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    counts: dict[str, list[int]] = {}
    rng = random.Random(1)
    profiler = cProfile.Profile() if args.profile else None
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

    def floor_turn(floor_table: int) -> bool:
        """One ordinary move at the floor's table and a poll of the next seat; False once
        every move left would end the round (the floor measures ordinary moves only)."""
        with app.app_context():
            table = service.load_table(floor_table)
            assert table is not None
            game = service.game_of(table)
            seat, version = game.current_seat, table.version
            choices = [a for a in game.legal_actions(seat) if a.kind is not ActionKind.CALL]
            rng.shuffle(choices)
            ordinary = [a for a in choices if not ends_round(table, seat, a)]
            db.session.remove()
        if not ordinary:
            return False
        client, token = floor_clients[seat]
        form = {"csrf_token": token, "version": str(version)} | {
            k: str(v) for k, v in ordinary[0].to_dict().items()
        }
        timed("floor move", client.post, f"/floor/tables/{floor_table}/move", data=form)
        poller = floor_clients[(seat + 1) % 4][0]
        timed("floor poll", poller.get, f"/floor/tables/{floor_table}/state")
        return True

    def ends_round(table: Any, seat: int, action: Any) -> bool:
        game = service.game_of(table)
        game.apply(action, seat=seat)
        return bool(game.round_over)

    moves = 0
    while moves < args.moves:
        with app.app_context():
            table = service.load_table(table_id)
            assert table is not None
            if table.status == "counting":
                game = service.game_of(table)
                for seat in range(4):
                    line = [int(c) for c in game.lines[seat]]
                    scoring = service._scoring_of(table.seats[seat], table)
                    if scoring == "total":
                        service.record_count(table_id, seat, total=sum(line))
                    else:
                        service.record_count(table_id, seat, cubes=line)
                        if scoring == "cubes_and_total":
                            service.record_count(table_id, seat, total=sum(line))
                continue
            game = service.game_of(table)
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
        timed("landing page", anonymous.get, "/")
        bare_form = {"csrf_token": bare_tokens[seat]}
        bare_move = f"/bare/tables/{table_id}/move"
        timed("bare move", client.post, bare_move, data=bare_form, headers=json_header)
        if floor_playing:
            floor_playing = floor_turn(floor_table)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
