"""The shapes every insight returns: a share or a mean with the chances behind it, and a flag.

No figure is given from too few chances: a `Rate` or `Mean` below its minimum has `value`
None and says "not enough yet: 3 of 10 chances". The minimums live here, in one table, so
that docs/insights.md and the dashboards can quote them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# How many chances a figure needs before it is shown (docs/insights.md explains each).
MIN_COMPARISONS = 10  # comparison accuracy overall, share of best replacements
MIN_GROUP = 5  # one distance (1, 2, 3, 4+) or one family pair (cat-cat, cat-rat, rat-rat)
MIN_CAT_FLAG = 4  # cat-cat and cat-rat comparisons each (and a Fisher test, comparison.py)
MIN_MEMORY = 8  # choices that needed memory (Standard, Outside Peek's middle cards)
MIN_TURNS = 10  # turns at a Peek level, for looks per turn
MIN_SWAPS = 3  # swaps made, for swap targeting
MIN_NUMERAL = 3  # cube stacks of one numeral
MIN_CUBES = 12  # cube stacks in all
MIN_TOTALS = 5  # typed totals
MIN_CALLS = 5  # calls of "Rat-a-Tat-Cat"
MIN_READINESS = 20  # comparisons in the recent window before moving a child up or down
MIN_GRID_CELL = 3  # class grid: comparisons of one (hand, highest known) pair


@dataclass(frozen=True, slots=True)
class Rate:
    """`hits` of `chances`; a share only once `chances` reaches `minimum`."""

    hits: int
    chances: int
    minimum: int

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

    def text(self) -> str:
        """ "18 of 20", or "not enough yet: 3 of 10 chances"."""
        if not self.enough:
            return f"not enough yet: {self.chances} of {self.minimum} chances"
        return f"{self.hits} of {self.chances}"


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
