"""Pushed updates (TABLE_PUSH): a child's table page listens to a server-sent event stream that
sends the poll's answer each time the table moves on."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from classroom.extensions import db
from classroom.game import actions
from classroom.live.watcher import watcher
from classroom.models import TableSeat
from classroom.play.push import event
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.live import BEAT, messages
from tests.web.helpers.tables import (
    child_client,
    count_for,
    counted_reads,
    draw_soon,
    game,
    pair_at_standard,
    poll,
    post_move,
    seat_state,
    set_level,
    three_counting,
)


def two_children(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> tuple[int, int, FlaskClient, FlaskClient]:
    """A started Standard table of Mia and Leo: its id, version, the mover's and the other's
    tablets."""
    table_id, version, mia, leo = pair_at_standard(app, classroom, make_child)
    first = game(app, table_id).current_seat == 0
    mover = child_client(app, mia if first else leo)
    waiter = child_client(app, leo if first else mia)
    return table_id, version, mover, waiter


def test_push_is_on_by_default_and_served_by_gevent() -> None:
    """The shipped settings push (a stream of 55 s), and bin/run serves them with gevent."""
    from classroom import config
    from classroom.serving import worker_class

    assert config.TABLE_PUSH == 55
    assert worker_class({"TABLE_PUSH": config.TABLE_PUSH}) == "gevent"


def test_with_push_off_the_page_polls(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """TABLE_PUSH 0 (as the tests run, tests/conftest.py): no stream, and the page says
    nothing of one."""
    assert app.config["TABLE_PUSH"] == 0
    table_id, version, _, waiter = two_children(app, classroom, make_child)
    assert waiter.get(f"/play/tables/{table_id}/events?version={version}").status_code == 404
    page = waiter.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "data-events-url" not in page and "data-state-url" in page


def test_a_stream_sends_each_move_to_the_waiting_seat(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """The page names its stream; the stream starts at the page's version, and when the other
    seat moves it sends what a poll would have answered (the board, the news), with the new
    version as the event's id."""
    app.config["TABLE_PUSH"] = 5
    table_id, version, mover, waiter = two_children(app, classroom, make_child)
    page = waiter.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert f'data-events-url="/play/tables/{table_id}/events"' in page
    assert 'data-events-quiet="35000"' in page  # two heartbeats missed, and five seconds

    response = waiter.get(f"/play/tables/{table_id}/events?version={version}", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    stream = messages(response.response, beats=True)
    first = next(stream)
    assert first == {"retry": "200", "id": str(version)}
    # A heartbeat at once: the page hears its stream whatever the table does (and the
    # browser's script sees it, unlike a comment line).
    assert next(stream) == BEAT

    begun = time.perf_counter()
    moving = draw_soon(mover, table_id, version, after=0.4)
    pushed = next(stream)
    took = time.perf_counter() - begun
    moving.join()
    data = json.loads(pushed["data"])
    assert pushed["id"] == str(version + 1) == str(data["version"])
    assert data["changed"] is True and data["status"] == "playing"
    assert "data-board" in data["html"] and data["news"]
    assert 0.3 < took < 3, took
    # What the page would get from a poll at the version it had.
    polled = waiter.get(f"/play/tables/{table_id}/state?version={version}").get_json()
    assert polled["version"] == data["version"] and polled["news"] == data["news"]
    response.close()


def test_a_stream_behind_the_table_is_sent_the_table_at_once(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A reconnection says the last version it had (Last-Event-ID, over the page's): a table
    that moved on meanwhile comes at once; the stream then ends after TABLE_PUSH seconds."""
    app.config["TABLE_PUSH"] = 1.2
    table_id, version, mover, waiter = two_children(app, classroom, make_child)
    post_move(mover, table_id, actions.DRAW, version)
    begun = time.perf_counter()
    response = waiter.get(
        f"/play/tables/{table_id}/events?version=0",
        headers={"Last-Event-ID": str(version)},
        buffered=False,
    )
    stream = messages(response.response)
    assert next(stream)["id"] == str(version)
    pushed = next(stream)
    assert pushed["id"] == str(version + 1)
    assert json.loads(pushed["data"])["changed"] is True
    assert list(stream) == []  # the stream ends by itself
    assert 1.0 < time.perf_counter() - begun < 4


def test_a_stream_is_only_for_a_seat_at_the_table(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A child with no seat there gets a 404 (a plain answer, before any stream); a garbage
    version is taken for none, so the table comes at once."""
    app.config["TABLE_PUSH"] = 1
    table_id, version, _, waiter = two_children(app, classroom, make_child)
    ava = make_child(classroom, "Ava")
    set_level(app, ava, "standard")
    outsider = child_client(app, ava)
    assert outsider.get(f"/play/tables/{table_id}/events").status_code == 404
    assert outsider.get("/play/tables/999999/events").status_code == 404
    response = waiter.get(f"/play/tables/{table_id}/events?version=soon", buffered=False)
    stream = messages(response.response)
    assert next(stream)["id"] == "-1"
    assert json.loads(next(stream)["data"])["version"] == version
    response.close()


@pytest.mark.parametrize("made", ["in this process", "by another process"])
def test_the_streams_of_a_process_build_their_boards_from_one_read_of_the_table(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
    made: str,
) -> None:
    """Two pages waiting at a table (one child's two tablets, here) are woken by one move: the
    table is read once for both (classroom.live.snapshots), or not at all when the move was
    made in this process (its request leaves the table as it wrote it); each is sent the
    answer a poll would have had; the mover's own page only moves its id on."""
    from classroom.live.watcher import watcher
    from classroom.tables.moves import play_move

    app.config["TABLE_PUSH"] = 5
    table_id, version, mia, leo = pair_at_standard(app, classroom, make_child)
    first = game(app, table_id).current_seat == 0
    mover_child, waiter_child = (mia, leo) if first else (leo, mia)
    mover = child_client(app, mover_child)
    tablets = [child_client(app, waiter_child), child_client(app, waiter_child), mover]
    reads = counted_reads(monkeypatch)
    got: list[list[dict[str, str]]] = [[] for _ in tablets]

    def listen(index: int) -> None:
        url = f"/play/tables/{table_id}/events?version={version}"
        response = tablets[index].get(url, buffered=False)
        stream = messages(response.response)
        got[index] += [next(stream), next(stream)]
        response.close()

    listening = [threading.Thread(target=listen, args=(i,)) for i in range(len(tablets))]
    for thread in listening:
        thread.start()
    with app.app_context():
        watching = watcher()
    waiting = watching.waiting
    if made == "in this process":
        # The move's own wake-up is what is tested: the watcher's reads (five a second) still
        # see the old version, or one of them could come between the move's commit and its
        # snapshot and wake the streams first (they would then read the table, rightly).
        monkeypatch.setattr(watching, "versions", lambda ids: [(t, version) for t in ids])
    deadline = time.monotonic() + 20
    while len(waiting.get(table_id, ())) < len(tablets) and time.monotonic() < deadline:
        time.sleep(0.01)  # until all three streams wait for the table to move on
    assert len(waiting.get(table_id, ())) == len(tablets)
    if made == "in this process":
        post_move(mover, table_id, actions.DRAW, version)
    else:  # as another process's request would: the row changes, and the watcher sees it
        seat = game(app, table_id).current_seat
        with app.app_context():
            play_move(table_id, seat, actions.DRAW, version)
    for thread in listening:
        thread.join(20)
    polled = tablets[0].get(f"/play/tables/{table_id}/state?version={version}").get_json()
    for mine in got[:2]:
        assert mine[1]["id"] == str(version + 1)
        data = json.loads(mine[1]["data"])
        assert data["news"] == polled["news"] and data["story"] == polled["story"]
        assert "data-board" in data["html"]
    # The mover's page: its answer had the board; only the version (for another tablet).
    assert got[2][1]["id"] == str(version + 1)
    assert json.loads(got[2][1]["data"]) == {
        "version": version + 1,
        "status": "playing",
        "changed": False,
        "yours": True,
    }
    assert reads == ([] if made == "in this process" else [table_id])


def test_the_streams_of_a_counting_table_share_one_read_of_it(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While a table counts, each count wakes every other seat: their streams build their
    boards from one read of the table too (before, each read it through the session, as a
    poll does, several times a board's cost). Each is sent what a poll would answer: Mia and
    Leo, still counting, see no one's score; Ava, who has counted, is then sent Mia's bar."""
    app.config["TABLE_PUSH"] = 5
    table_id, _, clients = three_counting(app, make_child, classroom)
    ava, mia, leo = clients
    from classroom.play import push

    version = int(poll(ava, table_id)["version"])
    reads = counted_reads(monkeypatch)
    alone: list[int] = []  # a stream reading the table itself, as a poll does
    read_alone = push.state_data

    def reading_alone(table: int, *rest: Any) -> dict[str, Any]:
        alone.append(table)
        return read_alone(table, *rest)

    monkeypatch.setattr(push, "state_data", reading_alone)

    def woken(tablets: list[FlaskClient], at: int, count: Callable[[], None]) -> list[Any]:
        """Each tablet's first event after `count`, its stream opened at version `at`."""
        got: list[Any] = [None] * len(tablets)

        def listen(index: int) -> None:
            url = f"/play/tables/{table_id}/events?version={at}"
            response = tablets[index].get(url, buffered=False)
            stream = messages(response.response)
            next(stream)  # the open's id
            got[index] = next(stream)
            response.close()

        listening = [threading.Thread(target=listen, args=(i,)) for i in range(len(tablets))]
        for thread in listening:
            thread.start()
        with app.app_context():
            waiting = watcher().waiting
        deadline = time.monotonic() + 20
        while len(waiting.get(table_id, ())) < len(tablets) and time.monotonic() < deadline:
            time.sleep(0.01)  # until every stream waits for the table to move on
        assert len(waiting.get(table_id, ())) == len(tablets)
        count()
        for thread in listening:
            thread.join(20)
        return got

    got = woken([mia, leo], version, lambda: count_for(app, ava, table_id, 0))
    assert reads == [table_id] and alone == []  # one read for both streams
    for tablet, pushed in zip([mia, leo], got, strict=True):
        data = json.loads(pushed["data"])
        polled = poll(tablet, table_id, version)
        assert data["version"] == polled["version"] > version
        assert data["status"] == "counting" and "data-board" in data["html"]
        assert data["news"] == polled["news"] and data["story"] == polled["story"]
        assert "bars" not in data and "bars" not in polled  # still counting: no scores

    version = int(poll(ava, table_id)["version"])
    reads.clear()
    [pushed] = woken([ava], version, lambda: count_for(app, mia, table_id, 1))
    data = json.loads(pushed["data"])
    assert reads == [table_id] and alone == []
    assert data["status"] == "counting" and data["bars"]  # Mia's bar beside Ava's
    assert data["bars"] == poll(ava, table_id, version)["bars"]


def test_a_stream_keeps_its_quiet_answer_across_heartbeats(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While nobody moves, a stream never asks whether the table is quiet: the table its
    request read to check the seat says so at the open (pages open their streams again every
    TABLE_PUSH seconds), and at each heartbeat the watcher says the table has not moved and
    nothing has fallen due."""
    from sqlalchemy import event as sql_event

    from classroom.extensions import db
    from classroom.play import push

    monkeypatch.setattr(push, "HEARTBEAT", 0.3)
    app.config["TABLE_PUSH"] = 5
    table_id, version, _, waiter = two_children(app, classroom, make_child)
    asked: list[str] = []
    reads: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "next_computer_at" in statement and "table_seats" in statement:
            # The whole table's read (with the saved game), or the quiet check's query.
            (reads if "play_tables.state" in statement else asked).append(statement)

    with app.app_context():
        engine = db.engine
    sql_event.listen(engine, "before_cursor_execute", count)
    try:
        response = waiter.get(f"/play/tables/{table_id}/events?version={version}", buffered=False)
        stream = messages(response.response, beats=True)
        assert next(stream)["id"] == str(version)
        beats = [next(stream) for _ in range(4)]
        response.close()
    finally:
        sql_event.remove(engine, "before_cursor_execute", count)
    assert all(beat == BEAT for beat in beats), beats
    assert len(reads) == 1, reads  # the open's
    assert asked == []


def test_an_open_stream_notes_now_and_then_that_its_page_is_there(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page that only listens sends no request, so its stream writes the seat's "last seen"
    time every stream_note_every seconds: the child is not taken for away."""
    from classroom.play import push
    from classroom.tables.clock import now

    monkeypatch.setattr(push, "stream_note_every", lambda: 0.2)
    monkeypatch.setattr(push, "HEARTBEAT", 0.6)
    app.config["TABLE_PUSH"] = 5
    table_id, version, _, waiter = two_children(app, classroom, make_child)
    seat = 1 - game(app, table_id).current_seat  # the waiting child's (two seats)
    response = waiter.get(f"/play/tables/{table_id}/events?version={version}", buffered=False)
    stream = messages(response.response, beats=True)
    assert next(stream)["id"] == str(version)
    assert next(stream) == BEAT  # the open's own
    # Opening the stream noted the seat (as any request of the page does); from now on only
    # the stream's own notes can.
    old = now() - timedelta(minutes=10)
    with app.app_context():
        db.session.execute(
            update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == seat)
            .values(last_seen_at=old)
        )
        db.session.commit()
    # The stream runs while it is read: by its next heartbeat it has noted the seat again.
    assert next(stream) == BEAT
    response.close()
    assert (now() - seat_state(app, table_id, seat)["last_seen_at"]).total_seconds() < 5


def test_a_page_is_told_how_long_to_wait_for_its_stream_to_speak() -> None:
    """Two heartbeats missed and a little more: then table.js takes the stream for held back
    on the way (a buffering proxy) and polls."""
    from classroom.play import push

    assert push.quiet_limit_ms() == 1000 * (2 * push.HEARTBEAT + 5)
    assert push.BEAT == "event: beat\ndata: {}\n\n"


def test_an_event_without_data_only_moves_the_id_on() -> None:
    """The first message of a stream has an id and no data: the browser keeps the id for a
    reconnection and dispatches nothing."""
    assert event(7) == "id: 7\n\n"
    assert event(8, {"version": 8}) == 'id: 8\ndata: {"version":8}\n\n'


def test_bin_run_serves_pushed_updates_with_gevent() -> None:
    """A stream open a page would tie up a sync worker: bin/run asks which class to use."""
    from classroom.serving import push_seconds, worker_class

    assert worker_class({}) == "sync" and worker_class({"TABLE_PUSH": 0}) == "sync"
    assert worker_class({"TABLE_PUSH": 55}) == "gevent"
    assert worker_class({"TABLE_PUSH": "soon"}) == "sync"
    assert push_seconds({"TABLE_PUSH": float("nan")}) == 0
    assert push_seconds({"TABLE_PUSH": -5}) == 0


@pytest.mark.parametrize("ended_by", ["signed out on another tablet", "archived"])
def test_a_stream_ends_with_the_childs_session(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild], ended_by: str
) -> None:
    """An open stream checks the child's session before each event it sends: once the
    session has ended (signed out elsewhere, or archived by the teacher), the next move at the
    table reaches that tablet no more, and the stream ends at once, long before its time."""
    from classroom.access import end_child_sessions
    from classroom.models import Child

    app.config["TABLE_PUSH"] = 30
    table_id, version, mia, leo = pair_at_standard(app, classroom, make_child)
    first = game(app, table_id).current_seat == 0
    mover, waiting_child = (mia, leo) if first else (leo, mia)
    waiter = child_client(app, waiting_child)
    response = waiter.get(f"/play/tables/{table_id}/events?version={version}", buffered=False)
    assert response.status_code == 200
    stream = messages(response.response, beats=True)
    assert next(stream) == {"retry": "200", "id": str(version)}
    assert next(stream) == BEAT
    with app.app_context():
        end_child_sessions(waiting_child.id)
        if ended_by == "archived":
            row = db.session.get(Child, waiting_child.id)
            assert row is not None
            row.archived_at = datetime.now(UTC)
        db.session.commit()
    begun = time.perf_counter()
    moving = draw_soon(child_client(app, mover), table_id, version, after=0.2)
    rest = list(stream)  # the stream's end
    moving.join()
    assert rest == [], rest
    assert time.perf_counter() - begun < 10
    response.close()
