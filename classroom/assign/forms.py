"""The assignment form: one level and its options, and why."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from classroom.assign.mixed import SETTING_LABELS, shown_text
from classroom.assignments import (
    COMPUTER_PLAYER_DESCRIPTIONS,
    COMPUTER_PLAYER_NAMES,
    LEVEL_NAMES,
    LIMIT_ENDING_NAMES,
    SCORING_NAMES,
    SERIES_END_NAMES,
    THINK_ALOUD_NAMES,
    Assignment,
)
from classroom.forms import CheckboxListField, IfSent, WholeNumberField, choices, strip
from classroom.models import COMPUTER_PLAYERS


class AssignmentForm(FlaskForm):
    level = RadioField("Level", choices=choices(LEVEL_NAMES.items()), validators=[InputRequired()])
    power_cards = BooleanField("Power cards in the deck (PEEK, SWAP, DRAW 2)")
    scoring = RadioField(
        "How they add up their score",
        choices=choices(SCORING_NAMES.items()),
        validators=[InputRequired()],
    )
    series_end = RadioField(
        "How long a game lasts",
        choices=choices(SERIES_END_NAMES.items()),
        validators=[InputRequired()],
    )
    rounds = WholeNumberField(
        "Rounds per game",
        validators=[InputRequired(), NumberRange(min=1, max=20, message="From 1 to 20 rounds.")],
        default=1,
        blank_ok=False,
    )
    points_limit = WholeNumberField(
        "Points limit",
        validators=[
            InputRequired(),
            NumberRange(min=20, max=500, message="From 20 to 500 points."),
        ],
        default=100,
        blank_ok=False,
    )
    limit_ending = RadioField(
        "At the limit", choices=choices(LIMIT_ENDING_NAMES.items()), validators=[InputRequired()]
    )
    computer_players = CheckboxListField(
        "Computer players who may join",
        choices=choices(
            (k, f"{v}: {COMPUTER_PLAYER_DESCRIPTIONS[k]}") for k, v in COMPUTER_PLAYER_NAMES.items()
        ),
    )
    think_aloud = RadioField(
        "Computer players think aloud",
        choices=choices(THINK_ALOUD_NAMES.items()),
        # A form sent without it leaves each child's own (classroom/assign/mixed.py); one sent
        # must hold one of the choices, never a blank.
        validators=[IfSent()],
        default="level",
        description="After each move a computer player says why, in a child's words: "
        '"I had a 4. The 3 is less, so I kept the 3!" It never names a card the children '
        "could not see.",
    )
    read_aloud = BooleanField(
        "Read every step aloud to the child",
        description="On for a child who cannot read yet: whose turn it is, what to do, the "
        "counting and the results are spoken as they appear. Turn it off for a child who reads.",
    )
    turns_before_call = WholeNumberField(
        "Turns before a computer player may call",
        validators=[Optional(), NumberRange(min=0, max=10, message="From 0 to 10 turns.")],
        description="At a table with the child, computer players do not call Rat-a-Tat-Cat "
        "before the child has had this many turns of the round, so the child makes more "
        "choices. Blank: as the level suggests (4 at Ultra-Peek and Peek, 3 at Outside Peek "
        "and Standard).",
    )
    # Several children at once: the settings the teacher asked to give everyone although the
    # children differ (classroom/assign/mixed.py); each box sits in its setting's block.
    same_for_all = CheckboxListField("Same for everyone", choices=choices(SETTING_LABELS.items()))
    # What the form showed, so that saving changes only what the teacher changed.
    shown = HiddenField()
    reason = TextAreaField(
        "Why (kept in the history)",
        filters=[strip],
        validators=[Length(max=300)],
        description="For example: compares cat cards well, ready to remember her own cards.",
    )

    def load(self, assignment: Assignment) -> None:
        """Show these settings, and remember that they were shown."""
        for name, value in assignment.as_dict().items():
            getattr(self, name).data = value
        self.same_for_all.data = []
        self.shown.data = shown_text(assignment)

    def assignment(self) -> Assignment:
        """The settings the form was sent with."""
        return Assignment(
            level=self.level.data,
            power_cards=bool(self.power_cards.data),
            scoring=self.scoring.data,
            series_end=self.series_end.data,
            rounds=self.rounds.data,
            points_limit=self.points_limit.data,
            limit_ending=self.limit_ending.data,
            # In the engine's order, whatever order the boxes were sent in.
            computer_players=tuple(
                p for p in COMPUTER_PLAYERS if p in (self.computer_players.data or ())
            ),
            think_aloud=self.think_aloud.data or "level",
            read_aloud=bool(self.read_aloud.data),
            turns_before_call=self.turns_before_call.data,
        )
