"""Reduced motion (issue 4, accessibility): with `prefers-reduced-motion: reduce` nothing on a
play page moves by itself: no element has an animation or a transition running, by computed
style, while the news of the computer player's moves shows and while cubes are placed. The
same page without the preference does animate (so the check can see motion at all)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, wait_for_counting
from tests.web.browser.helpers import child_page
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import set_level, start_table

# Every element whose computed style animates or transitions, as "tag.class: what".
MOVING = """() => Array.from(document.querySelectorAll('*')).flatMap(el => {
  const s = getComputedStyle(el);
  const animated = s.animationName.split(',').some(n => n.trim() !== 'none')
    && s.animationDuration.split(',').some(d => parseFloat(d) > 0);
  const transitions = s.transitionDuration.split(',').some(d => parseFloat(d) > 0);
  const what = el.tagName.toLowerCase() + '.' + el.className;
  return [
    ...(animated ? [what + ': animation ' + s.animationName] : []),
    ...(transitions ? [what + ': transition ' + s.transitionProperty] : []),
  ];
})"""
RUNNING = "() => document.getAnimations().map(a => a.animationName || String(a))"
# Keeps in window.movingAtNews what MOVING finds when the first news line is added.
NEWS_WATCH = (
    """() => {
  window.movingAtNews = null;
  const moving = """
    + MOVING
    + """;
  const news = document.querySelector('[data-news]');
  new MutationObserver((records, observer) => {
    const added = records.some(r => Array.from(r.addedNodes).some(
      n => n.classList && n.classList.contains('news-line')));
    if (added) {
      window.movingAtNews = moving();
      observer.disconnect();
    }
  }).observe(news, {childList: true});
}"""
)


def tap(page: Any, selector: str) -> None:
    """Tap a move and wait until the board has moved on."""
    board = page.locator("[data-board]")
    version = board.get_attribute("data-version")
    page.locator(selector).first.click()
    expect(board).not_to_have_attribute("data-version", version)


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_stops_every_animation_on_the_play_page(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, motion: str
) -> None:
    set_level(app, child, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [child], ["solid"])
    page = child_page(chromium, app, live_server, child, motion)
    page.goto(f"/play/tables/{table_id}")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") == (
        motion == "reduce"
    )
    # The child's turn; then Tabby's moves come in as news lines. A line shows for 4 s: on a
    # busy machine a check from the test may come after it is gone, so the page itself reads
    # what moves at the moment the first line is added.
    page.evaluate(NEWS_WATCH)
    tap(page, "button[aria-label^='Draw a card']")
    tap(page, "button:text-is('Put it on the DISCARD pile')")
    tap(page, "button:text-is('Done')")
    page.wait_for_function("() => window.movingAtNews !== null", timeout=20000)
    moving_news = page.evaluate("() => window.movingAtNews")
    # The next turn: the child calls, Tabby plays its last turn, and the child counts.
    expect(page.locator("[data-board]")).to_have_attribute("data-my-turn", "yes", timeout=15000)
    tap(page, "button[aria-label^='Draw a card']")
    tap(page, "button:text-is('Put it on the DISCARD pile')")
    # Rat-a-Tat-Cat! ends the round after Tabby's last turn (Done, if Tabby called first).
    finish = page.locator("button:text-is('Rat-a-Tat-Cat!'), button:text-is('Done')")
    expect(finish.first).to_be_visible()  # the step's controls come in one answer
    call = page.locator("button:text-is('Rat-a-Tat-Cat!')")
    (call if call.count() else finish.first).click()
    wait_for_counting(page)
    card = next(
        c for c in page.locator(".count-card").all() if c.get_attribute("data-value") != "0"
    )
    card.locator("[data-add]").click()
    expect(card.locator(".cube-new")).to_have_count(1)
    moving_cubes = page.evaluate(MOVING)
    running = page.evaluate(RUNNING)
    if motion == "reduce":
        assert moving_news == [] and moving_cubes == [] and running == []
    else:
        assert any("news-in" in m for m in moving_news), moving_news
        assert any("cube-drop" in m for m in moving_cubes), moving_cubes
    page.context.close()
