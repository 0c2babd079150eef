"""Flask commands: `flask demo` fills a demo class so a newcomer can look around, with weeks of
play behind it; `flask history` gives any class simulated history; `flask tallies` rebuilds a
class's daily tallies from its recorded rows; `flask retention` (classroom/retention.py) deletes
children archived longer than RETENTION_DAYS."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select

from classroom.access import end_teacher_sessions
from classroom.assignments import Assignment, assign
from classroom.auth.mailings import send_password_changed
from classroom.auth.passwords import password_problem
from classroom.check.demo import fill_checks
from classroom.classes.views import unique_join_code
from classroom.demo_account import DEMO_EMAIL, DEMO_PASSWORD, first_start_may_make_it
from classroom.extensions import db
from classroom.models import AssignmentChange, Child, Classroom, ClassTeacher, Group, Teacher
from classroom.progress.history import fill_history
from classroom.progress.keep import rebuild
from classroom.retention import retention_command
from classroom.roster import enrol
from classroom.zones import today_in

DEMO_CLASS = "Room 4 Cats (demo)"
DEMO_CHILDREN = [
    "Mia K.", "Noah B.", "Ava T.", "Leo M.", "Zoe P.", "Sam R.",
    "Ivy C.", "Omar H.", "Lily W.", "Finn D.", "Ruby S.", "Theo A.",
]  # fmt: skip
DEMO_WEEKS = 8  # of simulated play behind the demo class, up to today
DEMO_GAMES = 40  # per child: about five short games a week
DEMO_GROUPS = {
    "Table 1": ["Mia K.", "Noah B.", "Ava T.", "Leo M."],
    "Table 2": ["Zoe P.", "Sam R.", "Ivy C.", "Omar H."],
    "Tuesday group": ["Lily W.", "Finn D.", "Ruby S.", "Theo A."],
}


def create_demo() -> tuple[Teacher, Classroom]:
    """The demo teacher, class, children, groups and a little assignment history."""
    # example.com receives no mail: the demo account counts as confirmed, usable at once.
    teacher = Teacher(email=DEMO_EMAIL, name="Ms Demo", email_confirmed_at=datetime.now(UTC))
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
            points_limit=50,  # about a quarter of an hour a game, as a class period allows
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
    help="Only when the database has no teachers yet, and only on the embedded default "
    "database with no mail configured (what bin/run uses).",
)
@click.option(
    "--remove",
    is_flag=True,
    help="Delete the demo teacher, with the classes they own and everything in them.",
)
def demo_command(first_start: bool, remove: bool) -> None:
    """Create the demo teacher and class (demo@example.com) and print how to sign in."""
    if remove:
        remove_demo()
        return
    if first_start and db.session.scalar(select(Teacher.id).limit(1)) is not None:
        return
    if first_start and not first_start_may_make_it():
        # A school's database, or a server that sends mail: no public login made unasked.
        click.echo(
            "No demo class made: it is made on the first start only on the built-in SQLite "
            "database with no mail configured. `flask --app classroom demo` makes it here."
        )
        return
    teacher = db.session.scalar(select(Teacher).where(Teacher.email == DEMO_EMAIL))
    if teacher is None:
        teacher, classroom = create_demo()
        # The history starts DEMO_WEEKS ago; the children joined two days before (the first
        # number check is the day before the play, and no check may be dated before "Added
        # to the class"), and their levels were given then.
        joined = timedelta(weeks=DEMO_WEEKS, days=2)
        for change in db.session.scalars(
            select(AssignmentChange).join(Child).where(Child.class_id == classroom.id)
        ):
            change.changed_at -= joined
        for child in classroom.active_children:
            child.created_at -= joined
        filled = fill_history(
            classroom.id,
            [(c.id, Assignment.of(c)) for c in classroom.active_children],
            end=today_in(classroom.time_zone),
            weeks=DEMO_WEEKS,
            games=DEMO_GAMES,
        )
        # A number check before the play and one at its end (docs/number_check.md).
        end = today_in(classroom.time_zone)
        fill_checks(
            classroom.id,
            [c.id for c in classroom.active_children],
            end - timedelta(weeks=DEMO_WEEKS, days=1),
            end - timedelta(days=1),
        )
        db.session.commit()
        click.echo(
            f"Made the demo class {classroom.name!r} with {len(DEMO_CHILDREN)} children and "
            f"{DEMO_WEEKS} weeks of play ({filled.games} games)."
        )
    else:
        click.echo("The demo teacher already exists; nothing was changed.")
    click.echo(f"Demo teacher sign-in: {DEMO_EMAIL} / password: {DEMO_PASSWORD}")
    codes = db.session.scalars(
        select(Classroom.join_code).join(ClassTeacher).where(ClassTeacher.teacher_id == teacher.id)
    ).all()
    for code in codes:
        click.echo(f"Children sign in at /join/{code} (class code {code}).")


def remove_demo() -> None:
    """Delete the demo teacher and the classes they own (their children and all their data);
    a class they only co-teach stays its owner's."""
    teacher = db.session.scalar(select(Teacher).where(Teacher.email == DEMO_EMAIL))
    if teacher is None:
        click.echo("There is no demo teacher; nothing was changed.")
        return
    owned = db.session.scalars(
        select(Classroom)
        .join(ClassTeacher)
        .where(ClassTeacher.teacher_id == teacher.id, ClassTeacher.role == "owner")
    ).all()
    names = [c.name for c in owned]
    for classroom in owned:
        db.session.delete(classroom)
    db.session.delete(teacher)
    db.session.commit()
    click.echo(
        f"Deleted the demo teacher {DEMO_EMAIL}"
        + (f" and {', '.join(repr(n) for n in names)} with everything in it." if names else ".")
    )


def class_by_code(code: str) -> Classroom:
    """The class with this join code, or a clear error for the command line."""
    classroom = db.session.scalar(select(Classroom).where(Classroom.join_code == code.upper()))
    if classroom is None:
        raise click.BadParameter(f"No class has the join code {code!r}.", param_hint="CODE")
    return classroom


@click.command("history")
@with_appcontext
@click.argument("code")
@click.option("--weeks", default=8, show_default=True, type=click.IntRange(1, 52))
@click.option("--games", default=40, show_default=True, type=click.IntRange(1, 1000))
@click.option("--seed", default=0, show_default=True, type=int)
def history_command(code: str, weeks: int, games: int, seed: int) -> None:
    """Give every active child of the class CODE simulated games over the last WEEKS weeks.

    Computer players with child-like habits (comparing well, treating all cats alike,
    forgetting, miscounting, learning over the weeks) play real games as each child's
    assignment has them play (level, options, computer players, way of adding up).
    """
    classroom = class_by_code(code)
    children = [(c.id, Assignment.of(c)) for c in classroom.active_children]
    filled = fill_history(
        classroom.id,
        children,
        end=today_in(classroom.time_zone),
        weeks=weeks,
        games=games,
        seed=seed,
    )
    db.session.commit()
    click.echo(
        f"{classroom.name}: {filled.games} games ({filled.choices} choices) for "
        f"{filled.children} children over {weeks} weeks."
    )


@click.command("tallies")
@with_appcontext
@click.argument("code")
def tallies_command(code: str) -> None:
    """Rebuild the daily tallies of the class CODE from its recorded rows."""
    classroom = class_by_code(code)
    written = rebuild(db.session, classroom.id)
    db.session.commit()
    click.echo(f"{classroom.name}: {written} daily tallies rebuilt.")


@click.command("reset-password")
@with_appcontext
@click.argument("email")
@click.password_option("--password", prompt="New password", help="Asked for twice if not given.")
def reset_password_command(email: str, password: str) -> None:
    """Set a new password for the teacher with this EMAIL (for a server that sends no email).

    Every session of that teacher ends; where mail is configured, they are told by email.
    """
    teacher = db.session.scalar(select(Teacher).where(Teacher.email == email.strip().lower()))
    if teacher is None:
        raise click.BadParameter(f"No teacher has the email {email!r}.", param_hint="EMAIL")
    problem = password_problem(password, hints=(teacher.email, teacher.name))
    if problem:
        raise click.BadParameter(problem, param_hint="--password")
    teacher.set_password(password)
    end_teacher_sessions(teacher)  # commits the password with the end of every session
    told = send_password_changed(teacher)
    click.echo(
        f"The password of {teacher.name} ({teacher.email}) is changed; their other sessions "
        f"are ended.{' They were told by email.' if told else ''}"
    )


def init_app(app: Flask) -> None:
    """Register the commands."""
    app.cli.add_command(demo_command)
    app.cli.add_command(history_command)
    app.cli.add_command(tallies_command)
    app.cli.add_command(retention_command)
    app.cli.add_command(reset_password_command)
    from classroom.schools.cli import coach_command, schools_command
    from classroom.schools.roster_cli import roster_command

    app.cli.add_command(schools_command)
    app.cli.add_command(coach_command)
    app.cli.add_command(roster_command)
