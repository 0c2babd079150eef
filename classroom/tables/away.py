"""A child who leaves (docs/play.md, "A child who leaves"): noting when a seat's page was
seen (the quiet poll builds on it: classroom.live.quiet), stand-ins for away children and
giving the seat back, and the teacher taking a child out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, update
from sqlalchemy.orm.attributes import set_committed_value

from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.game import Event, Game, Phase
from classroom.models import (
    COMPUTER_PLAYERS,
    IN_PLAY,
    Child,
    PlayTable,
    TableEvent,
    TableSeat,
    TableStatus,
)

from .clock import aware, away_after, computer_pace, now
from .errors import TableError, TableMovedOn
from .faces import face_at
from .loading import game_of, game_seen, load_table
from .moves import after_round, bump, commit_state, retried
from .story import SeatNote

# A seat's page asks for the table every 0.7 s; its "last seen" time is written at most this
# often (or a third of AWAY_AFTER, if shorter), so polling does not mean a write per poll.
SEEN_EVERY = 10.0


def stand_in_for(seat_row: TableSeat) -> str:
    """The computer player who plays for an away child: the gentlest their assignment allows
    (Kitten before Tabby before Top Cat), else Kitten."""
    child = db.session.get(Child, seat_row.child_id) if seat_row.child_id else None
    allowed = Assignment.of(child).computer_players if child is not None else ()
    return next((p for p in COMPUTER_PLAYERS if p in allowed), COMPUTER_PLAYERS[0])


def unseen(seat_row: Any) -> bool:
    """Has this child's seat gone unseen (no page or poll) for AWAY_AFTER? Never, if the
    setting is 0 or the seat was never seen (a seat from before seats were watched)."""
    away_at = away_at_of(seat_row)
    if away_after() <= 0 or away_at is None or seat_row.stand_in is not None:
        return False
    return now() >= away_at


def gone(seat_row: Any) -> bool:
    """Has this child left the table: a stand-in plays for them, or their page has gone
    unseen for AWAY_AFTER (the stand-in sits at the next read of the table)?"""
    return seat_row.stand_in is not None or unseen(seat_row)


def came_back(seat_row: Any) -> bool:
    """Has the away child's page asked for the table since they were marked away?"""
    last, since = aware(seat_row.last_seen_at), aware(seat_row.away_since)
    return not seat_row.taken_out and last is not None and (since is None or last > since)


def _note(table: PlayTable, version: int, kind: str, seat_row: TableSeat) -> TableEvent:
    """The story row of a SeatNote about `seat_row` (its stand-in named, Kitten by default)."""
    personality = seat_row.stand_in or COMPUTER_PLAYERS[0]
    by = face_at(personality, table.seats, seat_row.seat).name
    note = SeatNote(kind, seat_row.seat, by)
    return TableEvent(table_id=table.id, version=version, event=note.to_dict())


def seats_away(
    table: PlayTable, game: Game, seat_rows: Sequence[TableSeat], *, taken_out: bool = False
) -> bool:
    """One transaction: a computer player takes each seat (the child left, or the teacher
    took them out), with a note in the story; a table waiting for their count moves on.
    Returns False if there was nothing to do or the table moved on meanwhile."""
    if not seat_rows:
        return False
    expected = table.version
    when = now()
    notes = []
    for seat_row in seat_rows:
        kind = "taken_out" if taken_out else "left"
        seat_row.stand_in = seat_row.stand_in or stand_in_for(seat_row)
        seat_row.away_since = seat_row.away_since or when
        seat_row.taken_out = seat_row.taken_out or taken_out
        notes.append(_note(table, expected + 1, kind, seat_row))
    status, events = TableStatus(table.status), list[Event]()
    if status == TableStatus.COUNTING:
        status, events = after_round(table, game)
    try:
        if events:
            commit_state(table, expected, game, events, status, notes, when + computer_pace())
        else:
            bump(table, expected, {"status": status, "next_computer_at": when + computer_pace()})
            db.session.add_all(notes)
            db.session.commit()
    except TableMovedOn:
        return False
    return True


def give_back(table: PlayTable, seat_row: TableSeat) -> bool:
    """The child is back: their seat is theirs again (one transaction, a note in the story)."""
    expected = table.version
    note = _note(table, expected + 1, "back", seat_row)
    seat_row.stand_in = None
    seat_row.away_since = None
    try:
        bump(table, expected, {})
        db.session.add(note)
        db.session.commit()
    except TableMovedOn:
        return False
    return True


def seat_seen(table: PlayTable, seat: int) -> None:
    """The seat's own page asked for the table (as loaded by this request): note when (at
    most every SEEN_EVERY seconds), and give the seat back to a child who comes back, unless
    the teacher took them out or their stand-in is in the middle of their turn (it finishes
    it first)."""
    if not 0 <= seat < len(table.seats):
        return
    seat_row = table.seats[seat]
    when = now()
    if (
        seat_row.stand_in is not None
        and not seat_row.taken_out
        and table.status in IN_PLAY
        and not _mid_turn(table, seat)
    ):
        seat_row.last_seen_at = when
        if give_back(table, seat_row):
            return
    first_time = seat_row.opened_at is None
    if not first_time and not seen_due(seat_row, when):
        return
    # Not guarded by the version: when a page was last seen is no part of the game.
    opened = when if first_time else seat_row.opened_at
    db.session.execute(_SEEN_UPDATE, {"seen": when, "opened": opened, "seat_id": seat_row.id})
    db.session.commit()
    # A table read with no session (a move's) keeps its seats as they are now written.
    set_committed_value(seat_row, "last_seen_at", when)
    set_committed_value(seat_row, "opened_at", opened)


def seen_due(seat_row: Any, when: datetime) -> bool:
    """Is it time to note again that this seat's page is there (at most every SEEN_EVERY
    seconds, and often enough that a seat in use is never taken for an away one)?"""
    due = seen_at(seat_row)
    return due is None or when >= due


def seen_every() -> float:
    """Seconds between two notes that a seat's page is there: SEEN_EVERY, or a third of
    AWAY_AFTER if shorter, so a seat in use is never taken for an away one."""
    limit = away_after()
    return SEEN_EVERY if limit <= 0 else min(SEEN_EVERY, limit / 3)


def seen_at(seat_row: Any) -> datetime | None:
    """When a note that this seat's page is there falls due (None: never noted yet)."""
    last = aware(seat_row.last_seen_at)
    return None if last is None else last + timedelta(seconds=seen_every())


def stream_note_every() -> float:
    """Seconds between two notes that an open event stream's page is there: a third of
    AWAY_AFTER (the margin a poll's notes keep), or SEEN_EVERY when nobody is ever away. A
    stream is told of every change at once, so it need not read the table to note the seat."""
    limit = away_after()
    return SEEN_EVERY if limit <= 0 else limit / 3


def note_seen(table_id: int, child_id: int) -> None:
    """An event stream says the child's page is still there: one UPDATE of the seat's
    "last seen" time (a seat a stand-in holds is given back by a whole read instead)."""
    db.session.execute(_NOTE_SEEN, {"table": table_id, "child": child_id, "seen": now()})
    db.session.commit()


# The "seen" notes' UPDATEs, on the table (not through the ORM's bulk path) and built once:
# every page of a class sends them.
_SEATS = TableSeat.__table__
_SEEN_UPDATE = (
    update(_SEATS)
    .where(_SEATS.c.id == bindparam("seat_id"))
    .values(last_seen_at=bindparam("seen"), opened_at=bindparam("opened"))
)
_NOTE_SEEN = (
    update(_SEATS)
    .where(
        _SEATS.c.table_id == bindparam("table"),
        _SEATS.c.child_id == bindparam("child"),
        _SEATS.c.stand_in.is_(None),
    )
    .values(last_seen_at=bindparam("seen"))
)


def away_at_of(seat_row: Any) -> datetime | None:
    """When this child's seat would count as away (see unseen), if nobody sees it before."""
    last = aware(seat_row.last_seen_at)
    return None if last is None else last + timedelta(seconds=away_after())


def _mid_turn(table: PlayTable, seat: int) -> bool:
    """Is `seat` on turn with the turn under way (a card drawn, or the move made)?"""
    if table.status != TableStatus.PLAYING or table.state is None:
        return False
    game = game_seen(table)
    return game.current_seat == seat and game.phase is not Phase.CHOOSE


def take_out(table_id: int, seat: int) -> None:
    """The teacher takes a child out of their seat: a computer player plays it for the rest
    of the game, and the child coming back watches instead of taking it back."""

    def attempt() -> None:
        table = load_table(table_id)
        if table is None:
            raise TableError("There is no such table")
        if table.status not in IN_PLAY:
            raise TableError("Only a game in play has seats to take over")
        if not 0 <= seat < len(table.seats) or table.seats[seat].child_id is None:
            raise TableError("Only a child's seat can be taken over")
        seat_row = table.seats[seat]
        if seat_row.taken_out:
            return
        if not seats_away(table, game_of(table), [seat_row], taken_out=True):
            raise TableMovedOn()  # someone changed the table first: read it again

    retried(attempt)
