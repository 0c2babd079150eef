"""A child's assignment (how they play) as a value, its names for teachers and children, and
the one function that changes assignments and keeps the history."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any

from classroom.extensions import db
from classroom.game import Level
from classroom.game.players import Personality
from classroom.models import (
    COMPUTER_PLAYERS,
    LEVELS,
    AssignmentChange,
    Child,
    Teacher,
)

LEVEL_NAMES = {level.value: level.label for level in Level}
LEVEL_DESCRIPTIONS = {
    Level.ULTRA_PEEK: "Every line face up, no power cards. Good for comparing numbers out loud.",
    Level.PEEK: "Lines face down, but children may look at any of their own cards whenever they "
    "like. SWAP and DRAW 2 only.",
    Level.OUTSIDE_PEEK: "Children may look at their two outside cards whenever they like; a middle "
    "card only with a PEEK card. All power cards.",
    Level.STANDARD: "The full game: one look at the outside cards before the first turn, then "
    "memory and PEEK cards.",
}
SCORING_NAMES = {
    "cubes": "Cube bars",
    "cubes_and_total": "Cube bars, then type the total",
    "total": "Type the total",
}
SCORING_SHORT_NAMES = {"cubes": "cubes", "cubes_and_total": "cubes + total", "total": "total"}
SERIES_END_NAMES = {"rounds": "A number of rounds", "limit": "Play to a points limit"}
LIMIT_ENDING_NAMES = {
    "last_seat_left": "A player who reaches the limit is out; the last one left wins",
    "first_to_limit": "The game ends when one player reaches the limit; lowest total wins",
}
# Child-friendly names for the computer players' personalities.
COMPUTER_PLAYER_NAMES = {personality.value: personality.label for personality in Personality}
COMPUTER_PLAYER_DESCRIPTIONS = {
    "beginner": "a beginner who forgets things",
    "solid": "a solid player with a short memory",
    "strong": "a strong player who remembers everything",
}
COMPUTER_PLAYER_PICTURES = {"beginner": "kitten", "solid": "cat", "strong": "topcat"}
# Do computer players say a sentence after each move (classroom/game/players/talk.py)?
THINK_ALOUD_NAMES = {
    "level": "As the level suggests: on at Ultra-Peek, off at the other levels",
    "on": "On at every level",
    "off": "Off",
}
THINK_ALOUD_SHORT_NAMES = {"level": "as the level suggests", "on": "on", "off": "off"}


@dataclass(frozen=True)
class Assignment:
    """How one child plays. The defaults suit a new class: Ultra-Peek with cube bars."""

    level: str = Level.ULTRA_PEEK.value
    power_cards: bool = True
    scoring: str = "cubes"
    series_end: str = "rounds"
    rounds: int = 1
    points_limit: int = 100
    limit_ending: str = "last_seat_left"
    computer_players: tuple[str, ...] = (Personality.BEGINNER.value, Personality.SOLID.value)
    think_aloud: str = "level"  # "level" (on at Ultra-Peek only), "on" or "off"
    read_aloud: bool = True  # every step of the child's pages read aloud by itself
    # Turns the child has before a computer player may call (None: the level's number).
    turns_before_call: int | None = None

    @classmethod
    def of(cls, child: Child) -> Assignment:
        players = tuple(p for p in COMPUTER_PLAYERS if getattr(child, f"computer_{p}"))
        values = {
            f.name: getattr(child, f.name) for f in fields(cls) if f.name != "computer_players"
        }
        return cls(**values, computer_players=players)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Assignment:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        values["computer_players"] = tuple(values.get("computer_players", ()))
        return cls(**values)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["computer_players"] = list(self.computer_players)
        return data

    def write_to(self, child: Child) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}")
        for f in fields(self):
            if f.name != "computer_players":
                setattr(child, f.name, getattr(self, f.name))
        for player in COMPUTER_PLAYERS:
            setattr(child, f"computer_{player}", player in self.computer_players)

    def engine_options(self) -> dict[str, Any]:
        """The engine options this assignment asks for at a table."""
        return {
            "power_cards": self.power_cards,
            "series": self.series_end,
            "rounds": self.rounds,
            "limit": self.points_limit,
            "limit_ending": self.limit_ending,
        }

    @property
    def level_name(self) -> str:
        return LEVEL_NAMES[self.level]

    @property
    def thinks_aloud(self) -> bool:
        """Do computer players think aloud at this child's tables? By default ("level") only
        at Ultra-Peek, where every card is face up and every sentence can name its cards."""
        if self.think_aloud == "level":
            return Level(self.level).lines_face_up
        return self.think_aloud == "on"

    @property
    def counts_cubes(self) -> bool:
        """Does the child build cube bars at the end of a round (tables/counting.py)?"""
        return self.scoring in ("cubes", "cubes_and_total")

    @property
    def types_total(self) -> bool:
        """Does the child type the round's total (tables/counting.py)?"""
        return self.scoring in ("total", "cubes_and_total")

    @property
    def has_power_cards(self) -> bool:
        """Is "power cards" an option the engine gives this level (RULES.md R2)?"""
        return "power_cards" in Level(self.level).options()

    def describe(self) -> list[str]:
        """The assignment in a teacher's words, one line per option the level has (the
        engine's Level.options(): Ultra-Peek's deck has no power cards, so no line about
        them)."""
        if self.series_end == "rounds":
            series = "1 round" if self.rounds == 1 else f"{self.rounds} rounds"
        else:
            series = f"to {self.points_limit} points ({LIMIT_ENDING_NAMES[self.limit_ending]})"
        players = ", ".join(COMPUTER_PLAYER_NAMES[p] for p in self.computer_players) or "none"
        powers = ["Power cards: " + ("on" if self.power_cards else "off")]
        return [
            f"Level: {self.level_name}",
            *(powers if self.has_power_cards else []),
            f"Scoring: {SCORING_NAMES[self.scoring]}",
            f"Game: {series}",
            f"Computer players: {players}",
            f"Computer players think aloud: {THINK_ALOUD_SHORT_NAMES[self.think_aloud]}",
            "Read aloud: " + ("on" if self.read_aloud else "off"),
            f"Computer players call after: {turns_words(self.turns_before_call)}",
        ]


def turns_words(turns: int | None) -> str:
    """The turns a child has before a computer player may call, in a teacher's words."""
    if turns is None:
        return "as the level suggests"
    return "1 turn of the child" if turns == 1 else f"{turns} turns of the child"


DEFAULT_ASSIGNMENT = Assignment()


def describe_change(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """What changed between two stored assignments, as short phrases for the history."""
    new = Assignment.from_dict(after)
    if before is None:
        return new.describe()
    old = dict(line.split(": ", 1) for line in Assignment.from_dict(before).describe())
    # An option only one of the two levels has (power cards) is left out: the level line says.
    return [
        f"{label}: {old[label]} → {value}"
        for label, value in (line.split(": ", 1) for line in new.describe())
        if label in old and old[label] != value
    ]


def assign(
    children: Iterable[Child],
    assignment: Assignment,
    teacher: Teacher,
    reason: str = "",
    via: str | None = None,
) -> int:
    """Give each child the assignment, keeping a history row for every child it changes.
    Returns how many children changed. The caller commits."""
    return assign_each(((child, assignment) for child in children), teacher, reason, via)


def assign_each(
    changes: Iterable[tuple[Child, Assignment]],
    teacher: Teacher,
    reason: str = "",
    via: str | None = None,
) -> int:
    """Give each child their own new assignment, keeping a history row for every child it
    changes. Returns how many children changed. The caller commits."""
    changed = 0
    for child, assignment in changes:
        before = Assignment.of(child)
        if before == assignment:
            continue
        assignment.write_to(child)
        _record(child, teacher, before, assignment, reason, via)
        changed += 1
    return changed


def record_first_assignment(child: Child, teacher: Teacher, reason: str) -> None:
    """Start a new child's history with the assignment they were given."""
    DEFAULT_ASSIGNMENT.write_to(child)
    _record(child, teacher, None, DEFAULT_ASSIGNMENT, reason, None)


def _record(
    child: Child,
    teacher: Teacher,
    before: Assignment | None,
    after: Assignment,
    reason: str,
    via: str | None,
) -> None:
    db.session.add(
        AssignmentChange(
            child=child,
            changed_by_id=teacher.id,
            changed_by_name=teacher.name,
            before=None if before is None else before.as_dict(),
            after=after.as_dict(),
            reason=reason,
            via=via,
        )
    )
