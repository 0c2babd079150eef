"""Moves relayed between app processes (TABLE_RELAY, classroom/live/relay.py): a move taken by
one process reaches another process's event streams at that table as the table the move left,
with no read of the table there and no wait for that process's watcher; without Redis, the
watcher brings it as before, and the move itself is never in doubt."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from flask import Flask

from classroom.extensions import db
from classroom.game import actions
from classroom.tables.loading import columns_of, read_table
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.live import streams_at, until_waiting, watcher_sees_nothing
from tests.web.helpers.redis_server import REDIS_URL, redis_or_skip
from tests.web.helpers.tables import child_client, counted_reads, game, pair_at_standard, post_move


def until_listening(app: Flask) -> None:
    """Until the app's relay has subscribed to its channel (its listener starts with the
    first stream)."""
    from classroom.live.publish import bus as relay

    with app.app_context():
        relaying = relay()
    assert relaying is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if dict(relaying.client.pubsub_numsub(relaying.channel)).get(relaying.channel.encode()):
            return
        time.sleep(0.01)
    raise AssertionError("the relay did not listen")


def test_a_move_taken_by_another_process_reaches_the_streams_with_no_read(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two processes of one database and one Redis: the waiting child's two tablets listen to
    the first, the mover's move is taken by the second. Both pages are sent the move (what a
    poll at their version answers), though the first process's watcher never sees the table
    move and nothing there reads it."""
    redis_or_skip()
    here = make_app(TABLE_PUSH=5, TABLE_RELAY=REDIS_URL)
    there = make_app(TABLE_PUSH=5, TABLE_RELAY=REDIS_URL)
    table_id, version, mia, leo = pair_at_standard(here, classroom, make_child)
    first = game(here, table_id).current_seat == 0
    mover, waiter = (mia, leo) if first else (leo, mia)
    tablets = [child_client(here, waiter), child_client(here, waiter)]
    reads = counted_reads(monkeypatch)
    watcher_sees_nothing(here, version, monkeypatch)
    threads, got = streams_at(here, table_id, version, tablets)
    until_waiting(here, table_id, len(tablets))
    until_listening(here)

    # While the relay listens the watcher reads less often: its reads only catch a message
    # lost (here it sees nothing at all).
    from classroom.live.watcher import WATCH_WITH_BUS, watcher

    with here.app_context():
        watching = watcher()
    deadline = time.monotonic() + 20
    while watching.every != WATCH_WITH_BUS and time.monotonic() < deadline:
        time.sleep(0.01)
    assert watching.every == WATCH_WITH_BUS

    answer = post_move(child_client(there, mover), table_id, actions.DRAW, version)
    assert answer.status_code == 303  # the page again, as a form without JavaScript is answered
    for thread in threads:
        thread.join(20)
    polled = tablets[0].get(f"/play/tables/{table_id}/state?version={version}").get_json()
    for mine in got:
        assert mine[1]["id"] == str(version + 1)
        data = json.loads(mine[1]["data"])
        assert data["news"] == polled["news"] and data["story"] == polled["story"]
        assert data["html"] == polled["html"]
    assert reads == []  # neither process read the table for its streams


def test_without_redis_the_move_is_taken_and_the_watcher_brings_it(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A relay that cannot reach Redis: the move is answered as ever, the other process's
    stream is sent it after its watcher's read (one read of the table), and the log says why
    the relay failed."""
    nowhere = "redis://127.0.0.1:1/0"  # no server listens on port 1
    here = make_app(TABLE_PUSH=5, TABLE_RELAY=nowhere)
    there = make_app(TABLE_PUSH=5, TABLE_RELAY=nowhere)
    table_id, version, mia, leo = pair_at_standard(here, classroom, make_child)
    first = game(here, table_id).current_seat == 0
    mover, waiter = (mia, leo) if first else (leo, mia)
    reads = counted_reads(monkeypatch)
    threads, got = streams_at(here, table_id, version, [child_client(here, waiter)])
    until_waiting(here, table_id, 1)

    with caplog.at_level("ERROR", logger="classroom.live.bus"):
        answer = post_move(child_client(there, mover), table_id, actions.DRAW, version)
        assert answer.status_code == 303  # the page again, as a form without JavaScript is
        # answered; the relay's sender fails on its own, and says so
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(
            "sending a change" in r.getMessage() for r in caplog.records
        ):
            time.sleep(0.01)
    assert any("sending a change" in r.getMessage() for r in caplog.records)
    threads[0].join(20)
    assert got[0][1]["id"] == str(version + 1)
    assert reads == [table_id]
    from classroom.live.watcher import WATCH_EVERY, watcher

    with here.app_context():
        assert watcher().every == WATCH_EVERY  # no relay listens: the reads bring the moves


def test_a_relayed_move_is_the_table_as_read(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """What a relay sends (its body, as JSON) is taken back as the table, its seats and the
    story just as the database gives them: every column, times included."""
    from classroom import jsoncodec
    from classroom.game.events import Event, EventKind
    from classroom.live.relay import decode

    table_id, _, _, _ = pair_at_standard(app, classroom, make_child)
    with app.app_context(), db.engine.connect() as connection:
        table = read_table(connection, table_id)
    assert table is not None
    table.seats[0].last_seen_at = datetime(2026, 11, 28, 9, 30, tzinfo=UTC)
    story = [Event(EventKind.DREW, seat=0, card=7, private=True)]
    body = {
        "table": columns_of(table),
        "seats": [columns_of(seat) for seat in table.seats],
        "story": [item.to_dict() for item in story],
    }
    again, told = decode(jsoncodec.loads(jsoncodec.dumps(body)))
    assert columns_of(again) == columns_of(table)
    assert [columns_of(s) for s in again.seats] == [columns_of(s) for s in table.seats]
    assert told == story


def test_an_older_move_never_replaces_a_newer_snapshot(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """Two processes' messages may come in either order: the newer version is kept; a table
    whose id was given again (another table, made later) replaces the old one's."""
    from classroom.live.snapshots import snapshots

    table_id, _, _, _ = pair_at_standard(app, classroom, make_child)
    with app.app_context():
        with db.engine.connect() as connection:
            newer = read_table(connection, table_id)
            older = read_table(connection, table_id)
        assert newer is not None and older is not None
        older.version = newer.version - 1
        kept = snapshots()
        kept.put(newer, [])
        kept.put(older, [])
        assert kept.kept[table_id].table is newer
        with db.engine.connect() as connection:
            reused = read_table(connection, table_id)
        assert reused is not None
        reused.version, reused.created_at = 1, datetime.now(UTC)
        kept.put(reused, [])
        assert kept.kept[table_id].table is reused


def test_a_process_skips_moves_of_tables_it_does_not_follow(
    make_app: Callable[..., Flask],
) -> None:
    """A message of a table no page of this process waits for is not even decoded (each
    process hears every move of its database); its own messages neither."""
    from classroom.live.relay import Relay

    app = make_app(TABLE_PUSH=5)
    relaying = Relay(app, "redis://127.0.0.1:1/0")  # never connects: nothing is sent here
    relaying.received(b"someone 12345 7 {not json")  # no page follows table 12345
    relaying.received(relaying.token + b" 1 2 {not json")  # its own
    assert relaying.failing.failures == 0
    from classroom.live.watcher import Wake, watcher

    with app.app_context():
        watcher().add(12345, 6, Wake())
    relaying.received(b"someone 12345 7 {not json")  # a table it follows: read, found wrong
    assert relaying.failing.failures == 1  # and said in the log; the next message may do
    with pytest.raises(ValueError):
        relaying.take(12345, 7, b"{not json")


def test_a_slow_redis_never_holds_a_moves_answer(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The relay's own sender publishes: a move is answered while its publish still waits
    (here, until the test lets it go), and the move is sent after."""
    from classroom.live.publish import bus as relay

    there = make_app(TABLE_PUSH=5, TABLE_RELAY="redis://127.0.0.1:1/0")
    table_id, version, mia, leo = pair_at_standard(there, classroom, make_child)
    mover = mia if game(there, table_id).current_seat == 0 else leo
    with there.app_context():
        relaying = relay()
    assert relaying is not None
    let_go, sent = threading.Event(), []
    order: list[str] = []

    def slow(channel: str, message: bytes) -> int:
        let_go.wait(20)
        order.append("published")
        sent.append(message)
        return 0

    monkeypatch.setattr(relaying.client, "publish", slow)
    answer = post_move(child_client(there, mover), table_id, actions.DRAW, version)
    order.append("answered")
    assert answer.status_code == 303
    let_go.set()
    move = [str(table_id).encode(), str(version + 1).encode()]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and move not in [m.split(b" ")[1:3] for m in sent]:
        time.sleep(0.01)
    # The answer came first; every publish waited for the test to let it go. On a busy
    # machine the sender may still hold a change of the table's setting-up (it sends in
    # order), or send one twice: a stream reads versions, so either is told once on a page.
    assert order[0] == "answered" and set(order[1:]) == {"published"}, order
    assert move in [m.split(b" ")[1:3] for m in sent], sent
