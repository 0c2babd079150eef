"""What each level has, asked of the engine (RULES.md R2): the options a teacher may choose and
whether a seat may look at its own cards."""

from __future__ import annotations

from dataclasses import fields

import pytest

from classroom.game import Level, new_game
from classroom.game.options import Options


def test_each_level_offers_the_options_its_deck_and_rules_have() -> None:
    assert "power_cards" not in Level.ULTRA_PEEK.options()
    assert "draw2_powers" not in Level.ULTRA_PEEK.options()
    for level in (Level.PEEK, Level.OUTSIDE_PEEK, Level.STANDARD):
        assert {"power_cards", "draw2_powers"} <= level.options()
    assert [lv for lv in Level if "outside_face_up" in lv.options()] == [Level.OUTSIDE_PEEK]
    every = {"min_turns_before_call", "series", "rounds", "limit", "limit_ending"}
    assert all(every <= level.options() for level in Level)


@pytest.mark.parametrize("level", list(Level))
def test_a_level_s_options_are_engine_options_it_accepts(level: Level) -> None:
    names = {f.name for f in fields(Options)}
    assert level.options() <= names
    chosen = {name: getattr(Options(), name) for name in level.options()}
    new_game(level, 2, seed=0, options=chosen)  # no ValueError


def test_only_the_peek_levels_let_a_seat_look() -> None:
    assert [level for level in Level if level.allows_looking] == [Level.PEEK, Level.OUTSIDE_PEEK]


@pytest.mark.parametrize("level", list(Level))
def test_a_level_asks_memory_where_some_own_card_is_neither_in_view_nor_to_be_looked_at(
    level: Level,
) -> None:
    """Level.asks_memory (the memory measure's levels) agrees with what a seat's view shows
    and lets it look at, before its first turn (R2)."""
    view = new_game(level, 2, seed=0).view(0)
    in_view = {i + 1 for i, card in enumerate(view.shown[0]) if card is not None}
    assert level.asks_memory == (in_view | set(view.may_look) != {1, 2, 3, 4})


def test_lines_face_up_only_at_ultra_peek() -> None:
    """R2: at Ultra-Peek every line is face up for everyone; at the other levels it is not."""
    assert [level for level in Level if level.lines_face_up] == [Level.ULTRA_PEEK]


def test_cats_and_rats_split_the_number_cards() -> None:
    """R1: cards 0-6 are cats, 7-9 rats, and every number card is one or the other."""
    from classroom.game import CATS, RATS, Family, family

    assert sorted(CATS + RATS) == list(range(10))
    assert all(family(card) is Family.CAT for card in CATS)
    assert all(family(card) is Family.RAT for card in RATS)
