"""Steps the browser tests share: a child's tablet, a teacher's page, a table's moves, axe."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from flask import Flask
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from classroom.extensions import db
from classroom.models import NumberCheck
from classroom.pictures import AVATAR_PICTURES
from tests.web.browser.conftest import (
    LiveServer,
    axe_violations,
    wait_for_counting,
)
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    child_session,
    teacher_session,
)
from tests.web.helpers.tables import (
    set_level,
    start_table,
)

TABLET = {"width": 768, "height": 1024}


def child_context(chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild) -> Any:
    """A browser context (a tablet) with the child signed in."""
    context = chromium.new_context(viewport=TABLET, base_url=live_server.url)
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    cookie = serializer.dumps(child_session(app, child))
    name = app.config["SESSION_COOKIE_NAME"]
    context.add_cookies([{"name": name, "value": cookie, "url": live_server.url}])
    return context


def mover_first(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, make_child: Any
) -> tuple[int, MadeChild, MadeChild]:
    """A started table of Mia and Leo (Ultra-Peek, cubes): its id, the child whose turn it is
    first, and the other."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [mia, leo])
    probe = child_context(chromium, app, live_server, mia).new_page()
    probe.goto(f"/play/tables/{table_id}")
    mia_first = probe.locator("[data-board]").get_attribute("data-my-turn") == "yes"
    probe.context.close()
    return (table_id, mia, leo) if mia_first else (table_id, leo, mia)


def mover_and_watcher(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, make_child: Any
) -> tuple[int, Any, Any]:
    """A table of Mia and Leo, and a tablet for each, not yet opened: the one whose turn it
    is first, and the other's."""
    table_id, mover_kid, watcher_kid = mover_first(
        chromium, app, live_server, classroom, make_child
    )
    mover = child_context(chromium, app, live_server, mover_kid).new_page()
    watcher = child_context(chromium, app, live_server, watcher_kid).new_page()
    return table_id, mover, watcher


def no_axe_violations(page: Any) -> None:
    violations = axe_violations(page)
    assert violations == [], [(v["id"], [n["html"] for n in v["nodes"]][:3]) for v in violations]


def my_turn(board: Any) -> bool:
    """Whether the page's board says it is the child's turn, read in one look; False while the
    page moves on (no board, or a new page loading: the next step looks again)."""
    try:
        turn = board.evaluate_all("boards => boards.length ? boards[0].dataset.myTurn : null")
    except PlaywrightError:  # the page navigated while it was read
        return False
    return bool(turn == "yes")


def take_a_step(page: Any, call: bool = False, words: Callable[[str], str] = str) -> bool:
    """Play the child's next control, as a child who taps the first thing offered (and calls
    "Rat-a-Tat-Cat!" when `call` says it is time). `words`: the controls' words in the page's
    language (a Spanish child's page: the catalog's gettext)."""
    # A tap that opened a new page (a post sent before the script had taken the form) is
    # followed by nothing until that page has its styles: on a busy machine the controls are
    # measured before the stylesheet came and sit elsewhere a moment later, so a tap is lost.
    page.wait_for_load_state()
    # One look at the page, not two: between "is there a board" and "whose turn" the page may
    # move on to its counting page or results, and a second look would wait for a board that
    # is gone (Playwright's 30 s, seen once on PostgreSQL under load).
    board = page.locator("[data-board]")
    if not my_turn(board):
        return False
    # Cards shown face up for a while (Standard's outside cards at the start of a round, a
    # PEEKed card) turn back by the page asking for the board again. The page now changes only
    # the cards then (test_play_reveal), but as a child would: "I remember" first, and the
    # PEEKed card looked at until it turns back.
    remember = page.locator(".remember-button")
    if remember.count() and remember.is_visible():
        remember.click()
        page.wait_for_load_state()  # the script may not have taken the form yet: a new page
    expect(page.locator("[data-board][data-outside-look], .card-revealed")).to_have_count(
        0, timeout=30_000
    )
    if not my_turn(board):
        return False
    for selector in (
        f"button:text-is('{words('Rat-a-Tat-Cat!')}')"
        if call
        else f"button:text-is('{words('Done')}')",
        f"button[aria-label^='{words('Draw a card from the DRAW pile')}']",
        ".my-line .card-button",
        ".other-lines .card-button",
        f"button:text-is('{words('Done')}')",
        f"button:text-is('{words('No thanks')}')",
        f"button:text-is('{words('Put it on the DISCARD pile')}')",
    ):
        control = page.locator(selector).first
        if control.count() and control.is_visible() and control.is_enabled():
            before = {
                "version": board.get_attribute("data-version"),
                "url": page.url,
                "chosen": board.get_attribute("data-swap-chosen"),
            }
            control.click()
            # Done when the board moved on, the page changed, or a card is chosen for a SWAP
            # (its first tap asks for the board with it chosen: same version, same page).
            # If nothing moves in 20 s on a busy machine, the tap was lost (seen once at
            # Standard on PostgreSQL, its cause not proven) and the table waits for this
            # child: a child taps again, and so does the next step. A control that never
            # works still ends in play_until_over's "the game did not end".
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    "before => { const b = document.querySelector('[data-board]');"
                    " return !b || b.getAttribute('data-version') !== before.version"
                    " || location.href !== before.url"
                    " || b.getAttribute('data-swap-chosen') !== before.chosen; }",
                    arg=before,
                    timeout=20_000,
                )
            return True
    return False


# True once the page's board is not the one at version `v` (a move was made, or the page
# changed), or the child has something to do: their turn, their count, the end of the game.
TABLE_MOVED_ON = """v => {
  const b = document.querySelector('[data-board]');
  return !b || b.getAttribute('data-version') !== v
    || b.getAttribute('data-my-turn') === 'yes'
    || !!document.querySelector('[data-counting] .count-form')
    || document.body.innerText.includes('The game is over!');
}"""


def wait_for_the_table(*pages: Any) -> None:
    """Wait, on a condition and not a clock, until one of the pages has something new: the
    others' moves (polled by table.js), a turn, a count or the end of the game."""
    versions = [p.locator("[data-board]").first.get_attribute("data-version") for p in pages]
    script = "(" + TABLE_MOVED_ON + ")"
    for _ in range(300):  # each page in turn, briefly: any of them may be the one to change
        for page, version in zip(pages, versions, strict=True):
            try:
                page.wait_for_function(
                    script, arg=version, timeout=100 if len(pages) > 1 else 30_000
                )
                return
            except PlaywrightTimeout:
                continue
    raise AssertionError("the table did not move on")


LINES = [1, 2, 3, 9, 5, 6, 7, 8]  # the child's line (seat 0), then the computer's


NUMBERS = [4, 8, 3, 5, 2, 6, 1, 7, 0, 4, 8, 3]  # the first DISCARD, then the DRAW pile


def tablet(chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild) -> Any:
    return child_context(chromium, app, live_server, child).new_page()


def tap(page: Any, selector: str) -> None:
    """Tap a move and wait until the board has moved on."""
    page.wait_for_load_state()  # a control is tapped where it is once the styles came
    board = page.locator("[data-board]")
    version = board.get_attribute("data-version")
    page.locator(selector).first.click()
    expect(board).not_to_have_attribute("data-version", version, timeout=15000)


def call_and_wait_to_count(page: Any) -> None:
    """Draw, throw the card away, call Rat-a-Tat-Cat!; the computer's last turn; counting."""
    tap(page, "button[aria-label^='Draw a card']")
    tap(page, "button:text-is('Put it on the DISCARD pile')")
    page.locator("button:text-is('Rat-a-Tat-Cat!')").click()
    expect(page.locator("[data-counting]")).to_be_visible(timeout=20000)


def type_total(page: Any, total: int) -> None:
    expect(page.locator("[data-keypad]")).to_be_visible()
    page.get_by_role("button", name="Clear").click()
    for digit in str(total):
        page.locator(f"[data-key='{digit}']").click()
    page.get_by_role("button", name="That's my total").click()


def snap(page: Any, stacks: list[int]) -> None:
    wait_for_counting(page)
    for place, n in enumerate(stacks, start=1):
        card = page.locator(f".count-card[data-place='{place}']")
        while int(card.locator("input[data-cubes]").input_value()) < n:
            card.locator("[data-add]").click()
        while int(card.locator("input[data-cubes]").input_value()) > n:
            card.locator("[data-remove]").click()
    page.get_by_role("button", name="Snap the bar!").click()


PAPER = {"a4": (595, 842), "letter": (612, 792)}  # PDF page sizes in points


def pdf_pages(data: bytes) -> tuple[int, set[tuple[int, int]]]:
    """How many pages a PDF has, and their sizes in points."""
    boxes = {
        (round(float(w)), round(float(h)))
        for w, h in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    }
    return len(re.findall(rb"/Type /Page\b", data)), boxes


def give_check(app: Flask, classroom: MadeClass, child: MadeChild, seed: int = 7) -> NumberCheck:
    with app.app_context():
        check = NumberCheck(child_id=child.id, class_id=classroom.id, seed=seed, line_max=10)
        db.session.add(check)
        db.session.commit()
        db.session.refresh(check)
        db.session.expunge(check)
        return check


def teacher_page(chromium: Any, app: Flask, live_server: LiveServer, teacher: MadeTeacher) -> Any:
    """The teacher's own browser, signed in."""
    context = chromium.new_context(viewport=TABLET, base_url=live_server.url)
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    cookie = serializer.dumps(teacher_session(app, teacher))
    name = app.config["SESSION_COOKIE_NAME"]
    context.add_cookies([{"name": name, "value": cookie, "url": live_server.url}])
    return context.new_page()


def tap_pictures(page: Any, names: list[str]) -> None:
    """Tap these secret pictures one after the other, as a child does: the page counts each
    but the last (its dots fill), and the last posts them all."""
    for tapped, name in enumerate(names, start=1):
        page.get_by_role("button", name=AVATAR_PICTURES[name], exact=True).click()
        if tapped < len(names):
            expect(
                page.get_by_label(f"{tapped} of {len(names)} secret pictures tapped")
            ).to_be_visible()


def child_page(
    chromium: Any, app: Flask, live_server: LiveServer, child: MadeChild, motion: str
) -> Any:
    """The child's tablet with the reduced-motion preference set (or not)."""
    context = chromium.new_context(viewport=TABLET, base_url=live_server.url, reduced_motion=motion)
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    cookie = serializer.dumps(child_session(app, child))
    context.add_cookies(
        [{"name": app.config["SESSION_COOKIE_NAME"], "value": cookie, "url": live_server.url}]
    )
    return context.new_page()
