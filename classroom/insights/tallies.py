"""Tallies: what each record counts toward, summed per day, level and key (docs/insights.md).

Every measure is a share or a mean of counts, so the web side keeps these sums up to date as
records are written and a dashboard adds up a few rows per child and day instead of reading
every choice. The record-based measures (`comparison`, `memory`, `counting`, `calling`,
`readiness`, `summary`, `trends`, `grid`) tally their records and read the sums the same way,
so both roads give the same figures by construction.

A key names one count: "choice" (every choice), "cmp" (judged comparisons, hits = right),
"dist:1", "fam:cat-cat", "pair:4:7" (hits = wrong), "slip:<pair>:<memory 0/1>:<text>" (a wrong
comparison in words), "mem", "memslip:<pair>:<text>", "turn" and "look" (Peek levels), "swap",
"call", "stack:<n>", "total", "total:off1", "total:err" (hits = the sum of errors), "round",
"calledround", "game".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date

from classroom.game import ActionKind, family

from .choices import CORRECT, WRONG, ChoiceFacts, ChoiceKind, Outcome
from .measures import Mean, Rate, rate
from .records import ChoiceRecord, CountRecord, LookRecord, RoundRecord

PEEK_LEVELS = ("peek", "outside_peek")  # where a child may turn own cards over
LOW_CARD = 3  # a SWAP "targets a low card" when it takes a known card of 3 or less
NUMERALS = tuple(range(1, 10))  # the numerals judged in cube counting (0 gets no cubes)


# What a choice is, in the measures' terms.


def is_judged(facts: ChoiceFacts) -> bool:
    """A comparison chance the child answered by replacing a known card or keeping the hand."""
    return facts.chance and (facts.outcome in CORRECT or facts.outcome in WRONG)


def distance_group(distance: int) -> str:
    """ "1", "2", "3" or "4+" for a numerical distance."""
    return str(distance) if distance < 4 else "4+"


def example_text(facts: ChoiceFacts) -> str | None:
    """A wrong comparison in a teacher's words; None for anything else."""
    if not is_judged(facts) or facts.outcome in CORRECT:
        return None
    if facts.outcome is Outcome.KEPT_HIGHER:
        return f"kept a {facts.highest_known} when a {facts.hand} came"
    return f"put a {facts.hand} on a {facts.replaced_known} and kept a {facts.highest_known}"


def memory_decided(facts: ChoiceFacts) -> bool:
    """A placing choice whose deciding card was known but out of sight, judged right or wrong.

    Right: replaced the remembered card above the hand (BEST, BETTER). Wrong: kept the hand
    card though a remembered card was higher (KEPT_HIGHER), or put it on a remembered card
    that was lower or equal (REPLACED_LOWER, REPLACED_EQUAL).
    """
    return (
        facts.kind is ChoiceKind.PLACE
        and facts.needed_memory
        and (facts.outcome in CORRECT or facts.outcome in WRONG)
    )


def contradicted(facts: ChoiceFacts) -> bool:
    """The choice went against a card the child had seen but could not see then."""
    return memory_decided(facts) and facts.outcome in WRONG


def contradicted_pair(facts: ChoiceFacts) -> str | None:
    """The family pair of the hand and the card the choice went against, "cat-rat" etc."""
    other = facts.highest_known if facts.outcome is Outcome.KEPT_HIGHER else facts.replaced_known
    if facts.hand is None or other is None or facts.hand >= 10 or other >= 10:
        return None
    pair = sorted((str(family(facts.hand)), str(family(other))))
    return f"{pair[0]}-{pair[1]}"


def memory_text(facts: ChoiceFacts) -> str:
    """A contradiction in a teacher's words: "put a 6 on their 1"."""
    if facts.outcome is Outcome.KEPT_HIGHER:
        return f"threw away a {facts.hand} though their {facts.highest_known} was higher"
    return f"put a {facts.hand} on their {facts.replaced_known}"


def swap_hit(facts: ChoiceFacts) -> bool:
    """A SWAP that took a known low card, lower than the one given."""
    return (
        facts.other_known is not None
        and facts.other_known <= LOW_CARD
        and (facts.replaced_known is None or facts.other_known < facts.replaced_known)
    )


# What each record counts toward: (key, hits, chances).

Count = tuple[str, int, int]


def choice_counts(facts: ChoiceFacts) -> Iterator[Count]:
    """The counts one choice adds to."""
    yield "choice", 0, 1
    if is_judged(facts):
        assert facts.distance is not None and facts.hand is not None
        right = int(facts.outcome in CORRECT)
        yield "cmp", right, 1
        yield "best", int(facts.outcome is Outcome.BEST), 1
        yield f"dist:{distance_group(facts.distance)}", right, 1
        yield f"fam:{facts.family_pair or ''}", right, 1
        yield f"pair:{int(facts.hand)}:{facts.highest_known}", 1 - right, 1
        text = example_text(facts)
        if text is not None:
            yield f"slip:{facts.family_pair or ''}:{int(facts.needed_memory)}:{text}", 0, 1
    if memory_decided(facts):
        pair = contradicted_pair(facts) if contradicted(facts) else None
        yield "mem", int(pair is None), 1
        if pair is not None:
            yield f"memslip:{pair}:{memory_text(facts)}", 0, 1
    if facts.kind is ChoiceKind.SOURCE and facts.level in PEEK_LEVELS:
        yield "turn", 0, 1
    if facts.action is ActionKind.SWAP and facts.level != "ultra_peek":
        yield "swap", int(swap_hit(facts)), 1
    if facts.kind is ChoiceKind.FINISH and facts.called:
        yield "call", int(facts.rank == 1), 1


def look_counts(look: LookRecord) -> Iterator[Count]:
    """The counts one look adds to (only looks at the Peek levels count)."""
    if look.level in PEEK_LEVELS:
        yield "look", 0, 1


def count_counts(count: CountRecord) -> Iterator[Count]:
    """The counts one end-of-round count adds to: each judged stack, the typed total."""
    for numeral, cubes in zip(count.numerals, count.cubes, strict=True):
        if cubes is not None and numeral in NUMERALS:
            yield f"stack:{numeral}", int(cubes == numeral), 1
    if count.typed_total is not None:
        error = abs(count.typed_total - count.true_total)
        yield "total", int(error == 0), 1
        yield "total:off1", int(error == 1), 1
        yield "total:err", error, 1


def round_counts(result: RoundRecord) -> Iterator[Count]:
    """The counts one round result adds to (a game counts once, at its first round)."""
    yield "round", int(result.won), 1
    if result.called:
        yield "calledround", int(result.won), 1
    if result.round_number == 1:
        yield "game", 0, 1


@dataclass(frozen=True, slots=True)
class Tally:
    """The counts of one key, for one child, on one day, at one level."""

    day: date
    level: str
    key: str
    hits: int
    chances: int


def tally(
    choices: Iterable[ChoiceRecord] = (),
    looks: Iterable[LookRecord] = (),
    counts: Iterable[CountRecord] = (),
    rounds: Iterable[RoundRecord] = (),
) -> list[Tally]:
    """The records' counts summed per day, level and key (one child's, or anyone's)."""
    hits: Counter[tuple[date, str, str]] = Counter()
    chances: Counter[tuple[date, str, str]] = Counter()

    def add(day: date, level: str, found: Iterable[Count]) -> None:
        for key, hit, chance in found:
            hits[day, level, key] += hit
            chances[day, level, key] += chance

    for choice in choices:
        add(choice.when.date(), choice.facts.level, choice_counts(choice.facts))
    for look in looks:
        add(look.when.date(), look.level, look_counts(look))
    for count in counts:
        add(count.when.date(), count.level, count_counts(count))
    for result in rounds:
        add(result.when.date(), result.level, round_counts(result))
    return [
        Tally(day, level, key, hits[day, level, key], n) for (day, level, key), n in chances.items()
    ]


def within(
    tallies: Iterable[Tally], start: date, end: date, level: str | None = None
) -> list[Tally]:
    """The tallies of `start` to `end` (both included), at one level if given."""
    return [t for t in tallies if start <= t.day <= end and (level is None or t.level == level)]


class Sums:
    """Tallies added up over whatever they were chosen from: key -> hits, chances."""

    def __init__(self, tallies: Iterable[Tally] = ()) -> None:
        self.hits: Counter[str] = Counter()
        self.chances: Counter[str] = Counter()
        for found in tallies:
            self.hits[found.key] += found.hits
            self.chances[found.key] += found.chances

    @classmethod
    def of(
        cls,
        choices: Iterable[ChoiceRecord] = (),
        looks: Iterable[LookRecord] = (),
        counts: Iterable[CountRecord] = (),
        rounds: Iterable[RoundRecord] = (),
    ) -> Sums:
        """The sums of some records."""
        return cls(tally(choices, looks, counts, rounds))

    def rate(self, key: str, minimum: int) -> Rate:
        """Hits of chances under one key, as a Rate."""
        return rate(self.hits[key], self.chances[key], minimum)

    def mean(self, key: str, minimum: int) -> Mean:
        """The hits of one key averaged over its chances (a sum of values kept in hits)."""
        return Mean(float(self.hits[key]), self.chances[key], minimum)

    def keys(self, prefix: str) -> list[str]:
        """The keys starting with `prefix` that have chances, sorted."""
        return sorted(k for k, n in self.chances.items() if n and k.startswith(prefix))
