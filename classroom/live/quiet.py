"""The quiet poll: a page that is up to date is answered from one small query of its table's
version and seats when reading the table would change nothing (`nothing_new`), and a stream
knows until when that answer holds (`quiet_until`, `quiet_after_read`): the "seen" note falls
due, a computer player's pause ends, a child becomes away. Most requests of a class are these:
children think. Any doubt reads the whole table (classroom.tables). The table clock
(classroom.live.clock) asks `due_at` when it next has something to do at a table."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import bindparam, select

from classroom.extensions import db
from classroom.models import IN_PLAY, PlayTable, TableSeat, TableStatus
from classroom.tables.away import away_at_of, came_back, seen_at, seen_due, unseen
from classroom.tables.clock import aware, away_after, now, plays_in_requests


@cache
def _quiet_query() -> Any:
    """nothing_new's one query (built once: most requests of a class are quiet polls)."""
    return (
        select(
            PlayTable.version,
            PlayTable.status,
            PlayTable.next_computer_at,
            TableSeat.child_id,
            TableSeat.computer,
            TableSeat.stand_in,
            TableSeat.last_seen_at,
            TableSeat.away_since,
            TableSeat.taken_out,
            TableSeat.seat,
            PlayTable.moved_by,
        )
        .join(TableSeat, TableSeat.table_id == PlayTable.id)
        .where(PlayTable.id == bindparam("table_id"))
    )


def nothing_new(table_id: int, child_id: int, since: int | None) -> tuple[int, str] | None:
    """For a child's poll, in one small query: the table's (version, status) when the page at
    version `since` is up to date and reading the table would change nothing (no note that
    the seat was seen is due; in a test app that plays in its requests, no computer player or
    away child to act for either); else None, and the poll reads the whole table. Most polls
    of a class are these: children think. The table clock acts on what falls due, and its
    change moves the version on."""
    return quiet_until(table_id, child_id, since)[0]


def quiet_until(
    table_id: int, child_id: int, since: int | None, *, pushed: bool = False
) -> tuple[tuple[int, str] | None, datetime | None]:
    """nothing_new's answer, and until when it holds at the latest if nobody moves (the
    seat's "seen" note falls due; in a test app that plays in its requests, a computer
    player's pause ends or a child becomes away); None: no such time. A stream waits no
    longer than that.

    `pushed`: for an event stream (classroom/play/push.py), which notes the seat itself
    (note_seen), so a "seen" note is no reason to read the table; and a table one version on
    by the child's own move is quiet at that version (the move's answer brought the page it)."""
    rows = db.session.execute(_quiet_query(), {"table_id": table_id}).all()
    # Each row carries the table's columns and one seat's: the first stands for the table.
    return _quiet(rows[0] if rows else None, rows, child_id, since, pushed)


def quiet_after_read(
    table: PlayTable, child_id: int, since: int | None = None
) -> tuple[tuple[int, str] | None, datetime | None]:
    """quiet_until(pushed=True) for a table just read (no query), at `since` (by default the
    table's version): an event stream that has just sent the table asks it before it waits,
    and a stream just opened asks it of the table its request read."""
    return _quiet(table, table.seats, child_id, table.version if since is None else since, True)


def _quiet(
    table: Any, rows: Sequence[Any], child_id: int, since: int | None, pushed: bool
) -> tuple[tuple[int, str] | None, datetime | None]:
    """quiet_until's answer from the table's columns (version, status, next_computer_at,
    moved_by) and its seats' rows: a table row and its TableSeats, or _quiet_query's rows."""
    if since is None or table is None or not rows:
        return None, None
    mine = [r for r in rows if r.child_id == child_id]
    if len(mine) != 1:
        return None, None
    own_move = pushed and table.version == since + 1 and table.moved_by == mine[0].seat
    if table.version != since and not own_move:
        return None, None
    when = now()
    if mine[0].stand_in is not None or (not pushed and seen_due(mine[0], when)):
        return None, None
    until = [] if pushed else [seen_at(mine[0])]
    if plays_in_requests():
        # A test app's reads play what is due (classroom.live.clock.played_in_request): what
        # the clock would act on is a reason to read the table now, or a time to read it.
        # Elsewhere the clock acts, and its commit wakes the streams and moves the version.
        due = due_at(table, rows, when)
        if due is not None and due <= when:
            return None, None
        until.append(due)
    known = [t for t in until if t is not None]
    return (table.version, table.status), min(known, default=None)


def due_at(table: Any, rows: Sequence[Any], when: datetime | None = None) -> datetime | None:
    """When the table clock next has something to do at a table, from the table's columns and
    its seats' rows alone (no game, so without knowing whose turn it is; _quiet_query's rows
    will do): now when a child is away or back, or a computer player's pause is over; else
    when that pause ends or a child would become away; None: nothing until the table changes.
    The clock then reads the table, and asks computers.next_due while that version lasts.
    `when`: the time now, as the caller has it."""
    if table.status not in IN_PLAY:
        return None
    when = when or now()
    children = [r for r in rows if r.child_id is not None]
    if any(unseen(r) for r in children):
        return when
    until = [away_at_of(r) for r in children if r.stand_in is None] if away_after() > 0 else []
    if table.status == TableStatus.PLAYING:
        if any(r.stand_in is not None and came_back(r) for r in rows):
            return when
        if any(r.computer is not None or r.stand_in is not None for r in rows):
            due = aware(table.next_computer_at)
            if due is None or due <= when:
                return when
            until.append(due)
    return min((t for t in until if t is not None), default=None)
