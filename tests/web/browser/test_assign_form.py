"""How a game ends, on the assignment form and the table set-up form: the rounds field shows
only with "A number of rounds", the points limit and what happens at it only with "Play to a
points limit" (a field that does nothing is not offered), and a refused one always shows."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, sign_in_teacher_by_form
from tests.web.conftest import PASSWORD, MadeChild, MadeClass, MadeTeacher


def test_the_assignment_form_offers_only_what_the_ending_uses(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    sign_in_teacher_by_form(page, live_server.url, teacher, PASSWORD)
    page.goto(f"{live_server.url}/children/{child.id}/assignment")
    rounds = page.get_by_role("spinbutton", name="Rounds per game")
    limit = page.get_by_role("spinbutton", name="Points limit")
    at_limit = page.get_by_role("group", name="At the limit")
    expect(page.get_by_label("A number of rounds")).to_be_checked()
    expect(rounds).to_be_visible()
    expect(limit).to_be_hidden()
    expect(at_limit).to_be_hidden()
    page.get_by_label("Play to a points limit").check()
    expect(rounds).to_be_hidden()
    expect(limit).to_be_visible()
    expect(at_limit).to_be_visible()
    # A refused limit is shown with its message, whatever the ending chosen.
    limit.fill("5")
    page.get_by_label("A number of rounds").check()
    expect(limit).to_be_hidden()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_label("A number of rounds")).to_be_checked()
    expect(page.get_by_role("spinbutton", name="Points limit")).to_be_visible()
    expect(page.get_by_role("alert").first).to_be_visible()


def test_the_table_set_up_shows_both_while_the_assignment_decides(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    sign_in_teacher_by_form(page, live_server.url, teacher, PASSWORD)
    page.goto(f"{live_server.url}/classes/{classroom.id}/tables")
    page.locator("details.table-options > summary").click()
    rounds = page.get_by_role("spinbutton", name="Rounds per game")
    limit = page.get_by_role("spinbutton", name="Points limit")
    expect(rounds).to_be_visible()  # "As the children's assignment says": either may apply
    expect(limit).to_be_visible()
    page.get_by_label("A number of rounds").check()
    expect(limit).to_be_hidden()
    expect(page.get_by_role("group", name="At the points limit")).to_be_hidden()
    page.get_by_label("Play to a points limit").check()
    expect(rounds).to_be_hidden()
    expect(limit).to_be_visible()
