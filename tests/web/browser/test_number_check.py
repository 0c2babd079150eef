"""The number check in Chromium (docs/number_check.md): a child on a 768 x 1024 tablet does a
whole check by tapping, with the app's CSP in force and axe-core finding nothing; without
JavaScript the same taps work as plain forms, and a child who stops comes back to the same
item; the teacher reads the results on the child's page, the report and the overview."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import expect
from sqlalchemy import select

from classroom.check.child import LINE_IMAGE
from classroom.extensions import db
from classroom.insights.number_check import CheckItem, ItemKind, make_check
from classroom.models import Child, NumberCheck, NumberCheckAnswer
from tests.web.browser.conftest import WCAG_A_AA, LiveServer, axe_violations
from tests.web.browser.helpers import PAPER, give_check, pdf_pages
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    child_session,
    teacher_session,
)
from tests.web.helpers.check import finish_checks

TABLET = {"width": 768, "height": 1024}


def signed_in(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    session: dict[str, Any],
    viewport: dict[str, int],
    javascript: bool = True,
) -> Any:
    """A browser context with this session cookie (a child's or a teacher's)."""
    context = chromium.new_context(
        viewport=viewport, base_url=live_server.url, java_script_enabled=javascript
    )
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    name = app.config["SESSION_COOKIE_NAME"]
    context.add_cookies(
        [{"name": name, "value": serializer.dumps(session), "url": live_server.url}]
    )
    return context


def no_axe_violations(page: Any) -> None:
    violations = axe_violations(page, WCAG_A_AA)
    assert violations == [], [(v["id"], [n["html"] for n in v["nodes"]][:3]) for v in violations]


def in_view(page: Any, locator: Any) -> None:
    """The control is whole on the tablet's screen, without scrolling, and big enough."""
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= TABLET["width"], box
    assert box["y"] + box["height"] <= TABLET["height"], box
    assert box["width"] >= 64 and box["height"] >= 64, box


def tap_answer(page: Any, item: CheckItem, place: float | None = None) -> None:
    """Tap the item's answer as a child would: the place on the line, or the right numeral."""
    if item.kind is ItemKind.LINE:
        line = page.locator("[data-line]")
        in_view(page, line)
        where = item.target if place is None else place
        x = LINE_IMAGE.start + where / item.line_max * (LINE_IMAGE.end - LINE_IMAGE.start)
        line.click(position={"x": x, "y": 80})
    else:
        button = page.get_by_role("button", name=str(item.target), exact=True)
        in_view(page, button)
        button.click()


def places(app: Flask, check: NumberCheck) -> list[tuple[int, float]]:
    with app.app_context():
        rows = db.session.scalars(
            select(NumberCheckAnswer)
            .where(NumberCheckAnswer.check_id == check.id, NumberCheckAnswer.kind == "line")
            .order_by(NumberCheckAnswer.item_number)
        ).all()
        return [(r.target, r.response) for r in rows]


def test_a_child_does_a_whole_check_by_tapping_on_a_tablet(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, child: MadeChild
) -> None:
    check = give_check(app, classroom, child)
    items = make_check(check.seed, check.line_max)
    context = signed_in(chromium, app, live_server, child_session(app, child), TABLET)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/me")
    expect(page.get_by_role("link", name="A number game for you")).to_be_visible()
    no_axe_violations(page)
    page.get_by_role("link", name="A number game for you").click()
    expect(page.get_by_role("heading", name="A number game!")).to_be_visible()
    no_axe_violations(page)
    page.get_by_role("button", name="Start").click()
    progress = page.locator("progress")
    seen: set[ItemKind] = set()
    for item in items:
        expect(progress).to_have_attribute("value", str(item.number), timeout=15000)
        if item.kind not in seen:
            seen.add(item.kind)
            no_axe_violations(page)
        tap_answer(page, item)
    expect(page.get_by_role("heading", name="Thank you!")).to_be_visible(timeout=15000)
    no_axe_violations(page)
    # check.js sent every answer without a page load: the page's own scripts never reloaded.
    assert errors == []
    taps = places(app, check)
    assert len(taps) == 9
    assert all(abs(placed - numeral) < 0.1 for numeral, placed in taps), taps
    with app.app_context():
        done = db.session.get(NumberCheck, check.id)
        assert done is not None and done.finished_at is not None
    page.get_by_role("link", name="Back to my page").click()
    expect(page.get_by_role("link", name="A number game for you")).to_have_count(0)
    context.close()


def test_without_javascript_and_coming_back_to_the_same_item(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, child: MadeChild
) -> None:
    check = give_check(app, classroom, child, seed=12)
    items = make_check(check.seed, check.line_max)
    context = signed_in(chromium, app, live_server, child_session(app, child), TABLET, False)
    page = context.new_page()
    page.goto(f"/me/check/{check.id}")
    page.get_by_role("button", name="Start").click()
    # Three taps on the line and nothing more: the image input sends where each landed.
    wanted = (2.5, 7.0, 9.5)
    for item, place in zip(items[:3], wanted, strict=True):
        expect(page.locator("input[name=item]")).to_have_value(str(item.number))
        tap_answer(page, item, place)
    expect(page.locator("input[name=item]")).to_have_value("3")
    context.close()
    assert [round(p, 1) for _, p in places(app, check)] == list(wanted)
    # The child stops: back to their page, which offers the game again.
    context = signed_in(chromium, app, live_server, child_session(app, child), TABLET)
    page = context.new_page()
    page.goto(f"/me/check/{check.id}")
    page.get_by_role("link", name="Stop for now").click()
    expect(page.get_by_role("link", name="Back to the number game")).to_be_visible()
    context.close()
    # Back another day, on a tablet with JavaScript: the fourth item is waiting.
    context = signed_in(chromium, app, live_server, child_session(app, child), TABLET)
    page = context.new_page()
    page.goto("/me")
    page.get_by_role("link", name="Back to the number game").click()
    expect(page.locator("input[name=item]")).to_have_value("3")
    expect(page.locator("progress")).to_have_attribute("value", "3")
    context.close()


def test_the_teacher_reads_the_check_on_the_childs_page_report_and_overview(
    chromium: Any,
    app: Flask,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
    tmp_path: Path,
) -> None:

    finish_checks(app, classroom, child)
    for viewport in ({"width": 1366, "height": 768}, {"width": 1024, "height": 768}):
        context = signed_in(
            chromium,
            app,
            live_server,
            teacher_session(app, teacher),
            viewport,
        )
        page = context.new_page()
        page.goto(f"/children/{child.id}/progress")
        section = page.locator("section.number-check")
        expect(
            section.get_by_role("heading", name="Number check (outside the game)")
        ).to_be_visible()
        expect(section.locator("svg.number-line")).to_have_count(2)
        expect(section.get_by_role("heading", name="First check against latest")).to_be_visible()
        no_axe_violations(page)
        # The drawing fits the page: nothing of it is cut off to the right.
        box = section.locator("svg.number-line").first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"]
        page.goto(f"/classes/{classroom.id}/overview")
        expect(page.locator("th.col-number-check")).to_contain_text("Number check")
        cell = page.locator(".number-check-cell").first
        expect(cell).to_contain_text("line")
        # The column is on the page at this width, not scrolled out of view.
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"]
        no_axe_violations(page)
        for paper, language in (("a4", "en"), ("letter", "en"), ("a4", "es"), ("letter", "es")):
            with app.app_context():
                row = db.session.get(Child, child.id)
                assert row is not None
                row.report_language = language
                db.session.commit()
            page.goto(f"/children/{child.id}/report?paper={paper}")
            expect(page.locator(".report-number-check svg.number-line")).to_have_count(1)
            # With the number check the report still prints on one page.
            pdf = tmp_path / f"report-{paper}-{language}.pdf"
            page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
            assert pdf_pages(pdf.read_bytes()) == (1, {PAPER[paper]})
        no_axe_violations(page)
        page.goto(f"/classes/{classroom.id}/number-check")
        expect(page.get_by_role("button", name="Give the check")).to_be_visible()
        no_axe_violations(page)
        context.close()


def test_the_line_with_the_keyboard(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, child: MadeChild
) -> None:
    check = give_check(app, classroom, child, seed=5)
    context = signed_in(chromium, app, live_server, child_session(app, child), TABLET)
    page = context.new_page()
    page.goto(f"/me/check/{check.id}")
    page.get_by_role("button", name="Start").click()
    line = page.locator("[data-line]")
    expect(line).to_have_attribute("aria-describedby", "line-keys")
    # Enter alone says where nothing is: the child is asked to tap.
    line.focus()
    line.press("Enter")
    expect(page.get_by_role("alert")).to_have_text("Tap on the line where the number goes.")
    line = page.locator("[data-line]")
    line.focus()
    line.press("Home")
    for _ in range(6):
        line.press("ArrowRight")
    expect(page.locator("[data-line-place]")).to_have_text("3")
    expect(page.locator("[data-line-marker]")).to_be_visible()
    line.press("Enter")
    expect(page.locator("progress")).to_have_attribute("value", "1")
    assert [p for _, p in places(app, check)] == [3.0]
    context.close()


def test_a_tap_leaves_no_dark_mark_on_the_next_items_numeral(
    chromium: Any, app: Flask, live_server: LiveServer, classroom: MadeClass, child: MadeChild
) -> None:
    """On a touch screen a tap leaves :hover where the finger was; the numeral under it on the
    next item must not turn the app's dark button colour (its dark digit then all but
    vanishes, and it looks chosen)."""
    check = give_check(app, classroom, child)
    items = make_check(check.seed, check.line_max)
    touch = chromium.new_context(viewport=TABLET, base_url=live_server.url, has_touch=True)
    touch.add_cookies(context_cookies(app, live_server, child_session(app, child)))
    page = touch.new_page()
    assert page.evaluate("matchMedia('(hover: none)').matches")
    page.goto(f"/me/check/{check.id}")
    page.get_by_role("button", name="Start").click()
    progress = page.locator("progress")
    for item in items:
        expect(progress).to_have_attribute("value", str(item.number), timeout=15000)
        if item.kind is not ItemKind.LINE:
            break
        tap_answer(page, item)
    choice = page.locator(".check-choice").first
    choice.hover()
    colour = choice.evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(255, 255, 255)", colour
    touch.close()


def context_cookies(app: Flask, live_server: LiveServer, session: dict[str, Any]) -> list[Any]:
    """The signed session cookie for a context made by hand."""
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    name = app.config["SESSION_COOKIE_NAME"]
    return [{"name": name, "value": serializer.dumps(session), "url": live_server.url}]
