"""Changes carried between app processes by PostgreSQL's LISTEN/NOTIFY, where PostgreSQL is
the database and no Redis is configured (TABLE_RELAY empty). Each committed change of a table
is a NOTIFY on one channel ("<token> <table id> <version>"); each process LISTENs on a
connection of its own from its first event stream on, and wakes its streams at that table at
once. Without it, every process read the versions of every waited table five times a second
to learn of the others' changes (classroom.live.watcher); with it, every two seconds, only to
catch a message lost.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Flask
from sqlalchemy import Engine

from classroom.extensions import db

from .bus import LISTEN_FOR, Bus

CHANNEL = "classroom_table_changes"

log = logging.getLogger(__name__)


class Notify(Bus):
    """The bus carried by PostgreSQL's NOTIFY on the app's own database."""

    name = "notify"

    def __init__(self, app: Flask) -> None:
        super().__init__(app)
        with app.app_context():
            self.engine: Engine = db.engine
        self.sender: Any = None  # the sender's own connection, in autocommit

    def connect(self) -> Any:
        """A connection made as the pool makes them, taken out of it, in autocommit."""
        connection = self.engine.raw_connection()
        connection.detach()
        connection.dbapi_connection.autocommit = True  # type: ignore[union-attr]
        return connection

    def send(self, message: bytes) -> None:
        """NOTIFY the channel (a new connection after a failure)."""
        if self.sender is None:
            self.sender = self.connect()
        try:
            cursor = self.sender.dbapi_connection.cursor()
            try:
                cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, message.decode()))
            finally:
                cursor.close()
        except Exception:
            self.sender, broken = None, self.sender
            _close(broken)
            raise

    def subscribe(self, received: Callable[[bytes], None], ready: Callable[[], None]) -> None:
        """LISTEN on a connection of its own; take each notification until it fails."""
        connection = self.connect()
        try:
            dbapi = connection.dbapi_connection
            dbapi.execute(f"LISTEN {CHANNEL}")
            ready()
            while True:
                for note in dbapi.notifies(timeout=LISTEN_FOR):
                    received(note.payload.encode())
        finally:
            _close(connection)


def _close(connection: Any) -> None:
    try:
        connection.close()
    except Exception:  # already broken: nothing to give back
        log.debug("closing a notify connection", exc_info=True)
