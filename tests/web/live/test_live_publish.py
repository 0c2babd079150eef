"""One publish after the commit (classroom/live/publish.py): every kind of change of a table
(a child's move, a count, a teacher taking a seat over, a teacher stopping the table) made
by one app process reaches another process's waiting stream at once, by the bus: Redis where
TABLE_RELAY is set, PostgreSQL's LISTEN/NOTIFY where it is the database and no Redis is
configured. The waiting process's watcher here sees nothing, so only the bus can wake its
stream."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from classroom.extensions import db
from classroom.game import actions
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.live import streams_at, until_waiting, watcher_sees_nothing
from tests.web.helpers.redis_server import REDIS_URL, redis_or_skip
from tests.web.helpers.tables import child_client, game, pair_at_standard, post_move


def _child_moves(there: Flask, table_id: int, version: int, mover: Any) -> None:
    answer = post_move(child_client(there, mover), table_id, actions.DRAW, version)
    assert answer.status_code == 303


def _teacher_takes_over(there: Flask, table_id: int, version: int, mover: Any) -> None:
    from classroom.tables.away import take_out

    with there.app_context():
        take_out(table_id, game(there, table_id).current_seat)
        db.session.remove()


def _teacher_stops(there: Flask, table_id: int, version: int, mover: Any) -> None:
    from classroom.tables.seating import stop_table

    with there.app_context():
        stop_table(table_id)
        db.session.remove()


CHANGES = {
    "a child's move": _child_moves,
    "a seat taken over": _teacher_takes_over,
    "the teacher stops the table": _teacher_stops,
}


def until_bus_listens(app: Flask) -> None:
    """Until the app's bus listens (its watcher then reads less often)."""
    from classroom.live.watcher import WATCH_WITH_BUS, watcher

    with app.app_context():
        watching = watcher()
    deadline = time.monotonic() + 20
    while watching.every != WATCH_WITH_BUS and time.monotonic() < deadline:
        time.sleep(0.01)
    assert watching.every == WATCH_WITH_BUS, "the bus did not listen"


@pytest.mark.parametrize("bus", ["redis", "notify"])
@pytest.mark.parametrize("kind", sorted(CHANGES))
def test_every_kind_of_change_reaches_another_process_by_the_bus(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
    bus: str,
    kind: str,
) -> None:
    """The waiting child's page listens to one process; the change is made by another. The
    page is sent the new version, though its process's watcher never sees the table move."""
    here, there = _two_apps(make_app, bus)
    table_id, version, mia, leo = pair_at_standard(here, classroom, make_child)
    first = game(here, table_id).current_seat == 0
    mover, waiter = (mia, leo) if first else (leo, mia)
    watcher_sees_nothing(here, version, monkeypatch)
    threads, got = streams_at(here, table_id, version, [child_client(here, waiter)])
    until_waiting(here, table_id, 1)
    until_bus_listens(here)

    began = time.monotonic()
    CHANGES[kind](there, table_id, version, mover)
    threads[0].join(20)
    took = time.monotonic() - began
    assert len(got[0]) == 2, "the stream was sent nothing"
    assert int(got[0][1]["id"]) > version
    assert json.loads(got[0][1]["data"])["version"] > version
    assert took < 10  # at once, under any load: the watcher here would never have seen it


@pytest.mark.parametrize("bus", ["redis", "notify"])
def test_a_count_reaches_another_process_by_the_bus(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
    bus: str,
) -> None:
    """Three children counting at the end of a round: Ava's page listens to one process, Mia
    counts through another; Ava's stream is sent the count (her watcher sees nothing)."""
    from tests.web.helpers.tables import count_for, snapshot, three_counting

    here, there = _two_apps(make_app, bus)
    table_id, kids, _ = three_counting(here, make_child, classroom)
    version = snapshot(here, table_id)[0]
    watcher_sees_nothing(here, version, monkeypatch)
    threads, got = streams_at(here, table_id, version, [child_client(here, kids[0])])
    until_waiting(here, table_id, 1)
    until_bus_listens(here)

    count_for(there, child_client(there, kids[1]), table_id, 1)
    threads[0].join(20)
    assert len(got[0]) == 2, "the stream was sent nothing"
    assert int(got[0][1]["id"]) > version


def _two_apps(make_app: Callable[..., Flask], bus: str) -> tuple[Flask, Flask]:
    """Two apps (two processes) of one database with streams on, and the bus asked for
    (skipped where it cannot run)."""
    config: dict[str, Any] = {"TABLE_PUSH": 5}
    if bus == "redis":
        redis_or_skip()
        config["TABLE_RELAY"] = REDIS_URL
    here = make_app(**config)
    if bus == "notify":
        with here.app_context():
            if db.engine.dialect.name != "postgresql":
                pytest.skip("LISTEN/NOTIFY is PostgreSQL's (this pass runs on SQLite)")
    return here, make_app(**config)


def test_a_rolled_back_change_is_not_published(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A change whose transaction rolls back (someone else moved first), or whose session is
    closed before it commits, tells nobody."""
    from classroom.tables.loading import load_table
    from classroom.tables.moves import CHANGED, bump

    table_id, version, _, _ = pair_at_standard(app, classroom, make_child)
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        bump(table, version, {})
        assert [c.version for c in db.session.info[CHANGED]] == [version + 1]
        db.session.rollback()
        assert CHANGED not in db.session.info
        table = load_table(table_id)  # a session closed mid-change forgets it too
        assert table is not None
        bump(table, version, {})
        session = db.session()
        db.session.close()
        assert CHANGED not in session.info
        db.session.remove()


@pytest.mark.parametrize("bus", ["redis", "notify"])
def test_the_teachers_watching_page_hears_a_move_made_through_another_process(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    teacher: Any,
    monkeypatch: pytest.MonkeyPatch,
    bus: str,
) -> None:
    """The teacher's watching page has a stream of its own (GET .../watch/events), on one
    process; a child's move taken by another reaches it, with every card face up."""
    import threading

    from tests.web.conftest import sign_in_teacher
    from tests.web.helpers.live import messages

    here, there = _two_apps(make_app, bus)
    table_id, version, mia, leo = pair_at_standard(here, classroom, make_child)
    mover = mia if game(here, table_id).current_seat == 0 else leo
    watcher_sees_nothing(here, version, monkeypatch)
    lee = here.test_client()
    sign_in_teacher(lee, teacher)
    got: list[dict[str, str]] = []

    def listen() -> None:
        response = lee.get(f"/tables/{table_id}/watch/events?version={version}", buffered=False)
        stream = messages(response.response)
        got.extend([next(stream), next(stream)])
        response.close()

    thread = threading.Thread(target=listen)
    thread.start()
    until_waiting(here, table_id, 1)
    until_bus_listens(here)
    _child_moves(there, table_id, version, mover)
    thread.join(20)
    assert len(got) == 2, "the teacher's stream was sent nothing"
    assert got[1]["id"] == str(version + 1)
    data = json.loads(got[1]["data"])
    assert data["changed"] is True and "html" in data


def test_the_teachers_pages_name_their_stream(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild], teacher: Any
) -> None:
    """With pushed updates on, the watching page names its stream; off, no stream (404)."""
    from tests.web.conftest import sign_in_teacher

    table_id, _, _, _ = pair_at_standard(app, classroom, make_child)
    lee = app.test_client()
    sign_in_teacher(lee, teacher)
    app.config["TABLE_PUSH"] = 5
    page = lee.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert f'data-events-url="/tables/{table_id}/watch/events"' in page
    app.config["TABLE_PUSH"] = 0
    assert "data-events-url" not in lee.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert lee.get(f"/tables/{table_id}/watch/events").status_code == 404
