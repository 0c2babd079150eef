"""Level readiness: move up, stay or move down a level, with the evidence in one sentence a
teacher can check (DESIGN.md, "Insights": the teacher decides).

Only the child's recent choices at their current level count (by default the last 2 weeks).
Moving needs MIN_READINESS comparisons in that window, and every sentence gives their chance
level (what tapping at random would have got right):
- up when at least UP_ACCURACY of them were right *and* clearly above chance
  (`Rate.above_chance`), the child tells which card is lower (discrimination's lower bound
  above zero, `discrimination.Telling`; cards 1 or 2 apart too, wherever there are enough of
  them to judge), cat-cat pairs included (at least UP_CAT_CAT of MIN_GROUP or more),
  and, where memory is asked (Outside Peek, Standard), no memory flag (memory.memory), and
  near numbers (1 or 2 apart, MIN_GROUP or more) not at chance: the distance effect;
- down when fewer than DOWN_ACCURACY were right, or they were not clearly above chance
  ("about what tapping at random would give"), or (Outside Peek, Standard) when at least
  DOWN_MEMORY of the choices that needed memory went against a seen card;
- otherwise stay, saying what is missing. A child at chance is never told to move up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from classroom.game import Level

from .comparison import by_family_of, pattern_of
from .discrimination import telling_of
from .measures import MIN_GROUP, MIN_READINESS, Rate, rate
from .memory import contradictions_of, memory_of
from .tallies import Sums, Tally, within

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
    # When the child stays only because there are too few comparisons in the window to move
    # either way: those comparisons ("13 of 20") and the window ("in the last 2 weeks").
    too_few: Rate | None = None
    span: str = ""
    # When the child stays although most comparisons are right: what holds them ("10 of 55
    # choices went against a card they had seen") and the comparisons ("367 of 377 ...").
    held_by: str = ""
    right: str = ""

    @property
    def evidence(self) -> str:
        """The sentence without its move ("Stay at Peek: "): what the move rests on."""
        return self.sentence.split(": ", 1)[-1]


def near_of(sums: Sums) -> Rate:
    """Comparisons of cards 1 or 2 apart, with their chance level (the hardest for a child
    who does not yet see the order of near numbers)."""
    groups = [sums.rate(f"dist:{group}", MIN_GROUP) for group in ("1", "2")]
    return rate(sum(r.hits for r in groups), sum(r.chances for r in groups), MIN_GROUP).with_chance(
        sum(r.chance or 0.0 for r in groups)
    )


def readiness_of(
    level: Level | str, tallies: Iterable[Tally], *, today: date, weeks: int = 2
) -> Recommendation:
    """Move up, stay or move down, from the tallies of the child's recent days at their level."""
    level = Level.parse(level)
    window = within(tallies, today - timedelta(weeks=weeks) + timedelta(days=1), today, level.value)
    sums = Sums(window)
    # The level is named: a child moved this fortnight has comparisons at their old level
    # too, which the page's other figures count ("17 of the 20 needed" beside "19 of 19").
    span = f"at {level.label} " + (
        f"in the last {weeks} weeks" if weeks != 1 else "in the last week"
    )
    comparisons = sums.rate("cmp", MIN_READINESS)
    index = level.number - 1
    up = ORDER[index + 1] if index + 1 < len(ORDER) else None
    down = ORDER[index - 1] if index > 0 else None
    if not comparisons.enough:
        more = MIN_READINESS - comparisons.chances  # "19 of 20 needed" read as 19 right
        return Recommendation(
            Move.STAY,
            level,
            f"Stay at {level.label}: needs {more} more "
            f"{'comparison' if more == 1 else 'comparisons'} {span} "
            f"({comparisons.chances} of the {MIN_READINESS} needed).",
            comparisons,
            span,
        )
    by_chance = (
        "" if comparisons.chance is None else f" (by chance about {round(comparisons.chance)})"
    )
    right = f"{comparisons.hits} of {comparisons.chances} comparisons right {span}{by_chance}"
    value = comparisons.value
    assert value is not None
    at_chance = comparisons.above_chance is False
    pattern = pattern_of(sums)
    memory_asked = level.asks_memory
    remembered = (
        memory_of(sums, contradictions_of(window), cat_versus_rat=pattern) if memory_asked else None
    )
    held = remembered.held if remembered is not None else None
    if at_chance:
        # At chance or clearly below it (a habit such as always replacing): never up.
        random = comparisons.verdict()
        if down is not None:
            return Recommendation(Move.DOWN, down, f"Move down to {down.label}: {right}, {random}.")
        return Recommendation(Move.STAY, level, f"Stay at {level.label}: {right}, {random}.")
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
    near = near_of(sums)
    near_ok = near.above_chance is not False
    # Accuracy rewards a lean: a child who puts every card in is right whenever the card in
    # hand is lower. Moving up needs discrimination clearly above zero, near cards included.
    told = telling_of(sums, comparisons)
    tells_ok = told.tells is True and told.near.tells is not False
    if value >= UP_ACCURACY and cat_ok and memory_ok and near_ok and tells_ok:
        if up is None:
            return Recommendation(
                Move.STAY, level, f"Stay at {level.label}, the top level: {right}."
            )
        return Recommendation(
            Move.UP,
            up,
            f"Move up to {up.label}: {right}, cat-cat pairs included ({cat_cat.text()}).",
        )
    if told.tells is False:
        missing = told.verdict()
    elif value < UP_ACCURACY:
        missing = f"moving up needs {UP_ACCURACY:.0%} right"
    elif not cat_cat.enough:
        missing = f"too few cat-cat pairs yet ({cat_cat.chances} of {MIN_GROUP})"
    elif not cat_ok:
        missing = f"cat-cat pairs only {cat_cat.text()} right"
    elif not near_ok:
        missing = (
            f"cards 1 or 2 apart {near.chance_text()}, about what tapping at random would give"
        )
    elif not tells_ok and told.tells is None:
        missing = f"not yet shown that they tell which card is lower ({told.verdict()})"
    elif not tells_ok:
        missing = f"cards 1 or 2 apart: {told.near.verdict()}"
    else:
        assert held is not None
        missing = f"{held.misses} of {held.chances} choices went against a card they had seen"
    return Recommendation(
        Move.STAY,
        level,
        f"Stay at {level.label}: {right}; {missing}.",
        held_by=missing,
        right=right,
    )
