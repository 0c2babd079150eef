"""The deck (R1), what each level puts in it (R2) and setting up a round (R3)."""

from __future__ import annotations

from collections import Counter

import pytest

from classroom.game import (
    Card,
    Event,
    EventKind,
    Family,
    Game,
    Level,
    Options,
    Phase,
    card_label,
    family,
    is_power,
    new_game,
)

from .stacking import (
    DONE,
    DRAW,
    DRAW_2,
    HIDDEN,
    PEEK,
    SWAP,
    TAKE,
    pass_turn,
    play_round,
    stacked,
    table,
)

R1_NUMBERS = Counter({**dict.fromkeys(range(9), 4), 9: 9})
R1_DECK = R1_NUMBERS + Counter({PEEK: 3, SWAP: 3, DRAW_2: 3})
LEVEL_DECKS = {
    "ultra_peek": R1_NUMBERS,
    "peek": R1_NUMBERS + Counter({SWAP: 3, DRAW_2: 3}),
    "outside_peek": R1_DECK,
    "standard": R1_DECK,
}


def every_card(game: Game) -> Counter[Card]:
    """Go once through the whole DRAW pile (draw and throw away, never call) and count every
    card of the deck: the dealt lines, the first DISCARD card and every card drawn."""
    counts: Counter[Card] = Counter(card for line in game.lines for card in line)
    counts[game.view(0).discard_top] += 1  # type: ignore[index]
    events: list[Event] = []
    while game.view(0).draw_count > 0:
        events += game.apply(DRAW)
        while game.phase is not Phase.FINISH:
            legal = game.legal_actions()
            # Never use a DRAW 2: each card is drawn exactly once before the pile runs out.
            move = next(a for a in legal if a.kind in ("discard", "decline_swap"))
            events += game.apply(move)
        events += game.apply(DONE)
    assert EventKind.RESHUFFLED not in [e.kind for e in events]
    counts.update(e.card for e in events if e.kind is EventKind.DREW)  # type: ignore[misc]
    return counts


def test_r1_standard_deck_is_45_number_cards_and_9_power_cards() -> None:
    """R1: four each of 0-8, nine 9s, three PEEK, three SWAP, three DRAW 2: 54 cards."""
    game = new_game("standard", 2, seed=11)
    assert game.view(0).deck_size == 54
    assert every_card(game) == R1_DECK


@pytest.mark.parametrize(
    ("card", "count"),
    [(0, 4), (5, 4), (8, 4), (9, 9), (PEEK, 3), (SWAP, 3), (DRAW_2, 3)],
)
def test_r1_a_deck_cannot_hold_one_card_too_many(card: int, count: int) -> None:
    """R1: stacking the deck's own count of a card works; one more is not in the deck."""
    fill = tuple(c for c in range(9) if c != card)
    new_game("standard", 2, seed=1, options=Options(stacked_deck=(card,) * count + fill))
    with pytest.raises(ValueError, match="does not have"):
        new_game("standard", 2, seed=1, options=Options(stacked_deck=(card,) * (count + 1) + fill))


@pytest.mark.parametrize(
    ("level", "size"), [("ultra_peek", 45), ("peek", 51), ("outside_peek", 54), ("standard", 54)]
)
def test_r2_deck_size_and_power_cards_by_level(level: str, size: int) -> None:
    """R2: 45 cards at Ultra-Peek (no power cards), 51 at Peek (SWAP and DRAW 2), 54 above."""
    game = new_game(level, 3, seed=5)
    assert game.view(1).deck_size == size
    assert every_card(game) == LEVEL_DECKS[level]


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
def test_r2_option_power_cards_off_leaves_45_number_cards(level: str) -> None:
    """R2 teacher option: remove all power cards, at every level."""
    game = new_game(level, 2, seed=3, options=Options(power_cards=False))
    assert game.view(0).deck_size == 45
    assert every_card(game) == R1_NUMBERS


def test_r2_power_cards_off_rejects_a_stacked_power_card() -> None:
    """R2 option: with power cards removed, the deck has no SWAP to stack."""
    with pytest.raises(ValueError):
        table("standard", [[SWAP, 1, 2, 3], [1, 2, 3, 4]], 5, power_cards=False)


def test_r2_peek_level_has_no_peek_cards() -> None:
    """R2/R6: at Peek level there are no PEEK cards to stack."""
    with pytest.raises(ValueError):
        table("peek", [[PEEK, 1, 2, 3], [1, 2, 3, 4]], 5)
    table("peek", [[SWAP, DRAW_2, 2, 3], [1, 2, 3, 4]], 5)


@pytest.mark.parametrize("name", ["ultra_peek", "Ultra-Peek", "Outside Peek", Level.STANDARD])
def test_r2_levels_by_name(name: str) -> None:
    """R2: a level is given as a Level, its value or the name the teacher notes use."""
    assert new_game(name, 2, seed=1).level is Level.parse(name)


def test_r2_unknown_level_is_a_readable_error() -> None:
    with pytest.raises(ValueError, match="There is no level called"):
        new_game("expert", 2, seed=1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r3_deal_four_cards_a_seat_in_order_then_the_discard_then_the_draw_pile(
    seats: int,
) -> None:
    """R3.1-2: four cards a seat in positions 1-4; the next card starts the DISCARD pile; the
    rest is the DRAW pile."""
    lines = [[(s + p) % 9 for p in range(4)] for s in range(seats)]
    game = table("standard", lines, 9, [8, 7])
    assert game.lines == tuple(tuple(line) for line in lines)
    view = game.view(0)
    assert view.discard_top == 9
    assert view.discard_pile == (9,)
    assert view.draw_count == 54 - 4 * seats - 1
    assert game.current_seat == 0
    assert game.phase is Phase.CHOOSE
    events = game.apply(DRAW)
    assert events[0].kind is EventKind.DREW
    assert events[0].card == 8


@pytest.mark.parametrize("seats", [1, 5, 0])
def test_r2_a_table_has_two_to_four_seats(seats: int) -> None:
    """R2 teacher option: 2, 3 or 4 seats, nothing else."""
    with pytest.raises(ValueError, match="2, 3 or 4 seats"):
        new_game("peek", seats, seed=1)


def test_r3_the_first_discard_card_is_never_a_power_card() -> None:
    """R3.2: a power card turned up goes back into the DRAW pile and another is turned up.
    About one deal in five meets a power card first, so 300 deals meet it many times."""
    for seed in range(300):
        game = new_game("standard", 4, seed=seed)
        view = game.view(0)
        assert view.discard_pile == (view.discard_top,)
        assert view.discard_top is not None and 0 <= view.discard_top <= 9
        assert view.draw_count == 54 - 16 - 1
        assert TAKE in game.legal_actions()


def test_r3_a_stacked_first_discard_must_be_a_number_card() -> None:
    """R3.2: the test hook refuses to turn up a power card as the first DISCARD card."""
    with pytest.raises(ValueError, match="must be a number card"):
        new_game(
            "standard",
            2,
            seed=1,
            options=Options(stacked_deck=stacked([[1, 2, 3, 4], [5, 6, 7, 8]], SWAP)),
        )


def test_r3_standard_each_seat_sees_its_outside_cards_once_at_the_start() -> None:
    """R3.3: at Standard each seat sees its two outside cards before the first turn."""
    game = table("standard", [[1, 2, 3, 4], [5, 6, 7, 8], [0, 9, 9, 0]], 6)
    for seat, line in enumerate(game.lines):
        view = game.view(seat)
        assert view.known[seat] == (line[0], None, None, line[3])
        assert view.learned_turn[seat] == (0, None, None, 0)
        assert view.shown[seat] == HIDDEN  # seen once, then face down: it must be remembered
        assert view.may_look == ()
        for other in range(3):
            if other != seat:
                assert view.known[other] == HIDDEN


def test_r3_standard_outside_cards_shown_again_when_the_next_round_is_dealt() -> None:
    """R3.3: each new round of a series begins with each seat seeing its outside cards."""
    game = new_game("standard", 2, seed=4, options=Options(rounds=2))
    play_round(game)
    events = game.start_next_round()
    seen = [e for e in events if e.kind is EventKind.OUTSIDE_SEEN]
    assert sorted((e.seat, e.position) for e in seen) == [(0, 1), (0, 4), (1, 1), (1, 4)]
    for event in seen:
        assert event.private
        assert event.seat is not None and event.position is not None
        assert event.card == game.lines[event.seat][event.position - 1]
        assert event.for_seat(1 - event.seat).card is None


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek"])
def test_r3_no_outside_cards_seen_event_below_standard(level: str) -> None:
    """R3.3 is a Standard rule: other levels see by their own rule (R2), no one-time look."""
    game = new_game(level, 2, seed=4, options=Options(rounds=2))
    play_round(game)
    events = game.start_next_round()
    assert EventKind.OUTSIDE_SEEN not in [e.kind for e in events]
    assert events[0].kind is EventKind.ROUND_STARTED


@pytest.mark.parametrize(("seats", "first"), [(2, 1), (3, 2), (4, 3), (4, 0)])
def test_r3_the_table_chooses_the_first_seat(seats: int, first: int) -> None:
    """R3.4: seat 1 (index 0) starts by default; the teacher may choose another."""
    assert new_game("peek", seats, seed=2).current_seat == 0
    game = new_game("peek", seats, seed=2, options=Options(first_seat=first))
    assert game.current_seat == first
    assert game.view(0).current_seat == first


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r3_turns_go_round_the_table_in_order(seats: int) -> None:
    """R3/R4: after the first seat, each seat in turn, back to the first."""
    game = new_game("ultra_peek", seats, seed=9, options=Options(first_seat=1))
    order = []
    for _ in range(2 * seats):
        order.append(game.current_seat)
        pass_turn(game)
    assert order == [(1 + i) % seats for i in range(2 * seats)]


def test_r1_card_families_cats_0_to_6_rats_7_to_9() -> None:
    """R1: card art families used by the insights; power cards have no family."""
    assert [family(card) for card in range(10)] == [Family.CAT] * 7 + [Family.RAT] * 3
    for power in (PEEK, SWAP, DRAW_2):
        assert is_power(power)
        with pytest.raises(ValueError, match="no family"):
            family(power)
    assert not any(is_power(card) for card in range(10))
    assert [card_label(c) for c in (0, 9, PEEK, SWAP, DRAW_2)] == [
        "0",
        "9",
        "PEEK",
        "SWAP",
        "DRAW 2",
    ]


def test_r3_opening_events_of_the_first_round() -> None:
    """R3.2-3.3: the deal of round 1 is reported too: ROUND_STARTED with the first seat and
    the first DISCARD card; at Standard each seat's two outside cards, private to it."""
    game = table("standard", [[1, 2, 3, 4], [5, 6, 7, 8], [0, 9, 9, 0]], 6, first_seat=2)
    events = game.opening_events
    assert events[0].kind is EventKind.ROUND_STARTED
    assert (events[0].seat, events[0].card) == (2, 6)
    seen = [e for e in events if e.kind is EventKind.OUTSIDE_SEEN]
    assert [(e.seat, e.position, e.card) for e in seen] == [
        (0, 1, 1),
        (0, 4, 4),
        (1, 1, 5),
        (1, 4, 8),
        (2, 1, 0),
        (2, 4, 0),
    ]
    for event in seen:
        assert event.private
        assert event.for_seat(event.seat).card == event.card
        assert all(event.for_seat(other).card is None for other in range(3) if other != event.seat)
    assert [e.kind for e in table("peek", [[1, 2, 3, 4], [5, 6, 7, 8]], 6).opening_events] == [
        EventKind.ROUND_STARTED
    ]
