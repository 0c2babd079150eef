"""Views for a signed-in child."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for
from sqlalchemy import func, select
from werkzeug.wrappers import Response

from classroom.access import end_child_sessions, me, require_child, sign_out_child
from classroom.assignments import SCORING_NAMES, Assignment
from classroom.check.service import open_check
from classroom.extensions import db
from classroom.forms import ConfirmForm
from classroom.game import Level
from classroom.models import CountRow
from classroom.tables.faces import offers
from classroom.tables.loading import tables_of

bp = Blueprint("child", __name__, url_prefix="/me")


bp.before_request(require_child)


@bp.get("")
def home() -> str:
    """The child's own page: who they are and how they will play."""
    child = me()
    assignment = Assignment.of(child)
    return render_template(
        "child/home.html",
        child=child,
        assignment=assignment,
        level_number=Level(assignment.level).number,
        scoring_name=SCORING_NAMES[assignment.scoring],
        # The faces "Play with the computer" offers next, in its order, on its button.
        players=[o.face for o in offers(assignment.computer_players, child.display_name)],
        confirm=ConfirmForm(),
        my_tables=tables_of(child),
        number_check=open_check(child.id),
        stars=stars_of(child.id),
    )


def stars_of(child_id: int) -> int:
    """The child's stars: one for every round they have counted (however they counted it, and
    however long it took: nothing here rewards speed), so the row grows game after game."""
    counted = db.session.scalar(select(func.count()).where(CountRow.child_id == child_id))
    return int(counted or 0)


@bp.post("/sign-out")
def sign_out() -> Response:
    """The child is done: back to their class's pictures (a copy of the cookie opens nothing)."""
    child = me()
    code = child.classroom.join_code
    end_child_sessions(child.id)
    db.session.commit()
    sign_out_child()
    return redirect(url_for("signin.class_page", code=code))
