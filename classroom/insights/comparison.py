"""Comparison: every choice that ordered the card in hand and a card the child could know in
their line (`ChoiceFacts.judged`): right when they took or kept the lower card; an omission
when they threw the card away though a known card was higher; a commission when they put it
on a known card that was not higher. Overall, by numerical distance, by ratio and by family
pair, each beside its chance level; and the cat-versus-rat flag, judged at matched distances,
with the child's own dated examples (DESIGN.md, "Insights"; docs/insights.md).

Putting the card on a card the child could not know is a guess, not a comparison, and is left
out: at Standard it is often the sensible move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, time
from math import comb

from .choices import COMMISSION, OMISSION
from .measures import (
    MIN_COMPARISONS,
    MIN_GROUP,
    Flag,
    FlagKind,
    Rate,
    rate,
)
from .records import ChoiceRecord, Id, iso_week
from .tallies import (
    DISTANCES,
    RATIO_LABELS,
    RATIO_WORDS,
    RATIOS,
    Sums,
    Tally,
    distance_group,
    example_text,
    is_judged,
    ratio_group,
)

# Their home is tallies.py.
__all__ = [
    "DISTANCES",
    "RATIOS",
    "RATIO_LABELS",
    "RATIO_WORDS",
    "distance_group",
    "example_text",
    "is_judged",
    "ratio_group",
]

FAMILY_PAIRS = ("cat-cat", "cat-rat", "rat-rat")

# The cat-versus-rat flag: right on cat-rat pairs, clearly worse on cat-cat pairs of the same
# distances (a child who finds near numbers hard finds them hard in every family).
CAT_RAT_GOOD = 0.75  # cat-rat accuracy at least this, and above chance
CAT_GAP = 0.25  # cat-cat accuracy, distance for distance, at least this far below cat-rat
CAT_EVIDENCE = 0.05  # and the cat-cat misses this unlikely by chance (stratified exact test)


def judged(choices: Iterable[ChoiceRecord]) -> list[ChoiceRecord]:
    """The judged comparisons among `choices`, in their order."""
    return [c for c in choices if is_judged(c.facts)]


def by_distance_of(sums: Sums, minimum: int = MIN_GROUP) -> dict[str, Rate]:
    """Comparison accuracy for each distance group, from tallies."""
    return {group: sums.rate(f"dist:{group}", minimum) for group in DISTANCES}


def by_family_of(sums: Sums, minimum: int = MIN_GROUP) -> dict[str, Rate]:
    """Comparison accuracy for each family pair, from tallies."""
    return {pair: sums.rate(f"fam:{pair}", minimum) for pair in FAMILY_PAIRS}


def by_ratio_of(sums: Sums, minimum: int = MIN_GROUP) -> dict[str, Rate]:
    """Comparison accuracy for each ratio group, from tallies."""
    return {group: sums.rate(f"ratio:{group}", minimum) for group in RATIOS}


@dataclass(frozen=True, slots=True)
class Errors:
    """The two kinds of wrong comparison, each of all comparisons, with its chance level."""

    omission: Rate  # threw the card away though a known card was higher
    commission: Rate  # put the card on a known card that was not higher


def errors_of(sums: Sums, minimum: int = MIN_COMPARISONS) -> Errors:
    """Omissions and commissions among the comparisons, from tallies."""
    return Errors(sums.rate(OMISSION, minimum), sums.rate(COMMISSION, minimum))


@dataclass(frozen=True, slots=True)
class Example:
    """One wrong comparison of the child, in words, with when and where it happened."""

    when: datetime
    game_id: Id
    text: str  # "kept a 4 when a 3 came"
    family_pair: str
    needed_memory: bool


@dataclass(frozen=True, slots=True)
class WeeklyExample:
    """How often one kind of slip happened in one ISO week."""

    week: str
    text: str
    count: int

    def sentence(self) -> str:
        """ "kept a 4 when a 3 came, 5 times"."""
        times = "once" if self.count == 1 else "twice" if self.count == 2 else f"{self.count} times"
        return f"{self.text}, {times}"


def examples(choices: Iterable[ChoiceRecord], family_pair: str | None = None) -> list[Example]:
    """The child's wrong comparisons (of one family pair, if given), oldest first."""
    found = []
    for choice in judged(choices):
        facts = choice.facts
        text = example_text(facts)
        if text is None or (family_pair is not None and facts.family_pair != family_pair):
            continue
        found.append(
            Example(choice.when, choice.game_id, text, facts.family_pair or "", facts.needed_memory)
        )
    return sorted(found, key=lambda e: e.when)


def slips_of(tallies: Iterable[Tally], family_pair: str | None = None) -> list[Example]:
    """The wrong comparisons kept in tallies (of one family pair, if given), oldest first.

    Tallies keep the day, not the moment or the game: each example is dated at midnight.
    """
    found: list[Example] = []
    for t in sorted(tallies, key=lambda t: (t.day, t.key)):
        if not t.key.startswith("slip:"):
            continue
        _, pair, memory, text = t.key.split(":", 3)
        if family_pair is not None and pair != family_pair:
            continue
        when = datetime.combine(t.day, time.min)
        found.extend(Example(when, "", text, pair, memory == "1") for _ in range(t.chances))
    return found


def common_text(found: Iterable[Example]) -> str | None:
    """The slip that happened most often (the first in order of the words on a tie)."""
    counts = Counter(e.text for e in found)
    if not counts:
        return None
    return min(counts.items(), key=lambda item: (-item[1], item[0]))[0]


def examples_per_week(found: Iterable[Example]) -> list[WeeklyExample]:
    """Each slip counted per ISO week: latest week first, most frequent slip first."""
    counts: Counter[tuple[str, str]] = Counter((iso_week(e.when), e.text) for e in found)
    rows = [WeeklyExample(week, text, n) for (week, text), n in counts.items()]
    return sorted(rows, key=lambda r: (r.week, r.count, r.text), reverse=True)


@dataclass(frozen=True, slots=True)
class CatVersusRat:
    """The cat-versus-rat check: both accuracies, the matched ones, the flag, the evidence."""

    cat_cat: Rate
    cat_rat: Rate
    # Distance for distance: the cat-cat comparisons at distances where cat-rat pairs were
    # seen too, and how many of them the child's own cat-rat accuracy at each of those
    # distances would have got right (`matched_expected`).
    matched: Rate
    matched_expected: float
    pattern: bool  # the shape of the flag on any number of chances (see `cat_pattern`)
    flag: Flag | None
    examples: tuple[Example, ...]  # the cat-cat slips, oldest first
    per_week: tuple[WeeklyExample, ...]

    @property
    def matched_text(self) -> str:
        """ "cat-cat 3 of 12 where cat-rat pairs of the same distances would give about 11"."""
        if not self.matched.enough:
            return f"cat-cat pairs at matched distances: {self.matched.text()}"
        return (
            f"cat-cat {self.matched.text()} where cat-rat pairs of the same distances "
            f"would give about {round(self.matched_expected)}"
        )


@dataclass(frozen=True, slots=True)
class Stratum:
    """Cat-cat and cat-rat comparisons at one distance group: (right, chances) of each."""

    cat_cat: tuple[int, int]
    cat_rat: tuple[int, int]


def strata_of(sums: Sums) -> dict[str, Stratum]:
    """Cat-cat and cat-rat comparisons, distance group by distance group, from tallies."""

    def pair(family: str, group: str) -> tuple[int, int]:
        key = f"famdist:{family}:{group}"
        return sums.hits[key], sums.chances[key]

    return {g: Stratum(pair("cat-cat", g), pair("cat-rat", g)) for g in DISTANCES}


def cat_versus_rat(choices: Sequence[ChoiceRecord]) -> CatVersusRat:
    """Good on cat-rat pairs, poor on cat-cat ones of the same distances? With examples."""
    return cat_versus_rat_of(Sums.of(choices), examples(choices, "cat-cat"))


def matched(strata: dict[str, Stratum]) -> tuple[Rate, float]:
    """Cat-cat comparisons at distances where cat-rat ones were seen too, and how many of
    them the child's cat-rat accuracy at each distance would have got right."""
    hits = chances = 0
    expected = 0.0
    for stratum in strata.values():
        (cc_hits, cc_n), (cr_hits, cr_n) = stratum.cat_cat, stratum.cat_rat
        if cc_n and cr_n:
            hits += cc_hits
            chances += cc_n
            expected += cc_n * cr_hits / cr_n
    return rate(hits, chances, MIN_GROUP), expected


def cat_versus_rat_of(sums: Sums, slips: Sequence[Example]) -> CatVersusRat:
    """The cat-versus-rat check from tallies and the child's cat-cat slips (oldest first)."""
    families = by_family_of(sums)
    cat_cat, cat_rat = families["cat-cat"], families["cat-rat"]
    strata = strata_of(sums)
    same, expected = matched(strata)
    pattern = cat_pattern(cat_cat, cat_rat, same, expected)
    flag = None
    if (
        pattern
        and cat_cat.enough
        and cat_rat.enough
        and same.enough
        and cat_rat.above_chance is not False
        and chance_of_misses_matched(strata) < CAT_EVIDENCE
    ):
        common = common_text(slips)
        like = f'; for example "{common}"' if common else ""
        flag = Flag(
            FlagKind.CAT_VERSUS_RAT,
            f"Right on cat-rat pairs ({cat_rat.text()}) but not on cat-cat pairs "
            f"({cat_cat.text()}; {same.hits} of {same.chances} at distances where cat-rat "
            f"pairs would give about {round(expected)}){like}.",
            common,
        )
    return CatVersusRat(
        cat_cat,
        cat_rat,
        same,
        expected,
        pattern,
        flag,
        tuple(slips),
        tuple(examples_per_week(slips)),
    )


def cat_pattern(cat_cat: Rate, cat_rat: Rate, same: Rate, expected: float) -> bool:
    """Cat-cat comparisons worse than cat-rat ones as the flag asks, on however few chances:
    cat-rat mostly right, and cat-cat, distance for distance, well below cat-rat. (No bar on
    cat-cat accuracy alone: a child who thinks all cats alike still throws a 5 away when
    their highest card is a 2, so it can look fair overall.)

    Too little to flag, but enough to say that cat-cat slips may be cat-versus-rat thinking
    rather than forgetting (`memory.memory` then leaves them out).
    """
    if not cat_cat.chances or not cat_rat.chances or not same.chances:
        return False
    cr = cat_rat.hits / cat_rat.chances
    gap = (expected - same.hits) / same.chances
    return cr >= CAT_RAT_GOOD and gap >= CAT_GAP


def pattern_of(sums: Sums) -> bool:
    """`cat_pattern` from tallies (for readiness and memory, which need no examples)."""
    families = by_family_of(sums)
    same, expected = matched(strata_of(sums))
    return cat_pattern(families["cat-cat"], families["cat-rat"], same, expected)


def chance_of_misses_matched(strata: dict[str, Stratum]) -> float:
    """The Fisher test distance group by distance group (an exact stratified test): how likely
    the cat-cat comparisons hold this many of the misses or more, were the misses of each
    distance spread at random over that distance's cat-cat and cat-rat comparisons."""
    tables = []
    observed = 0
    for stratum in strata.values():
        (cc_hits, cc_n), (cr_hits, cr_n) = stratum.cat_cat, stratum.cat_rat
        if cc_n and cr_n:
            tables.append(_hypergeometric(cc_n - cc_hits, cc_n, cr_n - cr_hits, cr_n))
            observed += cc_n - cc_hits
    if not tables:
        return 1.0
    return _upper_tail(tables)[observed]


def _hypergeometric(
    misses: int, chances: int, other_misses: int, other_chances: int
) -> list[float]:
    """P(k of all the misses fall in the first group), k = 0..chances, the margins fixed."""
    total = misses + other_misses
    whole = comb(chances + other_chances, total)
    return [
        comb(chances, k) * comb(other_chances, total - k) / whole if total - k >= 0 else 0.0
        for k in range(chances + 1)
    ]


def _upper_tail(tables: list[list[float]]) -> list[float]:
    """The distribution of the sum of independent counts, as P(sum >= k) for every k."""
    spread = [1.0]
    for table in tables:
        joined = [0.0] * (len(spread) + len(table) - 1)
        for i, p in enumerate(spread):
            for j, q in enumerate(table):
                joined[i + j] += p * q
        spread = joined
    tail = [0.0] * (len(spread) + 1)
    for k in range(len(spread) - 1, -1, -1):
        tail[k] = tail[k + 1] + spread[k]
    return [min(1.0, t) for t in tail]
