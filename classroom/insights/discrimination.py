"""Discrimination and bias of a child's comparisons, as signal detection (docs/insights.md,
"Telling which card is lower").

Accuracy against "tapping at random" rewards a response bias: a child who puts every card in
hand on their highest card, never looking at it, is right whenever the card in hand is lower,
which is most of the time. Signal detection separates the two. Among the comparisons of a
*drawn* card (the child could put it in or throw it away):

- a **signal** trial: the card in hand was lower than the highest card the child could know;
  putting it in (on any known card) is a **hit**;
- a **noise** trial: the card in hand was higher than every known card; putting it in anyway
  is a **false alarm**.

Discrimination is d' = z(hit rate) - z(false-alarm rate), with the log-linear correction of
Hautus (1995): half a trial added to each count and one to each total, so that rates of 0 and
1 (an always-replacer has both at 1) give a finite d' that is biased toward zero, never away
from it. Its lower bound combines the one-sided 97.5 % Wilson bounds of the two rates
(the lowest hit rate and the highest false-alarm rate the counts allow): the chance that the
true d' lies below it is at most 5 %. A child "tells which card is lower" only when that
lower bound is above zero; an always-replacer (both rates 1) or an always-keeper (both 0) has
a lower bound of minus infinity whatever the number of trials, and a random tapper's interval
covers zero 95 % of the time or more. Bias is c = -(z(H) + z(F)) / 2 on the same corrected
rates, negative for a child who leans to putting cards in.

A card taken from the DISCARD pile is left out: it is recorded only once taken, so its
comparisons never hold "kept" (leaving it is a SOURCE choice, and drawing instead of a lower
card is no mistake); they would count as hits and false alarms whatever the child knew.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import inf, isinf, sqrt
from statistics import NormalDist

from .measures import MIN_COMPARISONS, MIN_GROUP, Rate
from .tallies import DISTANCES, Sums, trial_counts, trial_of

# Their home is tallies.py (every count is made there); named here, where they are described.
__all__ = ["trial_counts", "trial_of"]

FAMILY_PAIRS = ("cat-cat", "cat-rat", "rat-rat")
NEAR_GROUPS = ("1", "2")  # cards 1 or 2 apart: the hardest pairs, named in readiness
# Trials of each kind (signal and noise) before a discrimination is given, overall and per
# group: with 5 and 5 a child right every time already has a lower bound above zero (0.33).
MIN_TRIALS = MIN_GROUP
# One-sided z of each rate's bound: the two bounds together miss the true d' from below at
# most 2.5 % + 2.5 % = 5 % of the time (the same 1 in 20 as "above chance").
BOUND_Z = 1.96
# The bias in words: both rates at least this (or at most 1 - this) is "almost every card".
ALMOST_ALL = 0.9
LEAN = 0.5  # |c| at least this is a lean one way

# The tally keys readiness reads (overall, and cards 1 or 2 apart).
READINESS_KEYS = tuple(
    f"sdt:{kind}{suffix}"
    for kind in ("signal", "noise")
    for suffix in ("", *(f":dist:{group}" for group in NEAR_GROUPS))
)

TELLS = "tells which card is lower"
NOT_YET = "does not yet tell which card is lower"
PUTS_IN = "puts in almost every card, whatever its number"
KEEPS = "keeps almost every card (throws it away), whatever its number"
LEANS_IN = "leans to putting cards in"
LEANS_KEEP = "leans to keeping the cards they have"
NO_LEAN = "no lean either way"

_NORMAL = NormalDist()


def z(p: float) -> float:
    """The standard normal quantile of `p`, infinite at 0 and 1."""
    if p <= 0.0:
        return -inf
    if p >= 1.0:
        return inf
    return _NORMAL.inv_cdf(p)


def wilson(hits: int, n: int, zed: float = BOUND_Z) -> tuple[float, float]:
    """Bounds of a rate, each one-sided at `zed`: Wilson's score bounds (Brown, Cai and
    DasGupta 2001 recommend them for small counts), exact (Clopper-Pearson) at a bound where
    every trial went one way, where Wilson's is too narrow. (0, 1) with no trials."""
    if n <= 0:
        return 0.0, 1.0
    tail = 1 - _NORMAL.cdf(zed)  # 0.025 at 1.96
    p = hits / n
    z2 = zed * zed
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = zed * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if hits == 0 else tail ** (1 / n) if hits == n else max(0.0, centre - half)
    high = 1.0 if hits == n else 1 - tail ** (1 / n) if hits == 0 else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True, slots=True)
class Discrimination:
    """Hits among signal trials, false alarms among noise trials, d' and c with a bound."""

    hits: int
    signal: int  # drawn cards lower than the highest known card
    false_alarms: int
    noise: int  # drawn cards higher than every known card
    minimum: int = MIN_TRIALS

    @property
    def enough(self) -> bool:
        """Enough trials to say "does not yet tell": at least `minimum` of each kind, and so
        many that a child right on every one of them would have a lower bound above zero
        (5 and 5 are not: a perfect 5 of 5 and 0 of 5 still allow d' -0.1)."""
        if self.signal < self.minimum or self.noise < self.minimum:
            return False
        perfect = Discrimination(self.signal, self.signal, 0, self.noise, self.minimum)
        bounds = perfect.bounds
        return bounds is not None and bounds[0] > 0

    @property
    def hit_rate(self) -> float | None:
        """Share of lower cards put in (None without signal trials)."""
        return self.hits / self.signal if self.signal else None

    @property
    def false_alarm_rate(self) -> float | None:
        """Share of higher cards put in (None without noise trials)."""
        return self.false_alarms / self.noise if self.noise else None

    def _corrected(self) -> tuple[float, float]:
        """The log-linear rates (Hautus 1995): (hits + 0.5) / (signal + 1), the same for F."""
        return (self.hits + 0.5) / (self.signal + 1), (self.false_alarms + 0.5) / (self.noise + 1)

    @property
    def measured(self) -> bool:
        """At least one trial of each kind: d', c and the bounds can be worked out."""
        return self.signal > 0 and self.noise > 0

    @property
    def d_prime(self) -> float | None:
        """d' on the log-linear rates; None without a trial of each kind."""
        if not self.measured:
            return None
        h, f = self._corrected()
        return z(h) - z(f)

    @property
    def bias(self) -> float | None:
        """c = -(z(H) + z(F)) / 2 on the log-linear rates: below 0 leans to putting in."""
        if not self.measured:
            return None
        h, f = self._corrected()
        return -(z(h) + z(f)) / 2

    @property
    def bounds(self) -> tuple[float, float] | None:
        """(lowest, highest) d' the counts allow: the lowest hit rate against the highest
        false-alarm rate, and the other way (each rate's one-sided 97.5 % Wilson bound);
        infinite where a rate's bound reaches 0 or 1. None without a trial of each kind."""
        if not self.measured:
            return None
        h_low, h_high = wilson(self.hits, self.signal)
        f_low, f_high = wilson(self.false_alarms, self.noise)
        return z(h_low) - z(f_high), z(h_high) - z(f_low)

    @property
    def tells(self) -> bool | None:
        """True: clearly tells which card is lower (the lower bound above zero, on however
        few trials: the bound allows for them). False: not, on enough trials of both kinds.
        None: too few trials to say "not yet"."""
        bounds = self.bounds
        if bounds is not None and bounds[0] > 0:
            return True
        return False if self.enough else None

    @property
    def blind(self) -> bool:
        """Below the minimum, yet plainly not telling: every one of at least `minimum` lower
        cards kept, or every one of at least `minimum` higher cards put in (the lower bound
        is minus infinity whatever the other side would show)."""
        return (self.signal >= self.minimum and self.hits == 0) or (
            self.noise >= self.minimum and self.false_alarms == self.noise
        )

    def lean(self) -> str:
        """The bias in words ("" below the minimum, unless `blind`)."""
        h, f = self.hit_rate, self.false_alarm_rate
        if self.blind and not self.enough:
            return KEEPS if self.signal >= self.minimum and self.hits == 0 else PUTS_IN
        c = self.bias
        if self.tells is None or h is None or f is None or c is None:
            return ""
        if h >= ALMOST_ALL and f >= ALMOST_ALL:
            return PUTS_IN
        if h <= 1 - ALMOST_ALL and f <= 1 - ALMOST_ALL:
            return KEEPS
        if c <= -LEAN:
            return LEANS_IN
        if c >= LEAN:
            return LEANS_KEEP
        return NO_LEAN

    def verdict(self) -> str:
        """ "tells which card is lower", "does not yet tell which card is lower: puts in
        almost every card, whatever its number", or "not enough yet: ..."."""
        if self.tells:
            return TELLS
        if not self.enough and not self.blind:
            return self.too_few()
        lean = self.lean()
        return NOT_YET if lean in ("", NO_LEAN) else f"{NOT_YET}: {lean}"

    def too_few(self) -> str:
        """ "not enough yet: 3 of 5 higher cards" (the side that is short)."""
        if self.signal < self.minimum:
            return f"not enough yet: {self.signal} of {self.minimum} lower cards drawn"
        return f"not enough yet: {self.noise} of {self.minimum} higher cards drawn"

    def counts_text(self) -> str:
        """ "put in 40 of 42 lower cards and 1 of 15 higher ones"."""
        return (
            f"put in {self.hits} of {self.signal} lower cards and "
            f"{self.false_alarms} of {self.noise} higher ones"
        )

    def index_text(self) -> str:
        """ "d' 3.9, at least 2.0", "d' 0.3, between -1.4 and 2.0", "d' 0.4, not clearly
        above 0: the counts allow any value", or ""."""
        d, bounds = self.d_prime, self.bounds
        if d is None or bounds is None:
            return ""
        low, high = bounds
        if isinf(low) and isinf(high):
            span = "not clearly above 0: the counts allow any value"
        elif isinf(high):
            span = f"at least {low:.1f}"
        elif isinf(low):
            span = f"at most {high:.1f}"
        else:
            span = f"between {low:.1f} and {high:.1f}"
        return f"d' {d:.1f}, {span}"

    def text(self) -> str:
        """The verdict with its evidence, for a teacher's page or a CSV."""
        if self.tells is None and not self.blind:
            return f"{self.verdict()} ({self.counts_text()})"
        return f"{self.verdict()} ({self.counts_text()}; {self.index_text()})"


def _of(sums: Sums, suffix: str = "", minimum: int = MIN_TRIALS) -> Discrimination:
    """One discrimination from the tallies' "sdt:signal<suffix>" and "sdt:noise<suffix>"."""
    signal, noise = f"sdt:signal{suffix}", f"sdt:noise{suffix}"
    return Discrimination(
        sums.hits[signal], sums.chances[signal], sums.hits[noise], sums.chances[noise], minimum
    )


def discrimination_of(sums: Sums) -> Discrimination:
    """The child's discrimination over every drawn card compared, from tallies."""
    return _of(sums)


def by_distance_of(sums: Sums) -> dict[str, Discrimination]:
    """Discrimination per distance group "1", "2", "3", "4+" (the distance between the card in
    hand and the highest known card, whichever was higher)."""
    return {group: _of(sums, f":dist:{group}") for group in DISTANCES}


def by_family_of(sums: Sums) -> dict[str, Discrimination]:
    """Discrimination per family pair "cat-cat", "cat-rat", "rat-rat"."""
    return {pair: _of(sums, f":fam:{pair}") for pair in FAMILY_PAIRS}


def near_of(sums: Sums) -> Discrimination:
    """Discrimination on cards 1 or 2 apart (both groups together)."""
    parts = [_of(sums, f":dist:{group}") for group in NEAR_GROUPS]
    return Discrimination(
        sum(p.hits for p in parts),
        sum(p.signal for p in parts),
        sum(p.false_alarms for p in parts),
        sum(p.noise for p in parts),
    )


@dataclass(frozen=True, slots=True)
class Telling:
    """Discrimination overall, near (1-2 apart), per distance and per family pair, with the
    comparison accuracy beside it (for a child with too few drawn cards of one kind)."""

    overall: Discrimination
    near: Discrimination
    by_distance: dict[str, Discrimination]
    by_family: dict[str, Discrimination]
    accuracy: Rate

    @property
    def tells(self) -> bool | None:
        """True: tells which card is lower. False: does not yet (discrimination not above
        zero, or plainly blind, or too few drawn cards of one kind and comparisons no better
        than tapping at random). None: not enough yet to say."""
        overall = self.overall
        if overall.tells is not None:
            return overall.tells
        if overall.blind or self.accuracy.above_chance is False:
            return False
        return None

    def verdict(self) -> str:
        """The teacher's words: "tells which card is lower", "does not yet tell which card
        is lower: puts in almost every card, whatever its number", or "not enough yet: ..."."""
        overall = self.overall
        if overall.tells is not None or overall.blind:
            return overall.verdict()
        if self.accuracy.above_chance is False:
            return f"{NOT_YET}: comparisons {self.accuracy.verdict()}"
        return overall.too_few()

    def text(self) -> str:
        """The verdict with its evidence (the drawn cards put in, d' and its bound)."""
        overall = self.overall
        if overall.tells is not None or overall.blind:
            return overall.text()
        return f"{self.verdict()} ({overall.counts_text()})"


def telling_of(sums: Sums, accuracy: Rate | None = None) -> Telling:
    """Every discrimination figure of a child, from tallies (`accuracy`: the comparison
    accuracy of the same tallies, read from them when not given)."""
    if accuracy is None:
        accuracy = sums.rate("cmp", MIN_COMPARISONS)
    return Telling(
        discrimination_of(sums), near_of(sums), by_distance_of(sums), by_family_of(sums), accuracy
    )
