"""The cards of Rat-a-Tat-Cat: number cards 0-9 and the three power cards (RULES.md R1)."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Power(IntEnum):
    """A power card. Stored as an int above 9 so that a line is a plain list of ints."""

    PEEK = 10
    SWAP = 11
    DRAW_2 = 12

    @property
    def label(self) -> str:
        """The name printed on the card: "PEEK", "SWAP" or "DRAW 2"."""
        return {Power.PEEK: "PEEK", Power.SWAP: "SWAP", Power.DRAW_2: "DRAW 2"}[self]


# A card is a number card (0-9) or a Power. Plain ints keep the engine fast and JSON-safe.
Card = int

# R1: four each of 0-8 and nine 9s; three of each power card.
NUMBER_COUNTS: dict[int, int] = {**dict.fromkeys(range(9), 4), 9: 9}
POWER_COUNT = 3


class Family(StrEnum):
    """The card art family used by the insights: 0-6 are cats, 7-9 are rats."""

    CAT = "cat"
    RAT = "rat"


def is_power(card: Card) -> bool:
    """True for PEEK, SWAP and DRAW 2."""
    return card >= Power.PEEK


def as_card(value: int) -> Card:
    """Turn a stored int back into a card, a Power where it is one; reject anything else."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 12:
        raise ValueError(f"{value!r} is not a card")
    return Power(value) if value >= Power.PEEK else value


# R1's card art: the number cards that are cats (the good, low cards) and those that are rats.
CATS: tuple[Card, ...] = (0, 1, 2, 3, 4, 5, 6)
RATS: tuple[Card, ...] = (7, 8, 9)


def family(card: Card) -> Family:
    """The art family of a number card (R1): cats 0-6, rats 7-9."""
    if is_power(card):
        raise ValueError("A power card has no family")
    return Family.CAT if card in CATS else Family.RAT


def card_label(card: Card) -> str:
    """How a card is named to a teacher or read aloud: "4", "PEEK", "DRAW 2"."""
    return Power(card).label if is_power(card) else str(card)


def build_deck(powers: tuple[Power, ...]) -> list[Card]:
    """The number cards plus three of each power card the level uses, in a fixed order."""
    deck: list[Card] = [value for value, count in NUMBER_COUNTS.items() for _ in range(count)]
    for power in powers:
        deck.extend([power] * POWER_COUNT)
    return deck
