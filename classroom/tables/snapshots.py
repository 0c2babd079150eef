"""One read of a table for all the event streams of a process (classroom.play.push): when a
table moves on, the first of its streams to wake reads it (the row and its seats, and the story
since a page's version, once for each version asked), and the others at that table build
their boards from that same read instead of reading it again.

A snapshot belongs to no database session, so the streams of every thread or greenlet
may read it at once; nothing writes to it. A stream with something to do (a computer player to
move, a child who came back, a round to count) reads the table itself, as a poll does. The
newest snapshot of each table is kept, for KEEP tables at most.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from flask import current_app
from sqlalchemy import Engine, Select, bindparam, select

from classroom.extensions import db
from classroom.models import PlayTable, TableEvent, TableSeat

from .loading import story_of_rows
from .story import StoryItem

KEEP = 1000  # tables whose newest snapshot a process keeps (a school's live tables, and more)


@dataclass
class Snapshot:
    """A table as one read found it: the row and its seats (objects of no session: read
    them, never write), and the story up to its version since each version a page asked."""

    table: PlayTable
    engine: Engine
    read_at: float  # time.monotonic() when the read began
    stories: dict[tuple[int, int], list[StoryItem]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def version(self) -> int:
        """The table's version when it was read."""
        return self.table.version

    def story_since(self, since: int, limit: int) -> list[StoryItem]:
        """The story after version `since` up to the snapshot's (its last `limit` items), read
        once for all the pages at `since`."""
        with self.lock:
            kept = self.stories.get((since, limit))
            if kept is None:
                window = {"table_id": self.table.id, "since": since, "until": self.version}
                with self.engine.connect() as connection:
                    rows = connection.scalars(_story_window(), window | {"limit": limit})
                    kept = story_of_rows(list(rows))
                self.stories[(since, limit)] = kept
            return kept


class Snapshots:
    """The newest snapshot of each table in this process, and who is reading which table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.lock = threading.Lock()
        self.kept: OrderedDict[int, Snapshot] = OrderedDict()
        self.reading: dict[int, threading.Lock] = {}

    def past(self, table_id: int, version: int, fresh_after: float) -> Snapshot | None:
        """The table read once at a version past `version`, no earlier than `fresh_after`
        (time.monotonic(); the watcher's last read, which woke the stream): the one kept, else
        read now; None if it is gone. (A snapshot is only shared by the streams one move
        wakes: an older one might even be of a deleted table whose id was given again.)"""
        with self.lock:
            reading = self.reading.setdefault(table_id, threading.Lock())
        with reading:  # one read at a time per table: the others wait and share it
            with self.lock:
                kept = self.kept.get(table_id)
            if kept is not None and kept.version > version and kept.read_at >= fresh_after:
                return kept
            fresh = self._read(table_id)
            with self.lock:
                if fresh is None:
                    self.kept.pop(table_id, None)
                    return None
                self.kept[table_id] = fresh
                self.kept.move_to_end(table_id)
                while len(self.kept) > KEEP:
                    old, _ = self.kept.popitem(last=False)
                    self.reading.pop(old, None)
            return fresh

    def _read(self, table_id: int) -> Snapshot | None:
        """Read the table and its seats with Core (half the cost of the ORM's loading) into
        objects of no session: nothing can lazily load, flush or expire them."""
        read_at = time.monotonic()
        with self.engine.connect() as connection:
            row = connection.execute(_TABLE, {"table_id": table_id}).mappings().one_or_none()
            if row is None:
                return None
            seats = connection.execute(_SEATS, {"table_id": table_id}).mappings().all()
        table = PlayTable(**row)
        table.seats = [TableSeat(**seat) for seat in seats]
        return Snapshot(table, self.engine, read_at)


@cache
def _story_window() -> Select[tuple[dict[str, Any]]]:
    """The story's window (after one version, up to another; the last so many items), built
    once with bound parameters: every stream a move wakes asks it."""
    events = TableEvent.__table__.c
    return (
        select(events.event)
        .where(
            events.table_id == bindparam("table_id"),
            events.version > bindparam("since"),
            events.version <= bindparam("until"),
        )
        .order_by(events.id.desc())
        .limit(bindparam("limit"))
    )


_TABLE = select(PlayTable.__table__).where(PlayTable.__table__.c.id == bindparam("table_id"))
_SEATS = (
    select(TableSeat.__table__)
    .where(TableSeat.__table__.c.table_id == bindparam("table_id"))
    .order_by(TableSeat.__table__.c.seat)
)


def snapshots() -> Snapshots:
    """The current app's snapshots in this process (made at the first ask)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    with _MAKING:
        kept = app.extensions.get("table_snapshots")
        if kept is None:
            kept = app.extensions["table_snapshots"] = Snapshots(db.engine)
        return kept  # type: ignore[no-any-return]


_MAKING = threading.Lock()
