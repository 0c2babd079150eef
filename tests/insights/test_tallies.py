"""Tallies: the sums the web side keeps give exactly the figures the records give.

Simulated children of every habit play real games at every level; their records are tallied
per day, and every measure read from the tallies must equal the one read from the records
(examples only lose their moment and game: tallies keep the day).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from classroom.game import Level
from classroom.game.players.habits import Habit
from classroom.insights.comparison import WeeklyExample
from classroom.insights.grid import pair_grid, pair_grid_of
from classroom.insights.records import ChoiceRecord
from classroom.insights.simulate import Recorded, play_habit
from classroom.insights.summary import child_summary, summary_of
from classroom.insights.tallies import Sums, Tally, tally, within
from classroom.insights.trends import weekly, weekly_of
from tests.insights.factories import comparable

LEVELS = [level.value for level in Level]
HABITS = [habit.value for habit in Habit]


def played(habit: str, level: str, games: int = 12, seed: int = 3) -> Recorded:
    """A simulated child's records."""
    return play_habit(habit, level, games, seed=seed, child_id=f"{habit}-{level}")


def all_tallies(recorded: Recorded) -> list[Tally]:
    """Every record of one child, tallied."""
    return tally(recorded.choices, recorded.looks, recorded.counts, recorded.rounds)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("habit", HABITS)
def test_a_summary_from_tallies_equals_the_summary_from_records(habit: str, level: str) -> None:
    """Every figure, flag, sentence and recommendation is the same on both roads."""
    recorded = played(habit, level)
    today = max(c.when for c in recorded.choices).date()
    from_records = child_summary(
        level,
        recorded.choices,
        recorded.looks,
        recorded.counts,
        recorded.rounds,
        today=today,
    )
    from_tallies = summary_of(level, all_tallies(recorded), today=today)
    assert from_tallies.games == from_records.games > 0
    assert comparable(from_tallies) == comparable(from_records)


@pytest.mark.parametrize("level", ["peek", "standard"])
def test_weeks_from_tallies_equal_weeks_from_records(level: str) -> None:
    """The weekly trend points agree, empty weeks included."""
    recorded = played(Habit.FORGETFUL, level, games=20)
    start = recorded.choices[0].when.date() - timedelta(days=3)
    end = recorded.choices[-1].when.date() + timedelta(days=8)
    from_records = weekly(recorded.choices, recorded.looks, recorded.counts, start=start, end=end)
    from_tallies = weekly_of(all_tallies(recorded), start=start, end=end)
    assert from_tallies == from_records
    assert sum(p.games for p in from_tallies) == 20
    assert from_tallies[-1].games == 0  # the week after the last game is there, empty


def test_the_class_grid_from_tallies_equals_the_grid_from_records() -> None:
    """Pairs, wrong answers and how many children had each: the same from per-child tallies."""
    children = [played(habit, "peek", games=8, seed=i) for i, habit in enumerate(HABITS)]
    choices: list[ChoiceRecord] = [c for child in children for c in child.choices]
    from_records = pair_grid(choices)
    from_tallies = pair_grid_of(Sums(all_tallies(child)) for child in children)
    assert from_tallies == from_records
    assert from_tallies.cell(3, 4).children == len(
        [child for child in children if Sums(all_tallies(child)).chances["pair:3:4"]]
    )


def test_tallies_add_up_over_any_split_of_the_days() -> None:
    """A range's sums are the sums of its days: what the database adds up per request."""
    recorded = played(Habit.CATS_ALIKE, "outside_peek", games=15)
    tallies = all_tallies(recorded)
    days = sorted({t.day for t in tallies})
    middle = days[len(days) // 2]
    first = Sums(within(tallies, days[0], middle))
    second = Sums(within(tallies, middle + timedelta(days=1), days[-1]))
    whole = Sums(tallies)
    assert whole.chances == first.chances + second.chances
    assert whole.hits == first.hits + second.hits
    assert whole.chances["game"] == 15


def test_the_slips_of_a_week_are_counted_from_tallies() -> None:
    """ "kept a 4 when a 3 came, 5 times": the weekly counts survive tallying."""
    recorded = played(Habit.CATS_ALIKE, "ultra_peek", games=14)
    today = max(c.when for c in recorded.choices).date()
    from_records = child_summary("ultra_peek", recorded.choices, today=today).cats.per_week
    from_tallies = summary_of("ultra_peek", all_tallies(recorded), today=today).cats.per_week
    assert from_tallies == from_records
    assert from_tallies and all(isinstance(w, WeeklyExample) for w in from_tallies)
    assert any(w.text.startswith("kept a") and w.count >= 2 for w in from_tallies)


def test_recent_tallies_decide_the_trend_and_the_recommendation() -> None:
    """A period in the past still says what the child should do now, from `recent`."""
    recorded = played(Habit.CORRECT, "ultra_peek", games=30)
    tallies = all_tallies(recorded)
    today = max(t.day for t in tallies)
    old = within(tallies, min(t.day for t in tallies), min(t.day for t in tallies) + timedelta(6))
    summary = summary_of("ultra_peek", old, today=today, recent=tallies)
    now = summary_of("ultra_peek", tallies, today=today)
    assert summary.recommendation == now.recommendation
    assert summary.trend == now.trend
    assert summary.games == 7


def test_a_tally_names_its_day_level_and_key() -> None:
    """One kept 4 when a 3 came is a judged, wrong, cat-cat comparison at distance 1."""
    recorded = played(Habit.CATS_ALIKE, "ultra_peek", games=6)
    wrong = next(c for c in recorded.choices if c.facts.outcome == "kept_higher" and c.facts.chance)
    found: dict[str, Any] = {t.key: t for t in tally([wrong])}
    facts = wrong.facts
    assert found["cmp"].hits == 0 and found["cmp"].chances == 1
    assert found[f"pair:{facts.hand}:{facts.highest_known}"].hits == 1
    assert found[f"fam:{facts.family_pair}"].chances == 1
    slip = next(k for k in found if k.startswith("slip:"))
    assert slip.endswith(f"kept a {facts.highest_known} when a {facts.hand} came")
    assert {t.day for t in found.values()} == {wrong.when.date()}
    assert {t.level for t in found.values()} == {"ultra_peek"}
    assert date(2026, 9, 7) <= wrong.when.date()


def test_replacing_the_highest_known_card_has_a_chance_level() -> None:
    """A review found "Replaced the highest known card" without a chance level beside every
    other comparison figure: tapping at random picks the place holding it one time in
    `options` (here: throw away, the 9 at place 1, the 2 at place 2)."""
    from classroom.insights import Outcome
    from classroom.insights.tallies import CHANCE_SCALE, Sums, choice_counts
    from tests.insights.factories import compare

    chosen = compare(3, 9, Outcome.BEST, replaced=2)
    facts = chosen.facts
    assert facts.judged and facts.chance and facts.options == 3
    counts = {key: (hits, chances) for key, hits, chances in choice_counts(facts)}
    assert counts["best"] == (1, 1)
    assert counts["chance:best"] == (CHANCE_SCALE // 3, 1)
    best = Sums.of([chosen]).rate("best", 1)
    assert best.chance is not None and abs(best.chance - 1 / 3) < 1e-9
