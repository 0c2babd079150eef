"""Top Cat, the strong player: full memory, odds from the cards left, targeted SWAPs."""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as act
from ..actions import Action
from ..cards import is_power
from ..view import SeatView
from . import reckoning
from .base import ComputerPlayer, Personality


class Strong(ComputerPlayer):
    """Remembers everything it saw and calls when its score is likely the lowest."""

    personality = Personality.STRONG
    memory_turns = None
    replace_margin = 0.25

    def choose_source(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Take the DISCARD card when it saves more than a draw is expected to."""
        top = view.discard_top
        assert top is not None
        belief = self.belief(view)
        gain = max(self.gains(belief.values, top))
        draw_gain = reckoning.expected_draw_gain(belief.values, belief.unseen)
        return act.TAKE_DISCARD if gain > 0.5 and gain >= draw_gain else act.DRAW

    def swap_margin(self) -> float:
        """It swaps for any real gain."""
        return 0.5

    def opponent_estimate(self, view: SeatView, seat: int) -> float:
        """A seat's likely score: what is known of its line, and a guess that improves each turn."""
        recall = reckoning.remembered(view, seat, None)
        guess = max(1.5, self.belief(view).unseen_mean - 0.6 * view.turns_taken[seat])
        return sum(guess if card is None or is_power(card) else card for card in recall)

    def wants_to_call(self, view: SeatView) -> bool:
        """Call when its expected score beats every other seat's by a safe margin."""
        turns = view.turns_taken[view.seat] + 1
        if turns >= self.max_turns:
            return True
        recall = self.my_recall(view)
        unknown = sum(card is None for card in recall)
        mine = sum(self.my_values(view))
        others = [
            self.opponent_estimate(view, s)
            for s in range(view.seats)
            if s != view.seat and view.in_play[s]
        ]
        # Each other seat still gets a turn after the call, and my unknown cards may surprise.
        margin = 2.0 + 1.5 * unknown
        return mine <= 5 or (mine + margin <= min(others) and mine <= 14)
