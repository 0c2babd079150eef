"""Accessibility: axe-core (vendored for the tests in tests/web/browser/vendor; the app never
serves it) scans the children's pages and the teacher's main pages for WCAG 2 A/AA violations."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser.conftest import WCAG_A_AA, LiveServer, axe_violations
from tests.web.conftest import PASSWORD, MadeChild, MadeClass, MadeTeacher


@pytest.fixture
def scan_page(chromium: Any) -> Iterator[Any]:
    """A page at 1024x768, the app's CSP in force (axe comes in as the tests' own script)."""
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    yield context.new_page()
    context.close()


def violations(page: Any) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in axe_violations(page, WCAG_A_AA)
        if v["impact"] in ("serious", "critical")
    ]


def test_pages_have_no_serious_accessibility_violations(
    scan_page: Any,
    live_server: LiveServer,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    page, base = scan_page, live_server.url
    found: dict[str, list[str]] = {}

    def check(path: str) -> None:
        page.goto(base + path)
        found[path] = violations(page)

    for path in (
        "/",
        "/join",
        f"/join/{classroom.join_code}",
        f"/join/{classroom.join_code}/{child.id}",
    ):
        check(path)
    page.goto(base + "/teacher/sign-in")
    found["/teacher/sign-in"] = violations(page)
    page.get_by_label("Email").fill(teacher.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    for path in (
        "/classes/",
        f"/classes/{classroom.id}",
        f"/children/{child.id}",
        f"/children/{child.id}/assignment",
        f"/classes/{classroom.id}/cards",
        f"/classes/{classroom.id}/children/paste",
        f"/classes/{classroom.id}/groups/new",
    ):
        check(path)
    assert {path: v for path, v in found.items() if v} == {}
