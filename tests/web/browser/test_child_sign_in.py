"""A child signs in by pictures in a real browser, the way a five-year-old would: class code,
own picture, two secret pictures."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import expect

from classroom.pictures import AVATAR_PICTURES
from tests.web.browser.conftest import LiveServer, SlowAnswers
from tests.web.browser.helpers import TABLET, tap_pictures
from tests.web.conftest import MadeChild, MadeClass


def test_child_signs_in_by_pictures(
    page: Any,
    live_server: LiveServer,
    classroom: MadeClass,
    child: MadeChild,
    make_child: Any,
    tmp_path: Path,
) -> None:
    make_child(classroom, "Noah B.")
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I'm a child").click()
    page.get_by_label("Class code").fill(classroom.join_code.lower())
    page.get_by_role("button", name="Go").click()
    expect(page.get_by_role("heading", name="Find your picture!")).to_be_visible()

    page.get_by_role("link", name=child.display_name).click()
    expect(page.get_by_text("Tap your secret pictures.")).to_be_visible()
    page.wait_for_load_state()  # its style sheets too, before the pictures are measured
    # Every touch target is at least 44 px.
    for button in page.locator(".secret-tile").all():
        box = button.bounding_box()
        assert box["width"] >= 44
        assert box["height"] >= 44
    page.screenshot(path=str(tmp_path / "secret.png"))

    # A wrong sequence first: a gentle message, and we can try again.
    wrong = [name for name in ("cat", "dog", "rabbit", "bear") if name not in child.secret][:2]
    tap_pictures(page, wrong)
    expect(page.get_by_role("alert").filter(has_text="Let's try again")).to_be_visible()

    tap_pictures(page, child.secret)
    expect(page.get_by_role("heading", name=f"Hello, {child.display_name}!")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/me$"))
    page.screenshot(path=str(tmp_path / "home.png"), full_page=True)
    assert page.console_errors == []
    # "I'm done" signs out: it stands well apart from the last play choice (a mis-tap there
    # would end the child's session).
    last_choice = page.locator(".play-choices .button").last.bounding_box()
    done = page.get_by_role("button", name="I'm done").bounding_box()
    assert done["y"] - (last_choice["y"] + last_choice["height"]) >= 32

    page.get_by_role("button", name="I'm done").click()
    expect(page.get_by_role("heading", name="Find your picture!")).to_be_visible()


def test_the_childs_home_fits_a_tablet(
    chromium: Any, app: Any, live_server: LiveServer, teacher: Any, child: MadeChild
) -> None:
    """The home with the most on it (an unfinished game with two computer players, a number
    check to do, all nine computer faces on "Play with the computer") fits a 768x1024 tablet:
    every choice and "I'm done" without scrolling."""
    from classroom.check.service import give_check, settings_of
    from classroom.extensions import db
    from classroom.models import Child, Teacher
    from tests.web.browser.helpers import child_context
    from tests.web.helpers.tables import set_level, start_table

    set_level(app, child, "peek", scoring="cubes_and_total", computer_strong=True)
    start_table(app, [child], ["solid", "beginner"], rounds=3)
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        give_check([row], settings_of(row.classroom), db.session.get(Teacher, teacher.id))
        db.session.commit()
    page = child_context(chromium, app, live_server, child).new_page()
    page.goto("/me")
    for name in ("Back to your game", "A number game for you", "Play with the computer",
                 "Play with friends", "I'm done"):  # fmt: skip
        control = page.get_by_role("link", name=name).or_(page.get_by_role("button", name=name))
        expect(control.first).to_be_visible()
        box = control.first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1024, name


def test_two_pictures_tapped_at_once_both_count(
    chromium: Any, app: Flask, classroom: MadeClass, child: MadeChild
) -> None:
    """Two pictures tapped in one go, on a slow server: the page counts the first itself and
    the second posts both, so the child is in; a third tap while that post is on its way does
    not post the page being left (the tapped picture stays pressed). Before, each tap posted,
    and a second tap while the first's page was on its way lost the first picture."""
    # Posts answered 1 s late, as by a busy server or a slow network.
    posts = SlowAnswers(app, 1.0, lambda environ: environ["REQUEST_METHOD"] == "POST")
    with LiveServer(posts) as server:  # type: ignore[arg-type]
        page = chromium.new_context(viewport=TABLET, base_url=server.url).new_page()
        page.goto(f"/join/{classroom.join_code}")
        page.get_by_role("link", name=child.display_name).click()
        expect(page.get_by_text("Tap your secret pictures.")).to_be_visible()
        page.wait_for_load_state()  # its deferred script too (a child is not that quick)
        first, second = (AVATAR_PICTURES[name] for name in child.secret)
        posted: list[str] = []
        page.on(
            "request", lambda r: posted.append(r.post_data or "") if r.method == "POST" else None
        )
        # Three taps in one go in the page: no wait between them for anything.
        pressed = page.evaluate(
            """([first, second]) => {
                const tile = (name) => document.querySelector(`.secret-tile[aria-label="${name}"]`);
                tile(first).click();
                const counted = document.querySelector("ol.progress").getAttribute("aria-label");
                tile(second).click();
                tile(first).click();  // on the page being left: waits, posts nothing
                return [counted, tile(second).classList.contains("tapped")];
            }""",
            [first, second],
        )
        assert pressed == ["1 of 2 secret pictures tapped", True]
        expect(page.get_by_role("heading", name=f"Hello, {child.display_name}!")).to_be_visible()
        assert len(posted) == 1  # one post, with both pictures
        page.context.close()


def test_back_to_the_secret_pictures_starts_afresh(
    page: Any, live_server: LiveServer, classroom: MadeClass, child: MadeChild
) -> None:
    """A picture counted by the page, then the class's pictures and back (the browser's
    history): the dots are empty again and the child taps both afresh."""
    page.goto(live_server.url + f"/join/{classroom.join_code}")
    page.get_by_role("link", name=child.display_name).click()
    expect(page.get_by_text("Tap your secret pictures.")).to_be_visible()
    # Its deferred script too: a tap before it runs posts the form (the page without
    # JavaScript), and Back then goes to the page before that post, not to the class's
    # pictures (a clean-clone CI run on a busy machine tapped that early).
    page.wait_for_load_state()
    page.get_by_role("button", name=AVATAR_PICTURES[child.secret[0]], exact=True).click()
    expect(page.get_by_label("1 of 2 secret pictures tapped")).to_be_visible()
    page.go_back()
    expect(page.get_by_role("heading", name="Find your picture!")).to_be_visible()
    page.go_forward()
    expect(page.get_by_label("0 of 2 secret pictures tapped")).to_be_visible()
    tap_pictures(page, child.secret)
    expect(page.get_by_role("heading", name=f"Hello, {child.display_name}!")).to_be_visible()


def test_a_picture_tapped_on_a_tablet_looks_like_the_others_once_pressed(
    chromium: Any, live_server: LiveServer, classroom: MadeClass, child: MadeChild
) -> None:
    """A tablet keeps the hover on the last picture tapped: the counted picture presses for a
    moment and then looks like every other one (not chosen, not the buttons' dark hover)."""
    context = chromium.new_context(viewport=TABLET, base_url=live_server.url, has_touch=True)
    page = context.new_page()
    page.goto(f"/join/{classroom.join_code}")
    page.get_by_role("link", name=child.display_name).click()
    expect(page.get_by_text("Tap your secret pictures.")).to_be_visible()
    page.wait_for_load_state()  # secret.js counts the tap (else the tap posts the form)
    tapped = page.get_by_role("button", name=AVATAR_PICTURES[child.secret[0]], exact=True)
    # Another picture: `filter(has_not=tapped)` kept the tapped one itself whenever the
    # shuffled pictures put it first (a tile does not contain itself), and its colour was then
    # read in the middle of its own press (a clean-clone CI run).
    other = page.locator(f".secret-tile:not([value='{child.secret[0]}'])").first
    tapped.tap()
    expect(page.get_by_label("1 of 2 secret pictures tapped")).to_be_visible()
    untouched = other.evaluate("tile => getComputedStyle(tile).backgroundColor")
    expect(tapped).to_have_css("background-color", untouched)
    context.close()
