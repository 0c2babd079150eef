"""What a computer player can work out from its SeatView: unseen cards, line estimates, gains."""

from __future__ import annotations

from operator import mul

from ..cards import NUMBER_COUNTS, Card, is_power
from ..view import SeatView

_NUMBER_TOTAL = sum(v * c for v, c in NUMBER_COUNTS.items())
_NUMBER_CARDS = sum(NUMBER_COUNTS.values())
_COUNTS = tuple(NUMBER_COUNTS[v] for v in range(10))
_VALUES = range(10)
_POSITIONS = (1, 2, 3, 4)


def unseen_numbers(view: SeatView) -> list[int]:
    """How many of each number card (index 0-9) this seat has not seen anywhere it still is."""
    left = list(_COUNTS)
    for line in view.known:
        for card in line:
            if card is not None and not is_power(card):
                left[card] -= 1
    for card in view.discard_pile:
        if not is_power(card):
            left[card] -= 1
    hand = view.hand
    if hand is not None and not is_power(hand):
        left[hand] -= 1
    return left


def unseen_mean(view: SeatView) -> float:
    """The expected value of a card this seat has not seen (what a face-down card is worth)."""
    return mean_value(unseen_numbers(view))


def mean_value(left: list[int]) -> float:
    """The mean value of the number cards counted in `left` (index = value)."""
    count = sum(left)
    if count == 0:
        return _NUMBER_TOTAL / _NUMBER_CARDS
    return float(sum(map(mul, _VALUES, left))) / count


def expected_draw_gain(line_values: list[float], unseen: list[int]) -> float:
    """Expected points saved by drawing one unknown card and keeping it if it beats the worst."""
    worst = max(line_values)
    count = sum(unseen)
    if count == 0:
        return 0.0
    return sum(n * max(0.0, worst - v) for v, n in enumerate(unseen)) / count


def remembered(view: SeatView, owner: int, memory_turns: int | None) -> list[Card | None]:
    """The owner's line as this seat can recall it, forgetting what it saw too long ago.

    Cards face up on screen, and own cards the level lets it turn over, are never forgotten.
    """
    known = view.known[owner]
    if memory_turns is None:
        return list(known)
    shown = view.shown[owner]
    learned = view.learned_turn[owner]
    look = view.may_look if owner == view.seat else ()
    horizon = view.turn_number - memory_turns * max(1, sum(view.in_play))
    return [
        card
        if card is None
        or (when is not None and when >= horizon)
        or seen is not None
        or index in look
        else None
        for index, card, when, seen in zip(_POSITIONS, known, learned, shown, strict=True)
    ]


def line_values(recall: list[Card | None], unknown_value: float) -> list[float]:
    """Points each position will likely count: a power card or an unknown card counts as unseen."""
    return [unknown_value if card is None or is_power(card) else float(card) for card in recall]
