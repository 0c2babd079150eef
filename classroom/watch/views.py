"""Views for a teacher's tables of a class."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, stream_with_context, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from classroom.access import class_or_404, teacher, teacher_blueprint
from classroom.assignments import COMPUTER_PLAYER_NAMES, LEVEL_NAMES, Assignment
from classroom.extensions import db
from classroom.forms import ConfirmForm
from classroom.game import Level
from classroom.live.clock import follow, played_in_request
from classroom.models import COMPUTER_PLAYERS, Child, Classroom, PlayTable, TableStatus
from classroom.play import handlers, push
from classroom.roster import names_together
from classroom.seatview.notes import int_arg
from classroom.seatview.page import render_page
from classroom.seatview.seen import Urls
from classroom.tables import away, seating
from classroom.tables.errors import TableError, TableMovedOn
from classroom.tables.faces import face_at
from classroom.tables.leaving import end_if_nobody_left
from classroom.tables.loading import load_table, seat_of_teacher, tables_of
from classroom.tables.options import table_options
from classroom.tables.seating import (
    MAX_SEATS,
    open_table,
    seat_computer,
    seat_teacher,
    start_table,
    stop_table,
)
from classroom.watch.forms import TableSetupForm
from classroom.watch.now import table_ended, table_now
from classroom.zones import aware

bp = teacher_blueprint("watch", __name__)


def table_or_404(table_id: int) -> PlayTable:
    """A table of one of the signed-in teacher's classes."""
    table = db.session.get(PlayTable, table_id)
    if table is None:
        abort(404)
    class_or_404(table.class_id)
    return table


def urls_for(table_id: int, watching: bool) -> Urls:
    """The URLs of the teacher's watching page, or of their own seat's page (its event
    stream too, with pushed updates on)."""
    events = "watch.watch_events" if watching else "watch.play_events"
    return Urls(
        page=url_for("watch.watch" if watching else "watch.play", table_id=table_id),
        state=url_for("watch.watch_state" if watching else "watch.play_state", table_id=table_id),
        move=url_for("watch.move", table_id=table_id),
        look=url_for("watch.look", table_id=table_id),
        count=url_for("watch.play", table_id=table_id),
        events=url_for(events, table_id=table_id) if push.seconds() > 0 else None,
    )


def seat_labels(table: PlayTable, levels: dict[int, str]) -> list[str]:
    """Who sits at a table, for the teacher's list: who is away, who is taken out, and whose
    assigned level differs from the table's."""
    labels = []
    for row in table.seats:
        notes = []
        if row.stand_in is not None:
            by = face_at(row.stand_in, table.seats, row.seat).name
            notes.append(f"taken out, {by} plays" if row.taken_out else f"away, {by} plays")
        level = levels.get(row.child_id or 0)
        if level is not None and level != table.level:
            notes.append(f"assigned {LEVEL_NAMES[level]}")
        labels.append(row.name + (f" ({'; '.join(notes)})" if notes else ""))
    return labels


def option_levels() -> dict[str, str]:
    """For the set-up form: the levels that have each option a level may lack (the engine's
    Level.options()), as the page's data-levels attributes; play.css hides the others."""
    names = ("power_cards", "draw2_powers", "outside_face_up")
    return {name: " ".join(str(lv) for lv in Level if name in lv.options()) for name in names}


def index_page(
    classroom: Classroom,
    message: str | None = None,
    code: int = 200,
    form: TableSetupForm | None = None,
) -> Any:
    """The class's tables page (with `message` and the set-up form as sent, if refused)."""
    tables = db.session.scalars(
        select(PlayTable)
        .where(PlayTable.class_id == classroom.id)
        .order_by(PlayTable.id.desc())
        .limit(40)
    ).all()
    levels = {c.id: c.level for c in classroom.children}
    live = [t for t in tables if t.status != TableStatus.FINISHED]
    # The games that ended last first (a table opened early may end late).
    ended_tables = [t for t in tables if t.status == TableStatus.FINISHED]
    finished = sorted(ended_tables, key=lambda t: aware(t.updated_at), reverse=True)[:10]
    return render_template(
        "watch/index.html",
        classroom=classroom,
        live=live,
        # Children at a game not over: the set-up form says so beside their names, since a
        # child is seated at one table at a time (already_playing).
        playing={s.child_id for t in live for s in t.seats if s.child_id and not s.taken_out},
        finished=finished,
        seat_labels={t.id: seat_labels(t, levels) for t in tables},
        now={t.id: table_now(t) for t in live},
        ended={t.id: table_ended(t, classroom.time_zone) for t in finished},
        child_levels=levels,
        level_names=LEVEL_NAMES,
        option_levels=option_levels(),
        player_names=COMPUTER_PLAYER_NAMES,
        players=COMPUTER_PLAYERS,
        form=ConfirmForm(),
        setup=form or TableSetupForm(formdata=None).for_class(classroom),
        message=message,
    ), code


@bp.get("/classes/<int:class_id>/tables")
def index(class_id: int) -> Any:
    """The class's live tables, and setting up a new one."""
    return index_page(class_or_404(class_id))


@bp.post("/classes/<int:class_id>/tables")
def create(class_id: int) -> Any:
    """Set up a table for a group or chosen children, at their level or one the teacher
    chooses, with the engine's options for it; start it (or leave it open)."""
    classroom = class_or_404(class_id)
    form = TableSetupForm().for_class(classroom)

    def refuse(message: str) -> Any:
        return index_page(classroom, message, 400, form)

    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            return refuse("This form had expired. Please try again.")
        return refuse("Please look at the answers marked below.")
    children = form.chosen_children(classroom)
    computers = list(form.computer.data or ())
    sit_in = bool(form.sit_in.data)
    leave_open = bool(form.leave_open.data)
    if not children:
        return refuse("Choose the children for the table.")
    if busy := already_playing(children):
        return refuse(busy)
    level = form.level.data or None
    if level is None:
        if len({c.level for c in children}) > 1:
            return refuse(
                "These children play at different levels: one level per table. Choose the "
                "table's level to seat them together."
            )
        level = children[0].level
    seats = len(children) + len(computers) + (1 if sit_in else 0)
    if seats > MAX_SEATS or (seats < 2 and not leave_open):
        return refuse("A table has 2, 3 or 4 players.")
    # The defaults come from the first child who is assigned the table's level (else the
    # first child): their assignment is the one this table was meant for.
    first: Child = next((c for c in children if c.level == level), children[0])
    assignment = Assignment.of(first)
    try:
        options = table_options(level, assignment, form.engine_options())
    except TableError as refused:
        return refuse(str(refused))
    table = open_table(
        classroom.id,
        level,
        options,
        assignment.scoring,
        group_id=int(form.group.data) if form.group.data else None,
        teacher_id=teacher().id,
        think_aloud=form.thinks_aloud(assignment, level),
    )
    for child in children:
        seating.seat_child(table.id, child, by_teacher=True)
        say_other_level(child, level)
    if sit_in:
        seat_teacher(table.id, teacher())
    if leave_open:
        for personality in computers:
            seat_computer(table.id, personality)
        return redirect(url_for("watch.index", class_id=classroom.id))
    start_table(table.id, computers)
    target = "watch.play" if sit_in else "watch.watch"
    return redirect(url_for(target, table_id=table.id))


def already_playing(children: list[Child]) -> str | None:
    """Why these children cannot be seated at a new table, if some already sit at a game that
    is not over: a child plays one table at a time (a set-up form sent twice made two)."""
    busy = [c.display_name for c in children if tables_of(c)]
    if not busy:
        return None
    names = names_together(busy)
    them = "them" if len(busy) > 1 else busy[0]
    return (
        f"{names} already {'sit' if len(busy) > 1 else 'sits'} at a table whose game is not "
        f"over (see Live tables). End that game, or watch it and take {them} out, first."
    )


def say_other_level(child: Child, level: str) -> None:
    """Tell the teacher, clearly, when a child plays a table of another level than theirs."""
    if child.level != level:
        flash(
            f"{child.display_name} is assigned {LEVEL_NAMES[child.level]}; at this table "
            f"{child.display_name} plays {LEVEL_NAMES[level]}. Their choices are recorded at "
            f"{LEVEL_NAMES[level]}.",
            "warning",
        )


@bp.get("/tables/<int:table_id>/watch")
def watch(table_id: int) -> Any:
    """Watch a table live, every card face up (for the teacher only)."""
    # Access first: only the class's own teachers' pages make the clock follow a table (and
    # another teacher's 404 changes nothing).
    table = table_or_404(table_id)
    follow(table_id)
    if played_in_request(table_id):
        table = load_table(table_id) or table
    return render_page(
        table,
        None,
        urls_for(table_id, True),
        extra={
            "home_url": url_for("watch.index", class_id=table.class_id),
            "watching": True,
            **back_to_class(table),
        },
    )


@bp.get("/tables/<int:table_id>/watch/state")
def watch_state(table_id: int) -> Response:
    """JSON for the watching page's live updates."""
    table_or_404(table_id)
    follow(table_id)
    return handlers.state_json(table_id, None, urls_for(table_id, True))


def my_seat(table: PlayTable) -> int:
    """The signed-in teacher's seat at the table (400 if they do not sit there)."""
    seat = seat_of_teacher(table, teacher().id)
    if seat is None:
        abort(400)
    return seat.seat


@bp.get("/tables/<int:table_id>/play")
def play(table_id: int) -> Any:
    """The teacher's own seat at a table they sit in (or the watching page if they do not)."""
    table = table_or_404(table_id)  # access first, as watch()
    follow(table_id)
    if played_in_request(table_id):
        table = load_table(table_id) or table
    seat = seat_of_teacher(table, teacher().id)
    if seat is None:
        return watch(table_id)
    extra = {"home_url": url_for("watch.index", class_id=table.class_id), **back_to_class(table)}
    return render_page(table, seat.seat, urls_for(table_id, False), extra=extra)


def back_to_class(table: PlayTable) -> dict[str, Any]:
    """The way back from a teacher's table page: the class, and its card tables."""
    classroom = db.session.get(Classroom, table.class_id)
    return {
        "back_links": [
            (
                classroom.name if classroom else "The class",
                url_for("classes.detail", class_id=table.class_id),
            ),
            ("Card tables", url_for("watch.index", class_id=table.class_id)),
        ]
    }


@bp.get("/tables/<int:table_id>/play/state")
def play_state(table_id: int) -> Response:
    """JSON for the teacher's seat page."""
    table = table_or_404(table_id)
    follow(table_id)
    seat = seat_of_teacher(table, teacher().id)
    return handlers.state_json(
        table_id, None if seat is None else seat.seat, urls_for(table_id, seat is None)
    )


@bp.get("/tables/<int:table_id>/watch/events")
def watch_events(table_id: int) -> Response:
    """Server-sent events for the watching page (config TABLE_PUSH; 0: off, 404)."""
    table_or_404(table_id)
    return teacher_events(table_id, None, True)


@bp.get("/tables/<int:table_id>/play/events")
def play_events(table_id: int) -> Response:
    """Server-sent events for the teacher's seat page (the watching page's if they have no
    seat there)."""
    table = table_or_404(table_id)
    seat = seat_of_teacher(table, teacher().id)
    return teacher_events(table_id, None if seat is None else seat.seat, seat is None)


def teacher_events(table_id: int, seat: int | None, watching: bool) -> Response:
    """The event stream of a teacher's table page (classroom.play.push.teacher_stream)."""
    seconds = push.seconds()
    if seconds <= 0:
        abort(404)
    follow(table_id, seconds + 1)  # the clock plays at the table while the stream lasts
    since = int_arg(request.headers.get("Last-Event-ID"))
    if since is None:
        since = int_arg(request.args.get("version"))
    stream = push.teacher_stream(
        table_id, -1 if since is None else since, seconds, seat, urls_for(table_id, watching)
    )
    return Response(
        stream_with_context(stream),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


@bp.post("/tables/<int:table_id>/move")
def move(table_id: int) -> Any:
    """One move of the teacher's turn when sitting in."""
    table = table_or_404(table_id)
    return handlers.handle_move(table, my_seat(table), urls_for(table_id, False))


@bp.post("/tables/<int:table_id>/look")
def look(table_id: int) -> Any:
    """The teacher sitting in looks at a card (Peek levels)."""
    table = table_or_404(table_id)
    return handlers.handle_look(table, my_seat(table), urls_for(table_id, False))


@bp.post("/tables/<int:table_id>/sit-in")
def sit_in(table_id: int) -> Any:
    """Take a free seat at an open table of the class (before its game starts)."""
    table = table_or_404(table_id)
    try:
        seat_teacher(table.id, teacher())
    except (TableError, TableMovedOn) as refused:
        return index_page(class_or_404(table.class_id), str(refused), 400)
    return redirect(url_for("watch.play", table_id=table_id))


@bp.post("/tables/<int:table_id>/start")
def start(table_id: int) -> Any:
    """Start an open table now; the computer players chosen fill empty seats."""
    table = table_or_404(table_id)
    computers = [p for p in request.form.getlist("computer") if p in COMPUTER_PLAYERS]
    try:
        start_table(table.id, computers[: MAX_SEATS - len(table.seats)])
    except (TableError, TableMovedOn, ValueError) as refused:
        return index_page(class_or_404(table.class_id), str(refused), 400)
    return redirect(url_for("watch.watch", table_id=table_id))


@bp.post("/tables/<int:table_id>/stop")
def stop(table_id: int) -> Any:
    """End a table's game now (a child went home, the bell rang): it is finished as it is."""
    table = table_or_404(table_id)
    was_open = table.status == TableStatus.OPEN
    who = ", ".join(seat.name for seat in table.seats)
    stop_table(table.id)
    # Said on the page it returns to: the row is gone, and the teacher sees why.
    flash(f"The table of {who} is closed." if was_open else f"The game of {who} has ended.")
    return redirect(url_for("watch.index", class_id=table.class_id))


@bp.post("/tables/<int:table_id>/seat-child")
def seat_child(table_id: int) -> Any:
    """Seat any child of the class at an open table, whatever level the child is assigned
    (the teacher puts them there; they play the table's level)."""
    table = table_or_404(table_id)
    classroom = class_or_404(table.class_id)
    ident = int_arg(request.form.get("child"))
    child = next((c for c in classroom.active_children if c.id == ident), None)
    if child is None:
        return index_page(classroom, "Choose a child of this class to seat.", 400)
    others = [t for t in tables_of(child) if t.id != table.id]
    if others and (busy := already_playing([child])):
        return index_page(classroom, busy, 400)
    try:
        seating.seat_child(table.id, child, by_teacher=True)
    except (TableError, TableMovedOn) as refused:
        return index_page(classroom, str(refused), 400)
    say_other_level(child, table.level)
    return redirect(url_for("watch.index", class_id=table.class_id))


@bp.post("/tables/<int:table_id>/seats/<int:seat>/take-out")
def take_out(table_id: int, seat: int) -> Any:
    """Take a child out of their seat for the rest of the game: a computer player (the
    gentlest their assignment allows) plays it, and the table goes on."""
    table = table_or_404(table_id)
    try:
        away.take_out(table.id, seat)
        end_if_nobody_left(table.id)  # only computer players left: the game ends
    except (TableError, TableMovedOn) as refused:
        return index_page(class_or_404(table.class_id), str(refused), 400)
    return redirect(url_for("watch.watch", table_id=table_id))
