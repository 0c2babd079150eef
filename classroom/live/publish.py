"""One publish after the commit: every change of a table passes through the guarded commit
(classroom.tables.moves.bump notes it on the session), and once its transaction commits it is
told to every app process's streams the same way, whatever changed it (a child's, a
teacher's or a computer player's move, a count, a seat taken, given up or taken over):

- this process's streams at that table are woken at once, and when the change left the table
  whole in hand (a move read as moves read it, with its story) they are given it as their
  snapshot, with no read;
- the other processes' streams by the bus (classroom.live.bus): Redis where TABLE_RELAY is
  set, else PostgreSQL's NOTIFY, else (SQLite) none, and their watcher's next read.

A transaction rolled back forgets its changes. Nothing is published while pushed updates are
off (TABLE_PUSH 0): then no page listens, and every page polls.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from flask import Flask, current_app, has_app_context
from sqlalchemy import event
from sqlalchemy.orm import Session, object_session

from classroom.serving import push_seconds
from classroom.tables.moves import CHANGED, Change

from .bus import Bus
from .snapshots import snapshots
from .watcher import existing

_MAKING = threading.Lock()
log = logging.getLogger(__name__)


def bus() -> Bus | None:
    """The current app's bus in this process: Redis (TABLE_RELAY), else PostgreSQL's NOTIFY,
    else None (SQLite)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    with _MAKING:
        if "table_bus" not in app.extensions:
            app.extensions["table_bus"] = _made(app)
        return app.extensions["table_bus"]  # type: ignore[no-any-return]


def _made(app: Flask) -> Bus | None:
    url = str(app.config.get("TABLE_RELAY") or "")
    if url:
        from .relay import Relay

        return Relay(app, url)
    from classroom.extensions import db

    if db.engine.dialect.name == "postgresql":
        from .notify import Notify

        return Notify(app)
    return None


def publish(change: Change) -> None:
    """Tell every process's streams of one committed change (see the module's docstring)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if push_seconds(app.config) <= 0:
        return
    table = change.table
    whole = (
        change.story is not None
        and object_session(table) is None  # an object of no session may outlive the request
        and table.version == change.version
    )
    shared_at = time.monotonic()  # the snapshot's own time is this or later
    watching = existing(app)
    if whole and watching is not None:  # a stream of this process waits: it is given the table
        snapshots().put(table, list(change.story or []))
    if watching is not None:
        watching.moved(change.table_id, change.version, shared_at)
    carrying = bus()
    if carrying is not None:
        body = (table, change.story) if whole else (None, None)
        carrying.publish((change.table_id, change.version, *body))


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    """The changes of the transaction just committed, published."""
    changes: list[Change] = session.info.pop(CHANGED, [])
    if changes and has_app_context():
        for change in changes:
            try:
                publish(change)
            except Exception:  # the change is committed: its answer must not fail for this
                log.exception("publishing a change of table %d", change.table_id)


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    """A transaction rolled back changed nothing."""
    session.info.pop(CHANGED, None)


@event.listens_for(Session, "after_transaction_end")
def _ended(session: Session, transaction: Any) -> None:
    """A transaction ended without a commit (a session closed mid-change) changed nothing
    either: its notes go with it (after a commit they are published and gone already)."""
    if transaction.parent is None:
        session.info.pop(CHANGED, None)


def listen() -> None:
    """From the first event stream of this process on: the other processes' changes too."""
    carrying = bus()
    if carrying is not None:
        carrying.listening()
