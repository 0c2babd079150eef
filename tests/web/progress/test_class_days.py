"""A class's own days (docs/dashboards.md, "Days and time zones"): its time zone on the class
form, the tallies' days, date ranges, the Today panel and the CSV times follow it."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, event, select

from classroom.extensions import db
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.simulate import play_game
from classroom.models import Classroom, DailyTally
from classroom.progress import DateRange, activity_today, overview
from classroom.progress.keep import record
from classroom.progress.records import row_values
from classroom.zones import local_day
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.tables import (
    child_client,
    count_for,
    play_to_counting,
    play_to_end,
    play_turn,
    start_table,
)

LA = "America/Los_Angeles"
FRIDAY = date(2026, 11, 20)
# 4 pm on a Friday in Los Angeles is already Saturday, midnight, in UTC.
FOUR_PM_LA = datetime(2026, 11, 20, 16, 0, tzinfo=ZoneInfo(LA))


def set_zone(app: Flask, classroom: MadeClass, zone: str) -> None:
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        room.time_zone = zone
        db.session.commit()


def play_at(app: Flask, classroom: MadeClass, child: MadeChild, when: datetime) -> int:
    """One simulated game whose rows are written at `when` the way a move writes them (rows
    and tallies, keep.record); returns how many choices it wrote."""
    recorded = play_game(
        HabitPlayer(Habit.CORRECT, "zone"),
        "ultra_peek",
        seed=7,
        game_id="zone-game",
        child_id=child.id,
        start=when.astimezone(UTC),
    )
    with app.app_context():
        rows = []
        for one in (*recorded.choices, *recorded.looks, *recorded.counts, *recorded.rounds):
            model, values = row_values(one, classroom.id)
            rows.append(model(**values))
        record(db.session, rows)
        db.session.commit()
    return len(recorded.choices)


def tally_days(app: Flask, classroom: MadeClass) -> set[date]:
    with app.app_context():
        return set(
            db.session.scalars(
                select(DailyTally.day).where(DailyTally.class_id == classroom.id).distinct()
            )
        )


def test_a_los_angeles_class_playing_at_4_pm_is_counted_on_that_local_day(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    set_zone(app, classroom, LA)
    choices = play_at(app, classroom, child, FOUR_PM_LA)
    assert tally_days(app, classroom) == {FRIDAY}  # not Saturday, the UTC day
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        friday = overview(room, DateRange(FRIDAY, FRIDAY), FRIDAY).rows[0].summary
        saturday = overview(room, DateRange(date(2026, 11, 21), date(2026, 11, 21)), FRIDAY)
        assert friday.games == 1
        assert saturday.rows[0].summary.games == 0
        today = activity_today(room, FRIDAY)
        assert today.choices == choices and today.per_child == {child.id: choices}
        assert activity_today(room, date(2026, 11, 21)).choices == 0
    url = f"/classes/{classroom.id}/export/choices.csv?start={FRIDAY}&end={FRIDAY}"
    data = teacher_client.get(url).get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(data.lstrip("\ufeff"))))
    assert len(rows) == choices
    assert all(re.fullmatch(r"2026-11-20T16:0\d:\d\d-08:00", row["when"]) for row in rows)


def test_changing_the_class_zone_counts_its_days_again(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    play_at(app, classroom, child, FOUR_PM_LA)
    assert tally_days(app, classroom) == {date(2026, 11, 21)}  # a UTC class: Saturday
    form = {"name": "Room 4", "grade": "Grade 1", "secret_length": "2", "time_zone": LA}
    response = teacher_client.post(f"/classes/{classroom.id}/edit", data=form)
    assert response.status_code == 302
    assert tally_days(app, classroom) == {FRIDAY}


def test_the_class_form_checks_the_zone_name(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    page = teacher_client.get("/classes/new").get_data(as_text=True)
    assert 'data-browser-zone="fill"' in page and "js/time-zone.js" in page
    assert '<option value="America/Los_Angeles">' in page
    bad = {"name": "Room 9", "grade": "Grade 1", "secret_length": "2", "time_zone": "Mars/Base"}
    response = teacher_client.post("/classes/new", data=bad)
    assert response.status_code == 400
    assert "not a time zone name we know" in response.get_data(as_text=True)
    good = bad | {"time_zone": "Europe/Madrid"}
    assert teacher_client.post("/classes/new", data=good).status_code == 302
    empty = bad | {"name": "Room 10", "time_zone": ""}
    assert teacher_client.post("/classes/new", data=empty).status_code == 302
    with app.app_context():
        zones = dict(db.session.execute(select(Classroom.name, Classroom.time_zone)).all())
    assert zones["Room 9"] == "Europe/Madrid"
    assert zones["Room 10"] == "UTC"


def today_panel(client: FlaskClient, classroom: MadeClass) -> str:
    response = client.get(f"/classes/{classroom.id}/today")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_today_panel_on_an_empty_a_quiet_and_a_busy_day(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia = make_child(classroom, "Mia K.")
    noah = make_child(classroom, "Noah B.")
    empty = today_panel(teacher_client, classroom)
    assert "No one has played yet today." in empty
    assert "Games today" not in empty and "Last choice" not in empty and "waiting" not in empty
    # Quiet: a table is set up, but no child has made a choice yet.
    noah_table = start_table(app, [noah], ["beginner"])
    quiet = today_panel(teacher_client, classroom)
    assert "No one has played yet today." in quiet
    assert "1 table is playing now, with no child's choice yet today." in quiet
    assert "Games today" not in quiet and "Last choice" not in quiet
    # Busy: Mia plays a whole game.
    table_id = start_table(app, [mia], ["solid"])
    mia_client = app.test_client()
    sign_in_child(mia_client, mia)
    play_to_end(app, {0: mia_client}, table_id)
    busy = today_panel(teacher_client, classroom)
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        activity = activity_today(room, datetime.now(UTC).date())
    assert activity.games == 1 and activity.choices > 0 and activity.rounds == 1
    assert "No one has played yet today." not in busy
    assert "<dt>Games today</dt><dd>1</dd>" in busy
    assert f"<dt>Choices today</dt><dd>{activity.choices}</dd>" in busy
    assert f"<tr><td>Mia K.</td><td>{activity.choices}</td></tr>" in busy
    assert "1 child has not played yet today." in busy
    assert "Last choice just now." in busy
    assert "<dt>Playing now</dt><dd>1</dd>" in busy  # Noah's, still; Mia's is over
    assert "Of the tables playing now, 1 has no child's choice yet today." in busy
    # Noah makes a choice at the one table playing: no line says it has none (not
    # "1 table is playing now, with no child's choice yet today" beside Noah's choices).
    noah_client = app.test_client()
    sign_in_child(noah_client, noah)
    play_turn(app, noah_client, noah_table)
    busier = today_panel(teacher_client, classroom)
    assert "<tr><td>Noah B.</td><td>" in busier and "<dt>Playing now</dt><dd>1</dd>" in busier
    assert "no child&#39;s choice yet today" not in busier
    assert "no child's choice yet today" not in busier


def test_the_today_panel_follows_the_class_day(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    """The panel names the class's own day and zone."""
    set_zone(app, classroom, "Pacific/Kiritimati")  # UTC+14: often already tomorrow
    panel = today_panel(teacher_client, classroom)
    local_today = datetime.now(ZoneInfo("Pacific/Kiritimati")).date()
    assert f"{local_today:%A %-d %B}, the class's own day (Pacific/Kiritimati)" in panel


def test_the_today_panel_and_the_tables_page_agree_on_playing_now(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """Three tables in play, a child's choice at only one of them today: both pages say 3
    are playing (user test: the panel said "Playing now 0" beside 3 "playing" tables)."""
    ava, ben, cleo = (make_child(classroom, name) for name in ("Ava T.", "Ben O.", "Cleo R."))
    table_id = start_table(app, [ava], ["solid"])
    start_table(app, [ben], ["beginner"])
    start_table(app, [cleo], ["beginner"])
    ava_client = app.test_client()
    sign_in_child(ava_client, ava)
    play_turn(app, ava_client, table_id)
    panel = today_panel(teacher_client, classroom)
    tables = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    live = tables.split("<h2>Live tables</h2>", 1)[1].split("</table>", 1)[0]
    # A game in play has "End this game" (an open table has "Close this table").
    in_play = live.count("<summary>End this game")
    assert in_play == 3
    assert f"<dt>Playing now</dt><dd>{in_play}</dd>" in panel
    assert "Of the tables playing now, 2 have no child's choice yet today." in panel


def test_a_move_at_the_table_records_its_choices_on_the_class_s_day(
    app: Flask, classroom: MadeClass, child: MadeChild
) -> None:
    """A move's guarded UPDATE reads its class's time zone on the way (no query of its own),
    and the choices it records are tallied on the class's day. Kiritimati (UTC+14) and
    Baker Island (UTC-12) are never on the same day, and at any hour one of them is not on
    UTC's: a day from the wrong zone cannot pass both."""
    kid = app.test_client()
    sign_in_child(kid, child)
    with app.app_context():
        engine = db.engine
    for zone in ("Pacific/Kiritimati", "Etc/GMT+12"):
        set_zone(app, classroom, zone)
        table_id = start_table(app, [child], ["beginner"])
        statements: list[str] = []

        def note(*args: object, into: list[str] = statements) -> None:
            into.append(" ".join(str(args[2]).split()))

        before = local_day(datetime.now(UTC), zone)
        event.listen(engine, "before_cursor_execute", note)
        try:
            play_turn(app, kid, table_id)
        finally:
            event.remove(engine, "before_cursor_execute", note)
        after = local_day(datetime.now(UTC), zone)
        assert not any(s.startswith("SELECT classes.time_zone") for s in statements)
        with app.app_context():
            days = set(db.session.scalars(select(DailyTally.day).distinct()))
            db.session.execute(delete(DailyTally))
            db.session.commit()
        assert days and days <= {before, after}, (zone, days, before)


def test_a_round_two_children_finish_together_is_one_round_today(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """Beside "Games today" (a table each), "Rounds finished" counts a table's round once,
    however many of the class's children played it."""
    ava, mia = make_child(classroom, "Ava K."), make_child(classroom, "Mia K.")
    table_id = start_table(app, [ava, mia], rounds=2)
    tablets = [child_client(app, kid) for kid in (ava, mia)]
    play_to_counting(app, tablets, table_id)
    for seat, tablet in enumerate(tablets):
        count_for(app, tablet, table_id, seat)
    panel = today_panel(teacher_client, classroom)
    assert "<dt>Games today</dt><dd>1</dd>" in panel
    assert "<dt>Rounds finished</dt><dd>1</dd>" in panel
