"""The validation of issue 12 once through the web side: simulated children play real games
through the child's routes (over HTTP, no browser), and the teacher reads the figures back
from the class overview, the child's page and the CSV. Covers recording (the choice rows and
their facts), the tallies kept in the move's transaction, and the pages that read them."""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.extensions import db
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights import child_summary
from classroom.models import Child, ChoiceRow, CountRow, DailyTally, LookRow, RoundRow
from classroom.progress.keep import rebuild
from classroom.progress.records import record_of
from classroom.tables import seating
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.habits import play_habits
from tests.web.helpers.tables import (
    child_client,
    set_level,
    start_table,
)

GAMES = 16  # each game gives each child 2 or 3 comparisons: enough for a recommendation
DEALS = 1000  # the first table's deal (tables are dealt from a random seed; here from these)


def test_three_habits_through_the_childs_pages_read_back_by_the_teacher(
    app: Flask,
    teacher_client: FlaskClient,
    make_child: Callable[..., MadeChild],
    classroom: MadeClass,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cora compares right, Rita taps at random, Milo compares right but miscounts his cubes
    first, at one Ultra-Peek table for 16 games. The teacher's pages show Cora well above
    chance and told to move up, Rita at chance ("about what tapping at random would give")
    and not told to move up, Milo flagged for counting from his first tries; the CSV says the
    same; every figure equals what the insights give on the recorded rows, and the tallies
    kept move by move equal a rebuild from the rows."""
    cora = make_child(classroom, "Cora")
    rita = make_child(classroom, "Rita")
    milo = make_child(classroom, "Milo")
    for child in (cora, rita, milo):
        set_level(app, child, "ultra_peek", scoring="cubes")
    players = {
        0: (child_client(app, cora), HabitPlayer(Habit.CORRECT, "cora")),
        1: (child_client(app, rita), HabitPlayer(Habit.RANDOM, "rita")),
        2: (child_client(app, milo), HabitPlayer(Habit.MISCOUNTS, "milo")),
    }
    deals = itertools.count(DEALS)
    monkeypatch.setattr(seating, "deal_seed", lambda: next(deals))
    for _ in range(GAMES):
        table_id = start_table(app, [cora, rita, milo], power_cards=False)
        play_habits(app, players, table_id)

    with app.app_context():
        rows = db.session.scalars(select(ChoiceRow).where(ChoiceRow.child_id == rita.id)).all()
        assert rows and all("options" in row.facts for row in rows)
        assert any(row.error == "commission" for row in rows)  # recorded apart from omissions
        summaries = {}
        for made in (cora, rita, milo):
            child = db.session.get(Child, made.id)
            assert child is not None
            recorded = {
                name: [
                    record_of(row)
                    for row in db.session.scalars(select(model).where(model.child_id == made.id))
                ]
                for name, model in (
                    ("choices", ChoiceRow),
                    ("looks", LookRow),
                    ("counts", CountRow),
                    ("rounds", RoundRow),
                )
            }
            summaries[made.id] = child_summary(
                "ultra_peek",
                recorded["choices"],  # type: ignore[arg-type]
                recorded["looks"],  # type: ignore[arg-type]
                recorded["counts"],  # type: ignore[arg-type]
                recorded["rounds"],  # type: ignore[arg-type]
                today=rows[-1].created_at.date(),
            )
        kept = {
            (t.child_id, t.day, t.level, t.key): (t.hits, t.chances)
            for t in db.session.scalars(select(DailyTally))
        }
        rebuild(db.session, classroom.id)
        db.session.commit()
        rebuilt = {
            (t.child_id, t.day, t.level, t.key): (t.hits, t.chances)
            for t in db.session.scalars(select(DailyTally))
        }
        assert rebuilt == kept

    good, random, miscounter = summaries[cora.id], summaries[rita.id], summaries[milo.id]
    assert "counting" in {flag.kind.value for flag in miscounter.flags}
    assert miscounter.hints.cubes.hits > 0 and miscounter.numerals.overall.misses > 0
    assert good.accuracy.hits == good.accuracy.chances >= 20
    assert good.accuracy.above_chance is True
    assert good.recommendation.move.value == "up", good.recommendation.sentence
    assert random.accuracy.chances >= 20 and random.accuracy.above_chance is False
    assert random.recommendation.move.value != "up"

    overview = teacher_client.get(f"/classes/{classroom.id}/overview").get_data(as_text=True)
    table = overview.split('class="roster overview-table"', 1)[1]
    cora_row = table.split("<span>Cora</span>", 1)[1].split("</tr>", 1)[0]
    rita_row = table.split("<span>Rita</span>", 1)[1].split("</tr>", 1)[0]
    assert f"({good.accuracy.text()}; by chance {round(100 * good.accuracy.chance_value)}%)" in (
        cora_row
    )
    assert "at chance" not in cora_row and "Move up to Peek" in cora_row
    assert f"({random.accuracy.text()}; by chance" in rita_row and "at chance" in rita_row
    assert "Move up" not in rita_row

    page = teacher_client.get(f"/children/{rita.id}/progress").get_data(as_text=True)
    assert random.accuracy.chance_text() in page
    assert "about what tapping at random would give" in page
    omissions, commissions = random.errors.omission, random.errors.commission
    assert f"{omissions.hits} of {omissions.chances} comparisons" in page
    assert f"{commissions.hits} of {commissions.chances} comparisons" in page
    for group in ("1", "2", "3", "4+"):
        assert random.by_distance[group].chance_text() in page
    page = teacher_client.get(f"/children/{cora.id}/progress").get_data(as_text=True)
    assert good.accuracy.chance_text() in page
    assert "about what tapping at random would give" not in page.split("Comparing numbers")[0]

    response = teacher_client.get(f"/classes/{classroom.id}/export/summary.csv")
    text = response.get_data(as_text=True).lstrip("\ufeff")
    lines = {row["child"]: row for row in csv.DictReader(io.StringIO(text))}
    assert lines["Cora"]["comparisons_above_chance"] == "1"
    assert lines["Rita"]["comparisons_above_chance"] == "0"
    assert lines["Rita"]["comparisons_by_chance"] == f"{random.accuracy.chance:.1f}"
    assert lines["Rita"]["recommendation"] != "up"
    assert lines["Milo"]["flag_counting"]
    assert lines["Milo"]["count_again_cubes_right"] == str(miscounter.hints.cubes.hits)
    page = teacher_client.get(f"/children/{milo.id}/progress").get_data(as_text=True)
    assert f"in {miscounter.hints.cubes.hits} of {miscounter.hints.cubes.chances} rounds" in page
    assert miscounter.numerals.overall.text() in page
