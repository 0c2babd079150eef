"""One read of a table for all the event streams of a process (classroom.play.push): when a
table moves on, the first of its streams to wake reads it (the row and its seats, and the story
since a page's version, once for each version asked), and the others at that table build
their boards from that same read instead of reading it again. A move made in the process
needs no read at all: its request leaves the table as its transaction wrote it (`put`) and
wakes the process's streams of that table at once.

A snapshot belongs to no database session, so the streams of every thread or greenlet
may read it at once; nothing writes to it. A table counting is shared too. A stream with
something to do (a computer player to move, a child away or back) reads the table itself, as a
poll does. The
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
from classroom.models import PlayTable, TableEvent
from classroom.tables.loading import read_table, story_of_rows
from classroom.tables.story import StoryItem
from classroom.transactions import reading

SNAPSHOTS = "table_snapshots"  # app.extensions: the app's Snapshots in this process
KEEP = 1000  # tables whose newest snapshot a process keeps (a school's live tables, and more)
ONE_VERSION = 100  # story items a read takes of its version (a move writes a handful)


@dataclass
class Snapshot:
    """A table as one read found it: the row and its seats (objects of no session: read
    them, never write), and the story up to its version since each version a page asked."""

    table: PlayTable
    engine: Engine
    read_at: float  # time.monotonic() when the read began
    stories: dict[tuple[int, int], list[StoryItem]] = field(default_factory=dict)
    # The whole story since a version, known without a read (a move made in this process).
    told: dict[int, list[StoryItem]] = field(default_factory=dict)
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
            if kept is None and since in self.told:
                kept = self.told[since][-limit:]
            if kept is None:
                window = {"table_id": self.table.id, "since": since, "until": self.version}
                with reading(self.engine) as connection:
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
        (time.monotonic(); when what woke the stream was known: the watcher's read, or this
        process's move sharing its table): the one kept, else
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
                self._forget_oldest()
            return fresh

    def put(self, table: PlayTable, story: list[StoryItem]) -> None:
        """A move this process has just committed: the table as its transaction left it (an
        object of no session, which nothing writes to any more) and the move's story, kept
        as if read now. The streams the move wakes here build their boards from it without
        a read; another process's read the table once, or are given it by the relay
        (classroom.live.bus). A snapshot of a newer version is kept instead."""
        snapshot = Snapshot(table, self.engine, time.monotonic())
        snapshot.told[table.version - 1] = list(story)
        with self.lock:
            kept = self.kept.get(table.id)
            if (
                kept is not None
                and kept.version >= table.version
                and kept.table.created_at == table.created_at  # not a table whose id was reused
            ):
                return  # a newer move of it came first (relayed from another process)
            self.kept[table.id] = snapshot
            self.kept.move_to_end(table.id)
            self._forget_oldest()

    def _forget_oldest(self) -> None:
        while len(self.kept) > KEEP:
            old, _ = self.kept.popitem(last=False)
            self.reading.pop(old, None)

    def _read(self, table_id: int) -> Snapshot | None:
        """Read the table and its seats (loading.read_table: one query, objects of no
        session, so nothing can lazily load, flush or expire them)."""
        read_at = time.monotonic()
        with reading(self.engine) as connection:
            table = read_table(connection, table_id)
            if table is None:
                return None
            # The story of this version itself, with the same connection: the pages a move
            # wakes are most often one version behind, and ask for just that.
            window = {"table_id": table_id, "since": table.version - 1, "until": table.version}
            rows = list(connection.scalars(_story_window(), window | {"limit": ONE_VERSION}))
        snapshot = Snapshot(table, self.engine, read_at)
        if len(rows) < ONE_VERSION:  # the whole of it
            snapshot.told[table.version - 1] = story_of_rows(rows)
        return snapshot


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


def snapshots() -> Snapshots:
    """The current app's snapshots in this process (made at the first ask)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    with _MAKING:
        kept = app.extensions.get(SNAPSHOTS)
        if kept is None:
            kept = app.extensions[SNAPSHOTS] = Snapshots(db.engine)
        return kept  # type: ignore[no-any-return]


_MAKING = threading.Lock()
