"""A child leaves mid-game in a real browser: Mia's tablet stays closed on her turn, Leo's
tablet shows "Mia has left the table" and Kitten plays her turn so Leo can play on; Mia opens
her tablet again and takes her seat back. The teacher watching sees who is away and takes a
child out of their seat."""

from __future__ import annotations

from typing import Any

from flask import Flask
from playwright.sync_api import expect

from classroom.tables.clock import now
from classroom.tables.computers import advance_computers
from tests.web.browser.conftest import LiveServer, call_at_once_and_count
from tests.web.browser.helpers import TABLET, child_context, no_axe_violations, teacher_page
from tests.web.conftest import MadeClass, MadeTeacher
from tests.web.helpers.tables import seat_state, set_level, snapshot, start_table


def test_a_child_leaves_kitten_plays_for_her_and_she_comes_back(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Any,
) -> None:
    # Seconds, not the real 90: long enough that a tablet polling every 0.7 s stays seen.
    app.config["AWAY_AFTER"] = 3
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [mia, leo])  # Mia's turn first; her tablet is never opened
    leo_page = child_context(chromium, app, live_server, leo).new_page()
    leo_page.goto(f"/play/tables/{table_id}")
    note = leo_page.locator(".away-note")
    expect(note).to_have_text(
        "Mia has left the table. Kitten plays for Mia until Mia comes back.", timeout=15000
    )
    expect(leo_page.locator(".news, .story-list").first).to_contain_text("Mia has left the table")
    no_axe_violations(leo_page)
    # Kitten plays Mia's turn; then it is Leo's.
    board = leo_page.locator("[data-board]")
    expect(board).to_have_attribute("data-my-turn", "yes", timeout=15000)
    # The teacher watching sees Mia away, with a button to take her out for good.
    watching = teacher_page(chromium, app, live_server, teacher)
    watching.goto(f"/tables/{table_id}/watch")
    expect(watching.locator(".seat-status")).to_contain_text(
        "Mia: has left the table; Kitten plays until Mia comes back."
    )
    expect(watching.get_by_role("button", name="Take Mia out (a computer plays)")).to_be_visible()
    no_axe_violations(watching)
    # Mia opens her tablet: the seat is hers again, and Leo's tablet says so.
    mia_page = child_context(chromium, app, live_server, mia).new_page()
    mia_page.goto(f"/play/tables/{table_id}")
    expect(mia_page.locator(".story-list")).to_contain_text("You are back! Kitten played for you.")
    expect(leo_page.locator(".story-list")).to_contain_text("Mia is back!")
    expect(note).to_have_count(0)
    # Leo plays his turn; then it is Mia's, and she plays it herself.
    for name in ("Draw a card", "Put it on the DISCARD pile", "Done"):
        version = board.get_attribute("data-version")
        leo_page.get_by_role("button", name=name).first.click()
        expect(board).not_to_have_attribute("data-version", version)
    mia_board = mia_page.locator("[data-board]")
    expect(mia_board).to_have_attribute("data-my-turn", "yes")
    mia_page.get_by_role("button", name="Draw a card").click()
    expect(leo_page.locator(".story-list")).to_contain_text("Mia drew a card")
    # The teacher takes Leo out: Kitten plays his seat for the rest of the game.
    watching.get_by_role("button", name="Take Leo out (a computer plays)").click()
    expect(watching.locator(".seat-status")).to_contain_text(
        "Leo: taken out; Kitten plays for the rest of the game."
    )
    expect(leo_page.locator(".prompt")).to_have_text(
        "Your teacher gave your seat to Kitten. You can watch the game."
    )
    for page in (leo_page, mia_page, watching):
        page.context.close()


def test_a_child_counting_for_a_long_time_is_not_taken_for_one_who_left(
    chromium: Any, app: Flask, live_server: LiveServer, child: Any
) -> None:
    """While the child counts, the page does not swap the board, but still tells the table
    the child is there (table.js's heartbeat)."""
    # Longer than twice the heartbeat's 5 s, as the real 90 s is: with 3 s, a seat was unseen
    # again 3 s after each heartbeat, and on a busy machine the test's own reads after a
    # heartbeat took longer than that (seen once on PostgreSQL in a clean-clone CI).
    app.config["AWAY_AFTER"] = 12
    set_level(app, child, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [child], ["solid"])
    page = child_context(chromium, app, live_server, child).new_page()
    page.goto(f"/play/tables/{table_id}")
    call_at_once_and_count(page)
    # The child thinks about the cubes for longer than AWAY_AFTER: the page's heartbeats
    # (every 5 s while counting) tell the table the child is there, so when the time comes
    # that the seat would be unseen for AWAY_AFTER, it was seen a moment ago. (A seat made
    # overdue by the test itself would race the heartbeat against whatever plays what is due.)
    began = now()
    seen = None
    while (now() - began).total_seconds() < app.config["AWAY_AFTER"] + 1:
        with page.expect_response(lambda r: f"/tables/{table_id}/state" in r.url, timeout=15_000):
            pass
        seen = seat_state(app, table_id, 0)["last_seen_at"]
        assert seen is not None and (now() - seen).total_seconds() < 10, seen
    with app.app_context():
        advance_computers(table_id)  # someone else reads the table (the teacher)
    assert seat_state(app, table_id, 0)["stand_in"] is None
    assert snapshot(app, table_id)[1] == "counting"
    for card in page.locator(".count-card").all():
        for _ in range(int(card.get_attribute("data-value"))):
            card.locator("[data-add]").click()
    page.get_by_role("button", name="Snap the bar!").click()
    expect(page.locator("p.game-over", has_text="The game is over!")).to_be_visible()
    page.context.close()


def test_a_child_reading_a_rounds_results_keeps_their_seat(
    chromium: Any, app: Flask, live_server: LiveServer, child: Any
) -> None:
    """Ava has counted round 1 of 2 and reads its results (no live board on that page) for
    longer than AWAY_AFTER: the page says now and then that it is there (here.js), so the
    table, read by anyone then, does not give her seat to a stand-in."""
    import time

    from classroom.extensions import db
    from tests.web.helpers.tables import count_for, to_counting

    app.config["AWAY_AFTER"] = 3  # a seat noted every second
    table_id, kid = to_counting(app, child, "cubes", rounds=2)
    count_for(app, kid, table_id, 0)
    # Her tablet carries the session that counted (it knows which results to show).
    name = app.config["SESSION_COOKIE_NAME"]
    cookie = kid.get_cookie(name)
    assert cookie is not None
    context = chromium.new_context(viewport=TABLET, base_url=live_server.url)
    context.add_cookies([{"name": name, "value": cookie.value, "url": live_server.url}])
    page = context.new_page()
    said: list[float] = []
    page.on("request", lambda r: said.append(time.monotonic()) if "/state" in r.url else None)
    page.goto(f"/play/tables/{table_id}")
    results = page.locator("[data-between-rounds]")
    expect(results).to_contain_text("Round 1 of 2 is over!")
    expect(results).to_have_attribute("data-here-every", "1000")
    # Until the page has said so for longer than AWAY_AFTER (a wait on that condition).
    deadline = time.monotonic() + 30
    while not said or said[-1] - said[0] < 4:
        assert time.monotonic() < deadline, f"the results page said it was there {len(said)} times"
        page.wait_for_timeout(250)
    with app.app_context():
        for _ in range(6):  # the computers' turns, up to hers
            advance_computers(table_id)
            db.session.remove()
    assert seat_state(app, table_id, 0)["stand_in"] is None
    expect(results).to_be_visible()  # still her results, nobody took her away
    context.close()
