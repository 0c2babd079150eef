"""A SWAP on the child's tablet (768x1024, RULES.md R7): tapping one's own card shows the
cards to swap with on the same page (no page load, no flash, the stream kept), "Choose another
card" goes back, and the swap tapped then is played; a new board that comes meanwhile (a
classmate taken out) keeps the choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from classroom.game import Power
from classroom.tables.away import take_out
from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import tablet, tap
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import (
    child_client,
    game,
    seat_state,
    set_level,
    start_table,
)

# The child's line (seat 0), the computer's, the first DISCARD, then a SWAP to draw.
DECK = [1, 2, 3, 9, 5, 6, 7, 8, 4, int(Power.SWAP), 3, 4, 5, 6, 2, 1, 0]


def test_r7_choosing_ones_own_card_for_a_swap_keeps_the_page(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    set_level(app, child, "peek")
    table_id = start_table(app, [child], ["beginner"], stacked=DECK)
    page = tablet(chromium, app, live_server, child)
    page.goto(f"/play/tables/{table_id}")
    tap(page, "button[aria-label^='Draw a card']")
    expect(page.locator(".my-line a[data-swap-mine]")).to_have_count(4)
    # A mark the page keeps only while it is not loaded again.
    page.evaluate("window.sameTablePage = true")
    page_url = page.url

    page.locator(".my-line a[data-swap-mine='4']").click()
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-swap-chosen", "4")
    expect(page.locator(".other-lines .card-button")).to_have_count(4)
    expect(page.locator(".my-line .swap-chosen")).to_have_count(1)
    speaker = page.locator(".table-top [data-speak]")
    expect(speaker).to_have_attribute("data-speak", "Your turn! " + NOW_TAP)
    assert page.evaluate("window.sameTablePage === true") and page.url == page_url
    # Everything the step needs is on the tablet's screen: the cards to tap and the way back.
    for control in (
        page.locator(".other-lines .card-button").last,
        page.get_by_role("link", name="Choose another card"),
    ):
        box = control.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 1024, box

    page.get_by_role("link", name="Choose another card").click()
    expect(board).not_to_have_attribute("data-swap-chosen", "4")
    expect(page.locator(".my-line a[data-swap-mine]")).to_have_count(4)
    expect(page.locator(".other-lines .card-button")).to_have_count(0)
    assert page.evaluate("window.sameTablePage === true")

    page.locator(".my-line a[data-swap-mine='4']").click()
    expect(board).to_have_attribute("data-swap-chosen", "4")
    tap(page, ".other-lines .card-button >> nth=0")  # the computer's place 1
    lines = game(app, table_id).lines
    assert [int(lines[0][3]), int(lines[1][0])] == [5, 9]  # R7: position for position
    assert page.evaluate("window.sameTablePage === true")


@pytest.mark.parametrize("push", [0, 30], ids=["polls", "stream"])
def test_r7_a_board_that_comes_while_a_card_is_chosen_keeps_the_choice(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    push: int,
) -> None:
    # A poll asks with the choice; a pushed board is drawn without it and asked for again.
    app.config["TABLE_PUSH"] = push
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "peek")
    table_id = start_table(app, [mia, leo], stacked=DECK)
    assert child_client(app, leo).get(f"/play/tables/{table_id}").status_code == 200
    page = tablet(chromium, app, live_server, mia)
    page.goto(f"/play/tables/{table_id}")
    tap(page, "button[aria-label^='Draw a card']")
    page.locator(".my-line a[data-swap-mine='2']").click()
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-swap-chosen", "2")
    version = board.get_attribute("data-version")
    # The teacher takes Leo out meanwhile (a computer plays for him): Mia's page gets the new
    # board, drawn without her choice, by its stream or poll.
    with app.app_context():
        take_out(table_id, 1)
    assert seat_state(app, table_id, 1)["stand_in"] is not None
    expect(board).not_to_have_attribute("data-version", version, timeout=15_000)
    expect(board).to_have_attribute("data-swap-chosen", "2")
    expect(page.locator(".other-lines .card-button")).to_have_count(4)
    tap(page, ".other-lines .card-button >> nth=3")  # Leo's place 4, for Mia's place 2
    lines = game(app, table_id).lines
    assert [int(lines[0][1]), int(lines[1][3])] == [8, 2]


NOW_TAP = "Now tap someone else's card to swap with yours. Or choose another card."
