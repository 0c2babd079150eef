"""The idle sign-out on a shared tablet, in a real browser: a child leaves the game page (or the
counting page) open and walks away; the page's own polls do not keep them signed in, and when
the time is up the tablet goes by itself to the class's pictures, ready for the next child."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, call_at_once_and_count
from tests.web.browser.helpers import child_context
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import set_level, snapshot, start_table


def test_a_game_page_left_alone_goes_back_to_the_class_pictures(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, classroom: MadeClass
) -> None:
    app.config["CHILD_IDLE_MINUTES"] = 0.05  # three seconds
    table_id = start_table(app, [child], ["solid"])
    version = snapshot(app, table_id)[0]
    page = child_context(chromium, app, live_server, child).new_page()
    page.goto(f"/play/tables/{table_id}")
    # Nobody taps; the page keeps polling, and then moves on by itself. (No check of the board
    # on the way: on a busy machine the three seconds can be over before it is read.)
    expect(page).to_have_url(re.compile(rf"/join/{classroom.join_code}\?away=1$"), timeout=15000)
    away = "You were away for a while. Tap your picture to play again."
    expect(page.get_by_role("status").filter(has_text=away)).to_be_visible()
    expect(page.get_by_role("link", name=re.compile(child.display_name))).to_be_visible()
    assert snapshot(app, table_id)[0] == version  # nothing was played for the child
    page.context.close()


def test_a_counting_page_left_alone_goes_back_to_the_class_pictures(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, classroom: MadeClass
) -> None:
    # While a child counts, the page does not poll for news, only says now and then that the
    # child is there; that, too, follows the sign-out to the pictures.
    set_level(app, child, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [child], ["solid"])
    page = child_context(chromium, app, live_server, child).new_page()
    page.goto(f"/play/tables/{table_id}")
    call_at_once_and_count(page)
    app.config["CHILD_IDLE_MINUTES"] = 0.05  # three seconds
    expect(page).to_have_url(re.compile(rf"/join/{classroom.join_code}\?away=1$"), timeout=20000)
    assert snapshot(app, table_id)[1] == "counting"  # the table waits; the child can come back
    page.context.close()
