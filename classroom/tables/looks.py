"""A seat looking at one of its own cards (the Peek levels); a child's look is recorded."""

from __future__ import annotations

from classroom.extensions import db
from classroom.insights.recording import look_record
from classroom.models import TableStatus
from classroom.progress.keep import record
from classroom.progress.records import row_of

from .clock import now
from .errors import TableError
from .loading import game_of, load_table


def look(table_id: int, seat: int, position: int) -> int:
    """A seat turns over one of its own cards where its level lets it (Peek levels); a
    child's look is recorded. Returns the card. The game itself does not change."""
    table = load_table(table_id)
    if table is None:
        raise TableError("There is no such table")
    if table.status != TableStatus.PLAYING:
        raise TableError("Nobody is playing at this table now")
    game = game_of(table)
    card = game.look(seat, position)  # IllegalAction where the level does not allow it
    seat_row = table.seats[seat]
    if seat_row.child_id is not None:
        view = game.view(seat)
        looked = look_record(
            view, position, when=now(), game_id=table.id, child_id=seat_row.child_id
        )
        record(db.session, [row_of(looked, table.class_id, table.id)])
        db.session.commit()
    return int(card)
