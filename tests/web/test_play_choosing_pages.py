"""The pages where a child chooses how to play (with the computer, with friends): for a child
who cannot read yet, a speaker that says what to do and a picture on every button."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask

from tests.web.conftest import MadeChild, MadeClass, sign_in_child

BUTTONS = re.compile(r"<button[^>]*>.*?</button>|<a class=\"button[^>]*>.*?</a>", re.S)


def buttons_without_a_picture(html: str) -> list[str]:
    """The page's buttons and button-like links (the speaker aside) that carry no picture."""
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    return [
        b
        for b in BUTTONS.findall(main)
        if "<img" not in b and "<svg" not in b and "speaker-button" not in b
    ]


def test_play_with_the_computer_has_a_speaker_and_pictures(app: Flask, child: MadeChild) -> None:
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/computer").get_data(as_text=True)
    assert 'class="speaker-button" data-speak="Tap who will play with you' in html
    assert "Play!" in html
    assert buttons_without_a_picture(html) == []


def test_play_with_friends_has_a_speaker_and_pictures(
    app: Flask, classroom: MadeClass, child: MadeChild, make_child: Callable[..., MadeChild]
) -> None:
    friend = make_child(classroom, "Leo M.")
    friend_client = app.test_client()
    sign_in_child(friend_client, friend)
    assert friend_client.post("/play/friends").status_code in (302, 303)  # an open table
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/friends").get_data(as_text=True)
    assert 'data-speak="Tap Sit here' in html
    assert "Sit here" in html and "Open a new table" in html
    assert buttons_without_a_picture(html) == []


def test_an_open_table_has_a_speaker_and_pictures(app: Flask, child: MadeChild) -> None:
    """Waiting at a table opened for friends: what to do is said aloud, Start the game has a
    picture, and each "how many computer players" choice shows that many faces."""
    client = app.test_client()
    sign_in_child(client, child)
    opened = client.post("/play/friends")
    assert opened.status_code in (302, 303)
    html = client.get(opened.headers["Location"]).get_data(as_text=True)
    assert 'data-speak="Wait for your friends to sit down.' in html
    assert "Start the game" in html
    assert buttons_without_a_picture(html) == []
    faces = re.findall(r'<span class="seat-faces"[^>]*>(.*?)</span>', html, re.S)
    assert [f.count("<img") for f in faces] == [0, 1, 2, 3]
