"""How late a computer player's action comes after it is due (docs/play.md, "Computer players
and pacing"): each action is due COMPUTER_PACE after the table's last change; its delay is
from then until it is played. Measured in one run for both ways of playing it:

- "reads": a read of the table plays what is due (how the app worked before the table clock:
  the page's poll every TABLE_POLL_MS, or its event stream, which reads when a pause ends),
  kept as a test app's way (TABLE_CLOCK_THREAD off under TESTING);
- "clock": the table clock's thread plays it (classroom/live/clock.py), the pages only read.

Each way is measured with polling pages (TABLE_PUSH 0) and with pushed updates (the default).
Each table has one child, who plays a plain turn (draw, throw away, "Done") as soon as it is
their turn, and three computer players at the default pace; a thread per table is the child's
page (it polls, or listens to its stream). The app runs in this process on a throwaway SQLite
database, with Flask's test client.

    .venv/bin/python -m tools.clockbench [--seconds 20] [--tables 2]

Prints, for each way and kind of page, the delays' p50, p95 and max over the actions played.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from classroom import config as defaults
from classroom import create_app
from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.game import Game, actions
from classroom.live import clock
from classroom.models import Child, Classroom, ClassTeacher, PlayTable, Teacher
from classroom.roster import enrol
from classroom.tables.clock import aware, now
from classroom.tables.loading import load_table
from classroom.tables.seating import open_table, seat_child, start_table
from tests.conftest import base_config
from tests.web.conftest import MadeChild, sign_in_child

PERSONALITIES = ("beginner", "solid", "strong")
PUSH_SECONDS = 5  # each stream's length here: the page opens it again, as a browser does


def main() -> None:
    """Measure and print the delays."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="of play for each case")
    parser.add_argument("--tables", type=int, default=2)
    args = parser.parse_args()
    print(f"COMPUTER_PACE {defaults.COMPUTER_PACE} s, TABLE_POLL_MS {defaults.TABLE_POLL_MS}")
    print("delay of a computer player's action after it is due, in ms:")
    for push in (False, True):
        for threaded in (False, True):
            delays = run(threaded, push, args.seconds, args.tables)
            way = "clock" if threaded else "reads"
            pages = "streams" if push else "polls  "
            print(f"  {way}, {pages}: {summary(delays)}")


def summary(delays: list[float]) -> str:
    """p50, p95 and max of the delays (seconds), in milliseconds."""
    if len(delays) < 2:
        return f"{len(delays)} actions: too few"
    ms = sorted(1000 * d for d in delays)
    p95 = statistics.quantiles(ms, n=20)[-1]
    return (
        f"p50 {statistics.median(ms):4.0f}  p95 {p95:4.0f}  max {ms[-1]:4.0f}  ({len(ms)} actions)"
    )


def run(threaded: bool, push: bool, seconds: float, tables: int) -> list[float]:
    """Play `seconds` at `tables` tables in one way; the delays (seconds) of the actions."""
    delays: list[float] = []
    played = clock.advance_computers

    def timed(table_id: int, table: Any = None) -> bool:
        # The action's due time, as the table says before it is played.
        table = table if table is not None else load_table(table_id)
        due = aware(table.next_computer_at) if table is not None else None
        if not played(table_id, table):
            return False
        if due is not None:
            delays.append((now() - due).total_seconds())
        return True

    clock.advance_computers = timed  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            config = base_config(f"sqlite:///{Path(tmp) / 'clock.sqlite'}", Path(tmp) / "inst")
            config |= {
                "COMPUTER_PACE": defaults.COMPUTER_PACE,
                "TABLE_CLOCK_THREAD": threaded,
                "TABLE_PUSH": PUSH_SECONDS if push else 0,
            }
            app = create_app(config)
            seated = [seat_a_child(app, n) for n in range(tables)]
            stop = threading.Event()
            threads = [
                threading.Thread(target=job, args=(app, table_id, child, stop), daemon=True)
                for table_id, child in seated
                for job in (streaming if push else polling, child_plays)
            ]
            for thread in threads:
                thread.start()
            time.sleep(seconds)
            stop.set()
            for thread in threads:
                thread.join(PUSH_SECONDS + 5)
            running = app.extensions.get(clock.CLOCK)
            if running is not None:
                running.stop()
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
    finally:
        clock.advance_computers = played  # type: ignore[assignment]
    return delays


def seat_a_child(app: Flask, n: int) -> tuple[int, MadeChild]:
    """A class with one child at a started table with three computer players."""
    with app.app_context():
        if n == 0:
            db.create_all()
        teacher = Teacher(email=f"clock{n}@school.example", name="Ms Clock")
        teacher.set_password("a long and unusual password")
        room = Classroom(name=f"Room {n}", grade="K", secret_length=0, join_code=f"CLOCK{n}")
        room.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
        db.session.add(room)
        db.session.flush()
        child = enrol(room, "Mia", teacher)
        assert child is not None
        child.level = "ultra_peek"
        db.session.commit()
        # Nobody may call before ten turns each: the round lasts the whole measurement.
        options = Assignment.of(child).engine_options() | {"min_turns_before_call": 10}
        table = open_table(room.id, "ultra_peek", options, "cubes")
        seat_child(table.id, db.session.get(Child, child.id))
        start_table(table.id, list(PERSONALITIES))
        return table.id, MadeChild(child.id, room.id, "Mia", child.secret_pictures)


def tablet(app: Flask, child: MadeChild) -> FlaskClient:
    """A test client with the child signed in."""
    client = app.test_client()
    sign_in_child(client, child)
    return client


def polling(app: Flask, table_id: int, child: MadeChild, stop: threading.Event) -> None:
    """The child's page polling every TABLE_POLL_MS."""
    client, version = tablet(app, child), -1
    while not stop.wait(defaults.TABLE_POLL_MS / 1000):
        answer = client.get(f"/play/tables/{table_id}/state?version={version}").get_json()
        version = int(answer["version"])


def streaming(app: Flask, table_id: int, child: MadeChild, stop: threading.Event) -> None:
    """The child's page listening to its event stream, opened again when it ends."""
    client, version = tablet(app, child), -1
    while not stop.is_set():
        response = client.get(f"/play/tables/{table_id}/events?version={version}", buffered=False)
        for chunk in response.response:
            for line in chunk.decode().split("\n"):
                if line.startswith("id: "):
                    version = int(line.removeprefix("id: "))
            if stop.is_set():
                break
        response.close()


def child_plays(app: Flask, table_id: int, child: MadeChild, stop: threading.Event) -> None:
    """The child plays a plain turn as soon as it is theirs."""
    client = tablet(app, child)
    while not stop.wait(0.05):
        with app.app_context():
            table = db.session.get(PlayTable, table_id)
            assert table is not None and table.state is not None
            version, game = table.version, Game.from_dict(table.state)
            db.session.remove()
        legal = game.legal_actions()
        if game.current_seat != 0 or not legal:
            continue
        step = next(
            (
                a
                for a in (actions.END_TURN, actions.DRAW, actions.DISCARD, actions.DECLINE_SWAP)
                if a in legal
            ),
            legal[0],
        )
        data = {"version": str(version), **{k: str(v) for k, v in step.to_dict().items()}}
        client.post(f"/play/tables/{table_id}/move", data=data)


if __name__ == "__main__":
    main()
