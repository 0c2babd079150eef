"""Where a live table is, in a few words, for the teacher's Card tables page ("Round 2 of
3: Leo M.'s turn"), so the list says more than the status column's bare word."""

from __future__ import annotations

from classroom.game import Game, Series
from classroom.models import PlayTable, TableStatus
from classroom.roster import names_together
from classroom.tables.away import gone
from classroom.tables.leaving import stopped_for_new_game
from classroom.tables.loading import game_seen
from classroom.tables.seating import MAX_SEATS
from classroom.zones import local


def round_words(game: Game) -> str:
    """The round in play, short: "Round 2 of 3", "Round 2" (to a points limit, or until the
    teacher ends the game), or "" for a game of one round."""
    options = game.options
    if (of := options.rounds_to_play) is not None:
        return f"Round {game.round_number} of {of}"
    return "" if options.series is Series.ROUNDS else f"Round {game.round_number}"


def table_now(table: PlayTable) -> str:
    """What is happening at a table that is not finished, in the teacher's words."""
    if table.status == TableStatus.OPEN or table.state is None:
        taken = len(table.seats)
        return f"Waiting to start: {taken} of {MAX_SEATS} seats taken"
    game = game_seen(table)
    names = {row.seat: row.name for row in table.seats}
    children = [row for row in table.seats if row.child_id is not None]
    teacher_in = any(row.teacher_id is not None for row in table.seats)
    if children and not teacher_in and all(gone(row) for row in children):
        # Computer players move only while someone has the table open: with every child gone
        # the game waits, and "Kitten's turn" for minutes would look like a fault. A child
        # whose tablet closed counts as gone though no page read the table since (only a read
        # seats the stand-in), or a table left at once would say "Mia's turn" for hours.
        # Children who have not opened the table's page yet have not left it: a table a
        # teacher has just started says whom it waits for (it said "every child has left").
        waiting = [row.name for row in children if row.opened_at is None and row.stand_in is None]
        if waiting:
            who = names_together(waiting)
            return f"Paused: waiting for {who} to open the table (Watch it to play it on)"
        return "Paused: every child has left the table (Watch it to play it on)"
    where = round_words(game)
    if table.status == TableStatus.COUNTING:
        what = "counting the cubes"
    elif game.round_over or game.current_seat is None:
        what = "the round is over"
    else:
        what = f"{names.get(game.current_seat, 'a player')}'s turn"
        if game.caller is not None:
            what += f" (Rat-a-Tat-Cat called by {names.get(game.caller, 'a player')})"
    sentence = f"{where}: {what}" if where else what
    return sentence[0].upper() + sentence[1:]


def table_ended(table: PlayTable, time_zone: str) -> str:
    """When a finished table ended and how, for the teacher's list: "Wed 25 Nov, 10:42:
    Kitten won", "...: ended before the end" (the teacher's stop, or a new game)."""
    when = f"{local(table.updated_at, time_zone):%a %-d %b, %H:%M}"
    if table.state is None:
        return f"{when}: closed before it started"
    game = game_seen(table)
    if game.game_over and game.winners:
        names = {row.seat: row.name for row in table.seats}
        won = " and ".join(names.get(seat, "a player") for seat in game.winners)
        return f"{when}: {won} won"
    if stopped_for_new_game(table) is not None:
        return f"{when}: stopped when its child started a new game"
    return f"{when}: ended before the end"
