"""Validation: simulated children with known habits play real games through the engine, and
the insights tell each habit apart within 20 games (docs/insights.md has the figures)."""

from __future__ import annotations

import json

import pytest

from classroom.game import Level
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.choices import ChoiceKind, Outcome
from classroom.insights.measures import MIN_GROUP, FlagKind, Rate
from classroom.insights.memory import looks_per_turn_of
from classroom.insights.readiness import Move
from classroom.insights.records import ChoiceRecord, CountRecord
from classroom.insights.simulate import flags_of, games_needed, play_habit, shows_at, told_apart
from classroom.insights.summary import ChildSummary, child_summary
from classroom.insights.tallies import Sums

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
        more = looks_per_turn_of(Sums.of(forgetful.choices, forgetful.looks)).value
        fewer = looks_per_turn_of(Sums.of(correct.choices, correct.looks)).value
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
    [
        (habit, level)
        for habit in Habit
        for level in LEVELS
        if shows_at(habit, level) is not None and habit is not Habit.CALLS_FIRST
    ],
)
def test_every_habit_is_told_apart_within_20_games_for_several_seeds(
    habit: Habit, level: str
) -> None:
    """docs/insights.md's figure on a small scale: for 5 seeds, the flags are right from some
    game on (20 at most) and stay right to the 20th."""
    needed = games_needed(habit, level, seeds=5, max_games=GAMES)
    assert all(n is not None and n <= GAMES for n in needed), needed


# ----------------------------------------------------------------- against chance (issue 12)
COMPARING_LEVELS = ["ultra_peek", "peek"]
SWEEP = range(5)  # seed 0 is the seeded run; the others a small sweep


def summary_of_habit(habit: Habit, level: str, seed: int) -> ChildSummary:
    """The summary of 20 games of one habit, read on the day of the last game."""
    played = play_habit(habit, level, GAMES, seed=seed)
    today = max(c.when for c in played.choices).date()
    return child_summary(
        level, played.choices, played.looks, played.counts, played.rounds, today=today
    )


def joined(rates: list[Rate]) -> Rate:
    """Several comparison figures as one (hits, chances and chance levels added)."""
    return Rate(
        sum(r.hits for r in rates),
        sum(r.chances for r in rates),
        MIN_GROUP,
        sum(r.chance or 0.0 for r in rates),
    )


@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("level", COMPARING_LEVELS)
@pytest.mark.parametrize("habit", [Habit.ALWAYS_REPLACES, Habit.RANDOM])
def test_replacing_always_or_tapping_at_random_is_at_chance_and_never_moves_up(
    habit: Habit, level: str, seed: int
) -> None:
    """Both score about what chance gives; the always-replacer's slips are commissions only
    (it never throws a card away); neither carries the cat-versus-rat flag or moves up."""
    summary = summary_of_habit(habit, level, seed)
    accuracy = summary.accuracy
    assert accuracy.enough and accuracy.chance is not None
    assert accuracy.above_chance is False, accuracy.chance_text()
    assert abs(accuracy.hits - accuracy.chance) <= 0.15 * accuracy.chances
    assert summary.recommendation.move is not Move.UP, summary.recommendation.sentence
    assert "about what tapping at random would give" in summary.recommendation.sentence or (
        summary.recommendation.move is Move.STAY and "needed" in summary.recommendation.sentence
    )
    assert FlagKind.CAT_VERSUS_RAT not in {f.kind for f in summary.flags}
    if habit is Habit.ALWAYS_REPLACES:
        assert summary.errors.omission.hits == 0 and summary.errors.commission.hits > 0


@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("level", COMPARING_LEVELS)
def test_the_correct_comparer_is_well_above_chance_and_moves_up(level: str, seed: int) -> None:
    """Every comparison right, where chance gives about half: up a level."""
    summary = summary_of_habit(Habit.CORRECT, level, seed)
    accuracy = summary.accuracy
    assert accuracy.hits == accuracy.chances and accuracy.chance is not None
    assert accuracy.chance < 0.6 * accuracy.chances
    odds = accuracy.odds_by_chance
    assert odds is not None and odds < 1e-6
    assert summary.recommendation.move is Move.UP, summary.recommendation.sentence


@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("level", COMPARING_LEVELS)
def test_only_the_cat_thinker_carries_the_cat_versus_rat_flag(level: str, seed: int) -> None:
    """Cats alike: flagged, with dated examples; every other habit: not flagged."""
    for habit in Habit:
        summary = summary_of_habit(habit, level, seed)
        flagged = FlagKind.CAT_VERSUS_RAT in {f.kind for f in summary.flags}
        if habit is Habit.REPLACES_RATS:
            continue  # a cat/rat rule is cat-versus-rat thinking: flagged or not, both fit
        assert flagged is (habit is Habit.CATS_ALIKE), (habit, summary.cats.matched_text)
        if flagged:
            assert summary.cats.examples and summary.cats.per_week


@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("level", COMPARING_LEVELS)
def test_the_child_blind_to_small_distances_shows_the_distance_effect(
    level: str, seed: int
) -> None:
    """Above chance 3 or more apart, at chance 1 or 2 apart, and no cat-versus-rat flag."""
    summary = summary_of_habit(Habit.SMALL_DISTANCES, level, seed)
    near = joined([summary.by_distance["1"], summary.by_distance["2"]])
    far = joined([summary.by_distance["3"], summary.by_distance["4+"]])
    assert far.above_chance is True and far.hits == far.chances, far.chance_text()
    assert near.enough and near.above_chance is False, near.chance_text()
    assert not summary.flags


@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("level", COMPARING_LEVELS)
def test_the_miscounter_is_flagged_from_first_tries(level: str, seed: int) -> None:
    """Stacks one off at first, fixed after "count again": counted as first placed, so the
    counting flag shows; the hints are a figure of their own."""
    summary = summary_of_habit(Habit.MISCOUNTS, level, seed)
    assert FlagKind.COUNTING in {f.kind for f in summary.flags}
    assert summary.hints.cubes.hits > 0 and summary.hints.cubes.chances == GAMES
    correct = summary_of_habit(Habit.CORRECT, level, seed)
    assert correct.hints.cubes.hits == 0 and not correct.flags


def test_old_choice_facts_are_judged_as_new_ones() -> None:
    """Facts stored before comparisons had both kinds of error (no options, no error) come
    back from JSON judged exactly as describe_choice judges them now."""
    played = play_habit(Habit.RANDOM, "ultra_peek", 3, seed=2)
    new_keys = ("judged", "options", "right_options", "error")
    for choice in played.choices:
        old = choice.to_dict()
        for key in new_keys:
            old.pop(key)
        if old["distance"] is not None and not old["chance"]:
            old["distance"] = None  # the old facts gave a distance to lower hands only
        assert ChoiceRecord.from_dict(old) == choice


# ----------------------------------------------------------------- habits that fooled the measures
@pytest.mark.parametrize("seed", SWEEP)
@pytest.mark.parametrize("level", COMPARING_LEVELS)
def test_always_taking_the_discard_card_onto_the_highest_card_is_not_perfect(
    level: str, seed: int
) -> None:
    """A reviewer's habit: every DISCARD card taken and put on the highest card. A card higher
    than every known card put there is a commission (leaving it was right), so the habit is
    far from perfect and never told to move up (it was 664 of 664 right, 5 of 10 moved up)."""
    played = play_habit(Habit.TAKES_DISCARD, level, GAMES, seed=seed)
    wrong = [c.facts for c in played.choices if c.facts.judged and c.facts.error is not None]
    assert wrong
    for facts in wrong:
        assert facts.hand_from_discard and facts.error == "commission"
        assert facts.hand is not None and facts.highest_known is not None
        assert facts.hand > facts.highest_known and facts.outcome is Outcome.REPLACED_LOWER
    summary = summary_of_habit(Habit.TAKES_DISCARD, level, seed)
    accuracy = summary.accuracy
    assert accuracy.value is not None and accuracy.value < 0.85, accuracy.chance_text()
    assert summary.recommendation.move is not Move.UP, summary.recommendation.sentence


CALLING_SEEDS = range(10)


@pytest.mark.parametrize("level", COMPARING_LEVELS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_calling_at_the_first_chance_is_flagged_at_every_table_size(seats: int, level: str) -> None:
    """docs/insights.md, "Calling": 20 games, 10 seeds. Calling at the first chance is
    flagged for most seeds at two seats as at four (never at two seats before the bar
    followed the table); a child who adds up before calling, in one seed of ten at most (at
    Peek with three seats, seed 0 was lowest at 9 of 13 calls and won 6 of them)."""
    flagged = {Habit.CALLS_FIRST: 0, Habit.CORRECT: 0}
    for seed in CALLING_SEEDS:
        for habit in flagged:
            played = play_habit(habit, level, GAMES, seed=seed, seats=seats)
            flagged[habit] += FlagKind.CALLING in flags_of(played, level)
    assert flagged[Habit.CALLS_FIRST] >= 7 and flagged[Habit.CORRECT] <= 1, flagged
