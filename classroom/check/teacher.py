"""The teacher's side of the number check: give it to a child, a group or the class (with the
class's line and how often), see who has one to do, and export every answer as CSV."""

from __future__ import annotations

from collections.abc import Iterator

from flask import Response, flash, redirect, request, stream_with_context, url_for
from flask_wtf import FlaskForm
from wtforms import RadioField, SelectField
from wtforms.validators import InputRequired

from classroom.access import class_or_404, teacher, teacher_blueprint
from classroom.check.columns import CSV_COLUMNS
from classroom.check.service import (
    DoneCheck,
    answers_for_export,
    as_answer,
    done_checks,
    give_check,
    latest_check,
    settings_of,
)
from classroom.csvfiles import BOM, csv_response, file_slug, line, text
from classroom.extensions import db
from classroom.forms import FormPage, choices, render_form
from classroom.models import Child, Classroom, NumberCheck, NumberCheckAnswer
from classroom.roster import full_stop
from classroom.zones import local, offset_text

teacher_bp = teacher_blueprint("number_check", __name__)

LINE_CHOICES = {10: "0 to 10", 20: "0 to 20 (from first grade: ten numerals, up to 18)"}
EVERY_CHOICES = {7: "At most once a week", 14: "At most every 2 weeks", 28: "At most every 4 weeks"}


class GiveCheckForm(FlaskForm):
    who = SelectField("Who does the check", validators=[InputRequired()])
    line_max = RadioField(
        "Number line",
        coerce=int,
        choices=choices(LINE_CHOICES.items()),
        validators=[InputRequired()],
    )
    every_days = SelectField(
        "How often a child may get one",
        coerce=int,
        choices=choices(EVERY_CHOICES.items()),
        validators=[InputRequired()],
    )


def who_choices(classroom: Classroom) -> list[tuple[str, str]]:
    """The class, each group, each child, as the form's choices."""
    out = [("class", f"The whole class ({len(classroom.active_children)} children)")]
    out += [(f"group-{g.id}", f"Group: {g.name}") for g in classroom.groups]
    out += [(f"child-{c.id}", c.display_name) for c in classroom.active_children]
    return out


def chosen_children(classroom: Classroom, who: str) -> tuple[list[Child], str | None]:
    """The children the form chose, and how the check was given (for the record)."""
    if who == "class":
        return classroom.active_children, "whole class"
    kind, _, ident = who.partition("-")
    if kind == "group":
        for group in classroom.groups:
            if str(group.id) == ident:
                return [c for c in group.members if c.archived_at is None], f"group {group.name}"
    if kind == "child":
        for child in classroom.active_children:
            if str(child.id) == ident:
                return [child], None
    return [], None


def status_of(
    child: Child, done: list[DoneCheck], time_zone: str
) -> tuple[str, NumberCheck | None]:
    """A child's line in the class's check list: what they have to do or last did (the
    class's days)."""
    check = latest_check(child.id)
    if check is None:
        return "No check yet", None
    if check.finished_at is None:
        started = " (started)" if check.started_at is not None else ""
        return f"To do, given {local(check.assigned_at, time_zone):%-d %b %Y}{started}", check
    return f"Done {local(check.finished_at, time_zone):%-d %b %Y}; {len(done)} done in all", check


@teacher_bp.route("/classes/<int:class_id>/number-check", methods=["GET", "POST"])
def class_page(class_id: int) -> FormPage:
    """Give the number check to a child, a group or the class, and see where each child is."""
    classroom = class_or_404(class_id)
    settings = settings_of(classroom)
    form = GiveCheckForm()
    form.who.choices = choices(who_choices(classroom))
    if request.method == "GET":
        form.line_max.data = settings.line_max
        form.every_days.data = settings.every_days
        form.who.data = request.args.get("who", "class")
    elif form.validate_on_submit():
        children, via = chosen_children(classroom, form.who.data)
        settings.line_max = form.line_max.data
        settings.every_days = form.every_days.data
        db.session.add(settings)
        given = give_check(children, settings, teacher(), via)
        db.session.commit()
        if given.given:
            names = ", ".join(c.display_name for c in given.given)
            flash(f"The number check is on the home page of: {names}{full_stop(names)}", "success")
        # One line per reason, however many children it names.
        unfinished = [c.display_name for c, when in given.waiting if when is None]
        recent = [
            f"{c.display_name} (from {local(when, classroom.time_zone):%-d %b})"
            for c, when in given.waiting
            if when is not None
        ]
        if unfinished:
            flash(f"Not given to {', '.join(unfinished)}: a check is still to finish.", "warning")
        if recent:
            flash(
                f"Not given to {', '.join(recent)}: a check was given less than "
                f"{settings.every_days} days ago; the next one can be given from the day named.",
                "warning",
            )
        return redirect(url_for("number_check.class_page", class_id=classroom.id))
    done = done_checks([c.id for c in classroom.active_children])
    rows = [
        (child, *status_of(child, done.get(child.id, []), classroom.time_zone))
        for child in classroom.active_children
    ]
    return render_form(
        "check/class.html", form=form, classroom=classroom, rows=rows, settings=settings
    )


def csv_cells(
    answer_row: NumberCheckAnswer, check: NumberCheck, name: str, time_zone: str
) -> list[object]:
    """One answered item as CSV cells (CSV_COLUMNS), days and times the class's own."""
    line_task = answer_row.kind == "line"
    error = as_answer(answer_row).error  # the insights' measure, not worked out again here
    return [
        text(name),
        check.id,
        check.line_max,
        local(check.assigned_at, time_zone).date().isoformat(),
        offset_text(answer_row.created_at, time_zone),
        answer_row.item_number + 1,
        answer_row.kind,
        answer_row.target,
        "" if line_task else " ".join(str(n) for n in answer_row.choices),
        f"{answer_row.response:.2f}" if line_task else int(answer_row.response),
        "" if line_task else int(bool(answer_row.correct)),
        "" if error is None else f"{error:.2f}",
    ]


def csv_lines(class_id: int, time_zone: str) -> Iterator[str]:
    """The CSV of every answered item of the class, a line at a time."""
    yield BOM + line(CSV_COLUMNS)
    for answer_row, check, name in answers_for_export(class_id):
        yield line(csv_cells(answer_row, check, name, time_zone))


@teacher_bp.get("/classes/<int:class_id>/export/number-check.csv")
def answers_csv(class_id: int) -> Response:
    """Every item of the number check answered by the class's children, as CSV."""
    classroom = class_or_404(class_id)
    name = f"{file_slug(classroom.name)}-number-check.csv"
    return csv_response(stream_with_context(csv_lines(classroom.id, classroom.time_zone)), name)
