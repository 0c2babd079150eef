"""A child who cannot read plays a whole game by ear (issue 39): with read-aloud on (every
child's setting until the teacher turns it off), a speechSynthesis stand-in records every
sentence over a game at each level and with each way of adding up, and every step is spoken
by itself, once, and never cut off: whose turn it is, what to do, "Remember these!", the power
cards' prompts, the counting steps, "Let's count again" with its hint, "Good try", the results
and the end of the game."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import child_context, take_a_step, wait_for_the_table
from tests.web.browser.speech_stub import SPEECH_STUB
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import game, set_level, start_table

# Every sentence started, kept across the page's reloads (sessionStorage), and every set of
# words the board showed on the child's turn, as it appeared.
KEEP = """(() => {
  const keep = (name, item) => {
    const all = JSON.parse(sessionStorage.getItem(name) || '[]');
    all.push(item);
    sessionStorage.setItem(name, JSON.stringify(all));
  };
  const cancel = window.speechSynthesis.cancel.bind(window.speechSynthesis);
  window.speechSynthesis.cancel = () => {
    const before = window.__spoken.filter((r) => r.cut).length;
    cancel();
    window.__spoken.filter((r) => r.cut).slice(before).forEach((r) => keep('cut', r.text));
  };
  const told = new Set();
  new MutationObserver(() => {
    window.__said.forEach((text, i) => {
      if (!told.has(i)) { told.add(i); keep('said', text); }
    });
    const board = document.querySelector('[data-board]');
    if (board && board.getAttribute('data-status') === 'playing'
        && board.getAttribute('data-my-turn') === 'yes') {
      const words = board.getAttribute('data-spoken');
      const seen = JSON.parse(sessionStorage.getItem('board') || '[]');
      if (seen[seen.length - 1] !== words) { keep('board', words); }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  setInterval(() => {
    window.__said.forEach((text, i) => {
      if (!told.has(i)) { told.add(i); keep('said', text); }
    });
  }, 20);
})();"""

QUIET = "() => !window.speechSynthesis.speaking && !window.speechSynthesis.pending"


def kept(page: Any, name: str) -> list[str]:
    return list(json.loads(page.evaluate(f"() => sessionStorage.getItem('{name}') || '[]'")))


def listen(page: Any) -> None:
    """The child listens to the end before tapping (a tap would stop the sentence)."""
    page.wait_for_load_state()
    page.wait_for_function(QUIET, timeout=20_000)


def snap(page: Any, stacks: list[int]) -> None:
    for place, n in enumerate(stacks, start=1):
        card = page.locator(f".count-card[data-place='{place}']")
        while int(card.locator("input[data-cubes]").input_value()) < n:
            card.locator("[data-add]").click()
        while int(card.locator("input[data-cubes]").input_value()) > n:
            card.locator("[data-remove]").click()
    listen(page)
    page.get_by_role("button", name="Snap the bar!").click()


def type_total(page: Any, total: int) -> None:
    listen(page)
    for digit in str(total):
        page.locator(f"[data-key='{digit}']").click()
    listen(page)
    page.get_by_role("button", name="That's my total").click()


# Each level with a way of adding up, and how many wrong tries the child makes before the
# right count (cubes: a stack one too many; a total: one too many).
GAMES = [
    ("ultra_peek", "cubes", 1),
    ("peek", "total", 2),
    ("outside_peek", "cubes_and_total", 0),
    ("standard", "total", 1),
]


@pytest.mark.parametrize(("level", "scoring", "wrong"), GAMES)
def test_every_step_is_spoken_once_and_never_cut(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    child: MadeChild,
    level: str,
    scoring: str,
    wrong: int,
) -> None:
    set_level(app, child, level, scoring=scoring)
    table_id = start_table(app, [child], ["beginner"])
    context = child_context(chromium, app, live_server, child)
    context.add_init_script(SPEECH_STUB)
    context.add_init_script(KEEP)
    page = context.new_page()
    page.goto(f"/play/tables/{table_id}")
    page.locator(".table-title").click()  # the first tap: the page may speak from now on
    tries = 0
    for step in range(400):
        listen(page)
        if page.locator("p.game-over").is_visible():
            break
        if page.locator("[data-counting] form").count():
            line = [int(c) for c in game(app, table_id).lines[0]]
            if page.locator("[data-cube-count]").count():
                stacks = list(line)
                if tries < wrong:
                    stacks[0] += 1
                tries += 1
                snap(page, stacks)
            else:
                total = sum(line) + (1 if tries < wrong else 0)
                tries += 1
                type_total(page, total)
            page.wait_for_load_state()
            continue
        remember = page.locator(".remember-button")
        if remember.count() and remember.is_visible():
            remember.click()
            expect(page.locator("[data-board][data-outside-look]")).to_have_count(0)
            continue
        if not take_a_step(page, call=step > 10):
            wait_for_the_table(page)
    else:
        raise AssertionError("the game did not end")
    listen(page)
    said = kept(page, "said")
    # No step the child must take is cut off. The news of another player's move may be: it
    # can arrive between the child's listening and their tap, and a tap is read at once
    # (speech.js, say), as the child asked.
    from classroom.tables.faces import COMPUTER_FACES

    news = tuple(f"{face.name} " for faces in COMPUTER_FACES.values() for face in faces)
    assert [line for line in kept(page, "cut") if not line.startswith(news)] == [], said
    # Once: never the same sentence twice in a row (a step read again by a redraw).
    repeats = [a for a, b in itertools.pairwise(said) if a == b]
    assert repeats == [], said
    # Every set of words the board showed on the child's turn was read by itself.
    for words in kept(page, "board"):
        assert words in said, (words, said)
    expected = ["Your turn!", "It is Kitten's turn.", "The game is over!"]
    if level == "standard":
        expected.append("Remember these!")
    if scoring in ("cubes", "cubes_and_total"):
        expected.append("Put cubes on your cards")
    if scoring in ("total", "cubes_and_total"):
        expected.append("How many points?")
    if wrong:
        expected.append("Let's count again")
    if wrong > 1:
        expected.append("Good try!")
    for words in expected:
        assert any(words in line for line in said), (words, said)
    context.close()
