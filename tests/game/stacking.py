"""Helpers for scenario tests: stacked decks and short ways to play a move.

`Options.stacked_deck` puts chosen cards on top of the first round's deck: they are dealt
seat by seat into positions 1-4, then the first DISCARD card is turned up, then the DRAW pile
is drawn in order. Everything here goes through the engine's public face only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from classroom.game import Action, ActionKind, Event, Game, Phase, Power, new_game

PEEK = Power.PEEK
SWAP = Power.SWAP
DRAW_2 = Power.DRAW_2

DRAW = Action(ActionKind.DRAW)
TAKE = Action(ActionKind.TAKE_DISCARD)
DISCARD = Action(ActionKind.DISCARD)
DECLINE = Action(ActionKind.DECLINE_SWAP)
CALL = Action(ActionKind.CALL)
DONE = Action(ActionKind.END_TURN)

HIDDEN = (None, None, None, None)


def replace(position: int) -> Action:
    """Put the card in hand at `position`."""
    return Action(ActionKind.REPLACE, position=position)


def peek(position: int) -> Action:
    """Use a PEEK on own `position`."""
    return Action(ActionKind.PEEK, position=position)


def swap(position: int, other_seat: int, other_position: int) -> Action:
    """Use a SWAP: own `position` for `other_seat`'s `other_position`."""
    return Action(
        ActionKind.SWAP, position=position, other_seat=other_seat, other_position=other_position
    )


def stacked(
    lines: Sequence[Sequence[int]], discard: int, draws: Sequence[int] = ()
) -> tuple[int, ...]:
    """The top of a deck that deals `lines` (seat 0 first), turns up `discard`, then `draws`."""
    for line in lines:
        assert len(line) == 4, "a line has four cards"
    return (*[card for line in lines for card in line], discard, *draws)


def table(
    level: str,
    lines: Sequence[Sequence[int]],
    discard: int,
    draws: Sequence[int] = (),
    *,
    seed: int = 7,
    **options: Any,
) -> Game:
    """A game at `level` with one seat per line and the deck stacked as given."""
    return new_game(
        level,
        len(lines),
        seed=seed,
        options={**options, "stacked_deck": stacked(lines, discard, draws)},
    )


def play(game: Game, *moves: Action) -> list[Event]:
    """Apply the moves in order; return every event they gave."""
    events: list[Event] = []
    for move in moves:
        events.extend(game.apply(move))
    return events


def phase(game: Game) -> Phase:
    """The game's phase, read afresh (a plain function, so type checkers do not carry an
    earlier comparison over to the next one)."""
    return game.phase


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of the events, as plain strings, for short assertions."""
    return [str(event.kind) for event in events]


def pass_move(game: Game) -> list[Event]:
    """Make a move that changes no line: draw, and throw away (or decline) what comes."""
    return game.apply(DRAW) + throw_away(game)


def throw_away(game: Game) -> list[Event]:
    """Finish a move without changing a line: discard or decline what is in hand (and what a
    DRAW 2 brings) until the move is done."""
    events: list[Event] = []
    while game.phase is not Phase.FINISH and not game.round_over:
        legal = game.legal_actions()
        if DECLINE in legal:
            events += game.apply(DECLINE)
        elif DISCARD in legal:
            events += game.apply(DISCARD)
        else:
            events += game.apply(DRAW)
    return events


def pass_turn(game: Game, *, call: bool = False) -> list[Event]:
    """A whole turn that changes no line, ending with a call or with "Done"."""
    events = pass_move(game)
    if game.round_over:
        return events
    return events + game.apply(CALL if call else DONE)


def play_round(game: Game) -> list[Event]:
    """Finish the round in play: the seat on turn calls at once, everyone else passes."""
    events = pass_turn(game, call=True)
    while not game.round_over:
        events += pass_turn(game)
    return events
