"""Players with a child's known habits: they stand in for children in the insights'
validation (classroom/insights/simulate.py, docs/insights.md) and in demo data. A habit player
chooses from its SeatView and the legal actions only, like the computer players beside it;
it also says which of its own cards it turns over (Peek levels) and how it counts its line:

- CORRECT: replaces the highest known card above the card in hand; remembers everything the
  view says it could know; counts and adds exactly.
- CATS_ALIKE: any cat (0-6) is as good as any other cat: keeps a 4 when a 3 comes; cats
  against rats, and rats against rats, it compares right.
- FORGETFUL: compares right but forgets own cards seen more than `memory_turns` of its turns
  ago (SeatView.learned_turn); cards on screen or that it may turn over it never forgets.
- MISCOUNTS: plays right, but now and then places one cube too many or too few on a card,
  and types a total one off; the "count again" hint is shown, and it fixes the count.
- ALWAYS_REPLACES: puts every card it holds on one of its cards, picked at random, whatever
  the card; never throws one away.
- RANDOM: taps at random: every choice is any legal one, picked at random (it calls
  "Rat-a-Tat-Cat" as the others do, so that its games last).
- SMALL_DISTANCES: right when the card in hand and its highest card are 3 or more apart; 1 or
  2 apart it cannot tell them apart and picks any of its options at random (a coin flip).
- TAKES_DISCARD: always takes the DISCARD card (when it may) and puts it on its highest known
  card, whatever the two numbers; a card it draws it places as CORRECT does.
- CALLS_FIRST: plays as CORRECT, but calls "Rat-a-Tat-Cat" at the first chance, without
  looking at what its line adds up to.

Validation habits for discrimination (docs/insights.md, "Telling which card is lower"), none
of which ever looks at the number of the card in hand against its line:

- REPLACES_HIGHEST (the always-replacer): always draws, and puts every drawn card on its
  highest known card, whatever the card.
- ALWAYS_KEEPS (the always-keeper): always draws, and throws every drawn card away.
- REPLACES_RATS: a coarse cat/rat rule: puts a drawn cat (0-6) on its highest known rat
  (7-9), throws anything else away (a cat when no rat is known, every rat).
- IMPROVING: a child who learns over a term: on each placing choice it taps at random with
  the chance 1 - `skill` and plays as CORRECT otherwise; `simulate.play_habit` (insights)
  raises `skill` from 0 in the first game to 1 in the last.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum

from .. import actions as act
from ..actions import Action
from ..cards import CATS, RATS, Card, Power, is_power
from ..view import Phase, SeatView
from .reckoning import remembered

UNKNOWN_TAKE = 4  # puts a card of this or less on a card it does not know
CALL_AT = 10  # calls when it knows its whole line and it adds up to this or less
LATE_LOOK = 0.25  # after the first turn, chance of looking at one own card again (Peek levels)
NEAR = 2  # SMALL_DISTANCES: cards this close or closer look alike


class Habit(StrEnum):
    """A simulated child's one known habit."""

    CORRECT = "correct"
    CATS_ALIKE = "cats_alike"
    FORGETFUL = "forgetful"
    MISCOUNTS = "miscounts"
    ALWAYS_REPLACES = "always_replaces"
    RANDOM = "random"
    SMALL_DISTANCES = "small_distances"
    TAKES_DISCARD = "takes_discard"
    CALLS_FIRST = "calls_first"
    REPLACES_HIGHEST = "replaces_highest"
    ALWAYS_KEEPS = "always_keeps"
    REPLACES_RATS = "replaces_rats"
    IMPROVING = "improving"


class HabitPlayer:
    """Chooses from a SeatView like a child with one known habit."""

    def __init__(
        self,
        habit: Habit | str,
        seed: int | str = 0,
        *,
        memory_turns: int = 2,
        miscount_chance: float = 0.3,
    ) -> None:
        """A player of `habit` whose random choices all come from `seed`."""
        self.habit = Habit(habit)
        self.rng = random.Random(seed)
        self.memory_turns = memory_turns
        self.miscount_chance = miscount_chance
        self.skill = 1.0  # IMPROVING: the chance of playing as CORRECT on a placing choice

    # ----------------------------------------------------------------- what it believes
    def worth(self, card: int) -> int:
        """How bad a card looks to it: its number, except that all cats look alike."""
        if self.habit is Habit.CATS_ALIKE and card in CATS:
            return 0
        return card

    def recall(self, view: SeatView, owner: int | None = None) -> list[Card | None]:
        """A line as it remembers it now (its own by default)."""
        owner = view.seat if owner is None else owner
        if self.habit is Habit.FORGETFUL:
            return remembered(view, owner, self.memory_turns)
        return list(view.known[owner])

    # ----------------------------------------------------------------- decisions
    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of `legal`, from what `view` shows and what it remembers."""
        if len(legal) == 1:
            return legal[0]
        if self.habit is Habit.RANDOM and view.phase is not Phase.FINISH:
            return self.rng.choice(list(legal))
        if view.phase is Phase.CHOOSE:
            return self.choose_source(view, legal)
        if view.phase is Phase.FINISH:
            return act.CALL if self.wants_to_call(view) and act.CALL in legal else act.END_TURN
        hand = view.hand
        if self.habit is Habit.TAKES_DISCARD and view.hand_from_discard and hand is not None:
            return self.onto_highest(view, legal)
        assert hand is not None
        if not is_power(hand):
            blind = self.blind_place(view, int(hand), legal)
            if blind is not None:
                return blind
        if hand == Power.DRAW_2:  # always keen for more draws
            return act.DRAW if act.DRAW in legal else act.DISCARD
        if hand == Power.PEEK:
            return self.choose_peek(view, legal)
        if hand == Power.SWAP:
            return self.choose_swap(view, legal)
        return self.choose_place(view, hand, legal)

    def choose_source(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Take the DISCARD card when it plainly beats a remembered card, else draw."""
        top = view.discard_top
        if act.TAKE_DISCARD not in legal or top is None or is_power(top):
            return act.DRAW
        if self.habit is Habit.TAKES_DISCARD:
            return act.TAKE_DISCARD
        if self.habit in (Habit.REPLACES_HIGHEST, Habit.ALWAYS_KEEPS, Habit.REPLACES_RATS):
            return act.DRAW
        recall = self.recall(view)
        numbers = [c for c in recall if c is not None and not is_power(c)]
        beaten = any(self.worth(c) >= self.worth(top) + 2 for c in numbers)
        blind = top <= 1 and any(c is None or is_power(c) for c in recall)
        return act.TAKE_DISCARD if beaten or blind else act.DRAW

    def choose_place(self, view: SeatView, hand: int, legal: Sequence[Action]) -> Action:
        """Replace the worst remembered card above the hand; else an unknown card; else discard."""
        recall = self.recall(view)
        numbers = [(p, c) for p, c in enumerate(recall, 1) if c is not None and not is_power(c)]
        if self.habit is Habit.ALWAYS_REPLACES:
            return self.rng.choice([a for a in legal if a.position is not None])
        if self.habit is Habit.SMALL_DISTANCES and numbers:
            highest = max(c for _, c in numbers)
            if 0 < abs(highest - hand) <= NEAR:
                return self.rng.choice(list(legal))
        higher = [(self.worth(c), c, -p) for p, c in numbers if self.worth(c) > self.worth(hand)]
        if higher:
            return act.replace(-max(higher)[2])
        unknown = [p for p, c in enumerate(recall, 1) if c is None or is_power(c)]
        if unknown and hand <= UNKNOWN_TAKE:
            return act.replace(self.rng.choice(unknown))
        if act.DISCARD in legal:
            return act.DISCARD
        # A card taken from the DISCARD pile must be placed: put it where it hurts least.
        if unknown:
            return act.replace(self.rng.choice(unknown))
        return act.replace(-max((self.worth(c), c, -p) for p, c in numbers)[2])

    def blind_place(self, view: SeatView, hand: int, legal: Sequence[Action]) -> Action | None:
        """The validation habits' placing choice (None: place as CORRECT does)."""
        if self.habit is Habit.REPLACES_HIGHEST:
            return self.onto_highest(view, legal)
        if self.habit is Habit.ALWAYS_KEEPS and act.DISCARD in legal:
            return act.DISCARD
        if self.habit is Habit.REPLACES_RATS:
            recall = self.recall(view)
            rats = [(c, -p) for p, c in enumerate(recall, 1) if c is not None and c in RATS]
            if hand not in RATS and rats:
                return act.replace(-max(rats)[1])
            if act.DISCARD in legal:
                return act.DISCARD
        if self.habit is Habit.IMPROVING and self.rng.random() >= self.skill:
            return self.rng.choice(list(legal))
        return None

    def onto_highest(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The card in hand on the highest known number card (an unknown one if none is known)."""
        recall = self.recall(view)
        numbers = [(c, -p) for p, c in enumerate(recall, 1) if c is not None and not is_power(c)]
        if numbers:
            return act.replace(-max(numbers)[1])
        return self.rng.choice([a for a in legal if a.position is not None])

    def choose_peek(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Look at a card it does not remember, a middle one first."""
        recall = self.recall(view)
        for position in (2, 3, 1, 4):
            action = act.peek(position)
            if recall[position - 1] is None and action in legal:
                return action
        return act.DISCARD

    def choose_swap(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Give its worst remembered card for a remembered card that looks 3 or more better."""
        recall = self.recall(view)
        known = [(p, c) for p, c in enumerate(recall, 1) if c is not None and not is_power(c)]
        mine = [(self.worth(c), -p) for p, c in known]
        if not mine:
            return act.DECLINE_SWAP
        worst, minus_position = max(mine)
        best: tuple[int, int, int] | None = None
        for seat in range(view.seats):
            if seat == view.seat or not view.in_play[seat]:
                continue
            for q, card in enumerate(self.recall(view, seat), 1):
                if card is None or is_power(card):
                    continue
                if best is None or self.worth(card) < best[0]:
                    best = (self.worth(card), seat, q)
        if best is not None and worst - best[0] >= 3:
            action = act.swap(-minus_position, best[1], best[2])
            if action in legal:
                return action
        return act.DECLINE_SWAP

    def wants_to_call(self, view: SeatView) -> bool:
        """Call when it remembers its whole line and it is low (CALLS_FIRST: always)."""
        if self.habit is Habit.CALLS_FIRST:
            return True
        recall = self.recall(view)
        if any(c is None for c in recall):
            return False
        return sum(c for c in recall if c is not None and not is_power(c)) <= CALL_AT

    # ----------------------------------------------------------------- at the Peek levels
    def looks(self, view: SeatView) -> list[int]:
        """Own positions it turns over at the start of a turn (Peek levels only)."""
        if not view.may_look:
            return []
        first = view.turns_taken[view.seat] == 0
        if self.habit is Habit.FORGETFUL or first:
            return list(view.may_look)
        if self.rng.random() < LATE_LOOK:
            return [self.rng.choice(view.may_look)]
        return []

    # ----------------------------------------------------------------- counting
    def first_cubes(self, numeral: int) -> int | None:
        """Cubes it places on a card; None for a 0 (nothing to place)."""
        if numeral == 0:
            return None
        if self.habit is Habit.MISCOUNTS and self.rng.random() < self.miscount_chance:
            return numeral + self.rng.choice((-1, 1))
        return numeral

    def first_total(self, total: int) -> int:
        """The total it types first."""
        if self.habit is Habit.MISCOUNTS and self.rng.random() < self.miscount_chance:
            return max(0, total + self.rng.choice((-1, 1)))
        return total
