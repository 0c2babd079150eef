"""The dashboards' data: daily tallies kept in the move's transaction, the same figures as the
recorded rows give, simulated history, the date range and today's activity."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.insights import ChildSummary, child_summary
from classroom.insights.measures import MIN_COMPARISONS
from classroom.insights.readiness import readiness_of
from classroom.insights.summary import trend
from classroom.insights.tallies import Sums, tally
from classroom.models import Child, ChoiceRow, Classroom, CountRow, DailyTally, LookRow, RoundRow
from classroom.progress import DateRange, activity_today, child_progress, overview
from classroom.progress.history import fill_history, school_days, stories
from classroom.progress.keep import rebuild
from classroom.progress.records import record_of
from tests.insights.factories import comparable
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.tables import play_to_end, set_level, start_table

END = date(2026, 11, 20)  # a Friday


def stored_tallies(app: Flask, class_id: int) -> dict[tuple[int, date, str, str], tuple[int, int]]:
    """Every stored tally of a class."""
    with app.app_context():
        rows = db.session.scalars(select(DailyTally).where(DailyTally.class_id == class_id))
        return {(t.child_id, t.day, t.level, t.key): (t.hits, t.chances) for t in rows}


def test_moves_at_a_table_keep_the_tallies_in_step_with_the_rows(
    app: Flask,
    client: FlaskClient,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
) -> None:
    """Every choice, look, count and round a child makes adds to the tallies as it is written;
    a rebuild from the rows gives exactly the same tallies."""
    child = make_child(classroom, "Mia K.")
    set_level(app, child, "peek", scoring="cubes_and_total")
    table_id = start_table(app, [child], ["beginner"], rounds=2)
    sign_in_child(client, child)
    play_to_end(app, {0: client}, table_id, seed=4)
    kept = stored_tallies(app, classroom.id)
    with app.app_context():
        choices = db.session.scalar(select(func.count()).select_from(ChoiceRow))
    assert kept[child.id, datetime.now(UTC).date(), "peek", "choice"][1] == choices > 0
    assert sum(n for (_, _, _, key), (_, n) in kept.items() if key == "round") == 2
    assert sum(n for (_, _, _, key), (_, n) in kept.items() if key == "game") == 1
    with app.app_context():
        rebuild(db.session, classroom.id)
        db.session.commit()
    assert stored_tallies(app, classroom.id) == kept


def test_a_failed_move_adds_nothing_to_the_tallies(
    app: Flask,
    client: FlaskClient,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
) -> None:
    """A stale move is refused and rolled back: no row and no tally is written."""
    child = make_child(classroom, "Mia K.")
    table_id = start_table(app, [child], ["beginner"])
    sign_in_child(client, child)
    before = stored_tallies(app, classroom.id)
    response = client.post(f"/play/tables/{table_id}/move", data={"version": "999", "kind": "draw"})
    assert 400 <= response.status_code < 500
    assert stored_tallies(app, classroom.id) == before


@pytest.fixture
def history(app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]) -> MadeClass:
    """Six children of every level and every way of adding up, with eight weeks of simulated
    play up to END."""
    levels = ["ultra_peek", "peek", "outside_peek", "standard", "ultra_peek", "peek"]
    scorings = ["cubes_and_total", "cubes", "total", "cubes_and_total", "total", "cubes"]
    made = [make_child(classroom, f"Child {i}") for i in range(len(levels))]
    for child, level, scoring in zip(made, levels, scorings, strict=True):
        set_level(app, child, level, scoring=scoring)
    with app.app_context():
        fill_history(classroom.id, assignments_of(made), end=END, weeks=8, games=30)
        db.session.commit()
    return classroom


def assignments_of(children: Sequence[MadeChild]) -> list[tuple[int, Assignment]]:
    """Each child's id and stored assignment, as `flask history` gives them (in an app
    context)."""
    rows = {
        c.id: c
        for c in db.session.scalars(select(Child).where(Child.id.in_([c.id for c in children])))
    }
    return [(c.id, Assignment.of(rows[c.id])) for c in children]


def same_now(summary: ChildSummary) -> ChildSummary:
    """A summary without what depends on games' tables or on the days up to today."""
    return replace(summary, games=0, games_this_week=0, trend=None, recommendation=None)  # type: ignore[arg-type]


def records_of(class_id: int, child_id: int, dates: DateRange) -> dict[str, list[object]]:
    """One child's rows of a range, as the insights' records."""

    def rows(model: type) -> list[object]:
        return list(
            db.session.scalars(
                select(model)
                .where(model.child_id == child_id)  # type: ignore[attr-defined]
                .where(model.created_at >= dates.since(), model.created_at < dates.until())  # type: ignore[attr-defined]
                .order_by(model.created_at, model.id)  # type: ignore[attr-defined]
            )
        )

    return {
        "choices": [record_of(row) for row in rows(ChoiceRow)],  # type: ignore[arg-type]
        "looks": [record_of(row) for row in rows(LookRow)],  # type: ignore[arg-type]
        "counts": [record_of(row) for row in rows(CountRow)],  # type: ignore[arg-type]
        "rounds": [record_of(row) for row in rows(RoundRow)],  # type: ignore[arg-type]
    }


@pytest.mark.parametrize("days", [7, 28, 56])
def test_the_overview_gives_what_the_rows_give(app: Flask, history: MadeClass, days: int) -> None:
    """Each child's summary from the database's sums equals the one from every row read."""
    dates = DateRange.last_days(END, days)
    with app.app_context():
        classroom = db.session.get(Classroom, history.id)
        assert classroom is not None
        found = overview(classroom, dates, END)
        assert len(found.rows) == 6
        for row in found.rows:
            recorded = records_of(history.id, row.child_id, dates)
            child = db.session.get(Child, row.child_id)
            assert child is not None
            expected = child_summary(child.level, **recorded, today=END)  # type: ignore[arg-type]
            assert comparable(same_now(row.summary)) == comparable(same_now(expected))
            # Simulated games sit at no table: a game is counted at its first round's end.
            firsts = [r for r in recorded["rounds"] if r.round_number == 1]  # type: ignore[attr-defined]
            assert row.summary.games == len(firsts)
            # The trend and the recommendation read the four weeks up to today.
            last = records_of(history.id, row.child_id, DateRange.last_days(END, 28))
            assert row.summary.trend == trend(last["choices"], END)  # type: ignore[arg-type]
            assert row.summary.recommendation == readiness_of(
                child.level,
                tally(last["choices"]),  # type: ignore[arg-type]
                today=END,
            )
        assert sum(c.chances for line in found.grid.cells for c in line) == sum(
            row.summary.accuracy.chances for row in found.rows
        )


@pytest.mark.parametrize("first, last", [(55, 40), (20, 6), (13, 9)])
def test_every_figure_of_a_chosen_range_uses_that_range(
    app: Flask, history: MadeClass, first: int, last: int
) -> None:
    """One window per page: for days chosen in the past, the figures are the range's rows,
    and the trend and the next step look back from the range's last day, never from today
    (play after the range changes nothing)."""
    dates = DateRange(END - timedelta(days=first), END - timedelta(days=last))
    with app.app_context():
        classroom = db.session.get(Classroom, history.id)
        assert classroom is not None
        found = overview(classroom, dates, END)
        for row in found.rows:
            child = db.session.get(Child, row.child_id)
            assert child is not None
            inside = records_of(history.id, row.child_id, dates)
            assert row.summary.accuracy == Sums.of(inside["choices"]).rate("cmp", MIN_COMPARISONS)  # type: ignore[arg-type]
            firsts = [r for r in inside["rounds"] if r.round_number == 1]  # type: ignore[attr-defined]
            assert row.summary.games == len(firsts)
            looked_back = records_of(history.id, row.child_id, DateRange.last_days(dates.end, 28))
            assert row.summary.trend == trend(looked_back["choices"], dates.end)  # type: ignore[arg-type]
            ready = readiness_of(child.level, tally(looked_back["choices"]), today=dates.end)  # type: ignore[arg-type]
            assert row.summary.recommendation == ready
            if not row.active_flags:
                assert row.next_step == ready


def test_a_child_page_has_weeks_slips_and_history(app: Flask, history: MadeClass) -> None:
    """Weekly points over the range (empty weeks too), slips counted per week, level history."""
    dates = DateRange(END - timedelta(days=62), END)
    with app.app_context():
        classroom = db.session.get(Classroom, history.id)
        assert classroom is not None
        child = classroom.active_children[1]
        page = child_progress(child, dates, END)
        assert [w.week for w in page.weeks][-1] == "2026-W47"
        assert sum(w.games for w in page.weeks) == 30
        # The range starts before the history: the charts start at the class's first game.
        assert page.weeks[0].games > 0
        assert page.summary.games == 30
        recorded = records_of(history.id, child.id, dates)
        expected = child_summary(child.level, **recorded, today=END)  # type: ignore[arg-type]
        assert comparable(same_now(page.summary)) == comparable(same_now(expected))
        slips = sum(s.count for s in page.slips)
        assert slips == sum(expected.by_distance[d].misses for d in expected.by_distance)
        # The levels were set today, after END: a page about the days up to END does not
        # tell them (issue 40), a page up to today does.
        assert page.history == []
        today = datetime.now(UTC).date()
        now = child_progress(child, DateRange(END - timedelta(days=62), today), today)
        assert [h.after["level"] for h in now.history][-1] == "ultra_peek"


def test_history_spreads_games_over_school_days(app: Flask, history: MadeClass) -> None:
    """Games fall on Monday to Friday of the eight weeks, in school hours."""
    assert len(school_days(END, 8)) == 39  # 8 weeks of 5 days, END itself left out
    with app.app_context():
        moments = db.session.scalars(select(RoundRow.created_at)).all()
    assert moments
    for when in moments:
        assert when.weekday() < 5
        assert 9 <= when.hour <= 15
        assert END - timedelta(weeks=8) < when.date() < END


def test_today_counts_choices_rounds_and_tables(
    app: Flask,
    client: FlaskClient,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
) -> None:
    """Today's panel: choices per child, rounds finished, the tables where a child chose today,
    and a table set up but not yet played apart (it is not "a game today")."""
    child = make_child(classroom, "Mia K.")
    other = make_child(classroom, "Noah B.")
    table_id = start_table(app, [child], ["beginner"])
    start_table(app, [other], ["beginner"])
    sign_in_child(client, child)
    play_to_end(app, {0: client}, table_id, seed=2)
    today = datetime.now(UTC).date()
    with app.app_context():
        found = activity_today(db.session.get(Classroom, classroom.id), today)  # type: ignore[arg-type]
        choices = db.session.scalar(select(func.count()).select_from(ChoiceRow))
    assert found.games == 1
    assert found.tables_playing == 1  # Noah's table (Mia's game is over)
    assert found.waiting == 1  # and no child has chosen at it yet
    assert found.per_child == {child.id: choices}
    assert found.choices == choices
    assert found.rounds == 1
    assert found.last_choice_at is not None


@pytest.mark.parametrize(
    ("start", "end", "message"),
    [
        ("2026-13-01", None, "Dates look like"),
        ("yesterday", None, "Dates look like"),
        ("2026-11-20", "2026-11-01", "first day must come before"),
        ("2024-01-01", "2026-11-20", "at most 400 days"),
        ("2026-11-21", None, "in the future: choose a first day up to today, 20 Nov 2026"),
        ("2026-12-01", "2027-01-01", "in the future"),
    ],
)
def test_a_bad_date_range_says_what_is_wrong(start: str, end: str | None, message: str) -> None:
    """Garbage, a backwards range or a very long one: a sentence, never a crash."""
    with pytest.raises(ValueError, match=message):
        DateRange.parse(start, end, END)


def test_an_end_after_today_means_up_to_today() -> None:
    """A range that runs past today is clipped to today, also before its length is judged."""
    assert DateRange.parse("2026-11-01", "2026-12-31", END) == DateRange(date(2026, 11, 1), END)
    assert DateRange.parse(None, "2027-06-01", END) == DateRange.last_days(END)
    assert DateRange.parse(END.isoformat(), "2099-12-31", END) == DateRange(END, END)
    assert DateRange.parse("2025-11-01", "2026-12-31", END).days == 385


def test_a_missing_date_means_the_last_four_weeks() -> None:
    """No range given: the 28 days up to today."""
    dates = DateRange.parse(None, "", END)
    assert (dates.start, dates.end, dates.days) == (date(2026, 10, 24), END, 28)
    assert dates.text() == "24 Oct 2026 to 20 Nov 2026"


def test_forgetting_is_given_only_where_cards_must_be_remembered() -> None:
    """A forgetful child in the history plays at Outside Peek or Standard, where it shows."""
    levels = ["ultra_peek", "peek", "standard", "outside_peek", "peek", "standard"]
    chosen = stories(levels)
    for level, story in zip(levels, chosen, strict=True):
        if "forget" in story.name:
            assert level in ("outside_peek", "standard")
    assert chosen[2].name == "forgets"
    assert len({s.name for s in chosen}) >= 4


def test_history_never_plays_on_its_last_day() -> None:
    """`end` is today for the demo: simulated games stop the school day before, so the Today
    panel shows only real play and no game is stamped later than now, on any weekday."""
    monday = date(2026, 11, 23)
    assert school_days(monday, 1) == []
    assert school_days(monday, 2) == [monday - timedelta(days=7 - i) for i in range(5)]
    for offset in range(7):
        end = monday + timedelta(days=offset)
        days = school_days(end, 3)
        assert days and all(d < end and d.weekday() < 5 for d in days)
        before = end - timedelta(days=1)
        while before.weekday() >= 5:
            before -= timedelta(days=1)
        assert days[-1] == before  # the school day just before, whatever weekday `end` is
