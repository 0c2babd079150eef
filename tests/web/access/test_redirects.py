"""After sign-in the teacher goes on only to a path of this site (issue 14, defect 2): a
stranger's link cannot send them to another site, and no `next` breaks the sign-in."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import PASSWORD, MadeTeacher

EVIL = [
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "/%09/evil.example",  # a tab: browsers drop it and read //evil.example
    "/%0a/evil.example",  # a newline: was a 500 after signing the teacher in
    "/%0d%0a/evil.example",
    "/%20/evil.example",
    "/%5c/evil.example",
    "%2f%2fevil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "",
]


@pytest.mark.parametrize("evil", EVIL)
def test_sign_in_never_goes_to_another_site(
    client: FlaskClient, teacher: MadeTeacher, evil: str
) -> None:
    data = {"email": teacher.email, "password": PASSWORD}
    response = client.post(f"/teacher/sign-in?next={evil}", data=data)
    assert response.status_code == 302
    assert response.headers["Location"] == "/classes/"
    assert client.get("/classes/").status_code == 200


@pytest.mark.parametrize(
    "path", ["/teacher/password", "/classes/3?from=today", "/children/12/edit#history"]
)
def test_sign_in_goes_on_to_a_page_of_this_site(
    client: FlaskClient, teacher: MadeTeacher, path: str
) -> None:
    data = {"email": teacher.email, "password": PASSWORD}
    response = client.post("/teacher/sign-in", query_string={"next": path}, data=data)
    assert response.headers["Location"] == path
