"""Choosing one's own card for a SWAP (RULES.md R7) without loading the page: the board's JSON
with `mine` (table.js's chooseSwap) shows the card chosen and the others' cards to swap with,
as the page with `?mine=` does without JavaScript; a choice that cannot be made is ignored."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game import Power, actions
from classroom.models import Child, Teacher
from classroom.tables import seating
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_child
from tests.web.helpers.tables import post_move, set_level, snapshot, start_table

SWAP = int(Power.SWAP)
CHOSEN = re.compile(r'data-swap-chosen="(\d)"')
SWAP_LINKS = re.compile(r'data-swap-mine="(\d)"')
TARGETS = re.compile(r'name="kind" value="swap"')
DECK = [1, 2, 3, 4, 5, 6, 7, 8, 5, SWAP, 3, 4, 5]  # two lines, the DISCARD, a SWAP to draw


@pytest.fixture
def swap_in_hand(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> tuple[int, FlaskClient, FlaskClient]:
    """R7: Mia (Peek level) has drawn a SWAP at a table with Leo; their two clients."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "peek")
    set_level(app, leo, "peek")
    table_id = start_table(app, [mia, leo], stacked=DECK)
    clients = []
    for kid in (mia, leo):
        client = app.test_client()
        sign_in_child(client, kid)
        clients.append(client)
    response = post_move(clients[0], table_id, actions.DRAW, snapshot(app, table_id)[0])
    assert response.status_code == 303
    return table_id, clients[0], clients[1]


def board_json(client: FlaskClient, table_id: int, query: str) -> dict[str, object]:
    response = client.get(f"/play/tables/{table_id}/state?version=-1{query}")
    assert response.status_code == 200
    data = response.get_json()
    assert isinstance(data, dict)
    return data


def test_r7_the_board_json_shows_the_chosen_card_and_the_cards_to_swap_with(
    app: Flask, swap_in_hand: tuple[int, FlaskClient, FlaskClient]
) -> None:
    table_id, mia, _ = swap_in_hand
    before = board_json(mia, table_id, "")["html"]
    assert isinstance(before, str)
    assert SWAP_LINKS.findall(before) == ["1", "2", "3", "4"]
    assert not CHOSEN.search(before) and not TARGETS.search(before)
    assert "You have a SWAP. Tap your card" in before

    chosen = board_json(mia, table_id, "&mine=2")["html"]
    assert isinstance(chosen, str)
    assert CHOSEN.findall(chosen) == ["2"]
    assert len(TARGETS.findall(chosen)) == 4  # Leo's four cards, each a Swap button
    assert 'name="position" value="2"' in chosen
    assert "swap-chosen" in chosen and SWAP_LINKS.findall(chosen) == []  # no card to choose
    # "Choose another card" goes back to no choice; the speaker says the new step.
    assert 'data-swap-mine=""' in chosen
    assert "Now tap someone else&#39;s card to swap with yours." in chosen

    # The page without JavaScript (`?mine=2`) draws the same choice.
    page = mia.get(f"/play/tables/{table_id}?mine=2").get_data(as_text=True)
    assert CHOSEN.findall(page) == ["2"] and len(TARGETS.findall(page)) == 4

    # The swap sent from that board is played (R7): Mia's 2 and Leo's 6 change places.
    version = snapshot(app, table_id)[0]
    response = post_move(mia, table_id, actions.swap(2, 1, 2), version)
    assert response.status_code == 303
    lines = snapshot(app, table_id)[2]["lines"]
    assert [lines[0][1], lines[1][1]] == [6, 2]


@pytest.mark.parametrize("mine", ["9", "0", "abc", "-1", ""])
def test_a_choice_that_cannot_be_made_shows_the_swap_as_before(
    swap_in_hand: tuple[int, FlaskClient, FlaskClient], mine: str
) -> None:
    table_id, mia, _ = swap_in_hand
    html = board_json(mia, table_id, f"&mine={mine}")["html"]
    assert isinstance(html, str)
    assert not CHOSEN.search(html) and not TARGETS.search(html)
    assert SWAP_LINKS.findall(html) == ["1", "2", "3", "4"]


def test_another_seat_cannot_choose_for_the_swap(
    swap_in_hand: tuple[int, FlaskClient, FlaskClient],
) -> None:
    table_id, _, leo = swap_in_hand
    html = board_json(leo, table_id, "&mine=2")["html"]
    assert isinstance(html, str)
    assert not CHOSEN.search(html) and not TARGETS.search(html) and not SWAP_LINKS.search(html)


def test_r7_the_teacher_sitting_in_chooses_a_card_the_same_way(
    app: Flask, teacher_client: FlaskClient, teacher: MadeTeacher, child: MadeChild
) -> None:
    set_level(app, child, "peek")
    with app.app_context():
        first = db.session.get(Child, child.id)
        assert first is not None
        options = {"power_cards": True, "rounds": 1, "stacked_deck": DECK}
        table = seating.open_table(first.class_id, "peek", options, "cubes")
        seating.seat_teacher(table.id, db.session.get(Teacher, teacher.id))
        seating.seat_child(table.id, first)
        seating.start_table(table.id)
        table_id = table.id
    version = snapshot(app, table_id)[0]
    response = teacher_client.post(
        f"/tables/{table_id}/move", data={"kind": "draw", "version": str(version)}
    )
    assert response.status_code == 303  # the teacher, in seat 1, has drawn the SWAP
    response = teacher_client.get(f"/tables/{table_id}/play/state?version=-1&mine=3")
    html = response.get_json()["html"]
    assert CHOSEN.findall(html) == ["3"] and len(TARGETS.findall(html)) == 4
