"""The schema comes only from migrations: `flask db upgrade` on an empty database gives exactly
the models' schema, on SQLite and on PostgreSQL, and downgrades back to nothing."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import delete, inspect, select, text
from sqlalchemy.engine import make_url

from classroom import create_app
from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.game import Options, new_game
from classroom.game.actions import TAKE_DISCARD, replace
from classroom.insights import ChoiceRecord, describe_choice
from classroom.models import ChoiceRow, Classroom, ClassTeacher, DailyTally, Teacher
from classroom.progress.history import fill_history
from classroom.progress.keep import rebuild, record
from classroom.progress.records import row_values
from classroom.roster import enrol
from tests.conftest import TEST_DATABASE_ENV, base_config, scratch_database


def fresh_postgresql() -> Iterator[str]:
    url = os.environ[TEST_DATABASE_ENV]
    yield from scratch_database(url, f"{make_url(url).database}_mig_{uuid.uuid4().hex[:8]}")


# The SQLite variant makes a file of its own: beside the SQLite pass, it runs there alone.
@pytest.fixture(params=[pytest.param("sqlite", marks=pytest.mark.any_database), "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite'}"
    elif os.environ.get(TEST_DATABASE_ENV, "").startswith("postgres"):
        yield from fresh_postgresql()
    else:
        pytest.skip("PostgreSQL migrations run in bin/test's PostgreSQL pass")


def test_upgrade_from_empty_matches_the_models(empty_database: str, tmp_path: Path) -> None:
    app = create_app(base_config(empty_database, tmp_path / "instance"))
    with app.app_context():
        try:
            upgrade()
            with db.engine.connect() as connection:
                context = MigrationContext.configure(connection, opts={"compare_type": True})
                assert compare_metadata(context, db.metadata) == []
            tables = set(inspect(db.engine).get_table_names())
            assert {t.name for t in db.metadata.sorted_tables} <= tables
            downgrade(revision="base")
            assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
            upgrade()
        finally:
            db.engine.dispose()


def test_accounts_made_before_email_confirmation_stay_usable(
    empty_database: str, tmp_path: Path
) -> None:
    """Migration 9a1c3e5b7d20 counts every existing teacher's address as confirmed."""
    from sqlalchemy import text

    app = create_app(base_config(empty_database, tmp_path / "instance"))
    with app.app_context():
        try:
            upgrade(revision="8e4b1f2a3c57")
            with db.engine.begin() as connection:
                connection.execute(
                    text(
                        "INSERT INTO teachers (email, name, password_hash, login_token, "
                        "created_at) VALUES ('old@school.example', 'Ms Old', 'x', 't', "
                        "CURRENT_TIMESTAMP)"
                    )
                )
            upgrade()
            with db.engine.connect() as connection:
                confirmed = connection.execute(
                    text("SELECT email_confirmed_at FROM teachers")
                ).scalar_one()
            assert confirmed is not None
        finally:
            db.engine.dispose()


def test_upgrade_judges_old_choices_again_and_rebuilds_the_tallies(
    empty_database: str, tmp_path: Path
) -> None:
    """Choices stored before both kinds of error were recorded (facts without `options`,
    tallies with the old keys) come out of `flask db upgrade` judged as new ones and with the
    tallies a rebuild from the rows gives: a newcomer never runs `flask tallies` by hand."""
    app = create_app(base_config(empty_database, tmp_path / "instance"))
    with app.app_context():
        try:
            upgrade()
            teacher = Teacher(email="old@school.example", name="Ms Old")
            teacher.set_password("correct horse battery")
            room = Classroom(name="Old", grade="Grade 1", secret_length=2, join_code="OLDONE")
            room.time_zone = "America/Los_Angeles"  # tallies count local days
            room.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
            db.session.add(room)
            db.session.flush()
            child = enrol(room, "Ada", teacher)
            assert child is not None
            db.session.flush()
            fill_history(
                room.id, [(child.id, Assignment.of(child))], end=date(2026, 11, 20), games=6
            )
            db.session.commit()
            expected = tallies_now()
            judged_now = db.session.execute(
                select(ChoiceRow.id, ChoiceRow.judged, ChoiceRow.error, ChoiceRow.distance)
            ).all()
            assert any(row.judged for row in judged_now)
            # As an older version stored them: no new facts, tallies with the old keys only.
            for row in db.session.scalars(select(ChoiceRow)):
                old = {k: v for k, v in row.facts.items() if k not in NEW_FACTS}
                row.facts = old
            db.session.execute(delete(DailyTally).where(DailyTally.key.like("chance:%")))
            db.session.commit()
            downgrade(revision="7d4e9a1b2c30")
            upgrade()
            db.session.expire_all()
            assert tallies_now() == expected
            assert (
                db.session.execute(
                    select(ChoiceRow.id, ChoiceRow.judged, ChoiceRow.error, ChoiceRow.distance)
                ).all()
                == judged_now
            )
            assert all("options" in row.facts for row in db.session.scalars(select(ChoiceRow)))
            assert rebuild(db.session, room.id) == len(expected)
            assert tallies_now() == expected
        finally:
            db.session.remove()
            db.engine.dispose()


NEW_FACTS = ("judged", "options", "right_options", "error")


def tallies_now() -> dict[tuple[Any, ...], tuple[int, int]]:
    """Every stored tally: (child, day, level, key) -> (hits, chances)."""
    rows = db.session.execute(
        select(
            DailyTally.child_id,
            DailyTally.day,
            DailyTally.level,
            DailyTally.key,
            DailyTally.hits,
            DailyTally.chances,
        )
    )
    return {(r[0], r[1], r[2], r[3]): (r[4], r[5]) for r in rows}


def test_upgrade_judges_discard_cards_with_the_take_and_counts_the_calls_chance(
    empty_database: str, tmp_path: Path
) -> None:
    """Migration d5f7a9b1c3e6: choices stored when a card taken from the DISCARD pile, higher
    than every known card and put on one of them, was no comparison come out of `flask db
    upgrade` judged as commissions, and the tallies are rebuilt with the calls' chance of
    being lowest ("callchance"); a downgrade leaves the data as it is."""
    app = create_app(base_config(empty_database, tmp_path / "instance"))
    with app.app_context():
        try:
            upgrade()
            teacher = Teacher(email="old@school.example", name="Ms Old")
            teacher.set_password("correct horse battery")
            room = Classroom(name="Old", grade="Grade 1", secret_length=2, join_code="OLDTWO")
            room.time_zone = "Europe/Berlin"
            room.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
            db.session.add(room)
            db.session.flush()
            children = [enrol(room, name, teacher) for name in ("Ada", "Ben", "Cy")]
            db.session.flush()
            fill_history(
                room.id,
                [(c.id, Assignment.of(c)) for c in children if c is not None],
                end=date(2026, 11, 20),
                games=12,
            )
            ada = children[0]
            assert ada is not None
            record(db.session, [discard_onto_lowest(ada.id, room.id)])
            db.session.commit()
            expected = tallies_now()
            judged_now = key_columns_now()
            assert any(key[3] == "callchance" for key in expected)
            # As the code before stored them: the take-onto-a-lower-card was no comparison.
            changed = 0
            for row in db.session.scalars(select(ChoiceRow)):
                facts = row.facts
                if not (facts["judged"] and facts["hand_from_discard"]):
                    continue
                if facts["highest_known"] >= facts["hand"]:
                    continue
                assert facts["error"] == "commission"
                row.facts = facts | {
                    "judged": False,
                    "options": facts["options"] - 1,
                    "right_options": 0,
                    "error": None,
                    "distance": None,
                    "family_pair": None,
                }
                row.judged, row.error, row.correct = False, None, None
                row.distance = row.family_pair = None
                changed += 1
            assert changed
            db.session.commit()
            rebuild(db.session, room.id)
            db.session.execute(delete(DailyTally).where(DailyTally.key == "callchance"))
            db.session.commit()
            old = tallies_now()
            assert old != expected
            downgrade(revision="c4e6a8b0d2f4")
            db.session.expire_all()
            assert tallies_now() == old  # nothing to undo in the schema; the data stays
            upgrade()
            db.session.expire_all()
            assert tallies_now() == expected
            assert key_columns_now() == judged_now
            assert rebuild(db.session, room.id) == len(expected)
            assert tallies_now() == expected
        finally:
            db.session.remove()
            db.engine.dispose()


def discard_onto_lowest(child_id: int, class_id: int) -> ChoiceRow:
    """A stored choice: a 7 taken from the DISCARD pile put on a 2, at Ultra-Peek."""
    deck = (2, 5, 6, 4, 9, 9, 9, 9, 7, 3)  # seat 0's line, seat 1's, the DISCARD card
    game = new_game("ultra_peek", 2, seed=1, options=Options(stacked_deck=deck))
    game.apply(TAKE_DISCARD)
    facts = describe_choice(game.view(0), replace(1), game.lines)
    model, values = row_values(
        ChoiceRecord(facts, datetime(2026, 11, 19, 10, tzinfo=UTC), 0, child_id), class_id
    )
    row: ChoiceRow = model(**values)
    return row


def key_columns_now() -> list[tuple[Any, ...]]:
    """Every stored choice's judgement: id, judged, error, right, distance, family pair."""
    rows = db.session.execute(
        select(
            ChoiceRow.id,
            ChoiceRow.judged,
            ChoiceRow.error,
            ChoiceRow.correct,
            ChoiceRow.distance,
            ChoiceRow.family_pair,
        ).order_by(ChoiceRow.id)
    )
    return [tuple(row) for row in rows]


def state_storage() -> str:
    """How PostgreSQL stores play_tables.state: 'e' as it is, 'x' compressed when it can."""
    query = text(
        "SELECT attstorage FROM pg_attribute"
        " WHERE attrelid = 'play_tables'::regclass AND attname = 'state'"
    )
    return str(db.session.scalar(query))


def test_a_tables_game_is_stored_as_it_is_on_postgresql(tmp_path: Path, app: Any) -> None:
    """Compressing a game's 8.6 KB at every move cost half the UPDATE's CPU: both the
    migrations and the models' own schema (the tests') store it uncompressed, and the
    downgrade puts PostgreSQL's default back."""
    if not os.environ.get(TEST_DATABASE_ENV, "").startswith("postgres"):
        pytest.skip("a PostgreSQL storage setting: PostgreSQL only")
    with app.app_context():
        assert state_storage() == "e"  # the models' schema (db.create_all)
    for url in fresh_postgresql():
        migrated = create_app(base_config(url, tmp_path / "instance"))
        with migrated.app_context():
            upgrade()
            assert state_storage() == "e"
            db.session.remove()
            downgrade(revision="e6a8c0d2f4b7")
            assert state_storage() == "x"
            db.session.remove()
            db.engine.dispose()
