"""Setting several children at once: where their settings differ, and which settings a saved
form changes, so a group's form never moves a child on a setting the teacher did not touch."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from classroom.assignments import (
    COMPUTER_PLAYER_NAMES,
    LEVEL_NAMES,
    LIMIT_ENDING_NAMES,
    SCORING_NAMES,
    SERIES_END_NAMES,
    THINK_ALOUD_SHORT_NAMES,
    Assignment,
    turns_words,
)
from classroom.models import COMPUTER_PLAYERS, Child

# The settings a form sets, in the form's order, with the words a teacher reads for each.
SETTING_LABELS = {
    "level": "Level",
    "power_cards": "Power cards",
    "scoring": "How they add up their score",
    "series_end": "How long a game lasts",
    "rounds": "Rounds per game",
    "points_limit": "Points limit",
    "limit_ending": "At the limit",
    "computer_players": "Computer players",
    "think_aloud": "Computer players think aloud",
    "read_aloud": "Read aloud",
    "turns_before_call": "Turns before a computer player may call",
}
# How many children a note names before it counts them instead.
NAMED_AT_MOST = 3
# The settings that apply only to children whose games end one way: a child who plays to a
# points limit keeps a "rounds" value, which means nothing for them.
APPLIES_WITH = {
    "rounds": "rounds",
    "points_limit": "limit",
    "limit_ending": "limit",
}


def value_words(setting: str, value: Any) -> str:
    """One setting's value in a teacher's words ("Peek", "Kitten, Tabby", "2 rounds")."""
    if setting == "level":
        return LEVEL_NAMES[value]
    if setting in ("power_cards", "read_aloud"):
        return "on" if value else "off"
    if setting == "scoring":
        return SCORING_NAMES[value]
    if setting == "series_end":
        return SERIES_END_NAMES[value]
    if setting == "rounds":
        return "1 round" if value == 1 else f"{value} rounds"
    if setting == "points_limit":
        return f"{value} points"
    if setting == "limit_ending":
        return LIMIT_ENDING_NAMES[value]
    if setting == "turns_before_call":
        return turns_words(value)
    if setting == "computer_players":
        return ", ".join(COMPUTER_PLAYER_NAMES[p] for p in value) or "none"
    return THINK_ALOUD_SHORT_NAMES[value]


@dataclass(frozen=True)
class Share:
    """One value of a setting and the children who have it."""

    words: str
    names: tuple[str, ...]

    @property
    def who(self) -> str:
        """The children, named when few ("Finn, Theo"), else counted ("4 children")."""
        if len(self.names) <= NAMED_AT_MOST:
            return ", ".join(self.names)
        return f"{len(self.names)} children"


def differences(children: Sequence[Child]) -> dict[str, list[Share]]:
    """For each setting the children do not all share, who has which value, most common first
    (the value the form shows first)."""
    by_setting: dict[str, list[Share]] = {}
    assignments = [(child.display_name, Assignment.of(child)) for child in children]
    for setting in SETTING_LABELS:
        holders: dict[Any, list[str]] = {}
        for name, assignment in assignments:
            if APPLIES_WITH.get(setting, assignment.series_end) != assignment.series_end:
                continue  # "3 rounds" counted for a child who plays to a points limit
            holders.setdefault(getattr(assignment, setting), []).append(name)
        if len(holders) > 1:
            ordered = sorted(holders.items(), key=lambda item: -len(item[1]))
            by_setting[setting] = [
                Share(value_words(setting, value), tuple(names)) for value, names in ordered
            ]
    return by_setting


def most_common(children: Sequence[Child], default: Assignment) -> Assignment:
    """What the form shows for several children: each setting's most common value (a setting
    at a time, so no child is shown a mixture nobody has as "everyone's")."""
    if not children:
        return default
    values: dict[str, Any] = {}
    for f in fields(Assignment):
        counts = Counter(getattr(Assignment.of(child), f.name) for child in children)
        values[f.name] = counts.most_common(1)[0][0]
    return Assignment(**values)


def shown_text(assignment: Assignment) -> str:
    """The settings a form showed, as the text of its hidden field."""
    return json.dumps(assignment.as_dict(), sort_keys=True, separators=(",", ":"))


def read_shown(text: str | None) -> Assignment | None:
    """The settings a sent form had shown, or None when the field is missing or damaged."""
    if not text:
        return None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != set(SETTING_LABELS):
            return None
        shown = Assignment.from_dict(data)
        for setting in SETTING_LABELS:
            value_words(setting, getattr(shown, setting))
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(shown.rounds, int) or not isinstance(shown.points_limit, int):
        return None
    if (
        not isinstance(shown.power_cards, bool)
        or not isinstance(shown.read_aloud, bool)
        or any(p not in COMPUTER_PLAYERS for p in shown.computer_players)
    ):
        return None
    return shown


def touched(shown: Assignment, sent: Assignment, same_for_all: Iterable[str]) -> list[str]:
    """The settings a saved form changes: those the teacher changed from what the form showed,
    and those they asked to give everyone. The others stay as each child has them."""
    asked = set(same_for_all)
    return [
        setting
        for setting in SETTING_LABELS
        if setting in asked or _differs(setting, getattr(shown, setting), getattr(sent, setting))
    ]


def _differs(setting: str, before: Any, after: Any) -> bool:
    # The computer players are a set: ticking them in another order changes nothing.
    if setting == "computer_players":
        return set(before) != set(after)
    return bool(before != after)


def apply(child: Child, sent: Assignment, settings: Iterable[str]) -> Assignment:
    """The child's assignment with only the given settings taken from the form."""
    return replace(Assignment.of(child), **{s: getattr(sent, s) for s in settings})
