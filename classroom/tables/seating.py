"""Setting tables up: opening one, seating children, computer players and teachers, dealing
the first round, and the teacher stopping a game."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.game import new_game
from classroom.models import COMPUTER_PLAYERS, Child, PlayTable, TableSeat, TableStatus, Teacher

from .clock import computer_pace, now
from .errors import TableError
from .faces import Face, computer_face, on_free_colour, seated_faces
from .loading import load_table, seat_of_child, seat_of_teacher
from .moves import bump, commit_state, retried

MAX_SEATS = 4


def deal_seed() -> int:
    """A new game's seed: unpredictable, so no one learns the order of the DRAW pile."""
    return secrets.randbits(48)


def open_table(
    class_id: int,
    level: str,
    options: dict[str, Any],
    scoring: str,
    *,
    group_id: int | None = None,
    teacher_id: int | None = None,
    think_aloud: bool = False,
) -> PlayTable:
    """A new, empty table (status open). Committed. `think_aloud`: its computer players say
    a sentence after each move (docs/play.md, "Computer players who think aloud")."""
    table = PlayTable(
        class_id=class_id,
        level=level,
        options=dict(options),
        scoring=scoring,
        status=TableStatus.OPEN,
        version=0,
        group_id=group_id,
        created_by_id=teacher_id,
        think_aloud=think_aloud,
    )
    db.session.add(table)
    db.session.commit()
    return table


def open_table_for(child: Child) -> PlayTable:
    """A new table at the child's level and options, with the child in seat 1."""
    assignment = Assignment.of(child)
    table = open_table(
        child.class_id,
        assignment.level,
        assignment.engine_options(),
        assignment.scoring,
        think_aloud=assignment.thinks_aloud,
    )
    seat_child(table.id, child)
    return table


def _add_seat(
    table_id: int,
    make: Callable[[int], TableSeat],
    check: Callable[[PlayTable], None] | None = None,
) -> TableSeat:
    """Seat someone at an open table in the next free seat; bumps the version. `make(seat)`
    builds the TableSeat; `check(table)` refuses with a TableError."""

    def attempt() -> TableSeat:
        table = load_table(table_id)
        if table is None:
            raise TableError("There is no such table")
        if table.status != TableStatus.OPEN:
            raise TableError("This game has already started")
        if check is not None:
            check(table)
        taken = {s.seat for s in table.seats}
        if len(taken) >= MAX_SEATS:
            raise TableError("This table is full: 4 players at most")
        seat_row = make(min(set(range(MAX_SEATS)) - taken))
        seat_row.table_id = table.id
        bump(table, table.version, {})
        db.session.add(seat_row)
        db.session.commit()
        return seat_row

    return retried(attempt, seat_race=True)


def seat_child(table_id: int, child: Child, *, by_teacher: bool = False) -> TableSeat:
    """Seat a child at an open table of their class and their level; a teacher (`by_teacher`)
    may seat them at a table of another level, which they then play at."""

    def check(table: PlayTable) -> None:
        if table.class_id != child.class_id:
            raise TableError("There is no such table")
        if table.level != child.level and not by_teacher:
            raise TableError("This table plays at another level than yours")
        if seat_of_child(table, child.id) is not None:
            raise TableError("You already have a seat at this table")

    return _add_seat(
        table_id,
        lambda seat: TableSeat(
            seat=seat,
            child_id=child.id,
            name=child.display_name,
            picture=child.picture,
            colour=child.colour,
            # Seen now: a child seated by the teacher gets AWAY_AFTER to reach their tablet.
            last_seen_at=now(),
        ),
        check,
    )


def seat_computer(table_id: int, personality: str, face: Face | None = None) -> TableSeat:
    """Seat a computer player at an open table: with `face` (the one a child picked), else
    the first face of its kind that no seat has (tables/faces.py)."""
    if personality not in COMPUTER_PLAYERS:
        raise TableError("There is no such computer player")
    seated: list[TableSeat] = []  # who sits at the table already (tables/faces.py)

    def note_seated(table: PlayTable) -> None:
        seated[:] = table.seats
        if face is not None:
            clash = any(
                name.casefold() == face.name.casefold() or picture == face.picture
                for name, picture in seated_faces(seated)
            )
            if clash:
                raise TableError(f"{face.name} already sits at this table")

    def make(seat: int) -> TableSeat:
        colours = [s.colour for s in seated]
        if face is None:
            chosen = computer_face(personality, seated_faces(seated), colours)
        else:
            chosen = on_free_colour(face, colours)
        return TableSeat(
            seat=seat,
            computer=personality,
            name=chosen.name,
            picture=chosen.picture,
            colour=chosen.colour,
        )

    return _add_seat(table_id, make, note_seated)


def seat_teacher(table_id: int, teacher: Teacher) -> TableSeat:
    """Seat the teacher at an open table (they sit in as a player)."""

    def check(table: PlayTable) -> None:
        if seat_of_teacher(table, teacher.id) is not None:
            raise TableError("You already have a seat at this table")

    return _add_seat(
        table_id,
        lambda seat: TableSeat(
            seat=seat, teacher_id=teacher.id, name=teacher.name, picture="owl", colour=""
        ),
        check,
    )


def start_table(table_id: int, fill_with: Sequence[str] = ()) -> PlayTable:
    """Deal the first round: empty seats first filled by the computer players `fill_with`
    (in turn, up to `fill_with`'s length); a table needs 2 to 4 players."""
    for personality in fill_with:
        seat_computer(table_id, personality)
    table = load_table(table_id)
    if table is None:
        raise TableError("There is no such table")
    if table.status != TableStatus.OPEN:
        raise TableError("This game has already started")
    if len(table.seats) < 2:
        raise TableError("A game needs at least 2 players")
    options = dict(table.options) | {"names": [s.name for s in table.seats]}
    game = new_game(table.level, len(table.seats), seed=deal_seed(), options=options)
    when = now()
    commit_state(
        table,
        table.version,
        game,
        game.opening_events,
        TableStatus.PLAYING,
        [],
        when + computer_pace(),
    )
    return table


def stop_table(table_id: int) -> None:
    """The teacher ends a table's game as it stands (no more moves; nothing is scored)."""

    def attempt() -> None:
        table = load_table(table_id)
        if table is None or table.status == TableStatus.FINISHED:
            return
        bump(table, table.version, {"status": TableStatus.FINISHED})
        db.session.commit()

    retried(attempt)
