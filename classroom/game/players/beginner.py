"""Kitten, the beginner: legal, mostly sensible moves, but it forgets and treats all cats alike."""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as act
from ..actions import Action
from ..cards import Card
from ..view import SeatView
from .base import ComputerPlayer, Personality, swaps


class Beginner(ComputerPlayer):
    """Plays like a child new to the game: cat-versus-rat thinking and a short memory."""

    personality = Personality.BEGINNER
    memory_turns = 2
    replace_margin = 0.0
    forget_chance = 0.25  # each remembered own card may slip its mind at any decision
    slip_chance = 0.1  # sometimes it just puts the card anywhere

    def recall(self, view: SeatView) -> list[Card | None]:
        """What it remembers, with cards it looked at before slipping its mind now and then."""
        recall = super().recall(view)
        shown = view.shown[view.seat]
        look = view.may_look
        return [
            card
            if card is None
            or shown[i] is not None
            or (i + 1) in look
            or self.rng.random() >= self.forget_chance
            else None
            for i, card in enumerate(recall)
        ]

    def gains(self, values: list[float], card: int) -> list[float]:
        """A cat for a cat is no gain to it: all cats are alike (keeps a 4 when a 3 comes)."""
        return [
            0.0 if card <= 6 and value <= 6 and value == int(value) else value - card
            for value in values
        ]

    def take_margin(self, view: SeatView) -> float:
        """It takes the DISCARD card only when it plainly beats a rat."""
        return 3.0

    def choose_place(self, view: SeatView, card: int, legal: Sequence[Action]) -> Action:
        """Mostly the sensible place, sometimes any place at all."""
        if self.rng.random() < self.slip_chance:
            return self.rng.choice(list(legal))
        return super().choose_place(view, card, legal)

    def choose_swap(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Swaps on a whim half the time, giving what it thinks is its worst card."""
        if self.rng.random() < 0.5:
            return act.DECLINE_SWAP
        values = self.my_values(view)
        worst = max(range(4), key=lambda i: values[i]) + 1
        options = [a for a in swaps(legal) if a.position == worst] or swaps(legal)
        return self.rng.choice(options)

    def uses_draw_2(self, view: SeatView) -> bool:
        """Usually keen to draw more."""
        return self.rng.random() < 0.7

    def wants_to_call(self, view: SeatView) -> bool:
        """Calls when its line feels low, or just because it feels like it."""
        turns = view.turns_taken[view.seat] + 1
        if turns >= self.max_turns:
            return True
        if turns >= 3 and sum(self.my_values(view)) <= 13:
            return True
        return turns >= 5 and self.rng.random() < 0.08
