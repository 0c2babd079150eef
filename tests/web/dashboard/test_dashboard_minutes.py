"""Minutes of play per child beside games (docs/dashboards.md, "Minutes played"): from the
times of the child's recorded choices, looks and counts, in stretches less than 5 minutes
apart; a table left idle adds nothing. The overview's column, the child's page, the summary
CSV and the term view's class total tell the same minutes, in the range of the games."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from classroom.extensions import db
from classroom.models import ChoiceRow, CountRow, LookRow
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import child_client, play_to_end, set_level, start_table

# Seconds after the first act: 30 s, 60 s and 90 s of play, then a table left idle for 20
# minutes (nothing), then 60 s more: 240 s, 4 minutes. Later acts land on the last moment.
SCHEDULE = [0, 30, 90, 180, 180 + 20 * 60, 180 + 20 * 60 + 60]


def timed_game(app: Flask, child: MadeChild) -> None:
    """A whole game of the child's, its acts then set at SCHEDULE's moments (in their order),
    the first one half an hour ago."""
    set_level(app, child, "ultra_peek", scoring="total")
    table_id = start_table(app, [child], ["beginner"], rounds=3)
    play_to_end(app, {0: child_client(app, child)}, table_id, seed=39)
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=30)
    with app.app_context():
        acts = sorted(
            (when, model, ident)
            for model in (ChoiceRow, LookRow, CountRow)
            for ident, when in db.session.execute(
                select(model.id, model.created_at).where(model.child_id == child.id)
            )
        )
        assert len(acts) > len(SCHEDULE)
        for i, (_, model, ident) in enumerate(acts):
            at = start + timedelta(seconds=SCHEDULE[min(i, len(SCHEDULE) - 1)])
            db.session.execute(update(model).where(model.id == ident).values(created_at=at))
        db.session.commit()


def test_minutes_beside_games_on_every_page(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia = make_child(classroom, "Mia")
    make_child(classroom, "Leo")  # no play: 0 minutes beside 0 games
    timed_game(app, mia)

    overview = teacher_client.get(f"/classes/{classroom.id}/overview")
    assert overview.status_code == 200
    html = overview.get_data(as_text=True)
    assert ">Games, minutes<" in html and "minutes of play in the same range" in html
    rows = {
        name: row
        for row in html.split("<tr>")[1:]
        for name in ("Mia", "Leo")
        if f"<span>{name}" in row
    }
    assert '>1 <span class="minutes muted">4 min</span>' in rows["Mia"]
    assert '>0 <span class="minutes muted">0 min</span>' in rows["Leo"]

    data = teacher_client.get(f"/classes/{classroom.id}/export/summary.csv").get_data(as_text=True)
    summary = {row["child"]: row for row in csv.DictReader(io.StringIO(data[1:]))}
    assert (summary["Mia"]["games"], summary["Mia"]["minutes_played"]) == ("1", "4")
    assert (summary["Leo"]["games"], summary["Leo"]["minutes_played"]) == ("0", "0")

    page = teacher_client.get(f"/children/{mia.id}/progress").get_data(as_text=True)
    assert "1 game and 4 minutes of play in these dates" in page

    term = teacher_client.get(f"/classes/{classroom.id}/overview?view=term").get_data(as_text=True)
    assert "<strong>Minutes played</strong>: 4 (about 2 a child)" in term


def test_a_range_without_the_play_has_no_minutes(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """The minutes are the range's, as the games are: a range before the play has none."""
    timed_game(app, child)
    day = datetime.now(UTC).date() - timedelta(days=20)
    url = f"/classes/{classroom.id}/export/summary.csv?start={day - timedelta(days=6)}&end={day}"
    data = teacher_client.get(url).get_data(as_text=True)
    [row] = list(csv.DictReader(io.StringIO(data[1:])))
    assert (row["games"], row["minutes_played"]) == ("0", "0")
