"""A parent's request (issue 14): the teacher downloads everything the app holds about one
child, a ZIP of CSV files with a short guide, from the child's page."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from classroom.children.export import child_tables
from classroom.extensions import db
from classroom.models import ChoiceRow, Classroom, CountRow, RoundRow
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    assignment_form,
    sign_in_teacher,
)
from tests.web.helpers.tables import child_client, count_rows, play_to_end, start_table


def download(client: FlaskClient, child: MadeChild) -> zipfile.ZipFile:
    response = client.get(f"/children/{child.id}/data.zip")
    assert response.status_code == 200
    assert response.mimetype == "application/zip"
    assert response.headers["Cache-Control"] == "no-store"
    assert "attachment" in response.headers["Content-Disposition"]
    return zipfile.ZipFile(io.BytesIO(response.data))


def rows(archive: zipfile.ZipFile, name: str) -> list[dict[str, str]]:
    text = archive.read(name).decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_the_zip_holds_every_row_about_the_child_and_nothing_about_others(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> None:
    mia = make_child(classroom, "Mia K.")
    leo = make_child(classroom, "Léo Z.")
    make_group(classroom, "Table 2", [mia, leo])
    changed = teacher_client.post(
        f"/children/{mia.id}/assignment",
        data=assignment_form(
            scoring="total", power_cards="", computer_players=["beginner"], reason="adds well"
        ),
    )
    assert changed.status_code == 302
    table_id = start_table(app, [mia, leo])
    play_to_end(app, {0: child_client(app, mia), 1: child_client(app, leo)}, table_id, seed=3)

    archive = download(teacher_client, mia)
    names = set(archive.namelist())
    expected = {f"{t.name}.csv" for t in child_tables()} | {"children.csv", "groups.csv"}
    assert names == expected | {"README.txt"}
    guide = archive.read("README.txt").decode()
    assert "Everything Rat-a-Tat-Cat Classroom holds about Mia K." in guide
    for name in expected:
        assert name in guide, f"the guide does not say what {name} holds"

    assert [r["display_name"] for r in rows(archive, "children.csv")] == ["Mia K."]
    assert [r["name"] for r in rows(archive, "groups.csv")] == ["Table 2"]
    for model, name in ((ChoiceRow, "choices"), (CountRow, "counts"), (RoundRow, "round_results")):
        got = rows(archive, f"{name}.csv")
        assert len(got) == count_rows(app, model, child_id=mia.id), name
        assert {r["child_id"] for r in got} <= {str(mia.id)}
    assert len(rows(archive, "choices.csv")) > 0
    assert [r["reason"] for r in rows(archive, "assignment_changes.csv")] == [
        "Added to the class",
        "adds well",
    ]
    assert [r["name"] for r in rows(archive, "table_seats.csv")] == ["Mia K."]
    for name in names:
        text = archive.read(name).decode("utf-8-sig")
        assert "Léo" not in text, f"{name} names another child"


def test_a_child_with_no_games_yet_gets_the_roster_files(
    teacher_client: FlaskClient, child: MadeChild
) -> None:
    archive = download(teacher_client, child)
    assert rows(archive, "children.csv")[0]["display_name"] == child.display_name
    assert rows(archive, "choices.csv") == []


def test_the_childs_page_links_to_the_download(
    teacher_client: FlaskClient, child: MadeChild
) -> None:
    page = teacher_client.get(f"/children/{child.id}").get_data(as_text=True)
    assert f'href="/children/{child.id}/data.zip"' in page


def test_another_teacher_cannot_download_it(
    app: Flask, child: MadeChild, make_teacher: Callable[..., MadeTeacher]
) -> None:
    client = app.test_client()
    sign_in_teacher(client, make_teacher(email="other@school.example"))
    assert client.get(f"/children/{child.id}/data.zip").status_code == 404
    assert app.test_client().get(f"/children/{child.id}/data.zip").status_code == 302


FORMULAS = ["=1+2", "@SUM(A1:A9)", '=HYPERLINK("https://evil.example","Click")', "+1+1", "-2+3"]


def test_no_cell_of_the_zip_runs_as_a_formula(
    app: Flask,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> None:
    """Names, group names and reasons are typed by teachers: in every CSV of the ZIP, a cell
    that a spreadsheet would run as a formula starts with an apostrophe (as the class CSVs'
    cells do: one writer for every export, classroom/csvfiles.py)."""
    child = make_child(classroom, FORMULAS[0])
    make_group(classroom, FORMULAS[1], [child])
    client = app.test_client()
    sign_in_teacher(client, teacher)
    for rounds, reason in enumerate(FORMULAS[2:], start=2):
        form = assignment_form(rounds=str(rounds), reason=reason)
        response = client.post(f"/children/{child.id}/assignment", data=form)
        assert response.status_code == 302
    archive = download(client, child)
    assert rows(archive, "children.csv")[0]["display_name"] == "'" + FORMULAS[0]
    assert rows(archive, "groups.csv")[0]["name"] == "'" + FORMULAS[1]
    reasons = [row["reason"] for row in rows(archive, "assignment_changes.csv")]
    assert reasons[-3:] == ["'" + formula for formula in FORMULAS[2:]]
    for name in archive.namelist():
        if name.endswith(".csv"):
            for row in rows(archive, name):
                for value in row.values():
                    assert not value.startswith(("=", "+", "-", "@", "\t", "\r")) or (
                        value.lstrip("+-").replace(".", "").isdigit()
                    ), (name, value)


def test_the_zip_writes_times_in_the_classs_zone_and_says_which(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """Times in the class's zone with their offset, named in README.txt, not UTC (issue 40)."""
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        room.time_zone = "Asia/Tokyo"
        db.session.commit()
    archive = download(teacher_client, child)
    added = rows(archive, "children.csv")[0]["created_at"]
    assert added.endswith("+09:00"), added
    guide = archive.read("README.txt").decode()
    assert "Times are in the class's time\nzone, Asia/Tokyo" in guide
    assert "(Asia/Tokyo)" in guide  # when it was made
    assert "Times are in UTC" not in guide
