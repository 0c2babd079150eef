"""A child who leaves mid-game (docs/play.md, "A child who leaves"): when their seat has not
been seen for AWAY_AFTER on their turn (or while the table waits for their count), the others
read "Mia has left the table", the gentlest computer player their assignment allows plays
their turns (recorded as a computer's choices, never the child's) until the child comes back
and takes the seat back; the teacher sees who is away and can take a child out for good."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game import actions
from classroom.models import ChoiceRow, ComputerChoiceRow, CountRow, RoundRow, TableEvent
from classroom.tables.clock import now
from classroom.tables.computers import advance_computers
from classroom.tables.loading import stored_story
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.hidden_cards import check_page, public_cards
from tests.web.helpers.tables import (
    child_client,
    count_for,
    count_rows,
    game,
    leave,
    play_turn,
    poll,
    post_move,
    seat_state,
    set_level,
    snapshot,
    start_table,
)


@pytest.fixture
def pair(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> tuple[MadeChild, MadeChild]:
    """Mia (who may play with Tabby and Top Cat, not Kitten) and Leo, at Standard."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "standard", computer_beginner=False, computer_strong=True)
    set_level(app, leo, "standard")
    return mia, leo


def notes(app: Flask, table_id: int) -> list[str]:
    """The seat notes in the table story, oldest first."""
    with app.app_context():
        return [s.kind for s in stored_story(table_id) if not hasattr(s, "card")]


def play_leo_until_mias_turn(app: Flask, leo: FlaskClient, table_id: int) -> None:
    """Leo plays his turn (draw, discard, done) and polls until it is seat 0's turn again."""
    for _ in range(60):
        g = game(app, table_id)
        if g.current_seat == 0:
            return
        if g.current_seat == 1:
            action = next(a for a in g.legal_actions() if a.kind.value != "call")
            post_move(leo, table_id, action, snapshot(app, table_id)[0])
        else:
            poll(leo, table_id)
    raise AssertionError("it never became seat 0's turn")


def test_a_child_who_left_is_played_for_until_they_come_back(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    mia, leo = pair
    # Nobody may call yet (R10): the round goes on long enough for Mia to come back.
    table_id = start_table(app, [mia, leo], min_turns_before_call=10)
    leo_tablet = child_client(app, leo)
    assert game(app, table_id).current_seat == 0  # Mia's turn, and her tablet is closed
    leave(app, table_id, 0)
    version = snapshot(app, table_id)[0]
    news = poll(leo_tablet, table_id, version)
    assert news["version"] == version + 1  # marked away: a change everyone's page sees
    said = [line["text"] for line in news["news"]]
    assert "Mia has left the table. Tabby plays for Mia until Mia comes back." in said
    assert "Mia has left the table." in news["html"]  # the note above the lines
    # The story list of Leo's page gets the line too (table.js adds the answer's `story`).
    assert any("Mia has left the table." in item for item in news["story"])
    # The gentlest computer player her assignment allows (Tabby: Kitten is not allowed).
    assert seat_state(app, table_id, 0)["stand_in"] == "solid"
    page = leo_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Mia has left the table." in page and "Away: Tabby plays" in page
    check_page(page, game(app, table_id).view(1), public_events=public_cards(app, table_id))
    # Tabby plays Mia's turn, one action per read, as Tabby's choices, never Mia's.
    for _ in range(10):
        if game(app, table_id).current_seat != 0:
            break
        poll(leo_tablet, table_id)
    assert game(app, table_id).current_seat == 1
    # The story tells Tabby's moves as Tabby's, never as Mia's slips.
    page = leo_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Tabby (for Mia) drew a card." in page or "Tabby (for Mia) took" in page
    assert "Mia drew a card." not in page
    assert count_rows(app, ComputerChoiceRow, table_id=table_id, personality="solid") >= 2
    assert count_rows(app, ComputerChoiceRow, table_id=table_id, seat=0) >= 2
    assert count_rows(app, ChoiceRow, child_id=mia.id) == 0
    # Mia opens her tablet again: the seat is hers at once, and the others read it.
    mia_tablet = child_client(app, mia)
    page = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert seat_state(app, table_id, 0)["stand_in"] is None
    # Back, she reads who played for her in the line that greets her: the line saying she
    # left may be out of the page's story by now (Tabby's turn can take many lines, with a
    # DRAW 2 or a PEEK; a clean-clone CI run dealt such a turn).
    assert "You are back! Tabby played for you." in page
    back = poll(leo_tablet, table_id, news["version"])
    assert any("Mia is back!" in item for item in back["story"])
    assert notes(app, table_id) == ["left", "back"]
    # Her own moves are her choices again.
    play_leo_until_mias_turn(app, leo_tablet, table_id)
    moved = post_move(mia_tablet, table_id, actions.DRAW, snapshot(app, table_id)[0])
    assert moved.status_code == 303
    assert count_rows(app, ChoiceRow, child_id=mia.id) == 1


def test_a_child_back_in_the_middle_of_their_turn_waits_for_it_to_end(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    mia, leo = pair
    table_id = start_table(app, [mia, leo])
    leo_tablet = child_client(app, leo)
    leave(app, table_id, 0)
    poll(leo_tablet, table_id)  # Mia is marked away
    poll(leo_tablet, table_id)  # Tabby draws (or takes) for her: her turn is under way
    assert game(app, table_id).hand is not None
    mia_tablet = child_client(app, mia)
    page = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Tabby is finishing your turn. Then it is yours again." in page
    assert 'data-my-turn="no"' in page and 'class="move-form"' not in page
    # A move she sends anyway is refused with a sentence, and changes nothing.
    before = snapshot(app, table_id)
    refused = post_move(mia_tablet, table_id, actions.DISCARD, before[0])
    assert refused.status_code == 422
    assert "Tabby is playing for you now" in refused.get_data(as_text=True)
    assert count_rows(app, ChoiceRow, child_id=mia.id) == 0
    for _ in range(10):
        if game(app, table_id).current_seat != 0:
            break
        poll(leo_tablet, table_id)
    assert seat_state(app, table_id, 0)["stand_in"] == "solid"  # until her next request
    poll(mia_tablet, table_id)
    assert seat_state(app, table_id, 0)["stand_in"] is None


def test_a_child_whose_page_polls_is_never_away(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    mia, leo = pair
    table_id = start_table(app, [mia, leo])
    leave(app, table_id, 0)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    poll(mia_tablet, table_id)  # her page asks for the table: she is seen now
    seen = seat_state(app, table_id, 0)["last_seen_at"]
    assert seen is not None and (now() - seen).total_seconds() < 5
    before = snapshot(app, table_id)
    poll(leo_tablet, table_id)
    assert snapshot(app, table_id) == before
    assert seat_state(app, table_id, 0)["stand_in"] is None


def test_polls_write_when_the_seat_was_seen_now_and_then(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    """Polling every 0.7 s does not mean a write per poll: last seen moves every few seconds."""
    mia, leo = pair
    table_id = start_table(app, [mia, leo])
    mia_tablet = child_client(app, mia)
    poll(mia_tablet, table_id)
    first = seat_state(app, table_id, 0)["last_seen_at"]
    poll(mia_tablet, table_id)
    assert seat_state(app, table_id, 0)["last_seen_at"] == first


def test_a_child_on_another_seat_is_not_away_until_their_turn(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    mia, leo = pair
    table_id = start_table(app, [mia, leo])
    leave(app, table_id, 1)  # Leo left, but it is Mia's turn
    poll(child_client(app, mia), table_id)
    assert seat_state(app, table_id, 1)["stand_in"] is None


def test_away_after_0_never_takes_a_seat(
    make_app: Callable[..., Flask], classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    patient = make_app(AWAY_AFTER=0)
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    table_id = start_table(patient, [mia, leo])
    leave(patient, table_id, 0, seconds=36000)
    before = snapshot(patient, table_id)
    poll(child_client(patient, leo), table_id)
    assert snapshot(patient, table_id) == before


def test_the_table_does_not_wait_for_an_away_child_to_count(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    mia, leo = pair
    table_id = start_table(app, [mia, leo], rounds=2)
    tablets = {0: child_client(app, mia), 1: child_client(app, leo)}
    # Both play until the round is over (Mia calls at once).
    for _ in range(40):
        version, status, _ = snapshot(app, table_id)
        if status == "counting":
            break
        g = game(app, table_id)
        legal = g.legal_actions()
        action = actions.CALL if actions.CALL in legal else legal[0]
        post_move(tablets[g.current_seat], table_id, action, version)
    assert snapshot(app, table_id)[1] == "counting"
    assert count_rows(app, RoundRow, child_id=mia.id) == 1  # she was there when it ended
    count_for(app, tablets[1], table_id, 1)
    assert snapshot(app, table_id)[1] == "counting"  # waiting for Mia to count
    leave(app, table_id, 0)
    poll(tablets[1], table_id)
    version, status, _ = snapshot(app, table_id)
    assert status == "playing" and game(app, table_id).round_number == 2
    assert count_rows(app, CountRow, child_id=mia.id) == 0  # nobody counted for her
    assert seat_state(app, table_id, 0)["stand_in"] == "solid"


def test_the_teacher_sees_who_is_away_and_takes_a_child_out(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, pair: tuple[MadeChild, ...]
) -> None:
    mia, leo = pair
    table_id = start_table(app, [mia, leo])
    leave(app, table_id, 0)
    watching = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert "Mia: has left the table; Tabby plays until Mia comes back." in watching
    listing = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Mia (away, Tabby plays)" in listing
    # Leo's seat is a child's too: the teacher takes him out while he is still here.
    version = snapshot(app, table_id)[0]
    response = teacher_client.post(f"/tables/{table_id}/seats/1/take-out")
    assert response.status_code == 302
    assert snapshot(app, table_id)[0] == version + 1
    assert seat_state(app, table_id, 1) | {"away_since": None, "last_seen_at": None} == {
        "stand_in": "beginner",  # Kitten: the gentlest Leo's assignment allows
        "taken_out": True,
        "away_since": None,
        "last_seen_at": None,
    }
    leo_tablet = child_client(app, leo)
    page = leo_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Your teacher gave your seat to Kitten. You can watch the game." in page
    assert seat_state(app, table_id, 1)["stand_in"] == "beginner"  # coming back changes nothing
    assert "Back to your game" not in leo_tablet.get("/me").get_data(as_text=True)
    listing = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Leo (taken out, Kitten plays)" in listing
    assert notes(app, table_id) == ["left", "taken_out"]
    # Taking out twice is harmless; a computer's seat or a seat that is not there is refused.
    assert teacher_client.post(f"/tables/{table_id}/seats/1/take-out").status_code == 302
    assert teacher_client.post(f"/tables/{table_id}/seats/7/take-out").status_code == 400
    assert count_rows(app, TableEvent, table_id=table_id) > 0


def test_only_a_childs_seat_of_a_game_in_play_can_be_taken_over(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    refused = teacher_client.post(f"/tables/{table_id}/seats/1/take-out")
    assert refused.status_code == 400
    assert "Only a child&#39;s seat can be taken over" in refused.get_data(as_text=True)
    teacher_client.post(f"/tables/{table_id}/stop")
    assert teacher_client.post(f"/tables/{table_id}/seats/0/take-out").status_code == 400


def test_a_whole_game_with_a_child_gone_from_the_start(
    app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    """Leo plays a whole game while Tabby plays for Mia, who never comes back."""
    mia, leo = pair
    table_id = start_table(app, [mia, leo], rounds=2)
    leo_tablet = child_client(app, leo)
    leave(app, table_id, 0)
    for step in range(3000):
        version, status, _ = snapshot(app, table_id)
        if status == "finished":
            break
        if status == "counting":
            count_for(app, leo_tablet, table_id, 1)
            continue
        g = game(app, table_id)
        if g.current_seat == 1:
            legal = g.legal_actions()
            action = next((a for a in legal if a.kind.value != "call"), legal[0])
            if step % 10 == 9 and actions.CALL in legal:
                action = actions.CALL  # now and then Leo calls, so rounds end
            post_move(leo_tablet, table_id, action, version)
        else:
            poll(leo_tablet, table_id)
    assert snapshot(app, table_id)[1] == "finished"
    assert count_rows(app, ChoiceRow, child_id=mia.id) == 0
    assert count_rows(app, RoundRow, child_id=mia.id) == 0  # her rounds were not hers
    assert count_rows(app, RoundRow, child_id=leo.id) == 2
    with app.app_context():
        seats = {row.seat for row in db.session.scalars(db.select(ComputerChoiceRow))}
    assert seats == {0}


def test_two_readers_at_once_mark_a_child_away_once(
    make_app: Callable[..., Flask], app: Flask, pair: tuple[MadeChild, MadeChild]
) -> None:
    """Two app instances (as two server processes) read the table at the same moment: the
    version guard lets exactly one of them give the seat to a computer player (the other
    finds the table moved on, or, coming just after, plays the stand-in's first action)."""
    mia, leo = pair
    table_id = start_table(app, [mia, leo])
    leave(app, table_id, 0)
    version = snapshot(app, table_id)[0]
    apps = [make_app(), make_app()]
    barrier = threading.Barrier(2)
    results: list[bool] = []

    def read(instance: Flask) -> None:
        with instance.app_context():
            barrier.wait()
            try:
                results.append(advance_computers(table_id))
            finally:
                db.session.remove()

    threads = [threading.Thread(target=read, args=(a,)) for a in apps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert True in results
    assert notes(app, table_id) == ["left"]
    moves = count_rows(app, ComputerChoiceRow, table_id=table_id)
    assert snapshot(app, table_id)[0] == version + 1 + moves
    assert moves == results.count(True) - 1


def test_a_teacher_sitting_in_is_never_replaced(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables", data={"children": [str(child.id)], "sit_in": "y"}
    )
    table_id = int(response.headers["Location"].split("/")[-2])
    kid = child_client(app, child)
    play_turn(app, kid, table_id)
    assert game(app, table_id).current_seat == 1  # the teacher's turn
    leave(app, table_id, 1)
    before = snapshot(app, table_id)
    poll(kid, table_id)
    assert snapshot(app, table_id) == before


def test_away_after_is_90_seconds_unless_configured(
    app: Flask, make_app: Callable[..., Flask], child: MadeChild
) -> None:
    assert app.config["AWAY_AFTER"] == 90.0
    assert make_app(AWAY_AFTER="30").config["AWAY_AFTER"] == 30.0
    # Without JavaScript nothing polls while a child thinks on their turn: the page refreshes
    # itself every AWAY_AFTER / 2 seconds, so the child is still seen.
    table_id = start_table(app, [child], ["solid"])
    page = child_client(app, child).get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert '<noscript><meta http-equiv="refresh" content="45"></noscript>' in page


def test_a_stand_in_is_not_named_like_a_computer_player_at_the_table(
    app: Flask, child: MadeChild
) -> None:
    """Mia's stand-in (the gentlest player she may have: Kitten) is not called Kitten when a
    Kitten already plays at the table: the story and the pages say Mittens."""
    set_level(app, child, "ultra_peek", computer_beginner=True)
    table_id = start_table(app, [child], ["beginner"])
    assert game(app, table_id).current_seat == 0
    leave(app, table_id, 0)
    with app.app_context():
        advance_computers(table_id)
    assert seat_state(app, table_id, 0)["stand_in"] == "beginner"
    page = child_client(app, child).get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "so Mittens played for you" in page and "Kitten played" not in page


def test_a_child_reading_a_rounds_results_is_not_taken_for_away(
    app: Flask, child: MadeChild
) -> None:
    """The results between two rounds have no live board: the page names the poll that keeps
    the seat seen (static/js/here.js) and its pace, and refreshes itself without JavaScript.
    That poll notes the seat, so a table read afterwards does not give it to a stand-in, as it
    would have after AWAY_AFTER with nothing from the page (found by a review)."""
    from classroom.tables.away import seen_every
    from tests.web.helpers.tables import to_counting

    table_id, kid = to_counting(app, child, "cubes", rounds=2)
    count_for(app, kid, table_id, 0)
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 of 2 is over!" in page
    version = snapshot(app, table_id)[0]
    here = f"/play/tables/{table_id}/state?version={version}"
    with app.app_context():
        every = int(1000 * seen_every())
    assert f'data-here-url="{here}" data-here-every="{every}"' in page
    assert "js/here.js" in page
    refresh = max(int(app.config["AWAY_AFTER"] / 2), 5)
    assert f'<noscript><meta http-equiv="refresh" content="{refresh}"></noscript>' in page

    leave(app, table_id, 0)  # the page has said nothing for ten minutes...
    response = kid.get(here, headers={"Accept": "application/json"})
    assert response.status_code == 200 and response.is_json
    # ...until its poll: the seat is seen now, and the table keeps it the child's.
    assert (now() - seat_state(app, table_id, 0)["last_seen_at"]).total_seconds() < 5
    with app.app_context():
        for _ in range(6):  # the computers' turns, up to the child's
            advance_computers(table_id)
            db.session.remove()
    assert seat_state(app, table_id, 0)["stand_in"] is None
    # The table page of the next round does not name the poll (its live board polls).
    board = kid.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
    assert "data-here-url" not in board and "js/here.js" not in board
