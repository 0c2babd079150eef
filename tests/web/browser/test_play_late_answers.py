"""Answers that come back out of order (a busy network, a busy server): the board never steps
back to an older version, and the news of a computer player's move is told once, never again
by a later answer that starts further back (a child playing by ear would hear "Kitten drew a
card." twice in a row).

The table page polls here (TABLE_PUSH is off in the tests) and computer players move at once
(COMPUTER_PACE 0): each poll plays one computer action. Playwright holds chosen requests, or
their answers, and lets them go when the test says, so the order is the same on every run."""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import LINES, NUMBERS, tablet, tap
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import set_level, start_table

# Every version the page's board showed, in order, and every line of news it told (not whose
# turn it is, which the board says, nor a computer player's thought): kept across reloads.
RECORD = """(() => {
  const keep = (name, item) => {
    const all = JSON.parse(sessionStorage.getItem(name) || '[]');
    all.push(item);
    sessionStorage.setItem(name, JSON.stringify(all));
  };
  let shown = null;
  new MutationObserver((changes) => {
    const board = document.querySelector('[data-board]');
    const version = board && board.getAttribute('data-version');
    if (version !== null && version !== shown) { shown = version; keep('versions', version); }
    changes.forEach((change) => change.addedNodes.forEach((node) => {
      if (node.nodeType === 1 && node.matches('[data-news] .news-line')
          && !node.matches('.news-thought, [data-turn-news]')) {
        keep('news', node.textContent);
      }
    }));
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();"""

STATE = re.compile(r"/play/tables/\d+/state\?version=(-?\d+)")


def kept(page: Any, name: str) -> list[str]:
    return list(json.loads(page.evaluate(f"() => sessionStorage.getItem('{name}') || '[]'")))


def until(page: Any, done: Callable[[], bool], what: str) -> None:
    """Wait for a condition of the test's own (a request held), letting the page and
    Playwright's handlers run meanwhile."""
    ends = time.monotonic() + 30
    while not done():
        assert time.monotonic() < ends, f"waited 30 s for {what}"
        page.wait_for_timeout(25)


# The lines (the child's, then the computer's), the first DISCARD card, then the DRAW pile: the
# child draws the 8, and the computer player the 9, which it throws away (its line is 5-8).
DECK = [*LINES, 4, 8, 9, *NUMBERS[3:]]


def at_the_end_of_the_childs_turn(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> tuple[Any, int]:
    """The child's tablet at a table with one computer player, the child's turn played up to
    its last choice (draw, throw the card away; "Done" is next); the board's version."""
    set_level(app, child, "ultra_peek", scoring="cubes", think_aloud="off")
    table_id = start_table(app, [child], ["beginner"], stacked=DECK)
    page = tablet(chromium, app, live_server, child)
    page.context.add_init_script(RECORD)
    page.goto(f"/play/tables/{table_id}")
    tap(page, "button[aria-label^='Draw a card']")
    tap(page, "button:text-is('Put it on the DISCARD pile')")
    expect(page.locator("button:text-is('Done')")).to_be_visible()
    version = page.locator("[data-board]").get_attribute("data-version")
    assert version is not None
    return page, int(version)


def told_once(page: Any) -> None:
    """The board's versions only went up, and no line of news was told twice in a row."""
    expect(page.locator("[data-board][data-my-turn='yes']")).to_have_count(1)
    versions = [int(v) for v in kept(page, "versions")]
    assert versions == sorted(versions), versions
    news = kept(page, "news")
    assert [a for a, b in itertools.pairwise(news) if a == b] == [], news
    assert sum(1 for line in news if line == "Kitten drew a card.") == 1, news


def test_a_moves_answer_older_than_the_board_is_not_drawn(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    """A poll sent just before the child taps "Done" comes back after the computer player has
    drawn, before the tap's own answer: that late answer (the computer's turn, not yet its
    draw) must not take the board back, nor make the next poll tell the draw again."""
    page, version = at_the_end_of_the_childs_turn(chromium, app, live_server, child)
    polls: list[Any] = []
    moves: list[tuple[Any, Any]] = []

    def poll(route: Any) -> None:
        if not polls:
            polls.append(route)  # the poll out when the child taps: held
        else:
            route.continue_()

    def move(route: Any) -> None:
        moves.append((route, route.fetch()))  # made on the server; its answer held

    page.route("**/play/tables/*/state*", poll)
    page.route("**/play/tables/*/move", move)
    until(page, lambda: bool(polls), "a poll")
    page.locator("button:text-is('Done')").click()
    until(page, lambda: bool(moves), "the move")
    polls[0].continue_()  # it plays the computer's draw, and the page shows it
    expect(page.locator("[data-board]")).to_have_attribute("data-version", str(version + 2))
    expect(page.locator("[data-news]")).to_contain_text("Kitten drew a card.")
    route, answer = moves[0]
    route.fulfill(response=answer)
    told_once(page)


def test_a_poll_out_while_the_child_moved_does_not_tell_news_again(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    """A poll sent just before the child taps "Done" comes back last, after the tap's answer
    and a later poll that told the computer player's draw, with the computer's next move: its
    news, since the version it asked from, holds that draw again. It is not told twice."""
    page, version = at_the_end_of_the_childs_turn(chromium, app, live_server, child)
    drew = version + 2  # "Done", then the computer's draw
    first: list[Any] = []
    later: list[Any] = []
    letting_go = False

    def poll(route: Any) -> None:
        match = STATE.search(route.request.url)
        asked = int(match.group(1)) if match else -1
        if letting_go:
            route.continue_()
        elif not first:
            first.append(route)  # the poll out when the child taps: held
        elif asked >= drew:
            later.append(route)  # the page has told the draw: the table waits here
        else:
            route.continue_()

    page.route("**/play/tables/*/state*", poll)
    until(page, lambda: bool(first), "a poll")
    page.locator("button:text-is('Done')").click()
    expect(page.locator("[data-board]")).to_have_attribute("data-version", str(drew))
    expect(page.locator("[data-news]")).to_contain_text("Kitten drew a card.")
    until(page, lambda: bool(later), "a poll from the draw's board")
    first[0].continue_()  # plays the computer's next move; its news starts before the draw
    until(
        page,
        lambda: (
            len(later) > 1
            or page.locator("[data-board]").get_attribute("data-version") != str(drew)
        ),
        "the late answer to be read",
    )
    letting_go = True
    for route in later:
        route.continue_()
    told_once(page)
