"""Simulated history (classroom/progress/history.py, docs/progress.md) plays each child as their
assignment has them play: their way of adding up (only the counts it asks, recorded as a real
table records them), their engine options (power cards, rounds, a points limit) and their
computer players; the child page and the parent report follow."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.insights.choices import ChoiceKind
from classroom.models import Child, CountRow, DailyTally, RoundRow, Teacher
from classroom.progress.history import CLASSMATE, STORIES, fill_history, opponents, play_child
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_teacher
from tests.web.helpers.tables import child_client, play_to_end, set_level, start_table

START = datetime(2026, 9, 7, 9, 0, tzinfo=UTC)
SCORINGS = ("cubes", "total", "cubes_and_total")
# The tally keys an end-of-round count adds to (classroom/insights/tallies.py, count_counts).
POWER_CHOICES = (ChoiceKind.PEEK, ChoiceKind.SWAP, ChoiceKind.DRAW_2)
COUNT_KEYS = {"hint:cubes", "total", "total:off1", "total:err", "hint:total"}


def today() -> date:
    return datetime.now(UTC).date()


def count_keys(app: Flask, child_id: int) -> set[str]:
    """The kinds of count tallies a child has: "stack" for any cube bar, and COUNT_KEYS."""
    with app.app_context():
        keys = db.session.scalars(
            select(DailyTally.key).where(DailyTally.child_id == child_id).distinct()
        )
        return {"stack" if k.startswith("stack:") else k for k in keys} & (COUNT_KEYS | {"stack"})


def count_shapes(app: Flask, child_id: int) -> set[tuple[bool, bool]]:
    """What a child's count rows hold: any cube bar, a typed total (a hint only ever beside
    what it was about)."""
    with app.app_context():
        rows = db.session.scalars(select(CountRow).where(CountRow.child_id == child_id)).all()
        assert rows
        shapes = set()
        for row in rows:
            bars, typed = any(c is not None for c in row.cubes), row.typed_total is not None
            assert bars or not (row.cube_hint or row.corrected_by_hint)
            assert typed or not row.total_hint
            shapes.add((bars, typed))
        return shapes


def fill(app: Flask, classroom: MadeClass, children: list[MadeChild], games: int = 12) -> None:
    """Simulated weeks of play for the children, each with their stored assignment."""
    with app.app_context():
        rows = {
            c.id: c for c in db.session.scalars(select(Child).where(Child.class_id == classroom.id))
        }
        chosen = [(c.id, Assignment.of(rows[c.id])) for c in children]
        fill_history(classroom.id, chosen, end=today(), weeks=4, games=games)
        db.session.commit()


@pytest.mark.parametrize("scoring", SCORINGS)
def test_history_counts_as_a_real_table_does_for_each_way_of_adding_up(
    app: Flask,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
    scoring: str,
) -> None:
    """A child who adds up with cube bars only has no typed total; one who only types the
    total has no cube bar; the rows and tallies have the same kinds as a real table's for a
    child of the same way of adding up."""
    real = make_child(classroom, "Real R.")
    simulated = make_child(classroom, "Sim S.")
    for made in (real, simulated):
        set_level(app, made, "peek", scoring=scoring)
    table_id = start_table(app, [real], ["beginner"], rounds=3)
    play_to_end(app, {0: child_client(app, real)}, table_id, seed=3)
    fill(app, classroom, [simulated])

    typed = scoring in ("total", "cubes_and_total")
    cubes = scoring in ("cubes", "cubes_and_total")
    assert count_shapes(app, simulated.id) == {(cubes, typed)}
    assert count_shapes(app, simulated.id) == count_shapes(app, real.id)
    keys = count_keys(app, simulated.id)
    assert ("total" in keys) is typed and ("hint:total" in keys) is typed
    assert ("stack" in keys) is cubes and ("hint:cubes" in keys) is cubes
    assert keys == count_keys(app, real.id)


def test_a_child_who_miscounts_with_cubes_only_gets_cube_hints_and_no_total() -> None:
    """The miscounting story at cube bars only: its slips are cube bars (with their "count
    again"), never a typed total."""
    learns_to_count = next(s for s in STORIES if s.name == "learns to count")
    moments = [START + timedelta(days=i) for i in range(12)]
    played = play_child(1, Assignment(scoring="cubes"), learns_to_count, moments, seed=2)
    assert played.counts
    assert all(c.typed_total is None and not c.total_hint for c in played.counts)
    assert any(c.cube_hint for c in played.counts)
    typed_only = play_child(1, Assignment(scoring="total"), learns_to_count, moments, seed=2)
    assert all(set(c.cubes) == {None} and not c.cube_hint for c in typed_only.counts)
    assert not any(c.corrected_by_hint for c in typed_only.counts)
    assert any(c.total_hint for c in typed_only.counts)


def test_history_plays_the_assigned_options_and_computer_players() -> None:
    """Power cards off: no power card is ever in hand; 3 rounds: every game has three; a
    points limit: games go on past one round; only the allowed computer players sit in."""
    steady = STORIES[0]
    moments = [START + timedelta(days=i) for i in range(30)]
    no_powers = play_child(1, Assignment(level="peek", power_cards=False), steady, moments, 4)
    assert no_powers.choices
    assert not any(c.facts.kind in POWER_CHOICES for c in no_powers.choices)
    with_powers = play_child(1, Assignment(level="peek"), steady, moments, 4)
    assert any(c.facts.kind in POWER_CHOICES for c in with_powers.choices)

    three = play_child(1, Assignment(rounds=3), steady, moments, 4)
    per_game: dict[object, list[int]] = {}
    for result in three.rounds:
        per_game.setdefault(result.game_id, []).append(result.round_number)
    assert sorted(per_game.values()) == [[1, 2, 3]] * len(moments)

    limit = play_child(1, Assignment(series_end="limit", points_limit=40), steady, moments, 4)
    assert max(r.round_number for r in limit.rounds) > 1
    one = play_child(1, Assignment(), steady, moments, 4)
    assert {r.round_number for r in one.rounds} == {1}

    assert opponents(Assignment(computer_players=("strong",))) == ("strong",)
    assert opponents(Assignment(computer_players=("beginner", "solid"))) == ("beginner", "solid")
    # No computer player allowed: the child plays with classmates only; one stands in.
    assert opponents(Assignment(computer_players=())) == (CLASSMATE,)


def test_the_child_page_and_report_follow_the_way_of_adding_up(
    app: Flask,
    teacher_client: FlaskClient,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
) -> None:
    """A cube-bars child's page has no typed totals and their report does not say they add up
    four cards; a child who types totals has no cube bars."""
    cubes = make_child(classroom, "Cubes C.")
    typing = make_child(classroom, "Types T.")
    set_level(app, typing, "ultra_peek", scoring="total")
    fill(app, classroom, [cubes, typing], games=24)

    # (child, what their page and report say, what they must not say)
    cube_words = (
        "Cube bars right, all numbers",
        "counts out as many cubes as the number on a card",
    )
    typed_words = ("Totals typed exactly right", "adds up four cards to the right total")
    for made, said, unsaid in ((cubes, cube_words, typed_words), (typing, typed_words, cube_words)):
        page = teacher_client.get(f"/children/{made.id}/progress").get_data(as_text=True)
        report = text_of(teacher_client.get(f"/children/{made.id}/report").get_data(as_text=True))
        assert said[0] in page and unsaid[0] not in page
        assert said[1] in report and unsaid[1] not in report


def test_the_demo_class_history_follows_each_childs_assignment(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner
) -> None:
    """The reviewer's case: Ava T. adds up with cube bars only, so the demo gives her no typed
    total and her page and report say nothing of typing one; Theo A. types totals over three
    rounds a game; Lily W. plays to a points limit."""
    runner.invoke(args=["demo"])
    with app.app_context():
        children = {c.display_name: c for c in db.session.scalars(select(Child))}
        teacher = db.session.scalars(select(Teacher)).one()
        made = MadeTeacher(teacher.id, teacher.email, teacher.name, teacher.login_token)
        ava, theo, lily = children["Ava T."], children["Theo A."], children["Lily W."]
        assert ava.scoring == "cubes" and theo.scoring == "total"
        for child in children.values():
            rows = db.session.scalars(select(CountRow).where(CountRow.child_id == child.id))
            assignment = Assignment.of(child)
            for row in rows:
                assert (row.typed_total is not None) is assignment.types_total
                assert any(c is not None for c in row.cubes) is assignment.counts_cubes or (
                    not any(row.numerals)  # a line of four 0s gets no cube
                )
        ids = ava.id, theo.id
        lily_rounds = db.session.scalars(
            select(RoundRow.round_number).where(RoundRow.child_id == lily.id)
        ).all()
        assert max(lily_rounds) > 1  # to 50 points: games of several rounds
    sign_in_teacher(client, made)
    page = client.get(f"/children/{ids[0]}/progress").get_data(as_text=True)
    assert "Totals typed exactly right" not in page
    report = text_of(client.get(f"/children/{ids[0]}/report").get_data(as_text=True))
    assert "adds up four cards" not in report
    page = client.get(f"/children/{ids[1]}/progress").get_data(as_text=True)
    assert "Cube bars right, all numbers" not in page and "Totals typed exactly right" in page
    assert count_keys(app, ids[0]) == {"stack", "hint:cubes"}


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())
