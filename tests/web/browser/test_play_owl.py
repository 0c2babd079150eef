"""The owl who cheers a good choice, and the sounds switch (docs/play.md, "The owl"): one small
game at Ultra-Peek against Kitten, with a deck stacked so that the child's first placing is a
right comparison (the 3 on the 9). The owl shows beside the child's line, over no word and no
control, with its chirp; under reduced motion it is a still picture; the sounds switch is
kept across reloads, and muted, the owl makes no sound."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import child_page
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import set_level, start_table

# The child's line 9 8 2 1, Kitten's 4 4 2 2, the DISCARD card a 3 (on the 9 or the 8: right).
DECK = [9, 8, 2, 1, 4, 4, 2, 2, 3, 5, 5, 1, 6, 7]
TAKE = "form:has(input[name=kind][value=take_discard]) button"
ON_THE_9 = (
    ".my-line form:has(input[name=kind][value=replace]):has(input[name=position][value='1']) button"
)
# What the page heard: each owl's cheer and each sound (sounds.js, owl.js announce them).
HEARD = """() => {
  window.heard = [];
  document.addEventListener('table:owl', e => window.heard.push('owl:' + e.detail.shown));
  document.addEventListener('table:sound', e => window.heard.push('sound:' + e.detail.sound));
}"""
# Every word and control on screen that the owl overlaps (none expected), read in one go.
COVERED = """() => {
  const owl = document.querySelector('[data-owl]').getBoundingClientRect();
  const hit = r => r.width > 0 && r.height > 0 && r.left < owl.right && owl.left < r.right
    && r.top < owl.bottom && owl.top < r.bottom;
  return Array.from(document.querySelectorAll(
    'button, a, input, img, h1, h2, p, span, [data-say]'
  )).filter(el => !el.closest('[data-owl]') && el.checkVisibility()
    && hit(el.getBoundingClientRect())).map(el => el.outerHTML.slice(0, 80));
}"""
# The animations running on the owl's parts.
OWL_MOVING = """() => document.getAnimations()
  .filter(a => a.effect && a.effect.target && a.effect.target.closest('[data-owl]'))
  .map(a => a.animationName)"""


def good_choice(page: Any) -> None:
    """Take the 3 from the DISCARD pile (no comparison: no owl), then put it on the 9."""
    board = page.locator("[data-board]")
    version = board.get_attribute("data-version")
    page.locator(TAKE).click()
    expect(board).not_to_have_attribute("data-version", version)
    expect(page.locator("[data-owl]")).to_be_hidden()
    page.locator(ON_THE_9).click()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_owl_cheers_a_right_comparison(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, motion: str
) -> None:
    set_level(app, child, "ultra_peek", scoring="total")
    table_id = start_table(app, [child], ["beginner"], stacked=DECK)
    page = child_page(chromium, app, live_server, child, motion)
    try:
        page.goto(f"/play/tables/{table_id}")
        page.evaluate(HEARD)
        toggle = page.locator("[data-sounds]")
        if motion == "reduce":
            # The sounds switch, a picture, is kept on this device across reloads.
            expect(toggle).to_have_attribute("aria-pressed", "true")
            assert toggle.inner_text().strip() == "" or toggle.locator("svg").count() == 1
            toggle.click()
            expect(toggle).to_have_attribute("aria-pressed", "false")
            page.reload()
            expect(page.locator("[data-sounds]")).to_have_attribute("aria-pressed", "false")
            page.evaluate(HEARD)
        good_choice(page)
        owl = page.locator("[data-owl]")
        expect(owl).to_be_visible(timeout=15000)
        expect(owl.locator("[data-owl-said]")).to_have_text("Good choice!")
        assert page.evaluate(COVERED) == []
        heard = page.evaluate("() => window.heard")
        if motion == "reduce":
            # A still picture: nothing of the owl moves, and muted, it makes no sound.
            assert page.evaluate(OWL_MOVING) == []
            assert "owl:true" in heard and not any(h.startswith("sound:") for h in heard)
        else:
            assert set(page.evaluate(OWL_MOVING)) >= {"owl-hop", "owl-flap-left"}
            page.wait_for_function("() => window.heard.includes('sound:good')")
        # Gone after a moment, before the child's next step is over.
        expect(owl).to_be_hidden(timeout=10000)
    finally:
        page.context.close()
