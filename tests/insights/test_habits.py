"""Validation: simulated children with known habits play real games through the engine, and
the insights tell each habit apart within 20 games (docs/insights.md has the figures)."""

from __future__ import annotations

import json

import pytest

from classroom.game import Level
from classroom.insights.choices import ChoiceKind
from classroom.insights.measures import FlagKind
from classroom.insights.memory import looks_per_turn
from classroom.insights.readiness import Move
from classroom.insights.records import ChoiceRecord, CountRecord
from classroom.insights.simulate import (
    Habit,
    HabitPlayer,
    flags_of,
    games_needed,
    play_habit,
    shows_at,
    told_apart,
)
from classroom.insights.summary import child_summary

GAMES = 20
LEVELS = [level.value for level in Level]


@pytest.mark.parametrize("level", LEVELS)
def test_the_correct_player_raises_no_flag(level: str) -> None:
    """Always compares right, remembers, counts and adds: nothing to flag, at any level."""
    played = play_habit(Habit.CORRECT, level, GAMES, seed=0)
    assert flags_of(played, level) == frozenset()


@pytest.mark.parametrize("level", LEVELS)
def test_treating_all_cats_alike_is_flagged_at_every_level(level: str) -> None:
    """Keeps a 4 when a 3 comes, right on cats against rats: the cat-versus-rat flag only."""
    played = play_habit(Habit.CATS_ALIKE, level, GAMES, seed=0)
    assert flags_of(played, level) == {FlagKind.CAT_VERSUS_RAT}


def test_forgetting_is_flagged_at_standard() -> None:
    """At Standard every known card is out of sight: the memory flag, nothing else."""
    played = play_habit(Habit.FORGETFUL, "standard", GAMES, seed=0)
    assert flags_of(played, "standard") == {FlagKind.MEMORY}


@pytest.mark.parametrize("level", ["ultra_peek", "peek"])
def test_forgetting_cannot_show_where_every_own_card_is_on_screen(level: str) -> None:
    """No false memory flag at Ultra-Peek and Peek; at Peek the forgetful child looks more."""
    forgetful = play_habit(Habit.FORGETFUL, level, GAMES, seed=0)
    assert flags_of(forgetful, level) == frozenset()
    if level == "peek":
        correct = play_habit(Habit.CORRECT, level, GAMES, seed=0)
        more = looks_per_turn(forgetful.choices, forgetful.looks).value
        fewer = looks_per_turn(correct.choices, correct.looks).value
        assert more is not None and fewer is not None and more > 2 * fewer


@pytest.mark.parametrize("level", LEVELS)
def test_miscounting_by_one_is_flagged_at_the_end_of_rounds(level: str) -> None:
    """Cubes one off now and then: the counting flag (and the adding flag when the typed
    totals slip often enough), nothing about comparing or memory."""
    played = play_habit(Habit.MISCOUNTS, level, GAMES, seed=0)
    flags = flags_of(played, level)
    assert FlagKind.COUNTING in flags and flags <= {FlagKind.COUNTING, FlagKind.ADDING}
    assert told_apart(Habit.MISCOUNTS, level, flags)


def test_readiness_tells_the_correct_player_from_the_cat_thinker() -> None:
    """After 20 games at Ultra-Peek the correct player may move up; the cat thinker stays."""
    for habit, move in ((Habit.CORRECT, Move.UP), (Habit.CATS_ALIKE, Move.STAY)):
        played = play_habit(habit, "ultra_peek", GAMES, seed=0)
        today = max(c.when for c in played.choices).date()
        summary = child_summary("ultra_peek", played.choices, today=today)
        assert summary.recommendation.move is move, summary.recommendation.sentence
    assert summary.cats.examples and summary.cats.per_week


def test_records_are_what_the_play_side_would_store() -> None:
    """A choice per decision, a count and a round result per round, looks only at Peek levels;
    every record survives JSON."""
    played = play_habit(Habit.MISCOUNTS, "peek", 3, seed=4)
    assert len(played.counts) == len(played.rounds) == 3
    for counted, ended in zip(played.counts, played.rounds, strict=True):
        assert counted.true_total == ended.score == sum(counted.numerals)
        assert counted.corrected_by_hint == any(
            c is not None and c != n for c, n in zip(counted.cubes, counted.numerals, strict=True)
        )
    assert played.looks and all(look.level == "peek" for look in played.looks)
    assert sum(c.facts.kind is ChoiceKind.SOURCE for c in played.choices) >= 3
    for choice in played.choices:
        assert ChoiceRecord.from_dict(json.loads(json.dumps(choice.to_dict()))) == choice
    for count in played.counts:
        assert CountRecord.from_dict(json.loads(json.dumps(count.to_dict()))) == count
    assert not play_habit(Habit.CORRECT, "standard", 2, seed=4).looks


def test_the_cat_thinker_keeps_a_4_when_a_3_comes() -> None:
    """The habit itself, straight from a view: a 3 is no better than a 4 to it."""
    player = HabitPlayer(Habit.CATS_ALIKE)
    assert player.worth(3) == player.worth(4) < player.worth(7) < player.worth(9)
    assert HabitPlayer(Habit.CORRECT).worth(3) < HabitPlayer(Habit.CORRECT).worth(4)


@pytest.mark.parametrize(
    ("habit", "level"),
    [(habit, level) for habit in Habit for level in LEVELS if shows_at(habit, level) is not None],
)
def test_every_habit_is_told_apart_within_20_games_for_several_seeds(
    habit: Habit, level: str
) -> None:
    """docs/insights.md's figure on a small scale: for 5 seeds, the flags are right from some
    game on (20 at most) and stay right to the 20th."""
    needed = games_needed(habit, level, seeds=5, max_games=GAMES)
    assert all(n is not None and n <= GAMES for n in needed), needed
