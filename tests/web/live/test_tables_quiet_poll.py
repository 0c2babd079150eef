"""The quiet poll (nothing_new): a page that is up to date gets its answer from one
small query, unless reading the table would change something; then the poll reads it all."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, update

from classroom.extensions import db
from classroom.game import actions
from classroom.live.quiet import nothing_new
from classroom.models import Child, PlayTable
from classroom.tables.away import SEEN_EVERY
from classroom.tables.clock import now
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.live import statements_of
from tests.web.helpers.tables import (
    child_client,
    game,
    leave,
    pair_at_standard,
    play_turn,
    poll,
    post_move,
    seat_state,
    seen_now,
    set_level,
    snapshot,
    start_table,
)


def quiet(app: Flask, table_id: int, child: MadeChild, since: int | None) -> object:
    with app.app_context():
        return nothing_new(table_id, child.id, since)


def test_an_up_to_date_page_of_children_is_answered_from_one_query(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo, ava = (make_child(classroom, n) for n in ("Mia", "Leo", "Ava"))
    for kid in (mia, leo, ava):
        set_level(app, kid, "standard")
    table_id = start_table(app, [mia, leo])
    seen_now(app, table_id)
    version, status, _ = snapshot(app, table_id)
    assert quiet(app, table_id, leo, version) == (version, status)
    # The page is behind, the version is garbage, or the child has no seat: the full read.
    assert quiet(app, table_id, leo, version - 1) is None
    assert quiet(app, table_id, leo, None) is None
    assert quiet(app, table_id, ava, version) is None
    assert quiet(app, 999_999, leo, version) is None

    # Through the page's own request: one query for the seat (one more for the child).
    leo_tablet = child_client(app, leo)
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def note(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", note)
    try:
        answer = poll(leo_tablet, table_id, version)
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert answer == {"version": version, "status": status, "changed": False}
    assert len(statements) == 2 and not any("UPDATE" in s for s in statements)


def test_a_quiet_poll_reads_without_a_transaction_and_one_that_goes_on_in_one(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """On PostgreSQL a quiet poll's two reads run in autocommit (no BEGIN and ROLLBACK round
    trips); a poll that goes on reads the table in a transaction, and the connection goes
    back to the pool as every other request finds it (not in autocommit)."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite has no round trips to save: its polls read in a transaction")
    table_id, version, _, leo = pair_at_standard(app, classroom, make_child)
    leo_tablet = child_client(app, leo)
    poll(leo_tablet, table_id, version)  # Leo's page is noted as opened: now a quiet poll
    seen: list[tuple[str, bool]] = []

    def note(connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append((statement.split()[0], connection.connection.dbapi_connection.autocommit))

    event.listen(engine, "before_cursor_execute", note)
    try:
        assert not poll(leo_tablet, table_id, version)["changed"]
        assert seen == [("SELECT", True), ("SELECT", True)]
        seen.clear()
        assert poll(leo_tablet, table_id, version - 1)["changed"]  # behind: goes on
        assert seen[:2] == [("SELECT", True), ("SELECT", True)]
        assert seen[2:] and all(not autocommit for _, autocommit in seen[2:]), seen
    finally:
        event.remove(engine, "before_cursor_execute", note)
    with app.app_context():
        assert db.session.connection().connection.dbapi_connection.autocommit is False


def test_a_page_behind_is_answered_from_one_read_of_the_table(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A game in play with nothing due: the poll of a page behind reads the table and its
    seats in one query, as a move does (no ORM load of the table, no query of its seats),
    and brings the fresh board and the news of the move it missed."""
    table_id, version, mia, leo = pair_at_standard(app, classroom, make_child)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    assert game(app, table_id).current_seat == 0
    assert post_move(mia_tablet, table_id, actions.DRAW, version).status_code == 303
    answer, statements = statements_of(app, lambda: poll(leo_tablet, table_id, version))
    assert isinstance(answer, dict)
    assert answer["changed"] and answer["version"] == version + 1
    assert f'data-version="{version + 1}"' in answer["html"]
    assert len(answer["news"]) == 1 and "Mia" in answer["story"][0]
    # The child's ids, the quiet check, the table with its seats, the story since: no more
    # reads (and the note that Leo's page was first opened, a write).
    reads = [s for s in statements if s.startswith("SELECT")]
    assert len(reads) == 4, "\n".join(s[:90] for s in statements)
    assert sum("FROM play_tables LEFT OUTER JOIN table_seats" in s for s in statements) == 1
    assert not any(s.startswith("SELECT table_seats.") for s in statements)
    # The same answer as a poll that reads the table through the session (a forced one).
    forced = poll(leo_tablet, table_id, -1)
    assert forced["html"] == answer["html"]


def test_a_page_behind_at_a_table_with_something_due_is_answered_after_it(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """The table read says a computer player's pause is over: the poll of a page behind
    lets it play first, and brings the board after its move."""
    mia = make_child(classroom, "Mia")
    set_level(app, mia, "standard")
    app.config["COMPUTER_PACE"] = 0
    table_id = start_table(app, [mia], ["beginner"])
    seen_now(app, table_id)
    tablet = child_client(app, mia)
    for _ in range(10):  # Mia ends her turn; the computer player's turn comes
        if game(app, table_id).current_seat == 1:
            break
        play_turn(app, tablet, table_id)
    assert game(app, table_id).current_seat == 1
    version = snapshot(app, table_id)[0]
    answer = poll(tablet, table_id, version - 1)
    assert answer["changed"] and answer["version"] > version  # the computer player moved
    assert f'data-version="{answer["version"]}"' in answer["html"]


def test_a_poll_that_must_act_reads_the_whole_table(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    table_id, version, _, leo = pair_at_standard(app, classroom, make_child)
    # Leo's own "seen" note is due: the poll writes it.
    leave(app, table_id, 1, seconds=SEEN_EVERY + 1)
    assert quiet(app, table_id, leo, version) is None
    poll(child_client(app, leo), table_id, version)
    last = seat_state(app, table_id, 1)["last_seen_at"]
    assert now() - last < timedelta(seconds=5)
    # Mia, on turn, left long ago: the poll gives her seat to a computer player.
    assert game(app, table_id).current_seat == 0
    leave(app, table_id, 0)
    assert quiet(app, table_id, leo, version) is None
    answer = poll(child_client(app, leo), table_id, version)
    assert answer["changed"] and seat_state(app, table_id, 0)["stand_in"] is not None


def test_a_computer_player_is_left_to_its_pause(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia = make_child(classroom, "Mia")
    set_level(app, mia, "standard")
    app.config["COMPUTER_PACE"] = 60  # the computer player's pause is not over for a minute
    table_id = start_table(app, [mia], ["beginner"])
    seen_now(app, table_id)
    version, status, _ = snapshot(app, table_id)
    assert quiet(app, table_id, mia, version) == (version, status)
    app.config["COMPUTER_PACE"] = 0
    with app.app_context():
        db.session.execute(
            update(PlayTable)
            .where(PlayTable.id == table_id)
            .values(next_computer_at=now() - timedelta(seconds=1))
        )
        db.session.commit()
    # Its pause is over: the poll reads the table (and the computer plays if on turn).
    assert quiet(app, table_id, mia, version) is None


def test_a_poll_never_waits(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A poll is answered at once (the stream is what waits for a move): a `wait` that a page
    of an older version asks is ignored."""
    import time

    mia = make_child(classroom, "Mia")
    set_level(app, mia, "standard")
    table_id = start_table(app, [mia], ["solid"])
    seen_now(app, table_id)
    version = snapshot(app, table_id)[0]
    tablet = child_client(app, mia)
    begun = time.perf_counter()
    for asked in ("5", "nan", "-3", "soon"):
        tablet.get(f"/play/tables/{table_id}/state?version={version}&wait={asked}")
    assert time.perf_counter() - begun < 2


def test_a_quiet_answer_holds_until_the_seat_must_be_noted_again(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A quiet answer holds until the seat's "seen" note falls due (a stream wakes by then)."""
    from classroom.live.quiet import quiet_until

    table_id, version, _, leo = pair_at_standard(app, classroom, make_child)
    with app.app_context():
        answer, until = quiet_until(table_id, leo.id, version)
    assert answer is not None and until is not None
    assert timedelta(seconds=1) < until - now() <= timedelta(seconds=SEEN_EVERY)


def test_the_watcher_says_a_failing_database_once_a_minute_not_five_times_a_second(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    """The watcher reads the versions five times a second: while the database is away it says
    so once with the cause, then once a minute with how long, not at every read."""
    import logging

    from classroom.live.failing import SAY_AGAIN_AFTER
    from classroom.live.watcher import Watcher

    watching = Watcher(app)
    with caplog.at_level(logging.WARNING, logger="classroom.live.watcher"):
        try:
            raise OSError("the database is away")
        except OSError:
            for tick in range(320):  # a minute of failed reads, and a bit
                watching.failed(1000.0 + tick * 0.2)
    said = [r for r in caplog.records if r.name == "classroom.live.watcher"]
    assert len(said) == 2, [r.getMessage() for r in said]
    assert said[0].exc_info is not None  # the first says why
    assert said[1].getMessage() == (
        f"reading the waited tables' versions still fails (301 times in {SAY_AGAIN_AFTER:.0f} s)"
    )


def test_the_watcher_reads_on_a_connection_of_its_own_and_sees_every_commit(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """The watcher keeps one connection of its own between reads (no pool checkout, ping or
    transaction five times a second), in autocommit: each read sees the newest commit. A
    broken connection fails one read and is replaced at the next; nothing waiting for a while,
    it is closed."""
    import sqlite3
    import time

    import psycopg

    from classroom.live import watcher as waiting

    table_id, version, _, _ = pair_at_standard(app, classroom, make_child)
    watching = waiting.Watcher(app)
    watching.idle_since = time.monotonic() + 3600  # its thread leaves the connection open
    assert watching.versions([table_id]) == [(table_id, version)]
    held = watching.connection
    assert held is not None
    for step in (1, 2):
        with app.app_context():
            db.session.execute(
                update(PlayTable).where(PlayTable.id == table_id).values(version=version + step)
            )
            db.session.commit()
        assert watching.versions([table_id]) == [(table_id, version + step)]
        assert watching.connection is held
    held.dbapi_connection.close()  # the database server went away and came back
    with pytest.raises((sqlite3.Error, psycopg.Error)):
        watching.versions([table_id])
    assert watching.connection is None
    assert watching.versions([table_id]) == [(table_id, version + 2)]
    assert watching.connection is not None
    # Nobody waits: once CLOSE_AFTER has passed, the watcher's thread closes the connection.
    watching.idle_since = time.monotonic() - waiting.CLOSE_AFTER - 1
    deadline = time.monotonic() + 10
    while watching.connection is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert watching.connection is None


def test_the_table_page_reads_the_signed_in_child_once_for_its_check_and_top_bar(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """The page's top bar (the child's picture, colour and name) comes from the sign-in
    check's own row: the page asks for the child once, not again as an ORM object."""
    mia, leo = (make_child(classroom, n) for n in ("Mia", "Leo"))
    table_id = start_table(app, [mia, leo])
    leo_tablet = child_client(app, leo)
    with app.app_context():
        row = db.session.get(Child, leo.id)
        assert row is not None
        name, colour, picture = row.display_name, row.colour, row.picture
    response, statements = statements_of(app, lambda: leo_tablet.get(f"/play/tables/{table_id}"))
    assert response.status_code == 200  # type: ignore[attr-defined]
    from_children = [s for s in statements if re.search(r"\bFROM children\b", s)]
    assert len(from_children) == 1, from_children
    page = response.get_data(as_text=True)  # type: ignore[attr-defined]
    bar = page[page.index('class="avatar-mini') : page.index("</nav>")]
    assert f"bg-{colour}" in bar and f"pictures/{picture}.svg" in bar and name in bar

    # Signed out in the meantime (a teacher's reset): the check finds no child, no bar.
    with app.app_context():
        row = db.session.get(Child, leo.id)
        assert row is not None
        row.session_version += 1
        db.session.commit()
    assert leo_tablet.get(f"/play/tables/{table_id}").status_code == 302
