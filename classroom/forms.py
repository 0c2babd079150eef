"""Form pieces shared by several blueprints."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import render_template, request
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import IntegerField, SelectMultipleField, widgets
from wtforms.fields.choices import SelectChoice
from wtforms.validators import StopValidation

# What a view with a form returns: a redirect, the page, or the page with an error status.
FormPage = Response | str | tuple[str, int]


class ConfirmForm(FlaskForm):
    """A form with nothing but its CSRF token, for buttons that change something."""


class CheckboxListField(SelectMultipleField):
    """Several choices as a list of checkboxes."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class IfSent:
    """A choice that may be left out of the form: a field not sent at all skips the rest of
    its checks (its default stands), but one sent, even blank (a space, a tab, a new line),
    must be one of the choices. WTForms' Optional() would take a blank for absent and clear
    the choice check's error, letting "\t" through to the database."""

    field_flags = {"optional": True}

    def __call__(self, form: Any, field: Any) -> None:
        if not field.raw_data:
            field.errors[:] = []
            raise StopValidation()


def strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def one_line(value: Any) -> Any:
    """Trim and collapse runs of spaces: names are one short line."""
    return " ".join(value.split()) if isinstance(value, str) else value


def choices(pairs: Iterable[tuple[Any, str]]) -> list[SelectChoice]:
    """(value, label) pairs as the option objects WTForms wants."""
    return [SelectChoice(value, label) for value, label in pairs]


def render_form(template: str, **context: Any) -> tuple[str, int]:
    """A form's page: 200 when first shown, 400 when a sent form came back with errors."""
    return render_template(template, **context), 400 if request.method == "POST" else 200


class WholeNumberField(IntegerField):
    """A whole number typed by a teacher; anything else gets one sentence they can act on
    ("Type a whole number, or leave it blank."), not WTForms' "Not a valid integer value."
    beside an "out of range" for the number it could not read. Blank is None: "as assigned"
    where the field is optional (`blank_ok`), for InputRequired to refuse where it is not."""

    def __init__(self, *args: Any, blank_ok: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.blank_ok = blank_ok

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the typed number; blank is None."""
        if not valuelist or str(valuelist[0]).strip() == "":
            self.data = None
            return
        try:
            self.data = int(str(valuelist[0]).strip())
        except ValueError:
            self.data = None
            ending = ", or leave it blank." if self.blank_ok else "."
            raise ValueError(f"Type a whole number{ending}") from None

    def pre_validate(self, form: Any) -> None:
        """One message for a typing slip: not also "out of range" for a number not read."""
        if self.process_errors:
            raise StopValidation()
