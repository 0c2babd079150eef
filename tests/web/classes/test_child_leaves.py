"""A child deleted, archived or taken out in the middle of a game (issue 14, defect 1): their
seat goes to a computer player at once (the gentlest they may play with), or the table ends
cleanly when no one else is left; a classmate's table goes on. Once a child is deleted, a
query over every table of the database (all columns, all rows) finds neither their id nor
their name, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import MetaData, select

from classroom.extensions import db
from classroom.game import actions
from classroom.models import Child, PlayTable, Teacher
from classroom.tables import seating
from classroom.tables.loading import stored_story
from classroom.tables.story import SeatNote, tell
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch
from tests.web.helpers.tables import (
    child_client,
    count_for,
    game,
    play_turn,
    poll,
    seat_state,
    set_level,
    snapshot,
    start_table,
)

# A name no other text of the app could hold by chance.
NAME = "Zephyrine Q."


@pytest.fixture
def pair(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> tuple[MadeChild, MadeChild]:
    """Zephyrine (who may play with Tabby and Top Cat, not Kitten) and Leo, at Ultra-Peek."""
    zephyrine, leo = make_child(classroom, NAME), make_child(classroom, "Leo")
    set_level(app, zephyrine, "ultra_peek", computer_beginner=False, computer_strong=True)
    return zephyrine, leo


def seat_row(app: Flask, table_id: int, seat: int) -> dict[str, Any]:
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        assert table is not None
        row = table.seats[seat]
        return {
            "child_id": row.child_id,
            "computer": row.computer,
            "stand_in": row.stand_in,
            "name": row.name,
        }


def everything_in_the_database(app: Flask) -> list[tuple[str, str, Any, Any]]:
    """Every value of every column of every row of every table (reflected from the database
    itself, so tables outside the models are read too): (table, column, value, referent),
    the referent being the table a foreign key of the column points to."""
    found = []
    with app.app_context():
        meta = MetaData()
        meta.reflect(bind=db.engine)
        for table in meta.sorted_tables:
            refers = {c.name: {fk.column.table.name for fk in c.foreign_keys} for c in table.c}
            for row in db.session.execute(select(table)):
                for column, value in row._mapping.items():
                    found.append((table.name, column, value, refers.get(column, set())))
    return found


def assert_forgotten(app: Flask, child_id: int, name: str) -> None:
    """Neither the child's id (in any column pointing at children, or any JSON "child_id")
    nor their name (anywhere, in any text or JSON) is left."""
    rows = everything_in_the_database(app)
    assert len(rows) > 50, "the scan read the database"
    for table, column, value, referent in rows:
        if "children" in referent or (table == "children" and column == "id"):
            assert value != child_id, f"{table}.{column} still holds the child's id"
        text = value if isinstance(value, str) else json.dumps(value, default=str)
        assert name not in text, f"{table}.{column} still holds the child's name"
        if isinstance(value, dict | list):
            assert f'"child_id": {child_id}' not in text.replace('"child_id":', '"child_id": ')


def test_deleting_a_child_on_their_turn_hands_the_seat_over_and_forgets_them(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    pair: tuple[MadeChild, MadeChild],
) -> None:
    zephyrine, leo = pair
    # A teacher's table of two children, no computer players; Zephyrine plays a turn and
    # it is hers again after Leo's.
    table_id = start_table(app, [zephyrine, leo], rounds=3)
    tablets = {0: child_client(app, zephyrine), 1: child_client(app, leo)}
    play_turn(app, tablets[0], table_id)
    play_turn(app, tablets[1], table_id)
    assert game(app, table_id).current_seat == 0
    assert NAME in teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)

    page = teacher_client.get(f"/children/{zephyrine.id}/delete").get_data(as_text=True)
    assert "is at 1 card table now: a computer player takes their seat at once" in page
    assert re.search(r"<li>\d+ choices? in games;</li>", page), "her first turn is listed"
    with pytest.raises(AssertionError, match="still holds the child's"):
        assert_forgotten(app, zephyrine.id, NAME)  # the scan does see her while she is here
    response = teacher_client.post(f"/children/{zephyrine.id}/delete", follow_redirects=True)
    assert f"{NAME} and all of their data are deleted." in response.get_data(as_text=True)
    assert fetch(app, Child, zephyrine.id) is None
    # At once: Tabby, the gentlest computer player she could play with, has the seat.
    assert seat_row(app, table_id, 0) == {
        "child_id": None,
        "computer": "solid",
        "stand_in": None,
        "name": "Tabby",
    }
    assert game(app, table_id).names[0] == "Tabby"
    # Leo's table goes on: Tabby plays her turn as soon as Leo's page asks.
    for _ in range(20):
        poll(tablets[1], table_id)
        if game(app, table_id).current_seat == 1:
            break
    assert game(app, table_id).current_seat == 1
    play_turn(app, tablets[1], table_id)
    # The table went on past Leo's turn: Tabby's seat is next, or Tabby called Rat-a-Tat-Cat
    # on her turn and Leo's was the last (the deal decides which).
    assert snapshot(app, table_id)[1] in ("playing", "counting")
    for page in (
        tablets[1].get(f"/play/tables/{table_id}"),
        teacher_client.get(f"/classes/{classroom.id}/tables"),
        teacher_client.get(f"/tables/{table_id}/watch"),
    ):
        assert page.status_code == 200
        assert NAME not in page.get_data(as_text=True)
    with app.app_context():
        story = stored_story(table_id)
    notes = [item for item in story if isinstance(item, SeatNote)]
    assert notes == [SeatNote("handed_over", 0, "Tabby")]
    lines = [line.text for line in tell(story, game(app, table_id).names, me=1)]
    assert "Tabby plays in this seat now." in lines
    assert_forgotten(app, zephyrine.id, NAME)


def test_deleting_a_child_the_table_waits_for_to_count(
    app: Flask, teacher_client: FlaskClient, pair: tuple[MadeChild, MadeChild]
) -> None:
    zephyrine, leo = pair
    table_id = start_table(app, [zephyrine, leo], rounds=2)
    tablets = {0: child_client(app, zephyrine), 1: child_client(app, leo)}
    play_turn(app, tablets[0], table_id, finish=actions.CALL)
    for _ in range(6):
        if snapshot(app, table_id)[1] == "counting":
            break
        play_turn(app, tablets[game(app, table_id).current_seat], table_id)
    assert snapshot(app, table_id)[1] == "counting"
    count_for(app, tablets[1], table_id, 1)
    assert snapshot(app, table_id)[1] == "counting"  # waiting for Zephyrine
    teacher_client.post(f"/children/{zephyrine.id}/delete")
    assert snapshot(app, table_id)[1] == "playing"
    assert game(app, table_id).round_number == 2
    assert_forgotten(app, zephyrine.id, NAME)


def test_deleting_a_child_at_a_finished_table_forgets_their_name_there(
    app: Flask, teacher_client: FlaskClient, pair: tuple[MadeChild, MadeChild]
) -> None:
    zephyrine, leo = pair
    table_id = start_table(app, [zephyrine, leo])
    teacher_client.post(f"/tables/{table_id}/stop")
    assert snapshot(app, table_id)[1] == "finished"
    teacher_client.post(f"/children/{zephyrine.id}/delete")
    assert seat_row(app, table_id, 0)["name"] == "Player 1"
    assert_forgotten(app, zephyrine.id, NAME)


def test_deleting_the_last_child_at_a_table_ends_it(
    app: Flask, teacher_client: FlaskClient, pair: tuple[MadeChild, MadeChild]
) -> None:
    zephyrine, _ = pair
    table_id = start_table(app, [zephyrine], ["beginner"])
    teacher_client.post(f"/children/{zephyrine.id}/delete")
    assert snapshot(app, table_id)[1] == "finished"
    assert_forgotten(app, zephyrine.id, NAME)


def test_deleting_a_child_at_an_open_table_gives_up_their_seat(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    pair: tuple[MadeChild, MadeChild],
    make_child: Callable[..., MadeChild],
) -> None:
    zephyrine, leo = pair
    mo = make_child(classroom, "Mo")
    with app.app_context():
        table = seating.open_table(classroom.id, "ultra_peek", {}, "cubes")
        for made in (zephyrine, leo, mo):
            seating.seat_child(table.id, db.session.get(Child, made.id), by_teacher=True)
        alone = seating.open_table(classroom.id, "ultra_peek", {}, "cubes")
        seating.seat_child(alone.id, db.session.get(Child, zephyrine.id))
        table_id, alone_id = table.id, alone.id
    teacher_client.post(f"/children/{zephyrine.id}/delete")
    assert [seat_row(app, table_id, s)["name"] for s in (0, 1)] == ["Leo", "Mo"]
    assert fetch(app, PlayTable, alone_id) is None  # nobody was left at it
    with app.app_context():
        seating.start_table(table_id)
    assert game(app, table_id).names == ("Leo", "Mo")
    assert_forgotten(app, zephyrine.id, NAME)


def test_archiving_a_child_mid_game_hands_their_seat_over_at_once(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    pair: tuple[MadeChild, MadeChild],
) -> None:
    zephyrine, leo = pair
    table_id = start_table(app, [zephyrine, leo])
    assert game(app, table_id).current_seat == 0
    teacher_client.post(f"/children/{zephyrine.id}/archive")
    state = seat_state(app, table_id, 0)
    assert state["stand_in"] == "solid" and state["taken_out"] is True
    tablet = child_client(app, leo)
    for _ in range(20):
        poll(tablet, table_id)
        if game(app, table_id).current_seat == 1:
            break
    assert game(app, table_id).current_seat == 1
    # Bringing her back to the class does not give her the seat back mid-game.
    teacher_client.post(f"/children/{zephyrine.id}/restore")
    assert seat_state(app, table_id, 0)["stand_in"] == "solid"


def test_archiving_the_only_child_at_a_table_ends_it(
    app: Flask, teacher_client: FlaskClient, pair: tuple[MadeChild, MadeChild]
) -> None:
    zephyrine, _ = pair
    table_id = start_table(app, [zephyrine], ["strong", "solid"])
    teacher_client.post(f"/children/{zephyrine.id}/archive")
    assert snapshot(app, table_id)[1] == "finished"


def test_taking_out_the_last_child_ends_the_table(
    app: Flask, teacher_client: FlaskClient, pair: tuple[MadeChild, MadeChild]
) -> None:
    zephyrine, leo = pair
    table_id = start_table(app, [zephyrine, leo])
    teacher_client.post(f"/tables/{table_id}/seats/0/take-out")
    assert snapshot(app, table_id)[1] == "playing"  # Leo plays on with Tabby
    teacher_client.post(f"/tables/{table_id}/seats/1/take-out")
    assert snapshot(app, table_id)[1] == "finished"  # nobody is left to play with


def test_a_teacher_sitting_in_keeps_the_table_going(
    app: Flask,
    teacher_client: FlaskClient,
    teacher: MadeTeacher,
    pair: tuple[MadeChild, MadeChild],
) -> None:
    zephyrine, _ = pair
    with app.app_context():
        first = db.session.get(Child, zephyrine.id)
        table = seating.open_table(first.class_id, "ultra_peek", {}, "cubes")
        seating.seat_child(table.id, first)
        seating.seat_teacher(table.id, db.session.get(Teacher, teacher.id))
        seating.start_table(table.id)
        table_id = table.id
    teacher_client.post(f"/children/{zephyrine.id}/delete")
    assert snapshot(app, table_id)[1] == "playing"
    assert seat_row(app, table_id, 0)["computer"] == "solid"
