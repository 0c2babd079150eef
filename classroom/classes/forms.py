"""Forms for classes and co-teachers."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import EmailField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length

from classroom.auth.forms import EMAIL, lower
from classroom.forms import choices, one_line

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
        validators=[InputRequired(), Length(max=80)],
        description="For example: Room 4 Cats",
    )
    grade = SelectField("Grade", choices=choices((g, g) for g in GRADES), default="Kindergarten")
    secret_length = RadioField(
        "How children sign in",
        choices=choices(SECRET_CHOICES),
        default="2",
        validators=[InputRequired()],
    )


class InviteForm(FlaskForm):
    email = EmailField(
        "Your colleague's email",
        filters=[lower],
        validators=[InputRequired(), Length(max=254), EMAIL],
        description="When they sign in (or sign up) with this email, they can accept.",
    )
