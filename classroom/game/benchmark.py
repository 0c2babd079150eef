"""Print full 4-seat Standard games per second in one process, for each computer player.

python -m classroom.game.benchmark [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from .actions import ActionKind
from .game import Game, new_game
from .levels import Level
from .players import Personality, make_player
from .players.match import play_out


def games_per_second(personality: Personality | None, seconds: float, level: Level) -> float:
    """Play seeded 4-seat games for about `seconds`; None plays uniformly random legal moves."""
    games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        game = new_game(level, 4, seed=games)
        if personality is None:
            _play_random(game, games)
        else:
            play_out(game, [make_player(personality, f"{games}/{seat}") for seat in range(4)])
        games += 1
    return games / (time.perf_counter() - started)


def _play_random(game: Game, seed: int) -> None:
    """Uniformly random legal moves, calling now and then: the engine's own cost."""
    rng = random.Random(seed)
    while not game.game_over:
        legal = game.legal_actions()
        seat = game.current_seat
        assert seat is not None
        game.view(seat)  # a player would look at its view before every move
        calling = legal[-1].kind is ActionKind.CALL and rng.random() < 0.1
        game.apply(legal[-1] if calling else rng.choice(legal))


def main(argv: list[str] | None = None) -> None:
    """Print games per second for each personality."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per personality")
    parser.add_argument("--level", default="standard")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per player; the best and the median are shown"
    )
    args = parser.parse_args(argv)
    level = Level.parse(args.level)
    print(f"Full 4-seat {level.label} games per second, one process, {args.repeat} runs each")
    print(f"{'players':<20} {'best':>8} {'median':>8}")
    for personality in [*Personality, None]:
        rates = sorted(
            games_per_second(personality, args.seconds, level) for _ in range(args.repeat)
        )
        name = "random legal moves" if personality is None else personality.label
        print(f"{name:<20} {rates[-1]:>8.0f} {rates[len(rates) // 2]:>8.0f}  games/s")


if __name__ == "__main__":
    main()
