"""Every control a child may tap on the home page, "Play with the computer" (three kinds of
computer players) and the number check fits a 768x1024 and a 1024x768 tablet without
scrolling (issue 39: at 1024x768 "Play!", "I'm done" and "Play with friends" were below the
fold), in English and in Spanish (longer words)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations
from flask import Flask
from playwright.sync_api import expect

from classroom.check.child import LINE_IMAGE
from classroom.insights.number_check import ItemKind, make_check
from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import child_context, give_check
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import set_level

SIZES = [(768, 1024), (1024, 768)]
SHOTS = "/work/shots/39"
CATALOGS = Path(__file__).parents[3] / "classroom" / "translations"


def words_in(language: str) -> Callable[[str], str]:
    """The catalog's words in `language` (English: as written)."""
    if language == "en":
        return str
    return Translations.load(str(CATALOGS), [language]).gettext  # type: ignore[no-any-return]


TAPPABLE = "main a, main button:not([hidden]), main input[type=radio] + *, main label.player-choice"
BOXES = """(els) => els.filter((el) => el.offsetParent !== null).map((el) => {
  const b = el.getBoundingClientRect();
  return [b.x, b.y, b.width, b.height, el.outerHTML.slice(0, 120)];
})"""


def all_on_screen(page: Any, where: str) -> None:
    page.wait_for_load_state()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    boxes = page.locator(TAPPABLE).evaluate_all(BOXES)
    assert boxes, where
    outside = [
        html
        for x, y, w, h, html in boxes
        if not (x >= 0 and y >= 0 and x + w <= width + 0.5 and y + h <= height + 0.5)
    ]
    assert outside == [], f"{where} at {width}x{height}: {outside}"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=["768x1024", "1024x768"])
def test_home_and_choosing_fit(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    child: MadeChild,
    width: int,
    height: int,
    language: str,
) -> None:
    set_level(
        app,
        child,
        "peek",
        computer_beginner=True,
        computer_solid=True,
        computer_strong=True,
        language=language,
    )
    words = words_in(language)
    shot = "" if language == "en" else f"-{language}"
    context = child_context(chromium, app, live_server, child)
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/me")
    expect(page.get_by_role("link", name=words("Play with friends"))).to_be_visible()
    page.screenshot(path=f"{SHOTS}/home-{width}{shot}.png")
    all_on_screen(page, "home")
    page.get_by_role("link", name=words("Play with the computer")).click()
    expect(page.get_by_role("button", name=words("Play!"))).to_be_attached()
    page.screenshot(path=f"{SHOTS}/computer-{width}{shot}.png")
    all_on_screen(page, "Play with the computer")
    context.close()


@pytest.mark.parametrize(
    ("width", "height", "language"),
    [(768, 1024, "en"), (1024, 768, "en"), (1024, 768, "es")],
    ids=["768x1024", "1024x768", "1024x768-es"],
)
def test_the_number_check_fits(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    child: MadeChild,
    width: int,
    height: int,
    language: str,
) -> None:
    """The home page with the check's star, the check's start, each of its items and its end
    (in Spanish at the shorter size, where longer words would overflow first)."""
    set_level(app, child, "ultra_peek", language=language)
    words = words_in(language)
    check = give_check(app, classroom, child)
    context = child_context(chromium, app, live_server, child)
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/me")
    expect(page.get_by_role("link", name=words("A number game for you"))).to_be_visible()
    all_on_screen(page, "home with a number game")
    page.get_by_role("link", name=words("A number game for you")).click()
    expect(page.get_by_role("heading", name=words("A number game!"))).to_be_visible()
    all_on_screen(page, "the number game's start")
    page.get_by_role("button", name=words("Start")).click()
    progress = page.locator("progress")
    for item in make_check(check.seed, check.line_max):
        expect(progress).to_have_attribute("value", str(item.number), timeout=15000)
        all_on_screen(page, f"number game item {item.number} ({item.kind})")
        if item.number == 1 and language == "en":
            page.screenshot(path=f"{SHOTS}/check-item-{width}.png")
        if item.kind is ItemKind.LINE:
            line = page.locator("[data-line]")
            x = LINE_IMAGE.start + item.target / item.line_max * (LINE_IMAGE.end - LINE_IMAGE.start)
            line.click(position={"x": x, "y": 80})
        else:
            page.get_by_role("button", name=str(item.target), exact=True).click()
    expect(page.get_by_role("heading", name=words("Thank you!"))).to_be_visible(timeout=15000)
    all_on_screen(page, "the number game's end")
    context.close()
