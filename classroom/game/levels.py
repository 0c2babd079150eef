"""The four classroom levels and what each one lets a seat see (RULES.md R2)."""

from __future__ import annotations

from enum import StrEnum

from .cards import Power


class Level(StrEnum):
    """A classroom level, from the easiest (Ultra-Peek) to the game as published (Standard)."""

    ULTRA_PEEK = "ultra_peek"
    PEEK = "peek"
    OUTSIDE_PEEK = "outside_peek"
    STANDARD = "standard"

    @property
    def number(self) -> int:
        """1 for Ultra-Peek up to 4 for Standard, the order of the teacher notes."""
        return _ORDER.index(self) + 1

    @property
    def label(self) -> str:
        """The name a teacher reads: "Ultra-Peek", "Outside Peek"."""
        return _LABELS[self]

    @property
    def lines_face_up(self) -> bool:
        """Is every line face up for everyone (Ultra-Peek, R2)?"""
        return self is Level.ULTRA_PEEK

    @property
    def powers(self) -> tuple[Power, ...]:
        """The power cards this level's deck holds (R2)."""
        return _POWERS[self]

    @property
    def allows_looking(self) -> bool:
        """May a seat at this level turn its own cards over (Peek, Outside Peek)?"""
        return bool(self.may_look())

    @property
    def asks_memory(self) -> bool:
        """Must a seat remember own cards it has seen, face down since (Outside Peek's middle
        cards; every card at Standard)? Where all are in view or may be looked at, never."""
        return self in _REMEMBERING

    def options(self) -> frozenset[str]:
        """The engine options (Options' field names) a teacher may choose at this level (R2,
        R8, R10, R12): power cards and DRAW 2's powers only where the deck has power cards,
        outside cards face up only at Outside Peek."""
        names = set(_EVERY_LEVEL_OPTIONS)
        if self.powers:
            names |= {"power_cards", "draw2_powers"}
        if self is Level.OUTSIDE_PEEK:
            names.add("outside_face_up")
        return frozenset(names)

    def may_look(self, outside_face_up: bool = False) -> tuple[int, ...]:
        """Positions (1-4) of its own line a seat may look at whenever it likes."""
        if self is Level.PEEK:
            return (1, 2, 3, 4)
        if self is Level.OUTSIDE_PEEK and not outside_face_up:
            return (1, 4)
        return ()

    @classmethod
    def parse(cls, level: Level | str) -> Level:
        """A Level from itself, its value ("outside_peek") or its title ("Outside Peek")."""
        if isinstance(level, Level):
            return level
        text = str(level).strip().lower().replace("-", "_").replace(" ", "_")
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f"There is no level called {level!r}") from None


_ORDER = (Level.ULTRA_PEEK, Level.PEEK, Level.OUTSIDE_PEEK, Level.STANDARD)
_REMEMBERING = frozenset({Level.OUTSIDE_PEEK, Level.STANDARD})
_LABELS = {
    Level.ULTRA_PEEK: "Ultra-Peek",
    Level.PEEK: "Peek",
    Level.OUTSIDE_PEEK: "Outside Peek",
    Level.STANDARD: "Standard",
}
# The options every level has (the end of a series, when a seat may call).
_EVERY_LEVEL_OPTIONS = ("min_turns_before_call", "series", "rounds", "limit", "limit_ending")
_ALL_POWERS = (Power.PEEK, Power.SWAP, Power.DRAW_2)
_POWERS: dict[Level, tuple[Power, ...]] = {
    Level.ULTRA_PEEK: (),
    Level.PEEK: (Power.SWAP, Power.DRAW_2),
    Level.OUTSIDE_PEEK: _ALL_POWERS,
    Level.STANDARD: _ALL_POWERS,
}
