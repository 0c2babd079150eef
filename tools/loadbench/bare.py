"""A move's transaction with no game in it, for comparison (tools/loadbench/inprocess.py):
a POST through Flask with the child's session (the child loaded as the app's views load it)
and CSRF token, one SELECT of the table, one UPDATE of it, one INSERT, a COMMIT and a small
JSON answer; no game, no choice facts, no tallies, no board. Not the least a move could cost:
tools/loadbench/floor.py, with the real game but Core statements built once, costs less.
Registered only by the benchmark, never by the app."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify
from flask_wtf.csrf import generate_csrf
from sqlalchemy import insert, select, update

from classroom.access import me, require_child
from classroom.extensions import db
from classroom.models import LookRow, PlayTable
from classroom.tables.service import now

bp = Blueprint("bare", __name__, url_prefix="/bare")
bp.before_request(require_child)


@bp.get("/token")
def token() -> str:
    """The CSRF token of the child's session."""
    return generate_csrf()


@bp.post("/tables/<int:table_id>/move")
def move(table_id: int) -> Response:
    """A bare transaction of the size of a move (the game is left as it is)."""
    child = me()
    table = db.session.execute(
        select(PlayTable.version, PlayTable.state, PlayTable.class_id).where(
            PlayTable.id == table_id
        )
    ).one()
    db.session.execute(
        update(PlayTable)
        .where(PlayTable.id == table_id, PlayTable.version == table.version)
        .values(updated_at=now())
    )
    db.session.execute(
        insert(LookRow),
        [
            {
                "child_id": child.id,
                "class_id": table.class_id,
                "table_id": table_id,
                "round_number": 1,
                "turn_number": 1,
                "position": 1,
                "level": "standard",
                "created_at": now(),
            }
        ],
    )
    db.session.commit()
    return jsonify({"ok": True, "version": table.version})
