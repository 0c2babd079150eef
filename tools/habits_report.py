"""The figures of docs/insights.md about the simulated children (classroom/insights/simulate.py):
how many games each habit needs before the insights tell it apart, and, per habit, accuracy
against chance, calls against chance, or discrimination and bias.

    .venv/bin/python -m tools.habits_report [--seeds 10] [--games 20]
    .venv/bin/python -m tools.habits_report --chance [--habit random] [--seats 2]
    .venv/bin/python -m tools.habits_report --calling [--habit calls_first]
    .venv/bin/python -m tools.habits_report --telling --seeds 30 --games 20

Pure Python (no database); prints one line per habit and level (or table size).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from classroom.game import Level
from classroom.game.players.habits import Habit
from classroom.insights import FlagKind
from classroom.insights.simulate import games_needed, habit_summary, shows_at

# The habits of docs/insights.md's table "Telling which card is lower", in its order.
TELLING_HABITS = (
    Habit.REPLACES_HIGHEST,
    Habit.ALWAYS_KEEPS,
    Habit.REPLACES_RATS,
    Habit.RANDOM,
    Habit.CORRECT,
    Habit.SMALL_DISTANCES,
    Habit.IMPROVING,
)


def against_chance(
    habit: Habit | str, level: Level | str, *, seeds: int = 10, games: int = 20, seats: int = 2
) -> str:
    """One line: per seed, comparisons right against their chance level, how many seeds were
    clearly above chance, told to move up, flagged for cat versus rat, and the near (1-2
    apart) and far (3 or more) comparisons against their chance levels, summed over seeds."""
    right = chances = above = up = cats = 0
    chance = 0.0
    near = [0, 0, 0.0]
    far = [0, 0, 0.0]
    for seed in range(seeds):
        summary = habit_summary(habit, level, games, seed=seed, seats=seats)
        accuracy = summary.accuracy
        right += accuracy.hits
        chances += accuracy.chances
        chance += accuracy.chance or 0.0
        above += accuracy.above_chance is True
        up += summary.recommendation.move.value == "up"
        cats += any(f.kind is FlagKind.CAT_VERSUS_RAT for f in summary.flags)
        for group, into in (("1", near), ("2", near), ("3", far), ("4+", far)):
            found = summary.by_distance[group]
            into[0] += found.hits
            into[1] += found.chances
            into[2] += found.chance or 0.0
    return (
        f"{Habit(habit).value:<16} {Level.parse(level).value:<11} right {right / chances:.0%}"
        f" by chance {chance / chances:.0%} ({chances / seeds:.0f} comparisons a child);"
        f" above chance {above} of {seeds}; move up {up}; cat flag {cats};"
        f" 1-2 apart {near[0] / max(near[1], 1):.0%} (chance {near[2] / max(near[1], 1):.0%}),"
        f" 3+ apart {far[0] / max(far[1], 1):.0%} (chance {far[2] / max(far[1], 1):.0%})"
    )


def calling_at(
    habit: Habit | str,
    seats: int,
    *,
    level: Level | str = Level.ULTRA_PEEK,
    seeds: int = 10,
    games: int = 20,
) -> str:
    """One line: a habit's calls at a table of `seats`, summed over seeds: lowest at the call
    against the chance of being lowest at that table, called rounds won, and how many seeds
    carry the calling flag."""
    calls = lowest = won = called_rounds = flagged = 0
    chance = 0.0
    for seed in range(seeds):
        summary = habit_summary(habit, level, games, seed=seed, seats=seats)
        found = summary.calling
        calls += found.lowest_at_call.chances
        lowest += found.lowest_at_call.hits
        chance += (found.chance or 0.0) * found.lowest_at_call.chances
        won += found.won.hits
        called_rounds += found.won.chances
        flagged += found.flag is not None
    return (
        f"{Habit(habit).value:<16} {seats} seats  lowest at the call {lowest / max(calls, 1):.0%}"
        f" (by chance {chance / max(calls, 1):.0%}, {calls / seeds:.0f} calls a child);"
        f" won {won / max(called_rounds, 1):.0%} of called rounds; flagged {flagged} of {seeds}"
    )


def telling_row(habit: Habit | str, level: Level | str, *, seeds: int = 30, games: int = 20) -> str:
    """One row of docs/insights.md's table of validation habits: over `seeds` children of
    `games` games each, the drawn cards put in (lower, higher; summed), the median d' and c,
    how many children read as telling which card is lower, the teacher's words most often
    given, and the next steps."""
    hits = signal = alarms = noise = tells = 0
    d_primes: list[float] = []
    biases: list[float] = []
    words: dict[str, int] = {}
    moves: dict[str, int] = {}
    for seed in range(seeds):
        summary = habit_summary(habit, level, games, seed=seed)
        told = summary.telling
        found = told.overall
        hits += found.hits
        signal += found.signal
        alarms += found.false_alarms
        noise += found.noise
        tells += told.tells is True
        if found.d_prime is not None and found.bias is not None:
            d_primes.append(found.d_prime)
            biases.append(found.bias)
        verdict = told.verdict().split(" (")[0]
        words[verdict] = words.get(verdict, 0) + 1
        move = summary.recommendation.move.value
        moves[move] = moves.get(move, 0) + 1

    def median(values: list[float]) -> str:
        return f"{sorted(values)[len(values) // 2]:.1f}" if values else "-"

    common = max(words.items(), key=lambda item: item[1])[0]
    steps = ", ".join(f"{m} {n}" for m, n in sorted(moves.items()))
    return (
        f"| {Habit(habit).value} | {Level.parse(level).label} | {hits / max(signal, 1):.0%} "
        f"| {alarms / max(noise, 1):.0%} | {median(d_primes)} | {median(biases)} "
        f"| {tells} of {seeds} | {common} ({words[common]} of {seeds}) | {steps} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Print how many games each habit needs before the insights tell it apart."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", type=int, default=2, help="seats at the table (--chance)")
    parser.add_argument(
        "--chance", action="store_true", help="accuracy against chance per habit instead"
    )
    parser.add_argument(
        "--calling", action="store_true", help="calls against chance at 2, 3 and 4 seats instead"
    )
    parser.add_argument(
        "--telling",
        action="store_true",
        help="discrimination, bias, words and next step of the validation habits instead",
    )
    parser.add_argument("--habit", action="append", help="only these habits (--chance, --calling)")
    args = parser.parse_args(argv)
    habits = [Habit(h) for h in args.habit] if args.habit else list(Habit)
    if args.telling:
        chosen = habits if args.habit else TELLING_HABITS
        for habit in chosen:
            for level in (Level.ULTRA_PEEK, Level.PEEK):
                print(telling_row(habit, level, seeds=args.seeds, games=args.games))
        return
    if args.calling:
        for habit in habits:
            for seats in (2, 3, 4):
                print(calling_at(habit, seats, seeds=args.seeds, games=args.games))
        return
    if args.chance:
        for habit in habits:
            for level in (Level.ULTRA_PEEK, Level.PEEK):
                print(
                    against_chance(
                        habit, level, seeds=args.seeds, games=args.games, seats=args.seats
                    )
                )
        return
    for habit in Habit:
        for level in Level:
            if shows_at(habit, level) is None:
                print(f"{habit.value:<11} {level.value:<13} (not judged)")
                continue
            needed = games_needed(habit, level, seeds=args.seeds, max_games=args.games)
            found = sorted(n for n in needed if n is not None)
            missed = len(needed) - len(found)
            within_20 = sum(n <= 20 for n in found)
            median = found[len(found) // 2] if found else "-"
            print(
                f"{habit.value:<11} {level.value:<13} median {median}"
                f"  worst {'>' + str(args.games) if missed else found[-1]}"
                f"  told apart within 20 games: {within_20} of {len(needed)} seeds"
            )


if __name__ == "__main__":
    main()
