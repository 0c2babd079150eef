"""Levels and options for a child, a group or the whole class, and their history."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.assignments import DEFAULT_ASSIGNMENT, Assignment, describe_change
from classroom.extensions import db
from classroom.models import AssignmentChange, Child
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    assignment_form,
    fetch,
    sign_in_teacher,
)


def history(app: Flask, child_id: int) -> list[AssignmentChange]:
    with app.app_context():
        rows = db.session.scalars(
            select(AssignmentChange)
            .where(AssignmentChange.child_id == child_id)
            .order_by(AssignmentChange.id)
        ).all()
        for row in rows:
            db.session.expunge(row)
        return list(rows)


def test_new_children_start_at_ultra_peek_with_cube_bars(app: Flask, child: MadeChild) -> None:
    row = fetch(app, Child, child.id)
    assert Assignment.of(row) == DEFAULT_ASSIGNMENT
    assert DEFAULT_ASSIGNMENT.level == "ultra_peek"
    assert DEFAULT_ASSIGNMENT.scoring == "cubes"
    [first] = history(app, child.id)
    assert first.before is None
    assert first.reason == "Added to the class"


def test_change_one_child(
    app: Flask, teacher_client: FlaskClient, teacher: MadeTeacher, child: MadeChild
) -> None:
    form = teacher_client.get(f"/children/{child.id}/assignment").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*value="ultra_peek"', form)
    response = teacher_client.post(
        f"/children/{child.id}/assignment",
        data=assignment_form(
            level="outside_peek",
            power_cards="",
            scoring="cubes_and_total",
            series_end="limit",
            points_limit="60",
            limit_ending="first_to_limit",
            computer_players=["strong"],
            reason="Remembers her outside cards.",
        ),
    )
    assert response.status_code == 302
    row = fetch(app, Child, child.id)
    assert Assignment.of(row) == Assignment(
        level="outside_peek",
        power_cards=False,
        scoring="cubes_and_total",
        series_end="limit",
        points_limit=60,
        limit_ending="first_to_limit",
        computer_players=("strong",),
    )
    change = history(app, child.id)[-1]
    assert change.changed_by_id == teacher.id
    assert change.changed_by_name == teacher.name
    assert change.before == DEFAULT_ASSIGNMENT.as_dict()
    assert change.after["level"] == "outside_peek"
    assert change.reason == "Remembers her outside cards."
    page = teacher_client.get(f"/children/{child.id}").get_data(as_text=True)
    assert "Level: Ultra-Peek → Outside Peek" in page
    assert "Why: Remembers her outside cards." in page


def test_saving_the_same_assignment_adds_no_history(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    teacher_client.post(f"/children/{child.id}/assignment", data=assignment_form())
    assert len(history(app, child.id)) == 1


def test_describe_change_names_only_what_changed() -> None:
    before = DEFAULT_ASSIGNMENT.as_dict()
    after = Assignment(level="peek", computer_players=("beginner", "solid")).as_dict()
    assert describe_change(before, after) == ["Level: Ultra-Peek → Peek"]


def test_bad_assignment_input_is_400_and_changes_nothing(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    url = f"/children/{child.id}/assignment"
    for changes in (
        {"level": "expert"},
        {"scoring": "abacus"},
        {"series_end": "forever"},
        {"rounds": "0"},
        {"rounds": "twenty"},
        {"rounds": "21"},
        {"points_limit": "5"},
        {"points_limit": "1e9"},
        {"limit_ending": "sudden"},
        {"computer_players": ["beginner", "grandmaster"]},
        {"reason": "x" * 301},
    ):
        response = teacher_client.post(url, data=assignment_form(**changes))
        assert response.status_code == 400, changes
        assert 'class="error"' in response.get_data(as_text=True)
    assert len(history(app, child.id)) == 1


def test_assign_a_group(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> None:
    mia, noah, ava = (make_child(classroom, n) for n in ("Mia", "Noah", "Ava"))
    group = make_group(classroom, "Table 2", [mia, noah])
    response = teacher_client.post(
        f"/groups/{group.id}/assignment",  # type: ignore[attr-defined]
        data=assignment_form(level="peek", reason="Table 2 is ready."),
    )
    assert response.status_code == 302
    assert fetch(app, Child, mia.id).level == "peek"
    assert fetch(app, Child, noah.id).level == "peek"
    assert fetch(app, Child, ava.id).level == "ultra_peek"
    change = history(app, mia.id)[-1]
    assert change.via == "group Table 2"
    assert change.reason == "Table 2 is ready."


def test_assign_the_whole_class(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    children = [make_child(classroom, n) for n in ("Mia", "Noah", "Ava")]
    teacher_client.post(f"/children/{children[0].id}/archive")
    teacher_client.post(
        f"/classes/{classroom.id}/assignment", data=assignment_form(scoring="total")
    )
    assert fetch(app, Child, children[0].id).scoring == "cubes"  # archived: left alone
    assert [fetch(app, Child, c.id).scoring for c in children[1:]] == ["total", "total"]


def test_group_membership(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia, noah = make_child(classroom, "Mia"), make_child(classroom, "Noah")
    response = teacher_client.post(
        f"/classes/{classroom.id}/groups/new", data={"name": "Tuesday group", "members": [mia.id]}
    )
    assert response.status_code == 302
    group_url = response.headers["Location"]
    assert "Tuesday group" in teacher_client.get(f"/children/{mia.id}").get_data(as_text=True)
    teacher_client.post(group_url, data={"name": "Tuesday group", "members": [noah.id]})
    page = teacher_client.get(group_url).get_data(as_text=True)
    assert "Noah" in page
    duplicate = teacher_client.post(
        f"/classes/{classroom.id}/groups/new", data={"name": "Tuesday group"}
    )
    assert duplicate.status_code == 400
    assert "already has a group with that name" in duplicate.get_data(as_text=True)


def test_group_cannot_take_another_teachers_child(
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_teacher: Callable[..., MadeTeacher],
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
) -> None:
    stranger = make_child(make_class(make_teacher(), name="Elsewhere"), "Stranger")
    response = teacher_client.post(
        f"/classes/{classroom.id}/groups/new", data={"name": "Sneaky", "members": [stranger.id]}
    )
    assert response.status_code == 400
    garbage = teacher_client.post(
        f"/classes/{classroom.id}/groups/new", data={"name": "Sneaky", "members": ["abc"]}
    )
    assert garbage.status_code == 400


def test_co_teacher_changes_show_their_name(
    app: Flask,
    classroom: MadeClass,
    child: MadeChild,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    from classroom.models import ClassTeacher

    colleague = make_teacher(name="Mr Kim")
    with app.app_context():
        db.session.add(
            ClassTeacher(class_id=classroom.id, teacher_id=colleague.id, role="co_teacher")
        )
        db.session.commit()
    client = app.test_client()
    sign_in_teacher(client, colleague)
    client.post(f"/children/{child.id}/assignment", data=assignment_form(level="standard"))
    assert history(app, child.id)[-1].changed_by_name == "Mr Kim"


def test_think_aloud_is_on_at_ultra_peek_by_default() -> None:
    assert DEFAULT_ASSIGNMENT.think_aloud == "level"
    assert DEFAULT_ASSIGNMENT.thinks_aloud
    for level in ("peek", "outside_peek", "standard"):
        assert not Assignment(level=level).thinks_aloud
        assert Assignment(level=level, think_aloud="on").thinks_aloud
    assert not Assignment(think_aloud="off").thinks_aloud
    # A history row from before the option reads as the default.
    old = {k: v for k, v in DEFAULT_ASSIGNMENT.as_dict().items() if k != "think_aloud"}
    assert Assignment.from_dict(old) == DEFAULT_ASSIGNMENT


def test_think_aloud_in_the_form_and_the_history(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    url = f"/children/{child.id}/assignment"
    form = teacher_client.get(url).get_data(as_text=True)
    assert "Computer players think aloud" in form
    assert re.search(r'<input checked[^>]*name="think_aloud"[^>]*value="level"', form)
    response = teacher_client.post(
        url, data=assignment_form(level="peek", think_aloud="on", reason="Likes Tabby's words.")
    )
    assert response.status_code == 302
    row = fetch(app, Child, child.id)
    assert row.think_aloud == "on" and Assignment.of(row).thinks_aloud
    assert history(app, child.id)[-1].after["think_aloud"] == "on"
    page = teacher_client.get(f"/children/{child.id}").get_data(as_text=True)
    assert "Computer players think aloud: as the level suggests → on" in page
    form = teacher_client.get(url).get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="think_aloud"[^>]*value="on"', form)
    # Garbage is refused; a form without the field leaves the child's own.
    assert teacher_client.post(url, data=assignment_form(think_aloud="maybe")).status_code == 400
    assert fetch(app, Child, child.id).think_aloud == "on"
    without = assignment_form(level="peek")
    del without["think_aloud"]
    assert teacher_client.post(url, data=without).status_code == 302
    assert fetch(app, Child, child.id).think_aloud == "on"


def test_a_number_field_with_letters_gets_one_sentence_and_saves_nothing(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    """Letters in "Rounds per game" said "Not a valid integer value." and "Number must be
    between 1 and 20." at once (a review); now one sentence a teacher can act on, a 400,
    and the child's assignment unchanged. Out of range says the range in the field's words."""
    before = Assignment.of(fetch(app, Child, child.id))
    sent = teacher_client.post(
        f"/children/{child.id}/assignment", data=assignment_form(rounds="three")
    )
    page = sent.get_data(as_text=True)
    assert sent.status_code == 400
    assert "Type a whole number." in page
    assert "Not a valid integer value" not in page and "Number must be between" not in page
    assert Assignment.of(fetch(app, Child, child.id)) == before
    sent = teacher_client.post(
        f"/children/{child.id}/assignment", data=assignment_form(rounds="50")
    )
    assert sent.status_code == 400 and "From 1 to 20 rounds." in sent.get_data(as_text=True)
