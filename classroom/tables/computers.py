"""Computer players at their pace, and the away children they stand in for: what is due at a
table and when, and playing it. The table clock (classroom.live.clock) calls these; a page or
a poll only reads."""

from __future__ import annotations

from datetime import datetime

from classroom.game import Phase
from classroom.game.players import make_player
from classroom.models import PlayTable, TableStatus

from .away import away_at_of, came_back, give_back, seats_away, unseen
from .calling import without_early_call
from .clock import aware, away_after, now
from .errors import TableMovedOn
from .loading import game_of, game_seen, load_table
from .moves import move, seats_that_count


def advance_computers(table_id: int, table: PlayTable | None = None) -> bool:
    """If a computer player is on turn and its pause is over, play ONE of its actions; a
    computer player standing in for an away child counts as one. If a child on turn (or one
    the table waits for to count) has not been seen for AWAY_AFTER, a computer player takes
    their seat instead (docs/play.md, "A child who leaves").

    Called by the table clock when something falls due (classroom.live.clock). Returns True if
    it changed the table. Two processes at once: the version guard lets only one of them act.
    `table` may be given when the caller has just read it (one read less)."""
    if table is None:
        table = load_table(table_id)
    if table is None or table.state is None:
        return False
    if table.status == TableStatus.COUNTING:
        if not any(unseen(s) for s in table.seats if s.child_id is not None):
            return False  # the usual case, decided without rebuilding the game
        game = game_seen(table)
        round_number = game.round_number
        waiting = [s for s in seats_that_count(table, game) if s.counted_round < round_number]
        return seats_away(table, game_of(table), [s for s in waiting if unseen(s)])
    if table.status != TableStatus.PLAYING:
        return False
    game = game_seen(table)
    seat = game.current_seat
    if seat is None:
        return False
    seat_row = table.seats[seat]
    if seat_row.computer is None and seat_row.stand_in is None:
        if seat_row.child_id is not None and unseen(seat_row):
            return seats_away(table, game_of(table), [seat_row])
        return False
    if seat_row.stand_in is not None and game.phase is Phase.CHOOSE and came_back(seat_row):
        return give_back(table, seat_row)  # back before their turn began: theirs to play
    due = aware(table.next_computer_at)
    if due is not None and now() < due:
        return False
    personality = seat_row.stand_in or seat_row.computer
    assert personality is not None
    player = make_player(personality, seed=f"{table.id}:{seat}:{table.version}")
    # A stand-in does not think aloud: its "I" would be the away child's seat.
    thinking = table.think_aloud and seat_row.stand_in is None
    view = game.view(seat)  # a computer player decides from its seat's view alone
    action = player.choose(view, without_early_call(table, game, game.legal_actions()))
    try:
        move(table, game_of(table), seat, action, thinking=thinking)
        # "Done" or "Rat-a-Tat-Cat!" at once after the move it ends: the child sees the card
        # drawn and the card placed, and waits no longer than that (docs/play.md, pacing).
        # A stand-in keeps one action per read: the away child's seat is given back between
        # its turns (docs/play.md, "A child who leaves").
        after = game_seen(table)
        if (
            seat_row.stand_in is None
            and table.status == TableStatus.PLAYING
            and after.current_seat == seat
            and after.phase is Phase.FINISH
        ):
            legal = without_early_call(table, after, after.legal_actions())
            action = player.choose(after.view(seat), legal)
            move(table, game_of(table), seat, action, thinking=thinking)
    except TableMovedOn:
        return False
    return True


def next_due(table: PlayTable) -> datetime | None:
    """When advance_computers next has something to do at this table as it stands: the pause
    of the computer player (or stand-in) on turn ends, or the child on turn (or one the table
    waits for to count) would become away; None: nothing until the table changes."""
    if table.state is None or table.status not in (TableStatus.PLAYING, TableStatus.COUNTING):
        return None
    game = game_seen(table)
    if table.status == TableStatus.COUNTING:
        if away_after() <= 0:
            return None
        round_number = game.round_number
        waiting = [s for s in seats_that_count(table, game) if s.counted_round < round_number]
        return min((d for s in waiting if (d := away_at_of(s)) is not None), default=None)
    seat = game.current_seat
    if seat is None:
        return None
    seat_row = table.seats[seat]
    if seat_row.computer is not None or seat_row.stand_in is not None:
        return aware(table.next_computer_at) or now()
    if seat_row.child_id is not None and away_after() > 0:
        return away_at_of(seat_row)
    return None
