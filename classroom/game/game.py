"""The table's state machine: rounds, turns and series (RULES.md R3-R12), and who knows what (R13).

Lines are lists of four cards, index 0-3 for positions 1-4. The DRAW and DISCARD piles are
lists with their top card last. Knowledge is one flat list per knowing seat, indexed
`owner * 4 + position index`, holding the card that seat could remember there (or None).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from . import actions as act
from .actions import Action, ActionKind
from .cards import Card, Power, as_card, build_deck, card_label, is_power
from .events import Event, EventKind
from .levels import Level
from .options import LimitEnding, Options, Series, coerce_options
from .view import Line, Phase, SeatView

SAVE_VERSION = 1
_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)
_HIDDEN: Line = (None, None, None, None)
# Who sees which cell by the level's rule, by (level, outside face up, seats in play): the
# same for every game of that kind, so it is worked out once (never mutated).
_WATCHERS: dict[tuple[Level, bool, tuple[bool, ...]], list[tuple[int, ...]]] = {}
# The SWAP actions for a seat, by (seat, seats in play, outside face up): made once.
_SWAPS: dict[tuple[int, tuple[bool, ...], bool], tuple[Action, ...]] = {}


class IllegalAction(ValueError):
    """A move the rules do not allow now; the message is a sentence a teacher could read."""


def new_game(
    level: Level | str,
    seats: int,
    *,
    seed: int | str,
    options: Options | Mapping[str, Any] | None = None,
) -> Game:
    """Shuffle, deal and turn up the first DISCARD card of round 1; all randomness from `seed`."""
    return Game(Level.parse(level), seats, coerce_options(options), random.Random(seed))


def round_winners_of(scores: Sequence[int | None]) -> tuple[int, ...]:
    """The seats with the lowest score of one round (R11), from its row of the score history
    (None: the seat was out of the series); equal lowest share the win."""
    played = {seat: score for seat, score in enumerate(scores) if score is not None}
    if not played:
        return ()
    best = min(played.values())
    return tuple(seat for seat, score in played.items() if score == best)


class Game:
    """One table's game: a round or a series of rounds at one level."""

    level: Level
    options: Options
    seats: int
    names: tuple[str, ...]
    deck_size: int
    _rng: random.Random
    _deck: tuple[Card, ...]
    _look: tuple[int, ...]
    _in_play: list[bool]
    _watchers: list[tuple[int, ...]]  # per cell, the seats that see it by the level's rule
    _lines: list[list[Card]]  # per seat; [] for a seat out of the series
    _draw: list[Card]  # top card last
    _discard: list[Card]  # top card last
    _known: list[list[Card | None]]  # per knowing seat, per cell (owner * 4 + index)
    _learned: list[list[int | None]]  # turn number each known card was seen
    _rows: list[Any]  # per seat: its knowledge as tuples, built on demand for views
    _phase: Phase
    _current: int | None
    _hand: Card | None
    _hand_from_discard: bool
    _in_sequence: bool  # the card in hand was drawn during a DRAW 2
    _draws_left: int
    _round: int
    _round_first: int
    _turn: int
    _turns_taken: list[int]
    _caller: int | None
    _final_left: int
    _scores: list[int] | None
    _totals: list[int]
    _history: list[list[int | None]]
    _winners: list[int] | None
    _bell: bool
    _opening: list[Event]  # the events of this round's deal

    def __init__(self, level: Level, seats: int, options: Options, rng: random.Random) -> None:
        """Use new_game() or Game.from_dict(); this checks the settings and deals round 1."""
        _check_settings(level, seats, options)
        self.level = level
        self.options = options
        self.seats = seats
        self.names: tuple[str, ...] = options.names or tuple(f"Seat {s + 1}" for s in range(seats))
        self._rng = rng
        self._deck = _deck_for(level, options)
        self.deck_size = len(self._deck)
        self._look = level.may_look(options.outside_face_up)
        self._in_play = [True] * seats
        self._watchers = self._find_watchers()
        self._totals = [0] * seats
        self._history: list[list[int | None]] = []
        self._winners: list[int] | None = None
        self._bell = False
        self._round = 0
        self._round_first = options.first_seat
        self._start_round(options.stacked_deck)

    # ----------------------------------------------------------------- public face
    @property
    def phase(self) -> Phase:
        """Where the table is: choosing, holding a card, finishing a turn, or between rounds."""
        return self._phase

    @property
    def current_seat(self) -> int | None:
        """The seat on turn, or None when the round is over."""
        return self._current

    @property
    def round_over(self) -> bool:
        """True once the round in play is scored (and during GAME_OVER)."""
        return self._phase in _OVER

    @property
    def game_over(self) -> bool:
        """True once the series is decided."""
        return self._phase is Phase.GAME_OVER

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return self._round

    @property
    def caller(self) -> int | None:
        """The seat that called "Rat-a-Tat-Cat" this round, if any."""
        return self._caller

    @property
    def in_play(self) -> tuple[bool, ...]:
        """Per seat: still in the series (False once out at the limit, R12)."""
        return tuple(self._in_play)

    @property
    def totals(self) -> tuple[int, ...]:
        """Series totals so far (R12)."""
        return tuple(self._totals)

    @property
    def score_history(self) -> tuple[tuple[int | None, ...], ...]:
        """Each finished round's scores; None for a seat that was out of the series."""
        return tuple(tuple(r) for r in self._history)

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The seats that won the series once it is over (a tie shares the win)."""
        return None if self._winners is None else tuple(self._winners)

    @property
    def lines(self) -> tuple[tuple[Card, ...], ...]:
        """Every line as it really is: for the teacher watching and the choice log, never a seat."""
        return tuple(tuple(line) for line in self._lines)

    @property
    def opening_events(self) -> list[Event]:
        """The events of this round's deal (who starts, the first DISCARD, outside cards seen)."""
        return list(self._opening)

    @property
    def hand(self) -> Card | None:
        """The card in the hand of the seat on turn (the truth; seats get it through view())."""
        return self._hand

    def round_scores(self) -> tuple[int, ...]:
        """The scores of the round just played (R11): the sum of each line's number cards."""
        if self._scores is None:
            raise ValueError("The round is not over yet")
        return tuple(self._scores)

    def round_winners(self) -> tuple[int, ...]:
        """The seats with the lowest score this round (R11); equal lowest share the win."""
        self.round_scores()  # raises while the round is not over
        return round_winners_of(self._history[-1])

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What the seat on turn may do now, in a stable order; [] for any other seat."""
        cur = self._current
        if cur is None or (seat is not None and seat != cur):
            return []
        phase = self._phase
        if phase is Phase.CHOOSE:
            if self._discard and not is_power(self._discard[-1]):
                return [act.DRAW, act.TAKE_DISCARD]
            return [act.DRAW]
        if phase is Phase.DRAW_AGAIN:
            return [act.DRAW]
        if phase is Phase.FINISH:
            return [act.END_TURN, act.CALL] if self._call_allowed() else [act.END_TURN]
        hand = self._hand
        assert hand is not None
        if self._hand_from_discard:
            return list(act.REPLACE)
        if hand < Power.PEEK:
            return [*act.REPLACE, act.DISCARD]
        if hand == Power.DRAW_2:
            return [act.DRAW, act.DISCARD]
        if not self._power_usable():
            return [act.DISCARD]
        if hand == Power.PEEK:
            return [*act.PEEK, act.DISCARD]
        return [*self._swap_actions(cur), act.DECLINE_SWAP]

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Play `action` for the seat on turn (or check it is `seat`'s turn); returns the events.

        Raises IllegalAction, changing nothing, when the rules do not allow it now.
        """
        if seat is not None and seat != self._current and self._current is not None:
            raise IllegalAction(f"It is {self.names[self._current]}'s turn")
        reason = self._illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        kind = action.kind
        # An if-chain on identity, most frequent first: hashing an Enum runs Python code.
        if kind is ActionKind.END_TURN or kind is ActionKind.CALL:
            self._do_end_turn(action, events)
        elif kind is ActionKind.DRAW:
            self._do_draw(events)
        elif kind is ActionKind.REPLACE:
            self._do_replace(action, events)
        elif kind is ActionKind.DISCARD:
            self._do_discard(events)
        elif kind is ActionKind.TAKE_DISCARD:
            self._do_take_discard(events)
        elif kind is ActionKind.PEEK:
            self._do_peek(action, events)
        elif kind is ActionKind.SWAP:
            self._do_swap(action, events)
        else:
            self._do_decline_swap(events)
        return events

    def is_legal(self, action: Action) -> bool:
        """May the seat on turn play `action` now? The same check apply() makes."""
        return self._illegal_reason(action) is None

    def look(self, seat: int, position: int) -> Card:
        """A seat looks at one of its own cards where its level lets it: face up or a Peek level."""
        if not 0 <= seat < self.seats or not self._lines[seat]:
            raise IllegalAction("That seat has no line in this round")
        if not _valid_position(position):
            raise IllegalAction(f"There is no place {position} in a line; the places are 1 to 4")
        # The watcher table holds every card a seat sees by its level's rule: face up, or one
        # it may turn over whenever it likes.
        if seat not in self._watchers[seat * 4 + position - 1] and not self.round_over:
            if self.level is Level.OUTSIDE_PEEK:
                raise IllegalAction("At Outside Peek only the two outside cards may be looked at")
            raise IllegalAction(f"At {self.level.label} your cards stay face down")
        return self._lines[seat][position - 1]

    def view(self, seat: int) -> SeatView:
        """What `seat` sees on screen now and could remember (R13); never a card it has not seen."""
        over = self._phase in _OVER
        lines = self._lines
        known: tuple[Line, ...]
        if over:
            known = tuple([tuple(line) for line in lines])
            shown = known
            learned: tuple[tuple[int | None, ...], ...] = tuple(
                [(self._turn,) * len(line) for line in lines]
            )
        else:
            known, learned = self._rows[seat] or self._build_rows(seat)
            shown = self._shown(known)
        cur = self._current
        hand = self._hand
        hand_seen = hand is not None and (seat == cur or self._hand_from_discard)
        discard = self._discard
        scores = self._scores
        # Positional, in SeatView's field order: a view is built for every decision a
        # computer player makes, and keyword binding of thirty fields costs as much as the rest.
        return SeatView(
            seat,
            self.seats,
            self.names,
            self.level,
            self._phase,
            cur,
            self._round,
            self._turn,
            tuple(self._in_play),
            shown,
            known,
            learned,
            self._look if lines[seat] and not over else (),  # may_look
            hand if hand_seen else None,
            self._hand_from_discard,
            hand is not None,  # someone_holding
            hand_seen and hand is not None and hand >= Power.PEEK and self._power_usable(),
            self._draws_left,
            discard[-1] if discard else None,  # discard_top
            tuple(discard),
            len(self._draw),
            self.deck_size,
            self._caller,
            self._final_left,
            seat == cur and self._phase is Phase.FINISH and self._call_allowed(),  # can_call
            tuple(self._turns_taken),
            None if scores is None else tuple(scores),
            tuple(self._totals),
            self.winners,
        )

    def _build_rows(self, seat: int) -> tuple[tuple[Line, ...], tuple[tuple[int | None, ...], ...]]:
        """`seat`'s knowledge as tuples, kept until a card moves (views outnumber moves)."""
        k = self._known[seat]
        lt = self._learned[seat]
        lines = self._lines
        rows = (
            tuple([tuple(k[o * 4 : o * 4 + 4]) if lines[o] else () for o in range(self.seats)]),
            tuple([tuple(lt[o * 4 : o * 4 + 4]) if lines[o] else () for o in range(self.seats)]),
        )
        self._rows[seat] = rows
        return rows

    def start_next_round(self) -> list[Event]:
        """Deal the next round of a series; the first seat passes on (R3.4)."""
        if self._phase is not Phase.ROUND_OVER:
            raise IllegalAction(
                "The game is over" if self.game_over else "This round is still being played"
            )
        self._round_first = self._next_in_play(self._round_first)
        return self._start_round(None)

    def ring_bell(self) -> None:
        """The teacher ends the series: the round in play finishes first (R12, any series)."""
        if self.game_over:
            return
        self._bell = True
        if self._phase is Phase.ROUND_OVER:
            self._phase = Phase.GAME_OVER
            self._winners = self._lowest_totals([s for s in range(self.seats) if self._in_play[s]])

    # ----------------------------------------------------------------- dealing
    def _start_round(self, stacked: tuple[int, ...] | None) -> list[Event]:
        """R3: shuffle, deal four cards a seat, turn up the first DISCARD card."""
        rng = self._rng
        deck = list(self._deck)
        if stacked:
            rest = Counter(deck)
            rest.subtract(stacked)
            order = [as_card(c) for c in stacked]
            tail = [as_card(c) for c, count in sorted(rest.items()) for _ in range(count)]
            rng.shuffle(tail)
            order.extend(tail)
        else:
            order = deck
            rng.shuffle(order)
        n = self.seats
        self._round += 1
        self._lines = []
        top = 0
        for s in range(n):
            if self._in_play[s]:
                self._lines.append(order[top : top + 4])
                top += 4
            else:
                self._lines.append([])
        self._draw = order[top:][::-1]
        self._discard = []
        events: list[Event] = []
        while True:  # R3.2: a power card turned up goes back into the DRAW pile
            card = self._draw.pop()
            if not is_power(card):
                self._discard.append(card)
                break
            self._draw.append(card)
            rng.shuffle(self._draw)
        self._known = [[None] * (n * 4) for _ in range(n)]
        self._learned = [[None] * (n * 4) for _ in range(n)]
        self._rows = [None] * n
        self._turn = 0
        self._turns_taken = [0] * n
        self._caller = None
        self._final_left = 0
        self._scores = None
        self._hand = None
        self._hand_from_discard = False
        self._in_sequence = False
        self._draws_left = 0
        for cell, watchers in enumerate(self._watchers):
            for knower in watchers:
                self._learn(knower, cell // 4, cell % 4)
        events.append(
            Event(EventKind.ROUND_STARTED, seat=self._round_first, card=self._discard[-1])
        )
        if self.level is Level.STANDARD:  # R3.3: each seat sees its outside cards once
            for owner in range(n):
                if self._lines[owner]:
                    for index in (0, 3):
                        self._learn(owner, owner, index)
                        events.append(
                            Event(
                                EventKind.OUTSIDE_SEEN,
                                seat=owner,
                                card=self._lines[owner][index],
                                position=index + 1,
                                private=True,
                            )
                        )
        self._begin_turn(self._round_first)
        self._opening = events
        return list(events)

    # ----------------------------------------------------------------- knowledge (R13)
    def _always_seen(self, knower: int, owner: int, index: int) -> bool:
        """Is this card in view of `knower` by the level's rule (R2)?"""
        level = self.level
        if level is Level.ULTRA_PEEK:
            return True
        if level is Level.PEEK:
            return knower == owner
        if level is Level.OUTSIDE_PEEK and index in (0, 3):
            return self.options.outside_face_up or knower == owner
        return False

    def _face_up_to_all(self, owner: int, index: int) -> bool:
        """Is the card at owner's position in view of every seat by the level's rule (R2:
        every place at Ultra-Peek; the outside places at Outside Peek played face up)?"""
        return all(self._always_seen(knower, owner, index) for knower in range(self.seats))

    def _learn(self, knower: int, owner: int, index: int) -> None:
        """`knower` sees the card now at owner's position."""
        cell = owner * 4 + index
        self._known[knower][cell] = self._lines[owner][index]
        self._learned[knower][cell] = self._turn
        self._rows[knower] = None

    def _find_watchers(self) -> list[tuple[int, ...]]:
        """Per cell of a seat in play, the seats that see it by the level's rule (R2).

        A seat out of the series still watches the table: it sees what lies face up.
        """
        key = (self.level, self.options.outside_face_up, tuple(self._in_play))
        found = _WATCHERS.get(key)
        if found is None:
            found = [
                tuple(k for k in range(self.seats) if self._always_seen(k, cell // 4, cell % 4))
                if self._in_play[cell // 4]
                else ()
                for cell in range(self.seats * 4)
            ]
            _WATCHERS[key] = found
        return found

    def _reveal_by_level(self, owner: int, index: int) -> None:
        """After a card moves here, each seat that sees it by the level's rule knows it."""
        for knower in self._watchers[owner * 4 + index]:
            self._learn(knower, owner, index)

    def _placed(self, owner: int, index: int, seen_by_all: bool) -> None:
        """A new card was put at owner's position: the owner saw it, the others only if public."""
        cell = owner * 4 + index
        self._rows = [None] * self.seats
        watchers = self._watchers[cell]
        for knower in range(self.seats):
            if seen_by_all or knower == owner or knower in watchers:
                self._known[knower][cell] = self._lines[owner][index]
                self._learned[knower][cell] = self._turn
            else:
                self._known[knower][cell] = None
                self._learned[knower][cell] = None

    def _shown(self, known: tuple[Line, ...]) -> tuple[Line, ...]:
        """What is face up on the table for everyone now (R2), given a seat's knowledge."""
        if self.level is Level.ULTRA_PEEK:
            return known  # every card is face up, so a seat knows exactly what is shown
        if self.options.outside_face_up:
            return tuple([(ln[0], None, None, ln[3]) if ln else () for ln in self._lines])
        return tuple([_HIDDEN if line else () for line in self._lines])

    # ----------------------------------------------------------------- legality
    def _power_usable(self) -> bool:
        """R8: a DRAW 2 always; a PEEK or SWAP drawn in DRAW 2 unless the teacher says no."""
        return self.options.draw2_powers or not self._in_sequence or self._hand == Power.DRAW_2

    def _call_allowed(self) -> bool:
        """R10: no second call; the teacher may ask every seat to have had N turns first."""
        if self._caller is not None:
            return False
        need = self.options.min_turns_before_call
        if need <= 0:
            return True
        cur = self._current
        return all(
            self._turns_taken[s] + (1 if s == cur else 0) >= need
            for s in range(self.seats)
            if self._in_play[s]
        )

    def _swap_actions(self, seat: int) -> list[Action]:
        """Every SWAP the seat may make, own position first, then seat, then their position."""
        key = (seat, tuple(self._in_play), self.options.outside_face_up)
        found = _SWAPS.get(key)
        if found is None:
            positions = (2, 3) if self.options.outside_face_up else (1, 2, 3, 4)
            others = [s for s in range(self.seats) if s != seat and self._in_play[s]]
            found = tuple(act.swap(p, o, q) for p in positions for o in others for q in positions)
            _SWAPS[key] = found
        return list(found)

    def _illegal_reason(self, a: Action) -> str | None:
        """Why `a` may not be played now, or None when it may. The one source of legality."""
        if not isinstance(a, Action) or not isinstance(a.kind, ActionKind):
            return "That is not a move in this game"
        phase = self._phase
        if phase is Phase.GAME_OVER:
            return "The game is over"
        if phase is Phase.ROUND_OVER:
            return "This round is over; the next round has not started"
        kind = a.kind
        wants_position = (
            kind is ActionKind.REPLACE or kind is ActionKind.PEEK or kind is ActionKind.SWAP
        )
        if wants_position and not _valid_position(a.position):
            if a.position is None:
                return "Choose a place in your line, 1 to 4"
            return f"There is no place {a.position} in a line; the places are 1 to 4"
        if not wants_position and a.position is not None:
            return "That move does not take a place in a line"
        if kind is not ActionKind.SWAP and (
            a.other_seat is not None or a.other_position is not None
        ):
            return "Only a SWAP takes another player's card"
        if phase is Phase.CHOOSE:
            return self._reason_choose(kind)
        if phase is Phase.DRAW_AGAIN:
            return (
                None
                if kind is ActionKind.DRAW
                else "DRAW 2: draw your next card from the DRAW pile"
            )
        if phase is Phase.FINISH:
            return self._reason_finish(kind)
        return self._reason_holding(a)

    def _reason_choose(self, kind: ActionKind) -> str | None:
        """At the start of a turn: draw, or take the DISCARD card (R4, R5)."""
        if kind is ActionKind.DRAW:
            return None
        if kind is ActionKind.TAKE_DISCARD:
            if not self._discard:
                return "The DISCARD pile is empty"
            top = self._discard[-1]
            if is_power(top):
                return f"A {card_label(top)} card cannot be taken from the DISCARD pile"
            return None
        return "First draw from the DRAW pile or take the DISCARD card"

    def _reason_finish(self, kind: ActionKind) -> str | None:
        """At the end of a turn: "Done", or call "Rat-a-Tat-Cat" (R10)."""
        if kind is ActionKind.END_TURN:
            return None
        if kind is ActionKind.CALL:
            if self._caller is not None:
                return f"{self.names[self._caller]} has already called Rat-a-Tat-Cat"
            if not self._call_allowed():
                need = self.options.min_turns_before_call
                return f"No one may call Rat-a-Tat-Cat before every player has had {need} turns"
            return None
        return "Your move is done: call Rat-a-Tat-Cat or say Done"

    def _reason_holding(self, a: Action) -> str | None:
        """With a card in hand (R4-R8)."""
        kind = a.kind
        hand = self._hand
        assert hand is not None
        if kind is ActionKind.CALL or kind is ActionKind.END_TURN:
            return "First put the card in your hand in your line or on the DISCARD pile"
        if kind is ActionKind.TAKE_DISCARD:
            return "You already have a card in your hand"
        if kind is ActionKind.REPLACE:
            if is_power(hand):
                return f"A {card_label(hand)} card cannot go into a line"
            return None
        if self._hand_from_discard:
            if kind is ActionKind.DISCARD:
                return (
                    "A card taken from the DISCARD pile cannot go straight back: "
                    "put it in your line"
                )
            return "Put the card you took from the DISCARD pile in your line"
        usable = self._power_usable()
        if kind is ActionKind.DRAW:
            return None if hand == Power.DRAW_2 else "You already have a card in your hand"
        if kind is ActionKind.DISCARD:
            if hand == Power.SWAP and usable:
                return "To keep the lines as they are, say no to the SWAP"
            return None
        if kind is ActionKind.PEEK:
            if hand != Power.PEEK:
                return "You need a PEEK card to look at a card"
            return None if usable else "A PEEK drawn during DRAW 2 cannot be used at this table"
        # SWAP or DECLINE_SWAP
        if hand != Power.SWAP:
            return "You need a SWAP card to swap"
        if not usable:
            return "A SWAP drawn during DRAW 2 cannot be used at this table"
        if kind is ActionKind.DECLINE_SWAP:
            return None
        return self._reason_swap(a)

    def _reason_swap(self, a: Action) -> str | None:
        """R7: one of my cards for one card of another seat still in the round."""
        other = a.other_seat
        if other is None or a.other_position is None:
            return "Choose whose card to swap with"
        if isinstance(other, bool) or not isinstance(other, int) or not 0 <= other < self.seats:
            return f"There is no such seat at this table; it has {self.seats} seats"
        if other == self._current:
            return "A SWAP is with another player's line, not your own"
        if not self._in_play[other]:
            return f"{self.names[other]} is out of the game"
        if not _valid_position(a.other_position):
            return f"There is no place {a.other_position} in a line; the places are 1 to 4"
        if self.options.outside_face_up and (a.position in (1, 4) or a.other_position in (1, 4)):
            return "At this table a SWAP may only take or give a face-down card"
        return None

    # ----------------------------------------------------------------- moves
    def _do_draw(self, events: list[Event]) -> None:
        """Draw the top DRAW card; with a DRAW 2 in hand, start (again) the sequence (R8)."""
        seat = self._current
        assert seat is not None
        if self._phase is Phase.HOLDING:  # using a DRAW 2
            self._discard.append(Power.DRAW_2)
            self._hand = None
            self._in_sequence = True
            self._draws_left = 2
            events.append(Event(EventKind.DRAW_2_USED, seat=seat, card=Power.DRAW_2))
        card = self._draw_one(events)
        if self._in_sequence:
            self._draws_left -= 1
        self._hand = card
        self._hand_from_discard = False
        self._phase = Phase.HOLDING
        events.append(Event(EventKind.DREW, seat=seat, card=card, private=True))

    def _do_take_discard(self, events: list[Event]) -> None:
        """Take the top DISCARD card into hand; everyone sees it (R4, R13)."""
        self._hand = self._discard.pop()
        self._hand_from_discard = True
        self._phase = Phase.HOLDING
        events.append(Event(EventKind.TOOK_DISCARD, seat=self._current, card=self._hand))

    def _do_replace(self, a: Action, events: list[Event]) -> None:
        """Put the card in hand into the line; the card there goes face up on the DISCARD pile."""
        seat = self._current
        hand = self._hand
        assert seat is not None and hand is not None and a.position is not None
        index = a.position - 1
        old = self._lines[seat][index]
        self._lines[seat][index] = hand
        public = self._hand_from_discard
        self._placed(seat, index, public)
        self._discard.append(old)
        # The event is public too where every card is face up for everyone (R2): the story
        # may then name the card, as the board shows it. (What each seat knows, and since
        # when, is _placed's, unchanged: the level's rule answers the rest.)
        told = public or self._face_up_to_all(seat, index)
        events.append(
            Event(EventKind.PLACED, seat=seat, card=hand, position=a.position, private=not told)
        )
        events.append(Event(EventKind.DISCARDED, seat=seat, card=old, position=a.position))
        self._finish_move()

    def _do_discard(self, events: list[Event]) -> None:
        """Put the drawn card face up on the DISCARD pile; in DRAW 2 the next draw comes (R8)."""
        hand = self._hand
        assert hand is not None
        self._discard.append(hand)
        events.append(Event(EventKind.DISCARDED, seat=self._current, card=hand))
        self._after_discarding_draw()

    def _do_decline_swap(self, events: list[Event]) -> None:
        """Say no to a SWAP: it goes on the DISCARD pile like any unused card (R7)."""
        self._discard.append(Power.SWAP)
        events.append(Event(EventKind.SWAP_DECLINED, seat=self._current, card=Power.SWAP))
        events.append(Event(EventKind.DISCARDED, seat=self._current, card=Power.SWAP))
        self._after_discarding_draw()

    def _after_discarding_draw(self) -> None:
        """An unused draw is gone: the turn goes on in a DRAW 2 sequence, else it is done."""
        self._hand = None
        if self._in_sequence and self._draws_left > 0:
            self._phase = Phase.DRAW_AGAIN
        else:
            self._finish_move()

    def _do_peek(self, a: Action, events: list[Event]) -> None:
        """R6: look at one own card; the PEEK card is discarded and the move is done."""
        seat = self._current
        assert seat is not None and a.position is not None
        self._learn(seat, seat, a.position - 1)
        self._discard.append(Power.PEEK)
        card = self._lines[seat][a.position - 1]
        events.append(
            Event(EventKind.PEEKED, seat=seat, card=card, position=a.position, private=True)
        )
        events.append(Event(EventKind.DISCARDED, seat=seat, card=Power.PEEK))
        self._finish_move()

    def _do_swap(self, a: Action, events: list[Event]) -> None:
        """R7: exchange two cards position for position; what anyone knew moves with them."""
        seat = self._current
        other = a.other_seat
        assert seat is not None and other is not None
        assert a.position is not None and a.other_position is not None
        i, j = a.position - 1, a.other_position - 1
        mine, theirs = self._lines[seat], self._lines[other]
        mine[i], theirs[j] = theirs[j], mine[i]
        a_cell, b_cell = seat * 4 + i, other * 4 + j
        self._rows = [None] * self.seats
        for knower in range(self.seats):
            known, learned = self._known[knower], self._learned[knower]
            known[a_cell], known[b_cell] = known[b_cell], known[a_cell]
            learned[a_cell], learned[b_cell] = learned[b_cell], learned[a_cell]
        self._reveal_by_level(seat, i)
        self._reveal_by_level(other, j)
        self._discard.append(Power.SWAP)
        events.append(
            Event(
                EventKind.SWAPPED,
                seat=seat,
                position=a.position,
                other_seat=other,
                other_position=a.other_position,
            )
        )
        events.append(Event(EventKind.DISCARDED, seat=seat, card=Power.SWAP))
        self._finish_move()

    def _do_end_turn(self, a: Action, events: list[Event]) -> None:
        """End the turn; after a call, the round ends when the last final turn is done (R10)."""
        seat = self._current
        assert seat is not None
        self._turns_taken[seat] += 1
        if a.kind is ActionKind.CALL:
            self._caller = seat
            self._final_left = sum(self._in_play) - 1
            events.append(Event(EventKind.CALLED, seat=seat))
        elif self._caller is not None:
            self._final_left -= 1
        if self._caller is not None and self._final_left == 0:
            events.append(Event(EventKind.TURN_ENDED, seat=seat))
            self._end_round(events)
            return
        nxt = self._next_in_play(seat)
        events.append(Event(EventKind.TURN_ENDED, seat=seat, other_seat=nxt))
        self._begin_turn(nxt)

    # ----------------------------------------------------------------- turn flow
    def _finish_move(self) -> None:
        """The turn's move is made; only "Done" or a call is left."""
        self._hand = None
        self._hand_from_discard = False
        self._in_sequence = False
        self._draws_left = 0
        self._phase = Phase.FINISH

    def _begin_turn(self, seat: int) -> None:
        """Give `seat` the turn."""
        self._current = seat
        self._turn += 1
        self._phase = Phase.CHOOSE

    def _next_in_play(self, seat: int) -> int:
        """The next seat to the left still in the series."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self._in_play[candidate]:
                return candidate
        return seat

    def _draw_one(self, events: list[Event]) -> Card:
        """The top DRAW card; when the pile is empty the DISCARD pile is shuffled into it (R9).

        R9's "both piles empty" cannot arise: a deck has at least 45 cards and four lines and
        a hand hold at most 17, so at least 28 cards are always in the two piles.
        """
        if not self._draw:
            self._draw = self._discard
            self._discard = []
            self._rng.shuffle(self._draw)
            events.append(Event(EventKind.RESHUFFLED))
        return self._draw.pop()

    # ----------------------------------------------------------------- end of round
    def _end_round(self, events: list[Event]) -> None:
        """R10-R12: replace power cards in lines, score, and decide the series."""
        self._current = None
        self._hand = None
        self._hand_from_discard = False
        self._in_sequence = False
        self._draws_left = 0
        n = self.seats
        for owner in range(n):
            line = self._lines[owner]
            for index in range(len(line)):
                while is_power(line[index]):  # at least 28 number cards are in the piles
                    card = self._draw_one(events)
                    power = line[index]
                    self._discard.append(power)
                    line[index] = card
                    events.append(
                        Event(
                            EventKind.POWER_REPLACED,
                            seat=owner,
                            position=index + 1,
                            card=power,
                            replaced_by=card,
                        )
                    )
        scores = [sum(line) for line in self._lines]
        self._scores = scores
        playing = [s for s in range(n) if self._in_play[s]]
        self._history.append([scores[s] if self._in_play[s] else None for s in range(n)])
        for s in playing:
            self._totals[s] += scores[s]
        events.append(
            Event(EventKind.ROUND_ENDED, scores=tuple(scores), totals=tuple(self._totals))
        )
        self._phase = Phase.ROUND_OVER
        self._decide_series(playing, events)

    def _decide_series(self, playing: list[int], events: list[Event]) -> None:
        """R12: is the series over after this round, and who won it?"""
        opts = self.options
        winners: list[int] | None = None
        if self._bell:  # the teacher ended the series: this round was the last (R12)
            winners = self._lowest_totals(playing)
        elif opts.series is Series.ROUNDS:
            if self._round >= opts.rounds:
                winners = self._lowest_totals(range(self.seats))
        elif opts.series is Series.LIMIT:
            reached = [s for s in playing if self._totals[s] >= opts.limit]
            if opts.limit_ending is LimitEnding.FIRST_TO_LIMIT:
                if reached:
                    winners = self._lowest_totals(range(self.seats))
            else:
                for s in reached:
                    self._in_play[s] = False
                    events.append(Event(EventKind.SEAT_OUT, seat=s, totals=tuple(self._totals)))
                if reached:
                    self._watchers = self._find_watchers()
                left = [s for s in playing if self._in_play[s]]
                if len(left) == 1:
                    winners = left
                elif not left:  # everyone still playing went out at once: lowest of them wins
                    winners = self._lowest_totals(playing)
        if winners is not None:
            self._winners = winners
            self._phase = Phase.GAME_OVER
            events.append(
                Event(EventKind.GAME_ENDED, winners=tuple(winners), totals=tuple(self._totals))
            )

    def _lowest_totals(self, seats: Any) -> list[int]:
        """The seats among `seats` with the lowest series total."""
        candidates = list(seats)
        best = min(self._totals[s] for s in candidates)
        return [s for s in candidates if self._totals[s] == best]

    # ----------------------------------------------------------------- save and restore
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to carry on exactly, random state included; JSON-safe."""
        version, internal, gauss = self._rng.getstate()
        return {
            "version": SAVE_VERSION,
            "level": str(self.level),
            "seats": self.seats,
            "options": self.options.to_dict(),
            "rng": [version, list(internal), gauss],
            "in_play": list(self._in_play),
            "lines": [[int(c) for c in line] for line in self._lines],
            "draw": [int(c) for c in self._draw],
            "discard": [int(c) for c in self._discard],
            "known": [[None if c is None else int(c) for c in row] for row in self._known],
            "learned": [list(row) for row in self._learned],
            "phase": str(self._phase),
            "current": self._current,
            "hand": None if self._hand is None else int(self._hand),
            "hand_from_discard": self._hand_from_discard,
            "in_sequence": self._in_sequence,
            "draws_left": self._draws_left,
            "round": self._round,
            "round_first": self._round_first,
            "turn": self._turn,
            "turns_taken": list(self._turns_taken),
            "caller": self._caller,
            "final_left": self._final_left,
            "scores": None if self._scores is None else list(self._scores),
            "totals": list(self._totals),
            "history": [list(r) for r in self._history],
            "winners": None if self._winners is None else list(self._winners),
            "bell": self._bell,
            "opening": [event.to_dict() for event in self._opening],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The game a to_dict() saved, exactly; raises ValueError for a damaged save."""
        try:
            if data["version"] != SAVE_VERSION:
                raise ValueError(f"Unknown save version {data['version']!r}")
            game = cls.__new__(cls)
            options = Options.from_mapping(data["options"])
            level = Level(data["level"])
            seats = int(data["seats"])
            _check_settings(level, seats, options)
            game.level = level
            game.options = options
            game.seats = seats
            game.names = options.names or tuple(f"Seat {s + 1}" for s in range(seats))
            rng = random.Random()
            version, internal, gauss = data["rng"]
            rng.setstate((version, tuple(internal), gauss))
            game._rng = rng
            game._deck = _deck_for(level, options)
            game.deck_size = len(game._deck)
            game._look = level.may_look(options.outside_face_up)
            game._in_play = [bool(x) for x in data["in_play"]]
            game._lines = [[as_card(c) for c in line] for line in data["lines"]]
            game._draw = [as_card(c) for c in data["draw"]]
            game._discard = [as_card(c) for c in data["discard"]]
            game._known = [
                [None if c is None else as_card(c) for c in row] for row in data["known"]
            ]
            game._learned = [
                [None if t is None else int(t) for t in row] for row in data["learned"]
            ]
            game._rows = [None] * seats
            game._watchers = game._find_watchers()
            game._phase = Phase(data["phase"])
            game._current = data["current"]
            game._hand = None if data["hand"] is None else as_card(data["hand"])
            game._hand_from_discard = bool(data["hand_from_discard"])
            game._in_sequence = bool(data["in_sequence"])
            game._draws_left = int(data["draws_left"])
            game._round = int(data["round"])
            game._round_first = int(data["round_first"])
            game._turn = int(data["turn"])
            game._turns_taken = [int(t) for t in data["turns_taken"]]
            game._caller = data["caller"]
            game._final_left = int(data["final_left"])
            game._scores = None if data["scores"] is None else [int(s) for s in data["scores"]]
            game._totals = [int(t) for t in data["totals"]]
            game._history = [list(r) for r in data["history"]]
            game._winners = None if data["winners"] is None else [int(s) for s in data["winners"]]
            game._bell = bool(data["bell"])
            game._opening = [Event.from_dict(event) for event in data["opening"]]
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"Damaged saved game: {exc}") from None
        cards = sum(len(line) for line in game._lines) + len(game._draw) + len(game._discard)
        cards += game._hand is not None
        if cards != game.deck_size:
            raise ValueError("Damaged saved game: the cards do not add up to the deck")
        return game


def _deck_for(level: Level, options: Options) -> tuple[Card, ...]:
    """The level's deck in a fixed order (R1, R2), without power cards if the teacher says so."""
    return tuple(build_deck(level.powers if options.power_cards else ()))


def _valid_position(position: object) -> bool:
    """A position is a whole number 1-4."""
    return isinstance(position, int) and not isinstance(position, bool) and 1 <= position <= 4


def _check_settings(level: Level, seats: int, options: Options) -> None:
    """Reject a table the rules do not allow, with a sentence a teacher could read."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 4:
        raise ValueError("A table has 2, 3 or 4 seats")
    if options.outside_face_up and level is not Level.OUTSIDE_PEEK:
        raise ValueError("Outside cards face up for everyone is an Outside Peek option")
    if options.min_turns_before_call < 0:
        raise ValueError("The turns before calling cannot be below 0")
    if options.rounds < 1:
        raise ValueError("A game has at least one round")
    if options.limit < 1:
        raise ValueError("The points limit must be at least 1")
    if not 0 <= options.first_seat < seats:
        raise ValueError(f"The first seat must be one of the table's {seats} seats")
    if options.names is not None and len(options.names) != seats:
        raise ValueError("Give one name for each seat")
    if options.stacked_deck:
        powers = level.powers if options.power_cards else ()
        deck = Counter(build_deck(powers))
        wanted = Counter(options.stacked_deck)
        if any(wanted[c] > deck[c] for c in wanted):
            raise ValueError("The stacked deck holds cards this level's deck does not have")
        if len(options.stacked_deck) < seats * 4 + 1:
            raise ValueError("A stacked deck needs at least the dealt cards and the first DISCARD")
        if is_power(options.stacked_deck[seats * 4]):
            raise ValueError("The first DISCARD card of a stacked deck must be a number card")
