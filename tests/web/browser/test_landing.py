"""The landing page in a real browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer


def test_landing_page_loads_and_screenshots(
    page: Any, live_server: LiveServer, tmp_path: Path
) -> None:
    page.goto(live_server.url + "/")
    expect(page.get_by_role("link", name="I'm a teacher")).to_be_visible()
    expect(page.get_by_role("link", name="I'm a child")).to_be_visible()
    shot = tmp_path / "landing.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    # Nothing on the page broke the Content-Security-Policy (it would log an error).
    assert page.console_errors == []
