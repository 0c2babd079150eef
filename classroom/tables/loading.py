"""Reading tables: the row as it is now, its game (decoded once per request for reading),
its seats, its story, a child's tables."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy import JSON, Select, Text, bindparam, cast, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import configure_mappers, instrumentation
from sqlalchemy.orm.attributes import set_committed_value

from classroom import jsoncodec
from classroom.extensions import db
from classroom.game import Event, Game
from classroom.game.players.talk import Thought
from classroom.models import Child, PlayTable, TableEvent, TableSeat, TableStatus

from .errors import TableError
from .story import GoodChoice, SeatNote, StoryItem


def load_table(table_id: int) -> PlayTable | None:
    """The table as it is in the database now (never a stale copy of this session's)."""
    return db.session.scalar(
        select(PlayTable).where(PlayTable.id == table_id).execution_options(populate_existing=True)
    )


def read_table(connection: Connection, table_id: int) -> PlayTable | None:
    """The table and its seats as they are now, in one query, as objects of no session: read
    them, never write them (nothing can lazily load, flush or expire them). What a move and
    the pushed updates read, a few times a second a table."""
    rows = connection.execute(_table_and_seats(), {"table_id": table_id}).all()
    if not rows:
        return None
    table_keys, seat_keys = _keys()
    width = len(table_keys)
    table = table_of(
        zip(table_keys, rows[0][:width], strict=True),
        [
            zip(seat_keys, row[width:], strict=True)
            for row in rows
            if row[width] is not None  # a table nobody sits at yet: one row, no seat
        ],
    )
    for key in _json_keys():  # read as text (each row repeats them): decoded once here
        text = table.__dict__[key]
        table.__dict__[key] = None if text is None else jsoncodec.loads(text)
    return table


def table_of(
    columns: Iterable[tuple[str, Any]], seats: Iterable[Iterable[tuple[str, Any]]]
) -> PlayTable:
    """A table and its seats from their columns (name, value), as objects of no session:
    read_table's, or a move another process relayed (classroom.live.relay)."""
    _keys()  # the ORM's relationships set up: a table's `seats` exists
    table = _loaded(PlayTable, columns)
    set_committed_value(table, "seats", [_loaded(TableSeat, seat) for seat in seats])
    return table


def columns_of(row: PlayTable | TableSeat) -> dict[str, Any]:
    """A table's or a seat's columns as table_of takes them (what the object holds now)."""
    table_keys, seat_keys = _keys()
    keys = table_keys if isinstance(row, PlayTable) else seat_keys
    return {key: row.__dict__.get(key) for key in keys}


Model = TypeVar("Model", PlayTable, TableSeat)


def _loaded(model: type[Model], columns: Iterable[tuple[str, Any]]) -> Model:
    """A row as an object of the model that belongs to no session, made as the ORM makes a
    loaded one (its columns straight into its dict): a tenth of the cost of the constructor,
    which runs each column through the attribute events."""
    row: Model = instrumentation.manager_of_class(model).new_instance()
    row.__dict__.update(columns)
    return row


@cache
def _keys() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The attribute names of read_table's columns: the table's, then a seat's (once a process,
    with the mappers set up first)."""
    # A table's `seats` exists as an attribute once the ORM has set up its relationships,
    # which it does at a process's first query through it; a worker whose first request is a
    # move has asked none (read_table's query is the tables', not the ORM's).
    configure_mappers()
    return tuple(PlayTable.__table__.c.keys()), tuple(TableSeat.__table__.c.keys())


@cache
def _json_keys() -> tuple[str, ...]:
    """The table's JSON columns (its options and its saved game)."""
    return tuple(c.key for c in PlayTable.__table__.c if isinstance(c.type, JSON))


@cache
def _table_and_seats() -> Select[Any]:
    """read_table's query, built once: the table's columns and each seat's, in seat order.
    The table's JSON columns come as text: every row repeats them, and a saved game is a few
    kilobytes to decode."""
    tables, seats = PlayTable.__table__, TableSeat.__table__
    own = [
        cast(column, Text).label(column.key) if column.key in _json_keys() else column
        for column in tables.c
    ]
    return (
        select(*own, *[column.label(f"seat_{column.key}") for column in seats.c])
        .select_from(tables.outerjoin(seats, seats.c.table_id == tables.c.id))
        .where(tables.c.id == bindparam("table_id"))
        .order_by(seats.c.seat)
    )


def game_of(table: PlayTable) -> Game:
    """The table's game, decoded afresh: the caller may play it (and commit it)."""
    if table.state is None:
        raise TableError("This table has not started yet")
    return Game.from_dict(table.state)


# The game last decoded (or committed) for a table row, with the saved state it stands for.
# A request reads the same game two or three times (should a computer play? the board); it
# is decoded once. Keyed by the row object and checked against the very state object the row
# holds now, so a reload, a rollback or another commit is never answered from a stale game.
_SEEN: WeakKeyDictionary[PlayTable, tuple[object, Game]] = WeakKeyDictionary()


def game_seen(table: PlayTable) -> Game:
    """The table's game to read only (never to play: use game_of for that)."""
    kept = _SEEN.get(table)
    if kept is not None and kept[0] is table.state:
        return kept[1]
    game = game_of(table)
    _SEEN[table] = (table.state, game)
    return game


def remember_game(table: PlayTable, state: object, game: Game) -> None:
    """`game` is the table's game as `state`, just committed (nothing to decode again)."""
    _SEEN[table] = (state, game)


def seat_of_child(table: PlayTable, child_id: int) -> TableSeat | None:
    """The child's seat at the table, if they have one."""
    return next((s for s in table.seats if s.child_id == child_id), None)


def seat_of_teacher(table: PlayTable, teacher_id: int) -> TableSeat | None:
    """The teacher's seat at the table, if they sat in."""
    return next((s for s in table.seats if s.teacher_id == teacher_id), None)


def stored_story(
    table_id: int, since_version: int = 0, limit: int | None = None
) -> list[StoryItem]:
    """The table's story (engine events, unredacted, and seat notes; oldest first) after
    `since_version`; the last `limit` of them."""
    query = (
        select(TableEvent.event)
        .where(TableEvent.table_id == table_id, TableEvent.version > since_version)
        .order_by(TableEvent.id.desc())
    )
    if limit is not None:
        query = query.limit(limit)
    return story_of_rows(list(db.session.scalars(query)))


def story_of_rows(rows: list[dict[str, Any]]) -> list[StoryItem]:
    """Stored story rows, read newest first, as story items oldest first."""
    return [_story_item(row) for row in reversed(rows)]


def _story_item(row: dict[str, Any]) -> StoryItem:
    """A stored story row: a seat note, a computer player's thought, a child's good choice
    or an engine event."""
    if "note" in row:
        return SeatNote.from_dict(row)
    if "thought" in row:
        return Thought.from_dict(row)
    if "good" in row:
        return GoodChoice.from_dict(row)
    return Event.from_dict(row)


def stored_events(table_id: int, since_version: int = 0, limit: int | None = None) -> list[Event]:
    """The table's engine events (unredacted, oldest first) after `since_version`."""
    items = stored_story(table_id, since_version, limit)
    return [item for item in items if isinstance(item, Event)]


def tables_of(child: Child) -> list[PlayTable]:
    """The tables a child sits at whose game is not finished (newest first); not those the
    teacher took them out of."""
    return list(
        db.session.scalars(
            select(PlayTable)
            .join(TableSeat, TableSeat.table_id == PlayTable.id)
            .where(
                TableSeat.child_id == child.id,
                TableSeat.taken_out.is_(False),
                PlayTable.status != TableStatus.FINISHED,
            )
            .order_by(PlayTable.id.desc())
            .limit(3)
        )
    )
