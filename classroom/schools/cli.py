"""`flask schools` lists the schools and their classes; `flask coach` gives a school a coach
(making the account if the address has none) or takes the role away. A coach is named by the
school's administration, the way a school adds staff to its systems, not by a class's teacher:
the role reads every class of the school (docs/dashboards.md, "A school and its coach")."""

from __future__ import annotations

from datetime import UTC, datetime

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from classroom.access import end_teacher_sessions
from classroom.auth.passwords import password_problem
from classroom.extensions import db
from classroom.models import ClassTeacher, School, SchoolCoach, Teacher


@click.command("schools")
@with_appcontext
def schools_command() -> None:
    """List every school: its id, name, classes and coaches."""
    for school in db.session.scalars(select(School).order_by(School.id)):
        classes = ", ".join(c.name for c in school.classes) or "no classes"
        coaches = [db.session.get(Teacher, coach.teacher_id) for coach in school.coaches]
        named = ", ".join(t.email for t in coaches if t is not None) or "no coach"
        click.echo(f"{school.id}\t{school.name}\t{classes}\tcoaches: {named}")


@click.command("coach")
@with_appcontext
@click.argument("school_id", type=int)
@click.argument("email")
@click.option("--name", default="", help="The coach's name, for a new account.")
@click.option("--password", default=None, help="For a new account; asked for if not given.")
@click.option("--remove", is_flag=True, help="Take the coach role at this school away.")
def coach_command(
    school_id: int, email: str, name: str, password: str | None, remove: bool
) -> None:
    """Make the account with EMAIL a coach of school SCHOOL_ID (read-only across its classes).

    An address with no account gets one (name and password asked for); an account that
    teaches a class cannot be a coach, since a coach's account writes nothing.
    """
    school = db.session.get(School, school_id)
    if school is None:
        raise click.BadParameter(f"No school has the id {school_id} (see `flask schools`).")
    address = email.strip().lower()
    account = db.session.scalar(select(Teacher).where(Teacher.email == address))
    if remove:
        held = account and db.session.get(SchoolCoach, (school_id, account.id))
        if not held:
            raise click.BadParameter(f"{address} is not a coach of {school.name}.")
        db.session.delete(held)
        end_teacher_sessions(account)  # commits; the next sign-in sees the change
        click.echo(f"{address} no longer coaches {school.name}.")
        return
    if account is None:
        name = name.strip() or click.prompt("The coach's name")
        if password is None:
            password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
        problem = password_problem(password, hints=(address, name))
        if problem:
            raise click.BadParameter(problem, param_hint="--password")
        # Made by the school's administration, who know the address is the coach's.
        account = Teacher(email=address, name=name[:80], email_confirmed_at=datetime.now(UTC))
        account.set_password(password)
        db.session.add(account)
        db.session.flush()
    elif db.session.scalar(select(ClassTeacher).where(ClassTeacher.teacher_id == account.id)):
        raise click.BadParameter(
            f"{address} teaches a class: a coach's account changes nothing, so use another "
            "address for the coach."
        )
    if db.session.get(SchoolCoach, (school_id, account.id)) is None:
        db.session.add(SchoolCoach(school_id=school_id, teacher_id=account.id))
    db.session.commit()
    click.echo(f"{account.name} ({address}) coaches {school.name}: read-only, every class.")
