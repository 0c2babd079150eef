"""Memory (DESIGN.md, "Insights"): how often a child looks at their cards at the Peek levels,
choices that went against a card they had seen but could not see then, and SWAPs aimed at a
low card an opponent took from the DISCARD pile.

"Had seen" is RULES.md R13's "could be remembered": `ChoiceFacts.known_line`. A card is
*in memory* when it is known but neither face up nor one the child may turn over
(`on_screen`): at Standard every known card, at Outside Peek the middle ones. A choice
*needed memory* when the card that decides it was in memory (`ChoiceFacts.needed_memory`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from classroom.game import ActionKind, family

from .choices import CORRECT, WRONG, ChoiceFacts, ChoiceKind, Outcome
from .comparison import Example
from .measures import MIN_MEMORY, MIN_SWAPS, MIN_TURNS, Flag, FlagKind, Mean, Rate, rate
from .records import ChoiceRecord, LookRecord

PEEK_LEVELS = ("peek", "outside_peek")  # where a child may turn own cards over
LOW_CARD = 3  # a SWAP "targets a low card" when it takes a known card of 3 or less
MEMORY_SLIPS = 0.1  # the memory flag: at least this share of memory choices contradicted...
MEMORY_SLIPS_AT_LEAST = 2  # ...and at least this many of them


def looks_per_turn(choices: Iterable[ChoiceRecord], looks: Iterable[LookRecord]) -> Mean:
    """Looks at own cards per turn, at the Peek levels (a turn starts with a SOURCE choice)."""
    turns = sum(c.facts.kind is ChoiceKind.SOURCE and c.facts.level in PEEK_LEVELS for c in choices)
    count = sum(look.level in PEEK_LEVELS for look in looks)
    return Mean(float(count), turns, MIN_TURNS)


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


@dataclass(frozen=True, slots=True)
class Memory:
    """Choices that needed memory, those that went against a seen card, and the flag."""

    held: Rate  # memory choices that did not contradict a seen card
    contradictions: tuple[Example, ...]
    flag: Flag | None
    left_out_cat_cat: int  # cat-cat contradictions counted under cat-versus-rat instead


def memory(choices: Sequence[ChoiceRecord], *, cat_versus_rat: bool = False) -> Memory:
    """Choices made with a seen card out of sight: how many went against it, with examples.

    With `cat_versus_rat` (the child's comparisons show that pattern, `CatVersusRat.pattern`),
    cat-cat contradictions are left out: a child who thinks all cats alike makes them with a
    perfect memory too.
    """
    chances = 0
    found: list[Example] = []
    left_out = 0
    for choice in choices:
        facts = choice.facts
        if not memory_decided(facts):
            continue
        pair = contradicted_pair(facts) if contradicted(facts) else None
        if cat_versus_rat and pair == "cat-cat":
            left_out += 1
            continue
        chances += 1
        if pair is not None:
            found.append(
                Example(choice.when, choice.game_id, memory_text(facts), pair, needed_memory=True)
            )
    found.sort(key=lambda e: e.when)
    held = rate(chances - len(found), chances, MIN_MEMORY)
    flag = None
    value = held.value
    if value is not None and 1 - value >= MEMORY_SLIPS and len(found) >= MEMORY_SLIPS_AT_LEAST:
        example = f'; for example "{found[-1].text}"' if found else ""
        flag = Flag(
            FlagKind.MEMORY,
            f"{len(found)} of {chances} choices went against a card they had seen"
            f" but could not see then{example}.",
        )
    return Memory(held, tuple(found), flag, left_out)


def swap_targeting(choices: Iterable[ChoiceRecord]) -> Rate:
    """SWAPs made (away from Ultra-Peek) that took a known low card, lower than the one given."""
    swaps = [
        c.facts
        for c in choices
        if c.facts.action is ActionKind.SWAP and c.facts.level != "ultra_peek"
    ]
    hits = sum(
        f.other_known is not None
        and f.other_known <= LOW_CARD
        and (f.replaced_known is None or f.other_known < f.replaced_known)
        for f in swaps
    )
    return rate(hits, len(swaps), MIN_SWAPS)
