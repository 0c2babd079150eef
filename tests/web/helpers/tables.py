"""Helpers for the table tests: set up tables through the services, read them back, and play
a child's moves over HTTP."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from classroom.extensions import db
from classroom.game import Action, Game, actions
from classroom.models import Child, TableSeat
from classroom.tables import seating
from classroom.tables.clock import aware, now
from classroom.tables.counting import count_step
from classroom.tables.loading import game_of, load_table
from classroom.tables.seating import open_table, seat_child
from tests.web.conftest import MadeChild, sign_in_child


def set_level(app: Flask, child: MadeChild, level: str, **more: Any) -> None:
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.level = level
        for key, value in more.items():
            setattr(row, key, value)
        db.session.commit()


def start_table(
    app: Flask,
    children: Sequence[MadeChild],
    computers: Sequence[str] = (),
    *,
    stacked: Sequence[int] | None = None,
    **options: Any,
) -> int:
    """A started table with the children (seats first) and computer players."""
    with app.app_context():
        first = db.session.get(Child, children[0].id)
        assert first is not None
        opts = {"power_cards": True, "rounds": 1} | options
        if stacked is not None:
            opts["stacked_deck"] = list(stacked)
        table = open_table(first.class_id, first.level, opts, first.scoring)
        for made in children:
            row = db.session.get(Child, made.id)
            assert row is not None
            seat_child(table.id, row)
        seating.start_table(table.id, list(computers))
        return table.id


def snapshot(app: Flask, table_id: int) -> tuple[int, str, Any]:
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        return table.version, table.status, table.state


def game(app: Flask, table_id: int) -> Game:
    return Game.from_dict(snapshot(app, table_id)[2])


def play_turn(
    app: Flask, client: FlaskClient, table_id: int, finish: Action | None = actions.END_TURN
) -> None:
    """The seat on turn plays its turn plainly, whatever the deal gives it: draw, throw the
    card away (or say no to a power card), then `finish` (CALL falls back to END_TURN when a
    call is not allowed yet); with `finish` None it stops at the end-of-turn choice."""
    seat = game(app, table_id).current_seat
    for _ in range(12):
        g = game(app, table_id)
        legal = g.legal_actions()
        if g.current_seat != seat or not legal:
            return
        if actions.END_TURN in legal or actions.CALL in legal:
            if finish is None:
                return
            step = finish if finish in legal else actions.END_TURN
        else:
            plain = (actions.DRAW, actions.DISCARD, actions.DECLINE_SWAP)
            step = next((a for a in plain if a in legal), legal[0])
        response = post_move(client, table_id, step, snapshot(app, table_id)[0])
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
    raise AssertionError("the turn did not end")


def count_rows(app: Flask, model: type[Any], **where: Any) -> int:
    with app.app_context():
        query = select(func.count()).select_from(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        return int(db.session.scalar(query) or 0)


def post_move(client: FlaskClient, table_id: int, action: Action, version: int, **kw: Any) -> Any:
    data = {"version": str(version), **{k: str(v) for k, v in action.to_dict().items()}}
    return client.post(f"/play/tables/{table_id}/move", data=data, **kw)


def poll(client: FlaskClient, table_id: int, version: int = -1) -> dict[str, Any]:
    response = client.get(f"/play/tables/{table_id}/state?version={version}")
    assert response.status_code == 200
    return response.get_json()  # type: ignore[no-any-return]


def play_to_end(
    app: Flask,
    clients: dict[int, FlaskClient],
    table_id: int,
    *,
    seed: int = 0,
    on_step: Any = None,
    max_steps: int = 5000,
) -> None:
    """Play random legal moves for the children's seats (over HTTP) and let the computer
    players move (by polling) until the game is finished; count with cubes or totals."""
    rng = random.Random(seed)
    any_client = next(iter(clients.values()))
    for _ in range(max_steps):
        version, status, state = snapshot(app, table_id)
        if status == "finished":
            return
        if on_step is not None:
            on_step(version, status)
        if status == "counting":
            for seat, client in clients.items():
                count_for(app, client, table_id, seat)
            continue
        g = Game.from_dict(state)
        seat = g.current_seat
        if seat in clients:
            action = rng.choice(g.legal_actions())
            response = post_move(clients[seat], table_id, action, version)
            assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
        else:
            poll(any_client, table_id, version)
    raise AssertionError("the game did not finish")


def play_to_counting(app: Flask, clients: Sequence[FlaskClient], table_id: int) -> None:
    """Children only at the table (client i in seat i): each plays its turns plainly and calls
    when it may, until the round ends and everyone counts."""
    for _ in range(60):
        if snapshot(app, table_id)[1] == "counting":
            return
        seat = game(app, table_id).current_seat
        assert seat is not None
        play_turn(app, clients[seat], table_id, finish=actions.CALL)
    assert snapshot(app, table_id)[1] == "counting"


def three_counting(
    app: Flask, make_child: Callable[..., MadeChild], classroom: Any, **options: Any
) -> tuple[int, list[MadeChild], list[FlaskClient]]:
    """Ava, Mia and Leo (Ultra-Peek, cube bars) at one table, its first round just over: the
    table, the children and their clients (seats 0, 1, 2), everyone still to count."""
    kids = [make_child(classroom, name) for name in ("Ava K.", "Mia K.", "Leo M.")]
    for made in kids:
        set_level(app, made, "ultra_peek", scoring="cubes")
    table_id = start_table(app, kids, **options)
    clients = [child_client(app, made) for made in kids]
    play_to_counting(app, clients, table_id)
    return table_id, kids, clients


def count_for(app: Flask, client: FlaskClient, table_id: int, seat: int) -> None:
    """Count a child's line as their assignment asks, correctly."""
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        g = game_of(table)
        step = count_step(table, table.seats[seat], g)
        line = [int(c) for c in g.lines[seat]]
    url = f"/play/tables/{table_id}/count"
    if step.done:
        return
    if step.cubes:
        data = {f"cubes_{p + 1}": str(n) for p, n in enumerate(line)} | {"press": "snap"}
        response = client.post(url, data=data)
        assert response.status_code == 303, response.get_data(as_text=True)[-3000:]
        count_for(app, client, table_id, seat)
    elif step.total:
        assert client.post(url, data={"total": str(sum(line))}).status_code == 303


def child_client(app: Flask, child: MadeChild) -> FlaskClient:
    """A test client with the child signed in (their tablet)."""
    client = app.test_client()
    sign_in_child(client, child)
    return client


def leave(app: Flask, table_id: int, seat: int, seconds: float = 600) -> None:
    """The seat's child closed their tablet `seconds` ago: their page was last seen then."""
    with app.app_context():
        db.session.execute(
            update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == seat)
            .values(last_seen_at=now() - timedelta(seconds=seconds))
        )
        db.session.commit()


def seat_state(app: Flask, table_id: int, seat: int) -> dict[str, Any]:
    """A seat's away columns as they are in the database now."""
    with app.app_context():
        row = db.session.scalars(
            select(TableSeat).where(TableSeat.table_id == table_id, TableSeat.seat == seat)
        ).one()
        return {
            "stand_in": row.stand_in,
            "taken_out": row.taken_out,
            "away_since": row.away_since,
            "last_seen_at": aware(row.last_seen_at),
        }


def seen_now(app: Flask, table_id: int) -> None:
    """Every seat's page was seen just now (as right after a poll)."""
    with app.app_context():
        db.session.execute(
            update(TableSeat).where(TableSeat.table_id == table_id).values(last_seen_at=now())
        )
        db.session.commit()


def draw_soon(client: FlaskClient, table_id: int, version: int, after: float) -> threading.Thread:
    """The seat on turn draws a card `after` seconds from now, on a thread of its own (while
    the test waits for another seat's poll or stream to bring it); join the thread after."""

    def draw() -> None:
        time.sleep(after)
        post_move(client, table_id, actions.DRAW, version)

    moving = threading.Thread(target=draw)
    moving.start()
    return moving


def pair_at_standard(
    app: Flask, classroom: Any, make_child: Callable[..., MadeChild]
) -> tuple[int, int, MadeChild, MadeChild]:
    """Mia and Leo at a started Standard table, both pages just seen: the table's id and
    version, and the two children."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard")
    table_id = start_table(app, [mia, leo])
    seen_now(app, table_id)
    return table_id, snapshot(app, table_id)[0], mia, leo


def counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The tables every app's snapshots read from the database from now on."""
    from classroom.live.snapshots import Snapshots

    reads: list[int] = []
    read = Snapshots._read

    def counted(self: Snapshots, table: int) -> Any:
        reads.append(table)
        return read(self, table)

    monkeypatch.setattr(Snapshots, "_read", counted)
    return reads


def end_the_round(app: Flask, client: FlaskClient, table_id: int) -> None:
    """The child calls at once (or ends their last turn if the computer player called)."""
    play_turn(app, client, table_id, finish=actions.CALL)
    for _ in range(20):
        if snapshot(app, table_id)[1] != "playing":
            break
        client.get(f"/play/tables/{table_id}/state?version=-1")
    assert snapshot(app, table_id)[1] == "counting"


def to_counting(
    app: Flask, child: MadeChild, scoring: str, rounds: int = 1, **options: Any
) -> tuple[int, FlaskClient]:
    set_level(app, child, "ultra_peek", scoring=scoring)
    table_id = start_table(app, [child], ["beginner", "beginner"], rounds=rounds, **options)
    kid = child_client(app, child)
    play_turn(app, kid, table_id, finish=actions.CALL)
    for _ in range(40):
        if snapshot(app, table_id)[1] == "counting":
            break
        poll(kid, table_id)
    assert snapshot(app, table_id)[1] == "counting"
    return table_id, kid


def to_counting_together(
    app: Flask, children: list[MadeChild], rounds: int = 1
) -> tuple[int, list[FlaskClient]]:
    """Two children side by side at one table, both counting the round that just ended."""
    for made in children:
        set_level(app, made, "ultra_peek", scoring="cubes")
    # Ava's line is the lowest, so her page would have a winner to tell.
    stacked = [1, 2, 3, 4, 5, 6, 7, 8, *([4, 8, 3, 5, 2, 6, 1, 7, 0] * 3)]
    table_id = start_table(app, children, stacked=stacked, rounds=rounds)
    kids = [child_client(app, made) for made in children]
    play_to_counting(app, kids, table_id)
    return table_id, kids
