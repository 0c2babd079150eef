"""A look at one's own card (Peek levels) in a real browser: with JavaScript the card shows for
a few seconds and turns face down again; without JavaScript it shows on one page only, and
that page turns itself back a few seconds later (a refresh never shows it again)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, SlowAnswers
from tests.web.browser.helpers import TABLET
from tests.web.conftest import MadeChild, child_session
from tests.web.helpers.tables import game, set_level, start_table

BACK = re.compile(r"/static/cards/back\.svg\?v=")  # the card's back, with its version


def tablet(chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, js: bool) -> Any:
    """The child's tablet, with JavaScript on or off."""
    context = chromium.new_context(
        viewport=TABLET, base_url=live_server.url, java_script_enabled=js
    )
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    cookie = serializer.dumps(child_session(app, child))
    name = app.config["SESSION_COOKIE_NAME"]
    context.add_cookies([{"name": name, "value": cookie, "url": live_server.url}])
    return context.new_page()


@pytest.mark.parametrize("js", [True, False], ids=["javascript", "no-javascript"])
def test_a_look_shows_the_card_for_a_few_seconds(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, js: bool
) -> None:
    set_level(app, child, "peek")
    table_id = start_table(app, [child], ["solid"], stacked=[1, 2, 3, 4, 5, 6, 7, 8, 5])
    card = int(game(app, table_id).lines[0][1])  # the 2
    page = tablet(chromium, app, live_server, child, js)
    page.goto(f"/play/tables/{table_id}")
    place = page.locator(".my-line [data-seat='0'][data-position='2']")
    expect(place).not_to_have_attribute("data-card", str(card))
    page.get_by_role("button", name="Look at place 2").click()
    expect(place).to_have_attribute("data-card", str(card))
    face = re.compile(rf"/static/cards/{card}\.svg\?v=")
    expect(place.locator("img")).to_have_attribute("src", face)
    # A few seconds later (3 s with JavaScript, the next page's 4 s without) it is face down
    # again, by itself; the rest of the wait is for a busy machine.
    expect(place).not_to_have_attribute("data-card", str(card), timeout=15_000)
    expect(place.locator("img")).to_have_attribute("src", BACK)
    if not js:
        page.reload()
        expect(place).not_to_have_attribute("data-card", str(card))
    page.context.close()


def slow_poll(environ: dict[str, Any]) -> bool:
    """The page's polls (not the forced redraw, version -1), answered slowly as by a busy
    server: a poll is nearly always under way when the page's timer to turn the card back
    comes."""
    query = environ.get("QUERY_STRING", "")
    return bool(environ["PATH_INFO"].endswith("/state") and "version=-1" not in query)


def test_a_look_turns_back_even_while_a_poll_is_under_way(
    chromium: Any, app: Flask, child: MadeChild
) -> None:
    """The page's timer to turn the card back waits for a poll under way; it is never lost
    (it once was: the card then stayed face up until someone moved)."""
    set_level(app, child, "peek")
    table_id = start_table(app, [child], ["solid"], stacked=[1, 2, 3, 4, 5, 6, 7, 8, 5])
    card = int(game(app, table_id).lines[0][1])
    with LiveServer(SlowAnswers(app, 0.65, slow_poll)) as server:  # type: ignore[arg-type]
        page = tablet(chromium, app, server, child, True)
        page.goto(f"/play/tables/{table_id}")
        place = page.locator(".my-line [data-seat='0'][data-position='2']")
        page.get_by_role("button", name="Look at place 2").click()
        expect(place).to_have_attribute("data-card", str(card))
        expect(place).not_to_have_attribute("data-card", str(card), timeout=15_000)
        page.context.close()


def test_a_card_turning_back_keeps_the_buttons_under_the_childs_finger(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    """The board that turns the card face down again is of the version shown: the page changes
    only the card, so the "Draw a card" button is the very one the child may be pressing (a
    whole redraw replaced it, and a tap begun on the old button was lost) and the story keeps
    its lines."""
    set_level(app, child, "peek")
    table_id = start_table(app, [child], ["solid"], stacked=[1, 2, 3, 4, 5, 6, 7, 8, 5])
    card = int(game(app, table_id).lines[0][1])
    page = tablet(chromium, app, live_server, child, True)
    page.goto(f"/play/tables/{table_id}")
    place = page.locator(".my-line [data-seat='0'][data-position='2']")
    page.get_by_role("button", name="Look at place 2").click()
    expect(place).to_have_attribute("data-card", str(card))
    draw = page.get_by_role("button", name="Draw a card")
    story = page.locator(".story-list li")
    lines = story.count()
    assert lines > 0
    # A mark the server's HTML cannot carry: it survives only on the same element.
    draw.evaluate("button => { button.kept = true; }")
    expect(place).not_to_have_attribute("data-card", str(card), timeout=15_000)
    expect(place.locator("img")).to_have_attribute("src", BACK)
    assert draw.evaluate("button => button.kept === true")
    expect(story).to_have_count(lines)
    version = page.locator("[data-board]").get_attribute("data-version")
    draw.click()
    # The tap worked: the board moved on (to what to do with the card drawn, which may be a
    # number or a power card, a DRAW 2 among them: the DRAW pile under the stacked cards is
    # shuffled).
    expect(page.locator("[data-board]")).not_to_have_attribute("data-version", version)
    page.context.close()
