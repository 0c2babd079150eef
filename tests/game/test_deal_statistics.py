"""R1, R3: the shuffle is fair. A hand of four number cards averages 20.0 (sd about 5.9) and
about 5.6 % of such hands total 10 or less."""

from __future__ import annotations

import statistics
from collections import Counter

from classroom.game import Level, is_power, new_game

GAMES = 6_000  # x 4 seats = 24,000 hands per level


def dealt_hands(level: Level) -> list[tuple[int, ...]]:
    """The opening line of every seat of GAMES seeded four-seat deals."""
    return [line for seed in range(GAMES) for line in new_game(level, 4, seed=seed).lines]


def test_r1_r3_hands_of_four_number_cards_average_twenty() -> None:
    """Mean 20.0 within 0.25 (over four standard errors), sd 5.9 within 0.3, at every level."""
    for level in Level:
        totals = [sum(h) for h in dealt_hands(level) if not any(is_power(c) for c in h)]
        assert len(totals) > 10_000  # with 9 power cards in 54, 47.5 % of hands are all numbers
        assert abs(statistics.fmean(totals) - 20.0) < 0.25, level
        assert abs(statistics.pstdev(totals) - 5.9) < 0.3, level


def test_r1_low_hands_are_as_rare_as_the_rules_say() -> None:
    """About 5.6 % of four-number hands total 10 or less (within 1 point, over 5 errors)."""
    totals = [sum(h) for h in dealt_hands(Level.ULTRA_PEEK)]
    share = sum(t <= 10 for t in totals) / len(totals)
    assert abs(share - 0.056) < 0.01


def test_r3_every_position_gets_cards_in_the_deck_s_proportions() -> None:
    """Chi-square of the card dealt to each position against the deck's make-up stays small."""
    hands = dealt_hands(Level.ULTRA_PEEK)
    expected = {value: (9 if value == 9 else 4) / 45 for value in range(10)}
    for position in range(4):
        counts = Counter(hand[position] for hand in hands)
        chi2 = sum(
            (counts[v] - len(hands) * p) ** 2 / (len(hands) * p) for v, p in expected.items()
        )
        # 9 degrees of freedom: the 99.99th percentile is about 33.7.
        assert chi2 < 33.7, (position, chi2)
