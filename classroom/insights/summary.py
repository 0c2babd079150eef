"""One child's summary: everything a class overview row (and the top of a child's page) needs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum

from classroom.game import Level

from .calling import Calling, calling_of
from .comparison import (
    CatVersusRat,
    Errors,
    Example,
    by_distance_of,
    by_family_of,
    by_ratio_of,
    cat_versus_rat_of,
    errors_of,
    examples,
    slips_of,
)
from .counting import Adding, Hints, Numerals, adding_of, hints_of, numerals_of
from .discrimination import Telling, telling_of
from .measures import MIN_COMPARISONS, Flag, Mean, Rate
from .memory import (
    Memory,
    contradictions_of,
    looks_per_turn_of,
    memory_examples,
    memory_of,
    swap_targeting_of,
)
from .readiness import Recommendation, readiness_of
from .records import ChoiceRecord, CountRecord, LookRecord, RoundRecord
from .tallies import Sums, Tally, tally, within
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
    accuracy: Rate  # comparison accuracy over the period, with its chance level
    # Tells which card is lower? Discrimination and bias of the drawn cards compared.
    telling: Telling
    trend: Trend | None  # None when either fortnight has too few comparisons
    errors: Errors  # omissions and commissions, each with its chance level
    by_distance: dict[str, Rate]
    by_ratio: dict[str, Rate]
    by_family: dict[str, Rate]
    best: Rate
    cats: CatVersusRat
    memory: Memory
    looks_per_turn: Mean
    swap_targeting: Rate
    numerals: Numerals
    adding: Adding
    hints: Hints
    calling: Calling
    flags: tuple[Flag, ...]
    recommendation: Recommendation


def trend(choices: Sequence[ChoiceRecord], today: date) -> Trend | None:
    """Up, steady or down: the last two weeks' comparison accuracy against the two before."""
    return trend_of(tally(choices), today)


def trend_of(tallies: Iterable[Tally], today: date) -> Trend | None:
    """Up, steady or down, from the tallies of the last four weeks up to `today`."""
    tallies = list(tallies)
    last = Sums(within(tallies, today - timedelta(days=13), today)).rate("cmp", MIN_COMPARISONS)
    before = Sums(within(tallies, today - timedelta(days=27), today - timedelta(days=14))).rate(
        "cmp", MIN_COMPARISONS
    )
    if last.value is None or before.value is None:
        return None
    if last.value - before.value >= TREND_STEP:
        return Trend.UP
    if before.value - last.value >= TREND_STEP:
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
    week = today - timedelta(days=6)
    summary = summary_of(
        level,
        tally(choices, looks, counts, rounds),
        today=today,
        cat_slips=examples(choices, "cat-cat"),
        contradictions=memory_examples(choices),
    )
    # Records name their games, so a game counts even before its first round is over.
    return replace(
        summary,
        games=count_games(choices, counts, rounds),
        games_this_week=count_games(
            in_range(choices, week, today),
            in_range(counts, week, today),
            in_range(rounds, week, today),
        ),
    )


def summary_of(
    level: Level | str,
    tallies: Iterable[Tally],
    *,
    today: date,
    recent: Iterable[Tally] | None = None,
    cat_slips: Sequence[Example] | None = None,
    contradictions: Sequence[Example] | None = None,
) -> ChildSummary:
    """Every measure of one child from the tallies of the period the teacher chose.

    `recent` are the tallies of the four weeks up to `today` when the period does not cover
    them (the trend and the recommendation are about now, whatever the period). Examples
    come from the tallies unless given (records know the moment and the game; tallies only
    the day).
    """
    level = Level.parse(level)
    tallies = list(tallies)
    recent = tallies if recent is None else list(recent)
    sums = Sums(tallies)
    if cat_slips is None:
        cat_slips = slips_of(tallies, "cat-cat")
    if contradictions is None:
        contradictions = contradictions_of(tallies)
    cats = cat_versus_rat_of(sums, cat_slips)
    remembered = memory_of(sums, contradictions, cat_versus_rat=cats.pattern)
    counted = numerals_of(sums)
    added = adding_of(sums)
    called = calling_of(sums)
    accuracy = sums.rate("cmp", MIN_COMPARISONS)
    flags = tuple(
        flag
        for flag in (cats.flag, remembered.flag, counted.flag, added.flag, called.flag)
        if flag is not None
    )
    return ChildSummary(
        level=level,
        games=sums.chances["game"],
        games_this_week=Sums(within(recent, today - timedelta(days=6), today)).chances["game"],
        accuracy=accuracy,
        telling=telling_of(sums, accuracy),
        trend=trend_of(recent, today),
        errors=errors_of(sums),
        by_distance=by_distance_of(sums),
        by_ratio=by_ratio_of(sums),
        by_family=by_family_of(sums),
        best=sums.rate("best", MIN_COMPARISONS),
        cats=cats,
        memory=remembered,
        looks_per_turn=looks_per_turn_of(sums),
        swap_targeting=swap_targeting_of(sums),
        numerals=counted,
        adding=added,
        hints=hints_of(sums),
        calling=called,
        flags=flags,
        recommendation=readiness_of(level, recent, today=today),
    )
