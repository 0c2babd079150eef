"""Computer players who think aloud at a table (docs/play.md, "Voice and feel"): the table
takes the option from the assignment (or the teacher's set-up form); each computer move's
thought is stored in the story; each seat's page tells it redacted for that seat, with the
computer's picture; with the option off nothing is said; a stand-in never thinks aloud."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from classroom.extensions import db
from classroom.game.players.talk import Thought, say
from classroom.models import ComputerChoiceRow, PlayTable, TableEvent
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.tables import (
    child_client,
    count_rows,
    leave,
    play_to_end,
    play_turn,
    poll,
    set_level,
    start_table,
)

THOUGHT = re.compile(r'<li class="thought" data-kind="thought" data-thought="([^"]*)">(.*?)</li>')


def think_aloud(app: Flask, table_id: int, on: bool = True) -> None:
    with app.app_context():
        db.session.execute(update(PlayTable).where(PlayTable.id == table_id).values(think_aloud=on))
        db.session.commit()


def stored_thoughts(app: Flask, table_id: int) -> list[Thought]:
    with app.app_context():
        rows = db.session.scalars(
            select(TableEvent.event).where(TableEvent.table_id == table_id).order_by(TableEvent.id)
        )
        return [Thought.from_dict(row) for row in rows if "thought" in row]


def names_of(app: Flask, table_id: int) -> list[str]:
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        assert table is not None
        return [seat.name for seat in table.seats]


def follow(app: Flask, client: FlaskClient, table_id: int) -> tuple[list[str], Callable[..., Any]]:
    """The thought lines a child's page receives, poll by poll, from the table's start."""
    heard: list[str] = []
    seen = {"version": poll(client, table_id)["version"]}

    def on_step(version: int, status: str) -> None:
        data = poll(client, table_id, seen["version"])
        if data["version"] > seen["version"]:
            for item in data.get("story") or []:
                heard.extend(html.unescape(m.group(1)) for m in THOUGHT.finditer(item))
            seen["version"] = data["version"]

    return heard, on_step


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
def test_the_child_hears_each_thought_redacted_for_their_seat(
    app: Flask, child: MadeChild, level: str
) -> None:
    set_level(app, child, level, scoring="total")
    # No call before every seat has had 4 turns: the deal is random, and a round Top Cat
    # ends on its first turn may have no face-down placement to keep secret (a CI run).
    table_id = start_table(
        app, [child], ["beginner", "solid", "strong"], rounds=1, min_turns_before_call=4
    )
    think_aloud(app, table_id)
    client = child_client(app, child)
    heard, on_step = follow(app, client, table_id)
    play_to_end(app, {0: client}, table_id, seed=3, on_step=on_step)
    thoughts = stored_thoughts(app, table_id)
    assert thoughts and all(t.seat != 0 for t in thoughts)
    names = names_of(app, table_id)
    expected = [f"{names[t.seat]}: \u201c{say(t.for_seat(0), names, 0)}\u201d" for t in thoughts]
    # Every thought reached the page (the last ones may come with the round's end, which
    # reloads the page instead), each as the child's seat may hear it.
    assert heard and heard == expected[: len(heard)]
    assert len(heard) >= len(expected) - 3
    if level == "ultra_peek":
        assert not any(t.secret for t in thoughts)
    else:
        secret = [t for t in thoughts if t.secret]
        assert secret, "the game had no face-down placement to keep secret"
        assert all(getattr(t.for_seat(0), name) is None for t in secret for name in t.secret)


def test_the_full_page_shows_the_thought_with_the_computer_picture(
    app: Flask, child: MadeChild
) -> None:
    set_level(app, child, "ultra_peek")
    stacked = [5, 5, 5, 5, 4, 4, 4, 4, 9]
    table_id = start_table(app, [child], ["beginner"], stacked=stacked, min_turns_before_call=3)
    think_aloud(app, table_id)
    client = child_client(app, child)
    play_turn(app, client, table_id)  # Mia: draw, throw away, "Done"; then Kitten's turn
    for _ in range(4):
        poll(client, table_id)
    [thought] = stored_thoughts(app, table_id)
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    [(spoken, shown)] = THOUGHT.findall(page)
    names = names_of(app, table_id)
    assert html.unescape(spoken) == f"Kitten: \u201c{say(thought, names, 0)}\u201d"
    assert 'class="thought-face" src="/static/pictures/kitten.svg?v=' in shown


def test_nothing_is_said_with_the_option_off(app: Flask, child: MadeChild) -> None:
    set_level(app, child, "ultra_peek", scoring="total")
    table_id = start_table(app, [child], ["beginner", "solid"])
    think_aloud(app, table_id, on=False)
    play_to_end(app, {0: child_client(app, child)}, table_id, seed=5)
    assert stored_thoughts(app, table_id) == []


@pytest.mark.parametrize(
    ("level", "option", "expected"),
    [
        ("ultra_peek", "level", True),
        ("peek", "level", False),
        ("standard", "on", True),
        ("ultra_peek", "off", False),
    ],
)
def test_a_childs_table_takes_the_assignment(
    app: Flask, child: MadeChild, level: str, option: str, expected: bool
) -> None:
    set_level(app, child, level, think_aloud=option)
    client = app.test_client()
    sign_in_child(client, child)
    page = client.get("/play/computer").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    data = {"player": "beginner"}
    if token:
        data["csrf_token"] = token.group(1)
    response = client.post("/play/computer", data=data)
    assert response.status_code in (302, 303)
    table_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        assert table is not None and table.think_aloud is expected


def test_a_teachers_table_takes_the_set_up_form(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    set_level(app, child, "peek")
    url = f"/classes/{classroom.id}/tables"
    for choice, expected in (("", False), ("on", True)):
        page = teacher_client.get(url).get_data(as_text=True)
        assert "Computer players think aloud" in page
        response = teacher_client.post(
            url,
            data={"children": [str(child.id)], "computer": ["beginner"], "think_aloud": choice},
        )
        assert response.status_code in (302, 303), response.get_data(as_text=True)[:800]
        with app.app_context():
            table = db.session.scalars(
                select(PlayTable).order_by(PlayTable.id.desc()).limit(1)
            ).one()
            assert table.think_aloud is expected
            table.status = "finished"
            db.session.commit()


def test_a_stand_in_for_an_away_child_does_not_think_aloud(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek")
    table_id = start_table(app, [mia, leo], ["beginner"])
    think_aloud(app, table_id)
    leave(app, table_id, 0)  # Mia's tablet was closed long ago, and her turn comes first
    leo_tablet = child_client(app, leo)
    for _ in range(8):
        poll(leo_tablet, table_id)  # Mia is marked away; her stand-in plays her turn
    assert count_rows(app, ComputerChoiceRow, table_id=table_id, seat=0) >= 2
    assert stored_thoughts(app, table_id) == []


def test_home_tells_unfinished_games_apart_by_the_other_players_faces(
    app: Flask, child: MadeChild, classroom: MadeClass
) -> None:
    """A child who left two games (one their teacher set up, one with the computer) sees two
    "Back to your game" buttons: each carries the other players' pictures (named for a screen
    reader), not words alone. (A second game with the computer stops the first one.)"""
    set_level(app, child, "ultra_peek", think_aloud="level")
    with app.app_context():
        first = db.session.get(PlayTable, start_table(app, [child], ["beginner"]))
        assert first is not None
        first.created_by_id = classroom.owner_id
        db.session.commit()
    client = app.test_client()
    sign_in_child(client, child)
    page = client.get("/play/computer").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    data: dict[str, object] = {"player": ["beginner", "beginner-2", "beginner-3"]}
    if token:
        data["csrf_token"] = token.group(1)
    assert client.post("/play/computer", data=data).status_code in (302, 303)
    home = client.get("/me").get_data(as_text=True)
    buttons = re.findall(r'<a class="button big back-to-game".*?</a>', home, re.S)
    assert len(buttons) == 2
    faces = [re.findall(r'<img class="picture[^"]*" src="[^"]+" alt="([^"]+)"', b) for b in buttons]
    assert sorted(len(f) for f in faces) == [1, 3]
    assert child.display_name not in " ".join(buttons)


def test_a_thought_is_said_before_the_turn_passes_on() -> None:
    """A computer player's call, then its thought, then whose turn it is: the thought follows
    its own move, never the next player's turn (a reviewer heard "Now it is Tabby's turn."
    before Top Cat's "Rat-a-Tat-Cat!")."""
    from classroom.game import Event, EventKind
    from classroom.game.players.talk import ThoughtKind
    from classroom.tables.moves import told_with
    from classroom.tables.story import tell

    called = Event(EventKind.CALLED, seat=1)
    passed = Event(EventKind.TURN_ENDED, seat=1, other_seat=2)
    thought = Thought(ThoughtKind.CALLED, 1)
    story = told_with([called, passed], thought)
    assert story == [called, thought, passed]
    lines = [line.text for line in tell(story, ["Mia", "Top Cat", "Tabby"], 0)]
    assert lines[0] == "Top Cat called Rat-a-Tat-Cat!"
    assert lines[1].startswith("Top Cat: ") and "Rat-a-Tat-Cat!" in lines[1]
    assert lines[2] == "Now it is Tabby's turn."
    # A move that ends no turn: the thought after its events; no thought: the events alone.
    drew = Event(EventKind.DREW, seat=1)
    assert told_with([drew], thought) == [drew, thought]
    assert told_with([called, passed], None) == [called, passed]
