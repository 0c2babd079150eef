"""Trends per ISO week, level readiness in one sentence, a child's summary, the class grid."""

from __future__ import annotations

from datetime import date, timedelta

from classroom.game import Level
from classroom.game.players.habits import Habit
from classroom.insights import Outcome
from classroom.insights.grid import pair_grid
from classroom.insights.measures import FlagKind
from classroom.insights.readiness import Move, readiness_of
from classroom.insights.records import ChoiceRecord
from classroom.insights.simulate import START, play_habit
from classroom.insights.summary import Trend, child_summary, trend
from classroom.insights.tallies import tally
from classroom.insights.trends import in_range, mondays, weekly

from .factories import compare, count, day, look, round_result, turn

BEST, KEPT, KEPT_RIGHTLY = Outcome.BEST, Outcome.KEPT_HIGHER, Outcome.KEPT_RIGHTLY
TODAY = day(13).date()  # Sunday of the second week (2026-W42)


def mixed(
    right: int, wrong: int, *, level: str = "ultra_peek", start: int = 0, cat_cat: bool = True
) -> list[ChoiceRecord]:
    """`right` right and `wrong` wrong comparisons, one a day from day `start` (cycling over
    a fortnight); right ones alternate cat-cat and cat-rat pairs when `cat_cat`, and every
    other cat-cat one is a 5 thrown away against a 4 (a higher card kept out: discrimination
    needs both kinds of drawn card)."""
    found = []
    for i in range(right):
        when = day(start + i % 14)
        if cat_cat and i % 4 == 2:
            found.append(compare(5, 4, KEPT_RIGHTLY, level=level, when=when, game=i))
            continue
        highest = 4 if cat_cat and i % 2 == 0 else 9
        found.append(compare(3, highest, BEST, level=level, when=when, game=i))
    for i in range(wrong):
        found.append(compare(3, 9, KEPT, level=level, when=day(start + i % 14), game=100 + i))
    return found


# ----------------------------------------------------------------- trends
def test_mondays_cover_every_week_the_range_touches() -> None:
    """From a Wednesday to a Monday two weeks on: three ISO weeks."""
    assert mondays(date(2026, 10, 7), date(2026, 10, 19)) == [
        date(2026, 10, 5),
        date(2026, 10, 12),
        date(2026, 10, 19),
    ]


def test_weekly_points_include_empty_weeks() -> None:
    """Week 1: 10 of 10 right; week 2 nothing; week 3: 5 of 10 and two counts."""
    choices = [compare(3, 9, BEST, when=day(1), game=i) for i in range(10)]
    choices += [compare(3, 9, BEST, when=day(15), game=20 + i) for i in range(5)]
    choices += [compare(3, 9, KEPT, when=day(16), game=30) for _ in range(5)]
    counts = [count((1, 2, 3, 4), typed=10, when=day(15))] * 2
    looks = [look(when=day(15))] * 3
    points = weekly(choices, looks, counts, start=day(0).date(), end=day(20).date())
    assert [p.week for p in points] == ["2026-W41", "2026-W42", "2026-W43"]
    assert points[0].comparisons.text() == "10 of 10" and points[0].games == 10
    assert points[1].comparisons.chances == 0 and points[1].games == 0
    assert points[2].comparisons.text() == "5 of 10" and points[2].games == 7
    assert points[2].cubes.chances == 8 and points[2].totals_exact.chances == 2
    assert points[2].totals_exact.value is None  # two typed totals are not enough


def test_in_range_includes_both_ends() -> None:
    """Records on the first and last day count."""
    choices = [compare(3, 9, BEST, when=day(n)) for n in range(5)]
    assert len(in_range(choices, day(1).date(), day(3).date())) == 3


# ----------------------------------------------------------------- readiness
def test_move_up_with_the_evidence_in_one_sentence() -> None:
    """18 of 20 right in the last 2 weeks, cat-cat pairs included."""
    advice = readiness_of("ultra_peek", tally(mixed(18, 2)), today=TODAY)
    assert advice.move is Move.UP and advice.level is Level.PEEK
    assert advice.sentence == (
        "Move up to Peek: 18 of 20 comparisons right at Ultra-Peek in the last 2 weeks "
        "(by chance about 10), cat-cat pairs included (9 of 9)."
    )


def test_stay_when_there_are_not_enough_comparisons() -> None:
    """Old choices and choices at another level do not count."""
    old = mixed(20, 0, start=-30)
    other_level = mixed(20, 0, level="standard")
    advice = readiness_of(
        Level.PEEK, tally([*old, *other_level, *mixed(7, 0, level="peek")]), today=TODAY
    )
    assert advice.move is Move.STAY and advice.level is Level.PEEK
    assert advice.sentence == (
        "Stay at Peek: needs 13 more comparisons at Peek in the last 2 weeks (7 of the 20 needed)."
    )


def test_stay_when_cat_cat_pairs_are_missing_or_wrong() -> None:
    """Right on rats only is not ready: cat-cat pairs must be right too."""
    no_cats = readiness_of("peek", tally(mixed(20, 0, level="peek", cat_cat=False)), today=TODAY)
    assert no_cats.move is Move.STAY
    assert no_cats.sentence.endswith("too few cat-cat pairs yet (0 of 5).")
    cats_wrong = mixed(18, 0, level="peek", cat_cat=False)
    cats_wrong += [compare(3, 4, KEPT, level="peek", when=day(5))] * 3
    cats_wrong += [compare(3, 4, BEST, level="peek", when=day(5))] * 2
    advice = readiness_of("peek", tally(cats_wrong), today=TODAY)
    assert advice.move is Move.STAY and "cat-cat pairs only 2 of 5 right" in advice.sentence


def test_stay_below_the_bar_says_what_moving_up_needs() -> None:
    """15 of 20: neither up nor down."""
    advice = readiness_of("peek", tally(mixed(15, 5, level="peek")), today=TODAY)
    assert advice.move is Move.STAY
    assert advice.sentence == (
        "Stay at Peek: 15 of 20 comparisons right at Peek in the last 2 weeks "
        "(by chance about 10); moving up needs 85% right."
    )
    # Its two parts apart, for a line that leads with what holds the child ("Who needs you").
    assert advice.held_by == "moving up needs 85% right"
    assert (
        advice.right
        == "15 of 20 comparisons right at Peek in the last 2 weeks (by chance about 10)"
    )


def test_move_down_when_comparisons_are_at_chance() -> None:
    """9 of 20 at Peek where tapping at random gets about 10: back to Ultra-Peek; at
    Ultra-Peek there is no lower level, and a child at chance is never told to move up."""
    advice = readiness_of("peek", tally(mixed(9, 11, level="peek")), today=TODAY)
    assert advice.move is Move.DOWN and advice.level is Level.ULTRA_PEEK
    assert advice.sentence == (
        "Move down to Ultra-Peek: 9 of 20 comparisons right at Peek in the last 2 weeks "
        "(by chance about 10), about what tapping at random would give."
    )
    bottom = readiness_of("ultra_peek", tally(mixed(9, 11)), today=TODAY)
    assert bottom.move is Move.STAY
    assert bottom.sentence.endswith("about what tapping at random would give.")


def test_far_below_chance_says_so_and_never_moves_up() -> None:
    """2 of 20 where tapping at random gets about 10: clearly below chance (a habit, not
    luck), with its own words; at Ultra-Peek it stays, at Peek it moves down."""
    advice = readiness_of("peek", tally(mixed(2, 18, level="peek")), today=TODAY)
    assert advice.move is Move.DOWN and advice.level is Level.ULTRA_PEEK
    assert advice.sentence.endswith("fewer right than tapping at random would give.")
    bottom = readiness_of("ultra_peek", tally(mixed(2, 18)), today=TODAY)
    assert bottom.move is Move.STAY
    assert bottom.sentence.endswith("fewer right than tapping at random would give.")


def test_no_move_up_while_near_numbers_are_at_chance() -> None:
    """27 of 30 right, but cards 1 or 2 apart only 3 of 6, what tapping at random gives: the
    distance effect says near numbers are not ordered yet, so stay."""
    far = [compare(0, 9, BEST, when=day(5), game=i) for i in range(18)]
    far += [compare(0, 6, BEST, when=day(6), game=20 + i) for i in range(6)]
    near = [compare(3, 4, BEST, when=day(7), game=30 + i) for i in range(3)]
    near += [compare(3, 4, KEPT, when=day(7), game=40 + i) for i in range(3)]
    advice = readiness_of("ultra_peek", tally([*far, *near]), today=TODAY)
    assert advice.move is Move.STAY
    assert advice.sentence.endswith(
        "cards 1 or 2 apart right 3 of 6; by chance about 3, about what tapping at random "
        "would give."
    )


def test_move_down_from_standard_when_memory_slips() -> None:
    """Comparisons mostly right, but a third of the remembered cards went against."""
    choices = mixed(14, 0, level="standard")
    choices += [
        compare(3, 9, BEST, memory=True, level="standard", when=day(3), game=50 + i)
        for i in range(6)
    ]
    choices += [
        compare(8, 1, Outcome.REPLACED_LOWER, replaced=1, memory=True, level="standard")
        for _ in range(3)
    ]
    advice = readiness_of("standard", tally(choices), today=TODAY)
    assert advice.move is Move.DOWN and advice.level is Level.OUTSIDE_PEEK
    assert advice.sentence.startswith(
        "Move down to Outside Peek: 3 of 9 choices at Standard in the last 2 weeks went against "
        "a card"
    )


def test_standard_is_the_top_level() -> None:
    """All right at Standard: stay, it is the top."""
    advice = readiness_of("standard", tally(mixed(20, 0, level="standard")), today=TODAY)
    assert advice.move is Move.STAY
    assert advice.sentence == (
        "Stay at Standard, the top level: 20 of 20 comparisons right at Standard in the last "
        "2 weeks (by chance about 10)."
    )


# ----------------------------------------------------------------- a child's summary
def test_child_summary_has_everything_a_dashboard_row_needs() -> None:
    """Level, games, accuracy, trend, flags and the recommendation, from one call."""
    earlier = [compare(7, 9, KEPT, when=day(-10), game=f"e{i}") for i in range(10)]
    cats = [compare(3, 4, KEPT, when=day(8 + i % 5), game=f"c{i}") for i in range(6)]
    rats = [compare(6, 7, BEST, when=day(8 + i % 5), game=f"r{i}") for i in range(12)]
    counts = [count((4, 2, 7, 1), (5, 3, 7, 1), typed=13, when=day(12), game="c0")] * 5
    summary = child_summary(
        "peek",
        [*earlier, *cats, *rats, turn(when=day(12), game="c0")],
        [look(when=day(12))],
        counts,
        [round_result(True, game="c0")],
        today=TODAY,
    )
    assert summary.level is Level.PEEK
    assert summary.games == 28 and summary.games_this_week == 18
    assert summary.accuracy.text() == "12 of 28"
    assert summary.trend is Trend.UP  # 0 of 10 then 12 of 18
    assert {f.kind for f in summary.flags} == {
        FlagKind.CAT_VERSUS_RAT,
        FlagKind.COUNTING,
        FlagKind.ADDING,
    }
    assert summary.by_family["cat-cat"].text() == "0 of 6"
    assert summary.cats.examples[0].text == "kept a 4 when a 3 came"
    assert summary.recommendation.move is Move.STAY  # the comparisons are not at that level


def test_trend_needs_both_fortnights() -> None:
    """No trend from one fortnight; steady when nothing moved."""
    recent = [compare(3, 9, BEST, when=day(10))] * 10
    assert trend(recent, TODAY) is None
    before = [compare(3, 9, BEST, when=day(-5))] * 10
    assert trend([*before, *recent], TODAY) is Trend.STEADY
    worse = [compare(3, 9, KEPT, when=day(10))] * 10
    assert trend([*before, *worse], TODAY) is Trend.DOWN


# ----------------------------------------------------------------- the class grid
def test_pair_grid_shows_which_pairs_the_class_gets_wrong() -> None:
    """Three children miss 3-for-4; one child gets 3-for-9 right."""
    choices = [compare(3, 4, KEPT, child=c) for c in ("a", "b", "c")]
    choices += [compare(3, 4, BEST, child="d"), compare(3, 9, BEST, child="d")]
    choices += [compare(3, 4, Outcome.REPLACED_UNKNOWN, child="e")]  # a guess: not counted
    grid = pair_grid(choices)
    cell = grid.cell(3, 4)
    assert (cell.chances, cell.wrong, cell.children, cell.children_wrong) == (4, 3, 4, 3)
    assert cell.wrong_share.text() == "3 of 4"
    assert grid.cell(3, 9).wrong == 0 and grid.cell(4, 3).chances == 0
    assert len(grid.cells) == 10 and all(len(row) == 10 for row in grid.cells)
    assert [(c.hand, c.highest) for c in grid.worst()] == [(3, 4)]


def test_memory_week_by_week_leaves_out_what_the_summary_leaves_out() -> None:
    """A cat-versus-rat child at Standard: the summary leaves their cat-cat slips out of
    memory (they are comparison slips, not memory), and the weekly chart on the same page
    does the same, so the weeks add up to the summary's figure (they once said 34 of 34
    beside weeks of 23 of 33 and 11 of 15)."""
    recorded = play_habit(Habit.CATS_ALIKE, "standard", 40, seed=1)
    start = START.date()
    end = start + timedelta(days=45)
    summary = child_summary("standard", recorded.choices, today=end)
    assert summary.cats.pattern and summary.memory.left_out_cat_cat > 0
    weeks = weekly(recorded.choices, start=start, end=end, cat_versus_rat=True)
    held = [w.memory_held for w in weeks]
    assert sum(r.chances for r in held) == summary.memory.held.chances
    assert sum(r.hits for r in held) == summary.memory.held.hits
    # Without the pattern, every contradiction counts in the weeks, as in the summary then.
    plain = weekly(recorded.choices, start=start, end=end)
    assert sum(w.memory_held.chances for w in plain) > summary.memory.held.chances
