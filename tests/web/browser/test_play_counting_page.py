"""A counting page about counting (issue 39), on a 768x1024 tablet: while the child counts,
their own four cards and the cubes only (no other line, no "Called!"); the card to count again
pointed at by an arrow and a glow, not named by a number; a wrong typed total shown back beside
the cubes; after the game, "Play again" with the same computer players beside "Back home", and
a star on the home page for every round counted."""

from __future__ import annotations

from typing import Any

from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import (
    LINES,
    NUMBERS,
    call_and_wait_to_count,
    snap,
    tablet,
    type_total,
)
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import game, set_level, start_table

SHOTS = "/work/shots/39"


def in_view(page: Any, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)


def test_counting_shows_my_cards_and_points_at_the_one_to_count_again(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    set_level(app, child, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [child], ["beginner"], stacked=LINES + NUMBERS)
    page = tablet(chromium, app, live_server, child)
    page.goto(f"/play/tables/{table_id}")
    call_and_wait_to_count(page)
    # Only the child's own line: the others' come with the results.
    expect(page.locator(".other-lines")).to_have_count(0)
    expect(page.locator(".called-badge")).to_have_count(0)
    expect(page.locator(".count-card")).to_have_count(4)
    line = [int(c) for c in game(app, table_id).lines[0]]
    snap(page, [line[0], line[1] + 1, *line[2:]])
    expect(page.get_by_text("Let's count again!")).to_be_visible()
    arrow = page.locator(".count-card[data-place='2'] .count-arrow")
    expect(arrow).to_be_visible()
    expect(page.locator(".count-arrow")).to_have_count(1)
    expect(page.locator("[data-counting]")).not_to_contain_text("says")
    page.screenshot(path=f"{SHOTS}/count-again-arrow-768.png")
    snap(page, line)
    expect(page.locator(".game-over")).to_be_visible()
    # "Play again" beside "Back home", both on screen at both tablet sizes.
    for width, height in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        in_view(page, ".play-again")
        in_view(page, ".back-home")
        page.screenshot(path=f"{SHOTS}/game-over-play-again-{width}.png")
    page.set_viewport_size({"width": 768, "height": 1024})
    page.locator(".play-again").click()
    expect(page.locator("[data-board]")).to_be_visible()
    assert f"/play/tables/{table_id}" not in page.url  # a new game
    expect(page.locator(".other-lines .seat-name-text")).to_have_text(["Kitten"])
    page.context.close()


def test_a_wrong_total_is_shown_back_beside_the_cubes(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    set_level(app, child, "ultra_peek", scoring="total")
    table_id = start_table(app, [child], ["beginner"], stacked=LINES + NUMBERS)
    page = tablet(chromium, app, live_server, child)
    page.goto(f"/play/tables/{table_id}")
    call_and_wait_to_count(page)
    expect(page.locator(".other-lines")).to_have_count(0)
    total = sum(int(c) for c in game(app, table_id).lines[0])
    type_total(page, total + 3)
    typed = page.locator(".typed-back")
    expect(typed).to_have_text(f"You typed {total + 3}.")
    expect(page.locator(".count-along-stack")).to_have_count(4)
    in_view(page, ".typed-back")
    page.screenshot(path=f"{SHOTS}/typed-back-768.png")
    speaker = page.locator(".table-top [data-speak]").get_attribute("data-speak") or ""
    assert f"You typed {total + 3}." in speaker
    type_total(page, total)
    expect(page.locator(".game-over")).to_be_visible()
    # A star on the home page for the round counted (the first: none before it).
    page.goto("/me")
    expect(page.locator(".my-stars .star-count")).to_have_text("1")
    page.screenshot(path=f"{SHOTS}/home-star-768.png")
    page.context.close()
