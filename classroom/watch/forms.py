"""The teacher's table set-up form: who sits, at which level, and the engine's options for
this table (RULES.md R2, R8, R10, R12), with the children's assignment as the default."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField
from wtforms.validators import NumberRange, Optional

from classroom.assignments import (
    COMPUTER_PLAYER_NAMES,
    LEVEL_NAMES,
    LIMIT_ENDING_NAMES,
    SERIES_END_NAMES,
    Assignment,
)
from classroom.forms import CheckboxListField, WholeNumberField, choices
from classroom.models import Child, Classroom

AS_ASSIGNED = "As the children's assignment says"


class TableSetupForm(FlaskForm):
    """Set up a table: children (or a group), computer players, the level and its options."""

    children = CheckboxListField("Children", coerce=int)
    group = SelectField("Or a whole group", choices=choices([("", "No group")]), default="")
    computer = CheckboxListField(
        "Computer players for the empty seats", choices=choices(COMPUTER_PLAYER_NAMES.items())
    )
    sit_in = BooleanField("I sit in as a player")
    leave_open = BooleanField(
        "Leave the table open: children at its level can join, and I start it later"
    )
    level = RadioField(
        "The table's level",
        choices=choices([("", "The children's own level"), *LEVEL_NAMES.items()]),
        default="",
    )
    power_cards = RadioField(
        "Power cards",
        choices=choices([("", AS_ASSIGNED), ("on", "On"), ("off", "Off: no power cards")]),
        default="",
    )
    draw2_powers = RadioField(
        "A PEEK or SWAP drawn during DRAW 2",
        choices=choices([("on", "May be used (the usual rule)"), ("off", "Can only be discarded")]),
        default="on",
    )
    outside_face_up = RadioField(
        "Outside cards at Outside Peek",
        choices=choices(
            [
                ("off", "Face down; each child may look at their own (the usual rule)"),
                ("on", "Face up for everyone (then a SWAP only takes or gives a face-down card)"),
            ]
        ),
        default="off",
    )
    think_aloud = RadioField(
        "Computer players think aloud",
        choices=choices(
            [
                ("", "As assigned (by default on at Ultra-Peek only)"),
                ("on", "On: a sentence after each move, naming only cards the children see"),
                ("off", "Off"),
            ]
        ),
        default="",
    )
    min_turns_before_call = WholeNumberField(
        "Turns before anyone may call Rat-a-Tat-Cat",
        validators=[Optional(), NumberRange(min=0, max=10, message="From 0 to 10 turns.")],
        description="0 (or blank): any turn, the first one included.",
    )
    series_end = RadioField(
        "How long the game lasts",
        choices=choices([("", AS_ASSIGNED), *SERIES_END_NAMES.items()]),
        default="",
    )
    rounds = WholeNumberField(
        "Rounds per game",
        validators=[Optional(), NumberRange(min=1, max=20, message="From 1 to 20 rounds.")],
        description="Blank: as the children's assignment says.",
    )
    points_limit = WholeNumberField(
        "Points limit",
        validators=[Optional(), NumberRange(min=20, max=500, message="From 20 to 500 points.")],
        description="Blank: as the children's assignment says.",
    )
    limit_ending = RadioField(
        "At the points limit",
        choices=choices([("", AS_ASSIGNED), *LIMIT_ENDING_NAMES.items()]),
        default="",
    )

    def for_class(self, classroom: Classroom) -> TableSetupForm:
        """Offer this class's children and groups."""
        self.children.choices = choices((c.id, c.display_name) for c in classroom.active_children)
        self.group.choices = choices(
            [("", "No group"), *((str(g.id), g.name) for g in classroom.groups)]
        )
        return self

    # The table's options a teacher rarely changes: the page folds them away (docs/play.md).
    OPTION_FIELDS = (
        "power_cards",
        "draw2_powers",
        "outside_face_up",
        "think_aloud",
        "min_turns_before_call",
        "series_end",
        "rounds",
        "points_limit",
        "limit_ending",
    )

    def options_changed(self) -> bool:
        """Has the teacher changed a table option, or is one refused? Then the folded options
        stay open, so what they chose (or the message) is in view."""
        fields = [self[name] for name in self.OPTION_FIELDS]
        return any(f.errors or f.data != f.default for f in fields)

    def engine_options(self) -> dict[str, Any]:
        """The teacher's choices as engine option names; None where the assignment decides."""

        def on_off(value: str | None) -> bool | None:
            return None if not value else value == "on"

        min_turns = self.min_turns_before_call.data
        return {
            "power_cards": on_off(self.power_cards.data),
            "draw2_powers": on_off(self.draw2_powers.data),
            "outside_face_up": on_off(self.outside_face_up.data),
            "min_turns_before_call": 0 if min_turns is None else min_turns,
            "series": self.series_end.data or None,
            "rounds": self.rounds.data,
            "limit": self.points_limit.data,
            "limit_ending": self.limit_ending.data or None,
        }

    def thinks_aloud(self, assignment: Assignment, level: str) -> bool:
        """Do the table's computer players think aloud: the teacher's choice, else what the
        assignment says at the table's level."""
        if self.think_aloud.data:
            return bool(self.think_aloud.data == "on")
        return replace(assignment, level=level).thinks_aloud

    def chosen_children(self, classroom: Classroom) -> list[Child]:
        """The children ticked, and the group's (archived children never sit at a table)."""
        ids = set(self.children.data or ())
        if self.group.data:
            group = next(g for g in classroom.groups if str(g.id) == self.group.data)
            ids |= {c.id for c in group.members}
        return [c for c in classroom.active_children if c.id in ids]
