"""The move transaction (docs/play.md): the ONE guarded commit every change of a table goes
through, the retry of a change someone else beat, and playing a move.

Every change of a table's game is one short transaction: rebuild the Game from the row, apply
the action, then `UPDATE play_tables SET state=..., version=version+1 WHERE id=... AND
version=<the version the player saw>`; no row updated means someone else moved first ("The
table has moved on") and nothing is written. The events and the choice rows go into the same
transaction. Nothing is kept in process memory, so any app process (or a restarted one) can
serve any table.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from classroom.extensions import db
from classroom.game import Action, Event, EventKind, Game
from classroom.game.players.talk import Thought, think
from classroom.insights import ChoiceRecord, describe_choice
from classroom.insights.recording import round_records
from classroom.models import (
    Classroom,
    ComputerChoiceRow,
    PlayTable,
    TableEvent,
    TableSeat,
    TableStatus,
)
from classroom.progress.keep import TALLIED, record
from classroom.progress.records import row_of
from classroom.transactions import commit_keeping_rows

from .clock import computer_pace, now
from .errors import TableError, TableMovedOn
from .faces import face_at
from .loading import game_of, load_table, remember_game
from .story import GoodChoice, StoryItem

# Session.info: the changes of tables this transaction made (`Change`), published once it
# commits, to every app process's streams (classroom.live.publish), and forgotten if it rolls
# back. Every change of a table passes through `bump`, so every kind is published: a child's,
# a teacher's or a computer player's move, a count, a seat taken, given up or taken over.
CHANGED = "classroom_tables_changed"


@dataclass
class Change:
    """A table moved on to `version` by this transaction; `story`, when it is the whole story
    of that version (a move's events and thought, no other rows), and `table` as the
    transaction left it, so a process may share it with its streams without reading it."""

    table_id: int
    version: int
    table: PlayTable
    story: list[StoryItem] | None = None


# How often a change someone else beat is tried (each try reads the table afresh), and the
# longest pause before the second try, in seconds (then twice that, and so on).
TRIES = 8
BACKOFF = 0.005

T = TypeVar("T")


def retried(attempt: Callable[[], T], *, seat_race: bool = False) -> T:
    """Run `attempt` (one transaction that reads the table afresh) again while someone else
    changes the table first; TableMovedOn after TRIES tries. `seat_race`: an IntegrityError
    (two players took the same free seat at once) is tried again too."""
    for tries in range(1, TRIES + 1):
        try:
            return attempt()
        except TableMovedOn:
            pass
        except IntegrityError:
            if not seat_race:
                raise
            db.session.rollback()
        if tries < TRIES:
            # Several changes at once (four children counting at the end of a round): the ones
            # beaten would read the table again together and be beaten again. A random pause,
            # longer each time, lets the winner commit first (under gevent it lets it run).
            time.sleep(random.uniform(0, BACKOFF * tries))
    raise TableMovedOn()


@cache
def _bump_statement(columns: frozenset[str]) -> Any:
    """The guarded UPDATE of `bump` for these columns, built once (with bound parameters)."""
    # On the table, not the mapped class: the ORM's bulk UPDATE path would cost more than
    # the statement (the rows it might synchronize are set by commit_state instead).
    table, classes = PlayTable.__table__, Classroom.__table__
    zone = select(classes.c.time_zone).where(classes.c.id == table.c.class_id).scalar_subquery()
    return (
        update(table)
        .where(table.c.id == bindparam("guard_id"), table.c.version == bindparam("guard_version"))
        .values({name: bindparam(f"new_{name}") for name in sorted(columns)})
        .returning(zone.label("time_zone"))
    )


# A move's story rows, one bulk INSERT on the table (nobody reads them back in the move).
# Inline: nothing is asked back (a single row would otherwise return its new id).
_STORY_INSERT = insert(TableEvent.__table__).inline()


def bump(table: PlayTable, expected: int, values: dict[str, Any]) -> dict[int, str]:
    """UPDATE the table WHERE its version is still `expected`, raising TableMovedOn if not.
    Returns its class's time zone ({class id: zone}), which the UPDATE reads on the way: the
    day of any choice the change records (keep.record), with no query of its own."""
    # `moved_by` describes this version only: reset unless the values set it.
    columns = {"version": expected + 1, "updated_at": now(), "moved_by": None} | values
    params = {f"new_{name}": value for name, value in columns.items()}
    params |= {"guard_id": table.id, "guard_version": expected}
    row = db.session.execute(_bump_statement(frozenset(columns)), params).first()
    if row is None:
        db.session.rollback()
        raise TableMovedOn()
    db.session.info.setdefault(CHANGED, []).append(Change(table.id, expected + 1, table))
    return {} if row.time_zone is None else {table.class_id: str(row.time_zone)}


def commit_state(
    table: PlayTable,
    expected: int,
    game: Game,
    events: Iterable[StoryItem],
    status: TableStatus,
    rows: list[Any],
    next_computer_at: datetime | None,
    moved_by: int | None = None,
) -> int:
    """One transaction: the new state (guarded by the version), the events, the rows.
    Afterwards `table` holds what was written (no need to read it again to answer).
    `moved_by`: the seat whose own page sent the move (it gets this version in its answer)."""
    values = {
        "state": game.to_dict(),
        "status": status,
        "next_computer_at": next_computer_at,
        "updated_at": now(),
        "moved_by": moved_by,
    }
    zones = bump(table, expected, values)
    version = expected + 1
    story_items = list(events)
    story = [{"table_id": table.id, "version": version, "event": e.to_dict()} for e in story_items]
    if story:  # one bulk INSERT: no unit of work needed for rows nobody reads back here
        db.session.execute(_STORY_INSERT, story)
    recorded = [row for row in rows if isinstance(row, TALLIED)]
    record(db.session, recorded, zones)  # a child's choices, counts, results; their tallies
    db.session.add_all([row for row in rows if not isinstance(row, TALLIED)])
    if not any(isinstance(row, TableEvent) for row in rows):  # the story is the whole of it
        db.session.info[CHANGED][-1].story = list(story_items)
    # The commit would expire every row of the session, and the answer would read the table
    # and its seats again: they are as this transaction left them, so keep them, with the
    # columns the UPDATE wrote (it bypassed the ORM) set on the row, before the commit
    # publishes the change (the row is what the other streams of this process are shown).
    for name, value in [*values.items(), ("version", version)]:
        set_committed_value(table, name, value)
    commit_keeping_rows(db.session())
    remember_game(table, values["state"], game)  # the game as played is the state just written
    return version


@dataclass(frozen=True)
class MoveResult:
    """The table's version after a move, the move's events (unredacted), and its story as
    stored (the events, and a computer player's thought or a child's good choice)."""

    version: int
    events: list[Event]
    story: list[StoryItem]


def play_move(
    table_id: int,
    seat: int,
    action: Action,
    expected_version: int,
    table: PlayTable | None = None,
) -> MoveResult:
    """Play `action` for `seat` if the table is still at `expected_version`.

    Raises TableMovedOn (the page was stale), IllegalAction (the engine's sentence) or
    TableError; in every case nothing is written. `table` may be given when this request has
    just read it: the UPDATE is guarded by the version, so a move made since is still caught."""
    if table is None or table.id != table_id:
        table = load_table(table_id)
    if table is None:
        raise TableError("There is no such table")
    if table.version != expected_version:
        raise TableMovedOn()
    if table.status != TableStatus.PLAYING:
        raise TableError("Nobody is playing at this table now")
    stand_in = table.seats[seat].stand_in if 0 <= seat < len(table.seats) else None
    if stand_in is not None:
        by = face_at(stand_in, table.seats, seat).name
        raise TableError(f"{by} is playing for you now")
    return move(table, game_of(table), seat, action, from_page=True)


def told_with(events: list[Event], thought: Thought | None) -> list[StoryItem]:
    """A move's story: its events, with a computer player's thought said right after what the
    player did, before the turn passes on ("Top Cat called Rat-a-Tat-Cat!", then its "I think
    my line is the lowest", then "Now it is Tabby's turn")."""
    if thought is None:
        return list(events)
    at = next((i for i, e in enumerate(events) if e.kind is EventKind.TURN_ENDED), len(events))
    return [*events[:at], thought, *events[at:]]


def move(
    table: PlayTable,
    game: Game,
    seat: int,
    action: Action,
    *,
    thinking: bool = False,
    from_page: bool = False,
) -> MoveResult:
    """Apply `action` for `seat` (a child's, a teacher's or a computer player's) and commit it
    with its choice row, and the round's rows when it ends the round. `thinking`: a computer
    player thinking aloud, whose sentence goes into the story after the move's events.
    `from_page`: the seat's own page sent it (and is answered with the new board)."""
    if not 0 <= seat < len(table.seats):
        raise TableError("There is no such seat at this table")
    seat_row = table.seats[seat]
    view = game.view(seat)  # what the player saw when choosing, before the move
    lines_before = game.lines
    events = game.apply(action, seat=seat)  # IllegalAction: the game is unchanged
    facts = describe_choice(view, action, lines_before)
    when = now()
    rows: list[Any] = []
    # A computer player standing in for an away child makes the computer's choices, never
    # the child's: only a child's own moves become ChoiceRows.
    personality = seat_row.stand_in or seat_row.computer
    good = None
    if personality is None and seat_row.child_id is not None:
        if facts.placed_lower:
            # Told to this seat only (GoodChoice.for_seat): its page cheers the choice.
            good = GoodChoice(seat)
        choice = ChoiceRecord(facts, when, table.id, seat_row.child_id)
        rows.append(row_of(choice, table.class_id, table.id))
    elif personality is not None:
        rows.append(
            ComputerChoiceRow(
                table_id=table.id,
                seat=seat,
                personality=personality,
                created_at=when,
                facts=facts.to_dict(),
            )
        )
    # The thought comes from the player's own view before the move, the move and its events
    # only (classroom/game/players/talk.py); the story redacts it for each seat.
    thought = think(view, action, events) if thinking else None
    story = told_with(events, thought)
    if good is not None:
        story.append(good)
    status = TableStatus.PLAYING
    if game.round_over:
        rows.extend(_round_rows(table, game, when))
        status, more = after_round(table, game)
        events = events + more
        story.extend(more)
    pace = when + computer_pace()
    moved_by = seat if from_page else None
    version = commit_state(table, table.version, game, story, status, rows, pace, moved_by)
    return MoveResult(version, events, story)


def seats_that_count(table: PlayTable, game: Game) -> list[TableSeat]:
    """The seats that count their line at the end of a round: the children still in play and
    at the table (a computer player standing in for an away child does not count)."""
    lines = game.lines
    return [
        s for s in table.seats if s.child_id is not None and s.stand_in is None and lines[s.seat]
    ]


def _round_rows(table: PlayTable, game: Game, when: datetime) -> list[Any]:
    children = {s.seat: s.child_id for s in seats_that_count(table, game) if s.child_id is not None}
    records = round_records(game, children, when=when, game_id=table.id)
    return [row_of(one, table.class_id, table.id) for one in records]


def after_round(
    table: PlayTable, game: Game, counted: Iterable[int] = ()
) -> tuple[TableStatus, list[Event]]:
    """The table's status once a round is over: children count first; when all have counted
    (`counted` adds seats counting now), the next round is dealt or the game is finished."""
    round_number = game.round_number
    done = set(counted)
    waiting = [
        s
        for s in seats_that_count(table, game)
        if s.counted_round < round_number and s.seat not in done
    ]
    if waiting:
        return TableStatus.COUNTING, []
    if game.game_over:
        return TableStatus.FINISHED, []
    return TableStatus.PLAYING, game.start_next_round()
