"""CSRF: with protection on (as in production), a POST without the token changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from itsdangerous import URLSafeTimedSerializer

from classroom.game import actions
from classroom.models import Child
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch, sign_in_teacher
from tests.web.helpers.tables import child_client, snapshot, start_table


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


@pytest.fixture
def signed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The session tokens Flask-WTF signs from now on, one entry a signing."""
    signings: list[str] = []
    dumps = URLSafeTimedSerializer.dumps

    def counted(self: URLSafeTimedSerializer, obj: object, salt: str | None = None) -> Any:
        if self.salt == b"wtf-csrf-token":
            signings.append(str(obj))
        return dumps(self, obj, salt)

    monkeypatch.setattr(URLSafeTimedSerializer, "dumps", counted)
    return signings


def test_a_tablets_token_is_signed_once_and_only_its_own_session_may_use_it(
    csrf_app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    signed: list[str],
) -> None:
    """The table's forms carry one token a session, signed once (not at every page and move);
    it moves the child's table, and another tablet's token is refused as any forged one."""
    mia, leo = (make_child(classroom, n) for n in ("Mia", "Leo"))
    table_id = start_table(csrf_app, [mia, leo])
    mia_tablet, leo_tablet = child_client(csrf_app, mia), child_client(csrf_app, leo)
    # Leo's token, from a page of his with a form ("I'm done"): it is not his turn.
    leos = token_from(leo_tablet.get("/me").get_data(as_text=True))
    page = f"/play/tables/{table_id}"
    first = token_from(mia_tablet.get(page).get_data(as_text=True))
    again = token_from(mia_tablet.get(page).get_data(as_text=True))
    with mia_tablet.session_transaction() as session:
        mias_own = session["csrf_token"]
    assert first == again and signed.count(mias_own) == 1 and leos != first

    version = snapshot(csrf_app, table_id)[0]
    move = {"version": str(version), **{k: str(v) for k, v in actions.DRAW.to_dict().items()}}
    assert mia_tablet.post(f"{page}/move", data=move | {"csrf_token": leos}).status_code == 400
    assert snapshot(csrf_app, table_id)[0] == version  # nothing changed
    moved = mia_tablet.post(f"{page}/move", data=move | {"csrf_token": first})
    assert moved.status_code == 303 and snapshot(csrf_app, table_id)[0] == version + 1
    # The move's own page draws its forms with the token already signed.
    after = token_from(mia_tablet.get(page).get_data(as_text=True))
    assert after == first and signed.count(mias_own) == 1


def test_with_a_time_limit_every_request_signs_its_own_token(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    signed: list[str],
) -> None:
    """A token kept would outlive a time limit: with WTF_CSRF_TIME_LIMIT set, nothing is
    kept and each page signs, as Flask-WTF does."""
    app = make_app(WTF_CSRF_ENABLED=True, WTF_CSRF_TIME_LIMIT=3600)
    mia = make_child(classroom, "Mia")
    table_id = start_table(app, [mia], ["beginner"])
    tablet = child_client(app, mia)
    for _ in range(2):
        token_from(tablet.get(f"/play/tables/{table_id}").get_data(as_text=True))
    assert len(signed) == 2
