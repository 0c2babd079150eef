"""Views for groups."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_wtf import FlaskForm
from sqlalchemy import select
from werkzeug.wrappers import Response
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from classroom.access import class_or_404, group_or_404, teacher_blueprint
from classroom.assignments import LEVEL_NAMES
from classroom.extensions import db
from classroom.forms import CheckboxListField, ConfirmForm, FormPage, choices, one_line, render_form
from classroom.models import Classroom, Group

bp = teacher_blueprint("groups", __name__)


class GroupForm(FlaskForm):
    name = StringField(
        "Group name",
        filters=[one_line],
        validators=[DataRequired(), Length(max=40)],
        description="For example: Table 2, Tuesday group",
    )
    members = CheckboxListField("Children in this group", coerce=int)


def group_form(classroom: Classroom, group: Group | None) -> GroupForm:
    form = GroupForm(obj=group)
    form.members.choices = choices((c.id, c.display_name) for c in classroom.active_children)
    if request.method == "GET" and group is not None:
        form.members.data = [c.id for c in group.members]
    return form


def name_taken(classroom: Classroom, name: str, group: Group | None) -> bool:
    found = db.session.scalar(
        select(Group.id).where(Group.class_id == classroom.id, Group.name == name)
    )
    return found is not None and (group is None or found != group.id)


def save(form: GroupForm, classroom: Classroom, group: Group) -> None:
    chosen = set(form.members.data or ())
    group.name = form.name.data
    # Archived members stay in the group; the form only lists active children.
    kept = [c for c in group.members if c.archived_at is not None]
    group.members = kept + [c for c in classroom.active_children if c.id in chosen]


@bp.route("/classes/<int:class_id>/groups/new", methods=["GET", "POST"])
def new(class_id: int) -> FormPage:
    """Make a group in a class."""
    classroom = class_or_404(class_id)
    form = group_form(classroom, None)
    if form.validate_on_submit():
        if name_taken(classroom, form.name.data, None):
            form.name.errors.append("This class already has a group with that name.")
        else:
            group = Group(classroom=classroom, name=form.name.data)
            save(form, classroom, group)
            db.session.add(group)
            db.session.commit()
            flash(f"{group.name} is made.", "success")
            return redirect(url_for("groups.detail", group_id=group.id))
    return render_form("groups/form.html", form=form, classroom=classroom, group=None)


@bp.route("/groups/<int:group_id>", methods=["GET", "POST"])
def detail(group_id: int) -> FormPage:
    """A group: who is in it, their levels, and renaming or changing members."""
    group = group_or_404(group_id)
    classroom = group.classroom
    form = group_form(classroom, group)
    if form.validate_on_submit():
        if name_taken(classroom, form.name.data, group):
            form.name.errors.append("This class already has a group with that name.")
        else:
            save(form, classroom, group)
            db.session.commit()
            flash("The group is saved.", "success")
            return redirect(url_for("groups.detail", group_id=group.id))
    return render_form(
        "groups/form.html",
        form=form,
        classroom=classroom,
        group=group,
        level_names=LEVEL_NAMES,
        confirm=ConfirmForm(),
    )


@bp.post("/groups/<int:group_id>/delete")
def delete(group_id: int) -> Response:
    """Delete a group (its children stay in the class)."""
    group = group_or_404(group_id)
    class_id, name = group.class_id, group.name
    db.session.delete(group)
    db.session.commit()
    flash(f"{name} is deleted; its children are still in the class.", "success")
    return redirect(url_for("classes.detail", class_id=class_id))
