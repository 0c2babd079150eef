"""A child who opens a new game with the computer: their older game with computer players only
stops as it stands (as a teacher's stop: nothing scored, every recorded choice kept), so it
does not stay "playing" for good in the teacher's tables; games with a friend or a teacher's
table go on."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.models import ChoiceRow, PlayTable, TableEvent, TableStatus
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.tables import count_rows, play_turn, set_level, start_table


def with_the_computer(client: FlaskClient) -> int:
    """Open a game with one computer player from the child's page; its table's id."""
    page = client.get("/play/computer").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    data = {"player": "beginner"}
    if token:
        data["csrf_token"] = token.group(1)
    response = client.post("/play/computer", data=data)
    assert response.status_code in (302, 303)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def status(app: Flask, table_id: int) -> tuple[str, object]:
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        assert table is not None
        return table.status, table.next_computer_at


def test_a_new_computer_game_stops_the_older_one_and_keeps_its_record(
    app: Flask, child: MadeChild, teacher_client: FlaskClient
) -> None:
    set_level(app, child, "ultra_peek")
    client = app.test_client()
    sign_in_child(client, child)
    old = with_the_computer(client)
    play_turn(app, client, old)  # the child's choices are recorded
    kept = (
        count_rows(app, ChoiceRow, table_id=old),
        count_rows(app, TableEvent, table_id=old),
    )
    assert kept[0] > 0 and status(app, old)[0] == TableStatus.PLAYING
    new = with_the_computer(client)
    assert status(app, old) == (TableStatus.FINISHED, None)
    assert status(app, new)[0] == TableStatus.PLAYING
    after = (
        count_rows(app, ChoiceRow, table_id=old),
        count_rows(app, TableEvent, table_id=old),
    )
    assert after == (kept[0], kept[1] + 1)  # every row kept, and a line saying why it stopped
    # The old game's page (another tab, the back button) says why it stopped: not the teacher.
    page = client.get(f"/play/tables/{old}").get_data(as_text=True)
    assert "You started a new game, so this one stopped." in page
    assert "Your teacher ended this game." not in page
    assert "Everyone's bars" not in page  # stopped in its first round: nothing was scored
    assert "data-move" not in page
    watched = teacher_client.get(f"/tables/{old}/watch").get_data(as_text=True)
    assert f"{child.display_name} started a new game, so this one stopped." in watched
    # The child's home offers the new game only.
    home = client.get("/me").get_data(as_text=True)
    backs = re.findall(r'<a class="button big back-to-game"[^>]*href="([^"]+)"', home)
    assert backs == [f"/play/tables/{new}"]


def test_games_with_a_friend_or_a_teacher_go_on(
    app: Flask,
    child: MadeChild,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    friend = make_child(classroom, "Leo B.")
    with_friend = start_table(app, [child, friend], ["beginner"])
    with app.app_context():  # a table the teacher set up for the child
        table = db.session.get(PlayTable, start_table(app, [child], ["beginner"]))
        assert table is not None
        table.created_by_id = classroom.owner_id
        db.session.commit()
        teachers = table.id
    client = app.test_client()
    sign_in_child(client, child)
    with_the_computer(client)
    assert status(app, with_friend)[0] == TableStatus.PLAYING
    assert status(app, teachers)[0] == TableStatus.PLAYING
