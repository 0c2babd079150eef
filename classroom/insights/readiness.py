"""Level readiness: move up, stay or move down a level, with the evidence in one sentence a
teacher can check (DESIGN.md, "Insights": the teacher decides).

Only the child's recent choices at their current level count (by default the last 2 weeks).
Moving needs MIN_READINESS judged comparisons in that window:
- up when at least UP_ACCURACY of them were right, cat-cat pairs included (at least
  UP_CAT_CAT of MIN_GROUP or more), and, where memory is asked (Outside Peek, Standard),
  no memory flag (memory.memory);
- down when fewer than DOWN_ACCURACY were right, or (Outside Peek, Standard) when at
  least DOWN_MEMORY of the choices that needed memory went against a seen card;
- otherwise stay, saying what is missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from classroom.game import Level

from .comparison import by_family_of, cat_pattern
from .measures import MIN_CAT_FLAG, MIN_GROUP, MIN_READINESS
from .memory import contradictions_of, memory_of
from .records import ChoiceRecord
from .tallies import Sums, Tally, tally, within

UP_ACCURACY = 0.85
UP_CAT_CAT = 0.75
DOWN_ACCURACY = 0.6
DOWN_MEMORY = 0.3
ORDER = (Level.ULTRA_PEEK, Level.PEEK, Level.OUTSIDE_PEEK, Level.STANDARD)


class Move(StrEnum):
    """What the evidence suggests."""

    UP = "up"
    STAY = "stay"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class Recommendation:
    """A move, the level it leads to, and the evidence in one sentence."""

    move: Move
    level: Level  # the level the child would play at (their own level when staying)
    sentence: str


def readiness(
    level: Level | str, choices: Sequence[ChoiceRecord], *, today: date, weeks: int = 2
) -> Recommendation:
    """Move up, stay or move down, from the recent choices at the child's level."""
    return readiness_of(level, tally(choices), today=today, weeks=weeks)


def readiness_of(
    level: Level | str, tallies: Iterable[Tally], *, today: date, weeks: int = 2
) -> Recommendation:
    """Move up, stay or move down, from the tallies of the child's recent days at their level."""
    level = Level.parse(level)
    window = within(tallies, today - timedelta(weeks=weeks) + timedelta(days=1), today, level.value)
    sums = Sums(window)
    span = f"in the last {weeks} weeks" if weeks != 1 else "in the last week"
    comparisons = sums.rate("cmp", MIN_READINESS)
    index = level.number - 1
    up = ORDER[index + 1] if index + 1 < len(ORDER) else None
    down = ORDER[index - 1] if index > 0 else None
    if not comparisons.enough:
        return Recommendation(
            Move.STAY,
            level,
            f"Stay at {level.label}: {comparisons.chances} of the {MIN_READINESS} comparisons "
            f"needed {span}.",
        )
    right = f"{comparisons.hits} of {comparisons.chances} comparisons right {span}"
    value = comparisons.value
    assert value is not None
    families = by_family_of(sums, MIN_CAT_FLAG)
    pattern = cat_pattern(families["cat-cat"], families["cat-rat"])
    memory_asked = level in (Level.OUTSIDE_PEEK, Level.STANDARD)
    remembered = (
        memory_of(sums, contradictions_of(window), cat_versus_rat=pattern) if memory_asked else None
    )
    held = remembered.held if remembered is not None else None
    if down is not None and value < DOWN_ACCURACY:
        return Recommendation(Move.DOWN, down, f"Move down to {down.label}: only {right}.")
    slips = None if held is None or held.value is None else 1 - held.value
    if down is not None and held is not None and slips is not None and slips >= DOWN_MEMORY:
        return Recommendation(
            Move.DOWN,
            down,
            f"Move down to {down.label}: {held.misses} of {held.chances} choices {span} "
            f"went against a card they had seen ({right}).",
        )
    cat_cat = by_family_of(sums, MIN_GROUP)["cat-cat"]
    cat_ok = cat_cat.value is not None and cat_cat.value >= UP_CAT_CAT
    memory_ok = remembered is None or remembered.flag is None
    if value >= UP_ACCURACY and cat_ok and memory_ok:
        if up is None:
            return Recommendation(
                Move.STAY, level, f"Stay at {level.label}, the top level: {right}."
            )
        return Recommendation(
            Move.UP,
            up,
            f"Move up to {up.label}: {right}, cat-cat pairs included ({cat_cat.text()}).",
        )
    if value < UP_ACCURACY:
        missing = f"moving up needs {UP_ACCURACY:.0%} right"
    elif not cat_cat.enough:
        missing = f"too few cat-cat pairs yet ({cat_cat.chances} of {MIN_GROUP})"
    elif not cat_ok:
        missing = f"cat-cat pairs only {cat_cat.text()} right"
    else:
        assert held is not None
        missing = f"{held.misses} of {held.chances} choices went against a card they had seen"
    return Recommendation(Move.STAY, level, f"Stay at {level.label}: {right}; {missing}.")
