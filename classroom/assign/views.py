"""Views that change assignments; every change is kept in each child's history."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from flask import flash, redirect, request, url_for

from classroom.access import child_or_404, class_or_404, group_or_404, teacher, teacher_blueprint
from classroom.assign.forms import AssignmentForm
from classroom.assignments import (
    DEFAULT_ASSIGNMENT,
    LEVEL_DESCRIPTIONS,
    Assignment,
    assign,
)
from classroom.extensions import db
from classroom.forms import FormPage, render_form
from classroom.game import Level
from classroom.models import Child

bp = teacher_blueprint("assign", __name__)


def most_common(children: Sequence[Child]) -> Assignment:
    if not children:
        return DEFAULT_ASSIGNMENT
    return Counter(Assignment.of(c) for c in children).most_common(1)[0][0]


def assignment_page(
    *, title: str, children: Sequence[Child], via: str | None, back: str
) -> FormPage:
    form = AssignmentForm()
    if request.method == "GET":
        form.load(most_common(children))
    elif form.validate_on_submit():
        changed = assign(children, form.assignment(), teacher(), form.reason.data or "", via)
        db.session.commit()
        if len(children) == 1:
            flash("Saved." if changed else "Nothing changed.", "success")
        else:
            flash(f"Saved for {changed} of {len(children)} children.", "success")
        return redirect(back)
    return render_form(
        "assign/form.html",
        form=form,
        title=title,
        children=children,
        back=back,
        level_descriptions=LEVEL_DESCRIPTIONS,
        # The engine says which levels have the power cards option: only those offer it.
        power_levels=[level.value for level in Level if "power_cards" in level.options()],
    )


@bp.route("/children/<int:child_id>/assignment", methods=["GET", "POST"])
def child(child_id: int) -> FormPage:
    """Change one child's level and options."""
    one = child_or_404(child_id)
    return assignment_page(
        title=f"How {one.display_name} plays",
        children=[one],
        via=None,
        back=url_for("children.detail", child_id=one.id),
    )


@bp.route("/groups/<int:group_id>/assignment", methods=["GET", "POST"])
def group(group_id: int) -> FormPage:
    """Give every child of a group the same level and options."""
    chosen = group_or_404(group_id)
    members = [c for c in chosen.members if c.archived_at is None]
    return assignment_page(
        title=f"How {chosen.name} plays",
        children=members,
        via=f"group {chosen.name}",
        back=url_for("groups.detail", group_id=chosen.id),
    )


@bp.route("/classes/<int:class_id>/assignment", methods=["GET", "POST"])
def whole_class(class_id: int) -> FormPage:
    """Give every child of the class the same level and options."""
    classroom = class_or_404(class_id)
    return assignment_page(
        title=f"How everyone in {classroom.name} plays",
        children=classroom.active_children,
        via="whole class",
        back=url_for("classes.detail", class_id=classroom.id),
    )
