"""Forms for classes and co-teachers."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import EmailField, RadioField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, ValidationError

from classroom.auth.forms import EMAIL, lower
from classroom.dashboard.report import LANGUAGES
from classroom.forms import choices, one_line, strip
from classroom.zones import DEFAULT_ZONE, is_zone

GRADES = ["Pre-K", "Kindergarten", "Grade 1", "Grade 2", "Grade 3", "Grade 4", "Mixed ages"]
SECRET_CHOICES = [
    ("2", "Two secret pictures (most classes)"),
    ("3", "Three secret pictures (older children)"),
    ("0", "No secret: a child taps their own picture and is in (the youngest)"),
]


class ClassForm(FlaskForm):
    name = StringField(
        "Class name",
        filters=[one_line],
        validators=[DataRequired(), Length(max=80)],
        description="For example: Room 4 Cats",
    )
    grade = SelectField("Grade", choices=choices((g, g) for g in GRADES), default="Kindergarten")
    secret_length = RadioField(
        "How children sign in",
        choices=choices(SECRET_CHOICES),
        default="2",
        validators=[InputRequired()],
    )
    language = SelectField(
        "Children's language",
        choices=choices(LANGUAGES.items()),
        default="en",
        validate_choice=False,  # validate_language says what is wrong in a sentence
        description="The language of the children's pages, read aloud too, for each child "
        "added from now on. Change one child's language on the child's page.",
    )
    time_zone = StringField(
        "Time zone",
        filters=[strip],
        validators=[Length(max=64)],
        description='The class\'s days and times follow it ("today", dates, downloads). '
        "For example America/Los_Angeles or Europe/Madrid; this browser's zone is filled in.",
    )

    def validate_language(self, field: SelectField) -> None:
        """One of the languages the children's pages are written in."""
        if field.data not in LANGUAGES:
            raise ValidationError(
                "That is not one of the children's languages (English or Español)."
            )

    def validate_time_zone(self, field: StringField) -> None:
        """An IANA zone name that the server knows; empty means UTC."""
        if not field.data:
            field.data = DEFAULT_ZONE
        elif not is_zone(field.data):
            raise ValidationError(
                "That is not a time zone name we know. Names look like America/Los_Angeles "
                "or Europe/Madrid."
            )


class InviteForm(FlaskForm):
    email = EmailField(
        "Your colleague's email",
        filters=[lower],
        validators=[InputRequired(), Length(max=254), EMAIL],
        description="We email them a link to accept; it works once.",
    )
