"""The connection pool under gevent workers (classroom.serving.engine_pool): a burst of requests
at once keeps its connections for the next burst instead of opening new ones."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import event, text

from classroom import create_app
from classroom.extensions import db
from classroom.serving import engine_pool
from tests.conftest import base_config

SERVER = "postgresql+psycopg://postgres@127.0.0.1/classroom"


def test_gevent_workers_keep_fifteen_connections_to_a_database_server() -> None:
    """Pushed updates (gevent) keep 15 connections, 20 at most; polls (sync workers, one
    request at a time) and SQLite keep SQLAlchemy's own pool."""
    assert engine_pool({"TABLE_PUSH": 55}, SERVER) == {"pool_size": 15, "max_overflow": 5}
    assert engine_pool({"TABLE_PUSH": 0}, SERVER) == {}
    assert engine_pool({"TABLE_PUSH": 55}, "sqlite:////tmp/classroom.sqlite") == {}
    assert engine_pool({"TABLE_PUSH": 55}, "sqlite://") == {}


def test_the_app_s_engine_options_take_the_pool_and_the_configuration_wins(
    tmp_path: Path,
) -> None:
    """The app's engine options: the pool of its serving, unless its configuration names one;
    the JSON codec stays in both cases."""
    config = base_config("postgresql://postgres@127.0.0.1/classroom", tmp_path) | {"TABLE_PUSH": 55}
    options = create_app(config).config["SQLALCHEMY_ENGINE_OPTIONS"]
    assert options["pool_size"] == 15 and options["max_overflow"] == 5
    assert "json_serializer" in options
    named = config | {"SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 3}}
    options = create_app(named).config["SQLALCHEMY_ENGINE_OPTIONS"]
    assert options["pool_size"] == 3 and options["max_overflow"] == 5
    assert (
        "pool_size"
        not in create_app(config | {"TABLE_PUSH": 0}).config["SQLALCHEMY_ENGINE_OPTIONS"]
    )


def test_a_second_burst_of_requests_opens_no_new_connection(
    database_url: str, tmp_path: Path
) -> None:
    """Twelve requests holding a connection at once, twice (a gevent worker held about 15 when
    every tablet moved together): the second burst reuses the first's connections. With
    SQLAlchemy's 5 kept, each burst started seven PostgreSQL processes again."""
    if not database_url.startswith("postgresql"):
        pytest.skip("a database server's pool: the PostgreSQL pass runs this")
    app = create_app(base_config(database_url, tmp_path) | {"TABLE_PUSH": 55})
    burst = 12
    with app.app_context():
        engine = db.engine
        opened: list[object] = []
        event.listen(engine, "connect", lambda connection, _record: opened.append(connection))
        together = threading.Barrier(burst)

        def request() -> None:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
                together.wait(timeout=30)  # every request holds its connection at once

        try:
            for expected in (burst, burst):
                threads = [threading.Thread(target=request) for _ in range(burst)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(timeout=60)
                assert len(opened) == expected  # the first burst's, and no more
        finally:
            engine.dispose()
