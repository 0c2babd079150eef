"""The tablet keeps the table's pictures, scripts and styles (classroom/static_files.py): the
page opened again (a round's end, the next round) asks the server for none of them, where
each was asked again before (a 304 each, and a card blank until its answer came)."""

from __future__ import annotations

from typing import Any

from flask import Flask, request, request_started
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import tablet
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import set_level, start_table


def test_the_table_page_opened_again_asks_for_no_static_file(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild
) -> None:
    asked: list[str] = []

    def note_static(sender: Flask, **extra: object) -> None:
        if request.path.startswith("/static/"):
            asked.append(request.full_path)

    # A signal, not a before_request hook: the session's app has served requests already.
    request_started.connect(note_static, app)
    try:
        see_the_table_twice(chromium, app, live_server, child, asked)
    finally:
        request_started.disconnect(note_static, app)


def see_the_table_twice(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, asked: list[str]
) -> None:

    set_level(app, child, "standard")
    table_id = start_table(app, [child], ["beginner", "solid"])
    page = tablet(chromium, app, live_server, child)
    page.goto(f"/play/tables/{table_id}")
    expect(page.locator(".pile-draw .card-img")).to_be_visible()
    page.wait_for_load_state()
    assert len(asked) >= 10  # styles, scripts, cards, icons, pictures
    assert all("?v=" in path for path in asked), asked
    asked.clear()
    page.reload()
    expect(page.locator(".pile-draw .card-img")).to_be_visible()
    page.wait_for_load_state()
    # The browser's own favicon request is its own business; the page's files are all kept.
    assert [path for path in asked if "/pictures/cat.svg" not in path] == []
