"""Friendly error pages: a clear sentence and the right status, never a stack trace."""

from __future__ import annotations

import logging

from flask import Flask, render_template
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from classroom.extensions import db

log = logging.getLogger(__name__)

MESSAGES = {
    400: "Something in that request did not make sense, so nothing was changed.",
    403: "That page is not open to you.",
    404: "We could not find that page.",
    405: "That page cannot be used that way.",
    413: "That was too much to send at once.",
    429: "Too many tries in a short time. Please wait a minute and try again.",
    500: "Something went wrong on our side. Please try again.",
}


def render_error(error: HTTPException) -> tuple[str, int]:
    code = error.code or 500
    # A view's own sentence (abort(403, "Only the owner..."), abort(400, "A field held...")) beats
    # the generic one.
    custom = code in (400, 403) and error.description != type(error).description
    message = error.description if custom else MESSAGES.get(code, MESSAGES[500])
    return render_template("errors/error.html", code=code, message=message), code


def render_csrf_error(error: CSRFError) -> tuple[str, int]:
    message = (
        "This form had expired or was not sent from this site, so nothing was changed. "
        "Please go back, reload the page and try again."
    )
    return render_template("errors/error.html", code=400, message=message), 400


def render_server_error(error: InternalServerError) -> tuple[str, int]:
    """An unexpected error: whatever the request's transaction did is rolled back (a failed
    statement leaves PostgreSQL's transaction unusable, and the page's own reads would fail
    too), then the app's page answers, with the headers of every other page."""
    db.session.rollback()
    try:
        return render_template("errors/error.html", code=500, message=MESSAGES[500]), 500
    except Exception:  # the page itself could not be drawn: a plain sentence, still ours
        log.exception("the error page could not be drawn")
        return MESSAGES[500], 500


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, render_csrf_error)
    app.register_error_handler(InternalServerError, render_server_error)
    app.register_error_handler(HTTPException, render_error)
