"""A turn (R4) and the DISCARD pile with power cards on it (R5)."""

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
    TAKE,
    kinds,
    pass_turn,
    phase,
    play,
    replace,
    table,
)

TWO = [[1, 2, 3, 4], [5, 6, 7, 8]]
REPLACES = [Action(ActionKind.REPLACE, position=p) for p in range(1, 5)]


def test_r4_a_turn_starts_with_draw_or_take_the_discard_card() -> None:
    """R4: exactly one of: take the top DISCARD card, or draw the top DRAW card."""
    game = table("standard", TWO, 5)
    assert game.phase is Phase.CHOOSE
    assert game.legal_actions() == [DRAW, TAKE]
    for move in [DISCARD, DONE, CALL, replace(1)]:
        with pytest.raises(IllegalAction):
            game.apply(move)


def test_r4_only_the_seat_on_turn_has_legal_actions() -> None:
    game = table("standard", TWO, 5)
    assert game.legal_actions(0) == [DRAW, TAKE]
    assert game.legal_actions(1) == []


def test_r4_take_the_discard_card_and_put_it_in_place_of_a_card() -> None:
    """R4: the taken card goes into the line; the replaced card goes face up on the DISCARD."""
    game = table("standard", TWO, 5)
    events = game.apply(TAKE)
    assert game.phase is Phase.HOLDING
    assert game.hand == 5
    assert game.legal_actions() == REPLACES
    assert game.view(0).discard_pile == ()
    events += game.apply(replace(3))
    assert game.lines[0] == (1, 2, 5, 4)
    assert game.view(1).discard_pile == (3,)
    assert phase(game) is Phase.FINISH
    assert game.legal_actions() == [DONE, CALL]
    assert kinds(events) == ["took_discard", "placed", "discarded"]


def test_r4_a_card_taken_from_the_discard_pile_cannot_go_straight_back() -> None:
    """R4: the taker may not put the taken card straight back."""
    game = table("standard", TWO, 5)
    game.apply(TAKE)
    assert DISCARD not in game.legal_actions()
    with pytest.raises(IllegalAction, match="cannot go straight back"):
        game.apply(DISCARD)
    assert game.hand == 5


def test_r4_draw_then_put_the_card_in_the_line() -> None:
    """R4: a drawn number card may go in place of a card; that card goes on the DISCARD."""
    game = table("standard", TWO, 5, [0])
    game.apply(DRAW)
    assert game.legal_actions() == [*REPLACES, DISCARD]
    game.apply(replace(4))
    assert game.lines[0] == (1, 2, 3, 0)
    assert game.view(1).discard_pile == (5, 4)
    assert game.phase is Phase.FINISH


def test_r4_draw_then_discard_the_drawn_card() -> None:
    """R4: or the drawn card goes face up on the DISCARD pile; the line is unchanged."""
    game = table("standard", TWO, 5, [9])
    play(game, DRAW, DISCARD)
    assert game.lines == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert game.view(1).discard_top == 9
    assert game.phase is Phase.FINISH


@pytest.mark.parametrize("power", [PEEK, SWAP, DRAW_2])
def test_r4_a_drawn_power_card_never_goes_into_a_line(power: int) -> None:
    """R4: a power card drawn is used or discarded; it never goes into a line."""
    game = table("standard", TWO, 5, [power])
    game.apply(DRAW)
    assert not any(a.kind == "replace" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="cannot go into a line"):
        game.apply(replace(2))


def test_r4_exactly_one_move_a_turn() -> None:
    """R4: after the move only "Done" or a call is left; no second draw."""
    game = table("standard", TWO, 5, [9, 8])
    play(game, DRAW, DISCARD)
    for move in [DRAW, TAKE, replace(1)]:
        with pytest.raises(IllegalAction, match="Your move is done"):
            game.apply(move)
    game.apply(DONE)
    assert game.current_seat == 1


def test_r4_the_move_must_be_finished_before_the_turn_ends() -> None:
    """R4: with a card in hand the turn cannot end."""
    game = table("standard", TWO, 5, [9])
    game.apply(DRAW)
    for move in [DONE, CALL]:
        with pytest.raises(IllegalAction, match="First put the card in your hand"):
            game.apply(move)


def test_r4_power_cards_dealt_into_a_line_stay_there_and_do_nothing() -> None:
    """R4: a power card dealt into a line stays; it offers no action and counts nothing until
    the end of the round, when it is replaced (R10)."""
    game = table("standard", [[PEEK, SWAP, DRAW_2, 4], [5, 6, 7, 8]], 5, [9, 9, 3, 2, 1, 0, 6])
    assert game.legal_actions() == [DRAW, TAKE]
    pass_turn(game)
    pass_turn(game)
    assert game.lines[0] == (PEEK, SWAP, DRAW_2, 4)
    play(game, DRAW, DISCARD, CALL)  # seat 0 throws away the 3, then calls
    events = pass_turn(game)  # seat 1 throws away the 2: the round ends
    replaced = [e for e in events if e.kind is EventKind.POWER_REPLACED]
    assert [(e.seat, e.position, e.card, e.replaced_by) for e in replaced] == [
        (0, 1, PEEK, 1),
        (0, 2, SWAP, 0),
        (0, 3, DRAW_2, 6),
    ]
    assert game.lines[0] == (1, 0, 6, 4)
    assert game.round_scores() == (11, 26)


def test_r4_a_power_card_in_a_line_may_be_replaced_like_any_card() -> None:
    """R4: a dealt power card may be replaced; it then lies on the DISCARD pile (R5)."""
    game = table("standard", [[PEEK, 1, 2, 3], [5, 6, 7, 8]], 4)
    play(game, TAKE, replace(1))
    assert game.lines[0] == (4, 1, 2, 3)
    assert game.view(1).discard_top == PEEK


@pytest.mark.parametrize("power", [PEEK, SWAP, DRAW_2])
def test_r5_a_power_card_on_the_discard_pile_cannot_be_taken(power: int) -> None:
    """R5: while a power card is on top of the DISCARD pile the next seat must draw."""
    game = table("standard", TWO, 5, [power, 9])
    game.apply(DRAW)
    play(game, DECLINE if power == SWAP else DISCARD, DONE)
    assert game.view(1).discard_top == power
    assert game.legal_actions() == [DRAW]
    label = {int(PEEK): "PEEK", int(SWAP): "SWAP", int(DRAW_2): "DRAW 2"}[power]
    with pytest.raises(IllegalAction) as caught:
        game.apply(TAKE)
    assert str(caught.value) == f"A {label} card cannot be taken from the DISCARD pile"
    game.apply(DRAW)
    assert game.hand == 9


def test_r5_a_power_card_dealt_and_replaced_cannot_be_taken_either() -> None:
    """R5: a power card put on the DISCARD pile from a line is not usable or takeable."""
    game = table("standard", [[SWAP, 1, 2, 3], [5, 6, 7, 8]], 4)
    play(game, TAKE, replace(1), DONE)
    assert game.legal_actions() == [DRAW]


def test_r5_a_number_card_on_top_of_a_power_card_may_be_taken() -> None:
    """R5: only the top card matters: a number card discarded over a power card is takeable."""
    game = table("standard", TWO, 5, [SWAP, 9, 0])
    play(game, DRAW, DECLINE, DONE)
    play(game, DRAW, DISCARD, DONE)  # seat 1 throws the 9 over the SWAP
    assert game.view(0).discard_pile == (5, SWAP, 9)
    assert game.legal_actions() == [DRAW, TAKE]
    play(game, TAKE, replace(2))
    assert game.lines[0] == (1, 9, 3, 4)
    assert game.view(0).discard_pile == (5, SWAP, 2)
