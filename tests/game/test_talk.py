"""Computer players thinking aloud (classroom/game/players/talk.py): over many seeded random
games at every level, a sentence heard by any seat other than the thinker (or by a teacher
watching) names only cards that seat sees at that moment, and says the comparison only when
both its cards are seen."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from classroom.game import Event, EventKind, Game, Level, Options, card_label, new_game
from classroom.game.players import make_player
from classroom.game.players.talk import Thought, ThoughtKind, say, think

GAMES_PER_LEVEL = 45
NAMES = ("Kitten", "Tabby", "Top Cat", "Ginger")
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"outside_face_up": True},  # Outside Peek only
    {"power_cards": False},
    {"draw2_powers": False},
    {"series": "rounds", "rounds": 2},
]
PLACED_ANY = (ThoughtKind.PUT_BLIND, ThoughtKind.PLACED)
NUMBER = re.compile(r"\b(\d+)\b")


def random_game(level: Level, game_no: int) -> Game:
    rng = random.Random(f"{level}:{game_no}")
    chosen = dict(OPTION_SETS[game_no % len(OPTION_SETS)])
    if chosen.get("outside_face_up") and level is not Level.OUTSIDE_PEEK:
        chosen = {}
    seats = rng.choice((2, 3, 4))
    return new_game(
        level, seats, seed=rng.randrange(10**9), options=Options(**chosen, names=NAMES[:seats])
    )


def public_cards(events: list[Event], listener: int | None) -> list[int]:
    """Cards the listener saw in this move's events (the DISCARD pile, a card taken from it)."""
    return [e.card for e in (ev.for_seat(listener) for ev in events) if e.card is not None]


def check_heard(game: Game, thought: Thought, listener: int | None, events: list[Event]) -> None:
    heard = thought.for_seat(listener)
    assert heard.secret == ()
    text = say(heard, game.names, listener)
    assert text and "None" not in text and len(text.split()) <= 18, text
    named = [n for n in (heard.card, heard.old, heard.other_card) if n is not None]
    seer = listener
    public = public_cards(events, listener)
    kind = heard.kind
    if kind in (ThoughtKind.KEPT_LOWER, ThoughtKind.KEPT_HIGHER, ThoughtKind.KEPT_SAME):
        assert (
            heard.card in public or _shown(game, seer, thought.seat, heard.position) == heard.card
        )
    if kind in (ThoughtKind.PUT_BLIND, ThoughtKind.PLACED) and heard.card is not None:
        assert (
            heard.card in public or _shown(game, seer, thought.seat, heard.position) == heard.card
        )
    if heard.old is not None and kind in (
        ThoughtKind.DISCARD_NOT_LOWER,
        ThoughtKind.DISCARD_MISSED,
    ):
        assert _shown(game, seer, thought.seat, heard.position) == heard.old
    if kind in (ThoughtKind.SWAP_LOWER, ThoughtKind.SWAP_HIGHER):
        # After the SWAP my old card lies in their line and theirs in mine, face up.
        assert heard.other_seat is not None and heard.other_position is not None
        assert _shown(game, seer, heard.other_seat, heard.other_position) == heard.card
        assert _shown(game, seer, thought.seat, heard.position) == heard.other_card
    if kind is ThoughtKind.SWAPPED:
        assert heard.card is None and heard.other_card is None
    # The words name no number but the cards it may name and the places.
    allowed = {card_label(n) for n in named if n < 10} | {
        str(p) for p in (heard.position, heard.other_position) if p is not None
    }
    assert set(NUMBER.findall(text.replace("DRAW 2", ""))) <= allowed, (text, heard)


def _shown(game: Game, seer: int | None, seat: int, position: int | None) -> int | None:
    """What `seer` sees face up at (seat, position); a teacher watching is held to the same
    as a seat that is not the thinker (what the table sees)."""
    assert position is not None
    if seer is None:
        seer = next(s for s in range(game.seats) if s != seat)
    line = game.view(seer).shown[seat]
    return line[position - 1] if line else None


@pytest.mark.parametrize("level", list(Level))
def test_no_seat_hears_a_card_it_cannot_see(level: Level) -> None:
    spoken: dict[ThoughtKind, int] = {}
    named_hidden = 0
    for game_no in range(GAMES_PER_LEVEL):
        game = random_game(level, game_no)
        players = [make_player(("beginner", "solid", "strong")[s % 3], s) for s in range(4)]
        for _ in range(600):
            if game.game_over:
                break
            if game.round_over:
                game.start_next_round()
                continue
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            action = players[seat].choose(view, game.legal_actions())
            events = game.apply(action, seat=seat)
            thought = think(view, action, events)
            if thought is None:
                continue
            assert thought.seat == seat
            assert Thought.from_dict(thought.to_dict()) == thought
            spoken[thought.kind] = spoken.get(thought.kind, 0) + 1
            named_hidden += bool(thought.secret)
            say(thought, game.names, seat)  # the thinker's own words make sense too
            for listener in [*range(game.seats), None]:
                if listener != seat:
                    check_heard(game, thought, listener, events)
    # The games met the sentences that matter at this level.
    assert spoken.get(ThoughtKind.CALLED) and spoken.get(ThoughtKind.DISCARD_RAT)
    if level is Level.ULTRA_PEEK:
        assert named_hidden == 0  # every line face up: every seat hears every comparison
        assert spoken.get(ThoughtKind.KEPT_LOWER) and spoken.get(ThoughtKind.PUT_BLIND) is None
    else:
        assert named_hidden > 0 and spoken.get(ThoughtKind.PLACED)


def test_ultra_peek_models_the_comparison() -> None:
    from tests.game.stacking import table

    # Seat 0 has a 4 in place 2 and draws a 3.
    game = table("ultra_peek", [[1, 4, 2, 0], [5, 5, 5, 5]], discard=9, draws=[3])
    view = game.view(0)
    from classroom.game.actions import DRAW, replace

    game.apply(DRAW, seat=0)
    view = game.view(0)
    events = game.apply(replace(2), seat=0)
    thought = think(view, replace(2), events)
    assert thought is not None
    for listener in (0, 1, None):
        heard = thought.for_seat(listener)
        assert say(heard, ("Kitten", "Mia"), listener) == (
            "I had a 4. The 3 is less, so I kept the 3!"
        )


def test_a_card_put_face_down_is_not_named_to_the_others() -> None:
    from classroom.game.actions import DRAW, replace
    from tests.game.stacking import table

    game = table("peek", [[1, 4, 2, 0], [5, 5, 5, 5]], discard=9, draws=[3])
    game.apply(DRAW, seat=0)
    view = game.view(0)
    events = game.apply(replace(2), seat=0)
    thought = think(view, replace(2), events)
    assert thought is not None and thought.kind is ThoughtKind.KEPT_LOWER
    assert say(thought, NAMES, 0) == "I had a 4. The 3 is less, so I kept the 3!"
    for listener in (1, None):
        heard = thought.for_seat(listener)
        assert heard.card is None and heard.kind is ThoughtKind.PLACED
        assert say(heard, NAMES, listener) == (
            "I put my new card in place 2. The 4 goes on the DISCARD pile."
        )


def test_a_rat_it_does_not_want() -> None:
    from classroom.game.actions import DISCARD, DRAW
    from tests.game.stacking import table

    game = table("standard", [[1, 4, 2, 0], [5, 5, 5, 5]], discard=6, draws=[9])
    game.apply(DRAW, seat=0)
    view = game.view(0)
    events = game.apply(DISCARD, seat=0)
    thought = think(view, DISCARD, events)
    assert thought is not None
    assert [e.kind for e in events] == [EventKind.DISCARDED]
    assert say(thought.for_seat(1), NAMES, 1) == "A 9 is a big rat. I don't want it."


def test_stored_form_is_checked() -> None:
    with pytest.raises(ValueError):
        Thought.from_dict({"thought": "kept_lower", "seat": 0, "card": 42})
    with pytest.raises(ValueError):
        Thought.from_dict({"thought": "kept_lower", "seat": 0, "secret": ["seat"]})
    with pytest.raises(ValueError):
        Thought.from_dict({"thought": "whistled", "seat": 0})
