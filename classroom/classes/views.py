"""Views for classes, co-teachers and printable sign-in cards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import segno
from flask import abort, current_app, flash, redirect, render_template, request, url_for
from flask_login import logout_user
from markupsafe import Markup
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.wrappers import Response

from classroom.access import (
    child_or_404,
    class_or_404,
    require_owner,
    teacher,
    teacher_blueprint,
)
from classroom.assignments import LEVEL_NAMES, SCORING_SHORT_NAMES
from classroom.auth import tokens
from classroom.auth.forms import CodeForm
from classroom.children.locks import why_locked
from classroom.classes.forms import ClassForm, InviteForm
from classroom.coaches import coached_schools
from classroom.emails import link, mail_configured, send
from classroom.extensions import db
from classroom.forms import ConfirmForm, FormPage, render_form
from classroom.models import (
    LEVELS,
    AssignmentChange,
    Child,
    Classroom,
    ClassTeacher,
    CoTeacherInvite,
    Teacher,
)
from classroom.pictures import new_invite_code, new_join_code, new_secret, typed_invite_code
from classroom.progress import needs_you
from classroom.progress.keep import rebuild
from classroom.roster import full_stop
from classroom.zones import known_zones, today_in

bp = teacher_blueprint("classes", __name__, url_prefix="/classes")
bp.add_app_template_filter(full_stop, "full_stop")


def unique_join_code() -> str:
    while True:
        code = new_join_code()
        if db.session.scalar(select(Classroom.id).where(Classroom.join_code == code)) is None:
            return code


@bp.get("/")
def index() -> str:
    """The teacher's classes, and invitations to co-teach waiting for them."""
    me = teacher()
    classes = db.session.scalars(
        select(Classroom)
        .join(ClassTeacher)
        .where(ClassTeacher.teacher_id == me.id)
        .order_by(Classroom.name)
    ).all()
    return render_template(
        "classes/index.html",
        classes=classes,
        invites=waiting_invites(me),
        confirm=ConfirmForm(),
        # A coach lands here too: the schools they read, and no class to make.
        schools=coached_schools(me.id),
    )


def waiting_invites(me: Teacher) -> list[CoTeacherInvite]:
    """Invitations to co-teach waiting for this teacher's (proven) address, shown on the page a
    teacher lands on after signing up or in."""
    return [
        invite
        for invite in db.session.scalars(
            select(CoTeacherInvite).where(CoTeacherInvite.email == me.email)
        )
        if not invite.expired
        and invite.classroom.role_of(me) is None
        # Only an address its owner has proven: anyone can sign up with any address.
        and me.email_confirmed_at is not None
    ]


@bp.route("/new", methods=["GET", "POST"])
def new() -> FormPage:
    """Make a class."""
    form = ClassForm()
    if form.validate_on_submit():
        classroom = Classroom(
            name=form.name.data,
            grade=form.grade.data,
            secret_length=int(form.secret_length.data),
            join_code=unique_join_code(),
            time_zone=form.time_zone.data,
            language=form.language.data,
        )
        classroom.memberships.append(ClassTeacher(teacher=teacher(), role="owner"))
        db.session.add(classroom)
        db.session.commit()
        flash(f"{classroom.name} is ready. Now add the children.", "success")
        return redirect(url_for("children.add_many", class_id=classroom.id))
    return render_form(
        "classes/form.html",
        form=form,
        classroom=None,
        zones=sorted(known_zones()),
        invites=waiting_invites(teacher()),
        confirm=ConfirmForm(),
    )


@bp.get("/<int:class_id>")
def detail(class_id: int) -> str:
    """A class at a glance: every child's level, the groups, and what to do next."""
    classroom = class_or_404(class_id)
    by_level = dict.fromkeys(LEVELS, 0)
    for child in classroom.active_children:
        by_level[child.level] += 1
    max_tries = int(current_app.config["CHILD_MAX_TRIES"])
    return render_template(
        "classes/detail.html",
        classroom=classroom,
        by_level=by_level,
        level_names=LEVEL_NAMES,
        scoring_names=SCORING_SHORT_NAMES,
        max_tries=max_tries,
        why_locked={
            c.id: why_locked(c, classroom.time_zone)
            for c in classroom.active_children
            if c.failed_tries >= max_tries
        },
        confirm=ConfirmForm(),
        needs=needs_you(classroom, today_in(classroom.time_zone), max_tries),
    )


@bp.route("/<int:class_id>/edit", methods=["GET", "POST"])
def edit(class_id: int) -> FormPage:
    """Rename a class, change its grade or how its children sign in."""
    classroom = class_or_404(class_id)
    form = ClassForm(obj=classroom)
    if request.method == "GET":
        form.secret_length.data = str(classroom.secret_length)
    if form.validate_on_submit():
        classroom.name = form.name.data
        classroom.grade = form.grade.data
        classroom.language = form.language.data  # for children added from now on
        if form.time_zone.data != classroom.time_zone:
            classroom.time_zone = form.time_zone.data
            db.session.flush()
            # The tallies' days are the class's local days: count them again in the new zone.
            rebuild(db.session, classroom.id)
        length = int(form.secret_length.data)
        if length != classroom.secret_length:
            classroom.secret_length = length
            for child in classroom.children:
                child.secret = new_secret(length)
                child.failed_tries = 0
            if length:
                flash("Every child has new secret pictures: print new sign-in cards.", "warning")
        db.session.commit()
        flash("The class is saved.", "success")
        return redirect(url_for("classes.detail", class_id=classroom.id))
    return render_form(
        "classes/form.html", form=form, classroom=classroom, zones=sorted(known_zones())
    )


@bp.route("/<int:class_id>/join-code", methods=["GET", "POST"])
def new_code(class_id: int) -> Response | str:
    """Give the class a new join code, after saying what stops working (the old code, the QR
    code and every printed sign-in card) and offering to print the cards again."""
    classroom = class_or_404(class_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        return render_template("classes/new_code.html", classroom=classroom, form=form)
    classroom.join_code = unique_join_code()
    db.session.commit()
    cards = url_for("classes.cards", class_id=classroom.id)
    flash(
        Markup(
            "The new class code is <strong>{code}</strong>. The old code and the printed cards "
            'no longer work: <a href="{cards}">print the sign-in cards again</a>.'
        ).format(code=classroom.join_code, cards=cards),
        "warning",
    )
    return redirect(url_for("classes.detail", class_id=classroom.id))


@bp.post("/<int:class_id>/hand-over")
def hand_over(class_id: int) -> Response:
    """Sign the teacher out and leave this device on the class's sign-in page for children."""
    classroom = class_or_404(class_id)
    code = classroom.join_code
    logout_user()
    return redirect(url_for("signin.class_page", code=code))


@bp.route("/<int:class_id>/delete", methods=["GET", "POST"])
def delete_class(class_id: int) -> Response | str:
    """Delete a class with all its children and their data (owner only, after a check)."""
    classroom = class_or_404(class_id)
    require_owner(classroom)
    form = ConfirmForm()
    if form.validate_on_submit():
        name = classroom.name
        db.session.delete(classroom)
        db.session.commit()
        flash(f"{name} and everything in it is deleted.", "success")
        return redirect(url_for("classes.index"))
    changes = db.session.scalar(
        select(func.count(AssignmentChange.id)).join(Child).where(Child.class_id == classroom.id)
    )
    return render_template(
        "classes/delete.html", classroom=classroom, form=form, history_count=changes or 0
    )


@bp.route("/<int:class_id>/co-teachers", methods=["GET", "POST"])
def co_teachers(class_id: int) -> FormPage:
    """The class's teachers, and inviting a co-teacher by email."""
    classroom = class_or_404(class_id)
    form = InviteForm()
    if form.validate_on_submit():
        require_owner(classroom)
        already = db.session.scalar(
            select(ClassTeacher)
            .join(Teacher)
            .where(ClassTeacher.class_id == classroom.id, Teacher.email == form.email.data)
        )
        pending = any(i.email == form.email.data and not i.expired for i in classroom.invites)
        if not mail_configured():  # the page has no email form then: say it above the code
            flash("This server sends no email: make a one-time code instead.", "warning")
        elif already is not None:
            form.email.errors.append("That teacher is already in this class.")
        elif pending:
            form.email.errors.append("That email is already invited.")
        else:
            invite = invite_for(classroom, email=form.email.data)
            db.session.commit()
            if send_invitation(invite):
                flash(f"Invitation sent to {invite.email}. Its link works once.", "success")
            else:
                flash(
                    f"The invitation for {invite.email} is saved, but the email could not be "
                    "sent just now. Withdraw it and make a one-time code, or try again later.",
                    "warning",
                )
            return redirect(url_for("classes.co_teachers", class_id=classroom.id))
    open_invites = [i for i in classroom.invites if not i.expired]
    return render_form(
        "classes/co_teachers.html",
        classroom=classroom,
        form=form,
        invites=open_invites,
        is_owner=classroom.role_of(teacher()) == "owner",
        confirm=ConfirmForm(),
        mail=mail_configured(),
    )


def invite_for(
    classroom: Classroom, *, email: str | None = None, code: str | None = None
) -> CoTeacherInvite:
    days = int(current_app.config["CO_TEACHER_CODE_DAYS"])
    invite = CoTeacherInvite(
        classroom=classroom,
        invited_by_id=teacher().id,
        email=email,
        code=code,
        expires_at=datetime.now(UTC) + timedelta(days=days),
    )
    db.session.add(invite)
    return invite


@bp.post("/<int:class_id>/co-teachers/code")
def co_teacher_code(class_id: int) -> Response:
    """Make a one-time code a colleague types to join the class as co-teacher."""
    classroom = class_or_404(class_id)
    require_owner(classroom)
    invite = invite_for(classroom, code=new_invite_code())
    db.session.commit()
    flash(
        f"Give your colleague this one-time code: {invite.code}. It works once, "
        f"for {current_app.config['CO_TEACHER_CODE_DAYS']} days.",
        "success",
    )
    return redirect(url_for("classes.co_teachers", class_id=classroom.id))


@bp.post("/<int:class_id>/invites/<int:invite_id>/cancel")
def cancel_invite(class_id: int, invite_id: int) -> Response:
    """Withdraw an invitation that nobody has used yet."""
    classroom = class_or_404(class_id)
    require_owner(classroom)
    invite = next((i for i in classroom.invites if i.id == invite_id), None)
    if invite is None:
        abort(404)
    db.session.delete(invite)
    db.session.commit()
    flash("The invitation is withdrawn.", "success")
    return redirect(url_for("classes.co_teachers", class_id=classroom.id))


@bp.post("/<int:class_id>/co-teachers/<int:teacher_id>/remove")
def remove_co_teacher(class_id: int, teacher_id: int) -> Response:
    """Take a co-teacher out of the class (the owner), or leave it (a co-teacher)."""
    classroom = class_or_404(class_id)
    me = teacher()
    membership = next((m for m in classroom.memberships if m.teacher_id == teacher_id), None)
    if membership is None or membership.role == "owner":
        abort(404)
    if teacher_id != me.id:
        require_owner(classroom)
    db.session.delete(membership)
    db.session.commit()
    if teacher_id == me.id:
        flash(f"You have left {classroom.name}.", "success")
        return redirect(url_for("classes.index"))
    flash("The co-teacher is removed from this class.", "success")
    return redirect(url_for("classes.co_teachers", class_id=classroom.id))


def accept(invite: CoTeacherInvite) -> Response:
    classroom = invite.classroom
    if classroom.role_of(teacher()) is None:
        classroom.memberships.append(ClassTeacher(teacher=teacher(), role="co_teacher"))
    db.session.delete(invite)
    try:
        db.session.commit()
    except IntegrityError:  # accepted twice at once
        db.session.rollback()
    flash(f"You now co-teach {classroom.name}.", "success")
    return redirect(url_for("classes.detail", class_id=classroom.id))


@bp.route("/join", methods=["GET", "POST"])
def join() -> FormPage:
    """Join a colleague's class as co-teacher with a one-time code."""
    form = CodeForm()
    if form.validate_on_submit():
        code = typed_invite_code(form.code.data)
        invite = db.session.scalar(select(CoTeacherInvite).where(CoTeacherInvite.code == code))
        if invite is not None and not invite.expired:
            return accept(invite)
        form.code.errors.append("That code does not work. Codes work once and expire.")
    return render_form("classes/join.html", form=form)


@bp.post("/invites/<int:invite_id>/accept")
def accept_invite(invite_id: int) -> Response:
    """Accept an invitation sent to the teacher's email."""
    invite = db.session.get(CoTeacherInvite, invite_id)
    me = teacher()
    if invite is None or invite.email != me.email or invite.expired:
        abort(404)
    if me.email_confirmed_at is None:  # the address is unproven (defect 5 of issue 14)
        abort(404)
    return accept(invite)


def send_invitation(invite: CoTeacherInvite) -> bool:
    """Mail the invitation's link: following it proves the invited address is read."""
    token = tokens.make(tokens.INVITE, {"i": invite.id, "e": invite.email})
    inviter = invite.invited_by
    return send(
        str(invite.email),
        f"An invitation to co-teach {invite.classroom.name}",
        "co_teacher_invite",
        inviter=inviter.name if inviter else "A teacher",
        classroom=invite.classroom,
        url=link("classes.invitation", token=token),
        until=invite.expires_at.strftime("%d %b %Y"),
    )


@bp.route("/invitation/<token>", methods=["GET", "POST"])
def invitation(token: str) -> FormPage:
    """The link of an emailed invitation: join the class as co-teacher."""
    days = float(current_app.config["CO_TEACHER_CODE_DAYS"])
    payload = tokens.read(tokens.INVITE, token, days * 86400)
    invite = None
    if payload is not None and isinstance(payload.get("i"), int):
        invite = db.session.get(CoTeacherInvite, payload["i"])
    if invite is None or payload is None or invite.email != payload.get("e") or invite.expired:
        return render_template("auth/link_expired.html", kind="invite"), 404
    classroom = invite.classroom
    if classroom.role_of(teacher()) is not None:
        flash(f"You already teach {classroom.name}.", "success")
        return redirect(url_for("classes.detail", class_id=classroom.id))
    form = ConfirmForm()
    if form.validate_on_submit():
        return accept(invite)
    return render_template("classes/invitation.html", invite=invite, form=form)


@bp.post("/invites/<int:invite_id>/decline")
def decline_invite(invite_id: int) -> Response:
    """Decline an invitation sent to the teacher's email."""
    invite = db.session.get(CoTeacherInvite, invite_id)
    me = teacher()
    if invite is None or invite.email != me.email or me.email_confirmed_at is None:
        abort(404)
    db.session.delete(invite)
    db.session.commit()
    flash("The invitation is declined.", "success")
    return redirect(url_for("classes.index"))


def qr_code(url: str) -> Markup:
    """The URL as an inline SVG QR code (segno), scalable with CSS."""
    svg = segno.make(url, error="m").svg_inline(scale=4, omitsize=True)
    return Markup(svg.replace("<svg ", '<svg role="img" aria-label="Class QR code" ', 1))


@bp.get("/<int:class_id>/cards")
def cards(class_id: int) -> str:
    """Printable sign-in cards, one per child (or one child's), for A4 or US Letter paper."""
    classroom = class_or_404(class_id)
    paper = request.args.get("paper", "a4")
    if paper not in ("a4", "letter"):
        paper = "a4"
    children = classroom.active_children
    one = request.args.get("child", type=int)
    if one is not None:
        children = [child_or_404(one)]
        if children[0].class_id != classroom.id:
            abort(404)
    url = url_for("signin.class_page", code=classroom.join_code, _external=True)
    return render_template(
        "classes/cards.html",
        classroom=classroom,
        children=children,
        paper=paper,
        qr=qr_code(url),
        join_url=url,
        one=one,
    )
