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
from datetime import datetime, time

from .comparison import Example, common_text
from .measures import (
    CHANCE_SCALE,
    MIN_MEMORY,
    MIN_SWAPS,
    MIN_TURNS,
    Flag,
    FlagKind,
    Mean,
    Rate,
    rate,
)
from .records import ChoiceRecord
from .tallies import (
    LOW_CARD,
    PEEK_LEVELS,
    Sums,
    Tally,
    contradicted,
    contradicted_pair,
    memory_decided,
    memory_text,
)

# Their home is tallies.py; named here too, where the memory measures are described.
__all__ = ["LOW_CARD", "PEEK_LEVELS", "contradicted", "memory_decided"]

MEMORY_SLIPS = 0.1  # the memory flag: at least this share of memory choices contradicted...
MEMORY_SLIPS_AT_LEAST = 2  # ...and at least this many of them


def looks_per_turn_of(sums: Sums) -> Mean:
    """Looks at own cards per turn at the Peek levels, from tallies."""
    return Mean(float(sums.chances["look"]), sums.chances["turn"], MIN_TURNS)


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
    return memory_of(Sums.of(choices), memory_examples(choices), cat_versus_rat=cat_versus_rat)


def memory_examples(choices: Iterable[ChoiceRecord]) -> list[Example]:
    """Every choice that went against a seen card (with a family pair), in words."""
    found = []
    for choice in choices:
        facts = choice.facts
        pair = contradicted_pair(facts) if contradicted(facts) else None
        if pair is not None:
            found.append(
                Example(choice.when, choice.game_id, memory_text(facts), pair, needed_memory=True)
            )
    return found


def contradictions_of(tallies: Iterable[Tally]) -> list[Example]:
    """The contradictions kept in tallies, oldest first, each dated at midnight of its day."""
    found: list[Example] = []
    for t in sorted(tallies, key=lambda t: (t.day, t.key)):
        if t.key.startswith("memslip:"):
            _, pair, text = t.key.split(":", 2)
            when = datetime.combine(t.day, time.min)
            found.extend(
                Example(when, "", text, pair, needed_memory=True) for _ in range(t.chances)
            )
    return found


def memory_of(sums: Sums, found: Sequence[Example], *, cat_versus_rat: bool = False) -> Memory:
    """Memory from tallies and every contradiction (with a family pair), oldest first."""
    left_out = sum(e.family_pair == "cat-cat" for e in found) if cat_versus_rat else 0
    if cat_versus_rat:
        found = [e for e in found if e.family_pair != "cat-cat"]
    chances = sums.chances["mem"] - left_out
    found = sorted(found, key=lambda e: e.when)
    held = rate(chances - len(found), chances, MIN_MEMORY)
    if sums.chances["chance:mem"]:
        # The chance level of the same choices (the cat-cat ones left out take their share).
        level = sums.hits["chance:mem"] / CHANCE_SCALE
        held = held.with_chance(level * chances / sums.chances["mem"] if chances else 0.0)
    flag = None
    value = held.value
    # Slips against seen cards are a memory habit only for a child whose memory choices are
    # better than tapping at random: at chance they say the child does not compare yet (the
    # comparisons say so), and a random tapper would raise the flag too.
    if (
        value is not None
        and 1 - value >= MEMORY_SLIPS
        and len(found) >= MEMORY_SLIPS_AT_LEAST
        and held.above_chance is not False
    ):
        common = common_text(found)
        flag = Flag(
            FlagKind.MEMORY,
            f"{len(found)} of {chances} choices went against a card they had seen"
            f' but could not see then; for example "{common}".',
            common,
        )
    return Memory(held, tuple(found), flag, left_out)


def swap_targeting_of(sums: Sums) -> Rate:
    """Swap targeting from tallies, with its chance level when every SWAP counted recorded
    the pairs open then (SWAPs recorded before issue 41 did not: then no chance level)."""
    found = rate(sums.hits["swap"], sums.chances["swap"], MIN_SWAPS)
    if found.chances and sums.chances["swapchance"] == found.chances:
        return found.with_chance(sums.hits["chance:swap"] / CHANCE_SCALE)
    return found
