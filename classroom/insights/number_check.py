"""The two-minute number check outside the game: its items and its measures (docs/number_check.md).

Three short tasks after Siegler and Ramani (2008, 2009): place a numeral on a number line,
say which of two numerals is more, find a spoken numeral among four. `make_check` deals the
items from a seed; the measures take the answers: percent absolute error and the linear
against logarithmic fit of the line taps, comparison accuracy by distance beside chance, and
numerals found. Pure: no Flask, no database.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .measures import Rate, rate

# The numerals placed on each line: 1-9 once each on 0-10; on 0-20 ten numerals, more of them
# small (as Siegler and Booth chose on 0-100), since that is where a logarithmic line bends.
LINE_NUMERALS: dict[int, tuple[int, ...]] = {
    10: (1, 2, 3, 4, 5, 6, 7, 8, 9),
    20: (1, 2, 3, 4, 5, 7, 9, 12, 15, 18),
}
LINE_ENDS = tuple(LINE_NUMERALS)
COMPARE_DISTANCES = (1, 2, 3, 4, 5)
COMPARE_HIGHEST = 9  # "Which is more?" uses the numerals 0-9
FIND_NUMERALS = tuple(range(1, 11))  # "Find the number": 1-10, as Siegler and Ramani did
FIND_ITEMS = 6
FIND_CHOICES = 4
FIND_FOILS = tuple(range(0, 11))
# The numerals to find and their foils, as words (CheckItem.grown_up_words).
# fmt: off
NUMBER_NAMES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
)
# fmt: on

# A figure from one check needs this many answers (see Rate): a line fit from fewer than five
# taps says nothing; each distance has two comparisons in a check.
MIN_LINE_TAPS = 5
MIN_CHECK_COMPARISONS = 10
MIN_CHECK_DISTANCE = 2
MIN_FOUND = FIND_ITEMS
# Below this share of the taps' spread explained by either curve, the taps show no pattern
# (a random tapper's best R² is under 0.6 in about 98 % of checks: tests/insights).
MIN_PATTERN_R2 = 0.6
# Taps this close to an end of the line (a share of its length) are "at an end"; when this
# share of a check's taps or more are, the child sorted the numerals into small and big, and
# no curve through two piles says how they see the numbers between (a straight line through
# them would call such a child even, ruler-like).
AT_AN_END = 0.05
MOSTLY_AT_THE_ENDS = 0.75
COMPARE_CHANCE = 0.5
FIND_CHANCE = 1 / FIND_CHOICES
ABOVE_CHANCE_P = 0.05  # one-sided exact binomial test


class ItemKind(StrEnum):
    """The three tasks of the check, in the order a child meets them."""

    LINE = "line"
    COMPARE = "compare"
    FIND = "find"


@dataclass(frozen=True, slots=True)
class CheckItem:
    """One item: its place in the check, its task, the numeral asked about and what is shown.

    `target` is the numeral to place, the larger of the two, or the numeral to find;
    `choices` is () for the line, (left, right) for a comparison, the four numerals shown
    (left to right) for "find"."""

    number: int
    kind: ItemKind
    target: int
    choices: tuple[int, ...]
    line_max: int

    @property
    def distance(self) -> int | None:
        """How far apart the two numerals of a comparison are (None for other tasks)."""
        if self.kind is not ItemKind.COMPARE:
            return None
        return abs(self.choices[0] - self.choices[1])

    def words(self) -> str:
        """What the item says aloud (and shows for a grown-up): the task with its numerals."""
        if self.kind is ItemKind.LINE:
            return f"{self.target}. Where does {self.target} go on the line?"
        if self.kind is ItemKind.COMPARE:
            left, right = self.choices
            return f"{left} or {right}. Which is more?"
        return f"Find {self.target}."

    @property
    def number_name(self) -> str:
        """The numeral to find written as a word ("two"), for a grown-up to read it out; ""
        for another kind of item, or a numeral with no name here."""
        if self.kind is ItemKind.FIND and 0 <= self.target < len(NUMBER_NAMES):
            return NUMBER_NAMES[self.target]
        return ""

    def grown_up_words(self) -> str:
        """What a grown-up reads to the child when the device has no sound: a numeral to
        find is written as a word ("Find two."), since a child matching the written "2" to
        the "2" button would be found knowing a name they may not know."""
        if self.kind is ItemKind.FIND and 0 <= self.target < len(NUMBER_NAMES):
            return f"Find {NUMBER_NAMES[self.target]}."
        return self.words()


def make_check(seed: int, line_max: int = 10) -> tuple[CheckItem, ...]:
    """The items of one check, dealt from `seed`: the line, then "Which is more?", then "Find".

    Line: the numerals of LINE_NUMERALS[line_max], each once, in a random order. Which is
    more: two pairs at each distance 1-5 from 0-9, the larger on the left in one and on the
    right in the other, in a random order. Find: FIND_ITEMS numerals of 1-10, each among
    three others of 0-10."""
    if line_max not in LINE_NUMERALS:
        raise ValueError(f"the number line runs 0-10 or 0-20, not 0-{line_max}")
    rng = random.Random(seed)
    line = list(LINE_NUMERALS[line_max])
    rng.shuffle(line)
    pairs: list[tuple[int, int]] = []
    for distance in COMPARE_DISTANCES:
        for larger_left in (True, False):
            smaller = rng.randint(0, COMPARE_HIGHEST - distance)
            larger = smaller + distance
            pairs.append((larger, smaller) if larger_left else (smaller, larger))
    rng.shuffle(pairs)
    found = rng.sample(FIND_NUMERALS, FIND_ITEMS)
    items: list[CheckItem] = []
    for target in line:
        items.append(CheckItem(len(items), ItemKind.LINE, target, (), line_max))
    for left, right in pairs:
        items.append(CheckItem(len(items), ItemKind.COMPARE, max(left, right), (left, right), 0))
    for target in found:
        foils = rng.sample([n for n in FIND_FOILS if n != target], FIND_CHOICES - 1)
        shown = [target, *foils]
        rng.shuffle(shown)
        items.append(CheckItem(len(items), ItemKind.FIND, target, tuple(shown), 0))
    return tuple(items)


@dataclass(frozen=True, slots=True)
class CheckAnswer:
    """A child's answer to one item: where they tapped on the line (0..line_max), or the
    numeral they tapped."""

    item: CheckItem
    response: float

    @property
    def correct(self) -> bool | None:
        """Right or not, for a comparison or "find"; None for the line (it has an error)."""
        if self.item.kind is ItemKind.LINE:
            return None
        return int(self.response) == self.item.target

    @property
    def error(self) -> float | None:
        """How far from the true place the tap was, in line units (None off the line)."""
        if self.item.kind is not ItemKind.LINE:
            return None
        return abs(self.response - self.item.target)


def check_answer(item: CheckItem, response: float) -> CheckAnswer:
    """An answer, checked against its item: a tap on the line, or one of the numerals shown."""
    if item.kind is ItemKind.LINE:
        if not 0 <= response <= item.line_max:
            raise ValueError(f"a place on the line is between 0 and {item.line_max}")
    elif response not in item.choices:
        raise ValueError("that numeral was not one of the choices")
    return CheckAnswer(item, response)


def line_taps(answers: Sequence[CheckAnswer]) -> list[tuple[int, float]]:
    """The (numeral, place tapped) pairs of the line items, in the order answered."""
    return [(a.item.target, a.response) for a in answers if a.item.kind is ItemKind.LINE]


def percent_absolute_error(answers: Sequence[CheckAnswer]) -> float | None:
    """Siegler's PAE: the mean of |tap - numeral| / line length, in percent (None: no taps)."""
    taps = [(a.error, a.item.line_max) for a in answers if a.error is not None]
    if not taps:
        return None
    return 100 * sum(error / line_max for error, line_max in taps) / len(taps)


class LineShape(StrEnum):
    """Which curve fits a child's taps better, or neither; a shape is only named for taps
    that rise with the numerals."""

    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    REVERSED = "reversed"  # the taps fall as the numerals rise: "runs the other way"
    NO_PATTERN = "no_pattern"


# A rise smaller than this share of the true one (the straight line's slope; 1 is an even
# line) is flat: the taps bunch in one place whatever the numeral, whatever R² says.
FLAT_SLOPE = 0.2


@dataclass(frozen=True, slots=True)
class LineFit:
    """R² of the best straight line and of the best a + b·ln(numeral) curve through the taps,
    which is better, and the straight line's slope (1 is a perfectly even line)."""

    r2_linear: float
    r2_log: float
    slope: float
    intercept: float
    taps: int
    at_the_ends: int = 0  # taps within AT_AN_END of either end of the line

    @property
    def shape(self) -> LineShape:
        """Linear or logarithmic, whichever explains more, only for taps that rise with the
        numerals (R² alone is blind to the direction: a line tapped backwards fits a straight
        line as well as one tapped forwards). Taps that fall, with a pattern, run the other
        way; no pattern when neither curve explains MIN_PATTERN_R2 of the spread, when the
        taps are mostly at the two ends, or when they hardly rise (FLAT_SLOPE)."""
        if max(self.r2_linear, self.r2_log) < MIN_PATTERN_R2:
            return LineShape.NO_PATTERN
        if self.at_the_ends >= MOSTLY_AT_THE_ENDS * self.taps:
            return LineShape.NO_PATTERN
        if self.slope <= -FLAT_SLOPE:
            return LineShape.REVERSED
        if self.slope < FLAT_SLOPE:
            return LineShape.NO_PATTERN
        return LineShape.LINEAR if self.r2_linear >= self.r2_log else LineShape.LOGARITHMIC


def r_squared(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The share of the spread of `ys` that the least-squares line on `xs` explains (0-1)."""
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    syy = sum((y - mean_y) ** 2 for y in ys)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    if sxx == 0 or syy == 0:
        return 0.0
    return sxy * sxy / (sxx * syy)


def line_fit(answers: Sequence[CheckAnswer]) -> LineFit | None:
    """The linear and logarithmic fits of the line taps (None below MIN_LINE_TAPS taps)."""
    taps = line_taps(answers)
    if len(taps) < MIN_LINE_TAPS or len({n for n, _ in taps}) < 3:
        return None
    xs = [float(n) for n, _ in taps]
    ys = [p for _, p in taps]
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / sxx
    return LineFit(
        r2_linear=r_squared(xs, ys),
        r2_log=r_squared([math.log(x) for x in xs], ys),
        slope=slope,
        intercept=mean_y - slope * mean_x,
        taps=n,
        at_the_ends=sum(
            min(a.response, a.item.line_max - a.response) <= AT_AN_END * a.item.line_max
            for a in answers
            if a.item.kind is ItemKind.LINE
        ),
    )


def binomial_above_chance(hits: int, chances: int, chance: float) -> bool:
    """Is `hits` of `chances` above what guessing at `chance` gives (one-sided exact test at
    ABOVE_CHANCE_P)?"""
    if chances == 0:
        return False
    p = sum(
        math.comb(chances, k) * chance**k * (1 - chance) ** (chances - k)
        for k in range(hits, chances + 1)
    )
    return p < ABOVE_CHANCE_P


def comparisons(answers: Sequence[CheckAnswer]) -> Rate:
    """Comparisons right of all answered."""
    judged = [a for a in answers if a.item.kind is ItemKind.COMPARE]
    return rate(sum(bool(a.correct) for a in judged), len(judged), MIN_CHECK_COMPARISONS)


def comparisons_by_distance(answers: Sequence[CheckAnswer]) -> dict[int, Rate]:
    """Comparisons right at each distance 1-5."""
    out: dict[int, Rate] = {}
    for distance in COMPARE_DISTANCES:
        judged = [a for a in answers if a.item.distance == distance]
        out[distance] = rate(sum(bool(a.correct) for a in judged), len(judged), MIN_CHECK_DISTANCE)
    return out


def distance_effect(answers: Sequence[CheckAnswer]) -> float | None:
    """Share right at distances 4-5 minus share right at distances 1-2 (positive: close
    numerals are harder, the classic distance effect). None until both have answers."""
    near = [a for a in answers if a.item.distance in (1, 2)]
    far = [a for a in answers if a.item.distance in (4, 5)]
    if not near or not far:
        return None
    return _share_right(far) - _share_right(near)


def _share_right(answers: Sequence[CheckAnswer]) -> float:
    return sum(bool(a.correct) for a in answers) / len(answers)


def numerals_found(answers: Sequence[CheckAnswer]) -> Rate:
    """Spoken numerals found among four."""
    judged = [a for a in answers if a.item.kind is ItemKind.FIND]
    return rate(sum(bool(a.correct) for a in judged), len(judged), MIN_FOUND)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """Every measure of one check."""

    answered: int
    items: int
    pae: float | None
    fit: LineFit | None
    comparisons: Rate
    by_distance: dict[int, Rate]
    distance_effect: float | None
    found: Rate

    @property
    def comparisons_above_chance(self) -> bool:
        """Comparisons right more often than a coin flip would give (exact binomial test)."""
        c = self.comparisons
        return binomial_above_chance(c.hits, c.chances, COMPARE_CHANCE)

    @property
    def found_above_chance(self) -> bool:
        """Numerals found more often than tapping one of four at random would give."""
        f = self.found
        return binomial_above_chance(f.hits, f.chances, FIND_CHANCE)


def check_result(items: Sequence[CheckItem], answers: Sequence[CheckAnswer]) -> CheckResult:
    """The measures of one check from its items and the answers given so far."""
    return CheckResult(
        answered=len(answers),
        items=len(items),
        pae=percent_absolute_error(answers),
        fit=line_fit(answers),
        comparisons=comparisons(answers),
        by_distance=comparisons_by_distance(answers),
        distance_effect=distance_effect(answers),
        found=numerals_found(answers),
    )


@dataclass(frozen=True, slots=True)
class CheckChange:
    """The first check against the latest: each measure's change (None where either lacks it).

    `pae` falls as a child's line gets better; the shares rise."""

    pae: float | None
    comparisons: float | None
    found: float | None
    first_shape: LineShape | None
    latest_shape: LineShape | None


def _difference(first: float | None, latest: float | None) -> float | None:
    return None if first is None or latest is None else latest - first


def check_change(first: CheckResult, latest: CheckResult) -> CheckChange:
    """How the latest check differs from the first."""
    return CheckChange(
        pae=_difference(first.pae, latest.pae),
        comparisons=_difference(first.comparisons.value, latest.comparisons.value),
        found=_difference(first.found.value, latest.found.value),
        first_shape=first.fit.shape if first.fit else None,
        latest_shape=latest.fit.shape if latest.fit else None,
    )


def fit_sentence(fit: LineFit | None, figures: bool = True) -> str:
    """The fit in a sentence a teacher can read; without `figures` (a parent's report) the
    R² values are left out."""
    if fit is None:
        return f"Not enough taps on the line yet (a fit needs {MIN_LINE_TAPS})."
    shape = fit.shape
    # R² in words a teacher reads ("R² 0.94 straight" means nothing to most teachers).
    r2 = (
        f"(how well each fits, 1 being perfect: straight {fit.r2_linear:.2f}, "
        f"curved {fit.r2_log:.2f})"
    )
    return _fit_words(shape, f" {r2}" if figures else "")


def _fit_words(shape: LineShape, figures: str) -> str:
    if shape is LineShape.LINEAR:
        return (
            "A straight line fits the taps best: the numbers are spaced evenly, as on a ruler"
            f"{figures}."
        )
    if shape is LineShape.LOGARITHMIC:
        return (
            "A logarithmic curve fits the taps best: small numbers are spread out and large "
            f"ones squeezed together at the end, as young children often place them{figures}."
        )
    if shape is LineShape.REVERSED:
        return (
            "The taps run the other way: the bigger the number, the nearer to 0 it was put "
            f"(the line read from the wrong end){figures}."
        )
    return (
        "Neither a straight line nor a curve fits the taps: they do not yet follow the size of "
        f"the numbers{figures}."
    )
