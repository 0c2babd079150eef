"""The counting lesson is not spoiled: while a child adds up their line, nothing on their page
or in the JSON of the live endpoints says a score, a total or who won (board, story, news,
spoken words, screen-reader names); once they have counted, everyone's bars and the winner
show, and in a series the round's results come before the next round, for every way of
adding up."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.game import actions
from tests.web.conftest import MadeChild
from tests.web.tables import (
    child_client,
    count_for,
    play_turn,
    poll,
    set_level,
    snapshot,
    start_table,
)

SCORING = ["cubes", "cubes_and_total", "total"]
# Words that give a count away: "13 points", a score badge, a running total, a winner.
SPOILERS = re.compile(r"\d+ points|seat-score|running-total|\bwon\b|\bwin\b|winning|winner-star")


def to_counting(
    app: Flask, child: MadeChild, scoring: str, rounds: int = 1
) -> tuple[int, FlaskClient]:
    set_level(app, child, "ultra_peek", scoring=scoring)
    table_id = start_table(app, [child], ["beginner", "beginner"], rounds=rounds)
    kid = child_client(app, child)
    play_turn(app, kid, table_id, finish=actions.CALL)
    for _ in range(40):
        if snapshot(app, table_id)[1] == "counting":
            break
        poll(kid, table_id)
    assert snapshot(app, table_id)[1] == "counting"
    return table_id, kid


@pytest.mark.parametrize("scoring", SCORING)
def test_nothing_gives_the_count_away_while_the_child_counts(
    app: Flask, child: MadeChild, scoring: str
) -> None:
    table_id, kid = to_counting(app, child, scoring)
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "data-counting" in page
    assert not SPOILERS.search(page), SPOILERS.search(page)
    # That the game (not just the round) is over waits too: in a series it would say that
    # someone reached the limit.
    assert 'turn-text">The round is over!<' in page and "The game is over!" not in page
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


@pytest.mark.parametrize("scoring", SCORING)
def test_a_series_shows_the_round_before_the_next_one(
    app: Flask, child: MadeChild, scoring: str
) -> None:
    table_id, kid = to_counting(app, child, scoring, rounds=2)
    count_for(app, kid, table_id, 0)
    assert snapshot(app, table_id)[1] == "playing"  # the count dealt round 2
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 is over!" in page and "Your line made" in page
    assert "Round 1: everyone&#39;s bars" in page and "running-total" in page
    assert "Next round!" in page and "data-board" not in page
    # "Next round!" goes on to round 2's board.
    page = kid.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
    assert "Round 1 is over!" not in page and "data-board" in page
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 is over!" not in page
