"""Form pieces shared by several blueprints."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import render_template, request
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import SelectMultipleField, widgets
from wtforms.fields.choices import SelectChoice

# What a view with a form returns: a redirect, the page, or the page with an error status.
FormPage = Response | str | tuple[str, int]


class ConfirmForm(FlaskForm):
    """A form with nothing but its CSRF token, for buttons that change something."""


class CheckboxListField(SelectMultipleField):
    """Several choices as a list of checkboxes."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


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
