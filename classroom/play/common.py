"""Request handling shared by a child's and a teacher's seat at a table: the page, the JSON
the page polls, moves, looks and counts. The blueprints decide who sits where; these turn
requests into service calls and responses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Response, jsonify, redirect, render_template, request, session, url_for
from flask_wtf.csrf import generate_csrf

from classroom.assignments import LEVEL_NAMES
from classroom.extensions import db
from classroom.game import Action, Event, EventKind, IllegalAction
from classroom.models import Child, PlayTable
from classroom.play.cards import story_item
from classroom.tables import service
from classroom.tables.board import Board, build_board
from classroom.tables.story import StoryItem, StoryLine, tell

STORY_LENGTH = 8  # sentences of the table story kept on the page
STORY_EVENTS = 40  # events read back to tell them
# The session key of a card to show face up on the next page only (a look or a PEEK sent
# without JavaScript); see remember_reveal.
REVEAL_KEY = "table_reveal"


@dataclass(frozen=True)
class Urls:
    page: str
    state: str
    move: str
    look: str
    count: str


def redacted(items: list[StoryItem], seat: int | None) -> list[StoryItem]:
    """The story as `seat` saw it (None: a teacher watching, who sees every card)."""
    return [item.for_seat(seat) for item in items]


def level_notes(table: PlayTable) -> dict[int, str]:
    """For the teacher: the seats whose child is assigned another level than the table's."""
    notes = {}
    for row in table.seats:
        child = db.session.get(Child, row.child_id) if row.child_id is not None else None
        if child is not None and child.level != table.level:
            notes[row.seat] = (
                f"{row.name} is assigned {LEVEL_NAMES[child.level]} and plays this table at "
                f"{LEVEL_NAMES[table.level]}."
            )
    return notes


def board_for(
    table: PlayTable,
    seat: int | None,
    *,
    chosen_swap: int | None = None,
    revealed: dict[int, int] | None = None,
    story: bool = True,
) -> Board:
    """The board a seat (or, with seat None, the teacher watching) may see now; with `story`
    False, without the story (a live update: the page keeps its own)."""
    game = service.game_seen(table)
    viewer = 0 if seat is None else seat
    view = game.view(viewer)
    events = None
    if story:
        events = redacted(service.stored_story(table.id, limit=STORY_EVENTS), seat)
    moves = seat is not None and table.status == "playing" and table.seats[seat].stand_in is None
    return build_board(
        table_id=table.id,
        version=table.version,
        status=table.status,
        seat_rows=table.seats,
        view=view,
        legal=game.legal_actions(seat) if moves else [],
        events=events,
        score_history=game.score_history,
        watch_lines=game.lines if seat is None else None,
        watch_hand=game.hand if seat is None else None,
        chosen_swap=chosen_swap,
        revealed=revealed,
        seat_notes=level_notes(table) if seat is None else None,
    )


def remember_reveal(table: PlayTable, seat: int, version: int, positions: list[int]) -> None:
    """A look or a PEEK without JavaScript: the next page shows the card face up, once.

    Only where the card is (table, seat, version, position) goes into the signed session
    cookie, never its value: the next page reads the card from the game, and pops the note,
    so the page after that (or a refresh) shows it face down again."""
    session[REVEAL_KEY] = {
        "table": table.id,
        "seat": seat,
        "version": version,
        "positions": positions,
    }


def moved(event: Event, seat: int, position: int) -> bool:
    """Did `event` put another card at the seat's position (or start a new deal)?"""
    if event.kind in (EventKind.ROUND_ENDED, EventKind.ROUND_STARTED):
        return True
    if event.kind in (EventKind.PLACED, EventKind.POWER_REPLACED):
        return (event.seat, event.position) == (seat, position)
    if event.kind is EventKind.SWAPPED:
        return (seat, position) in {
            (event.seat, event.position),
            (event.other_seat, event.other_position),
        }
    return False


def take_reveal(table: PlayTable, seat: int | None) -> dict[int, int] | None:
    """The cards to show face up on this page, once (see remember_reveal); None if the note
    is for another table or seat, or the card may have moved since (a SWAP, a new round)."""
    note = session.pop(REVEAL_KEY, None)
    if not isinstance(note, dict) or seat is None or table.state is None:
        return None
    if note.get("table") != table.id or note.get("seat") != seat:
        return None
    since = int_arg(note.get("version"))
    positions = [p for p in note.get("positions", []) if isinstance(p, int) and 1 <= p <= 4]
    if since is None or not positions or table.status != "playing":
        return None
    if since != table.version:
        events = service.stored_events(table.id, since_version=since)
        if any(moved(e, seat, p) for e in events for p in positions):
            return None
    line = service.game_seen(table).lines[seat]
    return {p: int(line[p - 1]) for p in positions}


def int_arg(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def counting_context(table: PlayTable, seat: int | None) -> dict[str, Any]:
    """What the counting part of the page needs: this seat's step and everyone's bars."""
    if table.state is None or table.status not in ("counting", "finished"):
        return {}
    game = service.game_seen(table)
    step = None
    if seat is not None:
        step = service.count_step(table, table.seats[seat], game)
    line = [int(c) for c in game.lines[seat]] if seat is not None and game.lines[seat] else []
    pending = (table.seats[seat].pending_count or {}) if seat is not None else {}
    placed = request.args.getlist("placed", type=int)
    hint: dict[int, str] = {}
    if request.args.get("recount") == "1" and len(placed) == len(line) == 4:
        hint = {
            place: f"Count again: this card says {value}."
            for place, (value, n) in enumerate(zip(line, placed, strict=True), start=1)
            if value and n != value
        }
    return {
        "count_step": step,
        "count_line": line,
        "pending_cubes": pending.get("cubes"),
        "count_hint": hint or None,
        "count_url_query": "?hinted=1" if hint else "",
    }


def render_page(
    table: PlayTable,
    seat: int | None,
    urls: Urls,
    *,
    message: str | None = None,
    status: int = 200,
    revealed: dict[int, int] | None = None,
    template: str = "play/table.html",
    extra: Mapping[str, Any] | None = None,
) -> tuple[str, int]:
    """The whole table page for a seat (or a teacher watching, seat None)."""
    context: dict[str, Any] = {
        "table": table,
        "seats": table.seats,
        "level_name": LEVEL_NAMES[table.level],
        "urls": urls,
        "message": message,
        "csrf": generate_csrf(),
        "me": seat,
        "home_url": url_for("main.index"),
    }
    if table.state is not None:
        chosen = int_arg(request.args.get("mine"))
        if revealed is None and request.method == "GET":
            revealed = take_reveal(table, seat)
        context["board"] = board_for(table, seat, chosen_swap=chosen, revealed=revealed)
        context.update(counting_context(table, seat))
        placed = request.args.getlist("placed", type=int)
        context["placed"] = placed if len(placed) == 4 else None
    context.update(extra or {})
    return render_template(template, **context), status


def fragment(table: PlayTable, seat: int | None, urls: Urls, **kwargs: Any) -> str:
    """The board for a live update (JSON): without the story, which comes as `story_lines`."""
    return render_template(
        "play/_board.html",
        board=board_for(table, seat, story=False, **kwargs),
        urls=urls,
        csrf=generate_csrf(),
        table=table,
    )


def state_json(
    table_id: int, seat: int | None, urls: Urls, table: PlayTable | None = None
) -> Response:
    """What the page polls: the version, and when it changed, the fresh board and the newest
    story (redacted for the seat). `table` may be given when this request has just read it:
    the usual poll, where nothing moves, then reads the table once."""
    if service.advance_computers(table_id, table) or table is None:
        table = service.load_table(table_id)
    assert table is not None
    since = int_arg(request.args.get("version"))
    data: dict[str, Any] = {"version": table.version, "status": table.status}
    if since == table.version or table.state is None:
        data["changed"] = since != table.version
        return jsonify(data)
    data["changed"] = True
    data["html"] = fragment(table, seat, urls)
    # A forced refresh (version -1, after a look) only redraws the board: no news.
    lines = story_since(table, seat, since) if since is not None and since >= 0 else []
    data["news"] = [line.to_dict() for line in lines]
    data["story"] = story_items(lines)
    return jsonify(data)


NEWS_EVENTS = 20  # at most this many events are told in one live update


def story_since(table: PlayTable, seat: int | None, since: int) -> list[StoryLine]:
    """The story's new sentences for a page at version `since` (redacted for the seat)."""
    if since >= table.version:
        return []
    items = service.stored_story(table.id, since_version=since, limit=NEWS_EVENTS)
    return tell(redacted(items, seat), [s.name for s in table.seats], seat)


def story_items(lines: list[StoryLine]) -> list[str]:
    """The story lines as the page's story list shows them (table.js adds them)."""
    return [str(story_item(line)) for line in lines]


def wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def action_from_form(form: Mapping[str, Any]) -> Action:
    return Action.from_dict(
        {k: form.get(k) for k in ("kind", "position", "other_seat", "other_position")}
    )


def handle_move(table: PlayTable, seat: int, urls: Urls) -> Any:
    """A move posted from the page (plain form or fetch): applied in one transaction, or
    refused with the engine's sentence (4xx) or "The table has moved on" (409)."""
    table_id = table.id  # read before a commit or rollback expires `table`
    expected = int_arg(request.form.get("version"))
    try:
        action = action_from_form(request.form)
        if expected is None:
            raise service.TableError("The move came without the table's version")
        result = service.play_move(table_id, seat, action, expected, table)
    except service.TableMovedOn as moved:
        return _refused(table_id, seat, urls, str(moved), 409, since=expected)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422, since=expected)
    revealed = {
        e.position: int(e.card)
        for e in result.events
        if e.kind is EventKind.PEEKED and e.seat == seat and e.card is not None and e.position
    }
    fresh = table  # as the move's transaction left it (service._commit_state)
    if wants_json():
        # The move's own events are the news: nothing else can have happened in between.
        names = [s.name for s in fresh.seats]
        lines = tell(redacted(list(result.events), seat), names, seat)
        return jsonify(
            {
                "ok": True,
                "version": fresh.version,
                "status": fresh.status,
                "html": fragment(fresh, seat, urls, revealed=revealed),
                "story": story_items(lines),
            }
        )
    if revealed:
        # Without JavaScript the PEEKed card shows on the next page only (Post/Redirect/Get:
        # a refresh must not show it again, nor send the move again).
        remember_reveal(fresh, seat, result.version, sorted(revealed))
    return redirect(urls.page, code=303)


def _refused(
    table_id: int, seat: int, urls: Urls, message: str, code: int, since: int | None = None
) -> Any:
    """The move was not made: the message, with the table as it is now (`since`: the version
    of the page that sent it, whose story the answer brings up to date)."""
    db.session.rollback()
    fresh = service.load_table(table_id)
    assert fresh is not None
    if wants_json():
        body: dict[str, Any] = {"ok": False, "message": message, "version": fresh.version}
        if fresh.state is not None:
            body["html"] = fragment(fresh, seat, urls)
            lines = story_since(fresh, seat, since) if since is not None and since >= 0 else []
            body["story"] = story_items(lines)
        body["status"] = fresh.status
        return jsonify(body), code
    return render_page(fresh, seat, urls, message=message, status=code)


def handle_look(table: PlayTable, seat: int, urls: Urls) -> Any:
    """A look at one's own card (Peek levels): shown on the returned page, recorded."""
    table_id = table.id  # read before a commit or rollback expires `table`
    position = int_arg(request.form.get("position"))
    try:
        if position is None:
            raise service.TableError("Which card? Tap one of your cards")
        card = service.look(table_id, seat, position)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422)
    fresh = service.load_table(table_id)
    assert fresh is not None
    revealed = {position: card}
    if wants_json():
        return jsonify(
            {
                "ok": True,
                "version": fresh.version,
                "status": fresh.status,
                "html": fragment(fresh, seat, urls, revealed=revealed),
            }
        )
    remember_reveal(fresh, seat, fresh.version, [position])
    return redirect(urls.page, code=303)


def handle_count(table: PlayTable, seat: int, urls: Urls) -> Any:
    """Counting at the end of a round: cube presses (no JavaScript) re-show the form; a snap
    or a typed total is recorded."""
    table_id = table.id  # read before a commit or rollback expires `table`
    form = request.form
    stacks = [int_arg(form.get(f"cubes_{p}")) or 0 for p in range(1, 5)]
    stacks = [max(0, min(service.MAX_CUBES, n)) for n in stacks]
    press = str(form.get("press", ""))
    hinted = form.get("hinted") == "1"
    try:
        if press.startswith(("add-", "remove-")):
            place = int_arg(press.split("-", 1)[1])
            if place is None or not 1 <= place <= 4:
                raise service.TableError("Which card? Tap + or - under a card")
            stacks[place - 1] += 1 if press.startswith("add-") else -1
            stacks = [max(0, min(service.MAX_CUBES, n)) for n in stacks]
            query = "&".join(f"placed={n}" for n in stacks)
            return redirect(f"{urls.page}?{query}", code=303)
        if press == "snap":
            hinted = hinted or request.args.get("hinted") == "1"
            line = [int(c) for c in service.game_seen(table).lines[seat]]
            if not hinted and any(n != v for n, v in zip(stacks, line, strict=True) if v):
                # As cubes.js does: one gentle "count again" first; the next snap records.
                query = "&".join(f"placed={n}" for n in stacks)
                return redirect(f"{urls.page}?{query}&recount=1", code=303)
            service.record_count(table_id, seat, cubes=stacks, hinted=hinted)
        else:
            total = int_arg(str(form.get("total", "")).strip())
            if total is None:
                raise service.TableError("Type your total with the numbers")
            service.record_count(table_id, seat, total=total, hinted=hinted)
    except service.TableMovedOn as moved:
        return _refused(table_id, seat, urls, str(moved), 409)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422)
    return redirect(urls.page, code=303)


def child_may_sit(child: Child, table: PlayTable) -> bool:
    return table.class_id == child.class_id and table.level == child.level
