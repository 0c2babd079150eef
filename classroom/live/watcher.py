"""The watcher: each app process has one thread, started at the first event stream, that
reads the versions of the tables its waiting streams are about, in one small query, and wakes
the streams whose table moved on. Changes committed in this process wake them at once
(classroom.live.publish), and so do the other processes' changes when a bus carries them
(classroom.live.bus): then the reads only catch a message lost, every WATCH_WITH_BUS seconds;
without a bus (SQLite, or a bus away) every WATCH_EVERY seconds, so a change made by another
process (or host) against the same database is seen within that. A waiting stream holds no
database connection; the watcher holds one of its own while anything waits. Nothing is kept
but who waits: the tables themselves stay in the database.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import defaultdict
from typing import Any

from flask import Flask, current_app

from classroom.extensions import db
from classroom.models import PlayTable

from .failing import Failing

WATCH_EVERY = 0.2  # seconds between two reads of the waited tables' versions
# The same while a bus (classroom.live.bus) brings the other processes' changes at once: the
# reads only catch a message lost (Redis's publish is sent at most once), so fewer of them,
# and a change still reaches every seat within the second the pages promise.
WATCH_WITH_BUS = 0.5
# The watcher's own connection is closed when nothing has waited for this long (a process
# whose pages have all gone holds none), and opened again at the next wait.
CLOSE_AFTER = 10.0

log = logging.getLogger(__name__)


class Wake(threading.Event):
    """A waiting request's wake-up, with the earliest time its table was known to have moved
    on (time.monotonic()): the start of the watcher's read that saw it, or the moment before a
    move of this process shared its table. A stream reuses a table read no earlier than that."""

    known_at: float | None = None

    def tell(self, known_at: float) -> None:
        """Wake the request: the table was known to have moved on as of `known_at`."""
        if self.known_at is None or known_at < self.known_at:
            self.known_at = known_at
        self.set()


class Watcher:
    """The waiting requests of one app in one process, and the thread that wakes them."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        with app.app_context():
            self.engine = db.engine
        # The driver's own cursor on a connection of the watcher's own, in autocommit: this
        # query runs five times a second in every process, and a pooled connection's checkout
        # (its ping on PostgreSQL), the transaction and the checkin cost three times the query
        # (248 against 63 µs of CPU a read on PostgreSQL, 18 against 7 on SQLite).
        self.mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self.connection: Any = None  # the pool's proxy of it, detached from the pool
        self.idle_since: float | None = None
        self.lock = threading.Lock()
        self.waiting: dict[int, list[tuple[int, Wake]]] = defaultdict(list)
        # Failed reads in a row: while the database stays away a read fails five times a
        # second, said once with its cause, then once a minute, and when reads work again.
        self.failing = Failing(log, "reading the waited tables' versions")
        self.every = WATCH_EVERY  # WATCH_WITH_BUS while a bus listens
        self.nudge = threading.Event()  # set: read at once
        self.thread = threading.Thread(target=self.run, name="table-watcher", daemon=True)
        self.thread.start()

    def failed(self, when: float) -> None:
        """A read failed (said in the log as classroom.live.failing says)."""
        self.failing.failed(when)

    def versions(self, table_ids: list[int]) -> list[tuple[int, int]]:
        """The (id, version) of each of these tables that exists."""
        marks = ", ".join([self.mark] * len(table_ids))
        query = f"SELECT id, version FROM {PlayTable.__tablename__} WHERE id IN ({marks})"
        if self.connection is None:
            self.connection = self.connect()
        try:
            cursor = self.connection.dbapi_connection.cursor()
            try:
                cursor.execute(query, table_ids)
                return list(cursor.fetchall())
            finally:
                cursor.close()
        except Exception:
            self.close()  # lost, or in doubt: the next read opens a fresh one
            raise

    def connect(self) -> Any:
        """A connection made as the pool makes them (same settings), taken out of the pool,
        in autocommit: each read sees the newest commit and no transaction stays open."""
        connection = self.engine.raw_connection()
        connection.detach()
        dbapi = connection.dbapi_connection
        if self.engine.dialect.name == "sqlite":
            dbapi.isolation_level = None  # type: ignore[union-attr]
        else:
            dbapi.autocommit = True  # type: ignore[union-attr]
        return connection

    def close(self) -> None:
        """Close the watcher's own connection, if it has one."""
        connection, self.connection = self.connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:  # already broken: nothing to give back
                log.debug("closing the watcher's connection", exc_info=True)

    def add(self, table_id: int, since: int, event: Wake) -> None:
        with self.lock:
            self.waiting[table_id].append((since, event))

    def remove(self, table_id: int, since: int, event: Wake) -> None:
        with self.lock:
            waiters = self.waiting.get(table_id, [])
            if (since, event) in waiters:
                waiters.remove((since, event))
            if not waiters:
                self.waiting.pop(table_id, None)

    def waits_for(self, table_id: int) -> bool:
        """Does a request of this process wait for this table to move on?"""
        with self.lock:
            return bool(self.waiting.get(table_id))

    def read_now(self) -> None:
        """Read the waited versions now, not at the next turn (a bus listens again: a change
        made while it did not was carried to nobody)."""
        self.nudge.set()

    def moved(self, table_id: int, version: int, known_at: float) -> None:
        """This process has just committed `version` of the table (or been told of it by the
        bus), and shared it as of `known_at`: its waiting streams are woken at once, not at
        the next read."""
        with self.lock:
            waiters = list(self.waiting.get(table_id, []))
        for since, event in waiters:
            if since != version:
                event.tell(known_at)

    def run(self) -> None:
        """Read the waited tables' versions every WATCH_EVERY seconds (WATCH_WITH_BUS while
        a bus listens); wake who is behind."""
        while True:
            self.nudge.wait(self.every)
            self.nudge.clear()
            with self.lock:
                waited = {table: list(waiters) for table, waiters in self.waiting.items()}
            if not waited:
                self.idle_since = self.idle_since or time.monotonic()
                if self.connection is not None and time.monotonic() - self.idle_since > CLOSE_AFTER:
                    self.close()
                continue
            self.idle_since = None
            read_at = time.monotonic()
            try:
                rows = self.versions(list(waited))
            except Exception:  # the database is away for a moment: the waits time out
                self.failed(time.monotonic())
                continue
            self.failing.worked()
            versions = {int(table_id): int(version) for table_id, version in rows}
            for table_id, waiters in waited.items():
                for since, event in waiters:
                    if versions.get(table_id) != since:  # moved on, or gone
                        event.tell(read_at)


_WATCHERS: dict[int, Watcher] = {}
_CREATING = threading.Lock()


def watcher() -> Watcher:
    """This process's watcher for the current app (started at the first wait)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    key = id(app)
    with _CREATING:
        if key not in _WATCHERS:
            _WATCHERS[key] = Watcher(app)
        return _WATCHERS[key]


def existing(app: Flask) -> Watcher | None:
    """The app's watcher in this process, if a stream has started it."""
    with _CREATING:
        return _WATCHERS.get(id(app))


def watcher_of(app: Flask) -> Watcher:
    """The app's watcher in this process (started now if need be), outside a request."""
    with app.app_context():
        return watcher()


def wait_for_move(table_id: int, since: int, seconds: float) -> float | None:
    """Wait up to `seconds` for the table to be at another version than `since`: if it moved
    on, as of when that was known (Wake.known_at), else None. The request's database session
    is closed first (no connection is held)."""
    if seconds <= 0:
        return None
    db.session.close()
    event = Wake()
    watching = watcher()
    watching.add(table_id, since, event)
    try:
        return event.known_at if event.wait(seconds) else None  # set only by tell()
    finally:
        watching.remove(table_id, since, event)
