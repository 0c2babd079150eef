"""A child picks computer players on a tablet (Chromium at 768x1024): each player is a picture
button that toggles, at most three can be picked, Play! waits for one, and the table that starts
seats exactly the players picked, with the names and pictures the page showed."""

from __future__ import annotations

from typing import Any

from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import TABLET, child_context, no_axe_violations
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import set_level


def test_a_child_taps_the_players_they_want_and_gets_exactly_them(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    set_level(app, child, "ultra_peek", computer_strong=True)
    context = child_context(chromium, app, live_server, child)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/play/computer")
    button = {
        name: page.get_by_role("checkbox", name=name, exact=True)
        for name in ("Kitten", "Mittens", "Pumpkin", "Tabby", "Top Cat", "Snowy")
    }
    expect(button["Kitten"]).to_be_checked()  # one tap on Play! still starts a game
    for name in ("Mittens", "Tabby"):
        page.locator("label.player-choice").filter(has_text=name).click()
        expect(button[name]).to_be_checked()
    # Three picked: the table is full, so the others are dimmed and cannot be picked.
    for name in ("Pumpkin", "Top Cat", "Snowy"):
        expect(button[name]).to_be_disabled()
    page.locator("label.player-choice").filter(has_text="Pumpkin").click(force=True)
    expect(button["Pumpkin"]).not_to_be_checked()
    no_axe_violations(page)
    # Kitten off: there is room again, and Pumpkin can be picked.
    page.locator("label.player-choice").filter(has_text="Kitten").click()
    expect(button["Pumpkin"]).to_be_enabled()
    page.locator("label.player-choice").filter(has_text="Pumpkin").click()
    # No one picked: Play! waits.
    play = page.get_by_role("button", name="Play!")
    for name in ("Mittens", "Pumpkin", "Tabby"):
        page.locator("label.player-choice").filter(has_text=name).click()
    expect(play).to_be_disabled()
    for name in ("Mittens", "Pumpkin", "Tabby"):
        page.locator("label.player-choice").filter(has_text=name).click()
    expect(play).to_be_enabled()
    # Every player and Play! are on the tablet's screen at once (nine players: three kinds).
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= TABLET["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    play.click()
    expect(page.locator("[data-board]")).to_be_visible()
    names = page.locator(".seat-name-text").all_inner_texts()
    assert sorted(names) == sorted([f"{child.display_name} (you)", "Mittens", "Pumpkin", "Tabby"])
    assert page.locator("img[src*='pictures/kitten-black.svg?v=']").count() >= 1
    assert page.locator("img[src*='pictures/kitten-ginger.svg?v=']").count() >= 1
    assert errors == []
    context.close()


def test_back_from_a_game_finds_it_first_and_play_still_fits(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    """The browser's Back from a game lands here: "Back to your game" (with the players'
    faces) comes first, as on the home page, since Play! starts a new game and stops that
    one. Every player and Play! still fit the tablet (a reviewer lost a game this way)."""
    set_level(app, child, "ultra_peek", computer_strong=True)
    page = child_context(chromium, app, live_server, child).new_page()
    page.goto("/play/computer")
    expect(page.locator(".back-to-game")).to_have_count(0)
    page.get_by_role("button", name="Play!").click()
    expect(page.locator("[data-board]")).to_be_visible()
    game_url = page.url
    page.go_back()
    back = page.get_by_role("link", name="Back to your game")
    expect(back).to_be_visible()
    expect(back.get_by_role("img", name="Kitten")).to_be_visible()
    assert "Back to your game" in (
        page.locator(".say-this [data-speak]").get_attribute("data-speak") or ""
    )
    play = page.get_by_role("button", name="Play!")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= TABLET["height"], box
    no_axe_violations(page)
    back.click()
    expect(page).to_have_url(game_url)
    expect(page.locator("[data-board]")).to_be_visible()
    page.context.close()
