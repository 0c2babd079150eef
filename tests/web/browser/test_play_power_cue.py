"""The right move is the obvious one (issue 39): holding a PEEK, a SWAP or a DRAW 2, the
power card's action is what stands out on a 768x1024 tablet, and "Put it on the DISCARD pile"
is a quiet button beside it (a child who tapped the brightest button threw the power away)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from classroom.game import Power
from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import LINES, NUMBERS, tablet, tap
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import set_level, start_table

SHOTS = "/work/shots/39"
# The power card's own controls, as the board's cue marks them.
ACTIONS = {
    int(Power.PEEK): ".my-line .card-button",
    int(Power.SWAP): ".my-line a.card-button",
    int(Power.DRAW_2): ".pile-draw .card-button",
}
# How much a control stands out: its area times how far its background is from the page's.
SALIENCE = """(el) => {
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const rgb = (style.backgroundColor.match(/\\d+/g) || [255, 255, 255]).map(Number);
  const darkness = 765 - rgb[0] - rgb[1] - rgb[2];
  return box.width * box.height * (1 + darkness / 255);
}"""


@pytest.mark.parametrize("drawn", [Power.PEEK, Power.SWAP, Power.DRAW_2], ids=str)
def test_the_power_cards_action_stands_out(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, drawn: Power
) -> None:
    set_level(app, child, "standard", scoring="total")
    deck = [*LINES, 4, int(drawn), *NUMBERS[1:]]
    table_id = start_table(app, [child], ["strong"], stacked=deck)
    page = tablet(chromium, app, live_server, child)
    page.goto(f"/play/tables/{table_id}")
    page.locator(".remember-button").click()
    expect(page.locator("[data-board][data-outside-look]")).to_have_count(0)
    tap(page, "button[aria-label^='Draw a card']")
    action = page.locator(ACTIONS[int(drawn)]).first
    expect(action).to_be_visible()
    page.screenshot(path=f"{SHOTS}/power-{drawn.name.lower()}-768.png")
    # The other choice (throw the PEEK away, say no to the SWAP) is a quiet button, and the
    # power's action outshines it.
    quiet = page.locator(
        "button:text-is('Put it on the DISCARD pile'), button:text-is('No thanks')"
    ).first
    if quiet.count():
        expect(quiet).to_have_class(re.compile(r"\bsecondary\b"))
        assert action.evaluate(SALIENCE) > quiet.evaluate(SALIENCE)
    # The action comes first for the keyboard too.
    expect(action).to_be_focused()
    page.context.close()
