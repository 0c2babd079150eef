"""Browser tests: the app served on a free localhost port in a thread, driven by Playwright in
Debian's Chromium (/usr/bin/chromium; never a downloaded browser).

Without Chromium the tests skip with a message, except under CI=true, where they fail.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from flask import Flask
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("CLASSROOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# When the browser drops a connection while werkzeug's test server is still sending a static
# file (the page moved on, the context closed), werkzeug leaves that file for the garbage
# collector. Harmless, and the browser's doing, not the app's: not an error in these tests.
DROPPED_STATIC_FILE = "ignore:unclosed file <_io.BufferedReader name='.*/static/:ResourceWarning"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests, and let the live server's dropped static files pass."""
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.filterwarnings(DROPPED_STATIC_FILE))


# axe-core, vendored for the tests only (vendor/README.md); the app never serves it. A page
# fetches it from an address of its own origin that Playwright answers with the file, so the
# app's CSP (script-src 'self', no inline script) lets it run and stays in force.
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
AXE_URL = "/tests-only/axe-core/axe.min.js"
WCAG_A_AA = "{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}}"
# axe on the page as it settles. A news line fading in (or any finite animation) has, for a
# moment, colours that fail the contrast check; each try first brings finite animations to
# their end state, and a finding that goes by the next try (a line that arrived during the
# run) was such a moment, while a real one stays for all three.
_AXE_SETTLED = """async (options) => {
  const settle = () => document.getAnimations().forEach((a) => {
    const timing = a.effect && a.effect.getComputedTiming();
    if (timing && timing.endTime !== Infinity) { a.finish(); }
  });
  let found = [];
  for (let i = 0; i < 3; i++) {
    settle();
    found = (await axe.run(document, options)).violations;
    if (!found.length) { break; }
    await new Promise((done) => setTimeout(done, 300));
  }
  return found;
}"""


def axe_violations(page: Any, options: str = "{}") -> list[dict[str, Any]]:
    """axe-core's findings on the page once it has settled (options: axe.run's, as JS)."""
    page.wait_for_load_state()
    if not page.evaluate("() => Boolean(window.axe)"):
        inject_axe(page)
    return list(page.evaluate(f"({_AXE_SETTLED})({options})"))


def inject_axe(page: Any) -> None:
    """Put axe-core on the page: a script tag for AXE_URL, which Playwright answers with the
    vendored file for as long as it takes to load (the app has no such address)."""
    assert AXE.exists(), f"axe-core is missing at {AXE}"
    url = urljoin(page.url, AXE_URL)

    def answer(route: Any) -> None:
        route.fulfill(path=AXE, content_type="text/javascript")

    page.route(url, answer)
    try:
        page.add_script_tag(url=url)
    finally:
        page.unroute(url, answer)


# The counting form once cubes.js has taken it over (it adds the class `js`). The form is on
# the page, and visible, before the deferred script runs; a tap in that moment is the no-JS
# path (a plain post and a new page), so a test that means the instant cubes waits for this.
COUNTING_WITH_JS = "[data-counting] .count-form.js"


def wait_for_counting(page: Any, timeout: float = 15000) -> None:
    """Wait until the child's cube counting form is shown and cubes.js runs it."""
    from playwright.sync_api import expect

    expect(page.locator(COUNTING_WITH_JS)).to_be_visible(timeout=timeout)


def call_at_once_and_count(page: Any) -> None:
    """On the child's first turn, draw, throw the card away and call Rat-a-Tat-Cat: the
    quickest way to the counting form (an Ultra-Peek table with one computer player)."""
    from playwright.sync_api import expect

    board = page.locator("[data-board]")
    for name in ("Draw a card", "Put it on the DISCARD pile", "Rat-a-Tat-Cat!"):
        version = board.get_attribute("data-version")
        page.get_by_role("button", name=name).first.click()
        expect(board).not_to_have_attribute("data-version", version)
    wait_for_counting(page)


TEST_POLL_MS = 200  # how often a table page polls in these tests (live_server)


class LiveServer:
    """The app served by werkzeug in a background thread."""

    def __init__(self, app: Flask) -> None:
        # No access log: its lines would go to a stream pytest has already closed when the
        # browser's last requests come in after a test (a "Logging error" in the output).
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def live_server(app: Flask) -> Iterator[LiveServer]:
    # The pages poll their table every 200 ms, not TABLE_POLL_MS's 700: a test waits for the
    # computer players' moves (or another tablet's) as a child does, by the page's next poll,
    # and whole games are dozens of such waits. The same code runs; only the interval is
    # shorter (a test that means the interval sets it itself).
    app.config["TABLE_POLL_MS"] = TEST_POLL_MS
    with LiveServer(app) as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        message = f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message + "; under CI=true a missing browser is a failure")
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    # CI's machine is often busy (both database passes, a browser and a live server on two
    # cores): a condition that shows within a second on a quiet machine may take several
    # there. Every expect waits up to 20 s unless a test says otherwise.
    expect.set_options(timeout=20_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def close_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test opened, whether it passed or not.

    A context left open keeps its pages running: a table page polls every 0.7 s for the rest
    of the session, so each one a failed (or forgetful) test left behind took CPU from every
    test after it, on a CI machine that has two cores.
    """
    yield
    if "chromium" not in request.fixturenames:
        return
    browser = request.getfixturevalue("chromium")
    for context in list(browser.contexts):
        context.close()


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    """A fresh browser context (own cookies) with a tablet-sized window."""
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.console_errors = errors
    yield page
    context.close()


def sign_in_teacher_by_form(page: Any, base: str, teacher: Any, password: str) -> None:
    """Sign the teacher in through the sign-in form, as a teacher does, and wait for their
    classes."""
    page.goto(base + "/teacher/sign-in")
    page.get_by_label("Email").fill(teacher.email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/classes/"))


class SlowAnswers:
    """The app, answering the requests `which` picks `seconds` late, as a busy server or a
    slow network does (serve it with LiveServer)."""

    def __init__(self, app: Flask, seconds: float, which: Callable[[dict[str, Any]], bool]) -> None:
        self.app = app
        self.seconds = seconds
        self.which = which

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        if self.which(environ):
            time.sleep(self.seconds)
        return self.app(environ, start_response)  # type: ignore[no-any-return]
