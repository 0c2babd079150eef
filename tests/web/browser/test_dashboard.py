"""The dashboards in Chromium: a teacher opens the class overview (and watches its Today panel
update while a child plays), opens a child's page with its charts, moves the child up a level
with one tap, and prints the progress report: one page on A4 and on US Letter. axe-core scans
every page, with the app's CSP in force (a blocked script or style would be a console error).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from classroom.extensions import db
from classroom.models import AssignmentChange, Child
from tests.web.browser.conftest import (
    WCAG_A_AA,
    LiveServer,
    axe_violations,
    sign_in_teacher_by_form,
)
from tests.web.browser.helpers import PAPER, pdf_pages
from tests.web.conftest import (
    PASSWORD,
    MadeChild,
    MadeClass,
    MadeTeacher,
    fetch,
    sign_in_child,
)
from tests.web.helpers.dashboard import fill
from tests.web.helpers.tables import play_to_end, start_table


def violations(page: Any) -> list[str]:
    """axe-core's serious and critical WCAG 2 A/AA findings on the page once it settles."""
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in axe_violations(page, WCAG_A_AA)
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture
def class_with_history(
    app: Flask,
    classroom: MadeClass,
    child: MadeChild,
    make_child: Callable[..., MadeChild],
) -> list[MadeChild]:
    """The ready child (steady play, two weeks) and five classmates with other habits."""
    others = [make_child(classroom, name) for name in ("Ben", "Cleo", "Dev", "Eli", "Fay")]
    fill(app, classroom, [child], weeks=2, games=16)
    fill(app, classroom, others, weeks=8, games=30, seed=1)
    return [child, *others]


def test_at_1024_px_the_name_and_next_step_stay_in_view(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    class_with_history: list[MadeChild],
) -> None:
    """A teacher on a 1024 px screen: the page itself does not scroll sideways, and however far
    the children's table scrolls, each child's name and next step stay on screen."""
    base = live_server.url
    sign_in_teacher_by_form(page, base, teacher, PASSWORD)
    page.goto(f"{base}/classes/{classroom.id}/overview")
    assert page.viewport_size["width"] == 1024
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    scroller = page.locator(".overview-scroll")
    scroller.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    for position in ("first", "last"):
        row = getattr(page.locator("table.overview-table tbody tr"), position)
        for cell in (row.locator(".col-name"), row.locator(".col-recommendation")):
            box = cell.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1024
        assert row.locator(".col-recommendation").inner_text().strip()
    # Every heading says what it means when opened.
    help_button = page.locator("th.col-trend details.col-help summary")
    help_button.click()
    expect_text = page.locator("th.col-trend details.col-help p").inner_text()
    assert "2 weeks" in expect_text


def test_the_printed_overview_holds_every_child_and_every_column(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    class_with_history: list[MadeChild],
    make_child: Callable[..., MadeChild],
) -> None:
    """On paper (an A4 sheet's width, 794 CSS px) the children's table is whole: a class
    taller than a screen printed only the rows its scrolling box showed, and its number check
    column was cut at the sheet's edge."""
    for n in range(14):  # a class of 20: taller than a sheet
        make_child(classroom, f"Kid{n:02d}")
    base = live_server.url
    sign_in_teacher_by_form(page, base, teacher, PASSWORD)
    page.goto(f"{base}/classes/{classroom.id}/overview")
    page.set_viewport_size({"width": 794, "height": 1123})
    page.emulate_media(media="print")
    box = page.locator(".overview-scroll").evaluate(
        "b => [b.scrollHeight - b.clientHeight, b.scrollWidth - b.clientWidth]"
    )
    assert box == [0, 0]  # nothing of the table lies hidden in its box
    rows = page.locator("table.overview-table tbody tr")
    assert rows.count() == 20
    last = page.locator("table.overview-table thead th").last.bounding_box()
    assert last is not None and last["x"] + last["width"] <= 794
    assert not page.locator(".range-form").is_visible()
    assert not page.get_by_role("link", name="Download the summary (CSV)").is_visible()


def test_a_teacher_reads_the_dashboards_moves_a_child_and_prints_the_report(
    app: Flask,
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    class_with_history: list[MadeChild],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    ready = class_with_history[0]
    base = live_server.url
    found: dict[str, list[str]] = {}
    sign_in_teacher_by_form(page, base, teacher, PASSWORD)

    # The class page leads to the overview.
    page.goto(f"{base}/classes/{classroom.id}")
    with page.expect_navigation():
        page.get_by_role("link", name="Progress at a glance").click()
    table = page.locator("table.overview-table")
    assert table.locator("tbody tr").count() == 6
    found["overview"] = violations(page)

    # Sorting works from the keyboard: focus a heading's link and press Enter.
    page.get_by_role("link", name=re.compile(r"^Comparisons right")).focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "sort=accuracy" in page.url
    assert table.locator("th[aria-sort]").inner_text().startswith("Comparisons right")

    # The Today panel updates by itself while a child plays.
    panel = page.locator("#today-body")
    assert "No one has played yet today." in panel.inner_text()
    table_id = start_table(app, [ready], ["solid"])
    child_client = app.test_client()
    sign_in_child(child_client, ready)
    play_to_end(app, {0: child_client}, table_id)
    page.wait_for_function(
        "() => !document.querySelector('#today-body').innerText.includes('No one has played')",
        timeout=15_000,
    )
    assert ready.display_name in panel.inner_text()

    # A child's page, with every chart drawn by Chart.js.
    with page.expect_navigation():
        page.locator("table.overview-table").get_by_role(
            "link", name=re.compile(ready.display_name)
        ).click()
    assert f"/children/{ready.id}/progress" in page.url
    page.wait_for_function(
        "() => [...document.querySelectorAll('canvas[data-chart]')]"
        ".every(c => window.Chart && Chart.getChart(c))"
    )
    assert page.locator("canvas[data-chart]").count() == 6  # no memory chart at Ultra-Peek
    found["child"] = violations(page)

    # One tap moves the child up, and the reason is in the level history.
    move = page.get_by_role("button", name="Move to Peek")
    with page.expect_navigation():
        move.click()
    assert f"{ready.display_name} now plays at Peek." in page.locator(".flashes").inner_text()
    assert fetch(app, Child, ready.id).level == "peek"
    with app.app_context():
        change = db.session.query(AssignmentChange).order_by(AssignmentChange.id.desc()).first()
        assert change is not None and change.reason.startswith("Move up to Peek:")
        reason = change.reason
    assert reason in page.locator("section[aria-labelledby=history-heading]").inner_text()
    assert page.get_by_role("button", name="Move to Peek").count() == 0

    # The report prints on one page, on A4 and on US Letter, in English and in Spanish, with
    # the teacher's own sentence.
    with page.expect_navigation():
        page.get_by_role("link", name="Progress report to print").click()
    found["report"] = violations(page)
    page.get_by_label(re.compile("A sentence from you")).fill("Ready helps the table count.")
    for language in ("en", "es"):
        if language == "es":
            page.get_by_label(re.compile("Language of")).select_option("es")
            with page.expect_navigation():
                page.get_by_role("button", name="Use it").click()
            assert "Algo para probar en casa" in page.locator("article.report").inner_text()
            found["report-es"] = violations(page)
        for paper in ("a4", "letter"):
            with page.expect_navigation():
                page.get_by_role("link", name="A4" if paper == "a4" else "US Letter").click()
            page.wait_for_function(f"() => document.body.classList.contains('paper-{paper}')")
            assert page.get_by_role("button", name="Print").is_visible()
            # The teacher's sentence comes along to each paper and language (it is typed once
            # and must not be lost on a change).
            expect(page.get_by_label(re.compile("A sentence from you"))).to_have_value(
                "Ready helps the table count."
            )
            pdf = tmp_path / f"report-{language}-{paper}.pdf"
            page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
            data = pdf.read_bytes()
            assert len(data) > 5_000
            assert pdf_pages(data) == (1, {PAPER[paper]}), (language, paper)

    # A whole school year on the report still fits one page.
    with page.expect_navigation():
        page.get_by_role("link", name="This school year").click()
    data = page.pdf(prefer_css_page_size=True, print_background=True)
    assert pdf_pages(data)[0] == 1

    assert {name: v for name, v in found.items() if v} == {}
    assert page.console_errors == []
