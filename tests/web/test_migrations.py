"""The schema comes only from migrations: `flask db upgrade` on an empty database gives exactly
the models' schema, on SQLite and on PostgreSQL, and downgrades back to nothing."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect
from sqlalchemy.engine import make_url

from classroom import create_app
from classroom.extensions import db
from tests.conftest import TEST_DATABASE_ENV, base_config


def fresh_postgresql() -> Iterator[str]:
    import psycopg

    url = make_url(os.environ[TEST_DATABASE_ENV])
    name = f"{url.database}_mig_{uuid.uuid4().hex[:8]}"
    admin = {"host": url.host, "port": url.port or 5432, "user": url.username, "dbname": "postgres"}
    with psycopg.connect(**admin, autocommit=True) as conn:  # type: ignore[arg-type]
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(**admin, autocommit=True) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite'}"
    elif os.environ.get(TEST_DATABASE_ENV, "").startswith("postgres"):
        yield from fresh_postgresql()
    else:
        pytest.skip("PostgreSQL migrations run in bin/test's PostgreSQL pass")


def test_upgrade_from_empty_matches_the_models(empty_database: str, tmp_path: Path) -> None:
    app = create_app(base_config(empty_database, tmp_path / "instance"))
    with app.app_context():
        try:
            upgrade()
            with db.engine.connect() as connection:
                context = MigrationContext.configure(connection, opts={"compare_type": True})
                assert compare_metadata(context, db.metadata) == []
            tables = set(inspect(db.engine).get_table_names())
            assert {t.name for t in db.metadata.sorted_tables} <= tables
            downgrade(revision="base")
            assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
            upgrade()
        finally:
            db.engine.dispose()
