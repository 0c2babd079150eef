"""The CSV exports of a class: the summary (one row per child) and every recorded choice in the
range, UTF-8 with a byte-order mark, times in the class's zone, every column in the column guide
page (classroom/dashboard/columns.py)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from classroom.check.demo import fill_checks
from classroom.check.service import done_checks
from classroom.dashboard.columns import CHOICE_GUIDE, SUMMARY_GUIDE
from classroom.dashboard.export import CHOICE_COLUMNS, FLAGS, SUMMARY_COLUMNS
from classroom.extensions import db
from classroom.models import ChoiceRow, Classroom
from classroom.progress import DateRange, overview
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_child
from tests.web.helpers.dashboard import NAMES, fill, today
from tests.web.helpers.tables import play_to_end, set_level, start_table

POWER_NAMES = {10: "PEEK", 11: "SWAP", 12: "DRAW 2"}


@pytest.fixture
def played(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> list[MadeChild]:
    """Six children with six weeks of play each."""
    children = [make_child(classroom, name) for name in NAMES]
    fill(app, classroom, children, weeks=6, games=24)
    return children


def cell(card: int | None) -> str:
    """How the export writes a stored card."""
    return "" if card is None else POWER_NAMES.get(card, str(card))


def download(client: FlaskClient, url: str) -> tuple[list[str], list[dict[str, str]]]:
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[-2000:]
    assert response.mimetype == "text/csv"
    assert response.mimetype_params == {"charset": "utf-8"}
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    data = response.get_data(as_text=True)
    assert data.startswith("\ufeff")  # the byte-order mark: spreadsheets read UTF-8
    reader = csv.DictReader(io.StringIO(data[1:]))
    rows = list(reader)
    return list(reader.fieldnames or []), rows


@pytest.mark.parametrize(
    ("columns", "guide"),
    [(SUMMARY_COLUMNS, SUMMARY_GUIDE), (CHOICE_COLUMNS, CHOICE_GUIDE)],
    ids=["summary", "choices"],
)
def test_every_column_is_in_the_column_guide(columns: list[str], guide: dict[str, str]) -> None:
    assert len(set(columns)) == len(columns)
    assert [c for c in columns if not guide.get(c)] == []
    assert [c for c in guide if c not in columns] == []  # nor a guide line for a column gone


def test_the_column_guide_page_is_linked_beside_the_downloads(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    overview = teacher_client.get(f"/classes/{classroom.id}/overview").get_data(as_text=True)
    assert 'href="/exports/guide"' in overview
    html = teacher_client.get("/exports/guide").get_data(as_text=True)
    for name in (*SUMMARY_COLUMNS, *CHOICE_COLUMNS):
        assert f"<code>{name}</code>" in html
    assert "byte-order mark" in html


def test_summary_has_a_row_per_child_with_the_overview_figures(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    played: list[MadeChild],
) -> None:
    columns, rows = download(teacher_client, f"/classes/{classroom.id}/export/summary.csv")
    assert columns == SUMMARY_COLUMNS
    assert [row["child"] for row in rows] == list(NAMES)
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        day = today()
        shown = overview(room, DateRange.last_days(day), day)
        summaries = {row.child_id: row.summary for row in shown.rows}
    for row in rows:
        summary = summaries[int(row["child_id"])]
        assert row["range_end"] == today().isoformat()
        assert int(row["comparisons_chances"]) == summary.accuracy.chances
        assert int(row["comparisons_right"]) == summary.accuracy.hits
        value = summary.accuracy.value
        assert row["comparisons_share"] == ("" if value is None else f"{value:.3f}")
        assert summary.accuracy.chance is not None
        assert row["comparisons_by_chance"] == f"{summary.accuracy.chance:.1f}"
        above = summary.accuracy.above_chance
        assert row["comparisons_above_chance"] == ("" if above is None else str(int(above)))
        errors = summary.errors
        assert (
            int(row["omissions_right"]) + int(row["commissions_right"])
            == (summary.accuracy.misses)
            == errors.omission.hits + errors.commission.hits
        )
        assert sum(int(row[f"ratio_{r}_chances"]) for r in ("far", "between", "close")) == (
            summary.accuracy.chances
        )
        assert row["recommendation_sentence"] == summary.recommendation.sentence
        assert row["level"] == "ultra_peek"
        flags = {str(flag.kind) for flag in summary.flags}
        for kind in FLAGS:
            assert bool(row[f"flag_{kind}"]) == (kind in flags)
    assert any(row["flag_cat_versus_rat"] for row in rows)


def test_no_share_from_too_few_chances(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    _, rows = download(teacher_client, f"/classes/{classroom.id}/export/summary.csv")
    (row,) = rows
    assert row["comparisons_chances"] == "0" and row["comparisons_share"] == ""
    assert row["trend"] == "" and row["recommendation"] == "stay"


def test_a_name_a_spreadsheet_would_run_is_kept_as_text(
    teacher_client: FlaskClient, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    make_child(classroom, "=HYPERLINK(1)")
    _, rows = download(teacher_client, f"/classes/{classroom.id}/export/summary.csv")
    assert rows[0]["child"] == "'=HYPERLINK(1)"


def test_choices_are_every_recorded_choice_of_the_class_in_the_range(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    played: list[MadeChild],
    make_teacher: Callable[..., MadeTeacher],
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
) -> None:
    other = make_class(make_teacher(email="next@school.example"), name="Next door")
    fill(app, other, [make_child(other, "Zed")], weeks=2, games=4)
    day = today()
    start = day - timedelta(days=13)
    url = f"/classes/{classroom.id}/export/choices.csv?start={start}&end={day}"
    response = teacher_client.get(url)
    assert response.is_streamed
    columns, rows = download(teacher_client, url)
    assert columns == CHOICE_COLUMNS
    with app.app_context():
        dates = DateRange(start, day)
        expected = db.session.scalar(
            select(func.count())
            .select_from(ChoiceRow)
            .where(ChoiceRow.class_id == classroom.id)
            .where(ChoiceRow.created_at >= dates.since(), ChoiceRow.created_at < dates.until())
        )
        facts = {
            row.id: row.facts
            for row in db.session.scalars(
                select(ChoiceRow).where(ChoiceRow.class_id == classroom.id)
            )
        }
    assert expected and len(rows) == expected
    assert {row["child"] for row in rows} <= set(NAMES)  # nothing from the other class
    assert all(start.isoformat() <= row["when"][:10] <= day.isoformat() for row in rows)
    assert [r["when"] for r in rows] == sorted(r["when"] for r in rows)
    for row in rows:
        stored = facts[int(row["choice_id"])]
        assert [row[f"true_{p}"] for p in range(1, 5)] == [cell(c) for c in stored["true_line"]]
        assert [row[f"known_{p}"] for p in range(1, 5)] == [cell(c) for c in stored["known_line"]]
        on_screen = ["1" if seen else "0" for seen in stored["on_screen"]]
        assert [row[f"on_screen_{p}"] for p in range(1, 5)] == on_screen
        assert row["hand"] == cell(stored["hand"])
        assert row["kind"] == stored["kind"] and row["outcome"] == stored["outcome"]
        assert row["chance"] == ("1" if stored["chance"] else "0")
        assert row["best_positions"] == " ".join(str(p) for p in stored["best_positions"])
    places = [r for r in rows if r["kind"] == "place" and r["judged"] == "1"]
    assert places and all(r["correct"] in ("0", "1") and r["distance"] for r in places)
    for r in places:
        assert 0 < int(r["right_options"]) < int(r["options"]) <= 5
        assert r["error"] == ("" if r["correct"] == "1" else r["error"])
        assert (r["error"] in ("omission", "commission")) is (r["correct"] == "0")
    finishes = [r for r in rows if r["kind"] == "finish"]
    assert finishes and all(r["called"] in ("0", "1") and r["rank"] for r in finishes)


def test_choices_outside_the_range_are_left_out(
    teacher_client: FlaskClient, classroom: MadeClass, played: list[MadeChild]
) -> None:
    url = f"/classes/{classroom.id}/export/choices.csv?start=2020-01-01&end=2020-02-01"
    columns, rows = download(teacher_client, url)
    assert columns == CHOICE_COLUMNS and rows == []


def test_power_cards_are_named(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    set_level(app, child, "standard")
    table_id = start_table(app, [child], ["solid"], rounds=3)
    child_client = app.test_client()
    sign_in_child(child_client, child)
    play_to_end(app, {0: child_client}, table_id, seed=3)
    _, rows = download(teacher_client, f"/classes/{classroom.id}/export/choices.csv")
    cards = {row["hand"] for row in rows}
    assert cards <= {"", *map(str, range(10)), "PEEK", "SWAP", "DRAW 2"}
    assert all(row["table_id"] == str(table_id) for row in rows)


def test_the_choices_csv_has_a_date_and_a_local_time_a_spreadsheet_reads(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """Besides the ISO stamp with its offset, the class's day and clock time, each in a form a
    spreadsheet reads as a date and a time (issue 40)."""
    from datetime import datetime

    from classroom.game.players.habits import Habit
    from tests.web.helpers.habits import play

    with app.app_context():
        db.session.get(Classroom, classroom.id).time_zone = "America/Los_Angeles"
        db.session.commit()
    play(app, classroom, child, Habit.CORRECT, [2])
    day = today()
    start = day - timedelta(days=6)
    response = teacher_client.get(
        f"/classes/{classroom.id}/export/choices.csv?start={start}&end={day}"
    )
    rows = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows
    for row in rows:
        stamp = datetime.fromisoformat(row["when"])
        assert row["date"] == stamp.date().isoformat()
        assert row["local_time"] == stamp.strftime("%H:%M:%S")
        offset = stamp.utcoffset()
        assert offset is not None and offset.total_seconds() < 0  # the class's clock


def test_summary_gives_the_first_and_latest_number_check(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """The number check's figures in the summary: first and latest, with their days; empty
    for a child with none (issue 40)."""
    checked = make_child(classroom, "Ana P.")
    make_child(classroom, "Ben Q.")  # no number check
    first, latest = today() - timedelta(days=20), today() - timedelta(days=1)
    with app.app_context():
        fill_checks(classroom.id, [checked.id], first, latest)
        db.session.commit()
        done = done_checks([checked.id])[checked.id]
    _, rows = download(teacher_client, f"/classes/{classroom.id}/export/summary.csv")
    by_name = {r["child"]: r for r in rows}
    row = by_name["Ana P."]
    assert row["number_checks"] == "2"
    for which, check in (("first", done[0]), ("latest", done[-1])):
        result = check.result
        assert row[f"number_check_{which}_date"] == check.when.date().isoformat()
        assert row[f"number_check_{which}_line_error_percent"] == f"{result.pae:.1f}"
        assert row[f"number_check_{which}_more_right"] == str(result.comparisons.hits)
        assert row[f"number_check_{which}_more_asked"] == str(result.comparisons.chances)
        assert row[f"number_check_{which}_numerals_found"] == str(result.found.hits)
        assert row[f"number_check_{which}_numerals_asked"] == str(result.found.chances)
    assert row["number_check_first_date"] == first.isoformat()
    assert row["number_check_latest_date"] == latest.isoformat()
    other = by_name["Ben Q."]
    assert other["number_checks"] == "0"
    assert {v for k, v in other.items() if k.startswith("number_check_")} == {""}


def test_the_guide_says_what_each_level_means() -> None:
    """Levels in a teacher's words, not only their stored values (issue 40)."""
    line = SUMMARY_GUIDE["level"]
    assert '"peek" (Peek: cards face down' in line
    assert '"standard" (Standard: the full game' in line
    assert 'as in "level"' in SUMMARY_GUIDE["recommended_level"]
