"""One child's summary: everything a class overview row (and the top of a child's page) needs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from classroom.game import Level

from .calling import Calling, calling
from .comparison import (
    CatVersusRat,
    accuracy_by_distance,
    accuracy_by_family,
    best_share,
    cat_versus_rat,
    comparison_accuracy,
)
from .counting import Adding, Numerals, adding, numerals
from .measures import Flag, Mean, Rate
from .memory import Memory, looks_per_turn, memory, swap_targeting
from .readiness import Recommendation, readiness
from .records import ChoiceRecord, CountRecord, LookRecord, RoundRecord
from .trends import count_games, in_range

TREND_STEP = 0.1  # accuracy must move this much between two fortnights to count as a trend


class Trend(StrEnum):
    """Comparison accuracy of the last two weeks against the two weeks before."""

    UP = "up"
    STEADY = "steady"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class ChildSummary:
    """A child's level, games, accuracy with its trend, flags and recommendation."""

    level: Level
    games: int  # games in the period
    games_this_week: int  # games in the 7 days up to `today`
    accuracy: Rate  # comparison accuracy over the period
    trend: Trend | None  # None when either fortnight has too few comparisons
    by_distance: dict[str, Rate]
    by_family: dict[str, Rate]
    best: Rate
    cats: CatVersusRat
    memory: Memory
    looks_per_turn: Mean
    swap_targeting: Rate
    numerals: Numerals
    adding: Adding
    calling: Calling
    flags: tuple[Flag, ...]
    recommendation: Recommendation


def trend(choices: Sequence[ChoiceRecord], today: date) -> Trend | None:
    """Up, steady or down: the last two weeks' comparison accuracy against the two before."""
    last = comparison_accuracy(in_range(choices, today - timedelta(days=13), today)).value
    before = comparison_accuracy(
        in_range(choices, today - timedelta(days=27), today - timedelta(days=14))
    ).value
    if last is None or before is None:
        return None
    if last - before >= TREND_STEP:
        return Trend.UP
    if before - last >= TREND_STEP:
        return Trend.DOWN
    return Trend.STEADY


def child_summary(
    level: Level | str,
    choices: Sequence[ChoiceRecord],
    looks: Sequence[LookRecord] = (),
    counts: Sequence[CountRecord] = (),
    rounds: Sequence[RoundRecord] = (),
    *,
    today: date,
) -> ChildSummary:
    """Every measure of one child over the records given (the period the teacher chose)."""
    level = Level.parse(level)
    cats = cat_versus_rat(choices)
    remembered = memory(choices, cat_versus_rat=cats.pattern)
    counted = numerals(counts)
    added = adding(counts)
    called = calling(choices, rounds)
    week = today - timedelta(days=6)
    flags = tuple(
        flag
        for flag in (cats.flag, remembered.flag, counted.flag, added.flag, called.flag)
        if flag is not None
    )
    return ChildSummary(
        level=level,
        games=count_games(choices, counts, rounds),
        games_this_week=count_games(
            in_range(choices, week, today),
            in_range(counts, week, today),
            in_range(rounds, week, today),
        ),
        accuracy=comparison_accuracy(choices),
        trend=trend(choices, today),
        by_distance=accuracy_by_distance(choices),
        by_family=accuracy_by_family(choices),
        best=best_share(choices),
        cats=cats,
        memory=remembered,
        looks_per_turn=looks_per_turn(choices, looks),
        swap_targeting=swap_targeting(choices),
        numerals=counted,
        adding=added,
        calling=called,
        flags=flags,
        recommendation=readiness(level, choices, today=today),
    )
