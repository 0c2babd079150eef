"""Teacher account forms."""

from __future__ import annotations

from flask_login import current_user
from flask_wtf import FlaskForm
from wtforms import EmailField, Field, PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, InputRequired, Length, Regexp, StopValidation

from classroom.auth.passwords import PASSWORD_MAX, PASSWORD_MIN, password_problem
from classroom.forms import one_line, strip

EMAIL = Regexp(r"^[^@\s]+@[^@\s]+\.[^@\s]+$", message="Please enter an email address.")
PASSWORD_HELP = (
    f"At least {PASSWORD_MIN} characters, not easy to guess. A short sentence works well."
)


def strong_password(form: FlaskForm, field: Field) -> None:
    """A new password: long enough, and not easy to guess from common passwords, words or the
    account's own email and name."""
    hints = [getattr(form, name).data for name in ("email", "name") if hasattr(form, name)]
    hints += list(getattr(form, "hints", ()))
    if current_user and current_user.is_authenticated:
        hints += [current_user.email, current_user.name]
    problem = password_problem(field.data or "", hints=tuple(h for h in hints if h))
    if problem:
        raise StopValidation(problem)


def lower(value: object) -> object:
    return value.strip().lower() if isinstance(value, str) else value


def new_password(label: str) -> PasswordField:
    """A field for a password being chosen: checked for strength, with the help line."""
    return PasswordField(
        label, validators=[InputRequired(), strong_password], description=PASSWORD_HELP
    )


def password_again(label: str) -> PasswordField:
    """The same password typed a second time."""
    return PasswordField(
        label,
        validators=[InputRequired(), EqualTo("password", message="The passwords do not match.")],
    )


class SignUpForm(FlaskForm):
    name = StringField(
        "Your name, as the children say it",
        filters=[one_line],
        validators=[DataRequired(), Length(max=80)],
        description="For example: Ms Lee",
    )
    email = EmailField(
        "Email", filters=[lower], validators=[InputRequired(), Length(max=254), EMAIL]
    )
    password = new_password("Password")
    confirm = password_again("Password again")


class SignInForm(FlaskForm):
    email = EmailField("Email", filters=[lower], validators=[InputRequired(), Length(max=254)])
    password = PasswordField("Password", validators=[InputRequired(), Length(max=PASSWORD_MAX)])


class PasswordForm(FlaskForm):
    current = PasswordField(
        "Current password", validators=[InputRequired(), Length(max=PASSWORD_MAX)]
    )
    password = new_password("New password")
    confirm = password_again("New password again")


class CodeForm(FlaskForm):
    # Room for a code typed with spaces between its letters (classroom/pictures.py reads it).
    code = StringField("Code", filters=[strip], validators=[InputRequired(), Length(max=60)])


class ForgotForm(FlaskForm):
    email = EmailField(
        "Your email", filters=[lower], validators=[InputRequired(), Length(max=254), EMAIL]
    )


class ResetForm(FlaskForm):
    password = new_password("New password")
    confirm = password_again("New password again")
