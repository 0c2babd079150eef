"""The bus that carries each committed change of a table to the other app processes (hosts):
Redis's publish/subscribe where TABLE_RELAY names a Redis (classroom.live.relay), else
PostgreSQL's LISTEN/NOTIFY where PostgreSQL is the database (classroom.live.notify), else none
(SQLite: one host, and the watcher's reads carry the changes).

A bus only spares work and waiting: the watcher still reads the waited tables' versions,
every WATCH_WITH_BUS seconds while the bus listens, so a message lost, late or never sent
(Redis or PostgreSQL away) costs the streams that wait and one read, never a move. A change is
sent by the bus's own sender, so a slow or absent bus never holds a move's answer; a process
skips its own messages, and those of tables it does not wait for before decoding them.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable

from flask import Flask

from classroom.models import PlayTable

from .failing import Failing
from .snapshots import snapshots
from .watcher import WATCH_EVERY, WATCH_WITH_BUS, Watcher, watcher_of

RETRY_AFTER = (0.5, 30.0)  # seconds before listening again after a failure: first, at most
OUTBOX = 1000  # changes waiting to be sent at most (a school's few seconds of moves)
LISTEN_FOR = 4.0  # seconds: the longest wait for a message before the listener looks again

log = logging.getLogger(__name__)

# What a process hands the bus: the table's id and new version, and the table as the change
# left it with the change's story when both are whole (objects nothing writes to any more).
Sent = tuple[int, int, PlayTable | None, list[object] | None]


class Bus(ABC):
    """One app's bus in one process: its sender (in a thread of its own, from the first change
    on) and its listener (from the first event stream on). Subclasses carry the bytes."""

    name = "bus"

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.token = os.urandom(8).hex().encode()  # this process's own messages are skipped
        self.threads: dict[str, threading.Thread] = {}  # the sender and the listener
        self.lock = threading.Lock()
        self.outbox: queue.Queue[Sent] = queue.Queue(OUTBOX)
        self.failing = Failing(log, f"the tables' {self.name}")

    # What a transport does (Relay: Redis; Notify: PostgreSQL's LISTEN/NOTIFY).
    @abstractmethod
    def send(self, message: bytes) -> None:
        """Send one message to every process (raises when the transport is away)."""

    @abstractmethod
    def subscribe(self, received: Callable[[bytes], None], ready: Callable[[], None]) -> None:
        """Listen, calling `ready` once listening and `received` with each message, until the
        transport fails (raises)."""

    def body(self, table: PlayTable | None, story: list[object] | None) -> bytes:
        """The part of a message after its head (b"" if the transport carries none)."""
        return b""

    def take(self, table_id: int, version: int, body: bytes) -> None:
        """A body as `body` made it: kept as the table's snapshot in this process."""
        return None  # a transport that carries no body (LISTEN/NOTIFY) has nothing to keep

    # The same for every transport.
    def publish(self, sent: Sent) -> None:
        """Tell the other processes of a change this one has just committed; a change that
        finds the sender OUTBOX changes behind is not sent (the watcher's reads bring it)."""
        self.start(self.sending, f"table-{self.name}-sender")
        try:
            self.outbox.put_nowait(sent)
        except queue.Full:
            self.failing.failed(detail="the outbox is full")

    def sending(self) -> None:
        """Send each change put in the outbox, for as long as the process lives."""
        while True:
            table_id, version, table, story = self.outbox.get()
            head = b"%s %d %d " % (self.token, table_id, version)
            try:
                self.send(head + self.body(table, story))
            except Exception:
                self.failing.failed(detail="sending a change")
            else:
                self.failing.worked()

    def listening(self) -> None:
        """Listen for the other processes' changes from now on (once)."""
        self.start(self.listen, f"table-{self.name}")

    def start(self, job: Callable[[], None], name: str) -> None:
        """Run `job` in a thread of its own (a greenlet under gevent), once a process."""
        with self.lock:
            if name not in self.threads:
                thread = threading.Thread(target=job, name=name, daemon=True)
                self.threads[name] = thread
                thread.start()

    def listen(self) -> None:
        """Take each change sent, for as long as the process lives; after a failure, listen
        again, later and later."""
        wait = RETRY_AFTER[0]
        waiting = watcher_of(self.app)
        while True:
            try:
                self.subscribe(self.received, lambda: self.ready(waiting))
            except Exception:
                self.failing.failed(detail="listening for changes")
            waiting.every = WATCH_EVERY  # no bus: the reads bring the changes again
            time.sleep(wait)
            wait = min(wait * 2, RETRY_AFTER[1])

    def ready(self, waiting: Watcher) -> None:
        """Listening (again): the watcher's reads only catch a message lost from now on."""
        self.failing.worked()
        waiting.every = WATCH_WITH_BUS
        waiting.read_now()  # a change made while nobody listened is read now

    def received(self, data: bytes) -> None:
        """A change sent by a process: this process's streams waiting at that table are woken
        (and given the table, when the message brings it), unless it is its own change."""
        try:
            token, table_id, version, body = data.split(b" ", 3)
            if token == self.token:
                return
            waiting = watcher_of(self.app)
            if not waiting.waits_for(int(table_id)):
                return  # no page here follows that table: not even decoded
            shared_at = time.monotonic()
            if body:
                self.take(int(table_id), int(version), body)
            waiting.moved(int(table_id), int(version), shared_at)
        except Exception:  # a message this code cannot take: the next one may
            self.failing.failed(detail="taking a change sent")


def keep_snapshot(app: Flask, table: PlayTable, story: list[object]) -> None:
    """A table as a change left it, kept as its snapshot in this process."""
    with app.app_context():
        snapshots().put(table, story)  # type: ignore[arg-type]
