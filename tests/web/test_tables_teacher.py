"""A teacher's tables: set one up for children at their level (never mixed levels), watch it
with every card face up, sit in as a player."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from classroom.game import Game
from classroom.models import PlayTable, TableSeat
from tests.web.conftest import MadeChild, MadeClass, MadeGroup
from tests.web.tables import count_rows, set_level, snapshot


def test_the_class_page_links_to_its_tables(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    page = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert f"/classes/{classroom.id}/tables" in page
    assert teacher_client.get(f"/classes/{classroom.id}/tables").status_code == 200


def test_set_up_a_table_for_a_group_and_watch_every_card(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., MadeGroup],
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard")
    group = make_group(classroom, "Table 2", [mia, leo])
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables", data={"group": str(group.id), "computer": "strong"}
    )
    assert response.status_code == 302
    assert count_rows(app, PlayTable) == 1
    assert count_rows(app, TableSeat) == 3
    table_id = int(response.headers["Location"].split("/")[-2])
    version, status, state = snapshot(app, table_id)
    assert status == "playing"
    game = Game.from_dict(state)
    page = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    for seat, line in enumerate(game.lines):
        for position, card in enumerate(line, start=1):
            assert f'data-seat="{seat}" data-position="{position}" data-card="{card}"' in page
    data = teacher_client.get(f"/tables/{table_id}/watch/state?version=-1").get_json()
    assert data["version"] == version and "html" in data
    listing = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Leo, Mia, Top Cat" in listing


def test_one_level_per_table(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "peek")
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables", data={"children": [str(mia.id), str(leo.id)]}
    )
    assert response.status_code == 400
    assert "different levels" in response.get_data(as_text=True)
    assert count_rows(app, PlayTable) == 0


def test_a_child_never_joins_a_table_of_another_level(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    from tests.web.conftest import sign_in_child

    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, leo, "standard")
    first = app.test_client()
    sign_in_child(first, mia)
    table_url = first.post("/play/friends").headers["Location"]
    table_id = int(table_url.rstrip("/").split("/")[-1])
    second = app.test_client()
    sign_in_child(second, leo)
    assert f"/play/tables/{table_id}/join" not in second.get("/play/friends").get_data(as_text=True)
    second.post(f"/play/tables/{table_id}/join")
    assert count_rows(app, TableSeat, table_id=table_id) == 1


def test_the_teacher_sits_in_and_plays(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables",
        data={"children": [str(child.id)], "sit_in": "y"},
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/play")
    table_id = int(response.headers["Location"].split("/")[-2])
    # The child starts (seat 1); the teacher is seat 2.
    version = snapshot(app, table_id)[0]
    assert teacher_client.post(
        f"/tables/{table_id}/move", data={"kind": "draw", "version": str(version)}
    ).status_code in (409, 422)
    from tests.web.conftest import sign_in_child

    kid = app.test_client()
    sign_in_child(kid, child)
    kid.post(f"/play/tables/{table_id}/move", data={"kind": "draw", "version": str(version)})
    kid.post(f"/play/tables/{table_id}/move", data={"kind": "discard", "version": str(version + 1)})
    kid.post(
        f"/play/tables/{table_id}/move", data={"kind": "end_turn", "version": str(version + 2)}
    )
    assert Game.from_dict(snapshot(app, table_id)[2]).current_seat == 1
    page = teacher_client.get(f"/tables/{table_id}/play").get_data(as_text=True)
    assert "Your turn!" in page
    moved = teacher_client.post(
        f"/tables/{table_id}/move", data={"kind": "draw", "version": str(version + 3)}
    )
    assert moved.status_code == 303
    assert snapshot(app, table_id)[0] == version + 4


def test_the_teacher_sits_in_at_an_open_table_starts_and_ends_it(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    from tests.web.conftest import sign_in_child

    kid = app.test_client()
    sign_in_child(kid, child)
    table_id = int(kid.post("/play/friends").headers["Location"].rstrip("/").split("/")[-1])
    assert teacher_client.post(f"/tables/{table_id}/sit-in").status_code == 302
    assert count_rows(app, TableSeat, table_id=table_id) == 2
    started = teacher_client.post(f"/tables/{table_id}/start", data={"computer": "beginner"})
    assert started.status_code == 302
    version, status, _ = snapshot(app, table_id)
    assert status == "playing" and count_rows(app, TableSeat, table_id=table_id) == 3
    assert teacher_client.post(f"/tables/{table_id}/stop").status_code == 302
    assert snapshot(app, table_id)[:2] == (version + 1, "finished")
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Your teacher ended this game." in page
    assert "data-move" not in page  # no move is offered any more
    refused = kid.post(
        f"/play/tables/{table_id}/move", data={"kind": "draw", "version": str(version + 1)}
    )
    assert refused.status_code == 422
