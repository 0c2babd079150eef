"""The power cards: PEEK (R6), SWAP (R7) and DRAW 2 (R8), with the teacher options."""

from __future__ import annotations

import pytest

from classroom.game import Action, ActionKind, EventKind, IllegalAction, Phase

from .stacking import (
    CALL,
    DECLINE,
    DISCARD,
    DONE,
    DRAW,
    DRAW_2,
    PEEK,
    SWAP,
    kinds,
    peek,
    phase,
    play,
    replace,
    swap,
    table,
)

TWO = [[1, 2, 3, 4], [5, 6, 7, 8]]
THREE = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 9, 0]]
PEEKS = [Action(ActionKind.PEEK, position=p) for p in range(1, 5)]
REPLACES = [Action(ActionKind.REPLACE, position=p) for p in range(1, 5)]


# ----------------------------------------------------------------------- R6 PEEK
@pytest.mark.parametrize("level", ["outside_peek", "standard"])
def test_r6_peek_looks_at_one_own_card_then_is_discarded_and_the_move_ends(level: str) -> None:
    """R6: look at one card of the own line; the PEEK card is discarded; the turn ends."""
    game = table(level, TWO, 5, [PEEK])
    game.apply(DRAW)
    assert game.legal_actions() == [*PEEKS, DISCARD]
    events = game.apply(peek(2))
    assert kinds(events) == ["peeked", "discarded"]
    assert events[0].card == 2
    assert events[0].position == 2
    assert game.view(0).my_line[1] == 2
    assert game.view(0).discard_top == PEEK
    assert game.phase is Phase.FINISH
    assert game.legal_actions() == [DONE, CALL]
    assert game.lines == ((1, 2, 3, 4), (5, 6, 7, 8))


def test_r6_a_peek_card_may_be_discarded_unused() -> None:
    """R4/R6: a drawn power card is used or discarded."""
    game = table("standard", TWO, 5, [PEEK])
    play(game, DRAW, DISCARD)
    assert game.view(0).known[0] == (1, None, None, 4)
    assert game.phase is Phase.FINISH


def test_r6_peek_needs_a_peek_card() -> None:
    game = table("standard", TWO, 5, [0])
    game.apply(DRAW)
    with pytest.raises(IllegalAction, match="You need a PEEK card"):
        game.apply(peek(2))


# ----------------------------------------------------------------------- R7 SWAP
@pytest.mark.parametrize("level", ["peek", "outside_peek", "standard"])
def test_r7_swap_exchanges_two_cards_position_for_position(level: str) -> None:
    """R7: one card of my line for one card of any other player's line."""
    game = table(level, THREE, 5, [SWAP])
    game.apply(DRAW)
    legal = game.legal_actions()
    assert legal[-1] == DECLINE
    assert set(legal[:-1]) == {
        swap(p, o, q) for p in range(1, 5) for o in (1, 2) for q in range(1, 5)
    }
    events = game.apply(swap(3, 2, 2))
    assert game.lines == ((1, 2, 0, 4), (5, 6, 7, 8), (9, 3, 9, 0))
    assert kinds(events) == ["swapped", "discarded"]
    swapped = events[0]
    assert (swapped.seat, swapped.position, swapped.other_seat, swapped.other_position) == (
        0,
        3,
        2,
        2,
    )
    assert not swapped.private  # everyone sees which two positions were exchanged
    assert game.view(1).discard_top == SWAP
    assert game.phase is Phase.FINISH


def test_r7_swap_is_optional() -> None:
    """R7: the player may say no; the SWAP goes on the DISCARD pile, lines as they were."""
    game = table("standard", TWO, 5, [SWAP])
    game.apply(DRAW)
    with pytest.raises(IllegalAction, match="say no to the SWAP"):
        game.apply(DISCARD)
    events = game.apply(DECLINE)
    assert kinds(events) == ["swap_declined", "discarded"]
    assert game.lines == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert game.phase is Phase.FINISH


def test_r7_swap_is_with_another_players_line() -> None:
    game = table("standard", TWO, 5, [SWAP])
    game.apply(DRAW)
    with pytest.raises(IllegalAction, match="another player's line"):
        game.apply(swap(1, 0, 2))
    with pytest.raises(IllegalAction, match="Choose whose card"):
        game.apply(Action(ActionKind.SWAP, position=1))


def test_r7_swap_can_move_a_power_card_dealt_into_a_line() -> None:
    """R4/R7: SWAP can move any card, a dealt power card included; it is replaced at the end
    of the round in its new line (R10)."""
    game = table("standard", [[1, 2, 3, 4], [DRAW_2, 6, 7, 8]], 5, [SWAP, 9, 0])
    play(game, DRAW, swap(2, 1, 1), CALL)
    assert game.lines == ((1, DRAW_2, 3, 4), (2, 6, 7, 8))
    events = play(game, DRAW, DISCARD, DONE)
    replaced = [e for e in events if e.kind is EventKind.POWER_REPLACED]
    assert [(e.seat, e.position, e.card, e.replaced_by) for e in replaced] == [(0, 2, DRAW_2, 0)]
    assert game.round_scores() == (8, 23)


def test_r7_outside_face_up_option_swap_only_face_down_cards() -> None:
    """R2 teacher option at Outside Peek: a SWAP may only take or give a face-down card."""
    game = table("outside_peek", THREE, 5, [SWAP], outside_face_up=True)
    game.apply(DRAW)
    legal = game.legal_actions()
    assert set(legal[:-1]) == {swap(p, o, q) for p in (2, 3) for o in (1, 2) for q in (2, 3)}
    for move in [swap(1, 1, 2), swap(2, 1, 4), swap(4, 2, 1)]:
        with pytest.raises(IllegalAction, match="only take or give a face-down card"):
            game.apply(move)
    game.apply(swap(2, 1, 3))
    assert game.lines[0] == (1, 7, 3, 4)


def test_r7_without_the_option_outside_cards_may_be_swapped_at_outside_peek() -> None:
    """R2/R7: by default an Outside Peek SWAP may move any card."""
    game = table("outside_peek", TWO, 5, [SWAP])
    game.apply(DRAW)
    assert swap(1, 1, 4) in game.legal_actions()
    game.apply(swap(1, 1, 4))
    assert game.lines == ((8, 2, 3, 4), (5, 6, 7, 1))


# ----------------------------------------------------------------------- R8 DRAW 2
def test_r8_draw_2_first_card_used_ends_the_turn() -> None:
    """R8: draw the next card; put it in the line and the turn ends."""
    game = table("standard", TWO, 5, [DRAW_2, 0, 9])
    game.apply(DRAW)
    assert game.legal_actions() == [DRAW, DISCARD]
    events = game.apply(DRAW)
    assert kinds(events) == ["draw_2_used", "drew"]
    assert events[1].card == 0
    assert game.view(0).draws_left == 1
    assert game.view(0).discard_top == DRAW_2
    game.apply(replace(2))
    assert game.lines[0] == (1, 0, 3, 4)
    assert game.phase is Phase.FINISH
    assert game.legal_actions() == [DONE, CALL]


def test_r8_draw_2_discard_the_first_then_the_second_is_used_or_discarded() -> None:
    """R8: discard the first card and draw a second, which is likewise used or discarded."""
    game = table("standard", TWO, 5, [DRAW_2, 9, 8, 1])
    play(game, DRAW, DRAW, DISCARD)
    assert game.phase is Phase.DRAW_AGAIN
    assert game.legal_actions() == [DRAW]
    with pytest.raises(IllegalAction, match="DRAW 2: draw your next card"):
        game.apply(DONE)
    game.apply(DRAW)
    assert game.hand == 8
    assert game.view(0).draws_left == 0
    game.apply(DISCARD)
    assert phase(game) is Phase.FINISH  # only two draws
    assert game.view(1).discard_pile == (5, DRAW_2, 9, 8)
    play(game, DONE, DRAW)
    assert game.current_seat == 1
    assert game.hand == 1


def test_r8_draw_2_second_card_put_in_the_line() -> None:
    game = table("standard", TWO, 5, [DRAW_2, 9, 0])
    play(game, DRAW, DRAW, DISCARD, DRAW, replace(3))
    assert game.lines[0] == (1, 2, 0, 4)
    assert game.phase is Phase.FINISH


def test_r8_draw_2_may_be_discarded_unused() -> None:
    """R4: a drawn DRAW 2 may be thrown away; the move is then done."""
    game = table("standard", TWO, 5, [DRAW_2])
    play(game, DRAW, DISCARD)
    assert game.phase is Phase.FINISH
    assert game.view(1).discard_top == DRAW_2


@pytest.mark.parametrize("first", [True, False])
def test_r8_a_draw_2_drawn_in_a_draw_2_starts_the_sequence_again(first: bool) -> None:
    """R8: if either card drawn is itself a DRAW 2, the sequence starts again."""
    draws = [DRAW_2, DRAW_2, 9, 8, 0] if first else [DRAW_2, 9, DRAW_2, 8, 7, 0]
    game = table("standard", TWO, 5, draws)
    play(game, DRAW, DRAW)
    if not first:
        play(game, DISCARD, DRAW)
    assert game.hand == DRAW_2
    assert game.legal_actions() == [DRAW, DISCARD]
    game.apply(DRAW)  # use the second DRAW 2: two fresh draws
    assert game.view(0).draws_left == 1
    play(game, DISCARD, DRAW)
    assert game.view(0).draws_left == 0
    assert game.phase is Phase.HOLDING
    game.apply(DISCARD)
    assert phase(game) is Phase.FINISH


def test_r8_a_draw_2_drawn_in_a_draw_2_may_be_thrown_away() -> None:
    """R8: the DRAW 2 drawn second may be discarded; then the draw it replaced is gone."""
    game = table("standard", TWO, 5, [DRAW_2, 9, DRAW_2, 1])
    play(game, DRAW, DRAW, DISCARD, DRAW, DISCARD)
    assert game.phase is Phase.FINISH


@pytest.mark.parametrize("level", ["outside_peek", "standard"])
def test_r8_default_a_peek_drawn_in_draw_2_may_be_used(level: str) -> None:
    """R8 default: a PEEK drawn during DRAW 2 may be used; the turn then ends."""
    game = table(level, TWO, 5, [DRAW_2, PEEK, 9])
    play(game, DRAW, DRAW)
    assert game.legal_actions() == [*PEEKS, DISCARD]
    assert game.view(0).power_usable
    play(game, peek(3))
    assert game.view(0).my_line[2] == 3
    assert game.phase is Phase.FINISH


@pytest.mark.parametrize("level", ["peek", "standard"])
def test_r8_default_a_swap_drawn_in_draw_2_may_be_used(level: str) -> None:
    """R8 default: a SWAP drawn (first or second) during DRAW 2 may be used; the turn ends."""
    game = table(level, TWO, 5, [DRAW_2, 9, SWAP])
    play(game, DRAW, DRAW, DISCARD, DRAW)
    assert swap(1, 1, 1) in game.legal_actions()
    play(game, swap(1, 1, 1))
    assert game.lines == ((5, 2, 3, 4), (1, 6, 7, 8))
    assert game.phase is Phase.FINISH


def test_r8_default_a_swap_drawn_in_draw_2_may_be_declined_and_the_next_drawn() -> None:
    """R8: a card drawn in DRAW 2 that is not used is discarded, and a second card comes."""
    game = table("standard", TWO, 5, [DRAW_2, SWAP, 0])
    play(game, DRAW, DRAW, DECLINE)
    assert game.phase is Phase.DRAW_AGAIN
    play(game, DRAW, replace(1))
    assert game.lines[0] == (0, 2, 3, 4)


def test_r8_option_a_peek_drawn_in_draw_2_can_only_be_discarded() -> None:
    """R8 teacher option: a PEEK or SWAP drawn during DRAW 2 may not be used."""
    game = table("standard", TWO, 5, [DRAW_2, PEEK, 0], draw2_powers=False)
    play(game, DRAW, DRAW)
    assert game.legal_actions() == [DISCARD]
    assert not game.view(0).power_usable
    with pytest.raises(IllegalAction, match="PEEK drawn during DRAW 2 cannot be used"):
        game.apply(peek(2))
    game.apply(DISCARD)
    assert game.phase is Phase.DRAW_AGAIN
    play(game, DRAW, replace(4))
    assert game.lines[0] == (1, 2, 3, 0)


def test_r8_option_a_swap_drawn_in_draw_2_can_only_be_discarded() -> None:
    game = table("peek", TWO, 5, [DRAW_2, 9, SWAP], draw2_powers=False)
    play(game, DRAW, DRAW, DISCARD, DRAW)
    assert game.legal_actions() == [DISCARD]
    for move in [swap(1, 1, 1), DECLINE]:
        with pytest.raises(IllegalAction, match="SWAP drawn during DRAW 2 cannot be used"):
            game.apply(move)
    game.apply(DISCARD)
    assert game.phase is Phase.FINISH
    assert game.lines == ((1, 2, 3, 4), (5, 6, 7, 8))


def test_r8_option_does_not_touch_a_swap_drawn_on_its_own() -> None:
    """R8 option: only power cards drawn during a DRAW 2 are affected."""
    game = table("standard", TWO, 5, [SWAP], draw2_powers=False)
    game.apply(DRAW)
    assert swap(2, 1, 2) in game.legal_actions()
    assert game.view(0).power_usable


def test_r8_option_a_draw_2_in_draw_2_still_starts_again() -> None:
    """R8: the option is about PEEK and SWAP; a DRAW 2 drawn in DRAW 2 still restarts."""
    game = table("standard", TWO, 5, [DRAW_2, DRAW_2, 9, 0], draw2_powers=False)
    play(game, DRAW, DRAW)
    assert game.legal_actions() == [DRAW, DISCARD]
    assert game.view(0).power_usable  # the view agrees with the legal actions
    play(game, DRAW, DISCARD, DRAW, replace(2))
    assert game.lines[0] == (1, 0, 3, 4)
