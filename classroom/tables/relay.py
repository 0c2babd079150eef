"""Moves relayed between app processes (config TABLE_RELAY: a Redis URL; empty, the default:
off). The process that takes a child's move shares the table as its transaction left it with
its own event streams (classroom.tables.snapshots); every other process's streams at that table
had to read it from the database, once a process and a move, and waited for their watcher's
next read (0.2 s) to learn of it. With a relay the move is published on one Redis channel, and
each process with a stream waiting at that table keeps it as its snapshot and wakes the streams
at once: no read of the table, no wait.

The relay only spares work: the watcher still reads the waited versions (every 0.5 s while
the relay listens, 0.2 s otherwise), so a message lost, late or never sent (Redis away) costs
the streams that wait and one read, as without a relay, never a move. Messages are ordered
by table version (an older one never replaces a newer snapshot), and a process skips its own
and those of tables it does not wait for, before decoding them.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import Any

from flask import Flask, current_app
from sqlalchemy import DateTime

from classroom import jsoncodec
from classroom.extensions import db
from classroom.models import PlayTable, TableSeat

from .failing import Failing
from .loading import columns_of, story_of_rows, table_of
from .snapshots import snapshots
from .story import StoryItem
from .waiting import WATCH_EVERY, WATCH_WITH_RELAY, watcher

CHANNEL = "classroom:table-moves:"  # and the database's address: one Redis may serve several
RETRY_AFTER = (0.5, 30.0)  # seconds before listening again after a failure: first, at most
OUTBOX = 1000  # moves waiting to be sent at most (a school's few seconds of moves)

log = logging.getLogger(__name__)


class Relay:
    """One app's relay in one process: it publishes this process's moves, and listens (in a
    thread of its own, from the first event stream on) for the other processes'."""

    def __init__(self, app: Flask, url: str) -> None:
        import redis  # only where a relay is configured

        self.app = app
        self.client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
        with app.app_context():
            database = db.engine.url
        # Only the processes of one database share moves (a table id names a table in one).
        where = f"{database.host or ''}:{database.port or ''}/{database.database or ''}"
        self.channel = CHANNEL + where
        self.token = os.urandom(8).hex().encode()  # this process's own messages are skipped
        self.threads: dict[str, threading.Thread] = {}  # the sender and the listener
        self.lock = threading.Lock()
        self.outbox: queue.Queue[tuple[PlayTable, list[StoryItem]]] = queue.Queue(OUTBOX)
        self.failing = Failing(log, "the table relay")

    def publish(self, table: PlayTable, story: list[StoryItem]) -> None:
        """Tell the other processes of a move this one has just committed: the table and its
        seats as the move left them (objects nothing writes to any more), and the move's
        story. Sent by the relay's own sender: a slow or absent Redis never holds a move's
        answer (the other processes then learn of it from their watcher, as without a
        relay); a move that finds the sender OUTBOX moves behind is not relayed."""
        self.start(self.sending, "table-relay-sender")
        try:
            self.outbox.put_nowait((table, story))
        except queue.Full:
            self.failing.failed(detail="the relay's outbox is full")

    def sending(self) -> None:
        """Send each move put in the outbox, for as long as the process lives."""
        while True:
            table, story = self.outbox.get()
            body = {
                "table": columns_of(table),
                "seats": [columns_of(seat) for seat in table.seats],
                "story": [item.to_dict() for item in story],
            }
            head = b"%s %d %d " % (self.token, table.id, table.version)
            try:
                self.client.publish(self.channel, head + jsoncodec.dumps(body).encode())
            except Exception:
                self.failing.failed(detail="publishing a move")
            else:
                self.failing.worked()

    def listening(self) -> None:
        """Listen for the other processes' moves from now on (once)."""
        self.start(self.listen, "table-relay")

    def start(self, job: Callable[[], None], name: str) -> None:
        """Run `job` in a thread of its own (a greenlet under gevent), once a process."""
        with self.lock:
            if name not in self.threads:
                thread = threading.Thread(target=job, name=name, daemon=True)
                self.threads[name] = thread
                thread.start()

    def listen(self) -> None:
        """Take each move published on the channel, for as long as the process lives."""
        wait = RETRY_AFTER[0]
        while True:
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            waiting = watcher_of(self.app)
            try:
                pubsub.subscribe(self.channel)
                self.failing.worked()
                wait = RETRY_AFTER[0]
                waiting.every = WATCH_WITH_RELAY  # its reads only catch a message lost now
                while True:
                    # Each wait ends within the client's socket timeout (None: nobody moved).
                    message = pubsub.get_message(timeout=HEARTBEAT)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        self.received(message["data"])
                    except Exception:  # a message this code cannot take: the next one may
                        self.failing.failed(detail="taking a relayed move")
            except Exception:
                waiting.every = WATCH_EVERY  # no relay: the reads bring the moves again
                self.failing.failed(detail="listening for moves")
            finally:
                try:
                    pubsub.close()
                except Exception:  # already broken: nothing to close
                    log.debug("closing the relay's subscription", exc_info=True)
            time.sleep(wait)
            wait = min(wait * 2, RETRY_AFTER[1])

    def received(self, data: bytes) -> None:
        """A move published by a process: kept as the table's snapshot here and its waiting
        streams woken, if this process has any at that table (and it is not its own move)."""
        token, table_id, version, body = data.split(b" ", 3)
        if token == self.token:
            return
        waiting = watcher_of(self.app)
        if not waiting.waits_for(int(table_id)):
            return  # no page here follows that table: not even decoded
        table, story = decode(jsoncodec.loads(body))
        if table.id != int(table_id) or table.version != int(version):
            raise ValueError("a relayed move whose head and body disagree")
        shared_at = time.monotonic()
        with self.app.app_context():
            snapshots().put(table, story)
        waiting.moved(table.id, table.version, shared_at)


# The longest wait for a message before the listener looks again (under the socket timeout).
HEARTBEAT = 4.0


def decode(body: dict[str, Any]) -> tuple[PlayTable, list[StoryItem]]:
    """A relayed move's table (with its seats, objects of no session) and story."""
    seats = [_columns(seat, _times(TableSeat)) for seat in body["seats"]]
    table = table_of(_columns(body["table"], _times(PlayTable)), seats)
    return table, story_of_rows(list(reversed(body["story"])))  # stored rows: newest first


def _columns(values: dict[str, Any], times: frozenset[str]) -> list[tuple[str, Any]]:
    # JSON has no time: the columns that hold one are read back from their ISO text.
    return [
        (key, datetime.fromisoformat(value) if key in times and value is not None else value)
        for key, value in values.items()
    ]


@cache
def _times(model: type[PlayTable] | type[TableSeat]) -> frozenset[str]:
    """The model's columns that hold a time."""
    return frozenset(c.key for c in model.__table__.c if isinstance(c.type, DateTime))


_MAKING = threading.Lock()


def relay() -> Relay | None:
    """The current app's relay in this process, or None when none is configured."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    with _MAKING:
        if "table_relay" not in app.extensions:
            url = str(app.config.get("TABLE_RELAY") or "")
            app.extensions["table_relay"] = Relay(app, url) if url else None
        return app.extensions["table_relay"]  # type: ignore[no-any-return]


def watcher_of(app: Flask) -> Any:
    """The app's watcher in this process (classroom.tables.waiting)."""
    with app.app_context():
        return watcher()
