"""What each seat sees on screen (`shown`), may turn over (`may_look`) and could remember
(`known`): the level rules of R2 and the knowledge rules of R13."""

from __future__ import annotations

import random

import pytest

from classroom.game import Game, IllegalAction, Level, Options, Phase, SeatView, new_game

from .stacking import (
    DECLINE,
    DISCARD,
    DONE,
    DRAW,
    HIDDEN,
    PEEK,
    SWAP,
    TAKE,
    pass_turn,
    peek,
    play,
    play_round,
    replace,
    swap,
    table,
)

LINES = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 9, 0]]


def known_cells(view: SeatView) -> dict[tuple[int, int], int]:
    """Every card the seat could remember, by (seat, position)."""
    return {
        (owner, position + 1): card
        for owner, line in enumerate(view.known)
        for position, card in enumerate(line)
        if card is not None
    }


# ----------------------------------------------------------------------- R2 by level
def test_r2_ultra_peek_every_line_face_up_for_everyone() -> None:
    """R2 level 1: every line is face up; every seat sees and knows every card."""
    game = table("ultra_peek", LINES, 5)
    for seat in range(3):
        view = game.view(seat)
        assert view.shown == tuple(tuple(line) for line in LINES)
        assert view.known == view.shown
        assert view.level is Level.ULTRA_PEEK


def test_r2_ultra_peek_own_card_may_always_be_looked_at() -> None:
    """R2 level 1: a child may look at their own cards always (they are face up), so
    look() gives the card rather than saying the cards stay face down."""
    game = table("ultra_peek", LINES, 5)
    assert game.look(0, 2) == 2
    assert game.look(1, 3) == 7


def test_r2_peek_own_line_face_down_but_may_look_at_any_card() -> None:
    """R2 level 2: own line face down on screen, any own card may be looked at any time;
    another seat's line is neither shown nor known."""
    game = table("peek", LINES, 5)
    for seat in range(3):
        view = game.view(seat)
        assert view.shown == (HIDDEN, HIDDEN, HIDDEN)
        assert view.may_look == (1, 2, 3, 4)
        assert view.my_line == tuple(LINES[seat])
        for other in range(3):
            if other != seat:
                assert view.known[other] == HIDDEN
        for position in range(1, 5):
            assert game.look(seat, position) == LINES[seat][position - 1]


def test_r2_outside_peek_may_look_at_outside_cards_only() -> None:
    """R2 level 3: the two outside cards whenever the child likes; a middle card only with a
    PEEK card."""
    game = table("outside_peek", LINES, 5)
    for seat in range(3):
        view = game.view(seat)
        assert view.shown == (HIDDEN, HIDDEN, HIDDEN)
        assert view.may_look == (1, 4)
        assert view.my_line == (LINES[seat][0], None, None, LINES[seat][3])
        assert game.look(seat, 1) == LINES[seat][0]
        assert game.look(seat, 4) == LINES[seat][3]
        for position in (2, 3):
            with pytest.raises(IllegalAction, match="only the two outside cards"):
                game.look(seat, position)
    assert game.view(0).known[1] == HIDDEN


def test_r2_outside_peek_option_outside_cards_face_up_for_everyone() -> None:
    """R2 level 3 teacher option: the outside cards of every line are face up for all."""
    game = table("outside_peek", LINES, 5, outside_face_up=True)
    face_up = tuple((line[0], None, None, line[3]) for line in LINES)
    for seat in range(3):
        view = game.view(seat)
        assert view.shown == face_up
        assert view.known == face_up
        assert view.may_look == ()  # nothing to turn over: they are already face up


def test_r2_outside_face_up_is_only_an_outside_peek_option() -> None:
    with pytest.raises(ValueError, match="Outside Peek option"):
        new_game("standard", 2, seed=1, options=Options(outside_face_up=True))


def test_r2_standard_cards_stay_face_down_and_cannot_be_looked_at() -> None:
    """R2 level 4: after the one look at the start (R3.3), only a PEEK card shows a card."""
    game = table("standard", LINES, 5)
    pass_turn(game)
    view = game.view(0)
    assert view.shown == (HIDDEN, HIDDEN, HIDDEN)
    assert view.may_look == ()
    assert view.known[0] == (1, None, None, 4)  # could be remembered, not on screen
    for position in range(1, 5):
        with pytest.raises(IllegalAction, match="At Standard your cards stay face down"):
            game.look(0, position)


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
def test_r2_every_line_face_up_once_the_round_is_over(level: str) -> None:
    """R10: at the end of the round every line is turned face up for everyone."""
    game = table(level, LINES, 5)
    play_round(game)
    for seat in range(3):
        view = game.view(seat)
        assert view.round_over
        assert view.shown == game.lines
        assert view.known == game.lines
        assert view.may_look == ()


# ----------------------------------------------------------------------- R13
@pytest.mark.parametrize("level", ["peek", "outside_peek", "standard"])
def test_r13_a_card_drawn_and_put_in_own_line_is_known_to_its_owner_only(level: str) -> None:
    """R13: a seat saw the card it put into its own line; the other seats did not."""
    game = table(level, LINES, 5, [0])
    play(game, DRAW, replace(2))
    mine, theirs = game.view(0), game.view(1)
    assert mine.known[0][1] == 0
    assert mine.learned_turn[0][1] == 1
    assert mine.shown[0] == HIDDEN
    assert theirs.known[0][1] is None
    assert mine.discard_top == 2  # the replaced card is face up on the DISCARD pile


def test_r13_a_card_put_in_an_outside_place_is_not_known_to_others_at_outside_peek() -> None:
    """R13/R2: without the face-up option the outside cards are private to their owner."""
    game = table("outside_peek", LINES, 5, [0])
    play(game, DRAW, replace(1))
    assert game.view(0).known[0] == (0, None, None, 4)
    assert game.view(1).known[0] == HIDDEN


def test_r13_a_card_put_in_a_face_up_outside_place_is_seen_by_everyone() -> None:
    """R2 option: a card put into a face-up outside place is seen by every seat."""
    game = table("outside_peek", LINES, 5, [0], outside_face_up=True)
    play(game, DRAW, replace(4))
    for seat in range(3):
        assert game.view(seat).shown[0] == (1, None, None, 0)


def test_r13_a_card_taken_from_the_discard_pile_is_known_to_everyone() -> None:
    """R13: everyone saw the DISCARD card's face and where it went."""
    game = table("standard", LINES, 5)
    assert game.view(1).hand is None
    game.apply(TAKE)
    for seat in range(3):
        view = game.view(seat)
        assert view.hand == 5
        assert view.hand_from_discard
    game.apply(replace(3))
    for seat in range(3):
        view = game.view(seat)
        assert view.known[0][2] == 5
        assert view.learned_turn[0][2] == 1
        assert view.shown[0] == HIDDEN  # known, not shown: it must be remembered
        assert view.discard_top == 3


def test_r13_a_card_drawn_is_seen_only_by_the_seat_that_drew_it() -> None:
    """R13: a card drawn from the DRAW pile is seen by the drawer alone."""
    game = table("standard", LINES, 5, [0])
    game.apply(DRAW)
    assert game.view(0).hand == 0
    assert game.view(1).hand is None
    assert game.view(1).someone_holding
    game.apply(DISCARD)
    assert game.view(1).discard_top == 0  # now it is face up for all


def test_r13_replacing_a_card_others_knew_leaves_them_knowing_nothing_there() -> None:
    """R13: a seat put a drawn card where everyone knew a DISCARD card: the others now know
    only that the old card went to the DISCARD pile."""
    game = table("standard", [[1, 2, 3, 4], [5, 6, 7, 8]], 5, [9, 0])
    play(game, TAKE, replace(2), DONE)  # everyone knows seat 0 has the 5 at position 2
    pass_turn(game)  # seat 1 draws the 9 and throws it away
    play(game, DRAW, replace(2))  # seat 0 draws the 0 and puts it where the 5 was
    assert game.view(0).known[0][1] == 0
    assert game.view(1).known[0][1] is None
    assert game.view(1).discard_top == 5


def test_r13_peek_shows_one_own_card_to_its_owner_only() -> None:
    """R6/R13: a PEEK reveals one own card to the seat that used it."""
    game = table("standard", LINES, 5, [PEEK])
    events = play(game, DRAW, peek(3))
    assert game.view(0).known[0] == (1, None, 3, 4)
    assert game.view(0).learned_turn[0][2] == 1
    assert game.view(1).known[0] == HIDDEN
    peeked = events[1]
    assert peeked.card == 3
    assert peeked.private
    assert peeked.for_seat(1).card is None


def test_r13_peek_at_outside_peek_shows_a_middle_card() -> None:
    """R2/R6: at Outside Peek a middle card is seen only with a PEEK card."""
    game = table("outside_peek", LINES, 5, [PEEK])
    play(game, DRAW, peek(2))
    assert game.view(0).my_line == (1, 2, None, 4)


def test_r13_knowledge_moves_with_the_card_through_a_swap() -> None:
    """R7/R13: everyone sees which two positions were exchanged, so what anyone knew about
    either card moves with it."""
    game = table("standard", LINES, 6, [1, 2, 0, SWAP])
    play(game, TAKE, replace(2), DONE)  # all know seat 0 position 2 holds the 6
    pass_turn(game)  # seat 1
    pass_turn(game)  # seat 2
    play(game, DRAW, replace(3), DONE)  # seat 0 puts the 0 at position 3 (only it knows)
    # Seat 1 swaps its position 1 (the 5 it saw at the start) with seat 0's position 2 (the 6).
    play(game, DRAW, swap(1, 0, 2))
    assert game.lines[0] == (1, 5, 0, 4)
    assert game.lines[1] == (6, 6, 7, 8)
    for seat in range(3):
        view = game.view(seat)
        assert view.known[1][0] == 6, f"seat {seat} saw the 6 go to seat 0, then move"
        assert view.learned_turn[1][0] == 1
    assert game.view(1).known[0][1] == 5  # seat 1 knew the card it gave away
    assert game.view(0).known[0][1] is None  # seat 0 did not see what came in
    assert game.view(2).known[0][1] is None
    assert game.view(0).known[0][2] == 0  # untouched knowledge stays


def test_r13_a_blind_swap_gives_no_new_knowledge() -> None:
    """R7/R13 Standard: neither card is looked at; no seat learns a card it did not know."""
    game = table("standard", LINES, 6, [SWAP])
    before = {seat: known_cells(game.view(seat)) for seat in range(3)}
    play(game, DRAW, swap(2, 1, 3))  # two cards nobody has seen
    after = {seat: known_cells(game.view(seat)) for seat in range(3)}
    assert after == before
    assert game.lines[0] == (1, 7, 3, 4)
    assert game.lines[1] == (5, 6, 2, 8)


def test_r13_a_blind_swap_of_a_known_outside_card() -> None:
    """R7/R13 Standard: swapping my known outside card for an unseen card: I know where mine
    went, I do not learn what came; the other seat learns nothing."""
    game = table("standard", LINES, 6, [SWAP])
    play(game, DRAW, swap(4, 1, 2))
    assert game.lines[0] == (1, 2, 3, 6)
    assert game.view(0).known[0] == (1, None, None, None)
    assert game.view(0).known[1] == (None, 4, None, None)
    assert game.view(1).known[1] == (5, None, None, 8)
    assert game.view(1).known[0] == HIDDEN


def test_r13_swap_at_peek_level_each_owner_may_look_at_the_card_that_came() -> None:
    """R7 Peek level: a seat may look at its own cards anyway, so after a SWAP both owners
    know their new cards; the third seat knows nothing of either line."""
    game = table("peek", LINES, 6, [SWAP])
    play(game, DRAW, swap(2, 1, 3))
    assert game.view(0).my_line == (1, 7, 3, 4)
    assert game.view(1).my_line == (5, 6, 2, 8)
    assert game.view(0).known[1] == (None, None, 2, None)  # it saw its own card leave
    assert game.view(2).known[0] == HIDDEN
    assert game.view(2).known[1] == HIDDEN


def test_r13_swap_into_an_outside_place_at_outside_peek() -> None:
    """R2/R7 Outside Peek: a card swapped into an outside place may be looked at by its new
    owner; the card sent to a middle place is known only to the seat that saw it before."""
    game = table("outside_peek", LINES, 6, [SWAP])
    play(game, DRAW, swap(2, 1, 1))  # my unseen middle 2 for seat 1's outside 5
    assert game.lines[0] == (1, 5, 3, 4)
    assert game.lines[1] == (2, 6, 7, 8)
    assert game.view(1).known[1] == (2, None, None, 8)
    assert game.view(1).known[0] == (None, 5, None, None)
    assert game.view(0).known[0] == (1, None, None, 4)


def test_r13_knowledge_is_kept_across_turns_at_standard() -> None:
    """R13: "known" is what could be remembered; it stays after the look has passed."""
    game = table("standard", [[1, 2, 3, 4], [5, 6, 7, 8]], 5, [PEEK, 9, 9, 9, 9])
    play(game, DRAW, peek(2), DONE)
    for _ in range(4):
        pass_turn(game)
    view = game.view(0)
    assert view.known[0] == (1, 2, None, 4)
    assert view.learned_turn[0] == (0, 1, None, 0)
    assert view.turn_number == 6


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_r13_a_seat_never_knows_a_card_that_is_not_there(level: str, seats: int) -> None:
    """R13: across many random moves, every card a seat could remember is the card really
    there, and nothing is shown that the level keeps face down."""
    chooser = random.Random(level + str(seats))
    for seed in range(8):
        game = new_game(level, seats, seed=seed)
        while not game.round_over:
            move = chooser.choice(game.legal_actions())
            if move.kind == "call" and game.view(0).turn_number < 12:
                move = DONE
            game.apply(move)
            check_views(game)


def check_views(game: Game) -> None:
    """Every known or shown card matches the truth; another seat's drawn card is not shown."""
    lines = game.lines
    for seat in range(game.seats):
        view = game.view(seat)
        for owner, line in enumerate(view.known):
            for index, card in enumerate(line):
                assert card is None or card == lines[owner][index]
                shown = view.shown[owner][index]
                assert shown is None or shown == lines[owner][index]
                if shown is not None:
                    assert card == shown
        if view.hand is not None and game.phase is Phase.HOLDING:
            assert seat == game.current_seat or view.hand_from_discard
        if game.level is Level.STANDARD and not view.round_over:
            assert view.shown == tuple(HIDDEN for _ in range(game.seats))


def test_r13_declining_a_swap_changes_nothing() -> None:
    """R7: the SWAP is optional; saying no leaves every line and all knowledge as it was."""
    game = table("standard", LINES, 6, [SWAP])
    before = [game.view(seat).known for seat in range(3)]
    play(game, DRAW, DECLINE)
    assert game.lines == tuple(tuple(line) for line in LINES)
    assert [game.view(seat).known for seat in range(3)] == before
    assert game.view(1).discard_top == SWAP


@pytest.mark.parametrize(
    ("level", "options", "position", "told"),
    [
        ("ultra_peek", {}, 2, True),  # every place face up for everyone
        ("outside_peek", {"outside_face_up": True}, 1, True),  # an outside place, face up
        ("outside_peek", {"outside_face_up": True}, 2, False),  # a middle place: face down
        ("outside_peek", {}, 1, False),
        ("peek", {}, 1, False),
        ("standard", {}, 4, False),
    ],
)
def test_r2_a_drawn_card_put_where_everyone_sees_it_is_told_to_everyone(
    level: str, options: dict[str, bool], position: int, told: bool
) -> None:
    """R2: a card drawn from the DRAW pile and put in the line is public where the level
    shows that place face up to every seat (the story then names it, as the board shows it);
    elsewhere only its owner saw it. What each seat knows is the level's rule either way."""
    game = table(level, LINES, 5, [8], **options)
    events = play(game, DRAW, replace(position))
    (placed,) = [e for e in events if e.kind.value == "placed"]
    assert placed.private is not told
    assert (placed.for_seat(1).card == 8) is told
    assert placed.for_seat(0).card == 8  # the owner always saw it
    assert game.view(1).shown[0][position - 1] == (8 if told else None)
