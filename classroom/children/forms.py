"""Roster forms."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, ValidationError

from classroom.forms import choices, one_line
from classroom.pictures import AVATAR_PICTURES, COLOURS

NAME_HINT = "First name and initial, for example: Mia K."
MAX_PASTED = 40


SAME_NAME_OK = "Keep the names as typed: they are different children"


class ChildForm(FlaskForm):
    display_name = StringField(
        "Name",
        filters=[one_line],
        validators=[DataRequired(), Length(max=40)],
        description=NAME_HINT,
    )
    # Shown only once a name clashes with a classmate's: the teacher may keep both.
    same_name_ok = BooleanField(SAME_NAME_OK)


def same_names(names: list[str], taken: list[str]) -> list[str]:
    """The names (as typed) already in the class or typed twice, in order, each once."""
    seen = {name.casefold() for name in taken}
    clashes: list[str] = []
    for name in names:
        key = name.casefold()
        if key in seen and name not in clashes:
            clashes.append(name)
        seen.add(key)
    return clashes


class EditChildForm(ChildForm):
    picture = RadioField("Picture", choices=choices(AVATAR_PICTURES.items()))
    colour = RadioField("Colour", choices=choices(COLOURS.items()))


def pasted_names(text: str) -> list[str]:
    """One child per line (commas and semicolons also separate), blanks dropped."""
    for separator in (",", ";", "\t"):
        text = text.replace(separator, "\n")
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


class PasteForm(FlaskForm):
    names = TextAreaField(
        "Names, one per line",
        validators=[InputRequired()],
        description=f"{NAME_HINT} Paste a column from a spreadsheet; up to {MAX_PASTED} at once.",
    )
    same_name_ok = BooleanField(SAME_NAME_OK)

    def validate_names(self, field: TextAreaField) -> None:
        names = pasted_names(field.data or "")
        if not names:
            raise ValidationError("Please type at least one name.")
        if len(names) > MAX_PASTED:
            raise ValidationError(f"That is {len(names)} names; add at most {MAX_PASTED} at once.")
        too_long = [n for n in names if len(n) > 40]
        if too_long:
            raise ValidationError(f"Names can be 40 characters at most: {too_long[0][:50]}")
