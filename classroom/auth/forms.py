"""Teacher account forms."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, Regexp

from classroom.forms import one_line, strip

EMAIL = Regexp(r"^[^@\s]+@[^@\s]+\.[^@\s]+$", message="Please enter an email address.")
PASSWORD_MIN = 10


def lower(value: object) -> object:
    return value.strip().lower() if isinstance(value, str) else value


class SignUpForm(FlaskForm):
    name = StringField(
        "Your name, as the children say it",
        filters=[one_line],
        validators=[InputRequired(), Length(max=80)],
        description="For example: Ms Lee",
    )
    email = EmailField(
        "Email", filters=[lower], validators=[InputRequired(), Length(max=254), EMAIL]
    )
    password = PasswordField(
        "Password",
        validators=[InputRequired(), Length(min=PASSWORD_MIN, max=200)],
        description=f"At least {PASSWORD_MIN} characters. A short sentence works well.",
    )
    confirm = PasswordField(
        "Password again",
        validators=[InputRequired(), EqualTo("password", message="The passwords do not match.")],
    )


class SignInForm(FlaskForm):
    email = EmailField("Email", filters=[lower], validators=[InputRequired(), Length(max=254)])
    password = PasswordField("Password", validators=[InputRequired(), Length(max=200)])


class PasswordForm(FlaskForm):
    current = PasswordField("Current password", validators=[InputRequired(), Length(max=200)])
    password = PasswordField(
        "New password",
        validators=[InputRequired(), Length(min=PASSWORD_MIN, max=200)],
        description=f"At least {PASSWORD_MIN} characters.",
    )
    confirm = PasswordField(
        "New password again",
        validators=[InputRequired(), EqualTo("password", message="The passwords do not match.")],
    )


class CodeForm(FlaskForm):
    code = StringField("Code", filters=[strip], validators=[InputRequired(), Length(max=20)])
