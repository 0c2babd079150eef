"""Running out of cards (R9), calling and the end of a round (R10), scoring a round (R11)."""

from __future__ import annotations

from collections import Counter

import pytest

from classroom.game import (
    EventKind,
    Game,
    IllegalAction,
    Options,
    Phase,
    new_game,
    round_winners_of,
)

from .stacking import (
    CALL,
    DISCARD,
    DONE,
    DRAW,
    DRAW_2,
    PEEK,
    SWAP,
    TAKE,
    kinds,
    pass_move,
    pass_turn,
    play,
    replace,
    table,
)

TWO = [[1, 2, 3, 4], [5, 6, 7, 8]]


def run_draw_pile_out(game: Game) -> None:
    """Pass turn after turn (never calling) until the DRAW pile is empty at a turn's start."""
    while game.view(0).draw_count > 0:
        pass_turn(game)
    assert game.phase is Phase.CHOOSE


# ----------------------------------------------------------------------- R9
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r9_an_empty_draw_pile_is_made_from_the_shuffled_discard_pile(seats: int) -> None:
    """R9: when a card must be drawn from an empty DRAW pile, the DISCARD pile is shuffled and
    turned over; the DISCARD pile starts again with the next discard."""
    game = new_game("ultra_peek", seats, seed=seats)
    run_draw_pile_out(game)
    before = game.view(0).discard_pile
    assert len(before) == 45 - 4 * seats
    events = game.apply(DRAW)
    assert kinds(events) == ["reshuffled", "drew"]
    drawn = events[1].card
    assert drawn in before
    view = game.view(0)
    assert view.discard_pile == ()
    assert view.discard_top is None
    assert view.draw_count == len(before) - 1
    assert game.legal_actions() == [*[replace(p) for p in range(1, 5)], DISCARD]
    game.apply(DISCARD)
    assert game.view(1).discard_pile == (drawn,)
    # Every card is still in the game: lines, DISCARD pile and DRAW pile.
    assert sum(len(line) for line in game.lines) + 1 + game.view(0).draw_count == 45


def test_r9_the_reshuffled_pile_is_played_on_to_the_round_end() -> None:
    """R9: play goes on after a reshuffle, however many times the DRAW pile runs out."""
    game = new_game("peek", 2, seed=8, options=Options(power_cards=False))
    reshuffles = 0
    for _ in range(200):
        reshuffles += kinds(pass_turn(game)).count("reshuffled")
    assert reshuffles >= 4
    assert not game.round_over
    assert game.view(0).draw_count + len(game.view(0).discard_pile) == 45 - 8


def test_r9_a_reshuffle_during_draw_2() -> None:
    """R8/R9: a DRAW 2 that is the last card of the DRAW pile still gives its draws, from
    the reshuffled DISCARD pile."""
    deck = Counter({**dict.fromkeys(range(9), 4), 9: 9, PEEK: 3, SWAP: 3, DRAW_2: 3})
    dealt = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    rest = sorted((deck - Counter(dealt)).elements())
    rest.remove(DRAW_2)
    game = table("standard", [dealt[:4], dealt[4:8]], 0, [*rest, DRAW_2])
    while game.view(0).draw_count > 1:
        pass_turn(game)
    assert game.apply(DRAW)[-1].card == DRAW_2
    assert game.view(0).draw_count == 0
    events = game.apply(DRAW)
    assert kinds(events) == ["draw_2_used", "reshuffled", "drew"]
    assert game.view(0).discard_pile == ()  # the DRAW 2 went into the reshuffled pile
    assert game.view(0).draws_left == 1
    play(game, DISCARD, DRAW)
    assert game.phase is Phase.HOLDING
    assert game.view(1).draw_count == 54 - 8 - 2  # all but the lines, two cards drawn


def test_r9_r10_power_cards_replaced_at_round_end_from_a_reshuffled_pile() -> None:
    """R10: each power card in a line is replaced by the top DRAW card; R9 applies when the
    DRAW pile has run out."""
    lines = [
        [PEEK, PEEK, PEEK, 0],
        [SWAP, SWAP, SWAP, 0],
        [DRAW_2, DRAW_2, DRAW_2, 0],
        [1, 2, 3, 4],
    ]
    game = table("standard", lines, 5)  # every power card is in a line: 37 number cards left
    while True:
        pass_move(game)
        if game.view(0).draw_count == 0:
            break
        game.apply(DONE)
    caller = game.current_seat
    assert caller == (37 - 1) % 4
    game.apply(CALL)
    events = []
    for _ in range(3):  # the others take the DISCARD card: the DRAW pile stays empty
        events = play(game, TAKE, replace(4), DONE)
    assert game.round_over
    assert kinds(events)[:3] == ["took_discard", "placed", "discarded"]
    end = events[4:]
    assert kinds(end)[0] == "reshuffled"
    replaced = [e for e in end if e.kind is EventKind.POWER_REPLACED]
    assert [(e.seat, e.position) for e in replaced] == [
        (seat, position) for seat in range(3) for position in (1, 2, 3)
    ]
    for event in replaced:
        assert event.seat is not None and event.position is not None
        assert event.replaced_by == game.lines[event.seat][event.position - 1]
    assert all(0 <= card <= 9 for line in game.lines for card in line)
    assert game.round_scores() == tuple(sum(line) for line in game.lines)


def test_r10_a_power_card_drawn_as_a_replacement_is_replaced_too() -> None:
    """R10: replaced "again until a number card comes"."""
    game = table("standard", [[PEEK, 1, 1, 1], [2, 2, 2, 2]], 3, [4, 5, SWAP, 6])
    play(game, DRAW, DISCARD, CALL)
    events = pass_turn(game)
    replaced = [e for e in events if e.kind is EventKind.POWER_REPLACED]
    assert [(e.seat, e.position, e.card, e.replaced_by) for e in replaced] == [
        (0, 1, PEEK, SWAP),
        (0, 1, SWAP, 6),
    ]
    assert game.lines == ((6, 1, 1, 1), (2, 2, 2, 2))
    assert game.round_scores() == (9, 8)
    assert game.view(0).discard_pile[-2:] == (PEEK, SWAP)


# ----------------------------------------------------------------------- R10
def test_r10_a_call_is_allowed_on_the_very_first_turn() -> None:
    """R10 default: any turn, the first one included."""
    game = table("standard", TWO, 5, [9])
    play(game, DRAW, DISCARD)
    assert game.legal_actions() == [DONE, CALL]
    assert game.view(0).can_call
    assert not game.view(1).can_call
    events = game.apply(CALL)
    assert kinds(events) == ["called", "turn_ended"]
    assert game.caller == 0
    assert game.view(1).caller == 0


@pytest.mark.parametrize(("seats", "caller"), [(2, 0), (2, 1), (3, 1), (4, 2), (4, 3)])
def test_r10_after_a_call_every_other_seat_has_exactly_one_more_turn(
    seats: int, caller: int
) -> None:
    """R10: after a call every other player has one more turn, in order; the caller plays no
    more; then the round ends."""
    game = new_game("standard", seats, seed=caller)
    order = []
    while game.current_seat != caller:
        pass_turn(game)
    pass_turn(game, call=True)
    while not game.round_over:
        seat = game.current_seat
        assert seat is not None
        order.append(seat)
        view = game.view(seat)
        assert view.final_turns_left == seats - len(order)
        pass_turn(game)
    assert order == [(caller + step) % seats for step in range(1, seats)]
    assert game.current_seat is None
    assert game.phase is Phase.GAME_OVER  # one round is the default series (R12)
    assert game.legal_actions() == []


def test_r10_no_second_call() -> None:
    """R10: after a call no other seat may call."""
    game = new_game("standard", 3, seed=2)
    pass_turn(game)
    pass_turn(game, call=True)  # Seat 2 (index 1) calls
    pass_move(game)
    assert game.legal_actions() == [DONE]
    assert not game.view(2).can_call
    with pytest.raises(IllegalAction) as caught:
        game.apply(CALL)
    assert str(caught.value) == "Seat 2 has already called Rat-a-Tat-Cat"
    events = game.apply(DONE)
    assert events[-1].kind is EventKind.TURN_ENDED
    assert events[-1].other_seat == 0


def test_r10_the_round_ends_after_the_last_final_turn() -> None:
    """R10: the last final turn's end turns every line face up, scores and reports it."""
    game = table("standard", TWO, 5, [9, 8])
    pass_turn(game, call=True)
    events = pass_turn(game)
    assert kinds(events) == ["drew", "discarded", "turn_ended", "round_ended", "game_ended"]
    assert events[2].other_seat is None
    assert events[3].scores == (10, 26)
    assert game.view(1).shown == game.lines


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r10_option_no_call_before_every_seat_has_had_n_turns(seats: int) -> None:
    """R10 teacher option: not before every seat has had N turns (the calling turn counts)."""
    game = new_game("outside_peek", seats, seed=1, options=Options(min_turns_before_call=2))
    for turn in range(2 * seats - 1):
        pass_move(game)
        assert game.legal_actions() == [DONE], f"turn {turn + 1}"
        assert not game.view(game.current_seat).can_call  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as caught:
            game.apply(CALL)
        assert str(caught.value) == (
            "No one may call Rat-a-Tat-Cat before every player has had 2 turns"
        )
        game.apply(DONE)
    pass_move(game)  # the last seat's second turn: now every seat has had two
    assert game.legal_actions() == [DONE, CALL]
    game.apply(DONE)
    pass_move(game)
    assert CALL in game.legal_actions()


def test_r10_option_with_a_later_first_seat() -> None:
    """R10 option: what counts is every seat's turns, whoever started."""
    game = new_game("standard", 3, seed=4, options=Options(min_turns_before_call=1, first_seat=1))
    for _ in range(2):
        pass_move(game)
        assert CALL not in game.legal_actions()
        game.apply(DONE)
    pass_move(game)
    assert game.current_seat == 0
    assert CALL in game.legal_actions()


def test_r10_option_minimum_turns_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match="cannot be below 0"):
        new_game("standard", 2, seed=1, options=Options(min_turns_before_call=-1))


# ----------------------------------------------------------------------- R11
def test_r11_round_score_is_the_sum_of_the_line_and_lowest_wins() -> None:
    """R11: a seat's score is the sum of its four cards; lowest wins; the caller need not."""
    game = table("standard", [[9, 9, 8, 7], [0, 1, 2, 3], [4, 4, 4, 4]], 5, [9, 9, 9])
    pass_turn(game, call=True)
    pass_turn(game)
    events = pass_turn(game)
    assert game.round_scores() == (33, 6, 16)
    assert game.round_winners() == (1,)
    assert game.view(0).scores == (33, 6, 16)
    ended = [e for e in events if e.kind is EventKind.ROUND_ENDED]
    assert ended[0].scores == (33, 6, 16)
    assert ended[0].totals == (33, 6, 16)


def test_r11_equal_lowest_scores_share_the_win() -> None:
    """R11: equal lowest scores share the win."""
    game = table("peek", [[0, 1, 2, 3], [3, 2, 1, 0], [9, 9, 9, 9]], 5, [9, 8, 8])
    pass_turn(game, call=True)
    pass_turn(game)
    events = pass_turn(game)
    assert game.round_scores() == (6, 6, 36)
    assert game.round_winners() == (0, 1)
    assert game.winners == (0, 1)
    assert events[-1].kind is EventKind.GAME_ENDED
    assert events[-1].winners == (0, 1)


def test_r11_scores_are_not_given_before_the_round_is_over() -> None:
    game = table("standard", TWO, 5)
    assert game.view(0).scores is None
    with pytest.raises(ValueError, match="not over yet"):
        game.round_scores()


def test_r11_winners_of_a_round_from_its_row_of_the_score_history() -> None:
    """R11 for any finished round (the results between rounds): a seat out of the series
    (None) neither wins nor counts as the lowest; equal lowest share the win."""
    assert round_winners_of([12, 6, 6]) == (1, 2)
    assert round_winners_of([None, 9, 4]) == (2,)
    assert round_winners_of([0, None, 0]) == (0, 2)
    assert round_winners_of([None, None]) == ()
