"""A class's dashboard filled with played rounds, and its pages read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.models import Child
from classroom.progress.history import fill_history
from tests.web.conftest import MadeChild, MadeClass

NAMES = ("Ava", "Ben", "Cleo", "Dev", "Eli", "Fay")


def today() -> date:
    return datetime.now(UTC).date()


def fill(app: Flask, classroom: MadeClass, children: Sequence[MadeChild], **options: int) -> None:
    """Simulated weeks of play for the children, written as real rows (classroom.progress)."""
    with app.app_context():
        rows = db.session.scalars(select(Child).where(Child.id.in_([c.id for c in children])))
        assigned = {row.id: Assignment.of(row) for row in rows}
        chosen = [(c.id, assigned[c.id]) for c in children]
        fill_history(classroom.id, chosen, end=today(), **options)
        db.session.commit()


def page(client: FlaskClient, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, response.get_data(as_text=True)[-2000:]
    return response.get_data(as_text=True)
