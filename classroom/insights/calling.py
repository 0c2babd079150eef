"""Calling "Rat-a-Tat-Cat" (DESIGN.md, "Insights"): did the child call with the lowest score at
the table, and did they win the rounds they called?

"Too early" means the child's true score was not the lowest (ties share rank 1) at the
moment of the call (`ChoiceFacts.rank`); whether the round was then won comes from the
round's `RoundRecord`, since the others still play one more turn. A rank at the call is only
a hint (the child cannot see the others' cards), so the flag reads both together: the calls
made while lowest and the called rounds won, as one share, and the rounds won alone (where
round results are given) must be under the bar too.

That share is judged against the chance of being lowest at the table (`callchance`: one in
two at two seats, one in four at four, averaged over the calls). A child who calls at the
first chance without adding up has already bettered their line once, so at two seats they
are lowest at the call about three times in four, and a bar fixed at one half never flagged
them there. The bar is therefore set on the odds: the flag is raised when the odds of a call
coming out well are under CALL_ODDS times the odds of chance: 75 % at two seats, 60 % at
three and 50 % at four (the old bar of one half, kept at four seats). In the simulations
(docs/insights.md, "Calling") calls at the first chance come out well at about 1.3 to 2
times the odds of chance at every table size and level, and calls made after adding up at
about 5 times or more.
"""

from __future__ import annotations

from dataclasses import dataclass

from .measures import CHANCE_SCALE, MIN_CALLS, Flag, FlagKind, Rate
from .tallies import Sums

# The calling flag: calls made while lowest and called rounds won, together, at odds under
# this many times the odds of being lowest at the table by chance.
CALL_ODDS = 3
MIN_TOO_EARLY = 3  # and at least this many calls made without the lowest score


@dataclass(frozen=True, slots=True)
class Calling:
    """Calls made while lowest, rounds won after calling, and the flag."""

    lowest_at_call: Rate
    won: Rate
    too_early: int
    flag: Flag | None
    chance: float | None = None  # the chance of being lowest at the call's table, averaged
    bar: float | None = None  # the flag's bar for both shares together (see CALL_ODDS)


def calling_of(sums: Sums) -> Calling:
    """How well the child's calls were timed, from tallies."""
    lowest_at_call = sums.rate("call", MIN_CALLS)
    won = sums.rate("calledround", MIN_CALLS)
    calls = lowest_at_call.chances
    too_early = lowest_at_call.misses
    if not calls:
        return Calling(lowest_at_call, won, too_early, None)
    # Calls recorded before seats were counted in the tallies are taken as two seats (the
    # table size where chance is highest, so the bar is never set too low).
    unknown = calls - sums.chances["callchance"]
    chance = (sums.hits["callchance"] + CHANCE_SCALE // 2 * unknown) / (CHANCE_SCALE * calls)
    odds = CALL_ODDS * chance / (1 - chance)
    bar = odds / (1 + odds)
    came_out_well = lowest_at_call.hits + won.hits
    flag = None
    # Three calls without the lowest score at least: one or two unlucky calls are no habit.
    # Where round results are given, the called rounds must have been lost too often as well:
    # a child who wins the rounds they call is not calling too early, whatever the rank said.
    lost = not won.chances or (won.value is not None and won.value < bar)
    if (
        lowest_at_call.enough
        and too_early >= MIN_TOO_EARLY
        and came_out_well < bar * (calls + won.chances)
        and lost
    ):
        rounds_part = (
            f" and won only {won.hits} of the {won.chances} rounds they called"
            if won.chances
            else ""
        )
        if won.chances and won.hits < lowest_at_call.hits:
            # "5 of 25 without the lowest score, won only 17 of 25" reads as 20 calls with
            # the lowest score and 3 wins gone missing: say where they went.
            rounds_part += (
                " (after a call the others play one more turn, so a call made with the "
                "lowest score can still lose the round)"
            )
        # The share under the bar is named with its own figures: "the flag asks 75 %" beside
        # "Called with the lowest score 78 %" reads as a flag raised in error.
        counted = calls + won.chances
        share = (
            "Counted together, lowest at the call or the round won"
            if won.chances
            else "Lowest at the call"
        )
        flag = Flag(
            FlagKind.CALLING,
            f'Called "Rat-a-Tat-Cat" {too_early} of {calls} times without the lowest '
            f"score{rounds_part}. {share}: {came_out_well} of {counted} "
            f"({came_out_well / counted:.0%}), where the flag asks {bar:.0%}, "
            f"since at tables of this size a seat is lowest about {chance:.0%} of the time "
            "by chance alone, and calls made after adding up come out well far more often.",
        )
    return Calling(lowest_at_call, won, too_early, flag, chance, bar)
