"""Random play: thousands of seeded games at every level, seat count and option, with the
invariants of issue 2 checked after every step.

What each seat may know (R13) is checked against an oracle built here, independently of the
engine, from nothing but the events as that seat saw them and the level's rule (R2).
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from classroom.game import (
    Action,
    ActionKind,
    Event,
    EventKind,
    Game,
    IllegalAction,
    Level,
    LimitEnding,
    Options,
    Phase,
    Series,
    new_game,
)
from classroom.game.players import make_player

GAMES_PER_TABLE = 200  # 4 levels x 3 seat counts x 200 = 2,400 games


DECK_SIZE = {Level.ULTRA_PEEK: 45, Level.PEEK: 51, Level.OUTSIDE_PEEK: 54, Level.STANDARD: 54}

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"power_cards": False},
    {"draw2_powers": False},
    {"outside_face_up": True},  # used at Outside Peek only
    {"min_turns_before_call": 2},
    {"series": Series.ROUNDS, "rounds": 3},
    {"series": Series.LIMIT, "limit": 40},
    {"series": Series.LIMIT, "limit": 40, "limit_ending": LimitEnding.FIRST_TO_LIMIT},
    {"series": Series.BELL},
]


def options_for(level: Level, game_no: int, seats: int) -> Options:
    """The options of one game: cycle through the sets, with a first seat that varies."""
    chosen = dict(OPTION_SETS[game_no % len(OPTION_SETS)])
    if chosen.get("outside_face_up") and level is not Level.OUTSIDE_PEEK:
        chosen = {}
    chosen["first_seat"] = (game_no // len(OPTION_SETS)) % seats
    return Options(**chosen)


@functools.cache
def every_action(seats: int) -> tuple[Action, ...]:
    """Every action a form could send, some impossible: positions 0-7, seats -1 to seats."""
    return tuple(_actions(seats))


def _actions(seats: int) -> Iterator[Action]:
    """The actions of every_action, one by one."""
    for kind in ActionKind:
        if kind is ActionKind.SWAP:
            for p in (0, 1, 2, 3, 4, 5):
                for other in range(-1, seats + 1):
                    for q in (1, 2, 3, 4, 7):
                        yield Action(kind, p, other, q)
        elif kind in (ActionKind.REPLACE, ActionKind.PEEK):
            for p in (0, 1, 2, 3, 4, 5, 7):
                yield Action(kind, p)
        else:
            yield Action(kind)
            yield Action(kind, 2)  # a place where the kind takes none


def rule_sees(level: Level, options: Options, knower: int, owner: int, index: int) -> bool:
    """R2, written out again: does `knower` see this card by its level's rule?"""
    if level is Level.ULTRA_PEEK:
        return True
    if level is Level.PEEK:
        return knower == owner
    if level is Level.OUTSIDE_PEEK and index in (0, 3):
        return options.outside_face_up or knower == owner
    return False


@functools.cache
def rule_shows(level: Level, outside_face_up: bool, knower: int, seats: int) -> frozenset:
    """The places (owner, index) `knower` sees by the level's rule (rule_sees), worked out
    once a level, option and seat: the oracle asks after every step of every game."""
    options = Options(outside_face_up=outside_face_up)
    return frozenset(
        (owner, index)
        for owner in range(seats)
        for index in range(4)
        if rule_sees(level, options, knower, owner, index)
    )


@dataclass
class Oracle:
    """What one seat has seen, from the events as that seat saw them (R13)."""

    seat: int
    seen: dict[tuple[int, int], int] = field(default_factory=dict)

    def hear(self, event: Event) -> None:
        """Update from one event, redacted for this seat."""
        if event.private and event.seat != self.seat:
            assert event.card is None, f"{event} leaked to seat {self.seat}"
        kind = event.kind
        if kind is EventKind.ROUND_STARTED:
            self.seen.clear()
        elif kind in (EventKind.OUTSIDE_SEEN, EventKind.PEEKED):
            if event.seat == self.seat:
                assert event.card is not None and event.position is not None
                self.seen[(self.seat, event.position - 1)] = event.card
        elif kind is EventKind.PLACED:
            assert event.seat is not None and event.position is not None
            cell = (event.seat, event.position - 1)
            if event.card is None:
                self.seen.pop(cell, None)
            else:
                self.seen[cell] = event.card
        elif kind is EventKind.SWAPPED:
            assert event.seat is not None and event.position is not None
            assert event.other_seat is not None and event.other_position is not None
            a = (event.seat, event.position - 1)
            b = (event.other_seat, event.other_position - 1)
            card_a, card_b = self.seen.pop(a, None), self.seen.pop(b, None)
            if card_a is not None:
                self.seen[b] = card_a
            if card_b is not None:
                self.seen[a] = card_b

    def note_level_rule(self, game: Game) -> None:
        """Remember the cards the level shows this seat now: they move with a SWAP later."""
        shows = rule_shows(game.level, game.options.outside_face_up, self.seat, game.seats)
        for owner, line in enumerate(game.lines):
            for index, card in enumerate(line):
                if (owner, index) in shows:
                    self.seen[(owner, index)] = card

    def expected_known(self, game: Game) -> tuple[tuple[int | None, ...], ...]:
        """The line of every seat as this seat could know it."""
        shows = rule_shows(game.level, game.options.outside_face_up, self.seat, game.seats)
        seen = self.seen
        return tuple(
            tuple(
                card if (owner, index) in shows else seen.get((owner, index))
                for index, card in enumerate(line)
            )
            for owner, line in enumerate(game.lines)
        )


class Chooser:
    """Picks moves: random legal moves with rare calls, or a computer player now and then."""

    def __init__(self, seed: int, seats: int, use_players: bool) -> None:
        self.rng = random.Random(seed)
        kinds = ["beginner", "solid", "strong"]
        self.players = (
            [make_player(kinds[(seed + s) % 3], f"{seed}/{s}") for s in range(seats)]
            if use_players
            else None
        )

    def choose(self, game: Game, legal: list[Action]) -> Action:
        """One legal move."""
        seat = game.current_seat
        assert seat is not None
        if self.players is not None:
            return self.players[seat].choose(game.view(seat), legal)
        if legal[-1].kind is ActionKind.CALL:
            return legal[-1] if self.rng.random() < 0.04 else legal[0]
        return self.rng.choice(legal)


def expected_shown(game: Game) -> tuple[tuple[int | None, ...], ...]:
    """R2: what lies face up during play."""
    rows = []
    for line in game.lines:
        if not line:
            rows.append(())
        elif game.level is Level.ULTRA_PEEK:
            rows.append(tuple(line))
        elif game.options.outside_face_up:
            rows.append((line[0], None, None, line[3]))
        else:
            rows.append((None, None, None, None))
    return tuple(rows)


def check_state(game: Game, oracles: list[Oracle], step: int, rng: random.Random) -> None:
    """Every invariant of issue 2 that holds between two moves."""
    n = game.seats
    current = game.current_seat
    views = [game.view(s) for s in range(n)]
    # The card count is the level's deck size.
    held = sum(len(line) for line in game.lines) + (game.hand is not None)
    assert held + views[0].draw_count + len(views[0].discard_pile) == game.deck_size
    # Only the seat on turn has legal actions; another seat's move is refused by name.
    legal = game.legal_actions()
    for s in range(n):
        if s != current:
            assert game.legal_actions(s) == []
    if current is None:
        assert game.round_over and legal == []
    else:
        assert legal and game.legal_actions(current) == legal
        other = (current + 1) % n
        # try/except, not pytest.raises: the same check, at a tenth of the cost, every step.
        try:
            game.apply(legal[0], seat=other)
        except IllegalAction as refused:
            assert "turn" in str(refused), refused
        else:
            raise AssertionError(f"seat {other} moved on seat {current}'s turn")
    for s, view in enumerate(views):
        if game.round_over:
            assert view.known == game.lines and view.shown == game.lines
            continue
        # No seat's view holds a card it could not have seen (R13), and it holds all it could.
        assert view.known == oracles[s].expected_known(game), f"seat {s} step {step}"
        assert view.shown == expected_shown(game)
        for owner, line in enumerate(view.shown):
            for index, card in enumerate(line):
                if card is not None:
                    assert view.known[owner][index] == card
        if game.hand is not None and (s == current or view.hand_from_discard):
            assert view.hand == game.hand
        else:
            assert view.hand is None
        look = {
            Level.PEEK: (1, 2, 3, 4),
            Level.OUTSIDE_PEEK: () if game.options.outside_face_up else (1, 4),
        }.get(game.level, ())
        assert view.may_look == (look if game.lines[s] else ())
    # The one source of legality: is_legal agrees with legal_actions over every action.
    if step % 4 == 0 and current is not None:
        legal_set = set(legal)
        for action in every_action(n):
            assert game.is_legal(action) == (action in legal_set), action
    # An illegal move raises and changes nothing.
    if current is not None and step % 3 == 0:
        before = game.to_dict()
        legal_set = set(legal)
        illegal = [a for a in every_action(n) if a not in legal_set]
        for action in rng.sample(illegal, 3):
            try:
                game.apply(action)
            except IllegalAction as refused:
                message = str(refused)
            else:
                raise AssertionError(f"{action} was applied, though not legal")
            assert message[0].isupper() and "_" not in message, message
        assert game.to_dict() == before
    # Every legal action applies (each on its own copy).
    if current is not None and step % 9 == 0:
        saved = game.to_dict()
        for action in rng.sample(legal, min(6, len(legal))):
            Game.from_dict(saved).apply(action)


def play(level: Level, seats: int, game_no: int, *, checks: bool) -> tuple[Game, list[Any]]:
    """Play one seeded game to its end; returns the game and its event log."""
    seed = level.number * 100_000 + seats * 10_000 + game_no
    options = options_for(level, game_no, seats)
    game = new_game(level, seats, seed=seed, options=options)
    chooser = Chooser(seed, seats, use_players=game_no % 3 == 0)
    oracles = [Oracle(s) for s in range(seats)]
    log: list[Any] = []
    check_rng = random.Random(seed)

    def hear(events: list[Event]) -> None:
        log.extend(e.to_dict() for e in events)
        for oracle in oracles:
            for event in events:
                oracle.hear(event.for_seat(oracle.seat))
            oracle.note_level_rule(game)

    hear(game.opening_events)
    assert game.deck_size == (45 if not options.power_cards else DECK_SIZE[level])
    caller: int | None = None
    final_left = 0
    step = 0
    while not game.game_over:
        if checks:
            check_state(game, oracles, step, check_rng)
        if game.round_over:
            if options.series is Series.BELL and game.round_number >= 2:
                game.ring_bell()
                assert game.game_over
                break
            hear(game.start_next_round())
            caller, final_left = None, 0
            continue
        seat = game.current_seat
        assert seat is not None and seat != caller  # the caller plays no more (R10)
        action = chooser.choose(game, game.legal_actions())
        events = game.apply(action)
        hear(events)
        step += 1
        kinds = [e.kind for e in events]
        if EventKind.CALLED in kinds:
            caller = seat
            final_left = sum(game.in_play) - 1
        elif EventKind.TURN_ENDED in kinds and caller is not None:
            final_left -= 1
        # A round ends exactly after the other seats' final turns (R10).
        assert (EventKind.ROUND_ENDED in kinds) == (caller is not None and final_left == 0)
        assert step < 5000, "a game that does not end"
    if checks:
        check_state(game, oracles, step, check_rng)
    assert game.winners
    return game, log


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("level", list(Level))
def test_random_play_keeps_every_invariant(level: Level, seats: int) -> None:
    """R1-R13 invariants after every step of 200 seeded games per level and seat count."""
    for game_no in range(GAMES_PER_TABLE):
        play(level, seats, game_no, checks=True)


@pytest.mark.parametrize("level", list(Level))
def test_same_seed_same_game(level: Level) -> None:
    """All randomness comes from the seed: replaying gives the same game, event for event."""
    for game_no in range(0, 60, 7):
        first, first_log = play(level, 3, game_no, checks=False)
        again, again_log = play(level, 3, game_no, checks=False)
        assert first.to_dict() == again.to_dict()
        assert first_log == again_log


@pytest.mark.parametrize("level", list(Level))
def test_save_and_restore_mid_game_is_exact(level: Level) -> None:
    """to_dict/from_dict through JSON at every step: the restored game plays on identically
    (20 games a level)."""
    for game_no in range(20):
        seed = 7_000 + game_no
        options = options_for(level, game_no, 3)
        game = new_game(level, 3, seed=seed, options=options)
        rng = random.Random(seed)
        steps = 0
        while not game.game_over and steps < 400:
            saved = json.loads(json.dumps(game.to_dict()))
            restored = Game.from_dict(saved)
            assert restored.to_dict() == game.to_dict()
            if game.round_over:
                assert restored.start_next_round() == game.start_next_round()
            else:
                legal = game.legal_actions()
                assert restored.legal_actions() == legal
                action = rng.choice(legal)
                if action.kind is ActionKind.CALL and rng.random() > 0.1:
                    action = legal[0]
                assert restored.apply(action) == game.apply(action)
            assert restored.to_dict() == game.to_dict()
            for s in range(3):
                assert restored.view(s) == game.view(s)
            steps += 1


def test_a_damaged_save_is_refused() -> None:
    """from_dict raises ValueError, not a crash deeper down, for a save that does not add up."""
    game = new_game("standard", 2, seed=3)
    saved = game.to_dict()
    saved["draw"] = saved["draw"][1:]
    with pytest.raises(ValueError, match="do not add up"):
        Game.from_dict(saved)
    with pytest.raises(ValueError):
        Game.from_dict({"version": 1})
    with pytest.raises(ValueError):
        Game.from_dict({**game.to_dict(), "lines": [[99, 1, 2, 3], [1, 2, 3, 4]]})


def test_phase_names_are_the_state_machine() -> None:
    """A game walks CHOOSE -> HOLDING -> FINISH each turn and ends in GAME_OVER."""
    game = new_game("ultra_peek", 2, seed=11)
    seen = {game.phase}
    rng = random.Random(1)
    while not game.game_over:
        legal = game.legal_actions()
        game.apply(legal[-1] if legal[-1].kind is ActionKind.CALL else rng.choice(legal))
        seen.add(game.phase)
    assert {Phase.CHOOSE, Phase.HOLDING, Phase.FINISH, Phase.GAME_OVER} <= seen
