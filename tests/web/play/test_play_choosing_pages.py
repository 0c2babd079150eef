"""The pages where a child chooses how to play (with the computer, with friends): for a child
who cannot read yet, a speaker that says what to do and a picture on every button; with the
computer, exactly the players the child picked on the page sit at the table."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.models import PlayTable
from classroom.tables.loading import load_table
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.tables import count_rows, set_level

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
    assert 'class="speaker-button" data-speak="Tap the players you want to play with' in html
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


def test_play_with_friends_keeps_its_list_fresh_with_and_without_javascript(
    app: Flask, classroom: MadeClass, child: MadeChild, make_child: Callable[..., MadeChild]
) -> None:
    """The list says which tables are open and how full (open-tables.js compares it), and a
    page without JavaScript reloads itself; with none open, a picture and words to hear."""
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/friends").get_data(as_text=True)
    assert '<noscript><meta http-equiv="refresh" content="10"></noscript>' in html
    assert 'data-tables=""' in html and "js/open-tables.js" in html
    assert 'class="no-tables" data-say="No table is open yet.' in html
    friend = make_child(classroom, "Leo M.")
    friend_client = app.test_client()
    sign_in_child(friend_client, friend)
    opened = friend_client.post("/play/friends")
    table_id = int(opened.headers["Location"].rstrip("/").split("/")[-1])
    html = client.get("/play/friends").get_data(as_text=True)
    assert f'data-tables="{table_id}:1 "' in html and "no-tables" not in html


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


def test_the_empty_seats_show_the_players_who_will_sit_there(app: Flask, child: MadeChild) -> None:
    """With two kinds allowed, "2" on an open table shows a kitten and a cat, not two kittens,
    and Start the game seats exactly those two faces."""
    set_level(
        app, child, "ultra_peek", computer_beginner=True, computer_solid=True, computer_strong=False
    )
    client = app.test_client()
    sign_in_child(client, child)
    opened = client.post("/play/friends")
    table_url = opened.headers["Location"]
    html = client.get(table_url).get_data(as_text=True)
    faces = re.findall(r'<span class="seat-faces"[^>]*>(.*?)</span>', html, re.S)
    shown = [re.findall(r"pictures/([a-z-]+)\.svg", f) for f in faces]
    assert shown[2] == ["kitten", "cat"]
    assert shown[3] == ["kitten", "cat", "kitten-black"]
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    data = {"computers": "2", **({"csrf_token": token.group(1)} if token else {})}
    started = client.post(table_url.rstrip("/") + "/start", data=data)
    assert started.status_code in (302, 303)
    table_id = int(table_url.rstrip("/").split("/")[-1])
    with app.app_context():
        table = load_table(table_id)
        assert table is not None and table.status == "playing"
        assert [s.picture for s in table.seats[1:]] == shown[2]


def offered(html: str) -> list[tuple[str, str, bool]]:
    """The computer players the page offers: (form value, name, picked) for each button."""
    found = re.findall(
        r'<label class="player-choice">\s*<input type="checkbox" name="player" value="([^"]+)"'
        r"( checked)?>.*?<span>([^<]+)</span>",
        html,
        re.S,
    )
    return [(value, name, bool(checked)) for value, checked, name in found]


def pick(client: FlaskClient, players: list[str], **more: str) -> object:
    """Post "Play!" with these players ticked (the page's own token, where CSRF is on)."""
    page = client.get("/play/computer").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    data: dict[str, object] = {"player": players, **more}
    if token:
        data["csrf_token"] = token.group(1)
    return client.post("/play/computer", data=data)


def seated(app: Flask, response: object) -> list[tuple[str, str | None]]:
    """Who sits at the table a "Play!" opened: each seat's name and computer kind."""
    assert response.status_code in (302, 303)  # type: ignore[attr-defined]
    table_id = int(response.headers["Location"].rstrip("/").split("/")[-1])  # type: ignore[attr-defined]
    with app.app_context():
        table = load_table(table_id)
        assert table is not None and table.status == "playing"
        return [(s.name, s.computer) for s in table.seats]


def test_each_computer_player_is_one_picture_button_and_there_is_no_count(
    app: Flask, child: MadeChild
) -> None:
    """One control: a button for each player of each kind the teacher allows (two kinds by
    default), named and pictured as they will sit; nothing else says how many."""
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/computer").get_data(as_text=True)
    assert offered(html) == [
        ("beginner", "Kitten", True),
        ("beginner-2", "Mittens", False),
        ("beginner-3", "Pumpkin", False),
        ("solid", "Tabby", False),
        ("solid-2", "Tiger", False),
        ("solid-3", "Smoky", False),
    ]
    assert "pictures/kitten-black.svg" in html and "Top Cat" not in html
    assert "how_many" not in html and 'type="radio"' not in html
    assert 'data-most="3"' in html


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["beginner"], [("Kitten", "beginner")]),
        (["solid"], [("Tabby", "solid")]),
        (["beginner", "solid"], [("Kitten", "beginner"), ("Tabby", "solid")]),
        (["solid-2"], [("Tiger", "solid")]),
        (
            ["beginner", "beginner-2", "solid"],
            [("Kitten", "beginner"), ("Mittens", "beginner"), ("Tabby", "solid")],
        ),
        (["beginner-3", "beginner-2"], [("Mittens", "beginner"), ("Pumpkin", "beginner")]),
    ],
)
def test_the_game_seats_exactly_the_players_picked(
    app: Flask, child: MadeChild, players: list[str], expected: list[tuple[str, str]]
) -> None:
    """No player picked is dropped and none is added: the table is the child and the ones
    ticked, with the names and pictures the page showed, in the page's order."""
    client = app.test_client()
    sign_in_child(client, child)
    assert seated(app, pick(client, players)) == [(child.display_name, None), *expected]


@pytest.mark.parametrize("how_many", ["1", "3"])
def test_a_count_sent_by_an_older_page_changes_nobody(
    app: Flask, child: MadeChild, how_many: str
) -> None:
    """The older page sent a count beside the ticks ("1" by default) and seated by it: Tabby
    ticked beside Kitten was dropped, and "3" added Mittens and Pumpkin. Only the ticks count."""
    client = app.test_client()
    sign_in_child(client, child)
    response = pick(client, ["beginner", "solid"], how_many=how_many)
    expected = [(child.display_name, None), ("Kitten", "beginner"), ("Tabby", "solid")]
    assert seated(app, response) == expected


@pytest.mark.parametrize(
    ("players", "sentence"),
    [
        ([], "Tap a computer player to play with you"),
        (["strong"], "That computer player is not one of yours"),
        (["beginner", "cat"], "That computer player is not one of yours"),
        (["beginner", "beginner-2", "beginner-3", "solid"], "room for 3 computer players at most"),
        (["beginner", "beginner"], "can sit at the table only once"),
    ],
)
def test_a_pick_the_page_did_not_offer_is_refused(
    app: Flask, child: MadeChild, players: list[str], sentence: str
) -> None:
    """None, a kind the teacher did not allow, a made-up player, four, or one player twice:
    a 400 that says why (and reads it aloud), the page to pick again, and no table."""
    client = app.test_client()
    sign_in_child(client, child)
    response = pick(client, players)
    html = response.get_data(as_text=True)  # type: ignore[attr-defined]
    assert response.status_code == 400  # type: ignore[attr-defined]
    alert = re.search(r'role="alert"><img[^>]*> ([^<]+)</p>', html)
    assert alert is not None and sentence in alert.group(1)
    assert f'data-speak="{alert.group(1)}"' in html  # the same sentence, read aloud
    assert offered(html)[0] == ("beginner", "Kitten", True)
    assert count_rows(app, PlayTable) == 0


def test_a_child_named_like_a_computer_player_is_not_offered_that_face(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """At the table two seats would share the name, so the page does not offer it."""
    mittens = make_child(classroom, "Mittens")
    client = app.test_client()
    sign_in_child(client, mittens)
    names = [name for _, name, _ in offered(client.get("/play/computer").get_data(as_text=True))]
    assert "Mittens" not in names and "Kitten" in names and "Pumpkin" in names
    assert pick(client, ["beginner-2"]).status_code == 400  # type: ignore[attr-defined]
    assert seated(app, pick(client, ["beginner-3"])) == [("Mittens", None), ("Pumpkin", "beginner")]


def test_with_no_computer_players_assigned_nothing_starts(app: Flask, child: MadeChild) -> None:
    set_level(app, child, "peek", computer_beginner=False, computer_solid=False)
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/computer").get_data(as_text=True)
    assert "Your teacher has not chosen computer players for you yet." in html
    assert offered(html) == [] and "Play!</button>" not in html
    assert 'data-speak="Your teacher has not chosen computer players for you yet."' in html
    response = pick(client, ["beginner"])
    assert response.status_code == 400  # type: ignore[attr-defined]
    with app.app_context():
        assert db.session.query(PlayTable).count() == 0


def faces_at_home(html: str) -> list[str]:
    """The faces on the home's "Play with the computer" button, by name, in order."""
    button = re.search(r'<a class="button big with-players"[^>]*>(.*?)</a>', html, re.S)
    assert button is not None and "Play with the computer" in button.group(1)
    return re.findall(r'<img class="picture [^"]*"[^>]*alt="([^"]+)"', button.group(1))


@pytest.mark.parametrize(
    "allowed",
    [
        {},  # the default: the beginners and the solid players
        {"computer_beginner": False, "computer_strong": True},
        {"computer_strong": True},
    ],
)
def test_home_shows_the_players_the_computer_page_offers(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild], allowed: dict
) -> None:
    """The home's "Play with the computer" button shows who that page offers next: the same
    faces and names in the same order (home once said "You can play with" Kitten and Tabby,
    and the page then offered six); a child named like one of them is not shown that one."""
    mittens = make_child(classroom, "Mittens")
    set_level(app, mittens, "peek", **allowed)
    client = app.test_client()
    sign_in_child(client, mittens)
    offered_names = [
        name for _, name, _ in offered(client.get("/play/computer").get_data(as_text=True))
    ]
    at_home = faces_at_home(client.get("/me").get_data(as_text=True))
    assert at_home == offered_names and len(at_home) >= 5
    assert "Mittens" not in at_home


def test_home_with_no_computer_players_shows_the_kitten_alone(app: Flask, child: MadeChild) -> None:
    set_level(app, child, "peek", computer_beginner=False, computer_solid=False)
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/me").get_data(as_text=True)
    assert faces_at_home(html) == [] and "pictures/kitten.svg" in html


def test_play_with_the_computer_offers_the_unfinished_game_first(
    app: Flask, child: MadeChild
) -> None:
    """Play! would stop an older game with computers only: the page first offers "Back to
    your game" (the home page's button, with the other players' faces)."""
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/computer").get_data(as_text=True)
    assert "Back to your game" not in html
    started = pick(client, ["beginner"])
    table_id = int(started.headers["Location"].rstrip("/").split("/")[-1])
    html = client.get("/play/computer").get_data(as_text=True)
    assert f'class="button big back-to-game" href="/play/tables/{table_id}"' in html
    assert 'alt="Kitten"' in html.split("back-to-game", 1)[1].split("</a>", 1)[0]
    assert 'data-speak="Your game is not over: tap Back to your game' in html
    assert buttons_without_a_picture(html) == []


def table_of(response: object) -> int:
    """The table a redirect leads to."""
    return int(response.headers["Location"].rstrip("/").split("/")[-1])  # type: ignore[attr-defined]


def open_tables_of(app: Flask, child: MadeChild) -> list[int]:
    """The open tables the child sits at."""
    from classroom.models import Child
    from classroom.tables.leaving import waiting_at

    with app.app_context():
        found = db.session.get(Child, child.id)
        assert found is not None
        return waiting_at(found)


def test_a_child_waits_for_friends_at_one_table_at_a_time(
    app: Flask, classroom: MadeClass, child: MadeChild, make_child: Callable[..., MadeChild]
) -> None:
    """A second "Open a new table" (a second tap, the browser's Back) goes back to the table
    the child waits at; the list shows it as theirs ("Back to your table", "You"); sitting at a
    friend's table gives up the one they waited at (a table left empty goes), and so does a
    game with the computer."""
    client = app.test_client()
    sign_in_child(client, child)
    mine = table_of(client.post("/play/friends"))
    assert table_of(client.post("/play/friends")) == mine
    assert open_tables_of(app, child) == [mine]
    html = client.get("/play/friends").get_data(as_text=True)
    assert "Back to your table" in html and "<span>You</span>" in html
    assert f'action="/play/tables/{mine}/join"' not in html
    assert 'data-speak="You are waiting for friends at your table: tap Back to your table."' in html
    assert "Open a new table" not in html  # it would only lead back there
    assert buttons_without_a_picture(html) == []

    friend = make_child(classroom, "Leo M.")
    friend_client = app.test_client()
    sign_in_child(friend_client, friend)
    leos = table_of(friend_client.post("/play/friends"))
    assert client.post(f"/play/tables/{leos}/join").status_code in (302, 303)
    assert open_tables_of(app, child) == [leos]
    with app.app_context():
        assert db.session.get(PlayTable, mine) is None  # nobody was left at it

    assert table_of(client.post("/play/friends")) == leos  # a stale page: no new table
    assert open_tables_of(app, child) == [leos]
    pick(client, ["beginner"])
    assert open_tables_of(app, child) == []
    with app.app_context():
        leos_table = load_table(leos)
        assert leos_table is not None
        assert [seat.name for seat in leos_table.seats] == ["Leo M."]


def test_play_with_friends_offers_the_game_not_over_first(
    app: Flask, classroom: MadeClass, child: MadeChild
) -> None:
    """A child whose game is not over finds "Back to your game" on the friends page too (with
    the other players' faces), and hears so first."""
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/friends").get_data(as_text=True)
    assert "Back to your game" not in html
    started = table_of(pick(client, ["beginner"]))
    html = client.get("/play/friends").get_data(as_text=True)
    assert f'class="button big back-to-game" href="/play/tables/{started}"' in html
    assert 'data-speak="Your game is not over: tap Back to your game to go on. Or tap the' in html
    assert buttons_without_a_picture(html) == []


def test_a_table_the_teacher_seated_the_child_at_is_theirs_on_the_friends_page(
    app: Flask, child: MadeChild
) -> None:
    """The teacher seated the child at an open table of another level: "Play with friends"
    lists it as theirs ("Back to your table"), though it lists other tables of the child's own
    level only, and offers no new table (one would only lead back there)."""
    from classroom.assignments import Assignment
    from classroom.models import Child
    from classroom.tables.seating import open_table, seat_child

    with app.app_context():
        kid = db.session.get(Child, child.id)
        assert kid is not None and kid.level != "standard"
        table = open_table(kid.class_id, "standard", Assignment.of(kid).engine_options(), "cubes")
        seat_child(table.id, kid, by_teacher=True)
        table_id = table.id
    client = app.test_client()
    sign_in_child(client, child)
    html = client.get("/play/friends").get_data(as_text=True)
    assert f'href="/play/tables/{table_id}"' in html and "Back to your table" in html
    assert "Open a new table" not in html
    assert table_of(client.post("/play/friends")) == table_id
