"""Computer players: legal moves from a SeatView only, their habits, and their strength order."""

from __future__ import annotations

import inspect

import pytest

from classroom.game import ActionKind, Level, Options, Phase, Power, SeatView, new_game
from classroom.game.players import Personality, make_player
from classroom.game.players.match import play_out
from classroom.game.strength import head_to_head

from .stacking import stacked


def test_players_decide_from_a_seat_view_and_the_legal_actions_only() -> None:
    """choose() takes a SeatView and the legal actions; it is never handed the Game."""
    for personality in Personality:
        player = make_player(personality, 1)
        params = list(inspect.signature(player.choose).parameters)
        assert params == ["view", "legal"]


@pytest.mark.parametrize("personality", list(Personality))
@pytest.mark.parametrize("level", list(Level))
def test_players_finish_games_at_every_level_and_option(
    personality: Personality, level: Level
) -> None:
    """Every move a player makes is legal, over many seeded games and options, and games end."""
    option_sets: list[dict[str, object]] = [
        {},
        {"power_cards": False},
        {"draw2_powers": False},
        {"min_turns_before_call": 3},
        {"series": "rounds", "rounds": 2},
    ]
    if level is Level.OUTSIDE_PEEK:
        option_sets.append({"outside_face_up": True})
    for game_no in range(60):
        options = option_sets[game_no % len(option_sets)]
        seats = 2 + game_no % 3
        game = new_game(level, seats, seed=game_no, options=options)
        players = [make_player(personality, f"{game_no}/{s}") for s in range(seats)]
        play_out(game, players)  # apply() raises on any illegal move
        assert game.game_over and game.winners


def test_make_player_names_and_refusals() -> None:
    """Children see friendly names; an unknown personality is refused clearly."""
    assert [make_player(p).name for p in Personality] == ["Kitten", "Tabby", "Top Cat"]
    with pytest.raises(ValueError, match="no computer player called"):
        make_player("grandmaster")


def test_players_are_repeatable_from_their_seed() -> None:
    """The same seeds give the same game, move for move."""
    results = []
    for _ in range(2):
        game = new_game("standard", 3, seed=5)
        play_out(game, [make_player(p, f"5/{i}") for i, p in enumerate(Personality)])
        results.append(game.to_dict())
    assert results[0] == results[1]


def _view_holding(
    card: int, line: tuple[int, int, int, int], level: str = "ultra_peek"
) -> tuple[SeatView, list]:
    """Seat 0 at Ultra-Peek holding `card`, drawn from the DRAW pile, with `line` face up."""
    deck = stacked([list(line), [9, 9, 9, 9]], discard=8, draws=[card])
    game = new_game(level, 2, seed=1, options=Options(stacked_deck=deck))
    game.apply(game.legal_actions()[0])  # draw
    assert game.phase is Phase.HOLDING and game.hand == card
    return game.view(0), game.legal_actions()


def test_beginner_treats_all_cats_alike_and_keeps_a_4_when_a_3_comes() -> None:
    """The teacher notes' habit: with 4s and 0s in the line, a 3 is thrown away."""
    view, legal = _view_holding(3, (0, 4, 4, 0))
    beginner = make_player("beginner", 2)
    beginner.slip_chance = 0.0  # type: ignore[attr-defined]
    assert beginner.choose(view, legal).kind is ActionKind.DISCARD
    # ...but a cat for a rat is plain to it.
    view, legal = _view_holding(3, (0, 4, 8, 0))
    assert beginner.choose(view, legal).position == 3


@pytest.mark.parametrize("personality", ["solid", "strong"])
def test_solid_and_strong_compare_numbers_within_the_cats(personality: str) -> None:
    """A 3 replaces a 4: they compare the numbers, not the pictures."""
    view, legal = _view_holding(3, (0, 4, 1, 0))
    assert make_player(personality, 2).choose(view, legal).position == 2


def test_solid_forgets_a_card_seen_more_than_two_turns_ago_and_strong_does_not() -> None:
    """At Standard a seat's outside cards are seen once; Tabby forgets them, Top Cat never."""
    deck = stacked([[9, 5, 5, 0], [1, 1, 1, 1]], discard=8, draws=[6] * 3 + [7] * 3 + [6])
    game = new_game("standard", 2, seed=1, options=Options(stacked_deck=deck))
    solid, strong = make_player("solid"), make_player("strong")
    view = game.view(0)
    assert solid.my_recall(view)[0] == 9 and strong.my_recall(view)[0] == 9
    for _ in range(6):  # three turns each: draw, discard, done
        for move in ("draw", "discard", "end_turn"):
            game.apply(next(a for a in game.legal_actions() if a.kind == move))
    view = game.view(0)
    assert view.known[0][0] == 9  # the engine says it could be remembered...
    assert solid.my_recall(view)[0] is None  # ...Tabby has forgotten it
    assert strong.my_recall(view)[0] == 9


def test_strong_swaps_its_high_card_for_a_low_card_an_opponent_took_from_the_discard() -> None:
    """Top Cat watches the DISCARD pile: seat 1 took a 0 into place 2; the SWAP goes for it."""
    deck = stacked(
        [[9, 2, 2, 1], [5, 6, 7, 8]],
        discard=0,
        draws=[Power.SWAP],
    )
    game = new_game("standard", 2, seed=1, options=Options(stacked_deck=deck, first_seat=1))
    game.apply(next(a for a in game.legal_actions() if a.kind == "take_discard"))
    game.apply(next(a for a in game.legal_actions() if a.kind == "replace" and a.position == 2))
    game.apply(next(a for a in game.legal_actions() if a.kind == "end_turn"))
    game.apply(next(a for a in game.legal_actions() if a.kind == "draw"))
    assert game.hand == Power.SWAP
    choice = make_player("strong").choose(game.view(0), game.legal_actions())
    assert choice.kind is ActionKind.SWAP
    assert (choice.position, choice.other_seat, choice.other_position) == (1, 1, 2)


def test_strong_player_clearly_beats_the_other_two() -> None:
    """Over 600 seeded two-seat Standard games each, Top Cat wins well over half."""
    vs_solid = head_to_head(Personality.STRONG, Personality.SOLID, 600, seed=9)
    vs_beginner = head_to_head(Personality.STRONG, Personality.BEGINNER, 600, seed=9)
    assert vs_solid[Personality.STRONG].win_rate > 0.58
    assert vs_beginner[Personality.STRONG].win_rate > 0.6
    assert vs_solid[Personality.STRONG].mean_score < vs_solid[Personality.SOLID].mean_score
