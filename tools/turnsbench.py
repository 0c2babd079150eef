"""Choices a child makes per game, and per minute of play, with and without the table's
pacing for a child (classroom/tables/calling.py: computer players do not call before the
child has had the level's number of turns). Computer against computer: seat 0 stands for the
child and is played by Kitten (the beginner, who forgets); the others are Top Cat and Tabby.
A game is one round, as a child's assignment has by default.

    .venv/bin/python -m tools.turnsbench [--games 300] [--seats 2]

Per minute uses a time model, not a clock: SECONDS_PER_CHOICE for each of the child's choices
and SECONDS_PER_COMPUTER_TURN for each computer player's turn (tools/waitbench.py measured
2.87 s per computer player at the default pace, docs/play.md).
"""

from __future__ import annotations

import argparse
import statistics

from classroom.game import ActionKind, Game, new_game
from classroom.game.players import make_player
from classroom.tables.calling import LEVEL_TURNS

SECONDS_PER_CHOICE = 4.0  # a five-year-old's tap, after hearing the step read aloud
SECONDS_PER_COMPUTER_TURN = 2.87  # measured by tools/waitbench.py
COMPUTERS = ["strong", "solid", "strong"]


def play(level: str, seats: int, seed: int, hold: int) -> tuple[int, int, int]:
    """One game: the child's choices (every tap that plays: draw, place, PEEK, "Done"...),
    the child's turns, and the computer players' turns."""
    game: Game = new_game(level, seats, seed=f"turns:{seed}", options={"power_cards": True})
    players = [make_player("beginner", seed=f"{seed}:0")] + [
        make_player(COMPUTERS[i - 1], seed=f"{seed}:{i}") for i in range(1, seats)
    ]
    choices = turns = computer_turns = 0
    for _ in range(2000):
        if game.round_over:
            break
        seat = game.current_seat
        assert seat is not None
        legal = game.legal_actions()
        if seat != 0:
            due = game.view(0).turns_taken[0] < hold
            held = [a for a in legal if a.kind is not ActionKind.CALL]
            if due and held:
                legal = held
        action = players[seat].choose(game.view(seat), legal)
        if seat == 0:
            choices += 1
            turns += action.kind in (ActionKind.END_TURN, ActionKind.CALL)
        elif action.kind in (ActionKind.END_TURN, ActionKind.CALL):
            computer_turns += 1
        game.apply(action, seat=seat)
    return choices, turns, computer_turns


def main() -> None:
    """Print the choices per game and per minute at each level, before and after."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.games} games of one round, {args.seats} seats (the child is seat 0)")
    print("level         hold  choices/game (median, mean)  turns/game (mean, <=2)  choices/minute")
    for level, turns in LEVEL_TURNS.items():
        for hold in (0, turns):
            games = [play(level, args.seats, seed, hold) for seed in range(args.games)]
            choices = [c for c, _, _ in games]
            turns = [t for _, t, _ in games]
            short = sum(t <= 2 for t in turns) / len(turns)
            minutes = (
                sum(c * SECONDS_PER_CHOICE + t * SECONDS_PER_COMPUTER_TURN for c, _, t in games)
                / 60
            )
            print(
                f"{level:<13} {hold:>4}  {statistics.median(choices):>6.1f} "
                f"{statistics.mean(choices):>6.1f}              {statistics.mean(turns):>5.1f} "
                f"{short:>5.0%}            {sum(choices) / minutes:>6.1f}"
            )


if __name__ == "__main__":
    main()
