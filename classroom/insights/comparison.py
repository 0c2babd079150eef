"""Comparison: when the card in hand was lower than a card the child could know in their line,
did they replace it, and the highest one? Overall, by numerical distance and by family pair;
and the cat-versus-rat flag with the child's own dated examples (DESIGN.md, "Insights").

A comparison is *judged* when it was a chance (`ChoiceFacts.chance`) and the child either
replaced a known card or kept the hand card. Putting the card on a card the child could not
know (REPLACED_UNKNOWN) is a guess, not a comparison, and is left out: at Standard it is often
the sensible move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, time
from math import comb

from .measures import (
    MIN_CAT_FLAG,
    MIN_COMPARISONS,
    MIN_GROUP,
    Flag,
    FlagKind,
    Rate,
)
from .records import ChoiceRecord, Id, iso_week
from .tallies import Sums, Tally, distance_group, example_text, is_judged

__all__ = ["distance_group", "example_text", "is_judged"]  # their home is tallies.py

DISTANCES = ("1", "2", "3", "4+")
FAMILY_PAIRS = ("cat-cat", "cat-rat", "rat-rat")

# The cat-versus-rat flag: right on cat-rat pairs, clearly worse on cat-cat pairs.
CAT_RAT_GOOD = 0.75  # cat-rat accuracy at least this
CAT_CAT_POOR = 0.6  # cat-cat accuracy below this
CAT_GAP = 0.25  # and at least this far below cat-rat
CAT_EVIDENCE = 0.05  # and the cat-cat misses this unlikely by chance (one-sided Fisher test)


def judged(choices: Iterable[ChoiceRecord]) -> list[ChoiceRecord]:
    """The judged comparisons among `choices`, in their order."""
    return [c for c in choices if is_judged(c.facts)]


def comparison_accuracy(choices: Iterable[ChoiceRecord], minimum: int = MIN_COMPARISONS) -> Rate:
    """Judged comparisons answered right (replaced a higher known card)."""
    return Sums.of(choices).rate("cmp", minimum)


def best_share(choices: Iterable[ChoiceRecord], minimum: int = MIN_COMPARISONS) -> Rate:
    """Judged comparisons where the child replaced the highest known card (BEST)."""
    return Sums.of(choices).rate("best", minimum)


def accuracy_by_distance(
    choices: Iterable[ChoiceRecord], minimum: int = MIN_GROUP
) -> dict[str, Rate]:
    """Comparison accuracy for each distance group "1", "2", "3", "4+"."""
    return by_distance_of(Sums.of(choices), minimum)


def by_distance_of(sums: Sums, minimum: int = MIN_GROUP) -> dict[str, Rate]:
    """Comparison accuracy for each distance group, from tallies."""
    return {group: sums.rate(f"dist:{group}", minimum) for group in DISTANCES}


def accuracy_by_family(
    choices: Iterable[ChoiceRecord], minimum: int = MIN_GROUP
) -> dict[str, Rate]:
    """Comparison accuracy for each family pair "cat-cat", "cat-rat", "rat-rat"."""
    return by_family_of(Sums.of(choices), minimum)


def by_family_of(sums: Sums, minimum: int = MIN_GROUP) -> dict[str, Rate]:
    """Comparison accuracy for each family pair, from tallies."""
    return {pair: sums.rate(f"fam:{pair}", minimum) for pair in FAMILY_PAIRS}


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
    """The cat-versus-rat check: both accuracies, the flag if raised, and the evidence."""

    cat_cat: Rate
    cat_rat: Rate
    pattern: bool  # the shape of the flag on any number of chances (see `cat_pattern`)
    flag: Flag | None
    examples: tuple[Example, ...]  # the cat-cat slips, oldest first
    per_week: tuple[WeeklyExample, ...]


def cat_versus_rat(choices: Sequence[ChoiceRecord]) -> CatVersusRat:
    """Good on cat-rat pairs, poor on cat-cat ones (keeps a 4 when a 3 comes)? With examples."""
    return cat_versus_rat_of(Sums.of(choices), examples(choices, "cat-cat"))


def cat_versus_rat_of(sums: Sums, slips: Sequence[Example]) -> CatVersusRat:
    """The cat-versus-rat check from tallies and the child's cat-cat slips (oldest first)."""
    families = by_family_of(sums, MIN_CAT_FLAG)
    cat_cat, cat_rat = families["cat-cat"], families["cat-rat"]
    flag = None
    if (
        cat_cat.value is not None
        and cat_rat.value is not None
        and cat_rat.value >= CAT_RAT_GOOD
        and cat_cat.value < CAT_CAT_POOR
        and cat_cat.value <= cat_rat.value - CAT_GAP
        and chance_of_misses(cat_cat, cat_rat) < CAT_EVIDENCE
    ):
        common = common_text(slips)
        like = f'; for example "{common}"' if common else ""
        flag = Flag(
            FlagKind.CAT_VERSUS_RAT,
            f"Right on cat-rat pairs ({cat_rat.text()}) but not on cat-cat pairs "
            f"({cat_cat.text()}){like}.",
        )
    pattern = cat_pattern(cat_cat, cat_rat)
    return CatVersusRat(
        cat_cat, cat_rat, pattern, flag, tuple(slips), tuple(examples_per_week(slips))
    )


def cat_pattern(cat_cat: Rate, cat_rat: Rate) -> bool:
    """Cat-cat comparisons worse than cat-rat ones as the flag asks, on however few chances.

    Too little to flag, but enough to say that cat-cat slips may be cat-versus-rat thinking
    rather than forgetting (`memory.memory` then leaves them out).
    """
    if not cat_cat.chances or not cat_rat.chances:
        return False
    cc = cat_cat.hits / cat_cat.chances
    cr = cat_rat.hits / cat_rat.chances
    return cr >= CAT_RAT_GOOD and cc < CAT_CAT_POOR and cc <= cr - CAT_GAP


def chance_of_misses(group: Rate, other: Rate) -> float:
    """One-sided Fisher exact test: how likely `group` holds this many misses by chance alone.

    The chance that `group` would hold this many of all the misses or more, were the misses
    spread at random over both groups' chances.
    """
    misses = group.misses + other.misses
    chances = group.chances + other.chances
    if misses == 0:
        return 1.0
    return sum(
        comb(group.chances, k) * comb(other.chances, misses - k)
        for k in range(group.misses, min(group.chances, misses) + 1)
    ) / comb(chances, misses)
