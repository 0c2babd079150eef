"""Tallies: what each record counts toward, summed per day, level and key (docs/insights.md).

Every measure is a share or a mean of counts, so the web side keeps these sums up to date as
records are written and a dashboard adds up a few rows per child and day instead of reading
every choice. The record-based measures (`comparison`, `memory`, `counting`, `calling`,
`readiness`, `summary`, `trends`, `grid`) tally their records and read the sums the same way,
so both roads give the same figures by construction.

A key names one count: "choice" (every choice), "cmp" (comparisons, hits = right),
"omission" and "commission" (comparisons, hits = that kind of error), "dist:1", "ratio:far",
"fam:cat-cat", "famdist:cat-cat:1" (a family pair at one distance), "pair:4:7" (hits = wrong),
"slip:<pair>:<memory 0/1>:<text>" (a wrong comparison in words), "mem", "memslip:<pair>:<text>",
"turn" and "look" (Peek levels), "swap", "call", "stack:<n>", "total", "total:off1",
"total:err" (hits = the sum of errors), "hint:cubes", "hint:total", "round", "calledround",
"game", and the signal-detection trials of a drawn card compared ("sdt:signal", "sdt:noise",
hits = put it in; per distance "sdt:signal:dist:1" and family pair "sdt:noise:fam:cat-rat";
discrimination.py). A comparison figure's key K has a twin "chance:K" whose hits are the
chance level summed over the same chances, in sixtieths (CHANCE_SCALE), so that it adds up exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date

from classroom.game import ActionKind, Level, family, is_power

from .choices import COMMISSION, CORRECT, OMISSION, WRONG, ChoiceFacts, ChoiceKind, Outcome
from .measures import CHANCE_SCALE, Mean, Rate, rate
from .records import ChoiceRecord, CountRecord, LookRecord, RoundRecord

# Where a child may turn own cards over (the engine says which levels).
PEEK_LEVELS = tuple(str(level) for level in Level if level.allows_looking)
LOW_CARD = 3  # a SWAP "targets a low card" when it takes a known card of 3 or less
NUMERALS = tuple(range(1, 10))  # the numerals judged in cube counting (0 gets no cubes)
DISTANCES = ("1", "2", "3", "4+")
# The smaller card over the larger: far apart (1 v 2, 3 v 9), in between (5 v 8), close (7 v 8).
RATIOS = ("far", "between", "close")
RATIO_LABELS = {"far": "half or less", "between": "half to 3/4", "close": "over 3/4"}
RATIO_WORDS = {
    "far": "half or less (like 1 and 2, or 3 and 9)",
    "between": "more than half, up to three quarters (like 2 and 3, or 5 and 8)",
    "close": "more than three quarters (like 4 and 5, or 8 and 9)",
}


# What a choice is, in the measures' terms.


def is_judged(facts: ChoiceFacts) -> bool:
    """A comparison: a choice that ordered the card in hand and a known card (`judged`)."""
    return facts.judged


def distance_group(distance: int) -> str:
    """ "1", "2", "3" or "4+" for a numerical distance."""
    return str(distance) if distance < 4 else "4+"


def ratio_group(ratio: float) -> str:
    """ "far", "between" or "close" for the smaller card over the larger (RATIO_WORDS)."""
    if ratio <= 0.5:
        return "far"
    return "between" if ratio <= 0.75 else "close"


def chance_of(facts: ChoiceFacts) -> int:
    """A comparison's chance level in sixtieths: the share of its options that were right."""
    return CHANCE_SCALE * facts.right_options // facts.options


def error_chances(facts: ChoiceFacts) -> tuple[int, int]:
    """In sixtieths, the chance of an omission and of a commission by tapping at random."""
    higher = facts.hand is not None and (facts.highest_known or 0) > facts.hand
    omission = int(higher and not facts.hand_from_discard)
    commission = facts.options - facts.right_options - omission
    return CHANCE_SCALE * omission // facts.options, CHANCE_SCALE * commission // facts.options


def a(card: object) -> str:
    """A card with its article, as a teacher says it: "a 4", "an 8"."""
    return f"an {card}" if str(card) == "8" else f"a {card}"


def example_text(facts: ChoiceFacts) -> str | None:
    """A wrong comparison in a teacher's words; None for anything else."""
    if not facts.judged or facts.error is None:
        return None
    if facts.error == OMISSION:
        return f"kept {a(facts.highest_known)} when {a(facts.hand)} came"
    higher = facts.hand is not None and (facts.highest_known or 0) > facts.hand
    kept = f" and kept {a(facts.highest_known)}" if higher else ""
    return f"put {a(facts.hand)} on {a(facts.replaced_known)}{kept}"


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
    if facts.hand is None or other is None or is_power(facts.hand) or is_power(other):
        return None
    pair = sorted((str(family(facts.hand)), str(family(other))))
    return f"{pair[0]}-{pair[1]}"


def memory_text(facts: ChoiceFacts) -> str:
    """A contradiction in a teacher's words: "put a 6 on their 1"."""
    if facts.outcome is Outcome.KEPT_HIGHER:
        return f"threw away {a(facts.hand)} though their {facts.highest_known} was higher"
    return f"put {a(facts.hand)} on their {facts.replaced_known}"


def memory_chance(facts: ChoiceFacts) -> int:
    """A memory choice's chance level in sixtieths: of the options that would have been judged
    for memory (putting the card on a known number card, or throwing it away though a known
    card was higher), the share that would have held (put it on a known card higher than it).
    Options on cards it could not know are guesses, never memory choices, and left out."""
    if facts.hand is None or is_power(facts.hand):
        return 0
    numbers = [int(c) for c in facts.known_line if c is not None and not is_power(c)]
    higher = sum(card > int(facts.hand) for card in numbers)
    options = len(numbers) + int(bool(higher) and not facts.hand_from_discard)
    return CHANCE_SCALE * higher // options if options else 0


def swap_hit(facts: ChoiceFacts) -> bool:
    """A SWAP that took a known low card, lower than the one given."""
    return (
        facts.other_known is not None
        and facts.other_known <= LOW_CARD
        and (facts.replaced_known is None or facts.other_known < facts.replaced_known)
    )


def trial_of(facts: ChoiceFacts) -> tuple[str, bool] | None:
    """("signal" or "noise", put it in?) for a comparison of a drawn card; None otherwise."""
    if not facts.judged or facts.hand_from_discard or facts.highest_known is None:
        return None
    if facts.hand is None:
        return None
    kind = "signal" if facts.highest_known > int(facts.hand) else "noise"
    kept = facts.outcome in (Outcome.KEPT_HIGHER, Outcome.KEPT_RIGHTLY)
    return kind, not kept


def trial_counts(facts: ChoiceFacts) -> Iterator[tuple[str, int, int]]:
    """The tally counts of one choice: "sdt:signal" / "sdt:noise" (hits = put it in), overall,
    per distance group ("sdt:signal:dist:1") and per family pair ("sdt:noise:fam:cat-rat")."""
    found = trial_of(facts)
    if found is None:
        return
    kind, put_in = found
    assert facts.distance is not None
    yield f"sdt:{kind}", int(put_in), 1
    yield f"sdt:{kind}:dist:{distance_group(facts.distance)}", int(put_in), 1
    yield f"sdt:{kind}:fam:{facts.family_pair or ''}", int(put_in), 1


# What each record counts toward: (key, hits, chances).

Count = tuple[str, int, int]


def choice_counts(facts: ChoiceFacts) -> Iterator[Count]:
    """The counts one choice adds to."""
    yield "choice", 0, 1
    if facts.judged:
        assert facts.distance is not None and facts.hand is not None and facts.ratio is not None
        right = int(facts.error is None)
        level = chance_of(facts)
        distance = distance_group(facts.distance)
        for key in (
            "cmp",
            f"dist:{distance}",
            f"ratio:{ratio_group(facts.ratio)}",
            f"fam:{facts.family_pair or ''}",
        ):
            yield key, right, 1
            yield f"chance:{key}", level, 1
        yield f"famdist:{facts.family_pair or ''}:{distance}", right, 1
        omission, commission = error_chances(facts)
        yield OMISSION, int(facts.error == OMISSION), 1
        yield f"chance:{OMISSION}", omission, 1
        yield COMMISSION, int(facts.error == COMMISSION), 1
        yield f"chance:{COMMISSION}", commission, 1
        if facts.chance:  # a known card was higher: did the child take the highest?
            yield "best", int(facts.outcome is Outcome.BEST), 1
            # Tapping at random picks a place holding the highest known card this often.
            yield "chance:best", CHANCE_SCALE * len(facts.best_positions) // facts.options, 1
        yield f"pair:{int(facts.hand)}:{facts.highest_known}", 1 - right, 1
        text = example_text(facts)
        if text is not None:
            yield f"slip:{facts.family_pair or ''}:{int(facts.needed_memory)}:{text}", 0, 1
        yield from trial_counts(facts)
    if memory_decided(facts):
        pair = contradicted_pair(facts) if contradicted(facts) else None
        yield "mem", int(pair is None), 1
        yield "chance:mem", memory_chance(facts), 1
        if pair is not None:
            yield f"memslip:{pair}:{memory_text(facts)}", 0, 1
    if facts.kind is ChoiceKind.SOURCE and facts.level in PEEK_LEVELS:
        yield "turn", 0, 1
    if facts.action is ActionKind.SWAP and not Level(facts.level).lines_face_up:
        yield "swap", int(swap_hit(facts)), 1
        if facts.swap_options:  # recorded since issue 41; older SWAPs have no chance level
            yield "swapchance", 1, 1
            yield "chance:swap", round(CHANCE_SCALE * facts.swap_right / facts.swap_options), 1
    if facts.kind is ChoiceKind.FINISH and facts.called:
        yield "call", int(facts.rank == 1), 1
        # The chance of being lowest at a table of this many seats (ties aside): one in two at
        # two seats, one in four at four. Kept apart from "chance:call", which would make the
        # figure a comparison's.
        yield "callchance", CHANCE_SCALE // (facts.seats_in_play or 2), 1


def look_counts(look: LookRecord) -> Iterator[Count]:
    """The counts one look adds to (only looks at the Peek levels count)."""
    if look.level in PEEK_LEVELS:
        yield "look", 0, 1


def count_counts(count: CountRecord) -> Iterator[Count]:
    """The counts one end-of-round count adds to: each judged stack, the typed total."""
    for numeral, cubes in zip(count.numerals, count.cubes, strict=True):
        if cubes is not None and numeral in NUMERALS:
            yield f"stack:{numeral}", int(cubes == numeral), 1
    if any(cubes is not None for cubes in count.cubes):
        yield "hint:cubes", int(bool(count.cube_hint)), 1  # None on a row not yet flushed
    if count.typed_total is not None:
        error = abs(count.typed_total - count.true_total)
        yield "total", int(error == 0), 1
        yield "total:off1", int(error == 1), 1
        yield "total:err", error, 1
        yield "hint:total", int(bool(count.total_hint)), 1


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
        """Hits of chances under one key, as a Rate (with its chance level, where it has one)."""
        found = rate(self.hits[key], self.chances[key], minimum)
        twin = f"chance:{key}"
        if self.chances[twin]:
            return found.with_chance(self.hits[twin] / CHANCE_SCALE)
        return found

    def mean(self, key: str, minimum: int) -> Mean:
        """The hits of one key averaged over its chances (a sum of values kept in hits)."""
        return Mean(float(self.hits[key]), self.chances[key], minimum)

    def keys(self, prefix: str) -> list[str]:
        """The keys starting with `prefix` that have chances, sorted."""
        return sorted(k for k, n in self.chances.items() if n and k.startswith(prefix))
