"""A child doing a number check: one item at a time, a tap each, "Thank you!" at the end.

Every item is a plain form (a tap on the line is an image input, whose coordinates give the
place without JavaScript); static/js/check.js only sends the tap without a page load, takes
the exact place however wide the line is drawn, and reads the next item aloud. A child who
stops comes back to the first item without an answer."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import IntegrityError
from werkzeug.wrappers import Response

from classroom.access import me, require_child
from classroom.check.service import answered, items_of, record_answer
from classroom.extensions import db
from classroom.forms import ConfirmForm
from classroom.insights.number_check import CheckItem, ItemKind, check_answer
from classroom.models import NumberCheck, now

bp = Blueprint("check", __name__, url_prefix="/me/check")
bp.before_request(require_child)


@dataclass(frozen=True)
class LineImage:
    """The number line's picture (static/pictures/check/line-N.svg): its size, and where on it
    the line starts (0) and ends (line_max), in the picture's pixels."""

    width: int = 700
    height: int = 180
    start: int = 50
    end: int = 650

    def place(self, x: float, line_max: int) -> float:
        """The place on the line (0..line_max) of a tap `x` pixels from the picture's left;
        a tap beyond an end counts as at that end."""
        share = (x - self.start) / (self.end - self.start)
        return round(min(1.0, max(0.0, share)) * line_max, 2)


LINE_IMAGE = LineImage()


class NotATap(ValueError):
    """The answer sent could not be read as a tap on this item."""


def my_check(check_id: int) -> NumberCheck:
    """The signed-in child's own check; anyone else's is a 404."""
    check = db.session.get(NumberCheck, check_id)
    if check is None or check.child_id != me().id:
        abort(404)
    return check


def page(check: NumberCheck, status: int = 200, message: str | None = None) -> tuple[str, int]:
    """The check's page as it stands: the start, the next item, or "Thank you!"."""
    items = items_of(check)
    done = answered(check)
    item = items[done] if done < len(items) else None
    if check.finished_at is not None or item is None:
        stage = "thanks"
    elif check.started_at is None:
        stage = "start"
    else:
        stage = "item"
    return render_template(
        "check/check.html",
        check=check,
        stage=stage,
        item=item,
        done=done,
        total=len(items),
        form=ConfirmForm(),
        line=LINE_IMAGE,
        message=message,
    ), status


@bp.get("/<int:check_id>")
def show(check_id: int) -> tuple[str, int]:
    """The check where the child left it: the start, the next item, or "Thank you!"."""
    return page(my_check(check_id))


@bp.post("/<int:check_id>/start")
def start(check_id: int) -> Response:
    """The child tapped "Start": the first item comes."""
    check = my_check(check_id)
    if check.started_at is None:
        check.started_at = now()
        db.session.commit()
    return redirect(url_for("check.show", check_id=check.id))


def read_response(item: CheckItem) -> float:
    """The child's answer to `item` from the form: a place on the line, or a numeral tapped."""
    form = request.form
    if item.kind is ItemKind.LINE:
        # check.js sends the tap's x on the picture as drawn at its full width (`line_x`);
        # without it the image input sends its own coordinates (`tap.x`, `tap.y`).
        line_x, tap_x, tap_y = form.get("line_x", ""), form.get("tap.x"), form.get("tap.y")
        try:
            x = float(line_x) if line_x else float(tap_x or "nan")
        except ValueError:
            x = float("nan")
        # Enter or Space on the picture sends 0, 0: not a place the child chose.
        keyboard = not line_x and tap_x == "0" and tap_y == "0"
        if keyboard or not 0 <= x <= LINE_IMAGE.width:
            raise NotATap("Tap on the line where the number goes.")
        return LINE_IMAGE.place(x, item.line_max)
    try:
        numeral = int(form.get("answer", ""))
    except ValueError:
        raise NotATap("Tap one of the numbers.") from None
    if numeral not in item.choices:
        raise NotATap("Tap one of the numbers.")
    return numeral


@bp.post("/<int:check_id>/answer")
def answer(check_id: int) -> Response | tuple[str, int]:
    """Keep the child's answer to the item on screen, and go on to the next."""
    check = my_check(check_id)
    items = items_of(check)
    done = answered(check)
    shown = request.form.get("item", type=int)
    # An item already answered (a double tap, the back button, another tab): nothing is
    # recorded twice; the child sees where the check stands.
    if check.finished_at is not None or shown != done or done >= len(items):
        return redirect(url_for("check.show", check_id=check.id))
    item = items[done]
    try:
        response = read_response(item)
    except NotATap as error:
        return page(check, 400, str(error))
    record_answer(check, check_answer(item, response), len(items))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()  # the same item answered at the same moment elsewhere
    return redirect(url_for("check.show", check_id=check.id))


@bp.errorhandler(CSRFError)
def expired(error: CSRFError) -> Response:
    """A page left open too long: nothing is recorded; the same item comes again."""
    check_id = (request.view_args or {}).get("check_id")
    if isinstance(check_id, int):
        return redirect(url_for("check.show", check_id=check_id))
    return redirect(url_for("child.home"))
