"""A card shown by a PEEK or a look (RULES.md R6, R2) stays face up for one page view only
without JavaScript (Post/Redirect/Get, and the page turns it back by itself a few seconds
later), and only in the fragment of that move's answer with JavaScript. The session keeps
where the card is, never its value."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from classroom.game import actions
from classroom.models import LookRow
from classroom.seatview.notes import REVEAL_KEY
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.peek import peek_table
from tests.web.helpers.tables import (
    child_client,
    count_rows,
    game,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
)


def shows(page: str, seat: int, position: int, card: int) -> bool:
    return f'data-seat="{seat}" data-position="{position}" data-card="{card}"' in page


def test_a_peek_without_javascript_shows_the_card_for_one_page(
    app: Flask, child: MadeChild
) -> None:
    table_id = peek_table(app, child)
    kid = child_client(app, child)
    assert post_move(kid, table_id, actions.DRAW, snapshot(app, table_id)[0]).status_code == 303
    peeked = post_move(kid, table_id, actions.peek(2), snapshot(app, table_id)[0])
    assert peeked.status_code == 303  # never a page that a refresh would post again
    with kid.session_transaction() as session:
        assert set(session[REVEAL_KEY]) == {"table", "seat", "version", "positions"}
    page = kid.get(peeked.headers["Location"]).get_data(as_text=True)
    assert shows(page, 0, 2, 2)
    assert '<noscript><meta http-equiv="refresh" content="4"></noscript>' in page
    # The next page (a refresh, or the page turning itself back) shows it face down again.
    again = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert 'data-seat="0" data-position="2" data-card' not in again
    assert 'content="4"' not in again


def test_a_peek_with_javascript_shows_the_card_in_the_answer_only(
    app: Flask, child: MadeChild
) -> None:
    table_id = peek_table(app, child)
    kid = child_client(app, child)
    json = {"Accept": "application/json"}
    post_move(kid, table_id, actions.DRAW, snapshot(app, table_id)[0], headers=json)
    answer = post_move(kid, table_id, actions.peek(3), snapshot(app, table_id)[0], headers=json)
    assert answer.status_code == 200 and shows(answer.get_json()["html"], 0, 3, 3)
    with kid.session_transaction() as session:
        assert REVEAL_KEY not in session
    assert not shows(poll(kid, table_id)["html"], 0, 3, 3)  # what table.js asks for after 3 s
    assert not shows(kid.get(f"/play/tables/{table_id}").get_data(as_text=True), 0, 3, 3)


def test_a_look_while_others_play_shows_once_and_is_recorded(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia = make_child(classroom, "Mia")
    set_level(app, mia, "peek", power_cards=False)  # no SWAP can move the card meanwhile
    table_id = start_table(app, [mia], ["solid"], first_seat=1, power_cards=False)
    kid = child_client(app, mia)
    card = game(app, table_id).lines[0][3]
    looked = kid.post(f"/play/tables/{table_id}/look", data={"position": "4"})
    assert looked.status_code == 303
    poll(child_client(app, mia), table_id)  # Tabby moves between the look and the page
    page = kid.get(looked.headers["Location"]).get_data(as_text=True)
    assert shows(page, 0, 4, card)
    assert not shows(kid.get(f"/play/tables/{table_id}").get_data(as_text=True), 0, 4, card)
    assert count_rows(app, LookRow, child_id=mia.id) == 1


def test_a_card_that_moved_since_the_look_is_not_shown(app: Flask, child: MadeChild) -> None:
    """After a new round (or a SWAP) the place holds another card: the page shows none."""
    set_level(app, child, "peek")
    table_id = start_table(app, [child], ["solid"], first_seat=1)
    kid: FlaskClient = child_client(app, child)
    looked = kid.post(f"/play/tables/{table_id}/look", data={"position": "1"})
    with kid.session_transaction() as session:
        session[REVEAL_KEY] = session[REVEAL_KEY] | {"version": 0}  # before the deal
    page = kid.get(looked.headers["Location"]).get_data(as_text=True)
    assert 'data-seat="0" data-position="1" data-card' not in page


def test_a_reveal_for_another_table_shows_nothing(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia = make_child(classroom, "Mia")
    set_level(app, mia, "peek")
    first = start_table(app, [mia], ["solid"], first_seat=1)
    second = start_table(app, [mia], ["solid"], first_seat=1)
    kid = child_client(app, mia)
    kid.post(f"/play/tables/{first}/look", data={"position": "1"})
    page = kid.get(f"/play/tables/{second}").get_data(as_text=True)
    assert 'data-seat="0" data-position="1" data-card' not in page


def test_only_events_that_put_another_card_there_hide_it() -> None:
    from classroom.game import Event, EventKind
    from classroom.game import moves_card_at as moved

    assert moved(Event(EventKind.SWAPPED, seat=1, position=2, other_seat=0, other_position=4), 0, 4)
    assert moved(Event(EventKind.SWAPPED, seat=0, position=4, other_seat=1, other_position=2), 0, 4)
    assert not moved(
        Event(EventKind.SWAPPED, seat=1, position=2, other_seat=0, other_position=3), 0, 4
    )
    assert moved(Event(EventKind.PLACED, seat=0, position=4, card=3), 0, 4)
    assert not moved(Event(EventKind.PLACED, seat=1, position=4, card=3), 0, 4)
    assert moved(Event(EventKind.ROUND_STARTED, seat=1, card=5), 0, 4)
    assert not moved(Event(EventKind.DREW, seat=1, card=5, private=True), 0, 4)
