"""The idle sign-out on shared tablets: a child who has done nothing for CHILD_IDLE_MINUTES is
signed out, and the tablet goes back to their class's pictures, so the next child does not play
(and get recorded) as them. A page's own polls do not count as doing something; a move, a look,
a page the child opens do. Nothing is applied for a child who was signed out."""

from __future__ import annotations

import time

from flask import Flask
from flask.testing import FlaskClient

from classroom.access import CHILD_ACTIVE_KEY
from classroom.game import actions
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.signin import tap
from tests.web.helpers.tables import child_client, post_move, snapshot, start_table

MINUTE = 60


def set_active(client: FlaskClient, seconds_ago: float) -> None:
    """The child last did something `seconds_ago`."""
    with client.session_transaction() as session:
        session[CHILD_ACTIVE_KEY] = int(time.time() - seconds_ago)


def active_stamp(client: FlaskClient) -> int | None:
    with client.session_transaction() as session:
        stamp = session.get(CHILD_ACTIVE_KEY)
        return stamp if isinstance(stamp, int) else None


def signed_in_id(client: FlaskClient) -> int | None:
    with client.session_transaction() as session:
        child_id = session.get("child_id")
        return child_id if isinstance(child_id, int) else None


def test_a_child_away_too_long_goes_back_to_the_class_pictures(
    app: Flask, child: MadeChild, classroom: MadeClass
) -> None:
    client = child_client(app, child)
    assert client.get("/me").status_code == 200
    set_active(client, 16 * MINUTE)  # the default is 15 minutes
    response = client.get("/me")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/join/{classroom.join_code}?away=1")
    assert signed_in_id(client) is None and active_stamp(client) is None
    pictures = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "You were away for a while. Tap your picture to play again." in pictures
    # Nobody is signed in now: the next tap asks for the class code; the pictures page says
    # nothing of being away unless it was sent there for that.
    again = client.get("/me")
    assert again.headers["Location"].endswith("/join")
    plain = client.get(f"/join/{classroom.join_code}").get_data(as_text=True)
    assert "You were away" not in plain


def test_the_sign_out_noticed_by_any_page_still_sends_the_tablet_to_its_class(
    app: Flask, child: MadeChild, classroom: MadeClass
) -> None:
    # Every page's header asks who is signed in, even a 404 (the browser's own favicon
    # request): when that is the request that notices the child was away, nobody follows
    # its answer, and the table page's next poll must still take the tablet to the class's
    # pictures with the note, not to the plain join page (a browser test ended there).
    table_id = start_table(app, [child], ["solid"])
    client = child_client(app, child)
    assert client.get(f"/play/tables/{table_id}").status_code == 200
    set_active(client, 16 * MINUTE)
    assert client.get("/favicon.ico").status_code == 404
    assert signed_in_id(client) is None  # signed out by the header's question
    poll = client.get(f"/play/tables/{table_id}/state?version=1")
    assert poll.status_code == 302
    assert poll.headers["Location"].endswith(f"/join/{classroom.join_code}?away=1")
    pictures = client.get(poll.headers["Location"]).get_data(as_text=True)
    assert "You were away for a while. Tap your picture to play again." in pictures
    # Once there, the note is spent: nobody is signed in, and the next tap asks for a code.
    assert client.get("/me").headers["Location"].endswith("/join")


def test_doing_something_keeps_the_child_signed_in(app: Flask, child: MadeChild) -> None:
    client = child_client(app, child)
    set_active(client, 14 * MINUTE)
    assert client.get("/me").status_code == 200
    stamp = active_stamp(client)
    assert stamp is not None and time.time() - stamp < 5
    set_active(client, 14 * MINUTE)  # another 14 minutes later: still signed in
    assert client.get("/me").status_code == 200


def test_polls_alone_do_not_keep_a_child_signed_in(
    app: Flask, child: MadeChild, classroom: MadeClass
) -> None:
    table_id = start_table(app, [child], ["solid"])
    client = child_client(app, child)
    assert client.get(f"/play/tables/{table_id}").status_code == 200
    set_active(client, 14 * MINUTE)
    before = active_stamp(client)
    for _ in range(3):
        assert client.get(f"/play/tables/{table_id}/state?version=-1").status_code == 200
    assert active_stamp(client) == before  # looking is not doing
    set_active(client, 16 * MINUTE)
    # The page's next poll is sent to the class's pictures (table.js follows it there).
    response = client.get(
        f"/play/tables/{table_id}/state?version=-1", headers={"Accept": "application/json"}
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/join/{classroom.join_code}?away=1")


def test_a_move_from_a_child_signed_out_for_being_away_is_not_applied(
    app: Flask, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    client = child_client(app, child)
    version, _, state = snapshot(app, table_id)
    set_active(client, 16 * MINUTE)
    response = post_move(client, table_id, actions.DRAW, version)
    assert response.status_code == 302
    assert snapshot(app, table_id)[0] == version
    assert snapshot(app, table_id)[2] == state


def test_the_stamp_is_written_at_most_once_a_minute(app: Flask, child: MadeChild) -> None:
    client = child_client(app, child)
    first = client.get("/me")
    assert "Set-Cookie" in first.headers  # a session from before the stamp: stamped now
    second = client.get("/me")
    assert "Set-Cookie" not in second.headers  # the cookie is not sent again for nothing


def test_a_session_from_before_the_idle_clock_stays_signed_in(app: Flask, child: MadeChild) -> None:
    client = child_client(app, child)  # holds the child's id and no stamp
    assert active_stamp(client) is None
    assert client.get("/me").status_code == 200
    assert active_stamp(client) is not None


def test_the_idle_sign_out_can_be_turned_off(app: Flask, child: MadeChild) -> None:
    app.config["CHILD_IDLE_MINUTES"] = 0
    client = child_client(app, child)
    set_active(client, 24 * 60 * MINUTE)
    assert client.get("/me").status_code == 200


def test_signing_in_with_the_pictures_starts_the_clock(
    client: FlaskClient, child: MadeChild, classroom: MadeClass
) -> None:
    response = tap(client, classroom, child, child.secret)
    assert response.status_code == 302 and response.headers["Location"].endswith("/me")
    stamp = active_stamp(client)
    assert stamp is not None and time.time() - stamp < 5
