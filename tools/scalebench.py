"""Scale benchmark (issue 5): a class of 30 with a school year of play (about 300 games each),
then the server time of the class overview, a child page and a progress report.

    bin/scalebench [--db sqlite|postgresql] [--children 30] [--games 300] [--weeks 40]
                   [--repeat 15]

The history is written as the play side writes it (classroom.progress.history), on a fresh
SQLite file or a fresh PostgreSQL database (dropped afterwards). Each page is requested
through the app in this process (Flask's test client, signed in as the class's teacher), so
the time is the server's: routing, queries, insights and the template. Figures:
docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from typing import Any

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
LEVELS = ("ultra_peek", "peek", "outside_peek", "standard")
NAMES = [
    "Ava",
    "Mia",
    "Noah",
    "Leo",
    "Zoe",
    "Sam",
    "Ivy",
    "Omar",
    "Lily",
    "Finn",
    "Ruby",
    "Theo",
    "Ella",
    "Max",
    "Nora",
    "Jack",
    "Isla",
    "Ben",
    "Rosa",
    "Kai",
    "Lena",
    "Otto",
    "Maya",
    "Eli",
    "Jade",
    "Tom",
    "Alma",
    "Hugo",
    "Iris",
    "Luca",
    "Anna",
    "Ravi",
]


@contextmanager
def database(kind: str) -> Iterator[str]:
    """A fresh, empty database of `kind`, removed afterwards; yields its URL."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="scalebench-") as folder:
            yield "sqlite:///" + os.path.join(folder, "bench.sqlite")
        return
    import psycopg

    name = f"classroom_scalebench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def timed(call: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median and slowest of `repeat` calls, in milliseconds (after one warm-up call)."""
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def build(children: int, games: int, weeks: int, today: date) -> tuple[int, int, list[int], str]:
    """The teacher, the class of `children` and their history; returns ids and the email."""
    from classroom.assignments import Assignment
    from classroom.extensions import db
    from classroom.models import Classroom, ClassTeacher, Teacher
    from classroom.pictures import new_join_code
    from classroom.progress.history import fill_history
    from classroom.roster import enrol

    teacher = Teacher(email="bench@example.com", name="Ms Bench")
    teacher.set_password("scale benchmark")
    classroom = Classroom(name="Benchmark class", grade="1", join_code=new_join_code())
    classroom.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
    db.session.add_all([teacher, classroom])
    db.session.flush()
    made = []
    for i in range(children):
        child = enrol(classroom, f"{NAMES[i % len(NAMES)]} {chr(65 + i // len(NAMES))}.", teacher)
        assert child is not None
        child.level = LEVELS[i % len(LEVELS)]
        # Cube bars and the typed total: a year of every kind of count on the pages.
        child.scoring = "cubes_and_total"
        made.append(child)
    db.session.commit()
    start = time.perf_counter()
    filled = fill_history(
        classroom.id,
        [(c.id, Assignment.of(c)) for c in made],
        end=today,
        weeks=weeks,
        games=games,
    )
    db.session.commit()
    print(
        f"history: {filled.children} children, {filled.games} games, {filled.choices} choices, "
        f"{filled.tallies} tallies written in {time.perf_counter() - start:.0f} s"
    )
    return teacher.id, classroom.id, [c.id for c in made], teacher.login_token


def settle(engine: Any) -> None:
    """Refresh the planner's statistics after the bulk load, as autovacuum would on a live
    database (PostgreSQL also sets its visibility map, so index-only scans are possible)."""
    from sqlalchemy import text

    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.execution_options(isolation_level="AUTOCOMMIT").execute(
                text("VACUUM ANALYZE")
            )
        else:
            connection.execute(text("ANALYZE"))
            connection.commit()


def main(argv: list[str] | None = None) -> None:
    """Build the class on a fresh database and print each page's server time."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--weeks", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)

    from classroom import create_app
    from classroom.access import TEACHER_SESSION_KEY, new_teacher_session
    from classroom.extensions import db

    today = datetime.now(UTC).date()
    with database(args.db) as url, tempfile.TemporaryDirectory() as instance:
        app = create_app(
            {
                "DATABASE_URL": url,
                "INSTANCE_PATH": instance,
                "SECRET_KEY": "scale benchmark",
                "WTF_CSRF_ENABLED": False,
                "RATELIMIT_ENABLED": False,
            }
        )
        with app.app_context():
            from flask_migrate import upgrade

            upgrade()
            teacher_id, class_id, child_ids, token = build(
                args.children, args.games, args.weeks, today
            )
            device = new_teacher_session(teacher_id)
            db.session.remove()
            settle(db.engine)
        client = app.test_client()
        with client.session_transaction() as session:
            session["_user_id"] = token
            session["_fresh"] = True
            session[TEACHER_SESSION_KEY] = device
        year_start = today - timedelta(days=364)
        year = f"start={year_start.isoformat()}&end={today.isoformat()}"
        with app.app_context():
            from classroom.models import Child, Classroom
            from classroom.progress import DateRange, child_progress, overview

            classroom = db.session.get(Classroom, class_id)
            pupil = db.session.get(Child, child_ids[1])
            assert classroom is not None and pupil is not None
            whole = DateRange(year_start, today)
            print("the data alone (classroom.progress), median and slowest (ms):")
            for name, call in (
                ("overview, school year", lambda: overview(classroom, whole, today)),
                ("child, school year", lambda: child_progress(pupil, whole, today)),
            ):
                median, slowest = timed(call, args.repeat)
                print(f"  {name:32} {median:7.1f} {slowest:7.1f}")
            db.session.remove()
        print(f"pages ({args.db}), {args.repeat} requests each, median and slowest (ms):")
        child = child_ids[1]
        pages = [
            ("class overview, last 4 weeks", f"/classes/{class_id}/overview"),
            ("class overview, school year", f"/classes/{class_id}/overview?{year}"),
            ("child page, last 4 weeks", f"/children/{child}/progress"),
            (
                "child page, school year",
                f"/children/{child}/progress?{year}",
            ),
            ("progress report, school year", f"/children/{child}/report?{year}"),
        ]
        for name, url_path in pages:

            def request(path: str = url_path) -> None:
                response = client.get(path)
                assert response.status_code == 200, (path, response.status_code)

            median, slowest = timed(request, args.repeat)
            print(f"  {name:32} {median:7.1f} {slowest:7.1f}")


if __name__ == "__main__":
    main()
