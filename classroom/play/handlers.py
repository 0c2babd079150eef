"""Requests at a seat of a table, shared by a child's (play) and a teacher's (watch)
blueprints: the poll, moves, looks and counts turned into service calls and answers. The
blueprints decide who sits where; classroom.seatview builds what the seat sees."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify, redirect, request
from flask_babel import gettext

from classroom.extensions import db
from classroom.game import Action, IllegalAction, peeked_cards
from classroom.live.clock import played_in_request
from classroom.models import PlayTable
from classroom.seatview.notes import end_outside_look, int_arg, remember_results, remember_reveal
from classroom.seatview.page import render_page
from classroom.seatview.seen import LOOK, MOVE, POLL, REFUSED, Urls, answer, seen, told
from classroom.tables.counting import MAX_CUBES, Counted, record_count
from classroom.tables.errors import TableError, TableMovedOn
from classroom.tables.loading import load_table
from classroom.tables.looks import look
from classroom.tables.moves import play_move


def state_json(
    table_id: int, seat: int | None, urls: Urls, table: PlayTable | None = None
) -> Response:
    """What the page polls: the version, and when it changed, the fresh board and the newest
    story (redacted for the seat). `table` may be given when this request has just read it:
    the usual poll, where nothing moves, then reads the table once."""
    since = int_arg(request.args.get("version"))
    chosen = int_arg(request.args.get("mine"))
    return jsonify(state_data(table_id, seat, urls, since, table, chosen))


def state_data(
    table_id: int,
    seat: int | None,
    urls: Urls,
    since: int | None,
    table: PlayTable | None,
    chosen_swap: int | None = None,
) -> dict[str, Any]:
    """The answer to a page at version `since` (a poll's, or a pushed event's): the version
    and status, and when it changed, the fresh board and the newest story for the seat. A
    read: the table clock plays what is due (classroom.live.clock)."""
    if played_in_request(table_id, table) or table is None:
        table = load_table(table_id)
    assert table is not None
    return answer(seen(table, seat, urls, since, chosen_swap=chosen_swap), POLL)


def wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def action_from_form(form: Mapping[str, Any]) -> Action:
    return Action.from_dict(
        {k: form.get(k) for k in ("kind", "position", "other_seat", "other_position")}
    )


def handle_move(
    table: PlayTable,
    seat: int,
    urls: Urls,
) -> Any:
    """A move posted from the page (plain form or fetch): applied in one transaction, or
    refused with the engine's sentence (4xx) or "The table has moved on" (409). Its commit
    tells every page's stream of it (classroom.live.publish)."""
    table_id = table.id  # read before a commit or rollback expires `table`
    expected = int_arg(request.form.get("version"))
    try:
        action = action_from_form(request.form)
        if expected is None:
            raise TableError("The move came without the table's version")
        result = play_move(table_id, seat, action, expected, table)
    except TableMovedOn as moved:
        return _refused(table_id, seat, urls, str(moved), 409, since=expected)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422, since=expected)
    revealed = peeked_cards(result.events, seat)
    fresh = table  # as the move's transaction left it (classroom.tables.moves.commit_state)
    if wants_json():
        # The move's own story (its events, and the seat's own good choice, GoodChoice) is the
        # story since the page's version: nothing else can have happened in between, so it is
        # told without a read.
        story = told(table_id, expected, list(result.story))
        data = seen(fresh, seat, urls, expected, story=story, revealed=revealed, board=True)
        return jsonify({"ok": True} | answer(data, MOVE))
    if revealed:
        # Without JavaScript the PEEKed card shows on the next page only (Post/Redirect/Get:
        # a refresh must not show it again, nor send the move again).
        remember_reveal(fresh, seat, result.version, sorted(revealed))
    return redirect(urls.page, code=303)


def _refused(
    table_id: int, seat: int, urls: Urls, message: str, code: int, since: int | None = None
) -> Any:
    """The move was not made: the message, with the table as it is now (`since`: the version
    of the page that sent it, whose story the answer brings up to date). A refusal a child
    may meet is in the catalog (classroom/child/words.py REFUSALS), so in their language."""
    db.session.rollback()
    message = gettext(message)
    fresh = load_table(table_id)
    assert fresh is not None
    if wants_json():
        data = answer(seen(fresh, seat, urls, since, board=True), REFUSED)
        return jsonify({"ok": False, "message": message} | data), code
    return render_page(fresh, seat, urls, message=message, status=code)


def handle_look(table: PlayTable, seat: int, urls: Urls) -> Any:
    """A look at one's own card (Peek levels): shown on the returned page, recorded."""
    table_id = table.id  # read before a commit or rollback expires `table`
    if request.form.get("remembered") == "1":
        # "I remember": Standard's look at the outside cards ends (nothing is recorded).
        end_outside_look(table, seat)
        if wants_json():
            return jsonify({"ok": True} | answer(seen(table, seat, urls, None, board=True), LOOK))
        return redirect(urls.page, code=303)
    position = int_arg(request.form.get("position"))
    try:
        if position is None:
            raise TableError("Which card? Tap one of your cards")
        card = look(table_id, seat, position)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422)
    fresh = load_table(table_id)
    assert fresh is not None
    revealed = {position: card}
    if wants_json():
        data = seen(fresh, seat, urls, None, revealed=revealed, board=True)
        return jsonify({"ok": True} | answer(data, LOOK))
    remember_reveal(fresh, seat, fresh.version, [position])
    return redirect(urls.page, code=303)


def _with_stacks(page_url: str, stacks: list[int]) -> str:
    """The counting page again with these stacks on the cards (each kept to 0..MAX_CUBES)."""
    return page_url + "?" + "&".join(f"placed={max(0, min(MAX_CUBES, n))}" for n in stacks)


def handle_count(table: PlayTable, seat: int, urls: Urls) -> Any:
    """Counting at the end of a round: cube presses (no JavaScript) re-show the form; a snap
    or a typed total goes to counting.record_count, which says whether it is recorded or a
    "Let's count again" comes first (the browser never decides that)."""
    table_id = table.id  # read before a commit or rollback expires `table`
    form = request.form
    stacks = [int_arg(form.get(f"cubes_{p}")) or 0 for p in range(1, 5)]
    press = str(form.get("press", ""))
    try:
        if press.startswith(("add-", "remove-")):
            place = int_arg(press.split("-", 1)[1])
            if place is None or not 1 <= place <= 4:
                raise TableError("Which card? Tap + or - under a card")
            stacks[place - 1] += 1 if press.startswith("add-") else -1
            return redirect(_with_stacks(urls.page, stacks), code=303)
        if press == "snap":
            stacks = [max(0, min(MAX_CUBES, n)) for n in stacks]
            counted = record_count(table_id, seat, cubes=stacks)
            if counted is Counted.AGAIN:
                return redirect(_with_stacks(urls.page, stacks), code=303)
        else:
            total = int_arg(str(form.get("total", "")).strip())
            if total is None:
                raise TableError("Type your total with the numbers")
            counted = record_count(table_id, seat, total=total)
    except TableMovedOn as moved:
        return _refused(table_id, seat, urls, str(moved), 409)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422)
    if counted in (Counted.DONE, Counted.SHOWN):
        remember_results(table_id, seat)
    return redirect(urls.page + ("?told=1" if counted is Counted.SHOWN else ""), code=303)
