"""Views for the roster and one child's page."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Response as FlaskResponse
from flask import current_app, flash, redirect, render_template, request, url_for
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.wrappers import Response

from classroom.access import (
    child_or_404,
    class_or_404,
    end_child_sessions,
    teacher,
    teacher_blueprint,
)
from classroom.assignments import Assignment, describe_change
from classroom.child.language import LANGUAGES
from classroom.children.export import child_archive
from classroom.children.forms import (
    ChildForm,
    EditChildForm,
    PasteForm,
    pasted_names,
    same_names,
)
from classroom.children.removal import days_counted, delete_child, in_words, rows_about
from classroom.csvfiles import attachment, file_slug
from classroom.extensions import db
from classroom.forms import ConfirmForm, FormPage, render_form
from classroom.models import AssignmentChange, Child, Classroom, group_members
from classroom.pictures import new_secret
from classroom.roster import enrol
from classroom.tables.leaving import leave_tables, tables_in_play

bp = teacher_blueprint("children", __name__)


CLASHED = "Someone else changed this class at the same moment: please try again."


def taken_names(classroom: Classroom) -> list[str]:
    """The names of the class's children now (archived ones keep theirs on the pages too)."""
    return [child.display_name for child in classroom.children]


def same_name_message(clashes: list[str]) -> str:
    """What the teacher reads when names are already in the class (or typed twice)."""
    listed = ", ".join(clashes)
    one = len(clashes) == 1
    return (
        f"{listed} {'is' if one else 'are'} already in this class (or typed twice). Add an "
        "initial to tell the children apart (Mia K. and Mia K. B.), or tick the box below "
        "to keep the names as typed."
    )


def committed() -> bool:
    """Commit; False (and rolled back) when another teacher took the same picture meanwhile."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return False
    return True


@bp.route("/classes/<int:class_id>/children/new", methods=["GET", "POST"])
def add_one(class_id: int) -> FormPage:
    """Add one child to a class."""
    classroom = class_or_404(class_id)
    form = ChildForm()
    clashes: list[str] = []
    if form.validate_on_submit():
        clashes = same_names([form.display_name.data], taken_names(classroom))
        if clashes and not form.same_name_ok.data:
            form.display_name.errors.append(same_name_message(clashes))
            return render_form(
                "children/add_one.html", classroom=classroom, form=form, clashes=clashes
            )
        child = enrol(classroom, form.display_name.data, teacher())
        if child is None:
            form.display_name.errors.append("This class has no sign-in pictures left.")
        elif not committed():
            form.display_name.errors.append(CLASHED)
        else:
            flash(f"{child.display_name} is in the class.", "success")
            if request.form.get("again"):
                return redirect(url_for("children.add_one", class_id=classroom.id))
            return redirect(url_for("classes.detail", class_id=classroom.id))
    return render_form("children/add_one.html", classroom=classroom, form=form, clashes=clashes)


@bp.route("/classes/<int:class_id>/children/paste", methods=["GET", "POST"])
def add_many(class_id: int) -> FormPage:
    """Add several children at once by pasting a list of names."""
    classroom = class_or_404(class_id)
    form = PasteForm()
    clashes: list[str] = []
    if form.validate_on_submit():
        names = pasted_names(form.names.data)
        clashes = same_names(names, taken_names(classroom))
        if clashes and not form.same_name_ok.data:
            form.names.errors.append(same_name_message(clashes))
            return render_form(
                "children/add_many.html", classroom=classroom, form=form, clashes=clashes
            )
        added = [enrol(classroom, name, teacher()) for name in names]
        if not all(added):
            db.session.rollback()
            form.names.errors.append("The class would run out of sign-in pictures.")
        elif not committed():
            form.names.errors.append(CLASHED)
        else:
            flash(f"Added {len(names)} children. Each has a picture and a secret.", "success")
            return redirect(url_for("classes.detail", class_id=classroom.id))
    return render_form("children/add_many.html", classroom=classroom, form=form, clashes=clashes)


@bp.get("/children/<int:child_id>")
def detail(child_id: int) -> str:
    """One child: how they sign in, their assignment, their groups and its history."""
    return child_page(child_or_404(child_id))


def child_page(child: Child, language_error: str = "") -> str:
    """The child's page, with a sentence by the language choice when it was refused."""
    history = [(change, describe_change(change.before, change.after)) for change in child.history]
    return render_template(
        "children/detail.html",
        child=child,
        assignment=Assignment.of(child),
        history=history,
        max_tries=current_app.config["CHILD_MAX_TRIES"],
        confirm=ConfirmForm(),
        languages=LANGUAGES,
        language_error=language_error,
    )


@bp.post("/children/<int:child_id>/language")
def language(child_id: int) -> Response | tuple[str, int]:
    """Choose the language of a child's own pages (what they read and hear)."""
    child = child_or_404(child_id)
    chosen = request.form.get("language", "")
    if chosen not in LANGUAGES:
        message = (
            "That is not one of the children's languages (English or Español). Nothing was changed."
        )
        return child_page(child, message), 400
    child.language = chosen
    db.session.commit()
    flash(f"{child.display_name}'s pages are now in {LANGUAGES[chosen]}.", "success")
    return redirect(url_for("children.detail", child_id=child.id))


@bp.route("/children/<int:child_id>/edit", methods=["GET", "POST"])
def edit(child_id: int) -> FormPage:
    """Rename a child or change their sign-in picture."""
    child = child_or_404(child_id)
    form = EditChildForm(obj=child)
    if form.validate_on_submit():
        taken = {(c.picture, c.colour) for c in child.classroom.children if c.id != child.id}
        if (form.picture.data, form.colour.data) in taken:
            form.picture.errors.append(
                "Another child in this class has that picture in that colour."
            )
        else:
            form.populate_obj(child)
            db.session.commit()
            flash("Saved.", "success")
            return redirect(url_for("children.detail", child_id=child.id))
    taken = {(c.picture, c.colour) for c in child.classroom.children if c.id != child.id}
    return render_form("children/edit.html", child=child, form=form, taken=taken)


@bp.get("/children/<int:child_id>/data.zip")
def data(child_id: int) -> FlaskResponse:
    """Everything the app holds about a child, as a ZIP with a guide (for a parent's request)."""
    child = child_or_404(child_id)
    filename = f"{file_slug(child.display_name, 'child')}-{child.id}-data.zip"
    return FlaskResponse(
        child_archive(child, teacher().name),
        mimetype="application/zip",
        headers={"Content-Disposition": attachment(filename)},
    )


@bp.post("/children/<int:child_id>/archive")
def archive(child_id: int) -> Response:
    """Archive a child who left: they can no longer sign in; their data is kept."""
    child = child_or_404(child_id)
    child.archived_at = datetime.now(UTC)
    end_child_sessions(child.id)  # restoring them later does not bring old sessions back
    db.session.commit()
    # A game they were in goes on without them: a computer player takes their seat now.
    leave_tables(child, forget=False)
    flash(f"{child.display_name} is archived. Their data is kept.", "success")
    return redirect(url_for("classes.detail", class_id=child.class_id))


@bp.post("/children/<int:child_id>/restore")
def restore(child_id: int) -> Response:
    """Bring an archived child back to the class."""
    child = child_or_404(child_id)
    child.archived_at = None
    db.session.commit()
    flash(f"{child.display_name} is back in the class.", "success")
    return redirect(url_for("children.detail", child_id=child.id))


@bp.route("/children/<int:child_id>/delete", methods=["GET", "POST"])
def delete(child_id: int) -> Response | str:
    """Delete a child and all of their data, after saying exactly what goes."""
    child = child_or_404(child_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        name, class_id = child.display_name, child.class_id
        delete_child(child)
        db.session.commit()
        flash(f"{name} and all of their data are deleted.", "success")
        return redirect(url_for("classes.detail", class_id=class_id))
    history_count = db.session.scalar(
        select(func.count(AssignmentChange.id)).where(AssignmentChange.child_id == child.id)
    )
    group_count = db.session.scalar(
        select(func.count()).select_from(group_members).where(group_members.c.child_id == child.id)
    )
    return render_template(
        "children/delete.html",
        child=child,
        form=form,
        history_count=history_count or 0,
        group_count=group_count or 0,
        recorded=in_words(days_counted(child, rows_about(child))),
        tables_in_play=tables_in_play(child),
    )


@bp.post("/children/<int:child_id>/reset-sign-in")
def reset_sign_in(child_id: int) -> Response:
    """Let a locked-out child try their secret pictures again."""
    child = child_or_404(child_id)
    child.failed_tries = 0
    db.session.commit()
    flash(f"{child.display_name} can sign in again.", "success")
    if request.args.get("back") == "class":  # tapped on the class page: stay there
        return redirect(url_for("classes.detail", class_id=child.class_id))
    return redirect(url_for("children.detail", child_id=child.id))


@bp.post("/children/<int:child_id>/new-secret")
def change_secret(child_id: int) -> Response:
    """Give a child new secret pictures (then print their card again)."""
    child = child_or_404(child_id)
    child.secret = new_secret(child.classroom.secret_length)
    child.failed_tries = 0
    db.session.commit()
    flash(f"{child.display_name} has new secret pictures. Print their card again.", "warning")
    return redirect(url_for("children.detail", child_id=child.id))
