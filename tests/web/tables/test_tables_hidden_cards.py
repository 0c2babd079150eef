"""The hidden-card promise: over many random game states at every level, the page, the board
fragment and the JSON a seat receives show no value of a card that seat may not see at that
moment. Every rendered card carries data-card only when it is face up for the page; a
face-down card shows the back, is named "face-down card" and is in no story sentence."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.game import Game
from classroom.tables.moves import play_move
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.hidden_cards import (
    check_page,
    public_cards,
)
from tests.web.helpers.tables import set_level, snapshot, start_table


def read(client: FlaskClient, table_id: int) -> tuple[str, dict[str, Any]]:
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    # From version 0: the JSON brings the story's newest lines too.
    data = client.get(f"/play/tables/{table_id}/state?version=0").get_json()
    return page, data


def test_the_checker_catches_a_leak() -> None:
    """The parser above does find a value where a face-down card should be."""
    from classroom.game import new_game

    view = new_game("standard", 2, seed=1).view(0)
    leak = (
        '<span class="card-wrap" data-seat="1" data-position="2" data-card="4">'
        '<img class="card-img" src="/static/cards/4.svg" alt="4, a cat" data-say="4"></span>'
    )
    with pytest.raises(AssertionError):
        check_page(leak, view)


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
@pytest.mark.parametrize("seats", [2, 3])
def test_no_page_shows_a_card_its_seat_may_not_see(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    level: str,
    seats: int,
) -> None:
    rng = random.Random(f"{level}-{seats}")
    kids = [make_child(classroom, f"Kid {i}") for i in range(seats)]
    for kid in kids:
        set_level(app, kid, level, scoring="cubes")
    table_id = start_table(app, kids, rounds=2)
    clients = []
    for kid in kids:
        client = app.test_client()
        sign_in_child(client, kid)
        clients.append(client)
    steps = 0
    while steps < 400:
        version, status, state = snapshot(app, table_id)
        if status == "finished":
            break
        game = Game.from_dict(state)
        watched = rng.randrange(seats)
        page, data = read(clients[watched], table_id)
        everyone_saw = public_cards(app, table_id)
        check_page(page, game.view(watched), public_events=everyone_saw)
        check_page(data["html"], game.view(watched), public_events=everyone_saw)
        for news in data["news"]:  # the JSON's story: pictures of public cards only
            assert news["card"] is None or news["card"] in everyone_saw
        assert len(data["story"]) == len(data["news"])
        story = '<section class="story"><ol>' + "".join(data["story"]) + "</ol></section>"
        check_page(story, game.view(watched), public_events=everyone_saw)
        if status == "counting":
            from tests.web.helpers.tables import count_for

            for seat, client in enumerate(clients):
                count_for(app, client, table_id, seat)
            continue
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        if view.may_look and rng.random() < 0.3:
            position = rng.choice(view.may_look)
            looked = clients[seat].post(
                f"/play/tables/{table_id}/look", data={"position": str(position)}
            )
            assert looked.status_code == 303
            shown = clients[seat].get(looked.headers["Location"]).get_data(as_text=True)
            truth = {position: game.lines[seat][position - 1]}
            check_page(shown, view, truth, public_cards(app, table_id))
            # One page view only: the next page shows the card as the level does (face down).
            again = clients[seat].get(f"/play/tables/{table_id}").get_data(as_text=True)
            check_page(again, view, public_events=public_cards(app, table_id))
        action = rng.choice(game.legal_actions())
        with app.app_context():
            result = play_move(table_id, seat, action, version)
        steps += 1
        if any(e.kind.value == "peeked" for e in result.events):
            after = Game.from_dict(snapshot(app, table_id)[2])
            page = read(clients[seat], table_id)[0]
            check_page(page, after.view(seat), public_events=public_cards(app, table_id))
    assert steps > 10
