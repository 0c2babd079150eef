"""What one seat may see and could remember (RULES.md R13): all a template or bot receives."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import Card
from .levels import Level


class Phase(StrEnum):
    """Where the table is in a turn, a round and a series: the one state machine."""

    CHOOSE = "choose"  # the seat on turn draws or takes the DISCARD card
    HOLDING = "holding"  # a card in hand: put it in the line, discard it, or use its power
    DRAW_AGAIN = "draw_again"  # DRAW 2: the first card was discarded, draw the second
    FINISH = "finish"  # the turn's move is done: call "Rat-a-Tat-Cat" or say "Done"
    ROUND_OVER = "round_over"  # lines face up and scored; the series goes on
    GAME_OVER = "game_over"  # the series is decided


Line = tuple[Card | None, ...]


class SeatView(NamedTuple):
    """One seat's view. `shown` is on screen now; `known` is what it could remember.

    A NamedTuple rather than a frozen dataclass: it is built for every decision of every
    computer player, and a tuple is several times cheaper to make.
    """

    seat: int
    seats: int
    names: tuple[str, ...]
    level: Level
    phase: Phase
    current_seat: int | None
    round_number: int
    turn_number: int  # turns started this round, all seats together
    in_play: tuple[bool, ...]  # False for a seat that is out of the series (R12)
    # Per seat, positions 1-4 as indexes 0-3; () for a seat out of the series.
    shown: tuple[Line, ...]  # face up on screen now (R2, round end)
    known: tuple[Line, ...]  # could be remembered (R13); includes everything in `shown`
    learned_turn: tuple[tuple[int | None, ...], ...]  # turn_number when each known card was seen
    may_look: tuple[int, ...]  # own positions (1-4) this seat may turn over whenever it likes
    hand: Card | None  # the card in hand, if this seat may see it
    hand_from_discard: bool  # the card in hand came from the DISCARD pile (everyone saw it)
    someone_holding: bool  # the seat on turn has a card in hand (seen or not)
    power_usable: bool  # the power card in hand may be used (R8 teacher option)
    draws_left: int  # DRAW 2: draws still open after the card in hand
    discard_top: Card | None
    discard_pile: tuple[Card, ...]  # every card on the DISCARD pile, bottom first (all saw them)
    draw_count: int
    deck_size: int
    caller: int | None
    final_turns_left: int  # after a call: turns still to play, this one included
    can_call: bool  # may end this turn with "Rat-a-Tat-Cat" (when on turn in FINISH)
    turns_taken: tuple[int, ...]  # finished turns per seat this round
    scores: tuple[int, ...] | None  # this round's scores once it is over
    totals: tuple[int, ...]  # series totals
    winners: tuple[int, ...] | None  # once the game is over

    @property
    def my_turn(self) -> bool:
        """True when this seat is the one to move."""
        return self.current_seat == self.seat

    @property
    def my_line(self) -> Line:
        """What this seat could know of its own line."""
        return self.known[self.seat]

    @property
    def round_over(self) -> bool:
        """True once the round is scored."""
        return self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
