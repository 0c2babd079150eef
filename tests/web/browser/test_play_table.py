"""Children play whole games in a real browser (Chromium at 768 px): against computer players
at every level, cube counting and typing the total included; two children at one table on two
tablets; axe-core finds no violations on the play pages; every control is at least 44 px."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, wait_for_counting
from tests.web.browser.helpers import (
    TABLET,
    child_context,
    mover_and_watcher,
    no_axe_violations,
    take_a_step,
    wait_for_the_table,
)
from tests.web.conftest import MadeChild, MadeClass, teacher_session
from tests.web.helpers.tables import set_level


def big_enough(page: Any) -> None:
    for control in page.locator(
        ".card-button, .move-button, .look-button, .cube-button, .snap-button"
    ).all():
        if control.is_visible():
            box = control.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, control.inner_html()[:200]


def count_my_cubes(page: Any) -> None:
    """Place the right number of cubes on each card, snap, then type the total."""
    wait_for_counting(page)
    line_total = 0
    for card in page.locator(".count-card").all():
        value = int(card.get_attribute("data-value"))
        line_total += value
        for _ in range(value):
            card.locator("[data-add]").click()
    big_enough(page)
    page.get_by_role("button", name="Snap the bar!").click()
    total_box = page.locator("#total-input")
    expect(total_box).to_be_attached()
    for digit in str(line_total):
        page.locator(f"[data-key='{digit}']").click()
    page.get_by_role("button", name="That's my total").click()


def play_until_over(page: Any, steps: int = 600) -> None:
    for step in range(steps):
        if page.locator("p.game-over", has_text="The game is over!").is_visible():
            return
        if page.locator("[data-counting] .count-form").count():
            count_my_cubes(page)
            continue
        if not take_a_step(page, call=step > 12):
            wait_for_the_table(page)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
def test_a_child_plays_a_whole_game_against_computer_players(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    child: MadeChild,
    level: str,
) -> None:
    set_level(app, child, level, scoring="cubes_and_total", computer_strong=True)
    context = child_context(chromium, app, live_server, child)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/me")
    page.get_by_role("link", name="Play with the computer").click()
    expect(page.get_by_role("heading", name="Play with the computer")).to_be_visible()
    no_axe_violations(page)
    page.locator("label.player-choice").filter(has_text="Top Cat").click()  # with Kitten
    page.get_by_role("button", name="Play!").click()
    expect(page.locator("[data-board]")).to_be_visible()
    no_axe_violations(page)
    big_enough(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    play_until_over(page)
    expect(page.locator(".bars")).to_be_visible()
    no_axe_violations(page)
    assert errors == []
    context.close()


@pytest.mark.parametrize("pushed", [False, True], ids=["polls", "pushed"])
def test_two_children_play_at_one_table_on_two_tablets(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    make_child: Any,
    pushed: bool,
) -> None:
    """A whole game on two tablets, with the pages polling, and with pushed updates
    (TABLE_PUSH: a stream that ends every 20 s and is opened again, and no poll at all)."""
    if pushed:
        app.config["TABLE_PUSH"] = 20
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek", scoring="cubes")
    pages = []
    polls: list[str] = []
    streams: list[str] = []
    for kid in (mia, leo):
        page = child_context(chromium, app, live_server, kid).new_page()
        page.on("request", lambda r: polls.append(r.url) if "/state" in r.url else None)
        page.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
        pages.append(page)
    first, second = pages
    first.goto("/play/friends")
    first.get_by_role("button", name="Open a new table").click()
    expect(first.get_by_text("Waiting for friends")).to_be_visible()
    second.goto("/play/friends")
    no_axe_violations(second)
    second.get_by_role("button", name="Sit here").click()
    expect(first.get_by_text("Leo")).to_be_visible()  # the waiting page updates by itself
    first.locator("label.radio-big").filter(has_text="0").click()
    first.get_by_role("button", name="Start the game").click()
    for page in pages:
        expect(page.locator("[data-board]")).to_be_visible()
    # Mia moves; Leo's tablet shows it without a reload.
    first.locator("button[aria-label^='Draw a card']").click()
    expect(second.locator(".story-list")).to_contain_text("Mia drew a card")
    for step in range(2000):
        if all(p.locator("p.game-over", has_text="The game is over!").is_visible() for p in pages):
            break
        moved = False
        for page in pages:
            if page.locator("[data-counting] .count-form").count():
                wait_for_counting(page)
                for card in page.locator(".count-card").all():
                    for _ in range(int(card.get_attribute("data-value"))):
                        card.locator("[data-add]").click()
                page.get_by_role("button", name="Snap the bar!").click()
                moved = True
            elif take_a_step(page, call=step > 12):
                moved = True
        if not moved:
            wait_for_the_table(*pages)
    for page in pages:
        expect(page.locator("p.game-over", has_text="The game is over!")).to_be_visible()
        expect(page.locator(".bars .seat-bar")).to_have_count(2)
    if pushed:
        assert streams and polls == [], polls[:3]
    else:
        assert polls and streams == []


def test_a_teacher_sets_up_a_table_and_watches_it_live(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    teacher: Any,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    context = chromium.new_context(viewport=TABLET, base_url=live_server.url)
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    cookie = serializer.dumps(teacher_session(app, teacher))
    name = app.config["SESSION_COOKIE_NAME"]
    context.add_cookies([{"name": name, "value": cookie, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"/classes/{classroom.id}")
    page.get_by_role("link", name="Card tables").click()
    expect(page.get_by_role("heading", name="Card tables")).to_be_visible()
    no_axe_violations(page)
    page.get_by_label(f"{child.display_name} (Ultra-Peek)").check()
    page.get_by_label("Top Cat").check()
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("[data-board]")).to_be_visible()
    # Every card is face up for the teacher.
    assert page.locator(".line .card-wrap:not([data-card])").count() == 0
    no_axe_violations(page)
    # The child plays on their tablet; the teacher's page follows without a reload.
    kid = child_context(chromium, app, live_server, child).new_page()
    kid.goto("/me")
    kid.get_by_role("link", name="Back to your game").click()
    kid.locator("button[aria-label^='Draw a card']").click()
    expect(page.locator(".story-list")).to_contain_text(f"{child.display_name} drew a card")
    context.close()


def test_a_newer_board_takes_the_news_of_whose_turn_away(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, make_child: Any
) -> None:
    """A quick turn: "Now it is your turn." goes as soon as the board of the child's own move
    is shown, instead of staying its 4 s beside the next player's banner (a review saw it);
    the other news lines stay their 4 s."""
    table_id, mover, watcher = mover_and_watcher(chromium, app, live_server, classroom, make_child)
    for page in (mover, watcher):
        page.goto(f"/play/tables/{table_id}")
    mover.locator("button[aria-label^='Draw a card']").click()
    mover.locator("button:text-is('Put it on the DISCARD pile')").click()
    mover.locator(".done-button").click()  # no call yet: the turn ends
    news = watcher.locator("[data-news]")
    expect(news).to_contain_text("Now it is your turn.")
    board = watcher.locator("[data-board]")
    version = int(board.get_attribute("data-version") or 0)
    watcher.locator("button[aria-label^='Draw a card']").click()
    expect(board).to_have_attribute("data-version", str(version + 1))  # its answer is shown
    assert "Now it is your turn." not in news.inner_text()
    for page in (mover, watcher):
        page.context.close()
