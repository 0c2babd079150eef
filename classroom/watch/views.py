"""Views for a teacher's tables of a class."""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from classroom.access import class_or_404, teacher, teacher_blueprint
from classroom.assignments import COMPUTER_PLAYER_NAMES, LEVEL_NAMES, Assignment
from classroom.extensions import db
from classroom.forms import ConfirmForm
from classroom.models import COMPUTER_PLAYERS, Child, Classroom, Group, PlayTable
from classroom.play import common
from classroom.tables import service

bp = teacher_blueprint("watch", __name__)


def table_or_404(table_id: int) -> PlayTable:
    """A table of one of the signed-in teacher's classes."""
    table = db.session.get(PlayTable, table_id)
    if table is None:
        abort(404)
    class_or_404(table.class_id)
    return table


def urls_for(table_id: int, watching: bool) -> common.Urls:
    return common.Urls(
        page=url_for("watch.watch" if watching else "watch.play", table_id=table_id),
        state=url_for("watch.watch_state" if watching else "watch.play_state", table_id=table_id),
        move=url_for("watch.move", table_id=table_id),
        look=url_for("watch.look", table_id=table_id),
        count=url_for("watch.play", table_id=table_id),
    )


def index_page(classroom: Classroom, message: str | None = None, code: int = 200) -> Any:
    tables = db.session.scalars(
        select(PlayTable)
        .where(PlayTable.class_id == classroom.id)
        .order_by(PlayTable.id.desc())
        .limit(40)
    ).all()
    return render_template(
        "watch/index.html",
        classroom=classroom,
        live=[t for t in tables if t.status != "finished"],
        finished=[t for t in tables if t.status == "finished"][:10],
        level_names=LEVEL_NAMES,
        player_names=COMPUTER_PLAYER_NAMES,
        players=COMPUTER_PLAYERS,
        form=ConfirmForm(),
        message=message,
    ), code


@bp.get("/classes/<int:class_id>/tables")
def index(class_id: int) -> Any:
    """The class's live tables, and setting up a new one."""
    return index_page(class_or_404(class_id))


@bp.post("/classes/<int:class_id>/tables")
def create(class_id: int) -> Any:
    """Set up a table for a group or chosen children at their level, and start it."""
    classroom = class_or_404(class_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        return index_page(classroom, "This form had expired. Please try again.", 400)
    chosen: set[int] = set()
    for raw in request.form.getlist("children"):
        ident = common.int_arg(raw)
        if ident is not None:
            chosen.add(ident)
    group_id = common.int_arg(request.form.get("group"))
    group = None
    if group_id is not None:
        group = db.session.get(Group, group_id)
        if group is None or group.class_id != classroom.id:
            return index_page(classroom, "Choose one of this class's groups.", 400)
        chosen |= {c.id for c in group.members if c.archived_at is None}
    children = [c for c in classroom.active_children if c.id in chosen]
    computers = [p for p in request.form.getlist("computer") if p in COMPUTER_PLAYERS]
    sit_in = request.form.get("sit_in") == "y"
    seats = len(children) + len(computers) + (1 if sit_in else 0)
    if not children:
        return index_page(classroom, "Choose the children for the table.", 400)
    levels = {c.level for c in children}
    if len(levels) > 1:
        return index_page(
            classroom, "These children play at different levels: one level per table.", 400
        )
    if not 2 <= seats <= service.MAX_SEATS:
        return index_page(classroom, "A table has 2, 3 or 4 players.", 400)
    first: Child = children[0]
    assignment = Assignment.of(first)
    table = service.open_table(
        classroom.id,
        assignment.level,
        service.options_for(assignment),
        assignment.scoring,
        group_id=group.id if group else None,
        teacher_id=teacher().id,
    )
    for child in children:
        service.seat_child(table.id, child)
    if sit_in:
        service.seat_teacher(table.id, teacher())
    service.start_table(table.id, computers)
    target = "watch.play" if sit_in else "watch.watch"
    return redirect(url_for(target, table_id=table.id))


@bp.get("/tables/<int:table_id>/watch")
def watch(table_id: int) -> Any:
    """Watch a table live, every card face up (for the teacher only)."""
    service.advance_computers(table_id)
    table = table_or_404(table_id)
    table = service.load_table(table_id) or table
    return common.render_page(
        table,
        None,
        urls_for(table_id, True),
        extra={"home_url": url_for("watch.index", class_id=table.class_id), "watching": True},
    )


@bp.get("/tables/<int:table_id>/watch/state")
def watch_state(table_id: int) -> Response:
    """JSON for the watching page's live updates."""
    table_or_404(table_id)
    return common.state_json(table_id, None, urls_for(table_id, True))


def my_seat(table: PlayTable) -> int:
    seat = service.seat_of_teacher(table, teacher().id)
    if seat is None:
        abort(400)
    return seat.seat


@bp.get("/tables/<int:table_id>/play")
def play(table_id: int) -> Any:
    """The teacher's own seat at a table they sit in (or the watching page if they do not)."""
    service.advance_computers(table_id)
    table = table_or_404(table_id)
    table = service.load_table(table_id) or table
    seat = service.seat_of_teacher(table, teacher().id)
    if seat is None:
        return watch(table_id)
    extra = {"home_url": url_for("watch.index", class_id=table.class_id)}
    return common.render_page(table, seat.seat, urls_for(table_id, False), extra=extra)


@bp.get("/tables/<int:table_id>/play/state")
def play_state(table_id: int) -> Response:
    """JSON for the teacher's seat page."""
    table = table_or_404(table_id)
    seat = service.seat_of_teacher(table, teacher().id)
    return common.state_json(
        table_id, None if seat is None else seat.seat, urls_for(table_id, seat is None)
    )


@bp.post("/tables/<int:table_id>/move")
def move(table_id: int) -> Any:
    """One move of the teacher's turn when sitting in."""
    table = table_or_404(table_id)
    return common.handle_move(table, my_seat(table), urls_for(table_id, False))


@bp.post("/tables/<int:table_id>/look")
def look(table_id: int) -> Any:
    """The teacher sitting in looks at a card (Peek levels)."""
    table = table_or_404(table_id)
    return common.handle_look(table, my_seat(table), urls_for(table_id, False))


@bp.post("/tables/<int:table_id>/sit-in")
def sit_in(table_id: int) -> Any:
    """Take a free seat at an open table of the class (before its game starts)."""
    table = table_or_404(table_id)
    try:
        service.seat_teacher(table.id, teacher())
    except (service.TableError, service.TableMovedOn) as refused:
        return index_page(class_or_404(table.class_id), str(refused), 400)
    return redirect(url_for("watch.play", table_id=table_id))


@bp.post("/tables/<int:table_id>/start")
def start(table_id: int) -> Any:
    """Start an open table now; the computer players chosen fill empty seats."""
    table = table_or_404(table_id)
    computers = [p for p in request.form.getlist("computer") if p in COMPUTER_PLAYERS]
    try:
        service.start_table(table.id, computers[: service.MAX_SEATS - len(table.seats)])
    except (service.TableError, service.TableMovedOn, ValueError) as refused:
        return index_page(class_or_404(table.class_id), str(refused), 400)
    return redirect(url_for("watch.watch", table_id=table_id))


@bp.post("/tables/<int:table_id>/stop")
def stop(table_id: int) -> Any:
    """End a table's game now (a child went home, the bell rang): it is finished as it is."""
    table = table_or_404(table_id)
    service.stop_table(table.id)
    return redirect(url_for("watch.index", class_id=table.class_id))
