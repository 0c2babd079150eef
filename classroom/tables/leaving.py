"""A child who leaves the class's tables for good: deleted, archived, or taken out by the
teacher (docs/security.md, "How to delete it"). At a game in play their seat goes to a
computer player at once (the gentlest they were allowed to play with, as for a child who
left); at a table not yet started their seat is given up; a table where no one is left to
play with ends. Deleting a child also takes their name and id from every seat and game."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from classroom.extensions import db
from classroom.game import Event, Game
from classroom.models import IN_PLAY, Child, PlayTable, TableEvent, TableSeat, TableStatus

from .away import seats_away, stand_in_for
from .clock import computer_pace, now
from .errors import TableMovedOn
from .faces import face_at
from .loading import game_of, load_table, seat_of_child, stored_story
from .moves import after_round, bump, commit_state, retried
from .story import SeatNote


def leave_tables(child: Child, *, forget: bool) -> None:
    """Take the child from every table they sit at, each table in its own transaction.
    `forget` (the child is being deleted): no seat or game keeps their name or id."""
    table_ids = db.session.scalars(
        select(TableSeat.table_id).where(TableSeat.child_id == child.id).distinct()
    ).all()
    for table_id in table_ids:
        retried(lambda table_id=table_id: _leave(table_id, child.id, forget=forget))


def waiting_at(child: Child) -> list[int]:
    """The open tables (not started yet) the child sits at, newest first."""
    return list(
        db.session.scalars(
            select(PlayTable.id)
            .join(TableSeat, TableSeat.table_id == PlayTable.id)
            .where(TableSeat.child_id == child.id, PlayTable.status == TableStatus.OPEN)
            .order_by(PlayTable.id.desc())
        ).all()
    )


def stop_waiting(child: Child, keep: int | None = None) -> None:
    """Give up the child's seats at open tables other than `keep`: a child waits for friends
    at one table at a time (friends would otherwise start a game without them), and a table
    left empty goes."""
    for table_id in waiting_at(child):
        if table_id != keep:
            retried(lambda table_id=table_id: _leave(table_id, child.id, forget=False))


def tables_in_play(child: Child) -> int:
    """How many games in play the child has a seat at (as the delete page says)."""
    return len(
        db.session.scalars(
            select(PlayTable.id)
            .join(TableSeat, TableSeat.table_id == PlayTable.id)
            .where(TableSeat.child_id == child.id, PlayTable.status.in_(IN_PLAY))
        ).all()
    )


def stop_older_computer_games(child: Child) -> list[int]:
    """The child opens a new game with the computer: their older games in play that they
    opened with computer players only (no friend, no teacher) end as they stand, as a
    teacher's stop does (nothing scored, every recorded choice kept), instead of staying
    "playing" for good in the teacher's tables. Returns the tables stopped."""
    table_ids = db.session.scalars(
        select(PlayTable.id)
        .join(TableSeat, TableSeat.table_id == PlayTable.id)
        .where(
            TableSeat.child_id == child.id,
            PlayTable.status.in_(IN_PLAY),
            PlayTable.created_by_id.is_(None),
            PlayTable.group_id.is_(None),
        )
        .distinct()
    ).all()
    return [
        table_id
        for table_id in table_ids
        if retried(lambda table_id=table_id: _stop_if_only_computers(table_id, child.id))
    ]


def stopped_for_new_game(table: PlayTable) -> SeatNote | None:
    """The note saying that a child opened a new game with the computer, which stopped this
    finished table (stop_older_computer_games); None if it ended another way."""
    for item in stored_story(table.id, since_version=table.version - 1):
        if isinstance(item, SeatNote) and item.kind == "new_game":
            return item
    return None


def _stop_if_only_computers(table_id: int, child_id: int) -> bool:
    """One try at one table: end it if the child is the only one at it but computers."""
    table = load_table(table_id)
    if table is None or table.status not in IN_PLAY:
        return False
    others = [s for s in table.seats if s.child_id != child_id]
    if any(s.child_id is not None or s.teacher_id is not None for s in others):
        return False
    seat_row = seat_of_child(table, child_id)
    expected = table.version
    bump(table, expected, {"status": TableStatus.FINISHED, "next_computer_at": None})
    if seat_row is not None:
        # Said in the story, so the old game's page tells the child why it stopped (and not
        # "Your teacher ended this game").
        note = SeatNote("new_game", seat_row.seat, "")
        db.session.add(TableEvent(table_id=table.id, version=expected + 1, event=note.to_dict()))
    db.session.commit()
    return True


def _leave(table_id: int, child_id: int, *, forget: bool) -> None:
    """One try at one table (TableMovedOn: someone changed it first; read it again)."""
    table = load_table(table_id)
    seat_row = None if table is None else seat_of_child(table, child_id)
    if table is None or seat_row is None:
        return
    if table.status == TableStatus.OPEN:
        _give_up_seat(table, seat_row)
    elif table.status == TableStatus.FINISHED:
        if forget:
            _rename_seat(table, seat_row, f"Player {seat_row.seat + 1}")
    elif forget:
        _hand_over_for_good(table, game_of(table), seat_row)
        end_if_nobody_left(table_id)
    else:
        if not seat_row.taken_out and not seats_away(
            table, game_of(table), [seat_row], taken_out=True
        ):
            raise TableMovedOn()
        end_if_nobody_left(table_id)


def _give_up_seat(table: PlayTable, seat_row: TableSeat) -> None:
    """A table not yet started: the seat goes, the others move up (seats stay 0, 1, ...);
    a table left empty goes too (nothing was played or recorded at it)."""
    others = [s for s in table.seats if s is not seat_row]
    bump(table, table.version, {})
    table.seats.remove(seat_row)
    db.session.flush()
    if not others:
        db.session.delete(table)
    for number, seat in enumerate(others):  # one at a time: the seat number is unique
        if seat.seat != number:
            seat.seat = number
            db.session.flush()
    db.session.commit()


def _renamed(state: dict[str, Any], seat: int, name: str) -> dict[str, Any]:
    """The saved game with seat `seat` called `name` (the engine's seat names)."""
    options = dict(state["options"])
    names = list(options.get("names") or [f"Seat {s + 1}" for s in range(int(state["seats"]))])
    names[seat] = name
    return state | {"options": options | {"names": names}}


def _rename_seat(table: PlayTable, seat_row: TableSeat, name: str) -> None:
    """A finished table: the seat keeps its place in the results under a plain name."""
    values = {} if table.state is None else {"state": _renamed(table.state, seat_row.seat, name)}
    bump(table, table.version, values)
    seat_row.child_id = None
    seat_row.name = name
    seat_row.pending_count = None
    db.session.commit()


def _hand_over_for_good(table: PlayTable, game: Game, seat_row: TableSeat) -> None:
    """A game in play: the seat becomes a computer player's for the rest of the game, named
    as that player, with a note in the story; a table waiting for the child's count moves
    on. One transaction, guarded by the table's version."""
    expected = table.version
    personality = seat_row.stand_in or stand_in_for(seat_row)
    face = face_at(personality, table.seats, seat_row.seat)
    name = face.name
    seat_row.child_id = None
    seat_row.computer = personality
    seat_row.stand_in = None
    seat_row.away_since = None
    seat_row.taken_out = False
    seat_row.last_seen_at = None
    seat_row.pending_count = None
    seat_row.name = name
    seat_row.picture = face.picture
    seat_row.colour = face.colour
    game = Game.from_dict(_renamed(game.to_dict(), seat_row.seat, name))
    note = SeatNote("handed_over", seat_row.seat, name)
    story = [TableEvent(table_id=table.id, version=expected + 1, event=note.to_dict())]
    status, events = TableStatus(table.status), list[Event]()
    if status == TableStatus.COUNTING:
        status, events = after_round(table, game)  # the seat no longer counts
    commit_state(table, expected, game, events, status, story, now() + computer_pace())


def someone_left_to_play_with(table: PlayTable) -> bool:
    """Is anyone but computer players at the table: a teacher sitting in, or a child not
    taken out (a child who is only away may come back)?"""
    return any(
        s.teacher_id is not None or (s.child_id is not None and not s.taken_out)
        for s in table.seats
    )


def end_if_nobody_left(table_id: int) -> None:
    """A game in play with only computer players left ends as it stands (nothing scored)."""

    def attempt() -> None:
        table = load_table(table_id)
        if table is None or table.status not in IN_PLAY or someone_left_to_play_with(table):
            return
        bump(table, table.version, {"status": TableStatus.FINISHED, "next_computer_at": None})
        db.session.commit()

    retried(attempt)
