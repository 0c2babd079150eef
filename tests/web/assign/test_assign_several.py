"""Setting a group or the whole class: children who differ keep every setting the teacher did
not change (classroom/assign/mixed.py)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.assign.mixed import most_common, read_shown, shown_text, touched
from classroom.assignments import DEFAULT_ASSIGNMENT, Assignment, assign
from classroom.extensions import db
from classroom.models import AssignmentChange, Child, Teacher
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, assignment_form, fetch

FINN = Assignment(level="ultra_peek", scoring="cubes", rounds=1)
THEO = Assignment(level="standard", scoring="total", series_end="limit", points_limit=100)
PEEK = Assignment(level="peek", scoring="cubes_and_total", rounds=2)


def set_up(app: Flask, teacher: MadeTeacher, children: list[tuple[MadeChild, Assignment]]) -> None:
    """Give each child their own assignment, as earlier saves would have."""
    with app.app_context():
        who = db.session.get(Teacher, teacher.id)
        assert who is not None
        for made, assignment in children:
            row = db.session.get(Child, made.id)
            assert row is not None
            assign([row], assignment, who, "set up")
        db.session.commit()


@pytest.fixture
def tuesday(
    app: Flask,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> tuple[int, dict[str, MadeChild]]:
    """Finn at Ultra-Peek, Theo at Standard and three children at Peek, in one group."""
    names = ("Finn", "Theo", "Ava", "Mia", "Noah")
    kids = {name: make_child(classroom, name) for name in names}
    set_up(
        app,
        teacher,
        [
            (kids["Finn"], FINN),
            (kids["Theo"], THEO),
            (kids["Ava"], PEEK),
            (kids["Mia"], PEEK),
            (kids["Noah"], PEEK),
        ],
    )
    group = make_group(classroom, "Tuesday group", list(kids.values()))
    return group.id, kids  # type: ignore[attr-defined]


def shown_on(page: str) -> str:
    found = re.search(r'name="shown"[^>]*value="([^"]*)"', page) or re.search(
        r'value="([^"]*)"[^>]*name="shown"', page
    )
    assert found, "the form keeps what it showed"
    return found.group(1).replace("&#34;", '"').replace("&quot;", '"')


def form_as_shown(page: str, **changes: object) -> dict[str, object]:
    """What the browser sends for this page with the given changes."""
    shown = read_shown(shown_on(page))
    assert shown is not None
    data = assignment_form(**{k: v for k, v in shown.as_dict().items() if k != "power_cards"})
    data["power_cards"] = "y" if shown.power_cards else ""
    data["rounds"], data["points_limit"] = str(shown.rounds), str(shown.points_limit)
    data["shown"] = shown_on(page)
    data.update(changes)
    return data


def test_the_form_says_where_the_children_differ(
    app: Flask, teacher_client: FlaskClient, tuesday: tuple[int, dict[str, MadeChild]]
) -> None:
    group_id, _ = tuesday
    page = teacher_client.get(f"/groups/{group_id}/assignment").get_data(as_text=True)
    level_note = re.search(r'data-setting="level">(.*?)</div>', page, re.S)
    assert level_note
    words = " ".join(level_note.group(1).split())
    assert "Not the same for everyone:" in words
    assert "Peek (Ava, Mia, Noah); Ultra-Peek (Finn); Standard (Theo)" in words
    assert "Give all 5 children the choice above" in words
    # Rounds are counted only for the children whose games end after a number of rounds:
    # Theo plays to a points limit, and his unused "1 round" was counted with Finn's.
    rounds_note = re.search(r'data-setting="rounds">(.*?)</div>', page, re.S)
    assert rounds_note
    assert "2 rounds (Ava, Mia, Noah); 1 round (Finn)" in " ".join(rounds_note.group(1).split())
    # The think-aloud setting is the same for all: no note there.
    assert 'data-setting="think_aloud"' not in page
    # The form shows the most common choice of each setting.
    assert re.search(r'<input checked[^>]*name="level"[^>]*value="peek"', page)


def test_changing_one_setting_for_a_group_changes_only_that(
    app: Flask, teacher_client: FlaskClient, tuesday: tuple[int, dict[str, MadeChild]]
) -> None:
    """The review's case: turning on "think aloud" for the Tuesday group moved Finn from
    Ultra-Peek to the form's Peek and Theo down from Standard."""
    group_id, kids = tuesday
    url = f"/groups/{group_id}/assignment"
    page = teacher_client.get(url).get_data(as_text=True)
    response = teacher_client.post(
        url, data=form_as_shown(page, think_aloud="on", reason="They like the words.")
    )
    assert response.status_code == 302
    after = {name: Assignment.of(fetch(app, Child, kid.id)) for name, kid in kids.items()}
    assert after["Finn"] == Assignment.from_dict(FINN.as_dict() | {"think_aloud": "on"})
    assert after["Theo"].level == "standard" and after["Theo"].series_end == "limit"
    assert after["Theo"].scoring == "total"
    assert after["Ava"] == Assignment.from_dict(PEEK.as_dict() | {"think_aloud": "on"})
    assert all(a.think_aloud == "on" for a in after.values())
    with app.app_context():
        finn_history = db.session.scalars(
            db.select(AssignmentChange)
            .where(AssignmentChange.child_id == kids["Finn"].id)
            .order_by(AssignmentChange.id)
        ).all()
        assert finn_history[-1].via == "group Tuesday group"
        assert finn_history[-1].before["level"] == finn_history[-1].after["level"] == "ultra_peek"


def test_the_flash_says_what_was_saved_for_whom(
    app: Flask, teacher_client: FlaskClient, tuesday: tuple[int, dict[str, MadeChild]]
) -> None:
    group_id, _ = tuesday
    url = f"/groups/{group_id}/assignment"
    page = teacher_client.get(url).get_data(as_text=True)
    saved = teacher_client.post(url, data=form_as_shown(page, rounds="3"), follow_redirects=True)
    text = " ".join(saved.get_data(as_text=True).split())
    assert "Saved for 5 of 5 children (rounds per game); the rest of their settings kept." in text
    again = teacher_client.get(url).get_data(as_text=True)
    nothing = teacher_client.post(url, data=form_as_shown(again), follow_redirects=True)
    assert "Nothing changed: no choice was changed." in nothing.get_data(as_text=True)


def test_ticking_same_for_all_gives_everyone_the_choice_shown(
    app: Flask, teacher_client: FlaskClient, tuesday: tuple[int, dict[str, MadeChild]]
) -> None:
    group_id, kids = tuesday
    url = f"/groups/{group_id}/assignment"
    page = teacher_client.get(url).get_data(as_text=True)
    response = teacher_client.post(url, data=form_as_shown(page, same_for_all=["level"]))
    assert response.status_code == 302
    levels = {name: fetch(app, Child, kid.id).level for name, kid in kids.items()}
    assert set(levels.values()) == {"peek"}
    # Only the level: Theo still plays to 100 points and types his total.
    theo = Assignment.of(fetch(app, Child, kids["Theo"].id))
    assert theo.series_end == "limit" and theo.scoring == "total"


def test_a_form_that_does_not_say_what_it_showed_saves_nothing(
    app: Flask, teacher_client: FlaskClient, tuesday: tuple[int, dict[str, MadeChild]]
) -> None:
    group_id, kids = tuesday
    url = f"/groups/{group_id}/assignment"
    for shown in (None, "", "{", "[]", '{"level": "expert"}', shown_text(FINN)[:-5] + "}"):
        data = assignment_form(level="standard")
        if shown is None:
            del data["shown"]
        else:
            data["shown"] = shown
        response = teacher_client.post(url, data=data)
        assert response.status_code == 400, shown
        assert "This page was out of date, so nothing was saved." in response.get_data(as_text=True)
    assert fetch(app, Child, kids["Finn"].id).level == "ultra_peek"
    assert fetch(app, Child, kids["Ava"].id).level == "peek"
    garbage = teacher_client.post(url, data=assignment_form(same_for_all=["everything"]))
    assert garbage.status_code == 400


def test_a_stale_page_keeps_a_colleagues_change(
    app: Flask,
    teacher: MadeTeacher,
    teacher_client: FlaskClient,
    child: MadeChild,
) -> None:
    """One child's page left open while a colleague changed the scoring: saving the level
    from the old page keeps the colleague's scoring."""
    url = f"/children/{child.id}/assignment"
    page = teacher_client.get(url).get_data(as_text=True)
    set_up(app, teacher, [(child, Assignment(scoring="total"))])
    response = teacher_client.post(url, data=form_as_shown(page, level="peek"))
    assert response.status_code == 302
    now = Assignment.of(fetch(app, Child, child.id))
    assert (now.level, now.scoring) == ("peek", "total")


def test_touched_and_most_common() -> None:
    """The two rules on their own: a setting is changed when the teacher changed it or ticked
    its box; the form shows each setting's most common value."""
    sent = Assignment(level="peek", computer_players=("solid", "beginner"))
    assert touched(DEFAULT_ASSIGNMENT, sent, ()) == ["level"]
    assert touched(DEFAULT_ASSIGNMENT, DEFAULT_ASSIGNMENT, ["rounds"]) == ["rounds"]
    assert touched(DEFAULT_ASSIGNMENT, DEFAULT_ASSIGNMENT, ()) == []
    assert read_shown(shown_text(THEO)) == THEO
    assert read_shown('{"level": 1}') is None
    assert most_common([], DEFAULT_ASSIGNMENT) == DEFAULT_ASSIGNMENT
