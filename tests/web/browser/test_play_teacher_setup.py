"""A teacher sets up a table in a real browser: the options shown follow the level chosen
(power cards only where the deck has them, outside cards face up only at Outside Peek), a
child of another level is seated with a clear sentence, and axe-core finds no violations."""

from __future__ import annotations

from typing import Any

from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import no_axe_violations, teacher_page
from tests.web.conftest import MadeClass, MadeTeacher
from tests.web.helpers.tables import game, set_level


def test_the_set_up_form_shows_the_options_of_the_level_chosen(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Any,
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "peek")
    set_level(app, leo, "standard")
    page = teacher_page(chromium, app, live_server, teacher)
    page.goto(f"/classes/{classroom.id}/tables")
    no_axe_violations(page)
    power = page.get_by_role("group", name="Power cards")
    draw2 = page.get_by_role("group", name="A PEEK or SWAP drawn during DRAW 2")
    outside = page.get_by_role("group", name="Outside cards at Outside Peek")
    # The options a teacher rarely changes are folded away; the summary says they follow the
    # children's assignment. The teacher opens them.
    expect(power).to_be_hidden()
    options = page.locator("details.table-options > summary")
    expect(options).to_contain_text("as the children's assignment says")
    options.click()
    # The children's own level is not known yet: every option shows.
    for option in (power, draw2, outside):
        expect(option).to_be_visible()
    page.get_by_label("Ultra-Peek", exact=True).check()
    expect(power).to_be_hidden()
    expect(draw2).to_be_hidden()
    expect(outside).to_be_hidden()
    page.get_by_label("Outside Peek", exact=True).check()
    expect(outside).to_be_visible()
    page.get_by_label("Off: no power cards").check()
    expect(draw2).to_be_hidden()
    page.get_by_label("On", exact=True).check()
    page.get_by_label("Standard", exact=True).check()
    expect(outside).to_be_hidden()
    expect(draw2).to_be_visible()
    # Mia (Peek) and Leo (Standard) together at a Standard table, two rounds, no call before
    # every seat has had 3 turns.
    page.get_by_label("Mia (Peek)").check()
    page.get_by_label("Leo (Standard)").check()
    page.get_by_label("Can only be discarded").check()
    page.get_by_label("Turns before anyone may call Rat-a-Tat-Cat").fill("3")
    page.get_by_label("Rounds per game").fill("2")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator(".flash")).to_contain_text(
        "Mia is assigned Peek; at this table Mia plays Standard."
    )
    expect(page.locator(".seat-status")).to_contain_text(
        "Mia is assigned Peek and plays this table at Standard."
    )
    no_axe_violations(page)
    table_id = int(page.url.rstrip("/").split("/")[-2])
    options = game(app, table_id).options
    assert (options.rounds, options.min_turns_before_call, options.draw2_powers) == (2, 3, False)
    # A mistake is said next to the field, and nothing starts.
    page.goto(f"/classes/{classroom.id}/tables")
    page.get_by_label("Mia (Peek; at a live table)").check()
    page.get_by_label("Top Cat").check()
    page.locator("details.table-options > summary").click()
    page.get_by_label("Rounds per game").fill("50")
    page.get_by_role("button", name="Start the table").click()
    # The refused option is in view: the folded options open by themselves.
    expect(page.get_by_text("From 1 to 20 rounds.")).to_be_visible()
    expect(page.locator("details.table-options > summary")).to_contain_text(
        "changed for this table"
    )
    expect(page.get_by_role("alert").first).to_be_visible()
    no_axe_violations(page)
    page.context.close()
