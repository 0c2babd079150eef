"""describe_choice: each choice judged against what the child could have known (R13)."""

from __future__ import annotations

import json

from classroom.game import Action, ActionKind, Options, Power, new_game
from classroom.game.actions import CALL, DISCARD, DRAW, END_TURN, TAKE_DISCARD, replace, swap
from classroom.insights import ChoiceFacts, ChoiceKind, Outcome, describe_choice
from tests.insights.factories import holding, judge, taken


def test_keeping_a_4_when_a_3_comes_is_a_cat_cat_miss_at_distance_1() -> None:
    """The teacher notes' example, at Ultra-Peek where the line is on screen."""
    game = holding("ultra_peek", [0, 4, 4, 0], drawn=3)
    facts = judge(game, DISCARD)
    assert facts.kind is ChoiceKind.PLACE and facts.chance
    assert facts.outcome is Outcome.KEPT_HIGHER and facts.correct is False
    assert (facts.highest_known, facts.distance, facts.family_pair) == (4, 1, "cat-cat")
    assert facts.best_positions == (2, 3) and not facts.needed_memory
    best = judge(game, replace(3))
    assert best.outcome is Outcome.BEST and best.correct and best.replaced_true == 4
    assert best.memory_age is None  # on screen: no memory needed


def test_replacing_a_higher_card_that_is_not_the_highest_is_better_not_best() -> None:
    """A 3 for the 4 when an 8 is there: right direction, not the best place."""
    game = holding("ultra_peek", [0, 4, 8, 0], drawn=3)
    facts = judge(game, replace(2))
    assert facts.outcome is Outcome.BETTER and facts.correct
    assert (facts.distance, facts.family_pair) == (5, "cat-rat")


def test_standard_replacing_a_known_low_card_is_a_memory_slip() -> None:
    """At Standard the outside cards were seen once: putting a 6 on the known 1 contradicts it."""
    game = holding("standard", [1, 5, 5, 2], drawn=6)
    facts = judge(game, replace(1))
    assert facts.known_line == (1, None, None, 2)
    assert facts.on_screen == (False, False, False, False)
    assert facts.outcome is Outcome.REPLACED_LOWER and facts.replaced_known == 1
    assert facts.needed_memory and not facts.chance
    assert facts.memory_age == 1  # seen at the deal (turn 0), decided on turn 1
    guess = judge(game, replace(2))
    assert guess.outcome is Outcome.REPLACED_UNKNOWN and guess.replaced_true == 5


def test_peek_level_cards_may_be_turned_over_so_they_are_on_screen() -> None:
    """At Peek the child can look at every own card, so no choice needs memory."""
    game = holding("peek", [1, 7, 5, 2], drawn=3)
    facts = judge(game, replace(2))
    assert facts.on_screen == (True, True, True, True)
    assert facts.outcome is Outcome.BEST and not facts.needed_memory


def test_taking_the_discard_card_is_labelled_but_not_a_comparison_chance() -> None:
    """SOURCE choices: took a lower card, or drew."""
    deck = (9, 1, 1, 1, 5, 5, 5, 5, 2)
    game = new_game("ultra_peek", 2, seed=1, options=Options(stacked_deck=deck))
    took = describe_choice(game.view(0), TAKE_DISCARD, game.lines)
    assert took.kind is ChoiceKind.SOURCE and took.hand == 2
    assert took.outcome is Outcome.TOOK_LOWER and took.chance is False
    drew = describe_choice(game.view(0), DRAW, game.lines)
    assert drew.outcome is Outcome.DREW


def test_swap_records_what_could_be_known_of_both_cards() -> None:
    """A SWAP at Peek: own card known, theirs face down; known and true values are kept."""
    game = holding("peek", [9, 1, 1, 1], drawn=Power.SWAP, other=[0, 5, 5, 5])
    facts = judge(game, swap(1, 1, 1))
    assert facts.kind is ChoiceKind.SWAP and facts.outcome is Outcome.NOT_COMPARED
    assert (facts.replaced_known, facts.other_known, facts.other_true) == (9, None, 0)


def test_a_call_records_the_true_score_and_rank() -> None:
    """FINISH: called with 3 points against 20: rank 1 of 2."""
    game = holding("standard", [1, 1, 1, 0], drawn=0, other=[5, 5, 5, 5])
    game.apply(replace(1))
    facts = judge(game, CALL)
    assert facts.kind is ChoiceKind.FINISH and facts.called
    assert (facts.true_score, facts.rank, facts.seats_in_play) == (2, 1, 2)
    assert judge(game, END_TURN).called is False


def test_facts_are_json_safe() -> None:
    """to_dict survives JSON, enums as their values."""
    game = holding("outside_peek", [3, 8, 2, 9], drawn=Power.PEEK)
    facts = judge(game, Action(ActionKind.PEEK, position=2))
    data = json.loads(json.dumps(facts.to_dict()))
    assert data["kind"] == "peek" and data["action"] == "peek" and data["hand"] == 10
    assert data["known_line"] == [3, None, None, 9]


def test_a_discard_card_higher_than_every_known_card_put_on_one_is_a_commission() -> None:
    """R4: it may not be thrown away, so leaving it on the pile (drawing instead) is its right
    option: five options at Ultra-Peek (leave it, or one of four known cards), one right. Put
    on the 2, on the highest (the 6) or on any known card: a commission, 1 apart from the 6."""
    game = taken("ultra_peek", [2, 5, 6, 4], discard=7)
    for position in (1, 3):
        facts = judge(game, replace(position))
        assert facts.hand_from_discard and facts.outcome is Outcome.REPLACED_LOWER
        assert facts.judged and facts.correct is False and facts.error == "commission"
        assert (facts.options, facts.right_options) == (5, 1)
        assert (facts.highest_known, facts.distance, facts.family_pair) == (6, 1, "cat-rat")
        assert facts.chance is False  # no known card was higher: nothing to replace
    # At Standard an unknown middle card is a guess: not judged, but the options are kept.
    standard = taken("standard", [2, 5, 6, 4], discard=7)
    guess = judge(standard, replace(2))
    assert guess.outcome is Outcome.REPLACED_UNKNOWN and not guess.judged
    assert (guess.options, guess.right_options) == (3, 1)  # leave it, the 2 or the 4
    known = judge(standard, replace(4))
    assert known.error == "commission" and (known.options, known.right_options) == (3, 1)


def test_a_discard_card_lower_than_a_known_card_is_judged_as_before() -> None:
    """A known card higher: leaving it on the pile is no option (the draw may be better, so
    drawing is no mistake and no right answer either); the options are the known cards."""
    game = taken("ultra_peek", [2, 8, 6, 4], discard=5)
    best = judge(game, replace(2))
    assert best.outcome is Outcome.BEST and best.correct is True and best.error is None
    assert (best.options, best.right_options) == (4, 2)  # the 8 and the 6 are higher
    assert (best.distance, best.family_pair) == (3, "cat-rat")
    wrong = judge(game, replace(1))
    assert wrong.error == "commission" and (wrong.options, wrong.right_options) == (4, 2)


def test_a_discard_card_equal_to_the_highest_known_card_is_no_comparison() -> None:
    """Equal to the highest: no two different numbers decide, as for a drawn card."""
    game = taken("ultra_peek", [2, 6, 6, 4], discard=6)
    for position in (1, 2):
        facts = judge(game, replace(position))
        assert not facts.judged and facts.correct is None and facts.distance is None


def test_the_careful_childs_answers_stay_right() -> None:
    """Drawn and thrown away when nothing was higher; a lower DISCARD card on the highest."""
    drawn = holding("ultra_peek", [2, 5, 6, 4], drawn=7)
    kept = judge(drawn, DISCARD)
    assert kept.outcome is Outcome.KEPT_RIGHTLY and kept.correct is True
    assert (kept.options, kept.right_options) == (5, 1)
    game = taken("ultra_peek", [2, 5, 6, 4], discard=3)
    assert judge(game, replace(3)).correct is True


def test_old_facts_of_a_discard_card_on_a_lower_card_are_judged_again() -> None:
    """Facts stored before the rule (no options) come back judged by it."""
    facts = judge(taken("ultra_peek", [2, 5, 6, 4], discard=7), replace(1))
    old = {k: v for k, v in facts.to_dict().items() if k not in NEW_FACTS}
    again = ChoiceFacts.from_dict(old)
    assert again.judged and again.error == "commission" and again == facts


NEW_FACTS = ("judged", "options", "right_options", "error", "distance", "family_pair")
