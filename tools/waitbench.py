"""How long a child waits between their own turns at the default pace (docs/play.md,
"Computer players and pacing"): a child on a 768x1024 tablet (Chromium) plays against three
computer players with the app's default COMPUTER_PACE and TABLE_POLL_MS; each of the child's
turns is draw, throw away, "Done"; the wait is from the tap on "Done" until the page shows
the child's next turn, divided by the computer players.

    .venv/bin/python -m tools.waitbench [--turns 6] [--computers 3] [--level ultra_peek]

Prints each wait and the median per computer player. Uses a throwaway SQLite database.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from classroom import config as defaults
from classroom import create_app
from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.models import Child, Classroom, ClassTeacher, Teacher
from classroom.roster import enrol
from classroom.tables.seating import open_table, seat_child, start_table
from tests.conftest import base_config
from tests.web.browser.conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer
from tests.web.conftest import MadeChild, child_session

PERSONALITIES = ("beginner", "solid", "strong")


def main() -> None:
    """Measure and print the waits."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--computers", type=int, default=3, choices=(1, 2, 3))
    parser.add_argument("--level", default="ultra_peek")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        config = base_config(f"sqlite:///{Path(tmp) / 'wait.sqlite'}", Path(tmp) / "instance")
        config["COMPUTER_PACE"] = defaults.COMPUTER_PACE  # the default pace, not the tests' 0
        config["TABLE_CLOCK_THREAD"] = True  # computer players moved by the clock, as served
        app = create_app(config)
        with app.app_context():
            db.create_all()
            teacher = Teacher(email="pace@school.example", name="Ms Pace")
            teacher.set_password("a long and unusual password")
            room = Classroom(name="Room 1", grade="K", secret_length=0, join_code="PACE22")
            room.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
            db.session.add(room)
            db.session.flush()
            child = enrol(room, "Mia", teacher)
            assert child is not None
            child.level = args.level
            db.session.commit()
            # Nobody may call before ten turns each: the round lasts the whole measurement.
            options = Assignment.of(child).engine_options() | {"min_turns_before_call": 10}
            table = open_table(room.id, args.level, options, "cubes")
            seat_child(table.id, db.session.get(Child, child.id))
            start_table(table.id, list(PERSONALITIES[: args.computers]))
            table_id, child_id = table.id, child.id
        waits = measure(app, table_id, child_id, args.turns)
    per_computer = [w / args.computers for w in waits]
    print(f"COMPUTER_PACE {defaults.COMPUTER_PACE} s, TABLE_POLL_MS {defaults.TABLE_POLL_MS}")
    print("waits between the child's turns (s):", " ".join(f"{w:.2f}" for w in waits))
    print(f"median per computer player: {statistics.median(per_computer):.2f} s")


def measure(app: object, table_id: int, child_id: int, turns: int) -> list[float]:
    """Play `turns` turns of the child; return the waits."""
    waits: list[float] = []
    with LiveServer(app) as server, sync_playwright() as playwright:  # type: ignore[arg-type]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 768, "height": 1024})
        serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
        name = app.config["SESSION_COOKIE_NAME"]  # type: ignore[attr-defined]
        cookie = serializer.dumps(child_session(app, MadeChild(child_id, 0, "Mia", [])))  # type: ignore[arg-type]
        context.add_cookies([{"name": name, "value": cookie, "url": server.url}])
        page = context.new_page()
        page.goto(f"{server.url}/play/tables/{table_id}")
        board = page.locator("[data-board]")
        for _ in range(turns):
            expect(board).to_have_attribute("data-my-turn", "yes", timeout=60_000)
            for button in ("Draw a card", "Put it on the DISCARD pile", "Done"):
                control = page.get_by_role("button", name=button).first
                if not control.count():
                    break  # a power card: the turn ends another way; skip this sample
                version = board.get_attribute("data-version")
                control.click()
                expect(board).not_to_have_attribute("data-version", version, timeout=30_000)
            else:
                start = time.monotonic()
                expect(board).to_have_attribute("data-my-turn", "yes", timeout=60_000)
                waits.append(time.monotonic() - start)
                continue
            page.reload()
        browser.close()
    return waits


if __name__ == "__main__":
    main()
