"""Tabby, the solid player: sensible choices, but it remembers only its last few turns."""

from __future__ import annotations

from ..view import SeatView
from .base import ComputerPlayer, Personality


class Solid(ComputerPlayer):
    """Compares numbers correctly and forgets cards it saw more than two of its turns ago."""

    personality = Personality.SOLID
    memory_turns = 2
    replace_margin = 0.5

    def wants_to_call(self, view: SeatView) -> bool:
        """Call when its line looks low and it remembers nearly all of it."""
        recall = self.my_recall(view)
        unknown = sum(card is None for card in recall)
        total = sum(self.my_values(view))
        turns = view.turns_taken[view.seat] + 1
        if turns >= self.max_turns:
            return True
        if unknown <= 1 and total <= 11:
            return True
        return turns >= 9 and total <= 16
