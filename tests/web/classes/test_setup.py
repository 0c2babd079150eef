"""Setting up a class (issue 13): a name already in the class is pointed out before it is
added twice (one by one and pasted), and a new class code is made only after the teacher has
read that the printed cards stop working."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.extensions import db
from classroom.models import Child, Classroom, CoTeacherInvite
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    fetch,
    sign_in_child,
    sign_in_teacher,
)
from tests.web.helpers.tables import start_table


def names(app: Flask, classroom: MadeClass) -> list[str]:
    with app.app_context():
        return list(
            db.session.scalars(
                select(Child.display_name).where(Child.class_id == classroom.id).order_by(Child.id)
            )
        )


def test_adding_a_name_already_in_the_class_asks_first(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    url = f"/classes/{classroom.id}/children/new"
    response = teacher_client.post(url, data={"display_name": "mia k."})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "mia k. is already in this class" in html
    assert "Keep the names as typed" in html  # the box appears only now
    assert names(app, classroom) == ["Mia K."]
    # The teacher adds an initial...
    assert teacher_client.post(url, data={"display_name": "Mia K. B."}).status_code == 302
    # ...or keeps both as typed.
    kept = teacher_client.post(url, data={"display_name": "Mia K.", "same_name_ok": "y"})
    assert kept.status_code == 302
    assert names(app, classroom) == ["Mia K.", "Mia K. B.", "Mia K."]
    assert "Keep the names as typed" not in teacher_client.get(url).get_data(as_text=True)


def test_pasting_names_already_in_the_class_or_twice_asks_first(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    url = f"/classes/{classroom.id}/children/paste"
    pasted = "Noah B.\nMia K.\nSofía R.\nnoah b."
    response = teacher_client.post(url, data={"names": pasted})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Mia K., noah b. are already in this class (or typed twice)" in html
    assert "Sofía R." in html  # the list is kept to edit
    assert names(app, classroom) == ["Mia K."]
    kept = teacher_client.post(url, data={"names": pasted, "same_name_ok": "y"})
    assert kept.status_code == 302
    assert names(app, classroom) == ["Mia K.", "Noah B.", "Mia K.", "Sofía R.", "noah b."]


def test_a_new_class_code_is_made_only_after_the_warning(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    page = teacher_client.get(f"/classes/{classroom.id}")
    assert f'href="/classes/{classroom.id}/join-code"' in page.get_data(as_text=True)
    warning = teacher_client.get(f"/classes/{classroom.id}/join-code")
    assert warning.status_code == 200
    html = warning.get_data(as_text=True)
    assert "every printed sign-in card stops working" in html
    assert fetch(app, Classroom, classroom.id).join_code == classroom.join_code  # not yet
    done = teacher_client.post(f"/classes/{classroom.id}/join-code", follow_redirects=True)
    code = fetch(app, Classroom, classroom.id).join_code
    assert code != classroom.join_code
    html = done.get_data(as_text=True)
    assert f"The new class code is <strong>{code}</strong>" in html
    assert f'<a href="/classes/{classroom.id}/cards">print the sign-in cards again</a>' in html


def test_an_invitation_shows_on_the_page_a_new_teacher_lands_on(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    """A colleague with no class yet lands on "Make a class": the invitation is there too."""
    colleague = make_teacher(email="kim@school.example", name="Mr Kim")
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        db.session.add(
            CoTeacherInvite(
                classroom=room,
                invited_by_id=classroom.owner_id,
                email=colleague.email,
                expires_at=datetime.now(UTC) + timedelta(days=7),
            )
        )
        db.session.commit()
    other = app.test_client()
    sign_in_teacher(other, colleague)
    for landing in ("/classes/", "/classes/new"):
        html = other.get(landing).get_data(as_text=True)
        assert "invited you to co-teach" in html and classroom.name in html


def test_a_watched_table_leads_back_to_the_class(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    html = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    crumbs = html.split('<p class="crumbs">', 1)[1].split("</p>", 1)[0]
    assert f'<a href="/classes/{classroom.id}">{classroom.name}</a>' in crumbs
    assert f'<a href="/classes/{classroom.id}/tables">Card tables</a>' in crumbs


def test_the_assignment_offers_only_the_options_the_engine_gives_the_level(
    teacher_client: FlaskClient, child: MadeChild
) -> None:
    from classroom.assignments import Assignment

    assert not any(line.startswith("Power cards") for line in Assignment().describe())
    assert "Power cards: on" in Assignment(level="peek").describe()
    html = teacher_client.get(f"/children/{child.id}/assignment").get_data(as_text=True)
    assert 'data-levels="peek outside_peek standard"' in html  # from Level.options()
    assert "js/level-options.js" in html
    page = teacher_client.get(f"/children/{child.id}").get_data(as_text=True)
    assert "Power cards: on" not in page  # a new child at Ultra-Peek


def test_the_watch_page_says_at_the_table_only_once_the_child_opened_it(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    watch = f"/tables/{table_id}/watch"
    before = teacher_client.get(watch).get_data(as_text=True)
    assert f"{child.display_name}: seated, but has not opened the table yet." in before
    child_client = app.test_client()
    sign_in_child(child_client, child)
    assert child_client.get(f"/play/tables/{table_id}").status_code == 200
    after = teacher_client.get(watch).get_data(as_text=True)
    assert f"{child.display_name}: at the table." in after


def test_the_watch_page_of_a_finished_game_says_who_played_not_who_is_there(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    from tests.web.helpers.tables import child_client as tablet
    from tests.web.helpers.tables import play_to_end

    table_id = start_table(app, [child], ["solid"])
    kid = tablet(app, child)
    assert kid.get(f"/play/tables/{table_id}").status_code == 200
    play_to_end(app, {0: kid}, table_id)
    html = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert "Who played" in html and "Who is at the table" not in html
    assert f"{child.display_name}: played to the end." in html
    assert f"{child.display_name}: at the table." not in html
    # The way out is the class's card tables.
    assert "Back to card tables" in html and "Back home" not in html


def test_the_watch_page_says_a_stopped_game_was_stopped(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    """A game the teacher ended: nobody "played to the end", and the page does not speak to
    the teacher as to a child ("Your teacher ended this game")."""
    from tests.web.helpers.tables import child_client as tablet

    table_id = start_table(app, [child], ["solid"])
    assert tablet(app, child).get(f"/play/tables/{table_id}").status_code == 200
    assert teacher_client.post(f"/tables/{table_id}/stop").status_code == 302
    html = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert f"{child.display_name}: played until the game was stopped." in html
    assert "played to the end" not in html
    assert "This game was stopped before its end." in html
    assert "Your teacher ended this game." not in html


def series_words_of(html: str) -> str:
    """The words of the watch page's "The game so far" (the section, tags dropped)."""
    import re

    found = re.search(r'<section class="series-so-far".*?</section>', html, re.S)
    assert found is not None, "no The game so far section"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(0)).split())


def test_the_watch_page_of_a_series_says_the_round_and_the_scores_so_far(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    """A game of 3 rounds in its second: "Round 2 of 3", and each seat's round-1 score and total
    (the engine's); once over, how many rounds and who won. A one-round game has no such
    section, and a child's page never has it."""
    from classroom.game import Game
    from tests.web.helpers.tables import child_client as tablet
    from tests.web.helpers.tables import game, play_to_end, snapshot

    class InRoundTwo(Exception):
        pass

    def stop_in_round_two(version: int, status: str) -> None:
        if status == "playing" and Game.from_dict(snapshot(app, table_id)[2]).round_number == 2:
            raise InRoundTwo

    table_id = start_table(app, [child], ["solid", "beginner"], rounds=3)
    kid = tablet(app, child)
    with contextlib.suppress(InRoundTwo):
        play_to_end(app, {0: kid}, table_id, seed=1, on_step=stop_in_round_two)
    scores = game(app, table_id).score_history[0]
    words = series_words_of(teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True))
    assert words.startswith("The game so far Round 2 of 3 ")
    assert "Player Round 1 Total" in words and "Round 2 Total" not in words
    for name, score in zip((child.display_name, "Tabby", "Kitten"), scores, strict=True):
        assert f"{name} {score} {score}" in words  # after one round, the total is its score
    assert "series-so-far" not in kid.get(f"/play/tables/{table_id}").get_data(as_text=True)

    play_to_end(app, {0: kid}, table_id, seed=2)
    finished = game(app, table_id)
    words = series_words_of(teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True))
    assert "The game is over after 3 rounds." in words and "won." in words
    for name, s in zip((child.display_name, "Tabby", "Kitten"), range(3), strict=True):
        rounds = " ".join(str(r[s]) for r in finished.score_history)
        assert f"{name} {rounds} {finished.totals[s]}" in words
        assert sum(r[s] or 0 for r in finished.score_history) == finished.totals[s]

    one = start_table(app, [child], ["solid"])
    assert "series-so-far" not in teacher_client.get(f"/tables/{one}/watch").get_data(as_text=True)


def test_the_series_words_follow_the_way_the_game_ends() -> None:
    """RULES.md R12 in the teacher's words: rounds, a points limit (either ending). "Until the
    bell" is rounds the teacher ends by hand: a table is never set to the engine's Series.BELL."""
    from classroom.game import LimitEnding, Options, Series
    from classroom.seatview.board import series_words

    assert series_words(Options(), 1) == ""
    assert series_words(Options(rounds=3), 2) == "Round 2 of 3"
    limit = Options(series=Series.LIMIT, limit=50)
    assert series_words(limit, 4) == (
        "Round 4, to 50 points: a player whose total reaches 50 points is out; "
        "the last one left wins."
    )
    first = Options(series=Series.LIMIT, limit_ending=LimitEnding.FIRST_TO_LIMIT)
    assert series_words(first, 2) == (
        "Round 2, to 100 points: the game ends when a player's total reaches 100 points."
    )
