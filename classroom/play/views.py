"""A signed-in child's card tables: play with the computer, play with friends, the game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    stream_with_context,
    url_for,
)
from flask_babel import gettext
from sqlalchemy import or_, select
from werkzeug.wrappers import Response

from classroom.access import (
    CHILD_VERSION_KEY,
    child_session_alive,
    me,
    my_ids,
    require_child,
)
from classroom.assignments import LEVEL_NAMES, Assignment
from classroom.extensions import db, limiter
from classroom.forms import ConfirmForm
from classroom.live.clock import follow, played_in_request
from classroom.live.quiet import nothing_new, quiet_after_read
from classroom.models import PlayTable, TableStatus
from classroom.play import handlers, push
from classroom.seatview import cards, pieces
from classroom.seatview.notes import int_arg
from classroom.seatview.page import render_page
from classroom.seatview.seen import POLL, STORY_LENGTH, Urls, answer, seen
from classroom.tables.away import seat_seen
from classroom.tables.errors import TableError, TableMovedOn
from classroom.tables.faces import PickError, fill_faces, offers, picked
from classroom.tables.leaving import stop_older_computer_games, stop_waiting, waiting_at
from classroom.tables.loading import load_table, read_table, seat_of_child, tables_of
from classroom.tables.seating import (
    MAX_SEATS,
    open_table_for,
    seat_child,
    seat_computer,
    start_table,
)

bp = Blueprint("play", __name__, url_prefix="/play")


def quiet_reads() -> None:
    """before_request: a poll (play.state) on a database server reads in autocommit, as long
    as its quiet answer holds: most polls of a class are quiet ones, two small reads, and a
    transaction would add two round trips to them (BEGIN, ROLLBACK). Each read sees the
    newest commit either way (PostgreSQL's READ COMMITTED). A poll that goes on to read the
    table (and may act on it) does so in a transaction, as every other request
    (`poll_goes_on`)."""
    if request.endpoint == "play.state" and db.engine.dialect.name == "postgresql":
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def poll_goes_on() -> None:
    """The poll is more than its quiet answer: the session lets its autocommit connection go
    (the pool puts its isolation level back), and what follows runs in a transaction."""
    if db.engine.dialect.name == "postgresql":
        db.session.close()


bp.before_request(quiet_reads)  # before require_child, whose read of the child is the first
bp.before_request(require_child)


@limiter.request_filter
def at_the_tables() -> bool:
    """No rate limit counts a child's requests at a table (several a second while they
    play, none of them a guess at anything): Flask-Limiter then skips them before looking
    for limits, which cost a tenth of a quiet poll."""
    return request.blueprint == "play"


# play/_cards.html exports the first two as `card` and `card_name` for every page that shows
# cards; play/_board.html uses the pieces.
bp.add_app_template_filter(cards.points, "points")
bp.add_app_template_global(cards.card, "play_card")
bp.add_app_template_global(cards.card_name, "play_card_name")
bp.add_app_template_global(cards.story_item, "play_story_item")
bp.add_app_template_global(pieces.move_for, "play_move_for")
bp.add_app_template_global(pieces.slot_card, "play_slot_card")
bp.add_app_template_global(pieces.seat_head, "play_seat_head")
bp.add_app_template_global(pieces.other_line, "play_other_line")
bp.add_app_template_global(pieces.my_cards, "play_my_cards")
bp.add_app_template_global(pieces.picture_src, "play_picture")
bp.add_app_template_global(push.quiet_limit_ms, "play_stream_quiet_ms")
bp.add_app_template_global(pieces.icon, "play_icon")
bp.add_app_template_global(STORY_LENGTH, "play_story_length")  # type: ignore[arg-type]


def urls_for(table_id: int) -> Urls:
    """The URLs of a child's table page and its requests."""
    return Urls(
        page=url_for("play.table", table_id=table_id),
        state=url_for("play.state", table_id=table_id),
        move=url_for("play.move", table_id=table_id),
        look=url_for("play.look", table_id=table_id),
        count=url_for("play.count", table_id=table_id),
        events=url_for("play.events", table_id=table_id) if push.seconds() > 0 else None,
    )


def table_and_seat(
    table_id: int, child_id: int, class_id: int, *, for_move: bool = False
) -> tuple[PlayTable, int | None] | None:
    """A table of the class, and the child's seat at it (None if they have none); None if
    the class has no such table. `for_move`: read in one query as objects of no session
    (loading.read_table), which a move writes only by its guarded UPDATE."""
    if for_move:
        table = read_table(db.session.connection(), table_id)
    else:
        table = db.session.get(PlayTable, table_id)
    if table is None or table.class_id != class_id:
        return None
    seat = seat_of_child(table, child_id)
    return table, None if seat is None else seat.seat


def my_table(table_id: int) -> tuple[PlayTable, int | None]:
    """A table of the child's class, and their seat at it (None if they have none)."""
    child = me()
    found = table_and_seat(table_id, child.id, child.class_id)
    if found is None:
        abort(404)
    return found


def seated(
    table_id: int, child_id: int, class_id: int, *, for_move: bool = False
) -> tuple[PlayTable, int] | None:
    """The child's table and seat, or None if they have none. Asking shows the child is at
    the table: it is noted, and a child who had left takes their seat back. (An event stream
    reads the table so, with the ids its request began with.) `for_move`: see table_and_seat."""
    found = table_and_seat(table_id, child_id, class_id, for_move=for_move)
    if found is None or found[1] is None:
        return None
    table, seat = found
    if for_move and table.seats[seat].stand_in is not None:
        # A child coming back takes their seat back through the session (away.give_back).
        return seated(table_id, child_id, class_id)
    seat_seen(table, seat)
    return table, seat


def my_seat(table_id: int, *, for_move: bool = False) -> tuple[PlayTable, int]:
    """The signed-in child's table and seat, noted as seen (`seated`); 404 if they have none."""
    child = my_ids()
    found = seated(table_id, child.child_id, child.class_id, for_move=for_move)
    if found is None:
        abort(404)
    return found


# A child plays with one to three computer players (a table has four seats).
MOST_COMPUTERS = MAX_SEATS - 1


@bp.get("/computer")
def computer() -> tuple[str, int]:
    """Pick the computer players to play with: a picture button for each one the assignment
    allows; exactly the ones picked sit down."""
    return choose_computers_page()


def choose_computers_page(problem: str | None = None) -> tuple[str, int]:
    """The page that picks computer players; with `problem`, a 400 saying what was wrong."""
    child = me()
    assignment = Assignment.of(child)
    offered = offers(assignment.computer_players, child.display_name)
    # One row per kind (Kitten, Mittens, Pumpkin): the faces of one kind side by side.
    rows = [[o for o in offered if o.kind == kind] for kind in assignment.computer_players]
    page = render_template(
        "play/computer.html",
        rows=[row for row in rows if row],
        most=MOST_COMPUTERS,
        problem=None if problem is None else gettext(problem),  # words.py REFUSALS
        level_name=LEVEL_NAMES[assignment.level],
        form=ConfirmForm(),
        me=child,
        my_tables=tables_of(child),
    )
    return page, 400 if problem else 200


@bp.post("/computer")
def start_with_computer() -> Response | tuple[str, int]:
    """Sit at a new table with exactly the computer players picked and start at once; a pick
    the page did not offer (none, too many, one twice, one not offered) is a 400."""
    child = me()
    offered = offers(Assignment.of(child).computer_players, child.display_name)
    try:
        players = picked(offered, request.form.getlist("player"), MOST_COMPUTERS)
    except PickError as refused:
        return choose_computers_page(str(refused))
    # One game with the computer at a time: the older one stops instead of "playing" for good;
    # and a table where the child waited for friends is given up.
    stop_older_computer_games(child)
    stop_waiting(child)
    table = open_table_for(child)
    try:
        for player in players:
            seat_computer(table.id, player.kind, player.face)
        start_table(table.id)
    except (TableError, TableMovedOn) as refused:
        # A classmate sat down at the new table in the moment before it started, say.
        flash(str(refused), "warning")
    return redirect(url_for("play.table", table_id=table.id))


@bp.get("/friends")
def friends() -> str:
    """Open tables of the child's class at their level: join one, or open a new one; the one
    the child waits at (whatever its level: the teacher may have seated them there) is theirs
    to go back to."""
    child = me()
    my_open = set(waiting_at(child))
    tables = db.session.scalars(
        select(PlayTable)
        .where(
            PlayTable.class_id == child.class_id,
            or_(PlayTable.level == child.level, PlayTable.id.in_(my_open)),
            PlayTable.status == TableStatus.OPEN,
        )
        .order_by(PlayTable.created_at)
    ).all()
    return render_template(
        "play/friends.html",
        # Tables with a free seat, and the one the child waits at (full or not).
        tables=[t for t in tables if len(t.seats) < MAX_SEATS or t.id in my_open],
        my_open=my_open,
        level_name=LEVEL_NAMES[child.level],
        form=ConfirmForm(),
        me=child,
        # Games in play to go back to (a table still open is in the list above, as theirs).
        my_games=[t for t in tables_of(child) if t.status != TableStatus.OPEN],
    )


@bp.post("/friends")
def open_new() -> Response:
    """Open a new table at the child's level and sit at it; a child who already waits at an
    open table goes back to it (a second tap, or the browser's Back, opens no second one)."""
    child = me()
    waiting = waiting_at(child)
    table_id = waiting[0] if waiting else open_table_for(child).id
    return redirect(url_for("play.table", table_id=table_id))


@bp.post("/tables/<int:table_id>/join")
def join(table_id: int) -> Response:
    """Take a free seat at an open table of the class, at the child's level."""
    child = me()
    table, seat = my_table(table_id)
    if seat is None:
        try:
            seat_child(table.id, child)
        except (TableError, TableMovedOn) as refused:
            flash(str(refused), "warning")
            return redirect(url_for("play.friends"))
        stop_waiting(child, keep=table_id)  # seated here: the table they waited at goes
    return redirect(url_for("play.table", table_id=table_id))


@bp.post("/tables/<int:table_id>/start")
def start(table_id: int) -> Response:
    """Start the game of an open table; empty seats go to allowed computer players."""
    child = me()
    table, _ = my_seat(table_id)
    allowed = Assignment.of(child).computer_players
    fill = int_arg(request.form.get("computers")) or 0
    fill = max(0, min(MAX_SEATS - len(table.seats), fill))
    players = [allowed[i % len(allowed)] for i in range(fill)] if allowed else []
    try:
        start_table(table.id, players)
    except (TableError, TableMovedOn) as refused:
        flash(str(refused), "warning")
    return redirect(url_for("play.table", table_id=table_id))


@bp.get("/tables/<int:table_id>")
def table(table_id: int) -> Any:
    """The game page: the board, the moves, the story; waiting and counting too."""
    table, seat = my_seat(table_id)
    follow(table_id)  # the table's clock plays its computer players while the page is open
    if played_in_request(table_id, table):
        fresh = load_table(table_id)
        assert fresh is not None
        table = fresh
    extra: dict[str, Any] = {"home_url": url_for("child.home")}
    if table.status == TableStatus.OPEN:
        allowed = Assignment.of(me()).computer_players
        extra["allowed"] = allowed
        # The faces the empty seats would get, so each number shows who will sit down.
        extra["fill_faces"] = fill_faces(allowed, table.seats, MAX_SEATS - len(table.seats))
        extra["start_url"] = url_for("play.start", table_id=table_id)
    if table.status == TableStatus.FINISHED:
        extra["play_again"] = play_again_keys(table, seat)
    return render_page(table, seat, urls_for(table_id), extra=extra)


def play_again_keys(table: PlayTable, seat: int) -> list[str]:
    """A game over with computer players only: the picks of "Play with the computer" that
    seat the same players again ("Play again"); [] when a classmate or a teacher sat there,
    or one of them is no longer the child's to pick."""
    others = [row for row in table.seats if row.seat != seat]
    if not others or any(row.computer is None for row in others):
        return []
    child = me()
    by_face = {
        (o.kind, o.face.name): o.key
        for o in offers(Assignment.of(child).computer_players, child.display_name)
    }
    keys = [by_face.get((row.computer or "", row.name)) for row in others]
    return [key for key in keys if key is not None] if all(keys) else []


@bp.get("/tables/<int:table_id>/state")
def state(table_id: int) -> Response:
    """JSON for the page's live updates: the version, and the fresh board when it changed."""
    child_id, since = my_ids().child_id, int_arg(request.args.get("version"))
    follow(table_id)
    quiet = nothing_new(table_id, child_id, since)
    if quiet is not None:
        return jsonify({"version": quiet[0], "status": quiet[1], "changed": False})
    poll_goes_on()
    # Behind, or something is due. Read the table as a move reads it (one query, no ORM
    # objects): when a game is in play and nothing is due at its version (no computer
    # player's move, nobody away or back), that read is the answer, as a pushed event's is.
    table, seat = my_seat(table_id, for_move=True)
    if table.status == TableStatus.PLAYING and quiet_after_read(table, child_id)[0] is not None:
        chosen = int_arg(request.args.get("mine"))  # a SWAP's own card, tapped
        data = seen(table, seat, urls_for(table_id), since, chosen_swap=chosen)
        return jsonify(answer(data, POLL))
    # Something is due: the table clock plays it (here the poll only reads the table, unless a
    # test app plays in its requests: classroom.live.clock.played_in_request).
    return handlers.state_json(table_id, seat, urls_for(table_id))


@bp.get("/tables/<int:table_id>/events")
def events(table_id: int) -> Response:
    """Server-sent events for the child's table page (config TABLE_PUSH seconds a stream; 0:
    off, 404): the poll's answer each time the table moves on (classroom.play.push)."""
    seconds = push.seconds()
    if seconds <= 0:
        abort(404)
    ids = my_ids()
    child_id, class_id = ids.child_id, ids.class_id
    # 404 before the stream begins if the child has no seat there. Read as a move reads it,
    # in one query with no ORM objects: every page opens its stream again each TABLE_PUSH
    # seconds. The same read says whether the page is up to date (no quiet query).
    table, _ = my_seat(table_id, for_move=True)
    follow(table_id, seconds + 1)  # the clock plays at the table while the stream lasts
    # A reconnection says the last version it was sent; a new page, its own.
    since = int_arg(request.headers.get("Last-Event-ID"))
    if since is None:
        since = int_arg(request.args.get("version"))
    since = -1 if since is None else since
    read_seat = partial(seated, table_id, child_id, class_id)
    known = quiet_after_read(table, child_id, since)
    stream = push.stream(
        table_id, child_id, since, seconds, read_seat, urls_for(table_id), known=known
    )
    alive = partial(child_session_alive, child_id, session.get(CHILD_VERSION_KEY))
    return Response(
        stream_with_context(while_signed_in(stream, alive)),
        mimetype="text/event-stream",
        # No proxy may hold the events back, nor a cache keep them.
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def while_signed_in(events: Iterator[str], alive: Callable[[], bool]) -> Iterator[str]:
    """A stream's events while the child's session lasts: each one (a board, or a heartbeat
    at least every push.HEARTBEAT seconds) is sent only after the session is found still on;
    a child archived or signed out elsewhere gets nothing more, and the stream ends."""
    try:
        for chunk in events:
            if not alive():
                return
            yield chunk
    finally:
        close = getattr(events, "close", None)
        if close is not None:
            close()


@bp.post("/tables/<int:table_id>/move")
def move(table_id: int) -> Any:
    """One move of the child's turn."""
    table, seat = my_seat(table_id, for_move=True)
    return handlers.handle_move(table, seat, urls_for(table_id))


@bp.post("/tables/<int:table_id>/look")
def look(table_id: int) -> Any:
    """Look at one of your own cards (Peek levels)."""
    table, seat = my_seat(table_id)
    return handlers.handle_look(table, seat, urls_for(table_id))


@bp.post("/tables/<int:table_id>/count")
def count(table_id: int) -> Any:
    """Counting at the end of a round: cubes, then the total where the assignment asks."""
    table, seat = my_seat(table_id)
    return handlers.handle_count(table, seat, urls_for(table_id))
