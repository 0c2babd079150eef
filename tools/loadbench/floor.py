"""The floor of this design, for comparison (tools/loadbench/inprocess.py): the least a real
move and a real poll could cost if the play path were rewritten for speed alone, inside the
architecture DESIGN.md sets (a Flask request, the child's signed session, one short
transaction per move guarded by the table's version, every choice recorded in it).

Unlike tools/loadbench/bare.py (the same transaction shape with no game in it), these play the
real game: one Core SELECT of the table, its seats and the signed-in child; the engine decodes
the state, applies the move and describes the choice; the guarded UPDATE with the new state,
the choice row, its daily tallies (the app's own counting and upsert) and the story rows;
COMMIT; and the seat's board as JSON data for the browser to draw (no HTML). They leave out
what a real path must still do (the table page's stand-ins and away seats, the end of a round,
the story told in words, a refused move's answer), so they are a lower bound, never a second
implementation.
Registered only by the benchmark, never by the app.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from functools import cache
from typing import Any

from flask import Blueprint, Response, abort, jsonify, request, session
from sqlalchemy import Text, bindparam, cast, insert, select, update

from classroom.access import CHILD_SESSION_KEY
from classroom.extensions import db
from classroom.game import Action, Game, SeatView
from classroom.insights.choices import describe_choice
from classroom.models import Child, ChoiceRow, PlayTable, TableEvent, TableSeat
from classroom.progress import keep
from classroom.progress.records import choice_columns

bp = Blueprint("floor", __name__, url_prefix="/floor")


@cache
def _read() -> Any:
    """The table, its seats and the signed-in child's row, in one query (built once)."""
    table, seat, child = PlayTable.__table__, TableSeat.__table__, Child.__table__
    return (
        select(
            table.c.version,
            table.c.status,
            # Read as text and decoded once: the join repeats it on every seat's row.
            cast(table.c.state, Text).label("state"),
            table.c.class_id,
            seat.c.seat,
            seat.c.child_id,
            seat.c.stand_in,
            child.c.archived_at,
        )
        .select_from(table.join(seat, seat.c.table_id == table.c.id))
        .outerjoin(child, child.c.id == seat.c.child_id)
        .where(table.c.id == bindparam("table_id"))
        .order_by(seat.c.seat)
    )


@cache
def _guarded_update() -> Any:
    """The version-guarded UPDATE of the table's state (built once)."""
    table = PlayTable.__table__
    return (
        update(table)
        .where(table.c.id == bindparam("guard_id"), table.c.version == bindparam("guard_version"))
        .values(
            state=bindparam("new_state"),
            version=bindparam("new_version"),
            updated_at=bindparam("new_updated_at"),
        )
    )


@cache
def _insert(model: type) -> Any:
    """A model's INSERT (built once)."""
    return insert(model.__table__)  # type: ignore[attr-defined]


def _my_seat(table_id: int) -> Any:
    """The row of the signed-in child's seat, with its table's columns (404 if none)."""
    child_id = session.get(CHILD_SESSION_KEY)
    rows = db.session.connection().execute(_read(), {"table_id": table_id}).all()
    for row in rows:
        if row.child_id == child_id and row.archived_at is None:
            return row
    abort(404)


def board_data(game: Game, seat: int, version: int) -> dict[str, Any]:
    """What the seat's page would need to draw its board, as JSON data."""
    view: SeatView = game.view(seat)

    def value(card: Any) -> int | None:
        return None if card is None else int(card)

    return {
        "version": version,
        "current_seat": view.current_seat,
        "phase": str(view.phase),
        "lines": [[value(c) for c in line] for line in view.shown],
        "hand": value(view.hand),
        "someone_holding": view.someone_holding,
        "discard_top": value(view.discard_top),
        "draw_count": view.draw_count,
        "caller": view.caller,
        "final_turns_left": view.final_turns_left,
        "moves": [a.to_dict() for a in game.legal_actions(seat)] if view.my_turn else [],
    }


@bp.post("/tables/<int:table_id>/move")
def move(table_id: int) -> Response | tuple[Response, int]:
    """One ordinary move, as cheaply as this design allows (no round end: 409)."""
    top = _my_seat(table_id)
    seat = top.seat
    try:
        expected = int(request.form.get("version", ""))
        action = Action.from_dict(
            {k: request.form.get(k) for k in ("kind", "position", "other_seat", "other_position")}
        )
    except ValueError:
        return jsonify({"ok": False}), 400
    if top.version != expected or top.status != "playing" or top.stand_in is not None:
        return jsonify({"ok": False}), 409
    game = Game.from_dict(json.loads(top.state))
    view = game.view(seat)
    lines = game.lines
    try:
        events = game.apply(action, seat=seat)
    except ValueError:  # IllegalAction: the game is as it was
        return jsonify({"ok": False}), 422
    if game.round_over:  # the floor measures ordinary moves only
        return jsonify({"ok": False}), 409
    facts = describe_choice(view, action, lines)
    when = datetime.now(UTC)
    connection = db.session.connection()
    written = connection.execute(
        _guarded_update(),
        {
            "guard_id": table_id,
            "guard_version": expected,
            "new_state": game.to_dict(),
            "new_version": expected + 1,
            "new_updated_at": when,
        },
    )
    if written.rowcount != 1:
        db.session.rollback()
        return jsonify({"ok": False}), 409
    values = {
        "child_id": session[CHILD_SESSION_KEY],
        "class_id": top.class_id,
        "table_id": table_id,
        "created_at": when,
    } | choice_columns(facts)
    connection.execute(_insert(ChoiceRow), [values])
    # The tallies as the app keeps them (progress.keep), from the row never added to the ORM.
    hits: Counter[keep.Where] = Counter()
    chances: Counter[keep.Where] = Counter()
    keep.add_rows([ChoiceRow(**values)], hits, chances)
    keep.write(connection, hits, chances)
    connection.execute(
        _insert(TableEvent),
        [{"table_id": table_id, "version": expected + 1, "event": e.to_dict()} for e in events],
    )
    db.session.commit()
    return jsonify({"ok": True, "board": board_data(game, seat, expected + 1)})


@bp.get("/tables/<int:table_id>/state")
def state(table_id: int) -> Response:
    """A poll whose table has moved on: the seat's fresh board as data."""
    top = _my_seat(table_id)
    db.session.commit()
    board = board_data(Game.from_dict(json.loads(top.state)), top.seat, top.version)
    return jsonify({"changed": True, "board": board})
