"""Ending a transaction that only read with COMMIT, on PostgreSQL (docs/performance.md,
"Prepared statements kept").

psycopg prepares a statement on the server once it has run it five times on a connection,
and from then on PostgreSQL skips parsing and planning it. But psycopg forgets every prepared
statement at each ROLLBACK (a rolled-back transaction might have changed the tables under
them), and every request of the app ended with one: a session's close rolls back what is
left of its transaction, which for most requests (a poll, a page) only read. So no statement
was ever prepared. For a transaction that only read, COMMIT and ROLLBACK do the same; so a
session whose transaction ran nothing but SELECTs, and holds no change of its own, commits
when it closes. A transaction that wrote, or holds unsaved changes, is rolled back as before:
nothing a request left unfinished is ever kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from flask_sqlalchemy.session import Session
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

WROTE = "classroom_wrote"  # Connection.info: this transaction ran something else than a SELECT
READING = "classroom_connection"  # Session.info: the connection of its transaction


@event.listens_for(Engine, "begin")
def _nothing_written_yet(connection: Connection) -> None:
    """A new transaction has written nothing."""
    connection.info.pop(WROTE, None)


@event.listens_for(Engine, "before_cursor_execute")
def _note_a_write(
    connection: Connection,
    _cursor: Any,
    statement: str,
    _parameters: Any,
    _context: Any,
    _executemany: bool,
) -> None:
    """Anything but a SELECT (an INSERT, an UPDATE, DDL, a SELECT with a CTE that may write)
    marks the transaction as one that wrote."""
    if statement.lstrip()[:6].upper() != "SELECT":
        connection.info[WROTE] = True


class ReadsCommitSession(Session):
    """The app's session (db.session): on PostgreSQL, a transaction that only read ends with
    COMMIT when the session closes, so the connection keeps its prepared statements."""

    def close(self) -> None:
        """Close the session: COMMIT a transaction that only read (PostgreSQL), roll back
        anything else."""
        connection = self.info.pop(READING, None)
        if connection is not None and self._only_read(connection):
            # As the rollback would, the close leaves the loaded rows as they are (a detached
            # expired row cannot be read any more).
            with suppress(Exception):  # a failed commit: the close below rolls back
                commit_keeping_rows(self)
        super().close()

    def _only_read(self, connection: Connection) -> bool:
        """Did this session's transaction only read, with no change of its own waiting?"""
        return (
            connection.dialect.name == "postgresql"
            and self.in_transaction()
            and not connection.closed
            and not connection.invalidated
            and not connection.info.get(WROTE)
            and not (self.new or self.deleted or self.dirty)
        )


def commit_keeping_rows(session: Session) -> None:
    """Commit without expiring the session's rows: they are as the transaction left them, and
    reading them again would cost a query each (or fail, once the session has let them go)."""
    expiring, session.expire_on_commit = session.expire_on_commit, False
    try:
        session.commit()
    finally:
        session.expire_on_commit = expiring


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection of its own for reads only (an event stream's shared read of a table), in
    autocommit: each statement sees the newest commit, with no BEGIN and COMMIT around it
    (two round trips of the four a shared read took on PostgreSQL). The callers' statements
    are each whole on their own (the table and its seats are one query; a story is read up to
    the version that query saw)."""
    with engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")
        yield connection


@event.listens_for(ReadsCommitSession, "after_begin")
def _remember_connection(session: Any, _transaction: Any, connection: Connection) -> None:
    """The connection the session's transaction reads and writes through (close looks at it)."""
    session.info[READING] = connection
