"""The class overview on a teacher's screen, 1366 and 1024 px wide: the page never scrolls
sideways, no word in the children's table is broken across lines, and each child's name stays
in view. At 1366 px the whole table fits its box; at 1024 px it scrolls inside its box only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from classroom.assignments import Assignment, assign
from classroom.check.demo import fill_checks
from classroom.extensions import db
from classroom.models import Child, Teacher
from tests.web.browser.conftest import LiveServer, sign_in_teacher_by_form
from tests.web.conftest import PASSWORD, MadeChild, MadeClass, MadeTeacher
from tests.web.helpers.dashboard import fill, today

# Names of different lengths, each at a level: a long name must go under its picture, not
# break, and the four levels between them give the table every one of its twelve columns.
CHILDREN = {
    "Ava T.": "ultra_peek",
    "Maximilian": "ultra_peek",
    "Christopher O.": "peek",
    "Anna-Sophia R.": "peek",
    "Bo": "outside_peek",
    "Zoe P.": "standard",
}
NAMES = tuple(CHILDREN)

# Every measure in one go in the page (a live update may change the page between two reads):
# the page's and the table box's widths, the table's narrowest width, the words of the table
# drawn on more than one line, and whether each row's name is on screen and on top once the
# box is scrolled to its end.
GEOMETRY = """() => {
  const root = document.documentElement;
  const box = document.querySelector('.overview-scroll');
  const broken = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent.closest('.visually-hidden, details:not([open]) > p')) { continue; }
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()]
        .filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) { broken.push(word[0]); }
    }
  }
  const table = box.querySelector('table');
  table.style.width = 'min-content';
  const narrowest = Math.ceil(table.getBoundingClientRect().width);
  table.style.width = '';
  const page = {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
    boxScrollWidth: box.scrollWidth, boxClientWidth: box.clientWidth, narrowest};
  box.scrollLeft = box.scrollWidth;
  const names = [...box.querySelectorAll('tbody th.col-name')].map((cell) => {
    cell.scrollIntoView({block: 'center', inline: 'nearest'});
    const rect = cell.getBoundingClientRect();
    const onTop = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return {name: cell.innerText.trim(), left: rect.left, right: rect.right,
      onTop: Boolean(onTop && cell.contains(onTop))};
  });
  box.scrollLeft = 0;
  return {...page, broken, names};
}"""


@pytest.fixture
def class_of_six(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> list[MadeChild]:
    """Six children at the four levels with eight weeks of play and two number checks each,
    so every column of the overview has figures, as in the demo class."""
    children = [make_child(classroom, name) for name in NAMES]
    with app.app_context():
        owner = db.session.get(Teacher, classroom.owner_id)
        assert owner is not None
        rows = {row.display_name: row for row in db.session.scalars(select(Child))}
        for name, level in CHILDREN.items():
            if level != "ultra_peek":  # new children start at Ultra-Peek with cube bars
                scoring = "cubes_and_total" if level == "peek" else "total"
                assign([rows[name]], Assignment(level=level, scoring=scoring), owner, "Ready.")
        end = today()
        ids = [c.id for c in children]
        fill_checks(classroom.id, ids, end - timedelta(weeks=8, days=1), end - timedelta(days=1))
        db.session.commit()
    fill(app, classroom, children, weeks=8, games=30, seed=3)
    return children


@pytest.mark.parametrize("width", [1366, 1024])
def test_the_overview_fits_a_teachers_screen_and_keeps_each_name_in_view(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    class_of_six: list[MadeChild],
    width: int,
) -> None:
    """A teacher's laptop (1366 px) or a small one (1024 px): the page never scrolls sideways,
    no word breaks inside itself, and each child's name stays on screen and uncovered."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": width, "height": 768})
    base = live_server.url
    sign_in_teacher_by_form(page, base, teacher, PASSWORD)
    page.goto(f"{base}/classes/{classroom.id}/overview")
    rows = page.locator("table.overview-table tbody tr")
    expect(rows).to_have_count(len(NAMES))
    expect(page.locator("table.overview-table thead th")).to_have_count(12)  # no column folded
    expect(rows.first.locator("th.col-name")).to_be_visible()
    page.wait_for_load_state()

    seen = page.evaluate(GEOMETRY)
    # The page itself never scrolls sideways.
    assert seen["clientWidth"] == width
    assert seen["scrollWidth"] <= seen["clientWidth"], seen
    if width == 1366:
        # Room for every column: the table fits its box, and would beside a 17 px scrollbar.
        assert seen["boxScrollWidth"] <= seen["boxClientWidth"], seen
        assert seen["narrowest"] <= seen["boxClientWidth"] - 17, seen
    assert seen["broken"] == [], f"words broken across lines at {width} px: {seen['broken']}"
    # However far the table scrolls, every child's name is on screen and nothing covers it.
    assert sorted(row["name"] for row in seen["names"]) == sorted(NAMES)
    for row in seen["names"]:
        assert row["left"] >= 0 and row["right"] <= width, row
        assert row["onTop"], row


# Scroll the page to the table, then the table to its last row and far right: the heading of
# each column in view (the name and next step, and those right of them) is still on screen,
# uncovered, and above the rows.
HEADINGS_AFTER_SCROLL = """() => {
  const box = document.querySelector('.overview-scroll');
  box.scrollIntoView();
  box.scrollTop = box.scrollHeight;
  box.scrollLeft = box.scrollWidth;
  const lastRow = box.querySelector('tbody tr:last-child').getBoundingClientRect();
  const stuckRight = box.querySelector('thead .col-recommendation').getBoundingClientRect().right;
  const inView = [...box.querySelectorAll('thead th')].filter((cell) =>
    cell.matches('.col-name, .col-recommendation') ||
    cell.getBoundingClientRect().left >= stuckRight - 1);
  const headings = inView.map((cell) => {
    const rect = cell.getBoundingClientRect();
    const link = cell.querySelector('.sort-link, a, span') || cell;
    const spot = link.getBoundingClientRect();
    const onTop = document.elementFromPoint(spot.left + 2, spot.top + spot.height / 2);
    return {text: cell.innerText.trim().split('\\n')[0], top: rect.top, bottom: rect.bottom,
      onTop: Boolean(onTop && cell.contains(onTop))};
  });
  return {scrolled: box.scrollTop, boxHeight: box.clientHeight, window: innerHeight,
    lastRowBottom: lastRow.bottom, headings, all: box.querySelectorAll('thead th').length};
}"""


@pytest.mark.parametrize("width", [1366, 1024])
def test_the_column_headings_stay_in_view_down_to_the_last_child(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    class_of_six: list[MadeChild],
    width: int,
) -> None:
    """Read down to the last child of a class taller than the screen: every heading (which
    column a flag belongs to) is still on screen above the rows, and the box is no taller
    than the window."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": width, "height": 520})  # six children: a short window
    base = live_server.url
    sign_in_teacher_by_form(page, base, teacher, PASSWORD)
    page.goto(f"{base}/classes/{classroom.id}/overview")
    expect(page.locator("table.overview-table tbody tr")).to_have_count(len(NAMES))
    page.wait_for_load_state()

    # Children below the box's edge are shown to be there as columns to the right are: a
    # shadow on that edge (it stays with the box) under a cover that scrolls with the rows.
    edges = page.locator(".overview-scroll").evaluate(
        """(box) => { const s = getComputedStyle(box);
        return {images: s.backgroundImage.split('gradient(').length - 1,
          attachment: s.backgroundAttachment, position: s.backgroundPosition}; }"""
    )
    assert edges["images"] == 4, edges
    assert edges["attachment"].replace(" ", "").startswith("local,local,scroll,scroll"), edges
    assert edges["position"].split(", ")[1] == edges["position"].split(", ")[3] == "50% 100%", edges
    seen = page.evaluate(HEADINGS_AFTER_SCROLL)
    assert seen["scrolled"] > 0, seen  # the rows were taller than the box: it scrolled
    assert seen["boxHeight"] <= seen["window"], seen
    assert seen["lastRowBottom"] <= seen["window"] + 1, seen  # the last child is in view
    assert seen["all"] == 12
    shown = [heading["text"].strip() for heading in seen["headings"]]
    assert shown[:2] == ["Child", "Next step"] and shown[-2:] == ["Calling", "Number check"], shown
    if width == 1366:
        assert len(shown) == 12, shown  # nothing scrolls sideways there
    for heading in seen["headings"]:
        assert heading["top"] >= -1 and heading["bottom"] <= seen["window"] + 1, heading
        assert heading["onTop"], heading


@pytest.mark.parametrize("school_year", [False, True])
def test_the_demo_class_fits_at_1366_over_four_weeks_and_the_school_year(
    page: Any, live_server: LiveServer, app: Flask, school_year: bool
) -> None:
    """The demo class (12 children, 8 weeks of play, number checks) as a teacher first sees it,
    and over the school year: with its real figures (a trend "going down", three-figure
    counts, a number check changed) the whole table still fits its box at 1366 px (a review
    found the number check cut off), and the top of the page says which figures are not of
    the dates chosen."""
    from playwright.sync_api import expect

    from classroom.cli import DEMO_EMAIL, DEMO_PASSWORD
    from classroom.models import Classroom

    made = app.test_cli_runner().invoke(args=["demo"])
    assert made.exit_code == 0, made.output
    with app.app_context():
        class_id = db.session.scalar(select(Classroom.id))
    page.set_viewport_size({"width": 1366, "height": 768})
    base = live_server.url
    sign_in_teacher_by_form(page, base, type("Demo", (), {"email": DEMO_EMAIL}), DEMO_PASSWORD)
    page.goto(f"{base}/classes/{class_id}/overview")
    if school_year:
        page.get_by_role("link", name="This school year").click()
        page.wait_for_url(re.compile(r"start=\d{4}-08-01"))
    expect(page.locator("table.overview-table tbody tr")).to_have_count(12)
    page.wait_for_load_state()
    expect(page.locator(".window-note")).to_contain_text(
        "the number check is each child's first check against their latest, whatever the dates"
    )

    seen = page.evaluate(GEOMETRY)
    assert seen["scrollWidth"] <= seen["clientWidth"], seen
    assert seen["boxScrollWidth"] <= seen["boxClientWidth"], seen
    assert seen["narrowest"] <= seen["boxClientWidth"] - 17, seen
    assert seen["broken"] == [], seen["broken"]
