"""The counting lesson is not spoiled: while a child adds up their line, nothing on their page
or in the JSON of the live endpoints says a score, a total or who won (board, story, news,
spoken words, screen-reader names); once they have counted, everyone's bars and the winner
show, and in a series the round's results come before the next round, for every way of
adding up."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.game import actions
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import (
    child_client,
    count_for,
    game,
    play_turn,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
    three_counting,
    to_counting,
    to_counting_together,
)

SCORING = ["cubes", "cubes_and_total", "total"]
# Words that give a count away: "13 points", a score badge, a running total, a winner.
SPOILERS = re.compile(r"\d+ points|seat-score|running-total|\bwon\b|\bwin\b|winning|winner-star")


@pytest.mark.parametrize("scoring", SCORING)
def test_nothing_gives_the_count_away_while_the_child_counts(
    app: Flask, child: MadeChild, scoring: str
) -> None:
    table_id, kid = to_counting(app, child, scoring)
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "data-counting" in page
    if scoring != "total":
        # Play stopped by itself: the counting step says why first.
        assert "The round is over! Put cubes on your cards</h2>" in page
    assert not SPOILERS.search(page), SPOILERS.search(page)
    # That the game (not just the round) is over waits too: in a series it would say that
    # someone reached the limit. The board (the others' lines, who called) is not drawn
    # while the child counts: it comes with the results (issue 39).
    assert "The game is over!" not in page
    assert "data-board" not in page and "other-lines" not in page
    # The live endpoints: a forced board, and the news and story from the start.
    for version in (-1, 0):
        data = poll(kid, table_id, version)
        text = json.dumps(data)
        assert not SPOILERS.search(text), SPOILERS.search(text)
    # Counted: now the true score, everyone's bars and (one round) the winner.
    count_for(app, kid, table_id, 0)
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Your line makes" in page and "running-total" in page
    assert "The game is over!" in page and " won." in page
    # The board below the results says it too, not "The round is over!" (a review).
    assert 'turn-text">The game is over!<' in page and 'turn-text">The round' not in page


@pytest.mark.parametrize("scoring", SCORING)
def test_a_series_shows_the_round_before_the_next_one(
    app: Flask, child: MadeChild, scoring: str
) -> None:
    table_id, kid = to_counting(app, child, scoring, rounds=2)
    count_for(app, kid, table_id, 0)
    assert snapshot(app, table_id)[1] == "playing"  # the count dealt round 2
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 of 2 is over!" in page and "Your line made" in page
    # A dot a round: one played, one to come.
    assert page.count('class="round-dot done"') == 1 and page.count('class="round-dot"') == 1
    assert "Round 1: everyone's bars" in page.replace("&#39;", "'") and "running-total" in page
    assert "Next round!" in page and "data-board" not in page
    # "Next round!" goes on to round 2's board.
    page = kid.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
    assert "Round 1 of 2 is over!" not in page and "data-board" in page
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 of 2 is over!" not in page


@pytest.mark.parametrize("rounds", [1, 2])
def test_a_child_who_has_counted_does_not_see_the_answer_of_one_still_counting(
    app: Flask, make_child: Any, classroom: Any, rounds: int
) -> None:
    """A child beside another could read the other's answer off the first one's tablet: until
    the second child has counted, the first one's page (and its live JSON) says neither the
    second child's score nor who won; their bar waits with a picture of counting."""
    ava, mia = make_child(classroom, "Ava K."), make_child(classroom, "Mia K.")
    table_id, (kid_ava, kid_mia) = to_counting_together(app, [ava, mia], rounds)
    g = game(app, table_id)
    scores = g.round_scores()
    count_for(app, kid_ava, table_id, 0)
    assert snapshot(app, table_id)[1] == "counting"  # Mia is still counting
    page = kid_ava.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert f"Your line makes {scores[0]} points." in page
    assert "data-still-counting" in page and "Mia K. is still counting." in page
    assert "Waiting for everyone to count" in page
    mia_said = re.compile(rf"Mia K\.[^<]*\b{scores[1]}\b|\bwon\b|winning|winner-star|Hooray")
    found = mia_said.search(page)
    assert not found, page[found.start() - 300 : found.end() + 100]
    for version in (-1, 0):
        text = json.dumps(poll(kid_ava, table_id, version))
        assert not mia_said.search(text), mia_said.search(text)
    # Mia has counted: now Ava sees her bar and total, and who won.
    count_for(app, kid_mia, table_id, 1)
    if rounds == 1:
        page = kid_ava.get(f"/play/tables/{table_id}").get_data(as_text=True)
        assert "data-still-counting" not in page
        assert f'<span class="running-total">{scores[1]}</span>' in page and " won." in page
    else:
        page = kid_ava.get(f"/play/tables/{table_id}").get_data(as_text=True)
        assert f"Round 1 of {rounds} is over!" in page and "data-still-counting" not in page
        assert f'<span class="running-total">{scores[1]}</span>' in page


def test_the_teacher_watching_sees_each_bar_as_its_child_counts(
    app: Flask, make_child: Any, classroom: Any, teacher_client: FlaskClient
) -> None:
    """The watch page while a table counts says who is still counting and who has counted, and
    shows a bar only for a child who has counted: a line's points are not the child's count,
    and the page may be on the class's board for every child to see."""
    ava, mia = make_child(classroom, "Ava K."), make_child(classroom, "Mia K.")
    table_id, (kid_ava, _) = to_counting_together(app, [ava, mia])
    scores = game(app, table_id).round_scores()
    url = f"/tables/{table_id}/watch"

    def bars(page: str) -> str:
        return page[page.index("data-results-bars") :]

    page = teacher_client.get(url).get_data(as_text=True)
    assert "Waiting for everyone to count" in page
    assert "Ava K.: at the table. Still counting." in page
    assert "Mia K.: at the table. Still counting." in page
    totals = re.compile(r'<span class="running-total">(\d+)</span>')
    assert not totals.search(bars(page))  # no bar of a count not made
    assert bars(page).count("data-still-counting") == 2
    count_for(app, kid_ava, table_id, 0)
    page = teacher_client.get(url).get_data(as_text=True)
    assert "Ava K.: at the table. Has counted." in page
    assert "Mia K.: at the table. Still counting." in page
    assert totals.findall(bars(page)) == [str(scores[0])]
    assert bars(page).count("data-still-counting") == 1


@pytest.mark.parametrize("rounds", [1, 2])
def test_a_classmates_count_brings_their_bar_to_the_waiting_page_s_json(
    app: Flask, make_child: Any, classroom: Any, rounds: int
) -> None:
    """Ava has counted and waits on her results; when Mia counts, the answer to Ava's page
    draws the bars again (`bars`, for the page's data-results-bars box): Mia's bar and total,
    Leo's still a picture of counting, nobody's win. Leo, still counting himself, gets no bars,
    nor does a page once the table has moved on."""
    table_id, _, clients = three_counting(app, make_child, classroom, rounds=rounds)
    scores = game(app, table_id).round_scores()
    count_for(app, clients[0], table_id, 0)
    page = clients[0].get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "data-results-bars" in page and page.count("data-still-counting") == 2
    waiting_at = snapshot(app, table_id)[0]
    count_for(app, clients[1], table_id, 1)
    assert snapshot(app, table_id)[1] == "counting"  # Leo is still counting
    answer = poll(clients[0], table_id, waiting_at)
    bars = answer["bars"]
    assert answer["changed"] and bars.count("data-still-counting") == 1
    assert "Leo M. is still counting." in bars and "Mia K. is still counting." not in bars
    assert f'<span class="running-total">{scores[1]}</span>' in bars
    leo_said = re.compile(rf"Leo M\.[^<]*\b{scores[2]}\b|\bwon\b|winner-star|Hooray")
    assert not leo_said.search(json.dumps(answer)), leo_said.search(json.dumps(answer))
    # The bars are the page's own, as a reload would draw them.
    again = clients[0].get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert bars.strip() in again
    assert "bars" not in poll(clients[2], table_id, waiting_at)  # Leo counts: no results yet
    count_for(app, clients[2], table_id, 2)  # the next round, or the game's end: no bars
    assert snapshot(app, table_id)[1] != "counting" and "bars" not in poll(clients[0], table_id)


def test_between_rounds_the_results_say_the_total_so_far(app: Flask, child: MadeChild) -> None:
    """In a series the child hears how the game stands (R12): after round 2, the round's own
    bar, and their total over both rounds in the words and in each bar's screen-reader name."""
    table_id, kid = to_counting(app, child, "cubes", rounds=3)
    count_for(app, kid, table_id, 0)
    kid.get(f"/play/tables/{table_id}?next=1")
    for _ in range(80):
        version, status, _state = snapshot(app, table_id)
        if status == "counting":
            break
        if game(app, table_id).current_seat == 0:
            play_turn(app, kid, table_id, finish=actions.CALL)
        else:
            poll(kid, table_id, version)
    count_for(app, kid, table_id, 0)
    g = game(app, table_id)
    first, second = g.score_history[0], g.score_history[1]
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 2 of 3 is over!" in page
    assert f"Your line made {second[0]} points." in page
    assert f"After 2 rounds, your total is {first[0] + second[0]} points." in page
    for seat in range(3):
        assert f"total so far {first[seat] + second[seat]}." in page or (
            f"total so far {first[seat] + second[seat]}, winning." in page
        )
    assert "Round 1 of 3 is over!" not in page


@pytest.mark.parametrize(("level", "named"), [("standard", False), ("ultra_peek", True)])
def test_the_story_keeps_no_face_down_card_on_screen(
    app: Flask, child: MadeChild, level: str, named: bool
) -> None:
    """R13: at Standard the child remembers the card they took from the DISCARD pile; the
    story on their page (and in the live JSON) says where it went, not what it was. Where
    every line is face up (Ultra-Peek) it names it."""
    set_level(app, child, level, scoring="total")
    lines = [5, 6, 7, 8, 9, 9, 9, 9]
    table_id = start_table(app, [child], ["beginner"], stacked=[*lines, 1, 4, 0, 2, 3])
    kid = child_client(app, child)
    for action in (actions.TAKE_DISCARD, actions.replace(2)):
        response = post_move(kid, table_id, action, snapshot(app, table_id)[0])
        assert response.status_code == 303
    said = (
        "You took the 1 and put it in place 2."
        if named
        else ("You took the DISCARD card and put it in place 2.")
    )
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert said in page
    text = json.dumps(poll(kid, table_id, 0))
    assert said in text
    assert ("took the 1" in page + text) is named


def test_a_game_to_a_points_limit_gives_no_number_of_rounds(app: Flask, child: MadeChild) -> None:
    """Played to a points limit, the game has no set number of rounds: "Round 1 is over!"
    without "of" and without dots (which would promise an end the game does not have)."""
    table_id, kid = to_counting(app, child, "cubes", series="limit", limit=100)
    count_for(app, kid, table_id, 0)
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 is over!" in page and "round-dot" not in page
