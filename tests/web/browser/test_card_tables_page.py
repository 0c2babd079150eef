"""The teacher's Card tables page on a laptop (1366 and 1024 px): with a class of 25 the
children sit side by side and the options a teacher rarely changes are folded away, so "Start
the table" is a scroll away, not four; ending a game takes a second, deliberate tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, sign_in_teacher_by_form
from tests.web.browser.helpers import no_axe_violations
from tests.web.conftest import PASSWORD, MadeChild, MadeClass, MadeTeacher
from tests.web.helpers.tables import snapshot, start_table

CLASS_SIZE = 25


@pytest.mark.parametrize("width", [1366, 1024])
def test_start_the_table_is_near_the_children_in_a_class_of_25(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    width: int,
) -> None:
    """Before, a class of 13 put the button 4 screens down (3,300 px of one-column choices)."""
    for number in range(CLASS_SIZE):
        make_child(classroom, f"Child {number + 1:02d}")
    page.set_viewport_size({"width": width, "height": 768})
    sign_in_teacher_by_form(page, live_server.url, teacher, PASSWORD)
    page.goto(f"{live_server.url}/classes/{classroom.id}/tables")
    start = page.get_by_role("button", name="Start the table")
    expect(start).to_be_visible()
    box = start.bounding_box()
    assert box["y"] + box["height"] <= 2 * 768, box  # within one scroll of the top
    # The children side by side: three or more to a row.
    lefts = page.locator(".children-grid .choice").evaluate_all(
        "(labels) => new Set(labels.map((l) => Math.round(l.getBoundingClientRect().left))).size"
    )
    assert lefts >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(page.get_by_role("group", name="Power cards")).to_be_hidden()
    no_axe_violations(page)


def test_ending_a_game_takes_a_second_tap(
    page: Any,
    app: Flask,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """The first tap opens a box that says whose game ends; only "Yes, end it now" ends it."""
    ava = make_child(classroom, "Ava T.")
    table_id = start_table(app, [ava], ["beginner"])
    page.set_viewport_size({"width": 1024, "height": 768})
    sign_in_teacher_by_form(page, live_server.url, teacher, PASSWORD)
    page.goto(f"{live_server.url}/classes/{classroom.id}/tables")
    expect(page.get_by_role("cell", name="Ava T.'s turn")).to_be_visible()
    yes = page.get_by_role("button", name="Yes, end it now")
    expect(yes).to_be_hidden()
    page.locator("details.end-game > summary").click()
    expect(page.get_by_text("The game of Ava T., Kitten ends now, as it is")).to_be_visible()
    assert snapshot(app, table_id)[1] == "playing"  # the first tap ended nothing
    no_axe_violations(page)
    yes.click()
    expect(page.get_by_text("No table is playing now.")).to_be_visible()
    assert snapshot(app, table_id)[1] == "finished"


def test_the_live_tables_keep_up_but_not_under_the_teachers_hands(
    page: Any,
    app: Flask,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A table a child opens for friends shows up without a reload; while the teacher has a
    box open ("End this game"), the list stays as it is until it is closed."""
    from tests.web.helpers.tables import child_client, play_turn

    app.config["LIVE_TABLES_POLL_MS"] = 300
    ava, ben = make_child(classroom, "Ava T."), make_child(classroom, "Ben O.")
    table_id = start_table(app, [ava], ["beginner"])
    page.set_viewport_size({"width": 1366, "height": 768})
    # Count the page's timer ticks, to wait for several polls that must change nothing.
    page.add_init_script(
        """const every = window.setInterval; window.ticks = 0;
        window.setInterval = (run, ms) => every(() => { window.ticks += 1; run(); }, ms);"""
    )
    sign_in_teacher_by_form(page, live_server.url, teacher, PASSWORD)
    page.goto(f"{live_server.url}/classes/{classroom.id}/tables")
    page.evaluate("() => { window.stillHere = true; }")  # a reload would lose it
    expect(page.get_by_role("cell", name="Ava T.'s turn")).to_be_visible()

    child_client(app, ben).post("/play/friends")
    waiting = page.get_by_role("cell", name="Waiting to start: 1 of 4 seats taken")
    expect(waiting).to_be_visible(timeout=15_000)
    assert page.evaluate("() => window.stillHere === true")

    page.locator("details.end-game > summary").first.click()
    page.locator("body").click(position={"x": 5, "y": 5})  # the box stays open, unfocused
    play_turn(app, child_client(app, ava), table_id)
    # Three more ticks of the poll: the open box and the row under it stay.
    ticks = page.evaluate("() => window.ticks")
    page.wait_for_function(f"() => window.ticks >= {ticks + 3}")
    expect(page.locator("details.end-game[open]")).to_have_count(1)
    expect(page.get_by_role("cell", name="Ava T.'s turn")).to_be_visible()
    page.locator("details.end-game[open] > summary").click()
    page.locator("body").click(position={"x": 5, "y": 5})  # the focus leaves the list
    expect(page.get_by_role("cell", name="Kitten's turn")).to_be_visible(timeout=15_000)
