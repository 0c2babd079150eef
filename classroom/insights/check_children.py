"""Simulated children answering the number check, each with a known habit (tests, demo data).

On the line a child's tap follows a linear map (tap = numeral), a logarithmic map
(tap = line_max · ln(numeral) / ln(line_max): small numbers spread out) or no map at all
(anywhere on the line), plus normal noise of `noise` line units, kept on the line. In
"Which is more?" and "Find" a careful child is always right; the others tap at random.
Independent curves (ln(1 + n), a power curve, a two-line child, a reversed line, random taps
that fall) validate the fit: `python -m classroom.insights.check_children` prints how often
each is read as each shape (docs/number_check.md).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from enum import StrEnum

from .number_check import CheckAnswer, CheckItem, ItemKind, LineShape, line_fit, make_check


class CheckHabit(StrEnum):
    """How a simulated child answers."""

    LINEAR = "linear"  # even line, right comparisons and numerals
    LOGARITHMIC = "logarithmic"  # small numbers spread out; right comparisons and numerals
    RANDOM = "random"  # taps anywhere, picks at random
    LARGER = "larger"  # always picks the larger numeral; taps at random on the line
    # Independent curves, to validate the fit against shapes it does not fit itself
    # (docs/number_check.md, "What nine taps can and cannot tell"); comparisons and numerals
    # as LINEAR.
    LOG_ONE_PLUS = "log_one_plus"  # line_max · ln(1 + n) / ln(1 + line_max) (Siegler & Opfer)
    POWER = "power"  # line_max · (n / line_max) ** POWER_EXPONENT
    SEGMENTED = "segmented"  # two lines: steep up to a quarter of the numbers, then shallow
    REVERSED = "reversed"  # the line read from the wrong end: line_max - n
    FALLING = "falling"  # taps anywhere, which happen to fall as the numerals rise


POWER_EXPONENT = 0.5  # a compressed power curve, as in power models of estimation
SEGMENT_AT = 0.25  # SEGMENTED: the bend, as a share of line_max...
SEGMENT_HEIGHT = 0.6  # ...where the taps are this share of the way along


def curve_place(numeral: int, line_max: int, habit: CheckHabit) -> float:
    """Where a child whose line follows `habit`'s curve puts `numeral`, without noise."""
    n, end = float(numeral), float(line_max)
    if habit is CheckHabit.LOGARITHMIC:
        return logarithmic_place(numeral, line_max)
    if habit is CheckHabit.LOG_ONE_PLUS:
        return end * math.log1p(n) / math.log1p(end)
    if habit is CheckHabit.POWER:
        return end * float((n / end) ** POWER_EXPONENT)
    if habit is CheckHabit.SEGMENTED:
        bend = SEGMENT_AT * end
        if n <= bend:
            return SEGMENT_HEIGHT * end * n / bend
        return end * (SEGMENT_HEIGHT + (1 - SEGMENT_HEIGHT) * (n - bend) / (end - bend))
    if habit is CheckHabit.REVERSED:
        return end - n
    return n


def logarithmic_place(numeral: int, line_max: int) -> float:
    """Where a child with a logarithmic line puts `numeral` (1 at 0, line_max at the end)."""
    return line_max * math.log(numeral) / math.log(line_max)


def simulated_answer(
    item: CheckItem, habit: CheckHabit, rng: random.Random, noise: float
) -> CheckAnswer:
    """One answer of a simulated child with `habit` (noise in line units, for the line)."""
    if item.kind is ItemKind.LINE:
        end = item.line_max
        if habit in (CheckHabit.RANDOM, CheckHabit.LARGER, CheckHabit.FALLING):
            place = rng.uniform(0, end)
        else:
            place = curve_place(item.target, end, habit) + rng.gauss(0, noise)
        return CheckAnswer(item, min(end, max(0.0, place)))
    if habit is CheckHabit.RANDOM:
        return CheckAnswer(item, rng.choice(item.choices))
    return CheckAnswer(item, item.target)


def simulated_answers(
    items: Sequence[CheckItem], habit: CheckHabit, seed: int, noise: float = 0.5
) -> list[CheckAnswer]:
    """A whole check answered by a simulated child (seeded)."""
    rng = random.Random(seed)
    answers = [simulated_answer(item, habit, rng, noise) for item in items]
    if habit is CheckHabit.FALLING:
        # Random taps dealt out so that they fall: the largest tap to the smallest numeral.
        line = sorted((a for a in answers if a.item.kind is ItemKind.LINE), key=_target)
        taps = sorted((a.response for a in line), reverse=True)
        placed = {id(a): CheckAnswer(a.item, tap) for a, tap in zip(line, taps, strict=True)}
        answers = [placed.get(id(a), a) for a in answers]
    return answers


def _target(answer: CheckAnswer) -> int:
    """The numeral a line item asks for."""
    return answer.item.target


# The validation of docs/number_check.md: every curve, at each noise (a share of the line).
VALIDATION_HABITS = (
    CheckHabit.LINEAR,
    CheckHabit.LOGARITHMIC,
    CheckHabit.LOG_ONE_PLUS,
    CheckHabit.POWER,
    CheckHabit.SEGMENTED,
    CheckHabit.REVERSED,
    CheckHabit.FALLING,
    CheckHabit.RANDOM,
)
NOISES = (0.025, 0.05, 0.10)


def shape_rates(
    habit: CheckHabit, line_max: int, noise_share: float, runs: int = 1000
) -> dict[LineShape, float]:
    """The share of `runs` seeded checks (items and taps) read as each shape (no fit counts
    as no pattern)."""
    counts = dict.fromkeys(LineShape, 0)
    for seed in range(runs):
        items = make_check(seed, line_max)
        answers = simulated_answers(items, habit, seed, noise=noise_share * line_max)
        fit = line_fit(answers)
        counts[fit.shape if fit is not None else LineShape.NO_PATTERN] += 1
    return {shape: n / runs for shape, n in counts.items()}


def main(argv: Sequence[str] | None = None) -> None:
    """Print, for each curve, line and noise, how often the check reads each shape."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--runs", type=int, default=1000)
    args = parser.parse_args(argv)
    shapes = list(LineShape)
    print("| taps follow | line | noise | " + " | ".join(s.value for s in shapes) + " |")
    for habit in VALIDATION_HABITS:
        noises = NOISES if habit not in (CheckHabit.RANDOM, CheckHabit.FALLING) else (0.0,)
        for line_max in (10, 20):
            for noise in noises:
                rates = shape_rates(habit, line_max, noise, args.runs)
                cells = " | ".join(f"{rates[s]:.0%}" for s in shapes)
                shown = f"{noise:.1%}" if noise else "-"
                print(f"| {habit.value} | 0-{line_max} | {shown} | {cells} |")


if __name__ == "__main__":
    main()
