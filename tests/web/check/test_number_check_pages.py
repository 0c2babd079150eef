"""The number check on the teacher's pages (docs/number_check.md): the child's progress page and
the parent report draw the line and give the measures, first check against latest with the
play between; the class overview has each child's change; only the class's teachers see it."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.insights.check_children import CheckHabit, simulated_answers
from classroom.insights.number_check import check_result, make_check
from classroom.models import Child, NumberCheck, NumberCheckAnswer, RoundRow
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_teacher
from tests.web.helpers.check import FIRST_SEED, LATEST_SEED, finish_checks


def expected_pae(seed: int, habit: CheckHabit) -> float:
    items = make_check(seed)
    pae = check_result(items, simulated_answers(items, habit, seed, noise=0.3)).pae
    assert pae is not None
    return pae


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_childs_page_shows_first_against_latest(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    finish_checks(app, classroom, child)
    page = teacher_client.get(f"/children/{child.id}/progress").get_data(as_text=True)
    words = text_of(page)
    assert "Number check (outside the game)" in words
    assert page.count('class="number-line"') == 2
    first, latest = (
        expected_pae(FIRST_SEED, CheckHabit.LOGARITHMIC),
        expected_pae(LATEST_SEED, CheckHabit.LINEAR),
    )
    assert f"Percent absolute error {latest:.0f} %" in words
    assert "A straight line fits the taps best" in words
    assert "6 weeks apart, with 3 rounds of Rat-a-Tat-Cat played in between" in words
    # The change is that of the two figures as shown (they add up on the page).
    change = int(f"{latest:.0f}") - int(f"{first:.0f}")
    assert f"{first:.0f} % {latest:.0f} % {change:+d} points" in words
    assert "logarithmic (small numbers spread out)" in words
    # The linear child picks right every time: 10 of 10, above chance, beside 50 %.
    assert "All 10 of 10 50 %" in words
    assert "Above chance" in words
    assert "Numerals found: 6 of 6" in words
    assert "Every check (2)" in words
    # Each of the nine taps is drawn: a circle for the tap and a tick for the true place.
    assert page.count("<circle") == 18


def test_the_report_and_the_overview(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    finish_checks(app, classroom, child)
    report = text_of(teacher_client.get(f"/children/{child.id}/report").get_data(as_text=True))
    assert "A short number game outside the cards" in report
    # The report's period is the last four weeks: the first check, six weeks ago, is said to be
    # from before it.
    assert "The first time was before this report's period" in report
    assert "with 3 rounds of Rat-a-Tat-Cat played between the two" in report
    assert '"Which is more?": 10 of 10 right' in report
    # The first check's figures out of their chances, not a bare "10" (a review read it as
    # ten of something unsaid).
    assert re.search(r"right; guessing would give about 5\. The first time: \d+ of 10\.", report)
    assert re.search(r"about 1 or 2\. The first time: \d+ of 6\.", report)
    overview = teacher_client.get(f"/classes/{classroom.id}/overview").get_data(as_text=True)
    words = text_of(overview)
    assert "Number check" in words
    first, latest = (
        expected_pae(FIRST_SEED, CheckHabit.LOGARITHMIC),
        expected_pae(LATEST_SEED, CheckHabit.LINEAR),
    )
    assert f"line {first:.0f} → {latest:.0f} % more 10 → 10 of 10 found 6 → 6 of 6" in words


def test_the_report_shows_its_periods_check_or_says_it_is_older(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """A report for some past weeks shows the check taken in them, not a later one; for weeks
    with no check it shows the one before them and says so; before any check, none."""
    finish_checks(app, classroom, child)
    first_day = (datetime.now(UTC) - timedelta(weeks=6)).date()
    first_pae = f"{expected_pae(FIRST_SEED, CheckHabit.LOGARITHMIC):.0f}%"

    def report_for(start: date, end: date) -> str:
        query = f"?start={start.isoformat()}&end={end.isoformat()}"
        return text_of(report(teacher_client, child, query))

    around_first = report_for(first_day - timedelta(days=3), first_day + timedelta(days=3))
    assert "also did a two-minute number game on a tablet" in around_first
    assert f"each number was on average {first_pae} of the line away" in around_first
    assert "The first time" not in around_first  # the later check is not this period's
    assert "did not do" not in around_first

    between = report_for(first_day + timedelta(weeks=1), first_day + timedelta(weeks=3))
    assert (
        "did not do the two-minute number game on a tablet (away from the cards) in this period"
        in between
    )
    assert "before this report's period" in between
    assert f"each number was on average {first_pae} of the line away" in between
    assert "The first time" not in between

    before = report_for(first_day - timedelta(weeks=3), first_day - timedelta(weeks=1))
    assert "A short number game" not in before


def report(client: FlaskClient, child: MadeChild, query: str = "") -> str:
    """The parent report's page for the child (with `query`, its period)."""
    response = client.get(f"/children/{child.id}/report{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_pages_without_a_check(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    page = text_of(teacher_client.get(f"/children/{child.id}/progress").get_data(as_text=True))
    assert "No finished check yet." in page
    report = teacher_client.get(f"/children/{child.id}/report").get_data(as_text=True)
    assert "A short number game" not in report
    overview = teacher_client.get(f"/classes/{classroom.id}/overview").get_data(as_text=True)
    assert "no number check" in overview


@pytest.mark.parametrize("page", ["progress", "report"])
def test_the_wrong_teacher_sees_nothing(
    app: Flask,
    make_teacher: Callable[..., MadeTeacher],
    classroom: MadeClass,
    child: MadeChild,
    page: str,
) -> None:
    finish_checks(app, classroom, child)
    other = app.test_client()
    sign_in_teacher(other, make_teacher())
    assert other.get(f"/children/{child.id}/{page}").status_code == 404
    assert other.get(f"/classes/{classroom.id}/overview").status_code == 404


def test_the_demo_class_has_a_check_before_its_play_and_one_after(
    app: Flask, runner: FlaskCliRunner
) -> None:
    runner.invoke(args=["demo"])
    with app.app_context():
        for child in db.session.scalars(select(Child)):
            checks = db.session.scalars(
                select(NumberCheck)
                .where(NumberCheck.child_id == child.id)
                .order_by(NumberCheck.finished_at)
            ).all()
            assert len(checks) == 2
            assert all(c.finished_at is not None for c in checks)
            first_round = db.session.scalar(
                select(func.min(RoundRow.created_at)).where(RoundRow.child_id == child.id)
            )
            assert first_round is not None and checks[0].finished_at is not None
            assert checks[0].finished_at.replace(tzinfo=None) < first_round.replace(tzinfo=None)
            assert db.session.scalar(
                select(func.count()).where(NumberCheckAnswer.check_id == checks[1].id)
            ) == len(make_check(checks[1].seed))


def test_the_report_in_spanish(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    finish_checks(app, classroom, child)
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.report_language = "es"
        db.session.commit()
    report = text_of(teacher_client.get(f"/children/{child.id}/report").get_data(as_text=True))
    assert "Un juego corto de números, fuera de las cartas" in report
    assert "La primera vez fue antes del periodo de este informe" in report
    assert "con 3 rondas de Rat-a-Tat-Cat jugadas entre las dos" in report
    assert "«¿Cuál es mayor?»: 10 de 10 bien" in report
    assert "Los números están repartidos por igual, como en una regla." in report
    assert "A short number game" not in report


def test_taps_at_one_place_are_each_drawn_not_hidden(app: Flask) -> None:
    """A child who taps the same place for every numeral (a common habit) is drawn as a
    column of every tapped label: three rows of labels showed 3 of 10, the other seven
    under them, while the table below listed all ten."""
    from classroom.check.results import drawing
    from classroom.insights.number_check import CheckAnswer, CheckItem, ItemKind

    items = [CheckItem(n, ItemKind.LINE, n, (), 20) for n in range(10)]
    crowded = drawing([CheckAnswer(item, 10.0) for item in items], 20)
    places = {(mark.tap_x, mark.y) for mark in crowded.marks}
    assert len(places) == 10  # no label covers another
    assert crowded.rows == 10 and min(mark.y for mark in crowded.marks) - 11 >= -crowded.rise
    with app.test_request_context():
        from flask import render_template_string

        svg = render_template_string(
            '{% from "dashboard/_number_line.html" import number_line %}'
            "{{ number_line(d, 'line', 'Check') }}",
            d=crowded,
        )
    assert f'viewBox="0 -{crowded.rise} 600 {170 + crowded.rise}"' in svg
    assert svg.count("<circle") == 10
    # Taps spread along the line keep the usual three rows and height.
    spread = drawing([CheckAnswer(item, 2.0 * item.target) for item in items], 20)
    assert spread.rows == 3 and spread.rise == 0
