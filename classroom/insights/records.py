"""What the play side stores for the insights besides a choice's facts (DESIGN.md, "What is
recorded"): looks at own cards, counts at the end of a round, round results, and every choice
with its date, table and child.

Each record is a frozen dataclass with `to_dict` (JSON-safe: plain ints, strings, lists and an
ISO date-time) and `from_dict`. Every measure takes sequences of these, so the web side loads
the rows of a date range and hands them over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from .choices import ChoiceFacts

Id = int | str  # a database id (the web side's) or any other stable name of a table or child


@dataclass(frozen=True, slots=True)
class LookRecord:
    """A child turned over one of their own cards at a Peek level (Peek or Outside Peek)."""

    when: datetime
    game_id: Id
    child_id: Id
    round_number: int
    turn_number: int  # the game's turn_number when the child looked (SeatView.turn_number)
    position: int  # 1-4
    level: str  # a Level's value: "peek", "outside_peek"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, for a database row or an export."""
        return {
            "when": self.when.isoformat(),
            "game_id": self.game_id,
            "child_id": self.child_id,
            "round_number": self.round_number,
            "turn_number": self.turn_number,
            "position": self.position,
            "level": self.level,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LookRecord:
        """The record back from `to_dict`'s form."""
        return cls(
            when=_when(data["when"]),
            game_id=data["game_id"],
            child_id=data["child_id"],
            round_number=int(data["round_number"]),
            turn_number=int(data["turn_number"]),
            position=int(data["position"]),
            level=str(data["level"]),
        )


@dataclass(frozen=True, slots=True)
class CountRecord:
    """A child counted their line at the end of a round: cubes per card, then maybe a total.

    `cubes[i]` is how many cubes the child first snapped for `numerals[i]` (before any
    hint), or None where counting was not asked (a 0 card, or an assignment that only types
    the total). `typed_total` is the first total typed (before any hint), None where typing
    was not asked. `cube_hint` / `total_hint`: a "Let's count again" was shown for the cubes /
    for the total (the server decides, from the first try).
    """

    when: datetime
    game_id: Id
    child_id: Id
    round_number: int
    level: str
    numerals: tuple[int, ...]  # the four number cards of the child's line, positions 1-4
    cubes: tuple[int | None, ...]
    typed_total: int | None
    true_total: int
    corrected_by_hint: bool  # a hint said a stack did not match and the child fixed it
    cube_hint: bool = False
    total_hint: bool = False

    def __post_init__(self) -> None:
        """A count has one cube entry per card."""
        if len(self.cubes) != len(self.numerals):
            raise ValueError("A count has one cube stack per card")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, for a database row or an export."""
        return {
            "when": self.when.isoformat(),
            "game_id": self.game_id,
            "child_id": self.child_id,
            "round_number": self.round_number,
            "level": self.level,
            "numerals": list(self.numerals),
            "cubes": list(self.cubes),
            "typed_total": self.typed_total,
            "true_total": self.true_total,
            "corrected_by_hint": self.corrected_by_hint,
            "cube_hint": self.cube_hint,
            "total_hint": self.total_hint,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CountRecord:
        """The record back from `to_dict`'s form."""
        typed = data.get("typed_total")
        return cls(
            when=_when(data["when"]),
            game_id=data["game_id"],
            child_id=data["child_id"],
            round_number=int(data["round_number"]),
            level=str(data["level"]),
            numerals=tuple(int(n) for n in data["numerals"]),
            cubes=tuple(None if c is None else int(c) for c in data["cubes"]),
            typed_total=None if typed is None else int(typed),
            true_total=int(data["true_total"]),
            corrected_by_hint=bool(data["corrected_by_hint"]),
            cube_hint=bool(data.get("cube_hint", False)),
            total_hint=bool(data.get("total_hint", False)),
        )


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """How a round ended for one child: their score, whether they won, whether they called."""

    when: datetime
    game_id: Id
    child_id: Id
    round_number: int
    level: str
    score: int
    won: bool  # lowest score of the round (equal lowest shares the win, R11)
    called: bool  # this child called "Rat-a-Tat-Cat" in this round

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, for a database row or an export."""
        return {
            "when": self.when.isoformat(),
            "game_id": self.game_id,
            "child_id": self.child_id,
            "round_number": self.round_number,
            "level": self.level,
            "score": self.score,
            "won": self.won,
            "called": self.called,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundRecord:
        """The record back from `to_dict`'s form."""
        return cls(
            when=_when(data["when"]),
            game_id=data["game_id"],
            child_id=data["child_id"],
            round_number=int(data["round_number"]),
            level=str(data["level"]),
            score=int(data["score"]),
            won=bool(data["won"]),
            called=bool(data["called"]),
        )


@dataclass(frozen=True, slots=True)
class ChoiceRecord:
    """One choice's facts (`describe_choice`) with when it was made, at which table, by whom."""

    facts: ChoiceFacts
    when: datetime
    game_id: Id
    child_id: Id

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe and flat: the facts' fields plus `when`, `game_id` and `child_id`."""
        return {
            **self.facts.to_dict(),
            "when": self.when.isoformat(),
            "game_id": self.game_id,
            "child_id": self.child_id,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChoiceRecord:
        """The record back from `to_dict`'s form."""
        return cls(
            facts=ChoiceFacts.from_dict(data),
            when=_when(data["when"]),
            game_id=data["game_id"],
            child_id=data["child_id"],
        )


def iso_week(day: date | datetime) -> str:
    """The ISO week a day falls in, as "2026-W07" (the key of every weekly trend)."""
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def _when(value: datetime | str) -> datetime:
    """A date-time from itself or its ISO form."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)
