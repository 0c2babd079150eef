"""CSRF: with protection on (as in production), a POST without the token changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask

from classroom.models import Child
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch, sign_in_teacher


@pytest.fixture
def csrf_app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(WTF_CSRF_ENABLED=True)


def token_from(page: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page) or re.search(
        r'name="csrf_token" value="([^"]+)"', page
    )
    assert match, "the page has no CSRF token"
    return match.group(1)


@pytest.mark.parametrize(
    "path",
    ["/teacher/sign-in", "/teacher/sign-up", "/join", "/classes/new", "/teacher/sign-out"],
)
def test_post_without_token_is_rejected(csrf_app: Flask, teacher: MadeTeacher, path: str) -> None:
    client = csrf_app.test_client()
    if path.startswith("/classes"):
        sign_in_teacher(client, teacher)
    response = client.post(path, data={"email": teacher.email, "password": teacher.password})
    assert response.status_code == 400
    assert "nothing was changed" in response.get_data(as_text=True)


def test_destructive_post_without_token_changes_nothing(
    csrf_app: Flask, teacher: MadeTeacher, child: MadeChild
) -> None:
    client = csrf_app.test_client()
    sign_in_teacher(client, teacher)
    assert client.post(f"/children/{child.id}/delete").status_code == 400
    assert (
        client.post(f"/children/{child.id}/delete", data={"csrf_token": "forged"}).status_code
        == 400
    )
    assert fetch(csrf_app, Child, child.id) is not None


def test_with_the_token_it_works(
    csrf_app: Flask, teacher: MadeTeacher, classroom: MadeClass, child: MadeChild
) -> None:
    client = csrf_app.test_client()
    page = client.get("/teacher/sign-in").get_data(as_text=True)
    response = client.post(
        "/teacher/sign-in",
        data={"email": teacher.email, "password": teacher.password, "csrf_token": token_from(page)},
    )
    assert response.status_code == 302
    confirm = client.get(f"/children/{child.id}/delete").get_data(as_text=True)
    deleted = client.post(f"/children/{child.id}/delete", data={"csrf_token": token_from(confirm)})
    assert deleted.status_code == 302
    assert fetch(csrf_app, Child, child.id) is None


def test_child_secret_taps_need_the_token(
    csrf_app: Flask, classroom: MadeClass, child: MadeChild
) -> None:
    client = csrf_app.test_client()
    url = f"/join/{classroom.join_code}/{child.id}"
    response = client.post(url, data={"picked": "", "pick": child.secret[0]})
    assert response.status_code == 400
    token = token_from(client.get(url).get_data(as_text=True))
    picked = ""
    for picture in child.secret:
        response = client.post(url, data={"picked": picked, "pick": picture, "csrf_token": token})
        picked = picture
    assert response.status_code == 302
