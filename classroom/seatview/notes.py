"""What a seat sees, noted in the tablet's own session between two pages: a card shown once
after a look or a PEEK sent without JavaScript, Standard's look at the outside cards, and the
results of the round a child has just counted. Only where a card is goes into the signed
cookie, never its value."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import request, session

from classroom.game import Game, moves_card_at
from classroom.models import PlayTable, TableStatus
from classroom.tables import outside_look
from classroom.tables.loading import game_seen, load_table, stored_events

# The session key of a card to show face up on the next page only (a look or a PEEK sent
# without JavaScript); see remember_reveal.
REVEAL_KEY = "table_reveal"
# The session key of Standard's look at the outside cards (see outside_look_for).
OUTSIDE_KEY = "table_outside"
# The session key of the round whose results a child sees before the next round (between_rounds).
RESULTS_KEY = "table_results"


def _outside_note(table: PlayTable, seat: int, round_number: int) -> dict[str, Any] | None:
    note = session.get(OUTSIDE_KEY)
    if not isinstance(note, dict):
        return None
    if (note.get("table"), note.get("seat"), note.get("round")) != (table.id, seat, round_number):
        return None
    return note


def outside_look_for(
    table: PlayTable, seat: int | None, game: Game, *, page: bool
) -> outside_look.OutsideLook | None:
    """Standard's look at the outside cards (R3.3) for this page, if it is on: given at the
    seat's first page of the round (recorded then), it lasts LOOK_SECONDS, or until the child
    taps "I remember" (end_outside_look), or, without JavaScript, until the next whole page.

    The session keeps where the look stands for this device (table, seat, round, when it
    began; never a card); the `looks` rows say whether the child had it already."""
    if seat is None or table.status != TableStatus.PLAYING or table.state is None:
        return None
    seat_row = table.seats[seat]
    round_number = game.round_number
    table_id = table.id
    note = _outside_note(table, seat, round_number)
    if (note is not None and note.get("ended")) or outside_look.remembered(seat_row, round_number):
        return None
    turns_before = (int_arg(note.get("turns")) or 0) if note is not None else 0
    if page and note is None:
        # A child who came late, their first turns played by a stand-in, still gets the look
        # before their own first turn (R3.3): asked only of a whole page with no look noted.
        turns_before = outside_look.played_for(table, seat_row, game)
    cards = outside_look.outside_cards(game, seat, turns_before)
    if not cards:
        return None
    noted = note.get("at") if note is not None else None
    if not page:
        # Only a whole page that shows the board starts the look (and its clock), and notes
        # when in this device's session: a live update goes by that note and asks nothing (it
        # may be answering a page that is about to reload to the round's results).
        if not isinstance(noted, (int, float)):
            return None
        started = datetime.fromtimestamp(noted, UTC)
    else:
        given = outside_look.given_at(table, seat_row, round_number)
        if given is None and isinstance(noted, (int, float)):
            given = datetime.fromtimestamp(noted, UTC)
        if given is None:
            given = outside_look.record_look(table, seat_row, game, cards)
            note = None
        elif note is not None and note.get("page"):
            session[OUTSIDE_KEY] = note | {"ended": True}
            return None
        started = given
    left = outside_look.seconds_left(started)
    if left <= 0:
        return None
    if note is None:
        note = {"table": table_id, "seat": seat, "round": round_number}
        note |= {"at": started.timestamp(), "page": False, "ended": False, "turns": turns_before}
    kept = note | ({"page": True} if page else {})
    if session.get(OUTSIDE_KEY) != kept:
        # Written only when it changes: a poll's answer that rewrote the same note could land
        # after "I remember" and put the older note back in the tablet's cookie.
        session[OUTSIDE_KEY] = kept
    return outside_look.OutsideLook(cards, left)


def end_outside_look(table: PlayTable, seat: int) -> None:
    """The child tapped "I remember": the outside cards turn face down on this device."""
    if table.state is None:
        return
    round_number = game_seen(table).round_number
    table_id = table.id
    # This device's note, and the seat's: a stream opened before the tap keeps the session it
    # had, and a poll sent before it may answer after it with the old note.
    note = _outside_note(table, seat, round_number) or {
        "table": table.id,
        "seat": seat,
        "round": round_number,
        "at": None,
        "page": True,
    }
    session[OUTSIDE_KEY] = note | {"ended": True}
    outside_look.note_remembered(table_id, seat, round_number)


def remember_reveal(table: PlayTable, seat: int, version: int, positions: list[int]) -> None:
    """A look or a PEEK without JavaScript: the next page shows the card face up, once.

    Only where the card is (table, seat, version, position) goes into the signed session
    cookie, never its value: the next page reads the card from the game, and pops the note,
    so the page after that (or a refresh) shows it face down again."""
    session[REVEAL_KEY] = {
        "table": table.id,
        "seat": seat,
        "version": version,
        "positions": positions,
    }


def take_reveal(table: PlayTable, seat: int | None) -> dict[int, int] | None:
    """The cards to show face up on this page, once (see remember_reveal); None if the note
    is for another table or seat, or the card may have moved since (a SWAP, a new round)."""
    note = session.pop(REVEAL_KEY, None)
    if not isinstance(note, dict) or seat is None or table.state is None:
        return None
    if note.get("table") != table.id or note.get("seat") != seat:
        return None
    since = int_arg(note.get("version"))
    positions = [p for p in note.get("positions", []) if isinstance(p, int) and 1 <= p <= 4]
    if since is None or not positions or table.status != TableStatus.PLAYING:
        return None
    if since != table.version:
        events = stored_events(table.id, since_version=since)
        if any(moves_card_at(e, seat, p) for e in events for p in positions):
            return None
    line = game_seen(table).lines[seat]
    return {p: int(line[p - 1]) for p in positions}


def int_arg(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def remember_results(table_id: int, seat: int) -> None:
    """The child has counted: their next page shows the round's results, even when the same
    count dealt the next round (RESULTS_KEY; between_rounds)."""
    table = load_table(table_id)
    if table is None or table.state is None:
        return
    game = game_seen(table)
    # The count that dealt the next round counted the round before it.
    counted = game.round_number - 1 if table.status == TableStatus.PLAYING else game.round_number
    session[RESULTS_KEY] = {"table": table_id, "seat": seat, "round": counted}


def between_rounds(table: PlayTable, seat: int | None) -> dict[str, Any] | None:
    """The results of the round this child has just counted, when the next round is already
    dealt (they are shown before it, until "Next round!"); None otherwise."""
    note = session.get(RESULTS_KEY)
    if seat is None or not isinstance(note, dict) or table.state is None:
        return None
    if (note.get("table"), note.get("seat")) != (table.id, seat):
        return None
    if table.status == TableStatus.COUNTING:
        # The others are still counting: the results wait for the next round's deal, when
        # everyone's bars can be shown (a page meanwhile shows the child's own).
        return None
    if request.args.get("next") == "1" or table.status != TableStatus.PLAYING:
        session.pop(RESULTS_KEY, None)
        return None
    game = game_seen(table)
    round_number = int_arg(note.get("round")) or 0
    if not 1 <= round_number < game.round_number:
        session.pop(RESULTS_KEY, None)
        return None
    scores = game.score_history[round_number - 1]
    # The child's total over the rounds so far, which the results say in a series (R12).
    total = sum(row[seat] or 0 for row in game.score_history[:round_number] if seat < len(row))
    return {
        "round": round_number,
        # A game of a set number of rounds says how many ("Round 1 of 3 is over!", a dot a
        # round), so a child knows when it ends; a game to a points limit has no such number.
        "of": game.options.rounds_to_play,
        "score": scores[seat] if seat < len(scores) else None,
        "total": total,
    }
