"""The number check's pages (docs/number_check.md): the teacher gives it, the child does it one
item at a time without JavaScript (plain forms, the line an image input), can stop and come
back, and the answers are kept, deleted with the child, shown and exported."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from classroom.check.child import LINE_IMAGE
from classroom.extensions import db
from classroom.insights.number_check import NUMBER_NAMES, ItemKind, make_check
from classroom.models import NumberCheck, NumberCheckAnswer
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    sign_in_child,
    sign_in_teacher,
)
from tests.web.helpers.check import give


def the_check(app: Flask, child: MadeChild) -> NumberCheck:
    with app.app_context():
        check = db.session.scalar(select(NumberCheck).where(NumberCheck.child_id == child.id))
        assert check is not None
        db.session.expunge(check)
        return check


def x_for(place: float, line_max: int = 10) -> int:
    """The picture's x of a place on the line."""
    return round(LINE_IMAGE.start + place / line_max * (LINE_IMAGE.end - LINE_IMAGE.start))


def answer_item(
    client: FlaskClient, check: NumberCheck, number: int, kind: ItemKind, value: float
) -> int:
    """Answer one item as a page without JavaScript sends it; the status of the answer."""
    data: dict[str, object] = {"item": str(number)}
    if kind is ItemKind.LINE:
        data |= {"tap.x": str(x_for(value, check.line_max)), "tap.y": "80"}
    else:
        data["answer"] = str(int(value))
    response = client.post(f"/me/check/{check.id}/answer", data=data)
    return response.status_code


def do_the_check(client: FlaskClient, check: NumberCheck, upto: int | None = None) -> None:
    """A child who places every numeral right and picks right (up to item `upto`)."""
    client.post(f"/me/check/{check.id}/start")
    for item in make_check(check.seed, check.line_max)[:upto]:
        assert answer_item(client, check, item.number, item.kind, item.target) == 302


def test_the_teacher_gives_the_check_and_the_child_sees_it_at_home(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    client: FlaskClient,
) -> None:
    page = give(teacher_client, classroom)
    assert "The number check is on the home page of: Mia K." in page
    assert "Mia K.." not in page  # the initial's period ends the sentence
    child_client = app.test_client()
    sign_in_child(child_client, child)
    home = child_client.get("/me").get_data(as_text=True)
    check = the_check(app, child)
    assert f'href="/me/check/{check.id}"' in home
    assert "A number game for you" in home
    # The speaker tells a child who cannot read it what the star button is.
    assert "Your teacher has a number game for you: tap the star." in home


def test_a_whole_check_without_javascript(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    give(teacher_client, classroom)
    check = the_check(app, child)
    client = app.test_client()
    sign_in_child(client, child)
    start = client.get(f"/me/check/{check.id}").get_data(as_text=True)
    assert "A number game!" in start
    assert f'action="/me/check/{check.id}/start"' in start
    # A way back home from the start too, as from every item ("Stop for now").
    assert re.search(r'class="check-stop"><a class="button secondary" href="/me">', start)
    client.post(f"/me/check/{check.id}/start")
    items = make_check(check.seed, check.line_max)
    for item in items:
        page = client.get(f"/me/check/{check.id}").get_data(as_text=True)
        assert f'name="item" value="{item.number}"' in page
        if item.kind is ItemKind.LINE:
            assert 'type="image" name="tap"' in page
            assert f'Where does <span class="check-numeral">{item.target}</span> go?' in page
        elif item.kind is ItemKind.FIND:
            # The numeral to find is heard, not shown as the task.
            assert "Find the number you hear." in page
            for numeral in item.choices:
                assert f'name="answer" value="{numeral}"' in page
            # Nor shown to read for the grown-up a device with no sound needs: as a word,
            # or a child could match the written numeral to its button.
            grown_up = page.split('class="for-grown-up"', 1)[1].split("</details>", 1)[0]
            text = re.sub(r"<[^>]+>", " ", grown_up)
            assert not re.search(r"\d", text), text
            assert f"Find {NUMBER_NAMES[item.target]}." in page
        # No score anywhere on the child's pages.
        assert "right" not in re.sub(r"<[^>]+>", "", page).lower()
        value = item.target if item.kind is not ItemKind.COMPARE else min(item.choices)
        assert answer_item(client, check, item.number, item.kind, value) == 302
    thanks = client.get(f"/me/check/{check.id}").get_data(as_text=True)
    assert "Thank you!" in thanks
    with app.app_context():
        rows = db.session.scalars(
            select(NumberCheckAnswer).order_by(NumberCheckAnswer.item_number)
        ).all()
        assert len(rows) == len(items)
        line = [r for r in rows if r.kind == "line"]
        assert all(abs(r.response - r.target) < 0.02 for r in line)
        assert all(r.correct is False for r in rows if r.kind == "compare")
        assert all(r.correct is True for r in rows if r.kind == "find")
        done = db.session.get(NumberCheck, check.id)
        assert done is not None and done.finished_at is not None
    # The home page no longer offers it.
    assert "A number game for you" not in client.get("/me").get_data(as_text=True)


def test_stop_and_come_back_to_the_same_item(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    give(teacher_client, classroom)
    check = the_check(app, child)
    client = app.test_client()
    sign_in_child(client, child)
    do_the_check(client, check, upto=4)
    # The child signs out, and comes back on another tablet.
    again = app.test_client()
    sign_in_child(again, child)
    assert "Back to the number game" in again.get("/me").get_data(as_text=True)
    page = again.get(f"/me/check/{check.id}").get_data(as_text=True)
    assert 'name="item" value="4"' in page
    # A late tap on an answered item (the back button) records nothing.
    assert answer_item(again, check, 2, ItemKind.LINE, 1) == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(NumberCheckAnswer)) == 4


def test_a_keyboard_press_on_the_line_is_not_a_place(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    give(teacher_client, classroom)
    check = the_check(app, child)
    client = app.test_client()
    sign_in_child(client, child)
    client.post(f"/me/check/{check.id}/start")
    for data in (
        {"item": "0", "tap.x": "0", "tap.y": "0"},
        {"item": "0", "line_x": "", "tap.x": "0", "tap.y": "0"},
        {"item": "0", "tap.x": "nonsense", "tap.y": "3"},
        {"item": "0", "line_x": "9000"},
        {"item": "0"},
    ):
        response = client.post(f"/me/check/{check.id}/answer", data=data)
        assert response.status_code == 400
        assert "Tap on the line where the number goes." in response.get_data(as_text=True)
    # Beyond an end counts as the end; check.js's exact x is used when sent.
    assert (
        client.post(
            f"/me/check/{check.id}/answer", data={"item": "0", "tap.x": "690", "tap.y": "20"}
        ).status_code
        == 302
    )
    assert (
        client.post(
            f"/me/check/{check.id}/answer",
            data={"item": "1", "line_x": "350.0", "tap.x": "0", "tap.y": "0"},
        ).status_code
        == 302
    )
    with app.app_context():
        places = db.session.scalars(
            select(NumberCheckAnswer.response).order_by(NumberCheckAnswer.item_number)
        ).all()
        assert places == [10.0, 5.0]


def test_a_numeral_not_shown_is_refused(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    give(teacher_client, classroom)
    check = the_check(app, child)
    client = app.test_client()
    sign_in_child(client, child)
    items = make_check(check.seed, check.line_max)
    do_the_check(client, check, upto=9)
    pair = items[9]
    assert pair.kind is ItemKind.COMPARE
    wrong = next(n for n in range(10) if n not in pair.choices)
    for value in (str(wrong), "x", ""):
        response = client.post(f"/me/check/{check.id}/answer", data={"item": "9", "answer": value})
        assert response.status_code == 400
        assert "Tap one of the numbers." in response.get_data(as_text=True)


def test_csrf_an_expired_page_brings_the_same_item_again(
    make_app: Callable[..., Flask],
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    with app.app_context():
        check = NumberCheck(child_id=child.id, class_id=classroom.id, seed=4, line_max=10)
        db.session.add(check)
        db.session.commit()
        check_id = check.id
    client = app.test_client()
    sign_in_child(client, child)
    response = client.post(f"/me/check/{check_id}/start", data={})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/me/check/{check_id}"
    page = client.get(f"/me/check/{check_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    assert (
        client.post(f"/me/check/{check_id}/start", data={"csrf_token": token.group(1)}).status_code
        == 302
    )
    with app.app_context():
        started = db.session.get(NumberCheck, check_id)
        assert started is not None and started.started_at is not None
    # An answer without its token is not recorded: the same item comes again.
    response = client.post(f"/me/check/{check_id}/answer", data={"item": "0", "tap.x": "350"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/me/check/{check_id}"
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(NumberCheckAnswer)) == 0
    data = {"item": "0", "tap.x": "350", "tap.y": "80", "csrf_token": token.group(1)}
    assert client.post(f"/me/check/{check_id}/answer", data=data).status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(NumberCheckAnswer)) == 1


def test_another_childs_check_is_404(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia, noah = make_child(classroom, "Mia"), make_child(classroom, "Noah")
    give(teacher_client, classroom)
    check = the_check(app, mia)
    client = app.test_client()
    sign_in_child(client, noah)
    assert client.get(f"/me/check/{check.id}").status_code == 404
    assert client.post(f"/me/check/{check.id}/answer", data={"item": "0"}).status_code == 404
    assert client.get("/me/check/99999").status_code == 404


def test_at_most_once_in_the_teachers_time(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> None:
    mia, noah = make_child(classroom, "Mia"), make_child(classroom, "Noah")
    make_group(classroom, "Table 2", [noah])
    page = give(teacher_client, classroom, who=f"child-{mia.id}", line_max="20", every_days="14")
    assert "on the home page of: Mia." in page
    assert the_check(app, mia).line_max == 20
    # An unfinished check: no second one.
    page = give(teacher_client, classroom, who=f"child-{mia.id}", every_days="14")
    assert "Not given to Mia: a check is still to finish." in page
    client = app.test_client()
    sign_in_child(client, mia)
    do_the_check(client, the_check(app, mia))
    # Finished today: the next one only after 14 days.
    page = give(teacher_client, classroom, every_days="14")
    assert "on the home page of: Noah." in page
    in_two_weeks = datetime.now(UTC) + timedelta(days=14)
    assert f"Not given to Mia (from {in_two_weeks:%-d %b}): a check was given less than 14" in page
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(NumberCheck)) == 2
        noah_check = db.session.scalar(select(NumberCheck).where(NumberCheck.child_id == noah.id))
        assert noah_check is not None and noah_check.via == "whole class"
    # The class's settings are kept for the next time.
    page = teacher_client.get(f"/classes/{classroom.id}/number-check").get_data(as_text=True)
    assert re.search(r"<option selected value=\"14\">", page), re.findall(r"<option[^>]*>", page)


def test_the_group_choice_gives_it_to_the_group(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> None:
    mia, noah = make_child(classroom, "Mia"), make_child(classroom, "Noah")
    group = make_group(classroom, "Table 2", [noah])
    page = give(teacher_client, classroom, who=f"group-{group.id}")  # type: ignore[attr-defined]
    assert "on the home page of: Noah." in page
    with app.app_context():
        assert db.session.scalar(select(NumberCheck).where(NumberCheck.child_id == mia.id)) is None


def test_the_wrong_teacher_gets_404(
    app: Flask,
    make_teacher: Callable[..., MadeTeacher],
    classroom: MadeClass,
    child: MadeChild,
    teacher_client: FlaskClient,
) -> None:
    give(teacher_client, classroom)
    other = app.test_client()
    sign_in_teacher(other, make_teacher())
    for path in (
        f"/classes/{classroom.id}/number-check",
        f"/classes/{classroom.id}/export/number-check.csv",
    ):
        assert other.get(path).status_code == 404
    response = other.post(
        f"/classes/{classroom.id}/number-check",
        data={"who": "class", "line_max": "10", "every_days": "7"},
    )
    assert response.status_code == 404
    assert the_check(app, child).id  # still only the one check


def test_bad_form_values_are_a_400_not_a_500(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    for data in (
        {"who": "class", "line_max": "100", "every_days": "7"},
        {"who": "class", "line_max": "10", "every_days": "1"},
        {"who": "somebody", "line_max": "10", "every_days": "7"},
    ):
        response = teacher_client.post(f"/classes/{classroom.id}/number-check", data=data)
        assert response.status_code == 400


def test_csv_of_every_item_answered(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    give(teacher_client, classroom)
    check = the_check(app, child)
    client = app.test_client()
    sign_in_child(client, child)
    do_the_check(client, check, upto=12)
    response = teacher_client.get(f"/classes/{classroom.id}/export/number-check.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    body = response.get_data(as_text=True)
    assert body.startswith("\ufeff")  # the byte-order mark, as every CSV of the app
    rows = list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))
    assert len(rows) == 12
    first = rows[0]
    assert first["child"] == "Mia K."
    assert first["task"] == "line"
    assert first["item_number"] == "1"
    assert float(first["answer"]) == pytest.approx(float(first["numeral"]), abs=0.02)
    assert first["correct"] == ""
    pair = rows[9]
    assert pair["task"] == "compare"
    assert pair["correct"] == "1"
    assert len(pair["shown"].split()) == 2
    # Every column is on the column guide page.
    guide = teacher_client.get("/exports/guide").get_data(as_text=True)
    for column in rows[0]:
        assert f"<code>{column}</code>" in guide


def test_the_checks_go_with_the_child(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    give(teacher_client, classroom)
    client = app.test_client()
    sign_in_child(client, child)
    do_the_check(client, the_check(app, child), upto=5)
    assert teacher_client.post(f"/children/{child.id}/delete").status_code == 302
    with app.app_context():
        for model in (NumberCheck, NumberCheckAnswer):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0


def test_the_demos_answers_are_dated_within_their_check(
    app: Flask, classroom: MadeClass, child: MadeChild
) -> None:
    """A simulated check from weeks ago has its answers from then, not from when the demo
    was made (the CSV's answered_at showed today for a check from September)."""
    from classroom.check.demo import write_check
    from classroom.insights.check_children import CheckHabit

    when = datetime(2026, 9, 28, 9, 30, tzinfo=UTC)
    with app.app_context():
        write_check(classroom.id, child.id, 7, CheckHabit.LINEAR, 0.5, when)
        db.session.commit()
        check = db.session.scalar(select(NumberCheck).where(NumberCheck.child_id == child.id))
        assert check is not None
        times = [
            a.created_at.replace(tzinfo=None)
            for a in db.session.scalars(
                select(NumberCheckAnswer)
                .where(NumberCheckAnswer.check_id == check.id)
                .order_by(NumberCheckAnswer.item_number)
            )
        ]
        assert times and times == sorted(times)
        assert check.started_at.replace(tzinfo=None) == times[0]
        assert check.finished_at.replace(tzinfo=None) == times[-1] == when.replace(tzinfo=None)


def test_the_line_a_class_starts_with_follows_its_grade(
    teacher_client: FlaskClient, teacher: MadeTeacher, make_class: Callable[..., MadeClass]
) -> None:
    """The 0-20 line is labelled for first grade on: a first-grade class's form starts on it,
    a kindergarten (or mixed ages) on 0-10 (a Grade 1 class is not offered 0 to 10 beside
    "0 to 20 (first grade ...)"); once given, the class's own choice is kept."""
    checked = re.compile(
        r'<input[^>]*checked[^>]*value="(\d+)"|<input[^>]*value="(\d+)"[^>]*checked'
    )

    def line_of(classroom: MadeClass) -> str:
        page = teacher_client.get(f"/classes/{classroom.id}/number-check").get_data(as_text=True)
        found = [a or b for a, b in checked.findall(page)]
        assert "0 to 20 (from first grade: ten numerals, up to 18)" in page
        return found[0]

    first = make_class(teacher, "Room 1", grade="Grade 1")
    assert line_of(first) == "20"
    for grade in ("Kindergarten", "Mixed ages"):
        assert line_of(make_class(teacher, grade, grade=grade)) == "10"
    give(teacher_client, first, line_max="10")
    assert line_of(first) == "10"  # the teacher's choice, kept
