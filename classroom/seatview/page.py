"""The whole table page for a seat (or a teacher watching): the board, the counting part,
the round's results between two rounds, and why a game stopped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import render_template, request, url_for
from flask_babel import gettext

from classroom.assignments import LEVEL_NAMES
from classroom.child.words import N_
from classroom.models import PlayTable, TableStatus
from classroom.security import csrf_for_forms
from classroom.tables.away import seen_every
from classroom.tables.counting import count_step, counted_line
from classroom.tables.leaving import stopped_for_new_game
from classroom.tables.loading import game_seen
from classroom.tables.story import tell

from .notes import between_rounds, int_arg, take_reveal
from .seen import Urls, board_for

COUNT_AGAIN = N_("Let's count again!")
LOOK_AT_ONE = N_("Look at the card with the arrow.")
LOOK_AT_SEVERAL = N_("Look at the cards with the arrows.")


def counting_context(table: PlayTable, seat: int | None) -> dict[str, Any]:
    """What the counting part of the page needs: this seat's step, its "Let's count again"
    (decided by counting.record_count, kept on the seat) and the cubes to count along."""
    if table.state is None or table.status not in (TableStatus.COUNTING, TableStatus.FINISHED):
        return {}
    game = game_seen(table)
    step = None
    if seat is not None:
        step = count_step(table, table.seats[seat], game)
    line = [int(c) for c in game.lines[seat]] if seat is not None and game.lines[seat] else []
    placed = request.args.getlist("placed", type=int)
    if step is not None and step.cubes and step.cube_hint and len(placed) != 4:
        placed = [n or 0 for n in step.first_cubes or [0] * 4]  # the stacks as first snapped
    hint: dict[int, str] = {}
    if step is not None and step.cubes and step.cube_hint and len(placed) == len(line) == 4:
        wrong = [
            place
            for place, (value, n) in enumerate(zip(line, placed, strict=True), start=1)
            if n != value
        ]
        # The page points at each card to count again (an arrow and a glow): "Card 3 says 8"
        # was read by children as "the card showing 3".
        look = gettext(LOOK_AT_ONE if len(wrong) == 1 else LOOK_AT_SEVERAL)
        hint = dict.fromkeys(wrong, look)
    again = (
        step is not None and not step.done and (step.cube_hint if step.cubes else step.total_hint)
    )
    return {
        "count_step": step,
        "count_line": line,
        "count_again": gettext(COUNT_AGAIN) if again else None,
        "count_hint": hint or None,
        "count_placed": placed if len(placed) == 4 else None,
        # The wrong total the child typed, shown back beside the cubes to count along.
        "count_typed": step.first_total if step is not None and step.total_hint else None,
        "told": request.args.get("told") == "1",
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
        "csrf": csrf_for_forms(),
        "me": seat,
        "home_url": url_for("main.index"),
    }
    if table.state is not None:
        chosen = int_arg(request.args.get("mine"))
        if revealed is None and request.method == "GET":
            revealed = take_reveal(table, seat)
        between = between_rounds(table, seat)
        # While the round's results are shown the board is not: its outside look waits.
        context["board"] = board_for(
            table,
            seat,
            chosen_swap=chosen,
            revealed=revealed,
            page=between is None,
            outside=between is None,
        )
        context.update(counting_context(table, seat))
        context["between"] = between
        stopped_by = stopped_for_new_game(table) if table.status == TableStatus.FINISHED else None
        if stopped_by is not None:
            # Why it stopped, in the story's own words for this seat (or the teacher watching).
            [why] = tell([stopped_by], [s.name for s in table.seats], seat)
            context["stopped_words"] = why.text
        if between is not None:
            context["told"] = request.args.get("told") == "1"
            if context["told"] and seat is not None:
                # After a miscount the results count together with the child, as the game's
                # end does: the line as counted (the next round is dealt, so from its record).
                context["told_line"] = counted_line(table, seat, between["round"])
            # The results have no live board: the page says now and then that it is still
            # there (static/js/here.js), so a child reading them is not taken for away.
            context["here_every_ms"] = int(1000 * seen_every())
    context.update(extra or {})
    return render_template(template, **context), status
