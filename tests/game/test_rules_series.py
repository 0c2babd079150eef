"""A game of several rounds (R12) and who starts each round (R3.4)."""

from __future__ import annotations

import pytest

from classroom.game import (
    EventKind,
    IllegalAction,
    LimitEnding,
    Options,
    Phase,
    Series,
    new_game,
)

from .stacking import (
    CALL,
    DONE,
    DRAW,
    SWAP,
    pass_turn,
    phase,
    play_round,
    swap,
    table,
    throw_away,
)

LOW_HIGH_MID = [[0, 0, 0, 0], [9, 9, 9, 9], [1, 1, 1, 1]]  # scores 0, 36, 4


# ----------------------------------------------------------------------- rounds
def test_r12_r8_r10_r3_the_teacher_options_default_to_the_rules() -> None:
    """RULES.md defaults: one round; limit 100, last seat left; PEEK/SWAP usable in DRAW 2;
    a call on any turn; seat 1 (index 0) starts; power cards in the deck."""
    options = new_game("standard", 2, seed=1).options
    assert (options.series, options.rounds) == (Series.ROUNDS, 1)
    assert (options.limit, options.limit_ending) == (100, LimitEnding.LAST_SEAT_LEFT)
    assert options.draw2_powers
    assert options.min_turns_before_call == 0
    assert options.first_seat == 0
    assert options.power_cards
    assert not options.outside_face_up


def test_r12_default_is_one_round() -> None:
    """R12: a set number of rounds, default 1: the game is over when the round is."""
    game = new_game("standard", 2, seed=3)
    events = play_round(game)
    assert game.phase is Phase.GAME_OVER
    assert game.game_over and game.round_over
    assert events[-1].kind is EventKind.GAME_ENDED
    assert game.winners == game.round_winners()
    with pytest.raises(IllegalAction, match="The game is over"):
        game.start_next_round()
    with pytest.raises(IllegalAction, match="The game is over"):
        game.apply(DRAW)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r12_a_set_number_of_rounds_adds_up_the_scores(seats: int) -> None:
    """R12: scores add up across rounds; lowest total wins."""
    game = new_game("outside_peek", seats, seed=seats, options=Options(rounds=3))
    history = []
    for number in (1, 2, 3):
        assert game.round_number == number
        with pytest.raises(IllegalAction, match="still being played"):
            game.start_next_round()
        events = play_round(game)
        history.append(game.round_scores())
        ended = next(e for e in events if e.kind is EventKind.ROUND_ENDED)
        assert ended.totals == game.totals
        if number < 3:
            assert game.phase is Phase.ROUND_OVER
            assert not game.game_over
            assert game.winners is None
            assert game.legal_actions() == []
            with pytest.raises(IllegalAction) as caught:
                game.apply(DRAW)
            assert str(caught.value) == "This round is over; the next round has not started"
            new_round = game.start_next_round()
            assert new_round[0].kind is EventKind.ROUND_STARTED
    assert game.phase is Phase.GAME_OVER
    assert game.score_history == tuple(history)
    totals = tuple(sum(scores[s] for scores in history) for s in range(seats))
    assert game.totals == totals
    assert game.view(0).totals == totals
    assert game.winners == tuple(s for s in range(seats) if totals[s] == min(totals))
    assert game.view(seats - 1).winners == game.winners


@pytest.mark.parametrize(("seats", "first"), [(2, 0), (3, 0), (4, 2), (3, 2)])
def test_r3_the_first_seat_passes_on_between_rounds(seats: int, first: int) -> None:
    """R3.4 default: each round starts with the seat after the last round's first seat."""
    game = new_game("peek", seats, seed=1, options=Options(rounds=5, first_seat=first))
    starters = [game.current_seat]
    for _ in range(4):
        play_round(game)
        events = game.start_next_round()
        starters.append(game.current_seat)
        assert events[0].seat == game.current_seat
    assert starters == [(first + r) % seats for r in range(5)]


def test_r12_a_new_round_is_a_fresh_deal() -> None:
    """R3/R12: each round is shuffled and dealt again; nothing known carries over."""
    game = table("standard", LOW_HIGH_MID, 5, rounds=2)
    play_round(game)
    game.start_next_round()
    view = game.view(0)
    assert view.round_number == 2
    assert view.turn_number == 1
    assert view.turns_taken == (0, 0, 0)
    assert view.caller is None
    assert view.scores is None
    assert view.known[1] == (None, None, None, None)
    assert view.draw_count == 54 - 12 - 1
    assert sum(len(line) for line in game.lines) == 12


@pytest.mark.parametrize("rounds", [0, -1])
def test_r12_at_least_one_round(rounds: int) -> None:
    with pytest.raises(ValueError, match="at least one round"):
        new_game("standard", 2, seed=1, options=Options(rounds=rounds))


# ----------------------------------------------------------------------- to a limit
def test_r12_limit_a_seat_reaching_the_limit_is_out_and_the_last_seat_left_wins() -> None:
    """R12 publisher's rule: a seat whose total reaches the limit is out; play goes on
    without it; the last seat left wins."""
    game = table("standard", LOW_HIGH_MID, 5, series=Series.LIMIT, limit=30)
    events = play_round(game)
    outs = [e for e in events if e.kind is EventKind.SEAT_OUT]
    assert [e.seat for e in outs] == [1]
    assert game.in_play == (True, False, True)
    assert game.phase is Phase.ROUND_OVER
    game.start_next_round()
    assert game.current_seat == 2  # the first seat passes on, over the seat that is out
    assert game.lines[1] == ()
    view = game.view(0)
    assert view.in_play == (True, False, True)
    assert view.known[1] == ()
    assert view.shown[1] == ()
    assert game.view(1).may_look == ()
    with pytest.raises(IllegalAction, match="no line in this round"):
        game.look(1, 1)
    rounds = 1
    swaps_met = 0
    while not game.game_over:
        seen = []
        while not game.round_over:  # ten turns without a call, then a call
            seen.append(game.current_seat)
            game.apply(DRAW)
            if game.hand == SWAP:
                swaps_met += 1
                assert all(a.other_seat != 1 for a in game.legal_actions()[:-1])
                with pytest.raises(IllegalAction, match="Seat 2 is out of the game"):
                    game.apply(swap(1, 1, 1))
            throw_away(game)
            if not game.round_over:
                game.apply(CALL if len(seen) == 10 else DONE)
        assert 1 not in seen
        rounds += 1
        assert game.score_history[-1][1] is None
        if not game.game_over:
            game.start_next_round()
    assert rounds >= 2
    assert swaps_met >= 1
    left = [s for s in range(3) if game.in_play[s]]
    assert len(left) == 1
    assert game.winners == tuple(left)
    assert game.totals[left[0]] < 30
    assert game.totals[1] == 36  # the total of a seat that is out stays as it was


def test_r12_limit_reached_exactly_is_out() -> None:
    """R12: "reaches the limit": a total equal to the limit is out."""
    game = table("peek", [[9, 9, 9, 3], [0, 1, 2, 3]], 5, series=Series.LIMIT, limit=30)
    play_round(game)
    assert game.in_play == (False, True)
    assert game.winners == (1,)
    assert game.phase is Phase.GAME_OVER


def test_r12_limit_two_seats_out_at_once_leaves_the_last_seat_the_winner() -> None:
    game = table(
        "standard", [[0, 0, 0, 0], [9, 9, 9, 9], [8, 8, 8, 8]], 5, series=Series.LIMIT, limit=30
    )
    events = play_round(game)
    assert sorted(e.seat for e in events if e.kind is EventKind.SEAT_OUT) == [1, 2]  # type: ignore[type-var]
    assert game.winners == (0,)
    assert game.game_over


def test_r12_limit_below_the_limit_the_series_goes_on() -> None:
    game = table("standard", LOW_HIGH_MID, 5, series=Series.LIMIT)  # default limit 100
    play_round(game)
    assert game.phase is Phase.ROUND_OVER
    assert game.in_play == (True, True, True)


def test_r12_limit_everyone_left_out_at_once_lowest_total_wins() -> None:
    """R12 does not say who wins when every seat still playing reaches the limit in the
    same round; the engine's reading is that the lowest total among them wins."""
    game = table("standard", [[9, 9, 9, 9], [8, 8, 8, 8]], 5, series=Series.LIMIT, limit=30)
    play_round(game)
    assert game.winners == (1,)
    assert game.game_over


def test_r12_option_first_to_the_limit_ends_the_game_lowest_total_wins() -> None:
    """R12 option: the game ends as soon as one seat reaches the limit; lowest total wins."""
    game = table(
        "standard",
        LOW_HIGH_MID,
        5,
        series=Series.LIMIT,
        limit=30,
        limit_ending=LimitEnding.FIRST_TO_LIMIT,
    )
    events = play_round(game)
    assert game.phase is Phase.GAME_OVER
    assert game.winners == (0,)
    assert EventKind.SEAT_OUT not in [e.kind for e in events]
    assert game.in_play == (True, True, True)


def test_r12_option_first_to_the_limit_ties_share() -> None:
    game = table(
        "standard",
        [[0, 0, 1, 1], [9, 9, 9, 9], [1, 1, 0, 0]],
        5,
        series=Series.LIMIT,
        limit=30,
        limit_ending=LimitEnding.FIRST_TO_LIMIT,
    )
    play_round(game)
    assert game.winners == (0, 2)


def test_r12_option_first_to_the_limit_plays_on_until_someone_reaches_it() -> None:
    game = new_game(
        "peek",
        3,
        seed=12,
        options=Options(series=Series.LIMIT, limit=60, limit_ending=LimitEnding.FIRST_TO_LIMIT),
    )
    while True:
        play_round(game)
        if game.game_over:
            break
        assert max(game.totals) < 60
        game.start_next_round()
    assert max(game.totals) >= 60
    assert game.round_number >= 2
    assert game.winners == tuple(s for s in range(3) if game.totals[s] == min(game.totals))


@pytest.mark.parametrize("limit", [0, -5])
def test_r12_limit_must_be_positive(limit: int) -> None:
    with pytest.raises(ValueError, match="limit must be at least 1"):
        new_game("standard", 2, seed=1, options=Options(series=Series.LIMIT, limit=limit))


# ----------------------------------------------------------------------- until the bell
def test_r12_until_the_bell_rounds_go_on_until_the_teacher_ends_it() -> None:
    """R12: "Play until the bell" is rounds that the teacher ends by hand."""
    game = new_game("standard", 3, seed=5, options=Options(series=Series.BELL))
    for _ in range(6):
        play_round(game)
        assert game.phase is Phase.ROUND_OVER
        game.start_next_round()
    assert game.round_number == 7


def test_r12_the_bell_during_a_round_lets_it_finish_first() -> None:
    """R12: the round in play finishes first, then the series ends; lowest total wins."""
    game = new_game("outside_peek", 2, seed=5, options=Options(series=Series.BELL))
    play_round(game)
    game.start_next_round()
    pass_turn(game)
    game.ring_bell()
    assert game.phase is Phase.CHOOSE
    assert not game.round_over
    assert game.legal_actions()
    events = play_round(game)
    assert phase(game) is Phase.GAME_OVER
    assert events[-1].kind is EventKind.GAME_ENDED
    assert game.round_number == 2
    totals = game.totals
    assert game.winners == tuple(s for s in range(2) if totals[s] == min(totals))
    with pytest.raises(IllegalAction, match="The game is over"):
        game.start_next_round()


def test_r12_the_bell_between_rounds_ends_the_game_at_once() -> None:
    game = table("standard", LOW_HIGH_MID, 5, series=Series.BELL)
    play_round(game)
    assert game.phase is Phase.ROUND_OVER
    game.ring_bell()
    assert phase(game) is Phase.GAME_OVER
    assert game.winners == (0,)
    game.ring_bell()  # a second ring changes nothing
    assert game.winners == (0,)


def test_r12_the_bell_in_a_series_of_rounds_ends_it_after_the_round_in_play() -> None:
    """R12: the teacher may end any series by hand; the round in play finishes first."""
    game = new_game("standard", 3, seed=8, options=Options(rounds=3))
    pass_turn(game)
    game.ring_bell()
    assert not game.round_over
    events = play_round(game)
    assert game.phase is Phase.GAME_OVER
    assert game.round_number == 1
    assert events[-1].kind is EventKind.GAME_ENDED
    totals = game.totals
    assert game.winners == tuple(s for s in range(3) if totals[s] == min(totals))


def test_r12_the_rounds_to_play_are_known_only_for_a_set_number_of_rounds() -> None:
    """ "Round 2 of 3" (the child's dots, the teacher's lists) only when the game has a set
    number of rounds, more than one; a points limit or the teacher's bell has none."""
    from classroom.game.options import Options, Series

    assert Options(series=Series.ROUNDS, rounds=3).rounds_to_play == 3
    assert Options(series=Series.ROUNDS, rounds=1).rounds_to_play is None
    assert Options(series=Series.LIMIT, rounds=3, limit=100).rounds_to_play is None
    assert Options(series=Series.BELL, rounds=3).rounds_to_play is None
