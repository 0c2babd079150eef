"""Two teachers adding children to one class at the same moment: the database's unique
picture rule holds, and the loser gets a message and a 400, not a 500."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import MadeChild, MadeClass, fetch


@pytest.fixture
def clashing_picture(app: Flask, child: MadeChild, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new child gets the existing child's picture, as if chosen before it was saved."""
    from classroom import roster
    from classroom.models import Child

    row = fetch(app, Child, child.id)
    monkeypatch.setattr(roster, "free_avatar", lambda taken: (row.picture, row.colour))


@pytest.mark.usefixtures("clashing_picture")
def test_add_one_clash(teacher_client: FlaskClient, classroom: MadeClass) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/children/new", data={"display_name": "Noah"}
    )
    assert response.status_code == 400
    assert "Someone else changed this class" in response.get_data(as_text=True)


@pytest.mark.usefixtures("clashing_picture")
def test_add_many_clash(teacher_client: FlaskClient, classroom: MadeClass) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/children/paste", data={"names": "Noah\nAva"}
    )
    assert response.status_code == 400
    assert "Someone else changed this class" in response.get_data(as_text=True)
    page = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert "Noah" not in page
