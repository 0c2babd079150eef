"""Flask extensions, created once without an app and attached in create_app."""

import select
import sqlite3
from typing import Any

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_mailman import Mail
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import Pool

from classroom.green_wait import GreenConnection, system_poll, under_gevent
from classroom.transactions import ReadsCommitSession

# Stable constraint names, so migrations can alter them on SQLite and PostgreSQL alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


# A transaction that only read ends with COMMIT on PostgreSQL (classroom/transactions.py).
db = SQLAlchemy(model_class=Base, session_options={"class_": ReadsCommitSession})
migrate = Migrate(render_as_batch=True, compare_type=True)
csrf = CSRFProtect()
login_manager = LoginManager()
limiter = Limiter(key_func=get_remote_address)
mail = Mail()
# Only the parent report is translated (classroom/translations); every other page is English.
babel = Babel()


# SQLite, per connection (docs/performance.md, "Load benchmark"): foreign keys are off unless
# asked; write-ahead logging lets readers go on while one process writes, and with it
# synchronous=NORMAL syncs the disk at checkpoints instead of at every commit (a crash of the
# machine may lose the last moves, never the file); a writer waits for another's commit for up
# to busy_timeout ms instead of failing with "database is locked".
SQLITE_PRAGMAS = (
    "PRAGMA foreign_keys=ON",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA busy_timeout=15000",
)


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Set SQLITE_PRAGMAS on every new SQLite connection."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        for pragma in SQLITE_PRAGMAS:
            cursor.execute(pragma)
        cursor.close()


@event.listens_for(Engine, "do_connect")
def _green_connection(dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
    """Under gevent, a PostgreSQL connection that looks for the server's answer before
    waiting for it (classroom.green_wait); elsewhere the driver's own (None: the default)."""
    if dialect.driver != "psycopg" or not under_gevent():
        return None
    return GreenConnection.connect(*cargs, **cparams)


@event.listens_for(Pool, "checkout")
def _dropped_by_the_server(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """A pooled PostgreSQL connection that the server has dropped (a restart, an idle timeout,
    a terminated backend) is replaced before a request uses it: DisconnectionError makes the
    pool connect again. A server that drops a connection says so on its socket (its last
    message, then the end of the stream), and an idle connection otherwise has nothing to
    read: so the socket is looked at, with no round trip, and only a connection with
    something to read is asked (SELECT 1). pool_pre_ping asked every checkout, a round trip
    each request (docs/performance.md, "A checkout with no round trip")."""
    pgconn = getattr(dbapi_connection, "pgconn", None)
    if pgconn is None:
        return  # SQLite: a file, no server to lose
    if dbapi_connection.closed or dbapi_connection.broken:
        raise DisconnectionError("the connection was closed")
    try:
        # The system's poll under gevent too: gevent's own cost about 1 % of the server's CPU
        # at a child's pace (docs/performance.md, "Lines drawn once").
        poller = system_poll()
        poller.register(pgconn.socket, select.POLLIN)
        quiet = not poller.poll(0)
    except Exception as lost:  # no socket any more
        raise DisconnectionError(str(lost)) from lost
    if quiet:
        return
    try:
        cursor = dbapi_connection.cursor()
        cursor.execute("SELECT 1")
        cursor.close()
        dbapi_connection.rollback()  # the SELECT began a transaction: none is left open
    except Exception as lost:
        raise DisconnectionError(str(lost)) from lost
