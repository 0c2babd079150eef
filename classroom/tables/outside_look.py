"""Standard's look at the outside cards (RULES.md R3.3): at the start of every round each seat
sees its two outside cards once, before its first turn. Which cards a seat saw is the engine's
answer (its OUTSIDE_SEEN events at the deal); this module says whether the look is still on,
and records it for a child as two `looks` rows (positions 1 and 4, level "standard"), so the
memory measures know what the child saw and when."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update

from classroom.extensions import db
from classroom.game import EventKind, Game
from classroom.insights.recording import look_record
from classroom.models import ChoiceRow, LookRow, PlayTable, TableSeat, now
from classroom.progress.keep import record
from classroom.progress.records import row_of

LOOK_SECONDS = 10  # the cards stay face up this long, unless the child taps "I remember"


@dataclass(frozen=True)
class OutsideLook:
    """The outside cards on show for one seat now, and for how many more seconds."""

    cards: dict[int, int]  # position (1 or 4) -> card
    seconds_left: int


def outside_cards(game: Game, seat: int, turns_before: int = 0) -> dict[int, int]:
    """The outside cards the engine says this seat saw at this round's deal and that are still
    in its line where it saw them, before the seat's first turn ends; {} otherwise (another
    level, a later turn, or the card moved: a SWAP, a card put in its place). `turns_before`:
    the seat's turns a stand-in played for its child before the child came (played_for); the
    look lasts until the child's own first turn ends."""
    seen = {
        e.position: int(e.card)
        for e in game.opening_events
        if e.kind is EventKind.OUTSIDE_SEEN
        and e.seat == seat
        and e.position is not None
        and e.card is not None
    }
    if not seen or game.round_over:
        return {}
    view = game.view(seat)
    if view.turns_taken[seat] > turns_before:
        return {}
    line = view.known[seat]
    return {p: card for p, card in seen.items() if _same(line[p - 1], card)}


def played_for(table: PlayTable, seat_row: TableSeat, game: Game) -> int:
    """The seat's turns this round, when a stand-in played every one of them for its child (a
    child who came late, or was away from the start): the child has not played a turn of
    their own yet, so the look is still before their first turn (R3.3). 0 otherwise."""
    turns = game.view(seat_row.seat).turns_taken[seat_row.seat]
    if turns == 0 or seat_row.child_id is None or not outside_cards(game, seat_row.seat, turns):
        return 0  # (no look to give at all: another level, or the outside cards moved)
    own = db.session.scalar(
        select(ChoiceRow.id)
        .where(
            ChoiceRow.child_id == seat_row.child_id,
            ChoiceRow.table_id == table.id,
            ChoiceRow.round_number == game.round_number,
        )
        .limit(1)
    )
    return turns if own is None else 0


def _same(known: object, card: int) -> bool:
    return known is not None and int(known) == card  # type: ignore[call-overload]


def given_at(table: PlayTable, seat_row: TableSeat, round_number: int) -> datetime | None:
    """When this round's look was recorded for the seat's child (None: not yet, or no child)."""
    if seat_row.child_id is None:
        return None
    return db.session.scalar(
        select(LookRow.created_at)
        .where(
            LookRow.table_id == table.id,
            LookRow.child_id == seat_row.child_id,
            LookRow.round_number == round_number,
            LookRow.level == table.level,  # the look at the start of a round, not one on request
        )
        .order_by(LookRow.created_at)
        .limit(1)
    )


def record_look(
    table: PlayTable, seat_row: TableSeat, game: Game, cards: dict[int, int]
) -> datetime:
    """The look is given now: a `looks` row per outside card for a child's seat."""
    when = now()
    if seat_row.child_id is not None:
        view = game.view(seat_row.seat)
        looks = [
            row_of(
                look_record(
                    view, position, when=when, game_id=table.id, child_id=seat_row.child_id
                ),
                table.class_id,
                table.id,
            )
            for position in sorted(cards)
        ]
        record(db.session, looks)  # the rows and their tallies
        db.session.commit()
    return when


def remembered(seat_row: TableSeat, round_number: int) -> bool:
    """Whether the seat's child has tapped "I remember" in this round (on any tablet)."""
    return seat_row.remembered_round == round_number


def note_remembered(table_id: int, seat: int, round_number: int) -> None:
    """The child tapped "I remember": the look is over for this round on every page, stream
    and reload (not a move: the table's version stays)."""
    db.session.execute(
        update(TableSeat)
        .where(TableSeat.table_id == table_id, TableSeat.seat == seat)
        .values(remembered_round=round_number)
    )
    db.session.commit()


def seconds_left(started: datetime, at: datetime | None = None) -> int:
    """Whole seconds of the look still to come (0: it is over)."""
    at = at or now()
    if started.tzinfo is None:
        started = started.replace(tzinfo=at.tzinfo)
    left = started + timedelta(seconds=LOOK_SECONDS) - at
    return max(0, int(left.total_seconds() + 0.999))
