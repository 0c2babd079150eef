"""The floor of the load benchmark (tools/loadbench/floor.py) plays the real game and writes
what a real move writes, so its figures compare like with like (docs/performance.md)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from flask import Flask
from sqlalchemy import select, update

from classroom.extensions import db
from classroom.game import ActionKind, Game
from classroom.models import ChoiceRow, DailyTally, PlayTable, TableEvent
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.tables import post_move, snapshot, start_table
from tools.loadbench import floor

NAMES = ("Mia K.", "Leo P.", "Ava R.", "Sam T.", "Zoe B.", "Max C.")


def _copy_state(app: Flask, source: int, target: int) -> None:
    """The target table plays on from exactly the source's game (random state included)."""
    with app.app_context():
        state = db.session.get(PlayTable, source).state
        db.session.execute(update(PlayTable).where(PlayTable.id == target).values(state=state))
        db.session.commit()


def _written(app: Flask, table_id: int, since: int) -> dict[str, Any]:
    """What moves at a table wrote after version `since`: the choices' facts per seat, the
    story, the tallies, the state."""
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        seat_of = {s.child_id: s.seat for s in table.seats}
        choices = db.session.scalars(
            select(ChoiceRow).where(ChoiceRow.table_id == table_id).order_by(ChoiceRow.id)
        ).all()
        tallies = db.session.scalars(
            select(DailyTally).where(DailyTally.child_id.in_(seat_of))
        ).all()
        story = db.session.scalars(
            select(TableEvent.event)
            .where(TableEvent.table_id == table_id, TableEvent.version > since)
            .order_by(TableEvent.id)
        ).all()
        return {
            "choices": [(seat_of[c.child_id], c.kind, c.outcome, c.facts) for c in choices],
            "tallies": sorted(
                (seat_of[t.child_id], t.level, t.key, t.hits, t.chances) for t in tallies
            ),
            "story": list(story),
            "state": table.state,
            "version": table.version,
        }


def test_a_floor_move_writes_what_a_real_move_writes(
    app: Flask, make_child: Callable[..., MadeChild], classroom: MadeClass
) -> None:
    """Played from the same game, the same moves write the same state, choices, tallies and
    story through the app's move and through the floor's."""
    app.register_blueprint(floor.bp)
    kids = [make_child(classroom, name) for name in NAMES]
    real, cheap = kids[:3], kids[3:]
    real_table = start_table(app, real)
    floor_table = start_table(app, cheap)
    _copy_state(app, real_table, floor_table)
    start = snapshot(app, real_table)[0]
    assert snapshot(app, floor_table)[0] == start
    real_clients, floor_clients = [], []
    for made, clients in [(c, real_clients) for c in real] + [(c, floor_clients) for c in cheap]:
        client = app.test_client()
        sign_in_child(client, made)
        clients.append(client)
    rng = random.Random(3)
    played = 0
    for _ in range(60):
        version, _status, state = snapshot(app, real_table)
        game = Game.from_dict(state)
        seat = game.current_seat
        assert seat is not None
        choices = [a for a in game.legal_actions() if a.kind is not ActionKind.CALL]
        action = rng.choice(choices)
        trial = Game.from_dict(state)
        trial.apply(action)
        if trial.round_over:  # the floor measures ordinary moves only
            break
        assert post_move(real_clients[seat], real_table, action, version).status_code == 303
        data = {"version": str(version)} | {k: str(v) for k, v in action.to_dict().items()}
        answer = floor_clients[seat].post(f"/floor/tables/{floor_table}/move", data=data)
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
        board = answer.get_json()["board"]
        # The answer shows only what the seat may see.
        shown = trial.view(seat).shown
        assert board["lines"] == [[None if c is None else int(c) for c in ln] for ln in shown]
        played += 1
    assert played >= 20
    assert _written(app, floor_table, start) == _written(app, real_table, start)


def test_the_floor_refuses_a_stale_move_and_a_stranger(
    app: Flask, make_child: Callable[..., MadeChild], classroom: MadeClass
) -> None:
    """Even the floor keeps the guard: a stale version is a 409 and garbage a 400, and neither
    writes anything; a child with no seat at the table gets a 404."""
    app.register_blueprint(floor.bp)
    kids = [make_child(classroom, name) for name in NAMES[:3]]
    table_id = start_table(app, kids[:2])
    version, _status, state = snapshot(app, table_id)
    game = Game.from_dict(state)
    seat = game.current_seat
    assert seat is not None
    action = game.legal_actions()[0]
    client = app.test_client()
    sign_in_child(client, kids[seat])
    data = {"version": str(version - 1)} | {k: str(v) for k, v in action.to_dict().items()}
    assert client.post(f"/floor/tables/{table_id}/move", data=data).status_code == 409
    garbage = data | {"version": "seven"}
    assert client.post(f"/floor/tables/{table_id}/move", data=garbage).status_code == 400
    assert snapshot(app, table_id)[0] == version
    stranger = app.test_client()
    sign_in_child(stranger, kids[2])
    assert stranger.get(f"/floor/tables/{table_id}/state").status_code == 404
