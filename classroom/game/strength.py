"""Print the strength table: each computer player against each other, and scores per level.

python -m classroom.game.strength [--games 2000] [--seed 0]
"""

from __future__ import annotations

import argparse
import itertools
import time
from dataclasses import dataclass

from .game import new_game
from .levels import Level
from .players import Personality, make_player
from .players.match import play_out


@dataclass
class Record:
    """One personality's results in a set of games."""

    games: int = 0
    wins: float = 0.0  # a shared win counts as a share
    points: int = 0

    @property
    def win_rate(self) -> float:
        """Share of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Mean round score."""
        return self.points / self.games if self.games else 0.0


def head_to_head(
    a: Personality, b: Personality, games: int, seed: int, level: Level = Level.STANDARD
) -> dict[Personality, Record]:
    """`games` seeded two-seat games; seats and the first seat alternate independently."""
    records = {a: Record(), b: Record()}
    for game_no in range(games):
        kinds = (a, b) if game_no % 2 == 0 else (b, a)
        game_seed = seed * 1_000_003 + game_no
        game = new_game(level, 2, seed=game_seed, options={"first_seat": (game_no // 2) % 2})
        players = [make_player(kind, f"{game_seed}/{i}") for i, kind in enumerate(kinds)]
        play_out(game, players)
        _score(game.round_scores(), game.round_winners(), kinds, records)
    return records


def per_level(games: int, seed: int) -> dict[Level, dict[Personality, Record]]:
    """All three personalities at one three-seat table per level.

    Seats take all six orders in turn: who sits after whom matters (a seat picks up what the
    seat before it throws away), so a fixed rotation would favour one player.
    """
    orders = list(itertools.permutations(Personality))
    table: dict[Level, dict[Personality, Record]] = {}
    for level in Level:
        records = {kind: Record() for kind in Personality}
        for game_no in range(games):
            kinds = orders[game_no % len(orders)]
            game_seed = seed * 1_000_003 + game_no
            first = (game_no // len(orders)) % 3
            game = new_game(level, 3, seed=game_seed, options={"first_seat": first})
            players = [make_player(kind, f"{game_seed}/{i}") for i, kind in enumerate(kinds)]
            play_out(game, players)
            _score(game.round_scores(), game.round_winners(), kinds, records)
        table[level] = records
    return table


def _score(
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    kinds: tuple[Personality, ...],
    records: dict[Personality, Record],
) -> None:
    """Add one game's result to the records."""
    for seat, kind in enumerate(kinds):
        record = records[kind]
        record.games += 1
        record.points += scores[seat]
        if seat in winners:
            record.wins += 1 / len(winners)


def main(argv: list[str] | None = None) -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"Head to head at Standard, 2 seats, {args.games} seeded games per pairing")
    print(f"{'pairing':<22} {'player':<10} {'win rate':>8} {'mean score':>11}")
    for a, b in itertools.combinations(list(Personality), 2):
        records = head_to_head(a, b, args.games, args.seed)
        for kind in (a, b):
            rec = records[kind]
            pairing = f"{a.label} v {b.label}" if kind is a else ""
            print(f"{pairing:<22} {kind.label:<10} {rec.win_rate:>8.1%} {rec.mean_score:>11.2f}")
    print()
    level_games = max(1, args.games // 2)
    print(
        f"Each level: one of each at a 3-seat table, {level_games} games, all seat orders"
        " (win rate / mean round score)"
    )
    table = per_level(level_games, args.seed)
    print(f"{'level':<14}" + "".join(f"{kind.label:>16}" for kind in Personality))
    for level, records in table.items():
        row = "".join(
            f"{records[kind].win_rate:>9.1%} {records[kind].mean_score:>6.2f}"
            for kind in Personality
        )
        print(f"{level.label:<14}{row}")
    print(f"\n({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
