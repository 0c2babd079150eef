"""Pushed updates of a child's table page (config TABLE_PUSH): one server-sent event stream per
page, which sends the page the same answer a poll would each time the table moves on.

A page at version V opens `GET /play/tables/N/events?version=V`; the stream waits for its
table to move on (classroom.live: every committed change is published to every process's
streams, and the watcher's reads catch what a bus lost) and sends `id: <version>` with the
poll's JSON as `data`. So a move costs its post and one board a seat waiting, with no request,
no sign-in check and no re-poll for each of them; the streams of one process that a move wakes
build their boards from one read of the table (classroom.live.snapshots). Whatever a quiet poll
would notice is noticed here too, at the same moments: the "seen" note falls due, a computer
player's pause ends, a child is away; the table clock (classroom.live.clock), which the stream
makes follow its table, plays the moves, and their commits wake the stream.
The stream ends after TABLE_PUSH seconds; the browser opens it again (with `Last-Event-ID`),
so a signed-out child or a closed table is noticed at the next connection. Nothing a look or
a reveal keeps in the session is written here (the headers are gone): those pages still ask.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from flask import current_app

from classroom import jsoncodec
from classroom.extensions import db
from classroom.live.publish import listen
from classroom.live.quiet import quiet_after_read, quiet_until
from classroom.live.snapshots import snapshots
from classroom.live.watcher import wait_for_move
from classroom.models import IN_PLAY, PlayTable, TableStatus
from classroom.play.handlers import state_data
from classroom.seatview.seen import POLL, Urls, answer, seen
from classroom.serving import push_seconds
from classroom.tables.away import note_seen, stream_note_every
from classroom.tables.clock import now, plays_in_requests
from classroom.tables.loading import load_table, seat_of_child

# Seconds between two heartbeats: a dropped connection is noticed and closed, and the page
# knows the stream is alive (a proxy that holds the stream's answers back sends none).
HEARTBEAT = 15.0
# The heartbeat: an event of its own type ("beat"), which the page hears without taking it
# for an answer (a comment line would not reach the page's script at all). One is sent at the
# open too, so a page hears its stream within a second whatever the table does.
BEAT = "event: beat\ndata: {}\n\n"
REREAD = 0.7  # seconds between two whole reads while something is due (as a poll's pace)
AT_LEAST = 0.05  # seconds: the shortest wait, so nothing spins
# The browser opens the stream again this long after it ends: a move made in between reaches
# the page when it does (at once: it is behind), so the gap must stay well under a second.
RETRY_MS = 200

Quiet = tuple[tuple[int, str] | None, datetime | None]  # quiet_until's answer

# Reads the child's table and seat (noting that the seat's page is there), or None when the
# child has no seat there any more: the stream then ends.
SeatReader = Callable[[], tuple[PlayTable, int] | None]


def seconds() -> float:
    """How long a stream lasts before the browser opens it again (config TABLE_PUSH); 0:
    pushed updates are off and the pages poll."""
    return push_seconds(current_app.config)


def quiet_limit_ms() -> int:
    """How long a page waits to hear anything from its stream (an answer or a heartbeat)
    before it takes the stream for held back on the way and polls instead: two heartbeats
    missed, and a little more for a slow network."""
    return int(1000 * (2 * HEARTBEAT + 5))


def event(version: int, data: dict[str, Any] | None = None) -> str:
    """One server-sent event: its id is the table's version (a reconnection starts there); an
    event without data only moves the id on."""
    lines = f"id: {version}\n"
    if data is not None:
        lines += "data: " + jsoncodec.dumps(data) + "\n"  # compact, and quick with a board
    return lines + "\n"


def yours(version: int, status: str) -> dict[str, Any]:
    """The event of a move the child made from a page: no board (the move's answer brought
    that page its board), only the version, so the child's other tablet, if any, asks for the
    table (table.js) instead of learning of the move only at the next one."""
    return {"version": version, "status": status, "changed": False, "yours": True}


def _seconds_until(when: datetime | None) -> float | None:
    return None if when is None else (when - now()).total_seconds()


def stream(
    table_id: int,
    child_id: int,
    since: int,
    seconds: float,
    read_seat: SeatReader,
    urls: Urls,
    *,
    known: Quiet | None = None,
) -> Iterator[str]:
    """The events for a child's page at version `since`, for `seconds` at most: each time the
    table moves on, the answer a poll would have had (`state_data`); for the child's own moves
    only their version (`yours`: their answer brought the page the board). `known`: the quiet
    check at `since` of the table the request has just read (quiet_after_read), if any."""
    ends = time.monotonic() + seconds
    listen()  # this process's streams are told of the other processes' changes too
    # Never hold a database connection while a write to the page may wait: a slow tablet
    # must not keep one from the pool that every request shares.
    db.session.close()
    yield f"retry: {RETRY_MS}\n" + event(since) + BEAT
    last_sent = time.monotonic()
    next_note = time.monotonic() + stream_note_every()  # the page itself was just seen
    # `known` (what the table just read or sent says) spares a quiet query; a move made since
    # that read still wakes the stream, as the watcher compares the versions with `since`.
    # `moved`: the table is past `since` as of this time.monotonic() (the watcher's read, or
    # this process's move, that woke the stream), else None.
    moved: float | None = None
    while (left := ends - time.monotonic()) > 0:
        if time.monotonic() >= next_note:
            note_seen(table_id, child_id)
            next_note = time.monotonic() + stream_note_every()
        shared = None if moved is None else from_snapshot(table_id, child_id, since, urls, moved)
        moved = None
        if shared is not None:
            since, data, known = shared
            db.session.close()
            yield event(since, data)
            last_sent = time.monotonic()
            continue
        quiet, until = known or quiet_until(table_id, child_id, since, pushed=True)
        known = None
        if quiet is not None and quiet[0] != since:
            since = quiet[0]
            db.session.close()
            yield event(since, yours(*quiet))
            last_sent = time.monotonic()
        if quiet is None:
            # Behind, or something is due: read the table as a poll would (noting the seat).
            seat = read_seat()
            if seat is None:
                return
            table, seat_number = seat
            data = state_data(table_id, seat_number, urls, since, table)
            if data["changed"]:
                since = int(data["version"])
                if since == table.version:  # no computer player moved it meanwhile
                    known = quiet_after_read(table, child_id)
                db.session.close()
                yield event(since, data)
                last_sent = time.monotonic()
                continue
            wait = min(left, REREAD)
        else:
            wait = min(left, HEARTBEAT - (time.monotonic() - last_sent))
            due = _seconds_until(until)
            if due is not None:
                wait = min(wait, due)
        wait = min(wait, next_note - time.monotonic())
        db.session.close()  # no connection is held while the page waits
        moved = wait_for_move(table_id, since, max(wait, AT_LEAST))
        if moved is None and time.monotonic() - last_sent >= HEARTBEAT:
            yield BEAT
            last_sent = time.monotonic()
        if moved is None and quiet is not None and (until is None or now() < until):
            # Woken for a heartbeat or a "seen" note: the watcher says the table has not
            # moved, and nothing fell due, so the quiet answer still holds (no query).
            known = (quiet, until)


def from_snapshot(
    table_id: int, child_id: int, since: int, urls: Urls, known_at: float
) -> tuple[int, dict[str, Any], Quiet] | None:
    """The event for a page at `since` from the table as read once for every stream of this
    process (classroom.live.snapshots): its version, the poll's answer (`yours` for the
    child's own move: its answer brought the page the board) and the quiet check at that
    version. `known_at`: when the table was known to be past `since` (what woke the stream);
    a table read no earlier than that is shared, else it is read again.
    None when the page must read the table itself, as a poll would: something is due there (a
    computer player's move, a child away or back), the game is neither in play nor counting,
    or the child has no seat any more."""
    snapshot = snapshots().past(table_id, since, known_at)
    if snapshot is None:
        return None
    table = snapshot.table
    seat = seat_of_child(table, child_id)
    # A table counting is shared too: each count wakes every other seat, and its board (who
    # still counts, the bars of who has) is built from the table's row and seats alone. A
    # child away (quiet_after_read) still sends the stream to read the table itself.
    if table.status not in IN_PLAY or seat is None:
        return None
    after = quiet_after_read(table, child_id)
    if after[0] is None:
        return None
    if table.version == since + 1 and table.moved_by == seat.seat:
        return table.version, yours(table.version, table.status), after
    data = seen(table, seat.seat, urls, since, story=snapshot.story_since)
    return table.version, answer(data, POLL), after


def teacher_stream(
    table_id: int, since: int, seconds: float, seat: int | None, urls: Urls
) -> Iterator[str]:
    """The events for a teacher's page of a table (watching it, or at their own seat), for
    `seconds` at most: each time the table moves on, the answer the page's poll would have
    had. A teacher's page is one a class, so it reads the table itself when woken (no shared
    snapshot, no quiet check). The table clock plays the computer players, and its moves
    wake the stream as any other change does."""
    ends = time.monotonic() + seconds
    listen()
    db.session.close()
    yield f"retry: {RETRY_MS}\n" + event(since) + BEAT
    last_sent = time.monotonic()
    while (left := ends - time.monotonic()) > 0:
        table = load_table(table_id)
        if table is None:
            return
        computers = any(s.computer is not None or s.stand_in is not None for s in table.seats)
        data = state_data(table_id, seat, urls, since, table)
        db.session.close()
        if data["changed"]:
            since = int(data["version"])
            yield event(since, data)
            last_sent = time.monotonic()
            continue
        wait = min(left, HEARTBEAT - (time.monotonic() - last_sent))
        if computers and data["status"] == TableStatus.PLAYING and plays_in_requests():
            wait = min(wait, REREAD)  # a test app's reads play (live.clock.played_in_request)
        moved = wait_for_move(table_id, since, max(wait, AT_LEAST))
        if moved is None and time.monotonic() - last_sent >= HEARTBEAT:
            yield BEAT
            last_sent = time.monotonic()
