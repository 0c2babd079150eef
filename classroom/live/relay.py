"""Changes relayed between app processes by Redis (config TABLE_RELAY: a Redis URL; empty, the
default: off). Each committed change of a table is published on one Redis channel
(classroom.live.publish); each process with a stream waiting at that table wakes it at once.
A child's move comes with the table as its transaction left it and the move's story, which
that process keeps as the table's snapshot (classroom.live.snapshots): its streams build their
boards without reading the table. Other changes (a count, a seat, a teacher's move) bring
their version only, and the process's first stream to wake reads the table for all of them.
Messages are ordered by table version (an older one never replaces a newer snapshot).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from functools import cache
from typing import Any

from flask import Flask
from sqlalchemy import DateTime

from classroom import jsoncodec
from classroom.extensions import db
from classroom.models import PlayTable, TableSeat
from classroom.tables.loading import columns_of, story_of_rows, table_of
from classroom.tables.story import StoryItem

from .bus import LISTEN_FOR, Bus, keep_snapshot

CHANNEL = "classroom:table-moves:"  # and the database's address: one Redis may serve several


class Relay(Bus):
    """The bus carried by one Redis channel."""

    name = "relay"

    def __init__(self, app: Flask, url: str) -> None:
        import redis  # only where a relay is configured

        super().__init__(app)
        self.client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
        with app.app_context():
            database = db.engine.url
        # Only the processes of one database share changes (a table id names a table in one).
        where = f"{database.host or ''}:{database.port or ''}/{database.database or ''}"
        self.channel = CHANNEL + where

    def send(self, message: bytes) -> None:
        """Publish one message on the channel."""
        self.client.publish(self.channel, message)

    def subscribe(self, received: Callable[[bytes], None], ready: Callable[[], None]) -> None:
        """Take each message published on the channel until Redis fails."""
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.subscribe(self.channel)
            ready()
            while True:
                # Each wait ends within the client's socket timeout (None: nobody moved).
                message = pubsub.get_message(timeout=LISTEN_FOR)
                if message is not None and message.get("type") == "message":
                    received(message["data"])
        finally:
            with suppress(Exception):  # already broken: nothing to close
                pubsub.close()

    def body(self, table: PlayTable | None, story: list[Any] | None) -> bytes:
        """The table and its seats as the change left them, and its story, when whole."""
        if table is None or story is None:
            return b""
        body = {
            "table": columns_of(table),
            "seats": [columns_of(seat) for seat in table.seats],
            "story": [item.to_dict() for item in story],
        }
        return jsoncodec.dumps(body).encode()

    def take(self, table_id: int, version: int, body: bytes) -> None:
        """Keep a relayed table as its snapshot in this process."""
        table, story = decode(jsoncodec.loads(body))
        if table.id != table_id or table.version != version:
            raise ValueError("a relayed change whose head and body disagree")
        keep_snapshot(self.app, table, list(story))


def decode(body: dict[str, Any]) -> tuple[PlayTable, list[StoryItem]]:
    """A relayed change's table (with its seats, objects of no session) and story."""
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
