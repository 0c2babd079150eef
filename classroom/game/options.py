"""The teacher's options for a table (RULES.md R2, R8, R10, R12) and the test hook for the deck."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .cards import as_card


class Series(StrEnum):
    """How a game of several rounds ends (R12)."""

    ROUNDS = "rounds"  # a set number of rounds
    LIMIT = "limit"  # play to a points limit
    BELL = "bell"  # until the teacher ends it; the round in play finishes first


class LimitEnding(StrEnum):
    """What reaching the limit means (R12)."""

    LAST_SEAT_LEFT = "last_seat_left"  # publisher's rule: a seat reaching the limit is out
    FIRST_TO_LIMIT = "first_to_limit"  # the game ends at once; the lowest total wins


@dataclass(frozen=True, slots=True)
class Options:
    """Everything a teacher may set for a table, with the defaults of RULES.md."""

    power_cards: bool = True  # False removes every power card from the deck
    draw2_powers: bool = True  # a PEEK or SWAP drawn during DRAW 2 may be used (R8)
    outside_face_up: bool = False  # Outside Peek: outside cards face up for everyone (R2)
    min_turns_before_call: int = 0  # no call before every seat has had this many turns (R10)
    series: Series = Series.ROUNDS
    rounds: int = 1  # with Series.ROUNDS
    limit: int = 100  # with Series.LIMIT
    limit_ending: LimitEnding = LimitEnding.LAST_SEAT_LEFT
    first_seat: int = 0  # who starts the first round (R3); later rounds pass it on
    names: tuple[str, ...] | None = None  # seat names for messages; "Seat 1"... by default
    # Test hook: the top cards of the first round's deck, dealt seat by seat into positions
    # 1-4, then the first DISCARD card, then the top of the DRAW pile. The rest of the level's
    # deck is shuffled beneath them.
    stacked_deck: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (written out field by field: it is saved with every move)."""
        return {
            "power_cards": self.power_cards,
            "draw2_powers": self.draw2_powers,
            "outside_face_up": self.outside_face_up,
            "min_turns_before_call": self.min_turns_before_call,
            "series": str(self.series),
            "rounds": self.rounds,
            "limit": self.limit,
            "limit_ending": str(self.limit_ending),
            "first_seat": self.first_seat,
            "names": None if self.names is None else list(self.names),
            "stacked_deck": None
            if self.stacked_deck is None
            else [int(c) for c in self.stacked_deck],
        }

    @property
    def rounds_to_play(self) -> int | None:
        """How many rounds the game has when that is set and more than one ("Round 2 of 3");
        None for one round, a points limit or until the teacher ends it (R12)."""
        return self.rounds if self.series is Series.ROUNDS and self.rounds > 1 else None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Options:
        """Options from a dict such as a form or to_dict() gives; unknown keys are an error."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"Unknown table option: {', '.join(sorted(unknown))}")
        values = dict(data)
        if "series" in values:
            values["series"] = Series(values["series"])
        if "limit_ending" in values:
            values["limit_ending"] = LimitEnding(values["limit_ending"])
        if values.get("names") is not None:
            values["names"] = tuple(str(name) for name in values["names"])
        if values.get("stacked_deck") is not None:
            values["stacked_deck"] = tuple(as_card(c) for c in values["stacked_deck"])
        return cls(**values)


def coerce_options(options: Options | Mapping[str, Any] | None) -> Options:
    """Accept Options, a mapping of option names, or None for the defaults."""
    if options is None:
        return Options()
    if isinstance(options, Options):
        return options
    return Options.from_mapping(options)
