"""Play a whole game with computer players in every seat (strength table, benchmark, tests)."""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from .base import ComputerPlayer

MAX_STEPS = 20_000  # a guard: no game of computer players comes near it


def play_out(game: Game, players: Sequence[ComputerPlayer]) -> Game:
    """Play `game` to its end, each seat's player seeing only its own SeatView."""
    steps = 0
    while True:
        seat = game.current_seat
        if seat is None:  # between rounds, or the end
            if game.game_over:
                return game
            game.start_next_round()
            continue
        legal = game.legal_actions()
        # With one legal move there is nothing to decide, so no view is built for it.
        game.apply(legal[0] if len(legal) == 1 else players[seat].choose(game.view(seat), legal))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError("The computer players did not finish the game")
