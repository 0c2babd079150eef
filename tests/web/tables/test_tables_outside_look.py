"""Standard's look at the outside cards (R3.3): face up on the child's page at the start of
every round, "Remember these!", until "I remember", about 10 seconds, or (without JavaScript)
the next page; recorded as looks; never the middle cards, never after the first turn."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.extensions import db
from classroom.game import actions
from classroom.models import LookRow
from classroom.seatview.notes import OUTSIDE_KEY
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.outside_look import DEAL, LINES, standard_table
from tests.web.helpers.tables import (
    child_client,
    count_for,
    game,
    leave,
    play_turn,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
)


def face_up(page: str, seat: int, position: int, card: int) -> bool:
    return f'data-seat="{seat}" data-position="{position}" data-card="{card}"' in page


def looks(app: Flask, child: MadeChild) -> list[tuple[int, int, str]]:
    with app.app_context():
        rows = db.session.scalars(select(LookRow).where(LookRow.child_id == child.id)).all()
        return sorted((r.round_number, r.position, r.level) for r in rows)


def test_the_outside_cards_show_at_the_start_and_are_recorded(app: Flask, child: MadeChild) -> None:
    table_id = standard_table(app, child)
    kid = child_client(app, child)
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert face_up(page, 0, 1, 1) and face_up(page, 0, 4, 9)
    assert "Remember these!" in page and "I remember" in page
    assert 'data-outside-look="10"' in page or 'data-outside-look="9"' in page
    # The middle cards and the computer's cards stay face down.
    assert 'data-seat="0" data-position="2" data-card' not in page
    assert 'data-seat="0" data-position="3" data-card' not in page
    assert 'data-seat="1" data-position="1" data-card' not in page
    # Without JavaScript the page turns them over by itself within the look's seconds.
    assert '<meta http-equiv="refresh" content="10">' in page
    assert looks(app, child) == [(1, 1, "standard"), (1, 4, "standard")]
    # The live board (JavaScript) keeps them up for the look's seconds; spoken words too.
    live = poll(kid, table_id)["html"]
    assert face_up(live, 0, 1, 1) and "Remember these!" in live
    # Without JavaScript the next page shows them face down; the look is recorded once.
    again = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert not face_up(again, 0, 1, 1) and "Remember these!" not in again
    assert looks(app, child) == [(1, 1, "standard"), (1, 4, "standard")]


def test_i_remember_turns_them_over(app: Flask, child: MadeChild) -> None:
    table_id = standard_table(app, child)
    kid = child_client(app, child)
    kid.get(f"/play/tables/{table_id}")
    answer = kid.post(
        f"/play/tables/{table_id}/look",
        data={"remembered": "1"},
        headers={"Accept": "application/json"},
    ).get_json()
    assert answer["ok"] and not face_up(answer["html"], 0, 1, 1)
    assert not face_up(poll(kid, table_id)["html"], 0, 4, 9)
    # Without JavaScript: a plain post, then the page.
    assert kid.post(f"/play/tables/{table_id}/look", data={"remembered": "1"}).status_code == 303


def test_after_ten_seconds_they_are_face_down(app: Flask, child: MadeChild) -> None:
    table_id = standard_table(app, child)
    kid = child_client(app, child)
    kid.get(f"/play/tables/{table_id}")  # the look begins with the page
    assert face_up(poll(kid, table_id)["html"], 0, 1, 1)
    with app.app_context():
        for row in db.session.scalars(select(LookRow)).all():
            row.created_at = row.created_at - timedelta(seconds=11)
        db.session.commit()
    with kid.session_transaction() as session:
        session.pop(OUTSIDE_KEY)  # another tablet: the rows alone say the look is over
    assert not face_up(poll(kid, table_id)["html"], 0, 1, 1)
    assert not face_up(kid.get(f"/play/tables/{table_id}").get_data(as_text=True), 0, 1, 1)
    assert len(looks(app, child)) == 2


def test_a_late_child_gets_the_look_before_their_first_turn(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard", scoring="total")
    table_id = start_table(app, [mia, leo], stacked=DEAL)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    # Mia plays her first turn without opening the page (a plain post): no look for her now.
    play_turn(app, mia_tablet, table_id)
    page = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Remember these!" not in page and looks(app, mia) == []
    # Leo arrives after Mia's turn, before his own: he gets the look.
    page = leo_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert face_up(page, 1, 1, 5) and face_up(page, 1, 4, 8)
    assert looks(app, leo) == [(1, 1, "standard"), (1, 4, "standard")]


def test_a_child_whose_first_turns_a_stand_in_played_gets_the_look_on_arrival(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """R3.3: the look comes before the child's own first turn, even when a stand-in played
    the seat's turns before the child reached their tablet."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard", scoring="total")
    table_id = start_table(app, [mia, leo], stacked=DEAL, min_turns_before_call=10)
    leo_tablet = child_client(app, leo)
    leave(app, table_id, 0)  # Mia has not come: her seat goes unseen on her turn
    for _ in range(10):  # Leo's page polls: a stand-in plays Mia's first turn
        if game(app, table_id).view(0).turns_taken[0] > 0:
            break
        poll(leo_tablet, table_id)
    assert game(app, table_id).view(0).turns_taken[0] == 1
    assert looks(app, mia) == []
    # Mia arrives: the dealt outside cards still in their places turn face up for her.
    line = game(app, table_id).lines[0]
    still = {p: LINES[0][p - 1] for p in (1, 4) if line[p - 1] == LINES[0][p - 1]}
    assert still  # the stand-in put a card in one place at most
    mia_tablet = child_client(app, mia)
    page = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Remember these!" in page
    assert all(face_up(page, 0, p, card) for p, card in still.items())
    assert looks(app, mia) == sorted((1, p, "standard") for p in still)
    # The live board keeps the look on for its seconds, as for a child who came on time.
    assert "Remember these!" in poll(mia_tablet, table_id)["html"]
    # Once her own first turn is over, the cards are face down.
    play_leo_until_seat(app, leo_tablet, table_id, 0)
    play_turn(app, mia_tablet, table_id)
    page = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Remember these!" not in page
    assert not any(face_up(page, 0, p, card) for p, card in still.items())


def play_leo_until_seat(app: Flask, leo: FlaskClient, table_id: int, seat: int) -> None:
    """Leo plays his turns (never calling) until it is `seat`'s turn."""
    for _ in range(20):
        g = game(app, table_id)
        if g.current_seat == seat:
            return
        action = next(a for a in g.legal_actions() if a.kind.value != "call")
        post_move(leo, table_id, action, snapshot(app, table_id)[0])
    raise AssertionError("it never became the seat's turn")


def test_a_card_put_in_place_is_not_shown_as_an_outside_card(app: Flask, child: MadeChild) -> None:
    """The look shows only the dealt outside card still in its place (the engine's event)."""
    table_id = standard_table(app, child)
    kid = child_client(app, child)
    version = snapshot(app, table_id)[0]
    assert post_move(kid, table_id, actions.DRAW, version).status_code == 303
    assert post_move(kid, table_id, actions.replace(1), version + 1).status_code == 303
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert not face_up(page, 0, 1, 1) and 'data-seat="0" data-position="1" data-card' not in page
    assert face_up(page, 0, 4, 9)


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek"])
def test_other_levels_have_no_outside_look(app: Flask, child: MadeChild, level: str) -> None:
    set_level(app, child, level)
    table_id = start_table(app, [child], ["solid"])
    page = child_client(app, child).get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Remember these!" not in page and looks(app, child) == []


def test_every_round_starts_with_the_look(app: Flask, child: MadeChild) -> None:
    table_id = standard_table(app, child, rounds=2)
    kid = child_client(app, child)
    kid.get(f"/play/tables/{table_id}")
    play_turn(app, kid, table_id, finish=actions.CALL)
    for _ in range(20):
        if snapshot(app, table_id)[1] == "counting":
            break
        poll(kid, table_id)
    count_for(app, kid, table_id, 0)
    assert snapshot(app, table_id)[1] == "playing"
    page = kid.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
    assert "Remember these!" in page
    assert [r for r, _, _ in looks(app, child)] == [1, 1, 2, 2]


def test_no_look_while_the_round_results_are_shown(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """Round 2 is dealt when the last child counts. That child sees round 1's results first:
    the results page neither gives the look nor starts its clock; "Next round!" does. The child
    who counted first waits on the results; its poll that learns of the new round (the page
    then reloads) does not start the look either, nor its reloaded page, which shows round 1's
    results with everyone's bars now that all have counted: "Next round!" does."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard", scoring="total")
    table_id = start_table(app, [mia, leo], stacked=DEAL, rounds=2)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    for tablet in (mia_tablet, leo_tablet):
        tablet.get(f"/play/tables/{table_id}")  # round 1's look
    play_turn(app, mia_tablet, table_id, finish=actions.CALL)
    play_turn(app, leo_tablet, table_id)
    assert snapshot(app, table_id)[1] == "counting"
    count_for(app, mia_tablet, table_id, 0)
    waiting = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Waiting for everyone to count" in waiting
    before = snapshot(app, table_id)[0]
    count_for(app, leo_tablet, table_id, 1)
    assert snapshot(app, table_id)[1] == "playing"
    # Leo's count dealt round 2: his next page shows round 1's results, not the board.
    results = leo_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 of 2 is over!" in results
    # Its speaker reads the results, not the turn the board is not showing.
    assert 'data-speak="Round 1 of 2 is over! Your line made' in results
    assert "Your turn" not in results
    assert "Remember these!" not in results and "card-outside" not in results
    assert [r for r, _, _ in looks(app, leo)] == [1, 1]
    # Mia's waiting page polls once more and learns of the new round: no look yet.
    answer = poll(mia_tablet, table_id, before)
    assert answer["status"] == "playing" and "Remember these!" not in answer["html"]
    assert [r for r, _, _ in looks(app, mia)] == [1, 1]
    # Mia's reloaded page shows round 1's results too, now with Leo's bar: no look yet.
    results = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 of 2 is over!" in results and "card-outside" not in results
    assert [r for r, _, _ in looks(app, mia)] == [1, 1]
    # The pages that show round 2's board give the look, with the whole look's seconds.
    for kid, tablet in ((leo, leo_tablet), (mia, mia_tablet)):
        page = tablet.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
        assert "Remember these!" in page and "card-outside" in page
        assert 'data-outside-look="10"' in page or 'data-outside-look="9"' in page
        assert [r for r, _, _ in looks(app, kid)].count(2) == 2
