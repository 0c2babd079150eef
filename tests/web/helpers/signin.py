"""A child's picture sign-in, tapped through on a test client."""

from __future__ import annotations

from flask.testing import FlaskClient

from classroom.pictures import SECRET_PICTURES
from tests.web.conftest import MadeChild, MadeClass


def tap(client: FlaskClient, classroom: MadeClass, child: MadeChild, pictures: list[str]):  # type: ignore[no-untyped-def]
    """Tap the pictures one by one, as a child does; returns the last response."""
    url = f"/join/{classroom.join_code}/{child.id}"
    picked: list[str] = []
    response = None
    for picture in pictures:
        response = client.post(url, data={"picked": ",".join(picked), "pick": picture})
        picked.append(picture)
    return response


def wrong_secret(child: MadeChild) -> list[str]:
    return [p for p in SECRET_PICTURES if p not in child.secret][: len(child.secret)]
