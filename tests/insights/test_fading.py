"""Flags that fade (classroom/insights/fading.py): a flag says when its habit was last seen,
fades after enough clean chances since, and a faded flag no longer holds a child back, while
an active one turns "move up" into what to work on."""

from __future__ import annotations

from datetime import date

from classroom.game import Level
from classroom.insights.fading import FADE_AFTER, flag_states, settled
from classroom.insights.measures import Flag, FlagKind
from classroom.insights.readiness import Move, Recommendation, readiness_of
from classroom.insights.tallies import Tally

CATS = Flag(FlagKind.CAT_VERSUS_RAT, "Keeps a 4 when a 3 comes.")
UP = Recommendation(
    Move.UP, Level.PEEK, "Move up to Peek: 18 of 20 comparisons right in the last 2 weeks."
)


def cat_cat(day: int, right: int, chances: int) -> Tally:
    return Tally(date(2026, 10, day), "ultra_peek", "fam:cat-cat", right, chances)


def test_a_flag_seen_lately_is_active_and_says_when() -> None:
    (state,) = flag_states([CATS], [cat_cat(5, 1, 4), cat_cat(29, 2, 4)])
    assert state.last_seen == date(2026, 10, 29)
    assert state.chances_since == 0
    assert state.active
    assert state.seen_text() == "last seen 29 Oct"


def test_a_flag_fades_after_enough_clean_chances_since() -> None:
    needed = FADE_AFTER[FlagKind.CAT_VERSUS_RAT]
    slips = [cat_cat(5, 0, 4), cat_cat(6, 1, 4)]
    almost = flag_states([CATS], [*slips, cat_cat(20, needed - 1, needed - 1)])[0]
    assert almost.active and almost.chances_since == needed - 1
    (faded,) = flag_states([CATS], [*slips, cat_cat(20, needed - 1, needed - 1), cat_cat(21, 1, 1)])
    assert not faded.active
    assert faded.last_seen == date(2026, 10, 6)
    assert faded.seen_text() == "not seen since 6 Oct"


def test_other_habits_do_not_count_toward_a_flag() -> None:
    memory = Tally(date(2026, 10, 20), "standard", "mem", 30, 30)
    (state,) = flag_states([CATS], [cat_cat(5, 0, 4), memory])
    assert state.active and state.chances_since == 0


def test_an_active_flag_turns_move_up_into_what_to_work_on() -> None:
    states = flag_states([CATS], [cat_cat(28, 1, 4)])
    found = settled(UP, states, Level.ULTRA_PEEK)
    assert found.move is Move.STAY and found.level is Level.ULTRA_PEEK
    assert found.sentence == (
        "Stay at Ultra-Peek and work on comparing two cat cards (0 to 6), such as 3 and 4 "
        "first (18 of 20 comparisons right in the last 2 weeks)."
    )


def test_a_faded_flag_leaves_the_recommendation_alone() -> None:
    needed = FADE_AFTER[FlagKind.CAT_VERSUS_RAT]
    states = flag_states([CATS], [cat_cat(5, 0, 4), cat_cat(20, needed, needed)])
    assert settled(UP, states, Level.ULTRA_PEEK) == UP
    stay = Recommendation(Move.STAY, Level.PEEK, "Stay at Peek: 9 of 20 comparisons needed.")
    assert settled(stay, flag_states([CATS], [cat_cat(28, 0, 4)]), Level.PEEK) == stay


def test_a_stay_for_too_few_comparisons_says_how_many_more() -> None:
    """ "19 of the 20 comparisons needed" read as 19 right: say what is missing instead."""
    day = date(2026, 11, 20)
    found = readiness_of("peek", [Tally(day, "peek", "cmp", 12, 19)], today=day)
    assert found.sentence == (
        "Stay at Peek: needs 1 more comparison at Peek in the last 2 weeks (19 of the 20 needed)."
    )
