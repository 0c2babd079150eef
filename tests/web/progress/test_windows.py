"""One window per page (docs/dashboards.md, "One window per page"): play built on chosen days
and read back from the pages: flags say when they were last seen and fade, the next step never
says "move up" while a flag is active, and every figure keeps to the chosen range."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.simulate import play_game
from classroom.models import Classroom
from classroom.progress import DateRange, overview
from classroom.progress.history import write_recorded
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.windows import FIRST, LAST_SLIP_DAY, LEARNED_DAYS, SLIPPING_DAYS, play_days

TODAY = date(2026, 11, 20)


@pytest.fixture
def learner(app: Flask, classroom: MadeClass, child: MadeChild) -> MadeChild:
    play_days(app, classroom, child)
    return child


def overview_row(app: Flask, classroom: MadeClass, dates: DateRange):  # type: ignore[no-untyped-def]
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        (row,) = overview(room, dates, TODAY).rows
        return row


def test_a_flag_seen_in_the_range_is_active_and_says_when(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, learner: MadeChild
) -> None:
    slipping = DateRange(FIRST, LAST_SLIP_DAY)
    row = overview_row(app, classroom, slipping)
    (state,) = row.flags
    assert state.active and state.kind.value == "cat_versus_rat"
    assert state.last_seen is not None and FIRST <= state.last_seen <= LAST_SLIP_DAY
    assert row.next_step.move.value != "up"  # never "ready" beside an active flag
    url = f"/children/{learner.id}/progress?start={slipping.start}&end={slipping.end}"
    html = teacher_client.get(url).get_data(as_text=True)
    assert f"last seen {state.last_seen:%-d %b}" in html


def test_a_flag_whose_habit_has_gone_fades(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, learner: MadeChild
) -> None:
    whole = DateRange(FIRST, FIRST + timedelta(days=SLIPPING_DAYS + LEARNED_DAYS))
    row = overview_row(app, classroom, whole)
    (state,) = row.flags
    assert not state.active
    assert state.last_seen is not None and state.last_seen <= LAST_SLIP_DAY
    assert row.active_flags == ()
    args = f"start={whole.start}&end={whole.end}"
    html = teacher_client.get(f"/classes/{classroom.id}/overview?{args}").get_data(as_text=True)
    assert f"not seen since {state.last_seen:%-d %b}" in html
    assert "⚑ Flag</span>" not in html
    child_page = teacher_client.get(f"/children/{learner.id}/progress?{args}")
    assert "faded" in child_page.get_data(as_text=True)
    csv = teacher_client.get(f"/classes/{classroom.id}/export/summary.csv?{args}")
    assert f"faded, not seen since {state.last_seen.isoformat()}" in csv.get_data(as_text=True)


def test_the_next_step_and_trend_look_back_from_the_range_not_from_today(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, learner: MadeChild
) -> None:
    """A range in the past: the page says so at the top, and play after it changes nothing."""
    past = DateRange(FIRST, FIRST + timedelta(days=9))
    before = overview_row(app, classroom, past)
    recorded = play_game(
        HabitPlayer(Habit.CATS_ALIKE, "later"),
        "ultra_peek",
        seed=5,
        game_id="later",
        child_id=learner.id,
        start=datetime.combine(past.end + timedelta(days=1), time(10), tzinfo=UTC),
    )
    with app.app_context():
        write_recorded(recorded, classroom.id)
        db.session.commit()
    after = overview_row(app, classroom, past)
    assert after.summary == before.summary and after.next_step == before.next_step
    assert after.flags == before.flags
    html = teacher_client.get(
        f"/classes/{classroom.id}/overview?start={past.start}&end={past.end}"
    ).get_data(as_text=True)
    assert "Every figure on this page: <strong>5 Oct 2026 to 14 Oct 2026</strong>" in html
    assert "the 2 weeks up to 14 Oct" in html
    # The number check column is the one figure not of the range, and the top says so.
    assert (
        "the number check is each child's first check against their latest, whatever the dates"
        in html
    )
    assert "last 7 days" not in html
    assert before.summary.games == 10


def test_a_short_range_labels_the_next_step_with_its_own_window(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, learner: MadeChild
) -> None:
    """With a few days chosen, "not enough yet" beside "Move up" would read as a contradiction:
    the next step says which 2 weeks it looked at."""
    week = DateRange(FIRST + timedelta(days=21), FIRST + timedelta(days=25))
    html = teacher_client.get(
        f"/classes/{classroom.id}/overview?start={week.start}&end={week.end}"
    ).get_data(as_text=True)
    assert f"(2 weeks to {week.end:%-d %b})" in html
