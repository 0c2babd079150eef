"""The sign-in cards printed by Chromium: eight cards to a page, on A4 or on US Letter."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.conftest import LiveServer
from tests.web.conftest import PASSWORD, MadeChild, MadeClass, MadeTeacher

# PDF page sizes in points.
PAPER = {"a4": (595, 842), "letter": (612, 792)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_print_eight_to_a_page(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    tmp_path: Path,
    paper: str,
) -> None:
    for i in range(9):
        make_child(classroom, f"Child {i + 1}")
    page.goto(live_server.url + "/teacher/sign-in")
    page.get_by_label("Email").fill(teacher.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server.url}/classes/{classroom.id}/cards?paper={paper}")
    pdf = tmp_path / f"cards-{paper}.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    data = pdf.read_bytes()
    boxes = {
        (round(float(w)), round(float(h)))
        for w, h in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    }
    assert boxes == {PAPER[paper]}
    pages = len(re.findall(rb"/Type /Page\b", data))
    assert pages == 2  # 9 cards: a full page of 8, then 1


# One line each: a child reads their name as one thing ("Ada L." was broken into "Ada" and
# "L." beside the picture). The longest stays on the card, at worst on two lines.
SHORT_NAMES = ("Ada L.", "Ben K.", "Maximilian T.")
LONG_NAME = "Anna-Sophia Rosenberg"


@pytest.mark.parametrize("media", ["screen", "print"])
@pytest.mark.parametrize("width", [1366, 1024])
def test_each_name_is_on_one_line_of_its_card(
    page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    media: str,
    width: int,
) -> None:
    for name in (*SHORT_NAMES, LONG_NAME):
        make_child(classroom, name)
    page.set_viewport_size({"width": width, "height": 768})
    page.goto(live_server.url + "/teacher/sign-in")
    page.get_by_label("Email").fill(teacher.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server.url}/classes/{classroom.id}/cards?paper=letter")
    page.emulate_media(media=media)
    lines = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.card-name')].map((name) => {
          const line = parseFloat(getComputedStyle(name).lineHeight);
          const card = name.closest('.signin-card').getBoundingClientRect();
          const box = name.getBoundingClientRect();
          return [name.textContent.trim(), {lines: Math.round(box.height / line),
            inside: box.left >= card.left && box.right <= card.right}];
        }))"""
    )
    for name in SHORT_NAMES:
        assert lines[name] == {"lines": 1, "inside": True}, (name, lines)
    assert lines[LONG_NAME]["lines"] <= 2 and lines[LONG_NAME]["inside"], lines
