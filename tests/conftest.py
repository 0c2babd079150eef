"""Shared fixtures: an app on a clean database for every test, its client and CLI runner.

The database is a temporary SQLite file, or the PostgreSQL database named by
CLASSROOM_TEST_DATABASE_URL (bin/test's second pass). The schema is made once per session,
and so is the plain app most tests use (shared_app); after each test every table is emptied
and that app's config put back as it was made, so nothing leaks from one test to the next.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import Table, func, select, text

from classroom import create_app
from classroom.extensions import db

TEST_DATABASE_ENV = "CLASSROOM_TEST_DATABASE_URL"
BROWSER_TESTS = os.path.join(os.path.dirname(__file__), "web", "browser") + os.sep
# bin/test runs its PostgreSQL pass beside the SQLite pass with this set: the tests that use no
# database of the pass (marked `any_database`: the engine's and the insights' tests, which
# import nothing of the web side, and those that serve the app on a SQLite file of their own)
# would run alike in both, so they run in the SQLite pass alone. A pass run by itself runs
# them all.
BESIDE_SQLITE_ENV = "CLASSROOM_TEST_BESIDE_SQLITE"
ANY_DATABASE_TESTS = tuple(
    os.path.join(os.path.dirname(__file__), folder) + os.sep for folder in ("game", "insights")
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests of this pass (`any_database` ones in the SQLite pass alone, when bin/test runs
    both), with the browser tests spread through the run."""
    for item in items:
        if str(item.fspath).startswith(ANY_DATABASE_TESTS):
            item.add_marker(pytest.mark.any_database)
    if os.environ.get(BESIDE_SQLITE_ENV) and os.environ.get(TEST_DATABASE_ENV):
        elsewhere = [item for item in items if item.get_closest_marker("any_database")]
        if elsewhere:
            config.hook.pytest_deselected(items=elsewhere)
            items[:] = [item for item in items if not item.get_closest_marker("any_database")]
    spread_browser_tests(items)


def spread_browser_tests(items: list[pytest.Item]) -> None:
    """Spread the browser tests evenly through the run, between the others.

    A browser test mostly waits (for the page, a poll, a card to turn back) while the others
    keep a core busy. In one block, every worker of both passes (bin/test runs them side by
    side) waited at the same time and the cores idled; spread out, a worker's wait is another
    worker's turn. The others keep their order, and the tests of a module with a fixture made
    once a module stay together."""
    browser = [item for item in items if str(item.fspath).startswith(BROWSER_TESTS)]
    if not browser or len(browser) == len(items):
        return
    groups: list[list[pytest.Item]] = []
    for item in items:
        if str(item.fspath).startswith(BROWSER_TESTS):
            continue
        together = _has_module_fixture(item) and groups and groups[-1][0].fspath == item.fspath
        if together:
            groups[-1].append(item)
        else:
            groups.append([item])
    others = len(items) - len(browser)
    spread: list[pytest.Item] = []
    placed = done = 0
    for group in groups:
        spread += group
        done += len(group)
        due = len(browser) * done // others  # browser tests due by this point of the others
        while placed < due < len(browser) and _same_module_fixture(browser[due - 1], browser[due]):
            due += 1  # the browser tests of a module made once a module stay together too
        spread += browser[placed:due]
        placed = max(placed, due)
    spread += browser[placed:]
    items[:] = spread


def _same_module_fixture(one: pytest.Item, other: pytest.Item) -> bool:
    """Are these two tests of one module whose tests share a fixture made once a module?"""
    return one.fspath == other.fspath and _has_module_fixture(other)


def _has_module_fixture(item: pytest.Item) -> bool:
    """Does the test use a fixture made once a module (or class, or package)?"""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        fixture.scope in ("module", "class", "package")
        for fixtures in info.name2fixturedefs.values()
        for fixture in fixtures
    )


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The database every test of this session uses.

    Under pytest-xdist (bin/test runs each pass with two workers) every worker has its own:
    SQLite's file is in the worker's own temporary folder, and on PostgreSQL the worker makes
    a database of its own next to the pass's (its name and the worker's), dropped at the end.
    """
    url = os.environ.get(TEST_DATABASE_ENV)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not url:
        yield "sqlite:///" + str(tmp_path_factory.mktemp("db") / "test.sqlite")
    elif worker is None or not url.startswith("postgresql"):
        yield url
    else:
        yield from worker_database(url, worker)


def worker_database(url: str, worker: str) -> Iterator[str]:
    """A PostgreSQL database for one xdist worker, beside the pass's own; dropped after."""
    from sqlalchemy.engine import make_url

    yield from scratch_database(url, f"{make_url(url).database}_{worker}")


def scratch_database(url: str, name: str) -> Iterator[str]:
    """A new, empty PostgreSQL database `name` on the server of `url` (one left by an
    interrupted run is dropped first); its URL, and it is dropped afterwards."""
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    admin = {
        "host": parsed.host,
        "port": parsed.port or 5432,
        "user": parsed.username,
        "dbname": "postgres",
    }
    if parsed.password:
        admin["password"] = parsed.password
    with psycopg.connect(**admin, autocommit=True) as conn:  # type: ignore[arg-type]
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield parsed.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(**admin, autocommit=True) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def base_config(database_url: str, instance_path: Path) -> dict[str, Any]:
    """The config of a test app: testing mode, a fixed key, no CSRF or rate limit to get in the
    way (tests that check those turn them back on)."""
    return {
        "TESTING": True,
        "INSTANCE_PATH": str(instance_path),
        "DATABASE_URL": database_url,
        "SECRET_KEY": "test-secret-key",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "SERVER_NAME": None,
        # Cheap hashing keeps the suite fast; test_auth checks the scrypt default.
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        # Computer players move at once: no test waits for them.
        "COMPUTER_PACE": 0,
        # No clock thread: a page or a poll plays what is due in the request, so a test drives
        # the computer players by its requests (web/live/test_tables_clock.py runs the thread).
        "TABLE_CLOCK_THREAD": False,
        # Play pages poll, as most tests of a table count on; the pushed updates' own tests
        # (test_tables_push.py, browser/test_play_push.py) turn the streams on.
        "TABLE_PUSH": 0,
    }


@pytest.fixture(scope="session")
def _schema(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    app = create_app(base_config(database_url, tmp_path_factory.mktemp("instance")))
    with app.app_context():
        db.drop_all()
        db.create_all()
    yield
    with app.app_context():
        db.drop_all()
        db.engine.dispose()


# The PostgreSQL sequences behind the tables' ids, by database URL (read once a session).
_SEQUENCES: dict[str, list[str]] = {}


def _sequences() -> list[str]:
    """The names of the sequences that give this database's tables their ids."""
    url = db.engine.url.render_as_string()
    if url not in _SEQUENCES:
        _SEQUENCES[url] = list(
            db.session.scalars(
                text(
                    "SELECT pg_get_serial_sequence(quote_ident(table_name), column_name)"
                    " FROM information_schema.columns WHERE table_schema = current_schema()"
                    " AND (column_default LIKE 'nextval%' OR is_identity = 'YES')"
                )
            )
        )
    return [name for name in _SEQUENCES[url] if name]


def empty_all_tables() -> None:
    """Remove every row, keeping the schema; ids start again at 1."""
    tables = db.metadata.sorted_tables
    if not tables:
        return
    if db.engine.dialect.name == "postgresql":
        # DELETE and the sequences set back, not TRUNCATE: TRUNCATE gives each of the tables a
        # new file, about 30 ms a test, where deleting a test's few rows takes about 4.
        db.session.execute(text("; ".join(f'DELETE FROM "{t.name}"' for t in reversed(tables))))
        restart = ", ".join(f"setval('{name}', 1, false)" for name in _sequences())
        if restart:
            db.session.execute(text(f"SELECT {restart}"))
    else:
        for table in reversed(tables):
            db.session.execute(table.delete())
        # The AUTOINCREMENT tables (children) keep their last id here: set back too, or a
        # test's ids (and the games seeded by them) would depend on the tests run before it.
        kept = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'"
        if db.session.execute(text(kept)).first() is not None:
            db.session.execute(text("DELETE FROM sqlite_sequence"))
    db.session.commit()


@pytest.fixture(scope="session")
def shared_app(
    database_url: str, _schema: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Flask]:
    """The plain test app, made once for the session: making an app costs more than most
    tests (werkzeug compiles every route), and a new app's engine starts with none of
    SQLAlchemy's compiled statements. Each test gets it back with its config as made and an
    empty database (make_app)."""
    app = create_app(base_config(database_url, tmp_path_factory.mktemp("instance")))
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def make_app(database_url: str, shared_app: Flask, tmp_path: Path) -> Iterator[Any]:
    """A factory for apps sharing this test's clean database, with extra config on top.

    The test's first plain app (no overrides) is the session's shared one; an app with
    overrides, or a second app (a restart), is made anew. Afterwards every table is emptied
    and the shared app's config is put back as it was made, whatever the test changed."""
    apps: list[Flask] = []
    config_as_made = dict(shared_app.config)

    def make(**overrides: Any) -> Flask:
        if not overrides and not apps:
            apps.append(shared_app)
            return shared_app
        config = base_config(database_url, tmp_path / "instance") | overrides
        app = create_app(config)
        apps.append(app)
        return app

    yield make
    for app in apps:
        with app.app_context():
            db.session.remove()
            empty_all_tables()
            if app is not shared_app:
                db.engine.dispose()
    shared_app.config.clear()
    shared_app.config.update(config_as_made)


@pytest.fixture
def app(make_app: Any) -> Flask:
    """The app under test, on a clean database."""
    return make_app()  # type: ignore[no-any-return]


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


# A class's simulated history (classroom.progress.history.fill_history), as each worker first
# wrote it: its rows, by table, under what made them.
_HISTORIES: dict[tuple[Any, ...], tuple[Any, dict[str, list[dict[str, Any]]]]] = {}


def _all_rows(table: Table) -> list[dict[str, Any]]:
    """Every row of a table, as its columns, in a stable order."""
    order = list(table.primary_key.columns) or list(table.columns)
    return [dict(row._mapping) for row in db.session.execute(select(table).order_by(*order))]


def _ids_follow(names: Sequence[str]) -> None:
    """On PostgreSQL, set the id sequences of these tables past the rows written with ids."""
    if db.engine.dialect.name != "postgresql":
        return
    for table in db.metadata.sorted_tables:
        keys = list(table.primary_key.columns)
        if table.name in names and len(keys) == 1 and keys[0].autoincrement in (True, "auto"):
            column = keys[0].name
            db.session.execute(
                text(
                    f"SELECT setval(pg_get_serial_sequence(:table, :column),"
                    f' (SELECT max("{column}") FROM "{table.name}"))'
                ),
                {"table": table.name, "column": column},
            )


def remembered_history(real: Callable[..., Any]) -> Callable[..., Any]:
    """fill_history, each history written once a worker and copied after.

    A demo class's eight weeks of simulated play take 10-30 s to play and record, and a
    dozen tests (the demo command, the pages it fills) make the same one: the same class and
    children ids (the ids start again at 1 every test), assignments, days and seed. The
    history is seeded, so the same call writes the same rows: the first call runs for real
    and keeps what it wrote, when it only added rows to tables that were empty; a later same
    call, on tables as empty, writes those rows again. Any other call runs for real."""

    @functools.wraps(real)
    def fill(
        class_id: int,
        children: Sequence[tuple[int, Any]],
        *,
        end: Any,
        weeks: int = 8,
        games: int = 24,
        seed: int = 0,
    ) -> Any:
        from sqlalchemy import inspect

        from classroom.models import Classroom

        tables = db.metadata.sorted_tables
        there = set(inspect(db.session.connection()).get_table_names())
        if not {table.name for table in tables} <= there:  # a schema of an older revision
            return real(class_id, children, end=end, weeks=weeks, games=games, seed=seed)
        room = db.session.get(Classroom, class_id)
        key = (
            db.engine.url.render_as_string(),
            class_id,
            tuple((child, repr(assignment)) for child, assignment in children),
            end,
            weeks,
            games,
            seed,
            room.time_zone if room is not None else None,
        )
        counts = {t.name: db.session.scalar(select(func.count()).select_from(t)) for t in tables}
        kept = _HISTORIES.get(key)
        if kept is not None and all(counts[name] == 0 for name in kept[1]):
            filled, rows = kept
            for table in tables:
                if table.name in rows:
                    db.session.execute(table.insert(), rows[table.name])
            _ids_follow(list(rows))
            return filled
        before = {t.name: _all_rows(t) for t in tables if counts[t.name]}
        filled = real(class_id, children, end=end, weeks=weeks, games=games, seed=seed)
        written: dict[str, list[dict[str, Any]]] = {}
        for table in tables:
            rows = _all_rows(table)
            if table.name in before:
                if rows != before[table.name]:
                    return filled  # it changed rows that were there: not one to copy
            elif rows:
                written[table.name] = rows
        _HISTORIES[key] = (filled, written)
        return filled

    return fill


@pytest.fixture(scope="session", autouse=True)
def _history_once_a_worker() -> Iterator[None]:
    """Every module's fill_history (classroom.cli's, the tests' helpers') remembers its
    histories (remembered_history)."""
    from classroom.progress import history

    real = history.fill_history
    fill = remembered_history(real)
    with pytest.MonkeyPatch.context() as patch:
        for module in list(sys.modules.values()):
            if getattr(module, "fill_history", None) is real:
                patch.setattr(module, "fill_history", fill)
        yield
