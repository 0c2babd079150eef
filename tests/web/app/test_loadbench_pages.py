"""The load benchmark's simulated child reads the app's pages as a child sees them: a round's
results (no board, until "Next round!") are read as such, and the button leads on to the next
round's board (without it, every table of a full-speed run stopped after its first round)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from classroom.game import actions
from tests.web.conftest import MadeChild
from tests.web.helpers.outside_look import standard_table
from tests.web.helpers.peek import peek_table
from tests.web.helpers.tables import (
    child_client,
    count_for,
    poll,
    post_move,
    snapshot,
    three_counting,
    to_counting,
)
from tools.loadbench import page


def test_the_round_s_results_lead_on_to_the_next_round(app: Flask, child: MadeChild) -> None:
    table_id, kid = to_counting(app, child, "cubes", rounds=2)
    counting = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.read_count(counting) is not None and page.next_round_url(counting) is None
    count_for(app, kid, table_id, 0)
    assert snapshot(app, table_id)[1] == "playing"  # the count dealt round 2
    results = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.read_board(results).status == ""  # no board: nothing to poll or play
    url = page.next_round_url(results)
    assert url == f"/play/tables/{table_id}?next=1"
    board = page.read_board(kid.get(url).get_data(as_text=True))
    assert board.status == "playing" and board.version == snapshot(app, table_id)[0]


def test_the_pages_that_listen_to_a_stream_are_told_apart(app: Flask, child: MadeChild) -> None:
    """With pushed updates the simulated child opens a stream for each table page it opens,
    as a browser's EventSource does, and none for the results between rounds."""
    app.config["TABLE_PUSH"] = 55
    table_id, kid = to_counting(app, child, "cubes", rounds=2)
    counting = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.EVENTS_MARK in counting
    count_for(app, kid, table_id, 0)
    results = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.EVENTS_MARK not in results  # the results page asks with here.js instead
    board = kid.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
    assert page.EVENTS_MARK in board
    app.config["TABLE_PUSH"] = 0
    polling = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.EVENTS_MARK not in polling  # polls only: no stream to open


def test_a_classmates_count_reloads_the_waiting_page_only_when_table_js_would(
    app: Flask, make_child: Any, classroom: Any
) -> None:
    """The simulated child on the results while classmates count does what table.js does: a
    classmate's count whose bar the answer draws keeps the page; the last count (the table
    moves on) loads it again, and so does an answer without bars (a server before them)."""
    table_id, _, clients = three_counting(app, make_child, classroom, rounds=2)
    count_for(app, clients[0], table_id, 0)
    waiting = clients[0].get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.STILL_COUNTING in waiting
    at = snapshot(app, table_id)[0]
    count_for(app, clients[1], table_id, 1)
    mia_counted = poll(clients[0], table_id, at)
    assert not page.answer_reloads(True, "counting", mia_counted)
    assert page.answer_reloads(True, "counting", {**mia_counted, "bars": None})
    assert not page.answer_reloads(False, "counting", {**mia_counted, "bars": None})
    count_for(app, clients[2], table_id, 2)
    dealt = poll(clients[0], table_id, at)
    assert dealt["status"] == "playing" and page.answer_reloads(True, "counting", dealt)


def test_the_boards_table_js_asks_for_again_by_itself_are_told(
    app: Flask, child: MadeChild, make_child: Any, classroom: Any
) -> None:
    """The simulated child asks for the board again where table.js does without any news: 3 s
    after a PEEK's answer shows the card face up, and when Standard's look at the outside
    cards is over; the boards that follow (face down again) ask for nothing."""
    table_id = peek_table(app, child)
    kid = child_client(app, child)
    json = {"Accept": "application/json"}
    post_move(kid, table_id, actions.DRAW, snapshot(app, table_id)[0], headers=json)
    answer = post_move(kid, table_id, actions.peek(3), snapshot(app, table_id)[0], headers=json)
    assert page.asks_again_in(answer.get_json()["html"]) == page.REVEAL_SECONDS
    assert page.asks_again_in(poll(kid, table_id)["html"]) is None  # the card face down
    mia = make_child(classroom, "Mia")
    looking = standard_table(app, mia)
    tablet = child_client(app, mia)
    first = tablet.get(f"/play/tables/{looking}").get_data(as_text=True)
    assert page.asks_again_in(first) in (9.3, 10.3)  # the look's seconds left, and 0.3
    remembered = tablet.post(
        f"/play/tables/{looking}/look", data={"remembered": "1"}, headers=json
    ).get_json()
    assert page.asks_again_in(remembered["html"]) is None  # "I remember": the look is over
