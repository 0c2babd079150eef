"""Numerals and adding at the end of a round (DESIGN.md, "Insights"): cubes placed per numeral,
and the typed total against the true total.

Cubes are judged as the child first placed them (`CountRecord.cubes`, before any "count
again" hint), the total as first typed (`CountRecord.typed_total`); the hints shown are a
figure of their own (`hints`). The 0 card gets no cubes and is not judged; numerals 1-9 are.
No chance level: a stack or a total is typed, not picked from a few options, so tapping at
random gets next to nothing right (docs/insights.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from .measures import MIN_CUBES, MIN_NUMERAL, MIN_TOTALS, Flag, FlagKind, Mean, Rate, rate
from .tallies import NUMERALS, Sums

__all__ = ["NUMERALS"]  # its home is tallies.py

MISCOUNTED = 0.75  # a numeral is "miscounted" when its stacks are right less often than this
CUBES_FLAG = 0.9  # the counting flag: fewer stacks than this right overall
ADDING_FLAG = 0.9  # the adding flag: fewer typed totals than this exactly right


@dataclass(frozen=True, slots=True)
class Numerals:
    """Cube stacks right overall and per numeral 1-9, the miscounted numerals, and the flag."""

    overall: Rate
    per_numeral: dict[int, Rate]
    miscounted: tuple[int, ...]  # numerals with enough stacks that are right too seldom
    flag: Flag | None


def numerals_of(sums: Sums) -> Numerals:
    """Cubes placed per numeral, from tallies."""
    per = {n: sums.rate(f"stack:{n}", MIN_NUMERAL) for n in NUMERALS}
    miscounted = tuple(n for n, r in per.items() if r.value is not None and r.value < MISCOUNTED)
    overall = rate(
        sum(r.hits for r in per.values()), sum(r.chances for r in per.values()), MIN_CUBES
    )
    flag = None
    if overall.value is not None and overall.value < CUBES_FLAG:
        which = ", ".join(str(n) for n in miscounted) or "no one numeral"
        flag = Flag(
            FlagKind.COUNTING,
            f"Cube stacks matched their card {overall.text()} times; most often wrong: {which}.",
        )
    return Numerals(overall, per, miscounted, flag)


@dataclass(frozen=True, slots=True)
class Adding:
    """Typed totals: exactly right, off by one, the mean error, and the flag."""

    exact: Rate
    off_by_one: Rate
    mean_error: Mean  # mean absolute difference from the true total
    flag: Flag | None


def adding_of(sums: Sums) -> Adding:
    """Typed totals against true totals, from tallies."""
    exact = sums.rate("total", MIN_TOTALS)
    off_by_one = sums.rate("total:off1", MIN_TOTALS)
    mean_error = sums.mean("total:err", MIN_TOTALS)
    flag = None
    if exact.value is not None and exact.value < ADDING_FLAG:
        flag = Flag(
            FlagKind.ADDING,
            f"Typed the right total {exact.text()} times ({off_by_one.hits} off by one).",
        )
    return Adding(exact, off_by_one, mean_error, flag)


@dataclass(frozen=True, slots=True)
class Hints:
    """How often "count again" was shown: for the cube bars, and for the typed total."""

    cubes: Rate  # rounds counted with cubes where a stack did not match at first
    total: Rate  # rounds with a typed total where the first total was wrong


def hints_of(sums: Sums) -> Hints:
    """Rounds where "count again" was shown, from tallies."""
    return Hints(sums.rate("hint:cubes", MIN_TOTALS), sums.rate("hint:total", MIN_TOTALS))
