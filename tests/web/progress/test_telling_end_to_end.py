"""Issue 41 through the web side: an always-replacer, an always-keeper and an exact
comparer play real games through the child's routes (over HTTP, no browser); the teacher
reads back "does not yet tell which card is lower" for the first two, and telling for the
third, on the class overview, the child's page, the parent report and the CSV."""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.discrimination import NOT_YET, TELLS
from classroom.tables import seating
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.habits import play_habits
from tests.web.helpers.tables import child_client, set_level, start_table

GAMES = 30  # at three seats the exact comparer draws 5 or more higher cards by then
DEALS = 4100


def test_habits_that_never_compare_read_as_not_telling_on_every_page(
    app: Flask,
    teacher_client: FlaskClient,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rhea puts every drawn card on her highest card, Kip throws every drawn card away,
    Ezra compares right: 30 Ultra-Peek games at one table through the child's routes."""
    rhea = make_child(classroom, "Rhea")
    kip = make_child(classroom, "Kip")
    ezra = make_child(classroom, "Ezra")
    for child in (rhea, kip, ezra):
        set_level(app, child, "ultra_peek", scoring="cubes")
    players = {
        0: (child_client(app, rhea), HabitPlayer(Habit.REPLACES_HIGHEST, "rhea")),
        1: (child_client(app, kip), HabitPlayer(Habit.ALWAYS_KEEPS, "kip")),
        2: (child_client(app, ezra), HabitPlayer(Habit.CORRECT, "ezra")),
    }
    deals = itertools.count(DEALS)
    monkeypatch.setattr(seating, "deal_seed", lambda: next(deals))
    for _ in range(GAMES):
        table_id = start_table(app, [rhea, kip, ezra], power_cards=False)
        play_habits(app, players, table_id)

    overview = teacher_client.get(f"/classes/{classroom.id}/overview").get_data(as_text=True)
    table = overview.split('class="roster overview-table"', 1)[1]

    def row(name: str) -> str:
        return table.split(f"<span>{name}</span>", 1)[1].split("</tr>", 1)[0]

    assert "does not yet tell which card is lower" in row("Rhea")
    assert "does not yet tell which card is lower" in row("Kip")
    assert "does not yet tell which card is lower" not in row("Ezra")
    assert "Move up" not in row("Rhea") and "Move up" not in row("Kip")

    for made, words in ((rhea, "puts in almost every card"), (kip, "keeps almost every card")):
        page = teacher_client.get(f"/children/{made.id}/progress").get_data(as_text=True)
        assert f"<strong>{NOT_YET[:1].upper()}{NOT_YET[1:]}: {words}" in page, made.display_name
        report = teacher_client.get(f"/children/{made.id}/report").get_data(as_text=True)
        assert "does not yet tell which card is lower" in report, made.display_name
        assert "keeps it and gives away a higher one" not in report
    page = teacher_client.get(f"/children/{ezra.id}/progress").get_data(as_text=True)
    assert f"<strong>{TELLS[:1].upper()}{TELLS[1:]}</strong>" in page
    assert NOT_YET not in page.split("Flags")[0]
    report = teacher_client.get(f"/children/{ezra.id}/report").get_data(as_text=True)
    assert "does not yet tell which card is lower" not in report

    response = teacher_client.get(f"/classes/{classroom.id}/export/summary.csv")
    text = response.get_data(as_text=True).lstrip("\ufeff")
    lines = {line["child"]: line for line in csv.DictReader(io.StringIO(text))}
    assert lines["Rhea"]["telling_tells"] == "0"
    assert lines["Rhea"]["telling_words"].startswith(f"{NOT_YET}: puts in almost every card")
    assert lines["Rhea"]["telling_lower_put_in"] == lines["Rhea"]["telling_lower"]
    assert lines["Kip"]["telling_tells"] == "0" and lines["Kip"]["telling_lower_put_in"] == "0"
    assert lines["Ezra"]["telling_tells"] == "1", lines["Ezra"]["telling_words"]
    assert lines["Ezra"]["telling_words"].startswith(TELLS)
    assert float(lines["Ezra"]["telling_d_prime_low"]) > 0
