"""Setting up tables, seating players, and the move transaction (docs/play.md).

Every change of a table's game is one short transaction: rebuild the Game from the row, apply
the action, then `UPDATE play_tables SET state=..., version=version+1 WHERE id=... AND
version=<the version the player saw>`; no row updated means someone else moved first ("The
table has moved on") and nothing is written. The events and the choice rows go into the same
transaction. Nothing is kept in process memory, so any app process (or a restarted one) can
serve any table.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from flask import current_app
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from classroom.assignments import COMPUTER_PLAYER_NAMES, COMPUTER_PLAYER_PICTURES, Assignment
from classroom.extensions import db
from classroom.game import Action, Event, Game, IllegalAction, Level, Phase, new_game
from classroom.game.players import make_player
from classroom.insights.choices import describe_choice
from classroom.models import (
    COMPUTER_PLAYERS,
    Child,
    ChoiceRow,
    ComputerChoiceRow,
    CountRow,
    LookRow,
    PlayTable,
    RoundRow,
    TableEvent,
    TableSeat,
    Teacher,
)
from classroom.progress.records import choice_columns

from .story import SeatNote, StoryItem

MAX_SEATS = 4
MAX_CUBES = 12
# A seat's page asks for the table every 0.7 s; its "last seen" time is written at most this
# often (or a third of AWAY_AFTER, if shorter), so polling does not mean a write per poll.
SEEN_EVERY = 10.0


class TableMovedOn(Exception):
    """Someone moved first: the page the move came from is out of date."""

    def __init__(self) -> None:
        super().__init__("The table has moved on")


class TableError(ValueError):
    """A request the table cannot do, with a sentence a child's teacher could read."""


def now() -> datetime:
    return datetime.now(UTC)


def aware(when: datetime | None) -> datetime | None:
    """SQLite hands back naive date-times; they were stored in UTC."""
    if when is not None and when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when


def computer_pace() -> timedelta:
    """The pause before each computer player's action (config COMPUTER_PACE)."""
    return timedelta(seconds=float(current_app.config["COMPUTER_PACE"]))


def away_after() -> float:
    """Seconds a child's seat may go unseen on their turn (config AWAY_AFTER; 0: never away)."""
    return float(current_app.config.get("AWAY_AFTER", 90))


def options_for(assignment: Assignment) -> dict[str, Any]:
    """The engine options a child's assignment asks for."""
    return {
        "power_cards": assignment.power_cards,
        "series": assignment.series_end,
        "rounds": assignment.rounds,
        "limit": assignment.points_limit,
        "limit_ending": assignment.limit_ending,
    }


def level_options(level: str) -> frozenset[str]:
    """The engine's teacher options that mean something at `level` (RULES.md R2, R8, R10,
    R12): power cards and DRAW 2's powers only where the deck has power cards, outside
    cards face up only at Outside Peek."""
    names = {"min_turns_before_call", "series", "rounds", "limit", "limit_ending"}
    if Level(level).powers:
        names |= {"power_cards", "draw2_powers"}
    if Level(level) is Level.OUTSIDE_PEEK:
        names.add("outside_face_up")
    return frozenset(names)


def table_options(level: str, assignment: Assignment, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The engine options of a table a teacher sets up: the children's assignment, then the
    teacher's choices (`chosen`; None means "as assigned"). A choice the level does not have
    is left out (the page hides it). Checked by the engine: a TableError with its sentence."""
    options = options_for(assignment)
    allowed = level_options(level)
    options.update({k: v for k, v in chosen.items() if v is not None and k in allowed})
    try:
        new_game(level, 2, seed=0, options=options)  # the engine's own check of the options
    except ValueError as refused:
        raise TableError(str(refused)) from None
    return options


# --- loading ------------------------------------------------------------------------------


def load_table(table_id: int) -> PlayTable | None:
    """The table as it is in the database now (never a stale copy of this session's)."""
    return db.session.scalar(
        select(PlayTable).where(PlayTable.id == table_id).execution_options(populate_existing=True)
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


def seat_of_child(table: PlayTable, child_id: int) -> TableSeat | None:
    return next((s for s in table.seats if s.child_id == child_id), None)


def seat_of_teacher(table: PlayTable, teacher_id: int) -> TableSeat | None:
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
    rows = list(db.session.scalars(query))
    rows.reverse()
    return [SeatNote.from_dict(row) if "note" in row else Event.from_dict(row) for row in rows]


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
                PlayTable.status != "finished",
            )
            .order_by(PlayTable.id.desc())
            .limit(3)
        )
    )


# --- setting up -----------------------------------------------------------------------------


def open_table(
    class_id: int,
    level: str,
    options: dict[str, Any],
    scoring: str,
    *,
    group_id: int | None = None,
    teacher_id: int | None = None,
) -> PlayTable:
    """A new, empty table (status open). Committed."""
    table = PlayTable(
        class_id=class_id,
        level=level,
        options=dict(options),
        scoring=scoring,
        status="open",
        version=0,
        group_id=group_id,
        created_by_id=teacher_id,
    )
    db.session.add(table)
    db.session.commit()
    return table


def open_table_for(child: Child) -> PlayTable:
    """A new table at the child's level and options, with the child in seat 1."""
    assignment = Assignment.of(child)
    table = open_table(
        child.class_id, assignment.level, options_for(assignment), assignment.scoring
    )
    seat_child(table.id, child)
    return table


def _add_seat(table_id: int, make: Any, check: Any = None) -> TableSeat:
    """Seat someone at an open table in the next free seat; bumps the version. `make(seat)`
    builds the TableSeat; `check(table)` refuses with a TableError."""
    for _ in range(5):
        table = load_table(table_id)
        if table is None:
            raise TableError("There is no such table")
        if table.status != "open":
            raise TableError("This game has already started")
        if check is not None:
            check(table)
        taken = {s.seat for s in table.seats}
        if len(taken) >= MAX_SEATS:
            raise TableError("This table is full: 4 players at most")
        seat_row = make(min(set(range(MAX_SEATS)) - taken))
        seat_row.table_id = table.id
        try:
            _bump(table, table.version, {})
            db.session.add(seat_row)
            db.session.commit()
        except (TableMovedOn, IntegrityError):
            db.session.rollback()
            continue
        return seat_row
    raise TableMovedOn()


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


def seat_computer(table_id: int, personality: str) -> TableSeat:
    if personality not in COMPUTER_PLAYERS:
        raise TableError("There is no such computer player")
    return _add_seat(
        table_id,
        lambda seat: TableSeat(
            seat=seat,
            computer=personality,
            name=COMPUTER_PLAYER_NAMES[personality],
            picture=COMPUTER_PLAYER_PICTURES[personality],
            colour="",
        ),
    )


def seat_teacher(table_id: int, teacher: Teacher) -> TableSeat:
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
    if table.status != "open":
        raise TableError("This game has already started")
    if len(table.seats) < 2:
        raise TableError("A game needs at least 2 players")
    options = dict(table.options) | {"names": [s.name for s in table.seats]}
    game = new_game(table.level, len(table.seats), seed=secrets.randbits(48), options=options)
    when = now()
    _commit_state(
        table, table.version, game, game.opening_events, "playing", [], when + computer_pace()
    )
    return table


def stop_table(table_id: int) -> None:
    """The teacher ends a table's game as it stands (no more moves; nothing is scored)."""
    for _ in range(5):
        table = load_table(table_id)
        if table is None or table.status == "finished":
            return
        try:
            _bump(table, table.version, {"status": "finished"})
            db.session.commit()
            return
        except TableMovedOn:
            continue
    raise TableMovedOn()


# --- the move transaction -------------------------------------------------------------------


@cache
def _bump_statement(columns: frozenset[str]) -> Any:
    """The guarded UPDATE of `_bump` for these columns, built once (with bound parameters)."""
    return (
        update(PlayTable)
        .where(
            PlayTable.id == bindparam("guard_id"),
            PlayTable.version == bindparam("guard_version"),
        )
        .values({name: bindparam(f"new_{name}") for name in sorted(columns)})
        .execution_options(synchronize_session=False)
    )


def _bump(table: PlayTable, expected: int, values: dict[str, Any]) -> None:
    """UPDATE the table WHERE its version is still `expected`, raising TableMovedOn if not."""
    columns = {"version": expected + 1, "updated_at": now()} | values
    params = {f"new_{name}": value for name, value in columns.items()}
    params |= {"guard_id": table.id, "guard_version": expected}
    result = db.session.execute(_bump_statement(frozenset(columns)), params)
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise TableMovedOn()


def _commit_state(
    table: PlayTable,
    expected: int,
    game: Game,
    events: Iterable[Event],
    status: str,
    rows: list[Any],
    next_computer_at: datetime | None,
) -> int:
    """One transaction: the new state (guarded by the version), the events, the rows.
    Afterwards `table` holds what was written (no need to read it again to answer)."""
    values = {
        "state": game.to_dict(),
        "status": status,
        "next_computer_at": next_computer_at,
        "updated_at": now(),
    }
    _bump(table, expected, values)
    version = expected + 1
    story = [{"table_id": table.id, "version": version, "event": e.to_dict()} for e in events]
    if story:  # one bulk INSERT: no unit of work needed for rows nobody reads back here
        db.session.execute(insert(TableEvent), story)
    db.session.add_all(rows)
    # The commit would expire every row of the session, and the answer would read the table
    # and its seats again: they are as this transaction left them, so keep them, with the
    # columns the UPDATE wrote (it bypassed the ORM) set on the row.
    session = db.session()
    expiring, session.expire_on_commit = session.expire_on_commit, False
    try:
        session.commit()
    finally:
        session.expire_on_commit = expiring
    for name, value in [*values.items(), ("version", version)]:
        set_committed_value(table, name, value)
    _SEEN[table] = (values["state"], game)  # the game as played is the state just written
    return version


@dataclass(frozen=True)
class MoveResult:
    version: int
    events: list[Event]


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
    if table.status != "playing":
        raise TableError("Nobody is playing at this table now")
    stand_in = table.seats[seat].stand_in if 0 <= seat < len(table.seats) else None
    if stand_in is not None:
        raise TableError(f"{COMPUTER_PLAYER_NAMES[stand_in]} is playing for you now")
    return _move(table, game_of(table), seat, action)


def _move(table: PlayTable, game: Game, seat: int, action: Action) -> MoveResult:
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
    if personality is None and seat_row.child_id is not None:
        rows.append(
            ChoiceRow(
                child_id=seat_row.child_id,
                class_id=table.class_id,
                table_id=table.id,
                created_at=when,
                **choice_columns(facts),
            )
        )
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
    status = "playing"
    if game.round_over:
        rows.extend(_round_rows(table, game, when))
        status, more = _after_round(table, game)
        events = events + more
    version = _commit_state(
        table, table.version, game, events, status, rows, when + computer_pace()
    )
    return MoveResult(version, events)


def _counting_seats(table: PlayTable, game: Game) -> list[TableSeat]:
    """The seats that count their line at the end of a round: the children still in play and
    at the table (a computer player standing in for an away child does not count)."""
    lines = game.lines
    return [
        s for s in table.seats if s.child_id is not None and s.stand_in is None and lines[s.seat]
    ]


def _round_rows(table: PlayTable, game: Game, when: datetime) -> list[RoundRow]:
    scores = game.round_scores()
    winners = set(game.round_winners())
    return [
        RoundRow(
            child_id=s.child_id,
            class_id=table.class_id,
            table_id=table.id,
            created_at=when,
            round_number=game.round_number,
            level=table.level,
            score=scores[s.seat],
            won=s.seat in winners,
            called=game.caller == s.seat,
        )
        for s in _counting_seats(table, game)
    ]


def _after_round(
    table: PlayTable, game: Game, counted: Iterable[int] = ()
) -> tuple[str, list[Event]]:
    """The table's status once a round is over: children count first; when all have counted
    (`counted` adds seats counting now), the next round is dealt or the game is finished."""
    round_number = game.round_number
    done = set(counted)
    waiting = [
        s
        for s in _counting_seats(table, game)
        if s.counted_round < round_number and s.seat not in done
    ]
    if waiting:
        return "counting", []
    if game.game_over:
        return "finished", []
    return "playing", game.start_next_round()


# --- computer players -----------------------------------------------------------------------


def advance_computers(table_id: int, table: PlayTable | None = None) -> bool:
    """If a computer player is on turn and its pause is over, play ONE of its actions; a
    computer player standing in for an away child counts as one. If a child on turn (or one
    the table waits for to count) has not been seen for AWAY_AFTER, a computer player takes
    their seat instead (docs/play.md, "A child who leaves").

    Called whenever a table is read (a page, a poll): no background threads. Returns True if
    it changed the table. Two readers at once: the version guard lets only one of them act.
    `table` may be given when this request has just read it (one read less per poll)."""
    if table is None:
        table = load_table(table_id)
    if table is None or table.state is None:
        return False
    if table.status == "counting":
        if not any(_unseen(s) for s in table.seats if s.child_id is not None):
            return False  # the usual case, decided without rebuilding the game
        game = game_seen(table)
        round_number = game.round_number
        waiting = [s for s in _counting_seats(table, game) if s.counted_round < round_number]
        return _seats_away(table, game_of(table), [s for s in waiting if _unseen(s)])
    if table.status != "playing":
        return False
    game = game_seen(table)
    seat = game.current_seat
    if seat is None:
        return False
    seat_row = table.seats[seat]
    if seat_row.computer is None and seat_row.stand_in is None:
        if seat_row.child_id is not None and _unseen(seat_row):
            return _seats_away(table, game_of(table), [seat_row])
        return False
    if seat_row.stand_in is not None and game.phase is Phase.CHOOSE and _came_back(seat_row):
        return _give_back(table, seat_row)  # back before their turn began: theirs to play
    due = aware(table.next_computer_at)
    if due is not None and now() < due:
        return False
    personality = seat_row.stand_in or seat_row.computer
    assert personality is not None
    view = game.view(seat)  # a computer player decides from its seat's view alone
    player = make_player(personality, seed=f"{table.id}:{seat}:{table.version}")
    action = player.choose(view, game.legal_actions())
    try:
        _move(table, game_of(table), seat, action)
    except TableMovedOn:
        return False
    return True


# --- a child who leaves ----------------------------------------------------------------------


def stand_in_for(seat_row: TableSeat) -> str:
    """The computer player who plays for an away child: the gentlest their assignment allows
    (Kitten before Tabby before Top Cat), else Kitten."""
    child = db.session.get(Child, seat_row.child_id) if seat_row.child_id else None
    allowed = Assignment.of(child).computer_players if child is not None else ()
    return next((p for p in COMPUTER_PLAYERS if p in allowed), COMPUTER_PLAYERS[0])


def _unseen(seat_row: TableSeat) -> bool:
    """Has this child's seat gone unseen (no page or poll) for AWAY_AFTER? Never, if the
    setting is 0 or the seat was never seen (a seat from before seats were watched)."""
    limit = away_after()
    last = aware(seat_row.last_seen_at)
    if limit <= 0 or last is None or seat_row.stand_in is not None:
        return False
    return now() - last >= timedelta(seconds=limit)


def _came_back(seat_row: TableSeat) -> bool:
    """Has the away child's page asked for the table since they were marked away?"""
    last, since = aware(seat_row.last_seen_at), aware(seat_row.away_since)
    return not seat_row.taken_out and last is not None and (since is None or last > since)


def _note(table: PlayTable, version: int, kind: str, seat_row: TableSeat) -> TableEvent:
    """The story row of a SeatNote about `seat_row` (its stand-in named, Kitten by default)."""
    by = COMPUTER_PLAYER_NAMES[seat_row.stand_in or COMPUTER_PLAYERS[0]]
    note = SeatNote(kind, seat_row.seat, by)
    return TableEvent(table_id=table.id, version=version, event=note.to_dict())


def _seats_away(
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
    status, events = table.status, list[Event]()
    if status == "counting":
        status, events = _after_round(table, game)
    try:
        if events:
            _commit_state(table, expected, game, events, status, notes, when + computer_pace())
        else:
            _bump(table, expected, {"status": status, "next_computer_at": when + computer_pace()})
            db.session.add_all(notes)
            db.session.commit()
    except TableMovedOn:
        return False
    return True


def _give_back(table: PlayTable, seat_row: TableSeat) -> bool:
    """The child is back: their seat is theirs again (one transaction, a note in the story)."""
    expected = table.version
    note = _note(table, expected + 1, "back", seat_row)
    seat_row.stand_in = None
    seat_row.away_since = None
    try:
        _bump(table, expected, {})
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
        and table.status in ("playing", "counting")
        and not _mid_turn(table, seat)
    ):
        seat_row.last_seen_at = when
        if _give_back(table, seat_row):
            return
    if not _seen_due(seat_row, when):
        return
    # Not guarded by the version: when a page was last seen is no part of the game.
    db.session.execute(
        update(TableSeat)
        .where(TableSeat.id == seat_row.id)
        .values(last_seen_at=when)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()


def _seen_due(seat_row: Any, when: datetime) -> bool:
    """Is it time to note again that this seat's page is there (at most every SEEN_EVERY
    seconds, and often enough that a seat in use is never taken for an away one)?"""
    last = aware(seat_row.last_seen_at)
    limit = away_after()
    every = timedelta(seconds=SEEN_EVERY if limit <= 0 else min(SEEN_EVERY, limit / 3))
    return last is None or when - last >= every


@cache
def _quiet_query() -> Any:
    """nothing_new's one query (built once: most requests of a class are quiet polls)."""
    return (
        select(
            PlayTable.version,
            PlayTable.status,
            PlayTable.next_computer_at,
            TableSeat.child_id,
            TableSeat.computer,
            TableSeat.stand_in,
            TableSeat.last_seen_at,
            TableSeat.away_since,
            TableSeat.taken_out,
        )
        .join(TableSeat, TableSeat.table_id == PlayTable.id)
        .where(PlayTable.id == bindparam("table_id"))
    )


def nothing_new(table_id: int, child_id: int, since: int | None) -> tuple[int, str] | None:
    """For a child's poll, in one small query: the table's (version, status) when the page at
    version `since` is up to date and reading the table would change nothing (no note that
    the seat was seen is due, no computer player or away child to act for); else None, and
    the poll reads the whole table. Most polls of a class are these: children think."""
    rows = db.session.execute(_quiet_query(), {"table_id": table_id}).all()
    if since is None or not rows or rows[0].version != since:
        return None
    mine = [r for r in rows if r.child_id == child_id]
    when = now()
    if len(mine) != 1 or mine[0].stand_in is not None or _seen_due(mine[0], when):
        return None
    # What advance_computers would act on, decided without the game (so without knowing
    # whose turn it is): any doubt reads the whole table.
    version, status, due = rows[0].version, rows[0].status, aware(rows[0].next_computer_at)
    away = any(r.child_id is not None and _unseen(r) for r in rows)
    if away and status in ("playing", "counting"):
        return None
    if status == "playing":
        if any(r.stand_in is not None and _came_back(r) for r in rows):
            return None
        computers = any(r.computer is not None or r.stand_in is not None for r in rows)
        if computers and (due is None or when >= due):
            return None
    return version, status


def _mid_turn(table: PlayTable, seat: int) -> bool:
    """Is `seat` on turn with the turn under way (a card drawn, or the move made)?"""
    if table.status != "playing" or table.state is None:
        return False
    game = game_seen(table)
    return game.current_seat == seat and game.phase is not Phase.CHOOSE


def take_out(table_id: int, seat: int) -> None:
    """The teacher takes a child out of their seat: a computer player plays it for the rest
    of the game, and the child coming back watches instead of taking it back."""
    for _ in range(5):
        table = load_table(table_id)
        if table is None:
            raise TableError("There is no such table")
        if table.status not in ("playing", "counting"):
            raise TableError("Only a game in play has seats to take over")
        if not 0 <= seat < len(table.seats) or table.seats[seat].child_id is None:
            raise TableError("Only a child's seat can be taken over")
        seat_row = table.seats[seat]
        if seat_row.taken_out:
            return
        if _seats_away(table, game_of(table), [seat_row], taken_out=True):
            return
    raise TableMovedOn()


# --- looks and counting ---------------------------------------------------------------------


def look(table_id: int, seat: int, position: int) -> int:
    """A seat turns over one of its own cards where its level lets it (Peek levels); a
    child's look is recorded. Returns the card. The game itself does not change."""
    table = load_table(table_id)
    if table is None:
        raise TableError("There is no such table")
    if table.status != "playing":
        raise TableError("Nobody is playing at this table now")
    game = game_of(table)
    card = game.look(seat, position)  # IllegalAction where the level does not allow it
    seat_row = table.seats[seat]
    if seat_row.child_id is not None:
        view = game.view(seat)
        db.session.add(
            LookRow(
                child_id=seat_row.child_id,
                class_id=table.class_id,
                table_id=table.id,
                round_number=view.round_number,
                turn_number=view.turn_number,
                position=position,
                level=table.level,
            )
        )
        db.session.commit()
    return int(card)


@dataclass(frozen=True)
class CountStep:
    """What a seat still has to do at the end of a round."""

    cubes: bool  # place cubes on the cards
    total: bool  # type the total
    done: bool


def count_step(table: PlayTable, seat_row: TableSeat, game: Game) -> CountStep:
    """Where a child is in counting this round, by their assignment's scoring mode."""
    round_number = game.round_number
    lines = game.lines[seat_row.seat]
    if (
        table.status != "counting"
        or seat_row.child_id is None
        or seat_row.stand_in is not None
        or seat_row.counted_round >= round_number
        or not lines
    ):
        return CountStep(False, False, True)
    scoring = _scoring_of(seat_row, table)
    pending = seat_row.pending_count or {}
    cubes_done = pending.get("round") == round_number
    if scoring == "cubes":
        return CountStep(True, False, False)
    if scoring == "total":
        return CountStep(False, True, False)
    return CountStep(not cubes_done, cubes_done, False)


def _scoring_of(seat_row: TableSeat, table: PlayTable) -> str:
    child = db.session.get(Child, seat_row.child_id) if seat_row.child_id else None
    return child.scoring if child is not None else table.scoring


def record_count(
    table_id: int,
    seat: int,
    *,
    cubes: Sequence[int] | None = None,
    total: int | None = None,
    hinted: bool = False,
) -> None:
    """A child's count at the end of a round: the cube stacks (snapped), then the typed total
    where the assignment asks. Written with a CountRow once the child is done; when every
    child has counted, the next round is dealt or the game finishes (same transaction)."""
    for _ in range(5):
        table = load_table(table_id)
        if table is None:
            raise TableError("There is no such table")
        if table.status != "counting":
            raise TableError("There is nothing to count now")
        if not 0 <= seat < len(table.seats):
            raise TableError("There is no such seat at this table")
        game = game_of(table)
        seat_row = table.seats[seat]
        round_number = game.round_number
        step = count_step(table, seat_row, game)
        if step.done:
            raise TableError("You have counted this round already")
        numerals = [int(c) for c in game.lines[seat]]
        try:
            if step.cubes:
                if cubes is None or len(cubes) != 4:
                    raise TableError("Put cubes on each of your four cards")
                stacks = [max(0, min(MAX_CUBES, int(c))) for c in cubes]
                counted = [None if n == 0 else c for n, c in zip(numerals, stacks, strict=True)]
                if step.total is False and _scoring_of(seat_row, table) == "cubes_and_total":
                    seat_row.pending_count = {
                        "round": round_number,
                        "cubes": counted,
                        "hinted": hinted,
                    }
                    _bump(table, table.version, {})
                    db.session.commit()
                    return
                _finish_count(table, game, seat_row, numerals, counted, None, hinted)
                return
            if total is None or not 0 <= total <= 999:
                raise TableError("Type your total with the numbers")
            pending = seat_row.pending_count or {}
            counted = pending.get("cubes") or [None] * 4
            was_hinted = bool(pending.get("hinted", False)) or hinted
            _finish_count(table, game, seat_row, numerals, counted, total, was_hinted)
            return
        except TableMovedOn:
            continue
    raise TableMovedOn()


def _finish_count(
    table: PlayTable,
    game: Game,
    seat_row: TableSeat,
    numerals: list[int],
    cubes: Sequence[int | None],
    typed_total: int | None,
    hinted: bool,
) -> None:
    assert seat_row.child_id is not None
    round_number = game.round_number
    row = CountRow(
        child_id=seat_row.child_id,
        class_id=table.class_id,
        table_id=table.id,
        round_number=round_number,
        level=table.level,
        numerals=numerals,
        cubes=list(cubes),
        typed_total=typed_total,
        true_total=sum(numerals),
        corrected_by_hint=hinted,
    )
    status, events = _after_round(table, game, counted=[seat_row.seat])
    expected = table.version
    seat_row.counted_round = round_number
    seat_row.pending_count = None
    if events:
        _commit_state(table, expected, game, events, status, [row], now() + computer_pace())
    else:
        _bump(table, expected, {"status": status})
        db.session.add(row)
        db.session.commit()


__all__ = [
    "CountStep",
    "IllegalAction",
    "MoveResult",
    "TableError",
    "TableMovedOn",
    "advance_computers",
    "count_step",
    "look",
    "open_table",
    "open_table_for",
    "play_move",
    "record_count",
    "seat_child",
    "seat_computer",
    "seat_seen",
    "seat_teacher",
    "stand_in_for",
    "start_table",
    "take_out",
]
