"""ChoiceFacts.placed_lower: the good choice a child's table cheers (docs/play.md, "The owl").
A right comparison that put a lower card in place of a higher known one, as the insights
judge it; nothing else, and a random tapper earns it no more often than chance."""

from __future__ import annotations

import random

from classroom.game import Options, new_game
from classroom.game.actions import DISCARD, DRAW, TAKE_DISCARD, replace
from classroom.insights import ChoiceKind, describe_choice
from tests.insights.factories import holding, judge, taken


def test_a_3_in_place_of_a_4_is_cheered_and_a_4_kept_is_not() -> None:
    """The issue's example at Ultra-Peek: the 3 on the 4 is cheered; throwing the 3 away
    (an omission), putting it on the 0 (a commission) or on an unknown card is not."""
    game = holding("ultra_peek", [0, 4, 4, 0], drawn=3)
    assert judge(game, replace(2)).placed_lower
    assert not judge(game, DISCARD).placed_lower
    assert not judge(game, replace(1)).placed_lower


def test_better_but_not_best_is_still_a_right_comparison() -> None:
    """A 3 on the 4 while an 8 is known: right (BETTER), as the insights count it."""
    game = holding("ultra_peek", [0, 4, 8, 0], drawn=3)
    assert judge(game, replace(2)).placed_lower
    assert judge(game, replace(3)).placed_lower


def test_no_comparison_no_cheer() -> None:
    """Drawing, taking the DISCARD card, a card put on a card the child cannot know
    (Standard, a middle card), and a right answer with no wrong option are not cheered."""
    game = holding("standard", [5, 9, 9, 5], drawn=1)
    assert not judge(game, replace(2)).placed_lower  # a guess: the 9 was never seen
    fresh = new_game(
        "ultra_peek", 2, seed=1, options=Options(stacked_deck=(4, 4, 4, 4, 5, 5, 5, 5, 3))
    )
    assert not judge(fresh, DRAW).placed_lower
    assert not judge(fresh, TAKE_DISCARD).placed_lower
    # A 0 taken from the DISCARD pile over a line of 8s: every place is right (it may not
    # go back), so no wrong option existed.
    every = taken("ultra_peek", [8, 8, 8, 8], discard=0)
    facts = judge(every, replace(1))
    assert not facts.judged and not facts.placed_lower


def test_a_random_tapper_is_cheered_no_more_often_than_chance() -> None:
    """At every choice of many seeded random games, the share of the legal taps that would be
    cheered is at most the comparison's chance level (right options over options); summed
    over the games, a random tapper's cheers stay within what chance gives."""
    rng = random.Random(39)
    expected_cheers = 0.0
    chance_level = 0.0
    for seed in range(60):
        level = ("ultra_peek", "peek", "outside_peek", "standard")[seed % 4]
        game = new_game(level, 2, seed=seed)
        for _ in range(300):
            if game.game_over or game.round_over or game.current_seat is None:
                break
            seat = game.current_seat
            view, legal = game.view(seat), game.legal_actions()
            facts = [describe_choice(view, action, game.lines) for action in legal]
            if facts[0].kind is ChoiceKind.PLACE:
                cheered = sum(f.placed_lower for f in facts)
                right, options = facts[0].right_options, facts[0].options
                assert cheered <= right
                if cheered:
                    assert 0 < right < options  # a wrong option existed
                    assert cheered / len(legal) <= right / options
                    expected_cheers += cheered / len(legal)
                    chance_level += right / options
            game.apply(rng.choice(legal))
    assert 0 < expected_cheers <= chance_level
