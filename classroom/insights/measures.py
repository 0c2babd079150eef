"""The shapes every insight returns: a share or a mean with the chances behind it, and a flag.

No figure is given from too few chances: a `Rate` or `Mean` below its minimum has `value`
None and says "not enough yet: 3 of 10 chances". The minimums live here, one per kind of
figure, so that docs/insights.md, every page, chart, report and CSV quote the same one.

A comparison figure also carries its chance level: what tapping at random among the same
options would have got right, summed over the same chances (`Rate.chance`), and a one-sided
binomial test of the hits against it (`Rate.above_chance`, docs/insights.md says why).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from math import exp, lgamma, log

# How many chances a figure needs before it is shown (docs/insights.md explains each).
MIN_COMPARISONS = 10  # comparison accuracy overall, both kinds of error, share of best
MIN_GROUP = 5  # one distance, one ratio group or one family pair, whatever page shows it
MIN_MEMORY = 8  # choices that needed memory (Standard, Outside Peek's middle cards)
MIN_TURNS = 10  # turns at a Peek level, for looks per turn
MIN_SWAPS = 3  # swaps made, for swap targeting
MIN_NUMERAL = 3  # cube stacks of one numeral
MIN_CUBES = 12  # cube stacks in all
MIN_TOTALS = 5  # typed totals, and rounds counted for the use of "count again"
MIN_CALLS = 5  # calls of "Rat-a-Tat-Cat"
MIN_READINESS = 20  # comparisons in the recent window before moving a child up or down
MIN_GRID_CELL = 3  # class grid: comparisons of one (hand, highest known) pair

# Chance levels are summed in sixtieths: a choice has at most 5 options (4 cards and the
# DISCARD pile), so its share of right options is a whole number of sixtieths.
CHANCE_SCALE = 60
# Above chance: tapping at random would do this well or better less often than this.
ABOVE_CHANCE = 0.05
# Below chance, the same level on the other side: tapping at random would do this badly or
# worse less often than this (a systematic habit, not luck; docs/insights.md).
BELOW_CHANCE = ABOVE_CHANCE
# The pages' words for a figure that is not clearly above chance, one for each side.
AT_WORDS = "about what tapping at random would give"
BELOW_WORDS = "fewer right than tapping at random would give"


def binomial_tail(hits: int, chances: int, share: float) -> float:
    """The chance of `hits` or more of `chances` right when each is right with `share`."""
    if hits <= 0:
        return 1.0
    if share <= 0.0:
        return 0.0
    if share >= 1.0:
        return 1.0
    logs = (
        lgamma(chances + 1)
        - lgamma(k + 1)
        - lgamma(chances - k + 1)
        + k * log(share)
        + (chances - k) * log(1 - share)
        for k in range(hits, chances + 1)
    )
    return min(1.0, sum(exp(x) for x in logs))


def binomial_lower_tail(hits: int, chances: int, share: float) -> float:
    """The chance of `hits` or fewer of `chances` right when each is right with `share`."""
    if hits >= chances:
        return 1.0
    if hits < 0:
        return 0.0
    return max(0.0, 1.0 - binomial_tail(hits + 1, chances, share))


@dataclass(frozen=True, slots=True)
class Rate:
    """`hits` of `chances`; a share only once `chances` reaches `minimum`."""

    hits: int
    chances: int
    minimum: int
    # A comparison figure: the hits that tapping at random would have got, summed over the
    # same chances (None for a figure that has no chance level).
    chance: float | None = None

    @property
    def enough(self) -> bool:
        """True when there are enough chances to give a figure."""
        return self.chances >= self.minimum and self.chances > 0

    @property
    def value(self) -> float | None:
        """The share (0-1), or None when there are not enough chances yet."""
        return self.hits / self.chances if self.enough else None

    @property
    def misses(self) -> int:
        """Chances that were not hits."""
        return self.chances - self.hits

    def with_chance(self, chance: float) -> Rate:
        """The same figure with its chance level (hits expected from tapping at random)."""
        return replace(self, chance=chance)

    @property
    def chance_value(self) -> float | None:
        """The chance level as a share, once there are enough chances (None without one)."""
        if self.chance is None or not self.enough:
            return None
        return self.chance / self.chances

    @property
    def odds_by_chance(self) -> float | None:
        """How often tapping at random would get this many right or more (one-sided binomial
        test against the average chance level of these chances); None without a figure."""
        if self.chance is None or not self.enough:
            return None
        return binomial_tail(self.hits, self.chances, self.chance / self.chances)

    @property
    def above_chance(self) -> bool | None:
        """Clearly better than tapping at random? None below the minimum or without a level."""
        odds = self.odds_by_chance
        return None if odds is None else odds < ABOVE_CHANCE

    @property
    def odds_below_chance(self) -> float | None:
        """How often tapping at random would get this few right or fewer (the lower tail of
        the same one-sided binomial test); None without a figure."""
        if self.chance is None or not self.enough:
            return None
        return binomial_lower_tail(self.hits, self.chances, self.chance / self.chances)

    @property
    def below_chance(self) -> bool | None:
        """Clearly worse than tapping at random (a habit, not luck)? None without a figure."""
        odds = self.odds_below_chance
        return None if odds is None else odds < BELOW_CHANCE

    def text(self) -> str:
        """ "18 of 20", or "not enough yet: 3 of 10 chances"."""
        if not self.enough:
            return f"not enough yet: {self.chances} of {self.minimum} chances"
        return f"{self.hits} of {self.chances}"

    def chance_text(self) -> str:
        """ "right 31 of 40; by chance about 22", or "not enough yet: 3 of 10 chances"."""
        if not self.enough or self.chance is None:
            return self.text()
        return f"right {self.hits} of {self.chances}; by chance about {round(self.chance)}"

    def verdict(self) -> str:
        """Against chance, in a teacher's words ("" below the minimum or without a level)."""
        above = self.above_chance
        if above is None:
            return ""
        if above:
            return "clearly better than tapping at random"
        if self.below_chance:
            return BELOW_WORDS
        return AT_WORDS


@dataclass(frozen=True, slots=True)
class Mean:
    """A mean over `chances` values; a figure only once `chances` reaches `minimum`."""

    total: float
    chances: int
    minimum: int

    @property
    def enough(self) -> bool:
        """True when there are enough chances to give a figure."""
        return self.chances >= self.minimum and self.chances > 0

    @property
    def value(self) -> float | None:
        """The mean, or None when there are not enough chances yet."""
        return self.total / self.chances if self.enough else None

    def text(self) -> str:
        """ "1.4 (over 20)", or "not enough yet: 3 of 10 chances"."""
        value = self.value
        if value is None:
            return f"not enough yet: {self.chances} of {self.minimum} chances"
        return f"{value:.1f} (over {self.chances})"


def rate(hits: int, chances: int, minimum: int) -> Rate:
    """A Rate, checked: hits can be neither negative nor more than the chances."""
    if not 0 <= hits <= chances:
        raise ValueError("hits must be between 0 and the number of chances")
    return Rate(hits, chances, minimum)


class FlagKind(StrEnum):
    """What a flag on a child's dashboard row is about."""

    CAT_VERSUS_RAT = "cat_versus_rat"
    MEMORY = "memory"
    COUNTING = "counting"  # cubes per numeral
    ADDING = "adding"  # typed total against true total
    CALLING = "calling"  # calls too early


@dataclass(frozen=True, slots=True)
class Flag:
    """One thing a teacher should look at, with the evidence in a sentence."""

    kind: FlagKind
    sentence: str
    # The child's own most frequent slip, in words ("kept a 6 when a 1 came"), which the
    # sentence quotes too: a line that names the flag beside the child's name gives this one,
    # never a made-up case. None where the flag has no single slip to show (counting, adding,
    # calling: their sentences give the child's own figures).
    example: str | None = None
