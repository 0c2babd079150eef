"""Pushed updates in a real browser (TABLE_PUSH): a tablet listens to its table's event stream,
sees a classmate's move without polling, and goes back to polling when the stream is refused."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import child_context, mover_and_watcher, mover_first
from tests.web.conftest import MadeClass
from tests.web.helpers.tables import set_level, start_table


def test_a_tablet_sees_a_move_by_push_and_polls_again_when_the_stream_is_refused(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    make_child: Any,
) -> None:
    """Leo's page opens a stream and asks for no poll; Mia's draw reaches it. Then pushed
    updates are turned off on the server: the stream ends, its reconnection gets a 404, and
    the page polls; Mia's next move reaches it by a poll."""
    app.config["TABLE_PUSH"] = 2  # a stream lasts 2 s, so the reconnection comes soon
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [mia, leo])
    pages = {}
    asked: dict[str, list[str]] = {"state": [], "events": []}
    for name, kid in (("mia", mia), ("leo", leo)):
        page = child_context(chromium, app, live_server, kid).new_page()
        if name == "leo":
            page.on(
                "request",
                lambda r: [asked[k].append(r.url) for k in asked if f"/{k}" in r.url],
            )
        page.goto(f"/play/tables/{table_id}")
        pages[name] = page
    mover, watcher = pages["mia"], pages["leo"]
    if mover.locator("[data-board]").get_attribute("data-my-turn") != "yes":
        mover, watcher = watcher, mover
    mover_name = "Mia" if mover is pages["mia"] else "Leo"
    expect(watcher.locator("#board-region")).to_have_attribute(
        "data-events-url", f"/play/tables/{table_id}/events"
    )

    mover.locator("button[aria-label^='Draw a card']").click()
    expect(watcher.locator(".story-list")).to_contain_text(f"{mover_name} drew a card")
    if watcher is pages["leo"]:
        assert asked["events"] and asked["state"] == []

    # The stream ends within 2 s; the reconnection is refused; the page polls again.
    with watcher.expect_request(lambda r: "/state" in r.url, timeout=15_000):
        app.config["TABLE_PUSH"] = 0
    mover.locator("button:text-is('Put it on the DISCARD pile')").click()
    expect(watcher.locator(".story-list")).to_contain_text(f"{mover_name} put the")
    for page in pages.values():
        page.context.close()


def test_a_childs_second_tablet_sees_the_move_made_on_the_first(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    make_child: Any,
) -> None:
    """The child on turn has the table open on two tablets and draws on one: the other is told
    the move was theirs (no board: their own answer had it), asks for the table once, and
    shows the drawn card's news; the tablet that drew asks for nothing more."""
    app.config["TABLE_PUSH"] = 30
    table_id, mover_kid, _ = mover_first(chromium, app, live_server, classroom, make_child)
    tablets = []
    polls: list[list[str]] = [[], []]
    for index in range(2):
        page = child_context(chromium, app, live_server, mover_kid).new_page()
        page.on(
            "request",
            lambda r, index=index: polls[index].append(r.url) if "/state" in r.url else None,
        )
        page.goto(f"/play/tables/{table_id}")
        expect(page.locator("#board-region")).to_have_attribute(
            "data-events-url", f"/play/tables/{table_id}/events"
        )
        tablets.append(page)
    drawing, other = tablets
    version = int(drawing.locator("[data-board]").get_attribute("data-version") or 0)
    drawing.locator("button[aria-label^='Draw a card']").click()
    expect(drawing.locator("[data-board]")).to_have_attribute("data-version", str(version + 1))
    expect(other.locator("[data-board]")).to_have_attribute("data-version", str(version + 1))
    expect(other.locator(".story-list")).to_contain_text("You drew")
    assert len(polls[1]) == 1, polls  # the one catch-up poll
    assert polls[0] == []
    for page in tablets:
        page.context.close()


def test_a_tablet_whose_stream_is_held_back_on_the_way_polls_instead(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    make_child: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A proxy that buffers the stream: the page's request for it gets no answer at all, not
    even its heartbeat. Once it has heard nothing for its quiet limit, the page closes the
    stream and polls, and a classmate's move reaches it by a poll."""
    from classroom.play import push

    monkeypatch.setattr(push, "HEARTBEAT", 0.5)  # so the page waits 6 s, not 35
    app.config["TABLE_PUSH"] = 30
    table_id, mover, watcher = mover_and_watcher(chromium, app, live_server, classroom, make_child)
    held: list[Any] = []
    # Not answered while the test looks, as a buffering proxy holds the stream's first bytes
    # back (each is let go at the end: a route left pending keeps its page from closing).
    watcher.route("**/events?*", lambda route: held.append(route))
    polls: list[float] = []
    watcher.on("request", lambda r: polls.append(time.monotonic()) if "/state" in r.url else None)
    mover.goto(f"/play/tables/{table_id}")
    opened = time.monotonic()
    watcher.goto(f"/play/tables/{table_id}")
    region = watcher.locator("#board-region")
    expect(region).to_have_attribute("data-events-quiet", "6000")
    expect(region).to_have_attribute("data-events-given-up", "", timeout=30_000)
    assert held, "the page asked for its stream"
    with watcher.expect_request(lambda r: "/state" in r.url, timeout=15_000):
        pass  # it polls now (every 200 ms in these tests)
    # It did not poll while it listened: not before its 6 s had passed (a busy machine only
    # makes the first poll later).
    assert polls and min(polls) - opened > 5, [at - opened for at in polls]
    mover.locator("button[aria-label^='Draw a card']").click()
    expect(watcher.locator(".story-list")).to_contain_text("drew a card")
    # The other tablet's stream, answered, sent its heartbeats all along: it still listens.
    assert mover.locator("#board-region").get_attribute("data-events-given-up") is None
    for route in held:
        route.abort()
    for page in (mover, watcher):
        page.context.close()


# The Wi-Fi gone (each try fails at once), or the server restarting behind a proxy that says
# so with a 502 (the browser closes such a stream for good by itself).
@pytest.mark.parametrize("failure", ["network", "bad gateway"])
def test_a_tablet_whose_stream_fails_for_a_while_listens_again_when_it_is_back(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    classroom: MadeClass,
    make_child: Any,
    monkeypatch: pytest.MonkeyPatch,
    failure: str,
) -> None:
    """The stream's tries fail for longer than the quiet limit, at once (unlike a proxy
    holding the stream back, which says nothing). The page polls meanwhile and tries the
    stream again itself, less and less often (not five times a second); it never gives it up
    for good, and listens again once it answers, polling no more."""
    from classroom.play import push

    monkeypatch.setattr(push, "HEARTBEAT", 0.5)  # the quiet limit 6 s
    app.config["TABLE_PUSH"] = 2  # the open stream ends soon, and its next tries fail
    table_id, mover, watcher = mover_and_watcher(chromium, app, live_server, classroom, make_child)
    polls: list[str] = []
    watcher.on("request", lambda r: polls.append(r.url) if "/state" in r.url else None)
    mover.goto(f"/play/tables/{table_id}")
    watcher.goto(f"/play/tables/{table_id}")
    region = watcher.locator("#board-region")
    expect(region).to_have_attribute("data-events-quiet", "6000")

    failed: list[float] = []

    def fail(route: Any) -> None:
        failed.append(time.monotonic())
        if failure == "network":
            route.abort("internetdisconnected")
        else:
            route.fulfill(status=502, body="Bad Gateway", content_type="text/html")

    watcher.route("**/events?*", fail)
    expect(region).to_have_attribute("data-events-failing", "", timeout=15_000)
    with watcher.expect_request(lambda r: "/state" in r.url, timeout=15_000):
        pass  # it polls while its stream fails
    # Until its tries have failed for longer than the quiet limit (a wait on that condition).
    deadline = time.monotonic() + 40
    while not failed or time.monotonic() - failed[0] < 8:
        assert time.monotonic() < deadline, f"the page tried its stream {len(failed)} times"
        watcher.wait_for_timeout(250)
    # The browser alone would have tried about 40 times in 8 s; the page waits longer and
    # longer between its own tries.
    assert 3 <= len(failed) <= 10, [round(at - failed[0], 1) for at in failed]
    watcher.unroute("**/events?*")
    expect(region).not_to_have_attribute("data-events-failing", "", timeout=40_000)
    assert region.get_attribute("data-events-given-up") is None
    polled = len(polls)
    mover.locator("button[aria-label^='Draw a card']").click()
    expect(watcher.locator(".story-list")).to_contain_text("drew a card")
    assert len(polls) <= polled + 1, polls[polled:]  # the move came by the stream
    for page in (mover, watcher):
        page.context.close()
