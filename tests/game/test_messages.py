"""The engine's public face: readable IllegalAction sentences that change nothing, the events
`apply` reports and their redaction per seat, and the JSON save and restore (DESIGN.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from classroom.game import (
    Action,
    ActionKind,
    Event,
    EventKind,
    Game,
    IllegalAction,
    Options,
    Phase,
    Series,
    events_for,
    new_game,
)

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
    peek,
    play,
    play_round,
    replace,
    swap,
    table,
)

TWO = [[1, 2, 3, 4], [5, 6, 7, 8]]
THREE = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 0, 9, 0]]


def refused(game: Game, action: Any, seat: int | None = None) -> str:
    """Apply a move that must be refused; check it changed nothing; return the message."""
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, seat)
    assert json.dumps(game.to_dict(), sort_keys=True) == before
    return str(caught.value)


def assert_readable(message: str) -> None:
    """A sentence a teacher could read: capital first, no code words, no empty values."""
    assert message, "empty message"
    assert message[0].isupper(), message
    for word in ("None", "ActionKind", "Power.", "_", "<", "{", "Phase"):
        assert word not in message, message


# ----------------------------------------------------------------------- messages
def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


def test_message_whose_turn_it_is() -> None:
    """DESIGN: a move by the wrong seat names whose turn it is, as the table names seats."""
    game = table("standard", TWO, 5, [9])
    assert refused(game, DRAW, seat=1) == "It is Seat 1's turn"
    pass_turn(game)
    assert refused(game, DRAW, seat=0) == "It is Seat 2's turn"
    game.apply(DRAW, seat=1)
    assert game.current_seat == 1


def test_message_whose_turn_it_is_with_the_childrens_names() -> None:
    """Options.names: messages use the names the teacher gave the seats."""
    game = table("peek", THREE, 5, [9], names=("Ada", "Ben", "Cy"))
    pass_turn(game)
    assert refused(game, DRAW, seat=2) == "It is Ben's turn"
    assert game.view(2).names == ("Ada", "Ben", "Cy")


def test_names_one_for_each_seat() -> None:
    """R2 option (2-4 seats): a name for each seat, or none."""
    with pytest.raises(ValueError, match="one name for each seat"):
        new_game("peek", 3, seed=1, options=Options(names=("Ada", "Ben")))


@pytest.mark.parametrize(("power", "label"), [(SWAP, "SWAP"), (PEEK, "PEEK"), (DRAW_2, "DRAW 2")])
def test_r5_message_a_power_card_cannot_be_taken(power: int, label: str) -> None:
    game = table("standard", [[power, 1, 2, 3], [5, 6, 7, 8]], 4)
    play(game, TAKE, replace(1), DONE)
    message = refused(game, TAKE)
    assert message == f"A {label} card cannot be taken from the DISCARD pile"


def test_message_there_is_no_place_7() -> None:
    """R3.1: a line has places 1-4; a REPLACE, SWAP or look at place 7 is refused."""
    game = table("standard", TWO, 5, [PEEK, SWAP, 0])
    game.apply(TAKE)
    expected = "There is no place 7 in a line; the places are 1 to 4"
    assert refused(game, replace(7)) == expected
    assert refused(game, replace(0)) == "There is no place 0 in a line; the places are 1 to 4"
    assert refused(game, Action(ActionKind.REPLACE)) == "Choose a place in your line, 1 to 4"
    play(game, replace(2), DONE)
    pass_turn(game)  # seat 1 throws the PEEK away
    game.apply(DRAW)  # seat 0 draws the SWAP
    assert refused(game, swap(7, 1, 1)) == expected
    assert refused(game, swap(1, 1, 7)) == expected
    with pytest.raises(IllegalAction, match="There is no place 7 in a line"):
        game.look(0, 7)


def test_message_peek_at_place_7() -> None:
    """R6: a PEEK looks at one of places 1-4."""
    game = table("standard", TWO, 5, [PEEK])
    game.apply(DRAW)
    assert refused(game, peek(7)) == "There is no place 7 in a line; the places are 1 to 4"


def test_message_a_seat_that_does_not_exist_is_not_named_like_one_that_does() -> None:
    """Seats are "Seat 1" to "Seat 4" to a teacher: a refused SWAP with seat index 4 must not
    say "There is no seat 4" at a table that has a Seat 4."""
    game = table("standard", [*THREE, [1, 2, 3, 4]], 5, [SWAP])
    game.apply(DRAW)
    message = refused(game, swap(1, 4, 1))
    assert_readable(message)
    assert "seat 4" not in message.lower(), message


def test_message_first_seat_out_of_range_is_not_named_like_a_seat_that_exists() -> None:
    """R3.4 option: first_seat counts from 0; the refusal must not deny a Seat 4 that exists."""
    with pytest.raises(ValueError) as caught:
        new_game("standard", 4, seed=1, options=Options(first_seat=4))
    assert "seat 4" not in str(caught.value).lower(), str(caught.value)


def test_message_moves_with_fields_they_do_not_take() -> None:
    """R4: a move carries only what its kind needs."""
    game = table("standard", TWO, 5)
    assert refused(game, Action(ActionKind.DRAW, position=2)) == (
        "That move does not take a place in a line"
    )
    assert refused(game, Action(ActionKind.REPLACE, position=1, other_seat=1)) == (
        "Only a SWAP takes another player's card"
    )
    assert refused(game, "draw") == "That is not a move in this game"


def all_moves(seats: int) -> list[Action]:
    """Every kind of move, with fields good and bad."""
    moves = [Action(kind) for kind in ActionKind]
    for position in (0, 1, 4, 5, 7):
        moves += [replace(position), peek(position)]
    for other in range(-1, seats + 1):
        moves += [swap(2, other, 3), swap(1, other, 4)]
    return moves


@pytest.mark.parametrize("level", ["peek", "outside_peek", "standard"])
def test_every_refusal_is_a_readable_sentence_and_changes_nothing(level: str) -> None:
    """DESIGN: IllegalAction carries a sentence a teacher could read, and apply() leaves the
    game exactly as it was; legal_actions() and apply() agree (one source of legality)."""
    draws = [DRAW_2, 9, SWAP, 0, PEEK if level != "peek" else 1, 8, 7, 6]
    game = table(
        level, THREE, 5, draws, outside_face_up=(level == "outside_peek"), min_turns_before_call=1
    )
    script = [
        DRAW,
        DRAW,
        DISCARD,
        DRAW,
        DECLINE,
        DONE,  # seat 0: DRAW 2, throws the 9, no SWAP
        DRAW,
        replace(2),
        DONE,  # seat 1 puts the 0 in its line
        TAKE,
        replace(2),
        DONE,  # seat 2 takes the 6 seat 1 put on the DISCARD pile
        DRAW,
        DISCARD,
        CALL,  # seat 0 calls: every seat has had a turn
        DRAW,
        DISCARD,
        DONE,
        DRAW,
        DISCARD,
        DONE,
    ]
    phases = set()
    for step in script:
        phases.add(game.phase)
        legal = game.legal_actions()
        for move in all_moves(3):
            if move in legal:
                continue
            message = refused(game, move)
            assert_readable(message)
        for seat in range(3):
            if seat != game.current_seat:
                assert refused(game, legal[0], seat=seat).startswith("It is ")
        assert step in legal
        game.apply(step)
    assert game.game_over
    phases.add(game.phase)
    assert set(Phase) == phases | {Phase.ROUND_OVER}
    for move in all_moves(3):
        assert_readable(refused(game, move))


# ----------------------------------------------------------------------- events
def test_events_of_a_drawn_card_put_in_the_line_are_private_to_the_drawer() -> None:
    """R13: what was drawn is private; where it went is public; what went to the DISCARD
    pile is public."""
    game = table("standard", THREE, 5, [0])
    events = play(game, DRAW, replace(3))
    assert kinds(events) == ["drew", "placed", "discarded"]
    drew, placed, discarded = events
    assert (drew.seat, drew.card, drew.private) == (0, 0, True)
    assert (placed.seat, placed.card, placed.position, placed.private) == (0, 0, 3, True)
    assert (discarded.seat, discarded.card, discarded.private) == (0, 3, False)
    for seat in (1, 2, None):
        seen = events_for(events, seat)
        assert seen[0].card is None
        assert seen[1].card is None
        assert seen[1].position == 3  # everyone saw where it went
        assert seen[2].card == 3
    assert events_for(events, 0) == events


def test_events_of_a_card_taken_from_the_discard_pile_are_public() -> None:
    """R4/R13: everyone saw the DISCARD card, where it went and what it replaced."""
    game = table("standard", THREE, 5)
    events = play(game, TAKE, replace(1))
    assert kinds(events) == ["took_discard", "placed", "discarded"]
    assert all(not e.private for e in events)
    assert events_for(events, 2) == events
    assert events[0].card == 5
    assert (events[1].card, events[1].position) == (5, 1)
    assert events[2].card == 1


def test_events_of_a_discarded_draw_show_the_card_to_all() -> None:
    """R4: a discarded draw lies face up; the turn passes to the next seat."""
    game = table("standard", THREE, 5, [9])
    events = play(game, DRAW, DISCARD, DONE)
    assert kinds(events) == ["drew", "discarded", "turn_ended"]
    assert events[1].for_seat(2).card == 9
    assert events[2].seat == 0
    assert events[2].other_seat == 1


def test_events_of_a_swap_name_both_places_for_everyone() -> None:
    """R7: everyone sees which two positions were exchanged, not the card drawn."""
    game = table("standard", THREE, 5, [SWAP])
    events = events_for(play(game, DRAW, swap(2, 2, 4)), 1)
    assert kinds(events) == ["drew", "swapped", "discarded"]
    assert events[0].card is None
    assert (events[1].position, events[1].other_seat, events[1].other_position) == (2, 2, 4)
    assert events[2].card == SWAP


def test_events_of_draw_2() -> None:
    """R8: using a DRAW 2 is public; each card drawn is private until discarded."""
    game = table("standard", THREE, 5, [DRAW_2, 9, 0])
    events = play(game, DRAW, DRAW, DISCARD, DRAW, replace(4))
    assert kinds(events) == [
        "drew",
        "draw_2_used",
        "drew",
        "discarded",
        "drew",
        "placed",
        "discarded",
    ]
    assert events[1].card == DRAW_2
    assert not events[1].private


def test_events_of_a_call_and_the_round_end() -> None:
    """R10/R11: the call, the end of the round with scores and totals, the game's end."""
    game = table("standard", TWO, 5, [9, 8], rounds=1)
    events = play(game, DRAW, DISCARD, CALL)
    assert kinds(events)[-2:] == ["called", "turn_ended"]
    assert events[-2].seat == 0
    assert events[-1].other_seat == 1
    events = pass_turn(game)
    ended = events[-2]
    assert ended.kind is EventKind.ROUND_ENDED
    assert ended.scores == (10, 26)
    assert ended.totals == (10, 26)
    assert events[-1].kind is EventKind.GAME_ENDED
    assert events[-1].winners == (0,)


def test_events_of_a_new_round() -> None:
    """R3.4/R12: a new round starts with the next seat and a new DISCARD card."""
    game = table("outside_peek", TWO, 5, rounds=2)
    play_round(game)
    events = game.start_next_round()
    assert kinds(events) == ["round_started"]
    assert events[0].seat == 1
    assert events[0].card == game.view(0).discard_top


def test_event_to_dict_is_json_safe_and_keeps_private_marks() -> None:
    game = table("standard", TWO, 5, [PEEK])
    events = play(game, DRAW, peek(2))
    data = [e.to_dict() for e in events]
    assert json.loads(json.dumps(data)) == data
    assert data[0] == {"kind": "drew", "seat": 0, "card": int(PEEK), "private": True}
    assert data[1] == {"kind": "peeked", "seat": 0, "card": 2, "position": 2, "private": True}
    assert events[1].for_seat(1).to_dict() == {
        "kind": "peeked",
        "seat": 0,
        "position": 2,
        "private": True,
    }


def test_event_for_seat_keeps_everything_but_the_card() -> None:
    event = Event(EventKind.PLACED, seat=1, card=4, position=2, private=True)
    assert event.for_seat(1) == event
    hidden = event.for_seat(0)
    assert (hidden.kind, hidden.seat, hidden.position, hidden.card) == (
        EventKind.PLACED,
        1,
        2,
        None,
    )


# ----------------------------------------------------------------------- save and restore
def round_trip(game: Game) -> Game:
    """Save to JSON text and load it back."""
    return Game.from_dict(json.loads(json.dumps(game.to_dict())))


def assert_same(a: Game, b: Game) -> None:
    assert a.to_dict() == b.to_dict()
    for seat in range(a.seats):
        assert a.view(seat) == b.view(seat)
    assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize("stop", range(16))
def test_to_dict_from_dict_round_trip_mid_turn(stop: int) -> None:
    """DESIGN: JSON-safe, exact round trip, random state included: a restored game goes on
    exactly as the original, through a reshuffle (R9) and a new deal (R12)."""
    game = table("standard", THREE, 5, [DRAW_2, 9, SWAP, 0, PEEK, 4], series=Series.BELL)
    script = [
        DRAW,
        DRAW,
        DISCARD,
        DRAW,
        swap(1, 2, 2),
        DONE,  # seat 0: DRAW 2, then a SWAP
        DRAW,
        replace(3),
        DONE,
        DRAW,
        peek(3),
        DONE,
        DRAW,
        DISCARD,
        CALL,
    ]
    play(game, *script[:stop])
    copy = round_trip(game)
    assert_same(game, copy)
    assert play(game, *script[stop:]) == play(copy, *script[stop:])
    assert_same(game, copy)
    for _ in range(60):  # long enough to run the DRAW pile out
        if game.round_over:
            assert game.start_next_round() == copy.start_next_round()
        assert pass_turn(game) == pass_turn(copy)
        assert_same(game, copy)


def test_round_trip_between_rounds_and_after_the_game() -> None:
    game = new_game("peek", 4, seed=3, options=Options(rounds=2, first_seat=3))
    play_round(game)
    copy = round_trip(game)
    assert_same(game, copy)
    assert copy.start_next_round() == game.start_next_round()
    play_round(game)
    play_round(copy)
    assert_same(game, copy)
    assert round_trip(game).winners == game.winners


def test_round_trip_keeps_the_bell_rung_mid_round() -> None:
    """R12: a saved game remembers that the bell rang; the restored round ends the series."""
    game = new_game("standard", 2, seed=6, options=Options(series=Series.BELL))
    pass_turn(game)
    game.ring_bell()
    copy = round_trip(game)
    play_round(copy)
    assert copy.game_over
    assert copy.round_number == 1


def test_same_seed_same_game() -> None:
    """DESIGN: all randomness comes from the seed."""
    a = new_game("standard", 3, seed="table-7")
    b = new_game("standard", 3, seed="table-7")
    assert a.to_dict() == b.to_dict()
    for _ in range(30):
        assert pass_turn(a) == pass_turn(b)
    assert new_game("standard", 3, seed="table-8").lines != a.lines


def test_from_dict_refuses_a_damaged_save() -> None:
    game = table("standard", TWO, 5)
    data = game.to_dict()
    short = json.loads(json.dumps(data))
    short["draw"].pop()
    with pytest.raises(ValueError, match="do not add up"):
        Game.from_dict(short)
    missing = dict(data)
    del missing["lines"]
    with pytest.raises(ValueError, match="Damaged saved game"):
        Game.from_dict(missing)


def test_options_from_a_mapping_and_back() -> None:
    """Options given as a dict (a form) work like Options; unknown keys are refused."""
    options = Options(series=Series.LIMIT, limit=50, names=("Ada", "Ben"), draw2_powers=False)
    game = new_game("standard", 2, seed=1, options=options.to_dict())
    assert game.options == options
    with pytest.raises(ValueError, match="Unknown table option: colour"):
        new_game("standard", 2, seed=1, options={"colour": "red"})


def test_action_to_dict_and_back() -> None:
    for move in [DRAW, TAKE, replace(3), peek(1), swap(2, 1, 4), DECLINE, CALL, DONE]:
        assert Action.from_dict(json.loads(json.dumps(move.to_dict()))) == move
    with pytest.raises(ValueError, match="not a move"):
        Action.from_dict({"kind": "cheat"})
    with pytest.raises(ValueError, match="Position must be a number"):
        Action.from_dict({"kind": "replace", "position": "left"})
