"""Every move of a turn can be made with the keyboard alone: Tab to the control, Enter or
Space. Each control has a name a screen reader says ("Your card, place 2, ...")."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import child_context
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import start_table


def tab_to(page: Any, selector: str, limit: int = 60) -> None:
    """Press Tab until the focus is on the first element matching `selector`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_turn_with_the_keyboard_alone(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    page = child_context(chromium, app, live_server, child).new_page()
    page.goto(f"/play/tables/{table_id}")
    board = page.locator("[data-board]")
    version = board.get_attribute("data-version")
    tab_to(page, "button[aria-label^='Draw a card']")
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("data-version", version)
    expect(page.get_by_text("Your card", exact=True)).to_be_visible()
    # The speaker at the top reads the fresh board's words: whose turn, then what to do.
    expect(page.locator(".table-top [data-speak]")).to_have_attribute(
        "data-speak", re.compile(r"^Your turn! You have .+\. Tap a card of your line")
    )
    version = board.get_attribute("data-version")
    # After the move, focus is already on the first control of the new step: place 1.
    page.wait_for_function("document.activeElement.matches('.my-line .card-button')")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert name.startswith("Put it here, in place 1")
    page.keyboard.press("Space")
    expect(board).not_to_have_attribute("data-version", version)
    version = board.get_attribute("data-version")
    # The next step's first control has the focus: Done (the call is the next Tab).
    page.wait_for_function("document.activeElement.matches('.done-button')")
    page.keyboard.press("Tab")
    page.wait_for_function("document.activeElement.matches('.call-button')")
    page.keyboard.press("Shift+Tab")
    page.wait_for_function("document.activeElement.matches('.done-button')")
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("data-version", version)
    expect(page.locator(".story-list")).to_contain_text("Now it is Tabby's turn.")
