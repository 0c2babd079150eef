"""A look at one's own card (Peek levels) in a real browser: with JavaScript the card shows for
a few seconds and turns face down again; without JavaScript it shows on one page only, and
that page turns itself back a few seconds later (a refresh never shows it again)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.test_play_table import TABLET
from tests.web.conftest import MadeChild
from tests.web.tables import game, set_level, start_table


def tablet(chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, js: bool) -> Any:
    """The child's tablet, with JavaScript on or off."""
    context = chromium.new_context(
        viewport=TABLET, base_url=live_server.url, java_script_enabled=js
    )
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    cookie = serializer.dumps({"child_id": child.id})
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
    expect(place.locator("img")).to_have_attribute("src", f"/static/cards/{card}.svg")
    # A few seconds later it is face down again, by itself.
    expect(place).not_to_have_attribute("data-card", str(card), timeout=8000)
    expect(place.locator("img")).to_have_attribute("src", "/static/cards/back.svg")
    if not js:
        page.reload()
        expect(place).not_to_have_attribute("data-card", str(card))
    page.context.close()
