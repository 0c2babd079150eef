"""Calling "Rat-a-Tat-Cat" (DESIGN.md, "Insights"): did the child call with the lowest score at
the table, and did they win the rounds they called?

"Too early" means the child's true score was not the lowest (ties share rank 1) at the
moment of the call (`ChoiceFacts.rank`); whether the round was then won comes from the
round's `RoundRecord`, since the others still play one more turn. A rank at the call is only
a hint (the child cannot see the others' cards), so the flag asks for both: mostly not lowest
when calling, and mostly lost the rounds they called.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .choices import ChoiceKind
from .measures import MIN_CALLS, Flag, FlagKind, Rate, rate
from .records import ChoiceRecord, RoundRecord

TOO_EARLY_FLAG = 0.5  # the calling flag: at least this share of calls made while not lowest,
LOST_FLAG = 0.5  # and (where round results are given) fewer than this share of those rounds won


@dataclass(frozen=True, slots=True)
class Calling:
    """Calls made while lowest, rounds won after calling, and the flag."""

    lowest_at_call: Rate
    won: Rate
    too_early: int
    flag: Flag | None


def calling(choices: Iterable[ChoiceRecord], rounds: Iterable[RoundRecord] = ()) -> Calling:
    """How well the child's calls were timed: lowest at the call, and won the round."""
    calls = [c.facts for c in choices if c.facts.kind is ChoiceKind.FINISH and c.facts.called]
    lowest = sum(f.rank == 1 for f in calls)
    lowest_at_call = rate(lowest, len(calls), MIN_CALLS)
    called_rounds = [r for r in rounds if r.called]
    won = rate(sum(r.won for r in called_rounds), len(called_rounds), MIN_CALLS)
    too_early = len(calls) - lowest
    flag = None
    # Where round results are given they must agree: mostly lost the rounds they called.
    lost = not called_rounds or (won.value is not None and won.value < LOST_FLAG)
    if lowest_at_call.enough and too_early / len(calls) >= TOO_EARLY_FLAG and lost:
        rounds_part = (
            f" and won only {won.hits} of the {won.chances} rounds they called"
            if called_rounds
            else ""
        )
        flag = Flag(
            FlagKind.CALLING,
            f'Called "Rat-a-Tat-Cat" {too_early} of {len(calls)} times without the lowest '
            f"score{rounds_part}.",
        )
    return Calling(lowest_at_call, won, too_early, flag)
