"""The table clock (classroom/live/clock.py): computer players and stand-ins move when their time
has come, played by a thread of each app process; a page, a poll or a stream only reads and
makes the clock follow its table. The rest of the suite runs without the thread (its requests
play what is due, TABLE_CLOCK_THREAD off); these tests run it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from classroom.extensions import db
from classroom.game import actions
from classroom.live import clock
from classroom.live.quiet import nothing_new
from classroom.models import ComputerChoiceRow, TableEvent
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_teacher
from tests.web.helpers.tables import (
    child_client,
    count_rows,
    game,
    leave,
    play_turn,
    seat_state,
    set_level,
    snapshot,
    start_table,
)


class Followed:
    """A clock that only notes which tables are followed (no thread, plays nothing)."""

    def __init__(self) -> None:
        self.tables: list[int] = []

    def follow(self, table_id: int, seconds: float) -> None:
        self.tables.append(table_id)


def until(check: Callable[[], bool], seconds: float, what: str) -> None:
    """Wait (polling the database, never a page) until `check` holds."""
    ends = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < ends, f"not within {seconds} s: {what}"
        time.sleep(0.02)


@pytest.fixture
def clocked(make_app: Callable[..., Flask]) -> Iterator[Callable[..., Flask]]:
    """Apps with the clock's thread on (as in production); their clocks are stopped before
    the test's database is emptied."""
    apps: list[Flask] = []

    def make(**config: Any) -> Flask:
        app = make_app(TABLE_CLOCK_THREAD=True, **config)
        apps.append(app)
        return app

    yield make
    for app in apps:
        running = app.extensions.get(clock.CLOCK)
        if running is not None:
            running.stop()


def test_a_read_plays_nothing_and_makes_the_clock_follow_the_table(
    clocked: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    teacher: MadeTeacher,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the clock on, the table page, the poll and the teacher's watching page and poll
    change nothing, though a computer player's move is due: they only follow the table, and
    the poll of a page up to date is answered as a quiet one."""
    app = clocked()
    followed = Followed()
    monkeypatch.setattr(clock, "clock_of", lambda _app: followed)
    mia = make_child(classroom, "Mia K.")
    set_level(app, mia, "ultra_peek")
    table_id = start_table(app, [mia], ["beginner"])
    tablet = child_client(app, mia)
    play_turn(app, tablet, table_id)
    version = snapshot(app, table_id)[0]
    assert game(app, table_id).current_seat == 1  # Kitten's turn, due at once (pace 0)
    reads = [
        f"/play/tables/{table_id}",
        f"/play/tables/{table_id}/state?version={version}",
        f"/play/tables/{table_id}/state?version={version - 1}",
    ]
    for url in reads:
        assert tablet.get(url).status_code == 200
    lee = app.test_client()
    sign_in_teacher(lee, teacher)
    for url in (f"/tables/{table_id}/watch", f"/tables/{table_id}/watch/state?version=0"):
        assert lee.get(url).status_code == 200
    assert snapshot(app, table_id)[0] == version
    assert game(app, table_id).current_seat == 1
    assert followed.tables == [table_id] * 5
    # The poll of a page up to date stays the quiet one: the due move is the clock's to make.
    with app.app_context():
        assert nothing_new(table_id, mia.id, version) == (version, "playing")


def test_the_clock_plays_the_computer_players_when_their_time_has_come(
    clocked: Callable[..., Flask], classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """Mia's page was open once; after her turn, Kitten and Tabby play theirs with no request
    at all, each action COMPUTER_PACE after the last change, never sooner."""
    pace = 0.3
    app = clocked(COMPUTER_PACE=pace)
    mia = make_child(classroom, "Mia K.")
    set_level(app, mia, "ultra_peek")
    table_id = start_table(app, [mia], ["beginner", "solid"])
    tablet = child_client(app, mia)
    assert tablet.get(f"/play/tables/{table_id}").status_code == 200  # followed from now on
    play_turn(app, tablet, table_id)
    began, version = time.monotonic(), snapshot(app, table_id)[0]
    until(lambda: game(app, table_id).current_seat == 0, 30, "both computer players played")
    took = time.monotonic() - began
    played = snapshot(app, table_id)[0] - version
    # Each player's turn takes at least two actions: a draw, then a card placed or thrown away
    # (with "Done" said in the same action), each after its pause.
    assert played >= 4
    assert took >= pace * played / 2
    assert count_rows(app, ComputerChoiceRow, table_id=table_id) >= 2


def test_clocks_of_two_processes_make_each_move_once(
    clocked: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two app processes (hosts) follow one table, each with its clock: they race for every
    computer player's action, and the version guard lets one make it; the game goes on as one
    game, each action once."""
    first, second = clocked(COMPUTER_PACE=0.1), clocked(COMPUTER_PACE=0.1)
    mia = make_child(classroom, "Mia K.")
    set_level(first, mia, "ultra_peek")
    table_id = start_table(first, [mia], ["beginner", "solid", "strong"])
    tablets = [child_client(app, mia) for app in (first, second)]
    for tablet in tablets:
        assert tablet.get(f"/play/tables/{table_id}").status_code == 200
    for turn in range(3):
        play_turn(first, tablets[turn % 2], table_id)
        version = snapshot(first, table_id)[0]
        until(lambda: game(first, table_id).current_seat == 0, 30, "the computer players")
        stored = story_after(first, table_id, version)
        # Every version once, in order, and each computer player's turn ended once.
        versions = sorted({v for v, _ in stored})
        assert versions == list(range(version + 1, snapshot(first, table_id)[0] + 1))
        ended = [e["seat"] for _, e in stored if e.get("kind") == "turn_ended"]
        assert ended == [1, 2, 3], stored
    g = game(first, table_id)
    assert g.current_seat == 0 and actions.DRAW in g.legal_actions()


def story_after(app: Flask, table_id: int, version: int) -> list[tuple[int, dict[str, Any]]]:
    """The table's stored story after `version`: (version, event) in the order written."""
    with app.app_context():
        rows = db.session.execute(
            select(TableEvent.version, TableEvent.event)
            .where(TableEvent.table_id == table_id, TableEvent.version > version)
            .order_by(TableEvent.id)
        ).all()
        return [(int(v), dict(e)) for v, e in rows]


def test_the_clock_seats_a_stand_in_for_a_child_who_left(
    clocked: Callable[..., Flask], classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """Leo's tablet has gone quiet on his turn; Mia's page is open. The clock gives Leo's seat
    to a stand-in after AWAY_AFTER, and the stand-in plays his turn."""
    app = clocked(AWAY_AFTER=30)
    mia, leo = make_child(classroom, "Mia K."), make_child(classroom, "Leo M.")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek")
    table_id = start_table(app, [mia, leo])
    tablet = child_client(app, mia)
    play_turn(app, tablet, table_id)
    assert game(app, table_id).current_seat == 1
    leave(app, table_id, 1)
    assert tablet.get(f"/play/tables/{table_id}").status_code == 200
    until(lambda: seat_state(app, table_id, 1)["stand_in"] is not None, 30, "a stand-in")
    until(lambda: game(app, table_id).current_seat == 0, 30, "the stand-in played Leo's turn")
