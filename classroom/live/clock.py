"""The table clock: each app process has one thread, started by the first table page, poll or
event stream it serves, that plays what falls due at the tables its pages show: a computer
player's (or a stand-in's) action COMPUTER_PACE after the table's last change, a stand-in for
a child away, a seat given back (classroom.tables.computers). A page, a poll or a stream only
reads, and says that its table is followed; the clock changes it.

Each action goes through the one guarded commit, so processes or hosts racing for the same
move make it once (the version guard: the others find the table moved on). Every process that
serves a page of a table follows it, so a host lost loses no table's clock: its pages come
back through another host, which then follows the table too. A table nobody's page shows
for FOLLOW_FOR seconds is not followed any more: a game whose children have all gone waits
(docs/play.md, "A child who leaves").

The clock reads the followed tables' versions and seats in one small query every CLOCK_EVERY
seconds (at once after a move of its own), decides from those rows when something is due
(quiet.due_at), and reads a table only then. When the table says nothing is due yet (a
child's turn), it asks until when (computers.next_due) and keeps that for the version. Nothing
else is kept: the tables themselves stay in the database.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import defaultdict
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Select, bindparam, select

from classroom.extensions import db
from classroom.models import IN_PLAY, PlayTable, TableSeat
from classroom.tables.clock import now, plays_in_requests
from classroom.tables.computers import advance_computers, next_due
from classroom.tables.loading import load_table
from classroom.transactions import reading

from .failing import Failing
from .quiet import due_at

CLOCK = "table_clock"  # app.extensions: the app's TableClock in this process
CLOCK_EVERY = 0.2  # seconds between two reads of the followed tables, at most
# Seconds a table stays followed after a page, a poll or a stream of this process last asked
# for it: several polls (700 ms apart) and a counting page's heartbeat (5 s) keep it.
FOLLOW_FOR = 30.0
RETRY_AFTER = 1.0  # seconds before a table is read again when what was due did not happen

log = logging.getLogger(__name__)

# What the clock knows of a table: its (created_at, version) and when something is due there
# (None: nothing until it changes).
Known = tuple[tuple[Any, int], datetime | None]


class TableClock:
    """The followed tables of one app in one process, and the thread that plays at them."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.followed: dict[int, float] = {}  # table id: followed until (time.monotonic())
        self.known: dict[int, Known] = {}
        self.nudge = threading.Event()  # set: read the followed tables at once
        self.stopped = False
        self.failing = Failing(log, "playing what is due at the tables")
        self.thread = threading.Thread(target=self.run, name="table-clock", daemon=True)
        self.thread.start()

    def follow(self, table_id: int, seconds: float) -> None:
        """A page of this process shows the table: play what falls due there for `seconds`."""
        until = time.monotonic() + seconds
        with self.lock:
            new = table_id not in self.followed
            self.followed[table_id] = max(until, self.followed.get(table_id, until))
        if new:
            self.nudge.set()

    def stop(self) -> None:
        """Play nothing more (a test's own app, before its database is emptied); waits for a
        tick under way to end."""
        self.stopped = True
        self.nudge.set()
        if self.thread is not threading.current_thread():
            self.thread.join(timeout=10)

    def run(self) -> None:
        """Tick for as long as the process lives: play what is due, then wait until the next
        thing is due (CLOCK_EVERY at most), or until a table is followed anew."""
        while not self.stopped:
            try:
                wait = self.tick()
            except Exception:  # the database is away for a moment: try again at the next tick
                self.failing.failed()
                wait = CLOCK_EVERY
            else:
                self.failing.worked()
            self.nudge.wait(wait)
            self.nudge.clear()

    def tick(self) -> float | None:
        """Play what is due at the followed tables; the seconds until the next tick (None:
        nothing is followed, so none until a table is)."""
        with self.lock:
            clock = time.monotonic()
            for table_id in [t for t, until in self.followed.items() if until < clock]:
                del self.followed[table_id]
                self.known.pop(table_id, None)
            followed = sorted(self.followed)
        if not followed:
            return None
        with self.app.app_context():
            try:
                return self.tick_tables(followed)
            finally:
                db.session.remove()  # no connection is held between two ticks

    def tick_tables(self, table_ids: list[int]) -> float:
        """One tick over these tables (in an app context)."""
        soonest = CLOCK_EVERY
        for table_id, (table, seats) in self.read(table_ids).items():
            if self.stopped:
                break
            key = (table.created_at, table.version)
            known = self.known.get(table_id)
            due = known[1] if known is not None and known[0] == key else due_at(table, seats)
            self.known[table_id] = (key, due)
            if due is None:
                continue
            left = (due - now()).total_seconds()
            if left > 0:
                soonest = min(soonest, left)
                continue
            try:
                if self.play(table_id, key):
                    soonest = 0.0  # read again at once: the next action may be due already
            except Exception:  # one table's trouble holds up no other table
                db.session.rollback()
                log.exception("playing what is due at table %d", table_id)
                self.known[table_id] = (key, now() + timedelta(seconds=RETRY_AFTER))
        return soonest

    def play(self, table_id: int, key: tuple[Any, int]) -> bool:
        """Read the table and play what is due there; True if it changed. If nothing was,
        note until when nothing is at this version (computers.next_due)."""
        table = load_table(table_id)
        if table is None:
            return False
        if advance_computers(table_id, table):
            return True
        if (table.created_at, table.version) == key:
            due = next_due(table)
            if due is not None and due <= now():
                # Due, yet not played (another process played it, or is giving the seat
                # back): read it again a little later rather than at every tick.
                due = now() + timedelta(seconds=RETRY_AFTER)
            self.known[table_id] = (key, due)
        return False

    def read(self, table_ids: list[int]) -> dict[int, tuple[Any, list[Any]]]:
        """The followed tables in play: each one's columns and its seats' rows (one query,
        in autocommit: it sees the newest commit and leaves no transaction open)."""
        with reading(db.engine) as connection:
            rows = connection.execute(_clock_query(), {"ids": table_ids}).all()
        tables: dict[int, tuple[Any, list[Any]]] = {}
        seats: dict[int, list[Any]] = defaultdict(list)
        for row in rows:
            tables.setdefault(row.id, (row, seats[row.id]))
            seats[row.id].append(row)
        return tables


@cache
def _clock_query() -> Select[Any]:
    """The clock's one query (built once): the followed tables in play and their seats."""
    return (
        select(
            PlayTable.id,
            PlayTable.created_at,
            PlayTable.version,
            PlayTable.status,
            PlayTable.next_computer_at,
            TableSeat.seat,
            TableSeat.child_id,
            TableSeat.computer,
            TableSeat.stand_in,
            TableSeat.last_seen_at,
            TableSeat.away_since,
            TableSeat.taken_out,
        )
        .join(TableSeat, TableSeat.table_id == PlayTable.id)
        .where(PlayTable.id.in_(bindparam("ids", expanding=True)))
        .where(PlayTable.status.in_(IN_PLAY))
    )


_MAKING = threading.Lock()


def clock_of(app: Flask) -> TableClock:
    """The app's clock in this process (started now if need be)."""
    with _MAKING:
        if CLOCK not in app.extensions:
            app.extensions[CLOCK] = TableClock(app)
        return app.extensions[CLOCK]  # type: ignore[no-any-return]


def follow(table_id: int, seconds: float = FOLLOW_FOR) -> None:
    """A page, a poll or a stream of this process shows the table: the clock plays what falls
    due there for the next `seconds` (a stream: as long as it lasts)."""
    if not plays_in_requests():
        app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
        clock_of(app).follow(table_id, seconds)


def played_in_request(table_id: int, table: PlayTable | None = None) -> bool:
    """In a test app without the clock's thread only (tables.clock.plays_in_requests): what
    is due at the table is played now, in the request, as the thread would play it; True if
    the table changed. Elsewhere False, and nothing is played: the clock's thread does it."""
    return plays_in_requests() and advance_computers(table_id, table)
