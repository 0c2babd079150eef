"""A new teacher's first minutes, in a real browser: sign up, make a class, paste the names,
give one child a level, print the cards, hand the tablet over, and a child is signed in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import expect
from sqlalchemy import select

from classroom.extensions import db
from classroom.models import Child
from tests.web.browser.conftest import LiveServer
from tests.web.browser.helpers import tap_pictures


def test_sign_up_to_a_child_signed_in(
    app: Flask, page: Any, live_server: LiveServer, tmp_path: Path
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I'm a teacher").click()
    page.get_by_role("link", name="Make a teacher account").click()
    page.get_by_label("Your name, as the children say it").fill("Ms Rivera")
    page.get_by_label("Email").fill("rivera@school.example")
    page.get_by_label("Password", exact=True).fill("tea and biscuits at ten")
    page.get_by_label("Password again").fill("tea and biscuits at ten")
    page.get_by_role("button", name="Make my account").click()

    page.get_by_label("Class name").fill("Room 7 Rats")
    page.get_by_label("Grade").select_option("Kindergarten")
    page.get_by_role("button", name="Make the class").click()
    page.get_by_label("Names, one per line").fill("Mia K.\nNoah B.\nAva T.")
    page.get_by_role("button", name="Add them").click()
    expect(page.get_by_text("Added 3 children.")).to_be_visible()
    expect(page.get_by_text("3 Ultra-Peek")).to_be_visible()

    page.get_by_role("link", name="Noah B.").click()
    page.get_by_role("link", name="Change level and options").click()
    page.get_by_label("2. Peek").check()
    page.get_by_label("Why (kept in the history)").fill("Compares numbers out loud with ease.")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Level: Ultra-Peek → Peek")).to_be_visible()
    expect(page.get_by_text("Why: Compares numbers out loud with ease.")).to_be_visible()

    page.get_by_role("link", name="Room 7 Rats").click()
    page.get_by_role("link", name="Print sign-in cards").click()
    expect(page.locator(".signin-card")).to_have_count(3)
    expect(page.locator(".signin-card svg.segno")).to_have_count(3)
    page.screenshot(path=str(tmp_path / "cards.png"), full_page=True)
    page.go_back()

    page.get_by_role("button", name="Hand this device to the children").click()
    expect(page.get_by_role("heading", name="Find your picture!")).to_be_visible()
    expect(page.get_by_role("link", name="My classes")).to_have_count(0)
    with app.app_context():
        ava = db.session.scalar(select(Child).where(Child.display_name == "Ava T."))
        assert ava is not None
        secret = ava.secret_pictures
    page.get_by_role("link", name="Ava T.").click()
    tap_pictures(page, secret)
    expect(page.get_by_role("heading", name="Hello, Ava T.!")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/me$"))
    assert page.console_errors == []
