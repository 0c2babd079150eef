"""Flags that fade: a flag raised over a period says when its habit was last seen, and stops
counting as active once the child has had enough chances since without it ("not seen since
29 Oct"). A recommendation never says "move up" while an active flag says otherwise: it
names what to work on instead (docs/insights.md, "Flags that fade").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from classroom.game import Level

from .counting import NUMERALS
from .measures import MIN_CALLS, MIN_CUBES, MIN_GROUP, MIN_MEMORY, MIN_TOTALS, Flag, FlagKind
from .readiness import Move, Recommendation
from .tallies import Tally

# The tally keys whose misses are each flag's habit (hits are the right answers).
HABIT_KEYS: dict[FlagKind, tuple[str, ...]] = {
    FlagKind.CAT_VERSUS_RAT: ("fam:cat-cat",),
    FlagKind.MEMORY: ("mem",),
    FlagKind.COUNTING: tuple(f"stack:{n}" for n in NUMERALS),
    FlagKind.ADDING: ("total",),
    FlagKind.CALLING: ("call",),
}
# How many chances without a slip, after the last one, fade a flag: the figure's own minimum.
FADE_AFTER: dict[FlagKind, int] = {
    FlagKind.CAT_VERSUS_RAT: MIN_GROUP,
    FlagKind.MEMORY: MIN_MEMORY,
    FlagKind.COUNTING: MIN_CUBES,
    FlagKind.ADDING: MIN_TOTALS,
    FlagKind.CALLING: MIN_CALLS,
}
# What a child works on while a flag is active, in a teacher's words.
WORK_ON: dict[FlagKind, str] = {
    FlagKind.CAT_VERSUS_RAT: "comparing two cat cards (0 to 6), such as 3 and 4",
    FlagKind.MEMORY: "remembering cards once they are face down",
    FlagKind.COUNTING: "building cube bars as long as the number on the card",
    FlagKind.ADDING: "adding up the four cards",
    FlagKind.CALLING: 'calling "Rat-a-Tat-Cat" only with a low score',
}


def habit_keys() -> tuple[str, ...]:
    """Every tally key a flag's habit is read from."""
    return tuple(key for keys in HABIT_KEYS.values() for key in keys)


@dataclass(frozen=True, slots=True)
class FlagState:
    """A raised flag, the last day its habit was seen, and the chances since then."""

    flag: Flag
    last_seen: date | None  # None: the day is not known (no daily tallies of its habit)
    chances_since: int  # chances of the habit after `last_seen`, all without a slip
    needed: int  # chances without a slip that fade the flag

    @property
    def kind(self) -> FlagKind:
        """What the flag is about."""
        return self.flag.kind

    @property
    def active(self) -> bool:
        """True while the habit was seen recently: fewer than `needed` clean chances since."""
        return self.last_seen is None or self.chances_since < self.needed

    def seen_text(self) -> str:
        """ "last seen 12 Nov" (active) or "not seen since 29 Oct" (faded)."""
        if self.last_seen is None:
            return ""
        day = f"{self.last_seen:%-d %b}"
        return f"last seen {day}" if self.active else f"not seen since {day}"


def flag_states(flags: Sequence[Flag], daily: Iterable[Tally]) -> tuple[FlagState, ...]:
    """Each raised flag with when its habit was last seen, from the period's tallies day by
    day (any level); a flag whose habit has had `FADE_AFTER` clean chances since fades."""
    misses: dict[str, dict[date, int]] = defaultdict(lambda: defaultdict(int))
    chances: dict[str, dict[date, int]] = defaultdict(lambda: defaultdict(int))
    for t in daily:
        misses[t.key][t.day] += t.chances - t.hits
        chances[t.key][t.day] += t.chances
    states = []
    for flag in flags:
        keys = HABIT_KEYS[flag.kind]
        slip_days = [day for key in keys for day, n in misses[key].items() if n > 0]
        last = max(slip_days, default=None)
        since = (
            0
            if last is None
            else sum(n for key in keys for day, n in chances[key].items() if day > last)
        )
        states.append(FlagState(flag, last, since, FADE_AFTER[flag.kind]))
    return tuple(states)


def active_flags(states: Iterable[FlagState]) -> tuple[FlagState, ...]:
    """The flags still active (their habit seen over the last chances)."""
    return tuple(state for state in states if state.active)


def settled(
    recommendation: Recommendation, states: Iterable[FlagState], level: Level
) -> Recommendation:
    """The recommendation, never "move up" while an active flag says otherwise: then stay and
    work on what the flag names first."""
    blocking = active_flags(states)
    if recommendation.move is not Move.UP or not blocking:
        return recommendation
    work = " and ".join(WORK_ON[state.kind] for state in blocking)
    evidence = recommendation.sentence.split(": ", 1)[-1].rstrip(".")
    return replace(
        recommendation,
        move=Move.STAY,
        level=level,
        sentence=f"Stay at {level.label} and work on {work} first ({evidence}).",
    )
