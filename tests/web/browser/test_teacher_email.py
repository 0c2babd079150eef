"""A teacher's account by email, in a real browser, where mail is configured: sign up, follow
the confirmation link, forget the password and set a new one from the mailed link, and accept
a co-teacher invitation from its link. The pages at 1366x768 and 1024x768 are saved (to
CLASSROOM_SHOTS_DIR when set) for a person to look at."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer
from tests.web.conftest import Inbox, MadeClass, MadeTeacher, sign_in_teacher

SIZES = {"1366": (1366, 768), "1024": (1024, 768)}


@pytest.fixture
def mail_live_server(mail_app: Flask) -> Iterator[LiveServer]:
    with LiveServer(mail_app) as server:
        yield server


def shoot(page: Any, folder: Path, name: str) -> None:
    """Save the page at both teacher sizes (the whole page, so nothing below the fold hides)."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(folder / f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})


def test_a_teacher_account_by_email(
    mail_app: Flask,
    mail_live_server: LiveServer,
    smtp_server: Inbox,
    chromium: Any,
    teacher: MadeTeacher,
    classroom: MadeClass,
    tmp_path: Path,
) -> None:
    folder = Path(os.environ.get("CLASSROOM_SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    url = mail_live_server.url
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    page.goto(url + "/teacher/sign-up")
    page.get_by_label("Your name, as the children say it").fill("Mr Kim")
    page.get_by_label("Email").fill("kim@school.example")
    page.get_by_label("Password", exact=True).fill("aaaaaaaaaa")
    page.get_by_label("Password again").fill("aaaaaaaaaa")
    page.get_by_role("button", name="Make my account").click()
    expect(page.get_by_text("That password is too easy to guess")).to_be_visible()
    shoot(page, folder, "sign-up-weak-password")
    page.get_by_label("Password", exact=True).fill("tea and biscuits at ten")
    page.get_by_label("Password again").fill("tea and biscuits at ten")
    page.get_by_role("button", name="Make my account").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    shoot(page, folder, "check-email")

    # Signed in before confirming: "check your email", and nothing else.
    page.get_by_role("link", name="sign in", exact=True).click()
    page.get_by_label("Email").fill("kim@school.example")
    page.get_by_label("Password").fill("tea and biscuits at ten")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Send the link again")).to_be_visible()
    page.goto(url + "/classes/new")
    expect(page.get_by_role("button", name="Send the link again")).to_be_visible()
    shoot(page, folder, "check-email-signed-in")
    confirm = Inbox.link(smtp_server.wait_for("kim@school.example", 1)[-1], "/teacher/confirm/")
    page.goto(url + confirm)
    expect(page.get_by_text("Your email address is confirmed.")).to_be_visible()
    expect(page.get_by_role("heading", name="My classes")).to_be_visible()
    page.get_by_role("button", name="Sign out Mr Kim").click()

    page.goto(url + "/teacher/sign-in")
    shoot(page, folder, "sign-in")
    page.get_by_role("link", name="Forgot your password?").click()
    shoot(page, folder, "forgot-password")
    page.get_by_label("Your email").fill("kim@school.example")
    page.get_by_role("button", name="Send me a link").click()
    expect(page.get_by_text("we have sent it a link to set a new password")).to_be_visible()
    mailed = smtp_server.wait_for("kim@school.example", 2)[-1]  # the confirmation, the reset
    reset = Inbox.link(mailed, "/teacher/reset-password/")
    page.goto(url + reset)
    shoot(page, folder, "reset-password")
    page.get_by_label("New password", exact=True).fill("seven green kites over hills")
    page.get_by_label("New password again").fill("seven green kites over hills")
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_text("Your new password is set, and you are signed in.")).to_be_visible()
    page.goto(url + reset)
    expect(page.get_by_role("heading", name="This link no longer works")).to_be_visible()
    shoot(page, folder, "link-used")

    owner_context = chromium.new_context(viewport={"width": 1366, "height": 768})
    owner = owner_context.new_page()
    owner.goto(url + "/")  # a cookie for the site, then the owner's session on it
    cookie_client = mail_app.test_client()
    sign_in_teacher(cookie_client, teacher)
    cookie = cookie_client.get_cookie("session")
    assert cookie is not None
    owner_context.add_cookies([{"name": "session", "value": cookie.value, "url": url}])
    owner.goto(url + f"/classes/{classroom.id}/co-teachers")
    owner.get_by_label("Your colleague's email").fill("kim@school.example")
    owner.get_by_role("button", name="Invite").click()
    expect(owner.get_by_text("Invitation sent to kim@school.example")).to_be_visible()
    shoot(owner, folder, "co-teachers")

    invitation = Inbox.link(smtp_server.last_to("kim@school.example"), "/classes/invitation/")
    page.goto(url + invitation)
    expect(page.get_by_role("heading", name=f"Co-teach {classroom.name}?")).to_be_visible()
    shoot(page, folder, "invitation")
    page.get_by_role("button", name="Accept and open the class").click()
    expect(page.get_by_text(f"You now co-teach {classroom.name}.")).to_be_visible()
    # The refused password and the used link are answered 400, which Chromium logs.
    assert [e for e in errors if "status of 400" not in e] == []
    owner_context.close()
    context.close()
