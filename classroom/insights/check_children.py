"""Simulated children answering the number check, each with a known habit (tests, demo data).

On the line a child's tap follows a linear map (tap = numeral), a logarithmic map
(tap = line_max · ln(numeral) / ln(line_max): small numbers spread out) or no map at all
(anywhere on the line), plus normal noise of `noise` line units, kept on the line. In
"Which is more?" and "Find" a careful child is always right; the others tap at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from enum import StrEnum

from .number_check import CheckAnswer, CheckItem, ItemKind


class CheckHabit(StrEnum):
    """How a simulated child answers."""

    LINEAR = "linear"  # even line, right comparisons and numerals
    LOGARITHMIC = "logarithmic"  # small numbers spread out; right comparisons and numerals
    RANDOM = "random"  # taps anywhere, picks at random
    LARGER = "larger"  # always picks the larger numeral; taps at random on the line


def logarithmic_place(numeral: int, line_max: int) -> float:
    """Where a child with a logarithmic line puts `numeral` (1 at 0, line_max at the end)."""
    return line_max * math.log(numeral) / math.log(line_max)


def simulated_answer(
    item: CheckItem, habit: CheckHabit, rng: random.Random, noise: float
) -> CheckAnswer:
    """One answer of a simulated child with `habit` (noise in line units, for the line)."""
    if item.kind is ItemKind.LINE:
        end = item.line_max
        if habit is CheckHabit.LINEAR:
            place = item.target + rng.gauss(0, noise)
        elif habit is CheckHabit.LOGARITHMIC:
            place = logarithmic_place(item.target, end) + rng.gauss(0, noise)
        else:
            place = rng.uniform(0, end)
        return CheckAnswer(item, min(end, max(0.0, place)))
    if habit is CheckHabit.RANDOM:
        return CheckAnswer(item, rng.choice(item.choices))
    return CheckAnswer(item, item.target)


def simulated_answers(
    items: Sequence[CheckItem], habit: CheckHabit, seed: int, noise: float = 0.5
) -> list[CheckAnswer]:
    """A whole check answered by a simulated child (seeded)."""
    rng = random.Random(seed)
    return [simulated_answer(item, habit, rng, noise) for item in items]
