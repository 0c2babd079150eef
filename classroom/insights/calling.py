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

from .measures import MIN_CALLS, Flag, FlagKind, Rate
from .records import ChoiceRecord, RoundRecord
from .tallies import Sums

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
    return calling_of(Sums.of(choices, rounds=rounds))


def calling_of(sums: Sums) -> Calling:
    """How well the child's calls were timed, from tallies."""
    lowest_at_call = sums.rate("call", MIN_CALLS)
    won = sums.rate("calledround", MIN_CALLS)
    calls = lowest_at_call.chances
    too_early = lowest_at_call.misses
    flag = None
    # Where round results are given they must agree: mostly lost the rounds they called.
    lost = not won.chances or (won.value is not None and won.value < LOST_FLAG)
    if lowest_at_call.enough and too_early / calls >= TOO_EARLY_FLAG and lost:
        rounds_part = (
            f" and won only {won.hits} of the {won.chances} rounds they called"
            if won.chances
            else ""
        )
        flag = Flag(
            FlagKind.CALLING,
            f'Called "Rat-a-Tat-Cat" {too_early} of {calls} times without the lowest '
            f"score{rounds_part}.",
        )
    return Calling(lowest_at_call, won, too_early, flag)
