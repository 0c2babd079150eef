"""Counting at the end of a round: where a child is in it (cubes, then the typed total, by
their assignment's scoring), and recording their count; the last count deals the next round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import bindparam, select

from classroom.extensions import db
from classroom.game import Game
from classroom.insights.recording import count_record, stacks_match
from classroom.models import Child, CountRow, PlayTable, TableSeat, TableStatus
from classroom.progress.keep import record
from classroom.progress.records import row_of

from .clock import computer_pace, now
from .errors import TableError
from .loading import game_of, game_seen, load_table
from .moves import after_round, bump, commit_state, retried

MAX_CUBES = 12


@dataclass(frozen=True)
class CountStep:
    """What a seat still has to do at the end of a round."""

    cubes: bool  # place cubes on the cards
    total: bool  # type the total
    done: bool
    # A "Let's count again" is on: the first snap had a stack that does not match its card
    # (cube_hint), or the first typed total was not the line's (total_hint). Decided here,
    # never by the browser.
    cube_hint: bool = False
    total_hint: bool = False
    first_cubes: tuple[int | None, ...] | None = None  # the stacks as first snapped
    first_total: int | None = None  # the total as first typed


class Counted(StrEnum):
    """What became of a count sent by a child (record_count)."""

    AGAIN = "again"  # a "Let's count again" is shown; the next try is the child's second
    NEXT = "next"  # the cubes are snapped; now type the total
    DONE = "done"  # recorded; the count came out right (at once, or after its one hint)
    SHOWN = "shown"  # recorded after a second wrong try (stacks or total): the true total shown


def _pending(seat_row: TableSeat, round_number: int) -> dict[str, Any]:
    """This round's count in progress (first tries, hints), kept on the seat between tries."""
    pending = seat_row.pending_count or {}
    return dict(pending) if pending.get("round") == round_number else {"round": round_number}


def count_step(table: PlayTable, seat_row: TableSeat, game: Game) -> CountStep:
    """Where a child is in counting this round, by their assignment's scoring mode."""
    round_number = game.round_number
    lines = game.lines[seat_row.seat]
    if (
        table.status != TableStatus.COUNTING
        or seat_row.child_id is None
        or seat_row.stand_in is not None
        or seat_row.counted_round >= round_number
        or not lines
    ):
        return CountStep(False, False, True)
    scoring = scoring_of(seat_row, table)
    pending = _pending(seat_row, round_number)
    first = pending.get("first_cubes")
    hints = {
        "cube_hint": bool(pending.get("cube_hint")),
        "total_hint": bool(pending.get("total_hint")),
        "first_cubes": None if first is None else tuple(first),
        "first_total": pending.get("first_total"),
    }
    if scoring == "cubes":
        return CountStep(True, False, False, **hints)
    if scoring == "total":
        return CountStep(False, True, False, **hints)
    cubes_done = bool(pending.get("cubes_done"))
    return CountStep(not cubes_done, cubes_done, False, **hints)


def seats_still_counting(table: PlayTable) -> frozenset[int]:
    """The seats whose child is still adding up this round: no other child's page says their
    score, or who won, until they are done (a child beside them could read it off that screen)."""
    if table.status != TableStatus.COUNTING or table.state is None:
        return frozenset()
    game = game_seen(table)
    return frozenset(row.seat for row in table.seats if not count_step(table, row, game).done)


def scoring_of(seat_row: TableSeat, table: PlayTable) -> str:
    """How the seat's child counts (their assignment's scoring; the table's if none)."""
    if seat_row.child_id is None:
        return table.scoring
    scorings = _SCORINGS.get(table)
    if scorings is None:
        # seats_still_counting asks it of every seat at every read while the table counts: one
        # query for all of them, kept with the table row as read (a row of one request).
        rows = db.session.execute(_scorings_query(), {"table_id": table.id}).all()
        scorings = _SCORINGS[table] = {row.child_id: row.scoring for row in rows}
    return scorings.get(seat_row.child_id, table.scoring)


_SCORINGS: WeakKeyDictionary[PlayTable, dict[int, str]] = WeakKeyDictionary()


@cache
def _scorings_query() -> Any:
    """The scoring of each child seated at a table (built once, with a bound parameter)."""
    seats, children = TableSeat.__table__, Child.__table__
    return (
        select(seats.c.child_id, children.c.scoring)
        .join(children, children.c.id == seats.c.child_id)
        .where(seats.c.table_id == bindparam("table_id"))
    )


def record_count(
    table_id: int,
    seat: int,
    *,
    cubes: Sequence[int] | None = None,
    total: int | None = None,
) -> Counted:
    """A child's count at the end of a round: the cube stacks (snapped), then the typed total
    where the assignment asks. The first snap whose stacks do not match their cards, and the
    first wrong total, get one "Let's count again" (AGAIN) and are kept as the first tries;
    the next try goes on. Written with a CountRow once the child is done (the first tries,
    which hints were shown); when every child has counted, the next round is dealt or the
    game finishes (same transaction)."""

    def attempt() -> Counted:
        table = load_table(table_id)
        if table is None:
            raise TableError("There is no such table")
        if table.status != TableStatus.COUNTING:
            raise TableError("There is nothing to count now")
        if not 0 <= seat < len(table.seats):
            raise TableError("There is no such seat at this table")
        game = game_of(table)
        seat_row = table.seats[seat]
        step = count_step(table, seat_row, game)
        if step.done:
            raise TableError("You have counted this round already")
        numerals = [int(c) for c in game.lines[seat]]
        pending = _pending(seat_row, game.round_number)
        if step.cubes:
            if cubes is None or len(cubes) != 4:
                raise TableError("Put cubes on each of your four cards")
            stacks = [max(0, min(MAX_CUBES, int(c))) for c in cubes]
            counted = [None if n == 0 else c for n, c in zip(numerals, stacks, strict=True)]
            if "first_cubes" not in pending:
                pending["first_cubes"] = counted
                if not stacks_match(numerals, counted):
                    return _keep(table, seat_row, pending | {"cube_hint": True})
            if pending.get("cube_hint"):
                pending["corrected"] = stacks_match(numerals, counted)
            if scoring_of(seat_row, table) == "cubes_and_total":
                return _keep(table, seat_row, pending | {"cubes_done": True}, Counted.NEXT)
            _finish_count(table, game, seat_row, pending)
            return Counted.SHOWN if _cubes_stayed_wrong(pending) else Counted.DONE
        if total is None or not 0 <= total <= 999:
            raise TableError("Type your total with the numbers")
        right = total == sum(numerals)
        if "first_total" not in pending:
            pending["first_total"] = total
            if not right:
                return _keep(table, seat_row, pending | {"total_hint": True})
        _finish_count(table, game, seat_row, pending)
        return Counted.DONE if right and not _cubes_stayed_wrong(pending) else Counted.SHOWN

    result: Counted = retried(attempt)
    return result


def _cubes_stayed_wrong(pending: dict[str, Any]) -> bool:
    """Were the stacks still wrong after their "Let's count again"? The bar the page then
    shows is the cards' own, not the child's: the page says so and counts together (SHOWN),
    as after a second wrong total, and the kind word does not praise the count."""
    return bool(pending.get("cube_hint")) and not pending.get("corrected")


def _keep(
    table: PlayTable, seat_row: TableSeat, pending: dict[str, Any], outcome: Counted = Counted.AGAIN
) -> Counted:
    """The count goes on: the first tries and hints wait on the seat for the next try."""
    seat_row.pending_count = pending
    bump(table, table.version, {})
    db.session.commit()
    return outcome


def _finish_count(
    table: PlayTable,
    game: Game,
    seat_row: TableSeat,
    pending: dict[str, Any],
) -> None:
    """The child's count is done: its row (recording.count_record), and the table moves on."""
    assert seat_row.child_id is not None
    round_number = game.round_number
    counted = count_record(
        game,
        seat_row.seat,
        first_cubes=pending.get("first_cubes"),
        first_total=pending.get("first_total"),
        fixed=bool(pending.get("corrected")),
        when=now(),
        game_id=table.id,
        child_id=seat_row.child_id,
    )
    row = row_of(counted, table.class_id, table.id)
    status, events = after_round(table, game, counted=[seat_row.seat])
    expected = table.version
    seat_row.counted_round = round_number
    seat_row.pending_count = None
    if events:
        commit_state(table, expected, game, events, status, [row], now() + computer_pace())
    else:
        zones = bump(table, expected, {"status": status})
        record(db.session, [row], zones)
        db.session.commit()


def counted_line(table: PlayTable, seat: int, round_number: int) -> list[int] | None:
    """The numerals of the seat's child's line as they counted it at the end of a round (its
    record), or None."""
    child_id = table.seats[seat].child_id
    if child_id is None:
        return None
    numerals = db.session.scalar(
        select(CountRow.numerals).where(
            CountRow.table_id == table.id,
            CountRow.child_id == child_id,
            CountRow.round_number == round_number,
        )
    )
    return None if numerals is None else [int(n) for n in numerals]
