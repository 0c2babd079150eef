"""Reading a table's pushed updates: the stream's messages, a relay's subscribers."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from classroom.extensions import db
from classroom.live.watcher import watcher

BEAT = {"event": "beat", "data": "{}"}  # the stream's heartbeat, as `messages` gives it


def messages(chunks: Iterator[bytes], beats: bool = False) -> Iterator[dict[str, str]]:
    """The stream's messages as they come, each as its fields (`id`, `data`, `retry`, `event`,
    and `comment` for a line starting with a colon); the heartbeats only with `beats`."""
    buffer = ""
    for chunk in chunks:
        buffer += chunk.decode()
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields: dict[str, str] = {}
            for line in block.split("\n"):
                name, _, value = line.partition(":")
                fields[name or "comment"] = value.strip()
            if beats or fields != BEAT:
                yield fields


def streams_at(
    app: Flask, table_id: int, version: int, tablets: list[FlaskClient]
) -> tuple[list[threading.Thread], list[list[dict[str, str]]]]:
    """Each tablet's page at `version` listening to its stream, in a thread, until it is sent
    one event after the stream's first: the threads, and what each was sent."""
    got: list[list[dict[str, str]]] = [[] for _ in tablets]

    def listen(index: int) -> None:
        response = tablets[index].get(
            f"/play/tables/{table_id}/events?version={version}", buffered=False
        )
        stream = messages(response.response)
        got[index] += [next(stream), next(stream)]
        response.close()

    threads = [threading.Thread(target=listen, args=(i,)) for i in range(len(tablets))]
    for thread in threads:
        thread.start()
    return threads, got


def until_waiting(app: Flask, table_id: int, count: int) -> None:
    """Until `count` streams of the app wait for the table to move on."""

    with app.app_context():
        waiting = watcher().waiting
    deadline = time.monotonic() + 20
    while len(waiting.get(table_id, ())) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(waiting.get(table_id, ())) == count


def watcher_sees_nothing(app: Flask, version: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's watcher reads `version` whatever the table is at: only the relay can wake
    its streams (the watcher's own read would wake them within 0.2 s, and they would read)."""

    with app.app_context():
        watching = watcher()
    monkeypatch.setattr(watching, "versions", lambda ids: [(t, version) for t in ids])


def statements_of(app: Flask, call: Callable[[], object]) -> tuple[object, list[str]]:
    """What `call` returns, and the SQL statements it ran."""
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def note(*args: object) -> None:
        statements.append(" ".join(str(args[2]).split()))

    event.listen(engine, "before_cursor_execute", note)
    try:
        return call(), statements
    finally:
        event.remove(engine, "before_cursor_execute", note)
