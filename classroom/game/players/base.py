"""The shape every computer player shares, and how to make one by personality."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from .. import actions as act
from ..actions import Action, ActionKind
from ..cards import Card, Power, is_power
from ..view import Phase, SeatView
from . import reckoning


def swaps(legal: Sequence[Action]) -> list[Action]:
    """The SWAPs among the legal actions (in the engine's order)."""
    return [action for action in legal if action.kind is ActionKind.SWAP]


class Belief(NamedTuple):
    """A player's reading of one view: unseen cards, their mean, its line and what it is worth."""

    unseen: list[int]
    unseen_mean: float
    recall: list[Card | None]
    values: list[float]


class Personality(StrEnum):
    """The three computer players a teacher can let join a table."""

    BEGINNER = "beginner"
    SOLID = "solid"
    STRONG = "strong"

    @property
    def label(self) -> str:
        """The name children see at the table."""
        return {"beginner": "Kitten", "solid": "Tabby", "strong": "Top Cat"}[self.value]


class ComputerPlayer(ABC):
    """Decides a move from one SeatView and the legal actions; never from the whole game."""

    personality: Personality
    memory_turns: int | None = None  # own turns a seen card is remembered; None: for ever
    replace_margin = 0.5  # points a replacement must save before it is worth it
    max_turns = 14  # calls by then at the latest, so that every round ends

    def __init__(self, seed: int | str = 0) -> None:
        """A player whose every random choice comes from `seed`."""
        self.rng = random.Random(seed)
        self._belief_view: SeatView | None = None
        self._belief: Belief | None = None

    @property
    def name(self) -> str:
        """The name children see."""
        return self.personality.label

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of `legal`, chosen from what `view` shows and remembers."""
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.CHOOSE:
            return self.choose_source(view, legal)
        if phase is Phase.FINISH:
            return act.CALL if self.wants_to_call(view) else act.END_TURN
        hand = view.hand
        assert hand is not None
        if hand == Power.DRAW_2:
            return act.DRAW if self.uses_draw_2(view) else act.DISCARD
        if hand == Power.PEEK:
            return self.choose_peek(view, legal)
        if hand == Power.SWAP:
            return self.choose_swap(view, legal)
        return self.choose_place(view, hand, legal)

    # ----------------------------------------------------------------- what it believes
    def belief(self, view: SeatView) -> Belief:
        """What it makes of `view`, worked out once per view."""
        if view is not self._belief_view or self._belief is None:
            unseen = reckoning.unseen_numbers(view)
            mean = reckoning.mean_value(unseen)
            recall = self.recall(view)
            self._belief = Belief(unseen, mean, recall, reckoning.line_values(recall, mean))
            self._belief_view = view
        return self._belief

    def recall(self, view: SeatView) -> list[Card | None]:
        """Its own line as it remembers it now (a personality may forget more)."""
        return reckoning.remembered(view, view.seat, self.memory_turns)

    def my_recall(self, view: SeatView) -> list[Card | None]:
        """Its own line as it remembers it now."""
        return self.belief(view).recall

    def my_values(self, view: SeatView) -> list[float]:
        """What each of its own positions is worth, unknowns at the unseen mean."""
        return self.belief(view).values

    def gains(self, values: list[float], card: int) -> list[float]:
        """Points saved by putting `card` at each position."""
        return [value - card for value in values]

    # ----------------------------------------------------------------- decisions
    def choose_source(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Take the DISCARD card when it clearly helps, else draw."""
        top = view.discard_top
        assert top is not None
        if max(self.gains(self.my_values(view), top)) >= self.take_margin(view):
            return act.TAKE_DISCARD
        return act.DRAW

    def take_margin(self, view: SeatView) -> float:
        """How much the DISCARD card must save before it is taken."""
        return 2.0

    def choose_place(self, view: SeatView, card: int, legal: Sequence[Action]) -> Action:
        """Put `card` where it saves most, or discard it when it saves too little."""
        gains = self.gains(self.my_values(view), card)
        best = max(range(4), key=lambda i: (gains[i], -i))
        if gains[best] > self.replace_margin or act.DISCARD not in legal:
            return act.replace(best + 1)
        return act.DISCARD

    def choose_peek(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Look at a card it does not remember, a middle one first."""
        recall = self.my_recall(view)
        for position in (2, 3, 1, 4):
            if recall[position - 1] is None:
                return act.peek(position)
        return act.DISCARD

    def choose_swap(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Give away its worst card for a card it believes is lower; else say no."""
        mine = self.my_values(view)
        unknown = self.belief(view).unseen_mean
        best: Action = act.DECLINE_SWAP
        best_gain = self.swap_margin()
        lines = {
            seat: reckoning.remembered(view, seat, self.memory_turns)
            for seat in range(view.seats)
            if seat != view.seat and view.in_play[seat]
        }
        for action in swaps(legal):
            assert action.position is not None and action.other_seat is not None
            assert action.other_position is not None
            card = lines[action.other_seat][action.other_position - 1]
            value = unknown if card is None or is_power(card) else float(card)
            gain = mine[action.position - 1] - value
            if card is None:
                gain -= 1.0  # a blind card might be anything
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def swap_margin(self) -> float:
        """How much a swap must save before it is made."""
        return 1.0

    def uses_draw_2(self, view: SeatView) -> bool:
        """Use a DRAW 2 (more chances) rather than discard it."""
        return True

    @abstractmethod
    def wants_to_call(self, view: SeatView) -> bool:
        """Call "Rat-a-Tat-Cat" now?"""
