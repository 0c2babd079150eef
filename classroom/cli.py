"""Flask commands: `flask demo` fills a demo class so a newcomer can look around."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select

from classroom.assignments import Assignment, assign
from classroom.classes.views import unique_join_code
from classroom.extensions import db
from classroom.models import Child, Classroom, ClassTeacher, Group, Teacher
from classroom.roster import enrol

DEMO_EMAIL = "demo@example.com"
DEMO_PASSWORD = "rat-a-tat-cat"
DEMO_CLASS = "Room 4 Cats (demo)"
DEMO_CHILDREN = [
    "Mia K.", "Noah B.", "Ava T.", "Leo M.", "Zoe P.", "Sam R.",
    "Ivy C.", "Omar H.", "Lily W.", "Finn D.", "Ruby S.", "Theo A.",
]  # fmt: skip
DEMO_GROUPS = {
    "Table 1": ["Mia K.", "Noah B.", "Ava T.", "Leo M."],
    "Table 2": ["Zoe P.", "Sam R.", "Ivy C.", "Omar H."],
    "Tuesday group": ["Lily W.", "Finn D.", "Ruby S.", "Theo A."],
}


def create_demo() -> tuple[Teacher, Classroom]:
    """The demo teacher, class, children, groups and a little assignment history."""
    teacher = Teacher(email=DEMO_EMAIL, name="Ms Demo")
    teacher.set_password(DEMO_PASSWORD)
    classroom = Classroom(
        name=DEMO_CLASS, grade="Kindergarten", secret_length=2, join_code=unique_join_code()
    )
    classroom.memberships.append(ClassTeacher(teacher=teacher, role="owner"))
    db.session.add_all([teacher, classroom])
    db.session.flush()
    children: dict[str, Child] = {}
    for name in DEMO_CHILDREN:
        child = enrol(classroom, name, teacher)
        assert child is not None  # 13 pictures x 6 colours for 12 children
        children[name] = child
    for group_name, names in DEMO_GROUPS.items():
        db.session.add(
            Group(classroom=classroom, name=group_name, members=[children[n] for n in names])
        )
    db.session.flush()
    assign(
        [children[n] for n in DEMO_GROUPS["Table 2"]],
        Assignment(level="peek", scoring="cubes_and_total"),
        teacher,
        "Table 2 compares cards out loud with confidence; time to keep lines face down.",
        via="group Table 2",
    )
    assign(
        [children["Lily W."], children["Ruby S."]],
        Assignment(
            level="outside_peek",
            scoring="total",
            series_end="limit",
            computer_players=("solid", "strong"),
        ),
        teacher,
        "Adds four cards in her head and remembers her outside cards.",
    )
    assign(
        [children["Theo A."]],
        Assignment(level="standard", scoring="total", rounds=3, computer_players=("strong",)),
        teacher,
        "Ready for the full game: remembers swaps and calls at the right time.",
    )
    db.session.commit()
    return teacher, classroom


@click.command("demo")
@with_appcontext
@click.option(
    "--first-start",
    is_flag=True,
    help="Only when the database has no teachers yet (what bin/run uses).",
)
def demo_command(first_start: bool) -> None:
    """Create the demo teacher and class (demo@example.com) and print how to sign in."""
    if first_start and db.session.scalar(select(Teacher.id).limit(1)) is not None:
        return
    teacher = db.session.scalar(select(Teacher).where(Teacher.email == DEMO_EMAIL))
    if teacher is None:
        teacher, classroom = create_demo()
        click.echo(f"Made the demo class {classroom.name!r} with {len(DEMO_CHILDREN)} children.")
    else:
        click.echo("The demo teacher already exists; nothing was changed.")
    click.echo(f"Demo teacher sign-in: {DEMO_EMAIL} / password: {DEMO_PASSWORD}")
    codes = db.session.scalars(
        select(Classroom.join_code).join(ClassTeacher).where(ClassTeacher.teacher_id == teacher.id)
    ).all()
    for code in codes:
        click.echo(f"Children sign in at /join/{code} (class code {code}).")


def init_app(app: Flask) -> None:
    app.cli.add_command(demo_command)
