"""Shared fixtures: an app on a clean database for every test, its client and CLI runner.

The database is a temporary SQLite file, or the PostgreSQL database named by
CLASSROOM_TEST_DATABASE_URL (bin/test's second pass). The schema is made once per session;
after each test every table is emptied, so nothing leaks from one test to the next.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import text

from classroom import create_app
from classroom.extensions import db

TEST_DATABASE_ENV = "CLASSROOM_TEST_DATABASE_URL"


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The database every test of this session uses."""
    url = os.environ.get(TEST_DATABASE_ENV)
    if url:
        return url
    return "sqlite:///" + str(tmp_path_factory.mktemp("db") / "test.sqlite")


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


def empty_all_tables() -> None:
    """Remove every row, keeping the schema."""
    tables = db.metadata.sorted_tables
    if not tables:
        return
    if db.engine.dialect.name == "postgresql":
        names = ", ".join(f'"{t.name}"' for t in tables)
        db.session.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    else:
        for table in reversed(tables):
            db.session.execute(table.delete())
    db.session.commit()


@pytest.fixture
def make_app(database_url: str, _schema: None, tmp_path: Path) -> Iterator[Any]:
    """A factory for apps sharing this test's clean database, with extra config on top."""
    apps: list[Flask] = []

    def make(**overrides: Any) -> Flask:
        config = base_config(database_url, tmp_path / "instance") | overrides
        app = create_app(config)
        apps.append(app)
        return app

    yield make
    for app in apps:
        with app.app_context():
            db.session.remove()
            empty_all_tables()
            db.engine.dispose()


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
