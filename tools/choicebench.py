"""Choices a child makes per game and per minute in a browser, before and after the table's
pacing for a child (classroom/tables/calling.py): a child on a 768x1024 tablet (Chromium) plays
Ultra-Peek games of one round against Top Cat at the app's default COMPUTER_PACE and
TABLE_POLL_MS; each turn is draw, throw away, "Done" (three choices; the child never calls),
until Top Cat calls and the counting page comes. "Before" is the child's number set to 0
turns, "after" the level's (4).

    .venv/bin/python -m tools.choicebench [--games 4]

Prints each game's choices and seconds (from the board's first showing to the counting page),
and the means. Uses a throwaway SQLite database.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

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


def new_table(app: Any, child_id: int, turns: int | None) -> int:
    """A started Ultra-Peek table of the child and Top Cat, the child's number set."""
    with app.app_context():
        child = db.session.get(Child, child_id)
        child.turns_before_call = turns
        db.session.commit()
        options = Assignment.of(child).engine_options()
        table = open_table(child.class_id, "ultra_peek", options, "cubes")
        seat_child(table.id, child)
        start_table(table.id, ["strong"])
        return int(table.id)


def play(page: Any, url: str) -> tuple[int, float]:
    """One game by the tablet: the child's choices, and its seconds."""
    page.goto(url)
    board = page.locator("[data-board]")
    expect(board).to_be_visible()
    start = time.monotonic()
    choices = 0
    counting = page.locator("[data-counting]")
    while True:
        expect(counting.or_(board.and_(page.locator("[data-my-turn='yes']")))).to_be_visible(
            timeout=60_000
        )
        if counting.count():
            return choices, time.monotonic() - start
        for name in ("Draw a card", "Put it on the DISCARD pile", "Done"):
            control = page.get_by_role("button", name=name).first
            version = board.get_attribute("data-version")
            control.click()
            choices += 1
            expect(
                counting.or_(board.and_(page.locator(f":not([data-version='{version}'])")))
            ).to_be_visible(timeout=30_000)
            if counting.count():
                return choices, time.monotonic() - start


def main() -> None:
    """Measure and print the choices per game and per minute, before and after."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        config = base_config(f"sqlite:///{Path(tmp) / 'turns.sqlite'}", Path(tmp) / "instance")
        config["COMPUTER_PACE"] = defaults.COMPUTER_PACE  # the default pace, not the tests' 0
        config["TABLE_CLOCK_THREAD"] = True  # computer players moved by the clock, as served
        app = create_app(config)
        with app.app_context():
            db.create_all()
            teacher = Teacher(email="turns@school.example", name="Ms Turns")
            teacher.set_password("a long and unusual password")
            room = Classroom(name="Room 1", grade="K", secret_length=0, join_code="TURN22")
            room.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
            db.session.add(room)
            db.session.flush()
            child = enrol(room, "Mia", teacher)
            assert child is not None
            child.level = "ultra_peek"
            db.session.commit()
            child_id = child.id
        with LiveServer(app) as server, sync_playwright() as playwright:  # type: ignore[arg-type]
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 768, "height": 1024})
            serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
            cookie = serializer.dumps(child_session(app, MadeChild(child_id, 0, "Mia", [])))  # type: ignore[arg-type]
            name = app.config["SESSION_COOKIE_NAME"]
            context.add_cookies([{"name": name, "value": cookie, "url": server.url}])
            page = context.new_page()
            for label, turns in (("before", 0), ("after", None)):
                games = [
                    play(page, f"{server.url}/play/tables/{new_table(app, child_id, turns)}")
                    for _ in range(args.games)
                ]
                choices = [c for c, _ in games]
                seconds = [s for _, s in games]
                print(label, " ".join(f"{c} choices/{s:.0f} s" for c, s in games))
                print(
                    f"{label}: {statistics.mean(choices):.1f} choices a game, "
                    f"{60 * sum(choices) / sum(seconds):.1f} choices a minute"
                )
            browser.close()


if __name__ == "__main__":
    main()
