"""Fill a fresh database for the load benchmark with the app's own code: a teacher, a class
of children at one level, and tables of children already started (no computer players).

Runs inside the app (create_app() reads DATABASE_URL and CLASSROOM_INSTANCE_PATH from the
environment, as under gunicorn) and returns what the driver needs to sign each child in.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from classroom import create_app
from classroom.assignments import Assignment, assign
from classroom.extensions import db
from classroom.models import Classroom, ClassTeacher, Teacher
from classroom.pictures import new_join_code
from classroom.roster import enrol
from classroom.tables.seating import open_table_for, seat_child, start_table

# Ways of adding up the score, one per table in turn, so every counting form is exercised.
SCORINGS = ("cubes", "cubes_and_total", "total")


def seed(tables: int, seats: int, *, level: str = "standard", rounds: int = 3) -> dict[str, Any]:
    """Make the class and start `tables` tables of `seats` children each; returns the class
    code, each child's id, name, secret pictures, table and seat, and each table's scoring."""
    app = create_app()
    with app.app_context():
        teacher = Teacher(email="loadbench@example.com", name="Ms Bench")
        teacher.set_password("load-bench-only")
        classroom = Classroom(
            name="Load bench", grade="Grade 2", secret_length=2, join_code=new_join_code()
        )
        classroom.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
        db.session.add_all([teacher, classroom])
        db.session.flush()
        children: list[dict[str, Any]] = []
        table_rows: list[dict[str, Any]] = []
        for t in range(tables):
            scoring = SCORINGS[t % len(SCORINGS)]
            members = []
            for s in range(seats):
                child = enrol(classroom, f"Child {t + 1}-{s + 1}", teacher)
                if child is None:
                    raise SystemExit("the class has no sign-in pictures left for more children")
                members.append(child)
            db.session.flush()
            assign(
                members,
                Assignment(level=level, scoring=scoring, series_end="rounds", rounds=rounds),
                teacher,
                "Load benchmark",
            )
            db.session.commit()
            # As a child does on "Play with friends": open a table, the others sit, start.
            table = open_table_for(members[0])
            for child in members[1:]:
                seat_child(table.id, child)
            start_table(table.id, [])
            table_rows.append({"id": table.id, "scoring": scoring})
            children += [
                {
                    "id": child.id,
                    "name": child.display_name,
                    "secret": child.secret_pictures,
                    "table": t,
                    "seat": s,
                }
                for s, child in enumerate(members)
            ]
        result = {"join_code": classroom.join_code, "children": children, "tables": table_rows}
        db.session.remove()
        db.engine.dispose()
    return result


def main() -> None:
    """`python -m tools.loadbench.seed TABLES SEATS ROUNDS LEVEL OUT.json`."""
    tables, seats, rounds, level, out = sys.argv[1:6]
    plan = seed(int(tables), int(seats), level=level, rounds=int(rounds))
    with open(out, "w", encoding="utf-8") as f:
        json.dump(plan, f)


if __name__ == "__main__":
    main()
