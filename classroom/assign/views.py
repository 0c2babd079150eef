"""Views that change assignments; every change is kept in each child's history."""

from __future__ import annotations

from collections.abc import Sequence

from flask import flash, redirect, request, url_for

from classroom.access import child_or_404, class_or_404, group_or_404, teacher, teacher_blueprint
from classroom.assign.forms import AssignmentForm
from classroom.assign.mixed import (
    SETTING_LABELS,
    apply,
    differences,
    most_common,
    read_shown,
    touched,
)
from classroom.assignments import DEFAULT_ASSIGNMENT, LEVEL_DESCRIPTIONS, assign_each
from classroom.extensions import db
from classroom.forms import FormPage, render_form
from classroom.game import Level
from classroom.models import Child

bp = teacher_blueprint("assign", __name__)

OUT_OF_DATE = (
    "This page was out of date, so nothing was saved. The choices below are the children's "
    "settings now: change what you want and save again."
)


def assignment_page(
    *, title: str, children: Sequence[Child], via: str | None, back: str
) -> FormPage:
    """The assignment form for one child or several; saving changes only the settings the
    teacher changed or gave everyone, so children who differ keep the rest of their own."""
    form = AssignmentForm()
    out_of_date = False
    if request.method == "POST" and form.validate_on_submit():
        shown = read_shown(form.shown.data)
        if shown is not None:
            sent = form.assignment()
            settings = touched(shown, sent, form.same_for_all.data or ())
            changed = assign_each(
                ((child, apply(child, sent, settings)) for child in children),
                teacher(),
                form.reason.data or "",
                via,
            )
            db.session.commit()
            flash(saved_words(changed, len(children), settings), "success")
            return redirect(back)
        # A form without what it showed (a page from before this field, or a damaged one)
        # cannot say what the teacher changed: show the children's settings again.
        out_of_date = True
    if request.method == "GET" or out_of_date:
        form.load(most_common(children, DEFAULT_ASSIGNMENT))
    return render_form(
        "assign/form.html",
        form=form,
        title=title,
        children=children,
        back=back,
        out_of_date=OUT_OF_DATE if out_of_date else None,
        differences=differences(children),
        level_descriptions=LEVEL_DESCRIPTIONS,
        # The engine says which levels have the power cards option: only those offer it.
        power_levels=[level.value for level in Level if "power_cards" in level.options()],
    )


def saved_words(changed: int, children: int, settings: Sequence[str]) -> str:
    """What the flash says after saving: which settings, for how many children."""
    if children == 1:
        return "Saved." if changed else "Nothing changed."
    if not settings:
        return "Nothing changed: no choice was changed."
    what = ", ".join(SETTING_LABELS[s].lower() for s in settings)
    if not changed:
        return f"Nothing changed: every child already had these settings ({what})."
    return f"Saved for {changed} of {children} children ({what}); the rest of their settings kept."


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
    """Change the level and options of every child of a group."""
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
    """Change the level and options of every child of the class."""
    classroom = class_or_404(class_id)
    return assignment_page(
        title=f"How everyone in {classroom.name} plays",
        children=classroom.active_children,
        via="whole class",
        back=url_for("classes.detail", class_id=classroom.id),
    )
