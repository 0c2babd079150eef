"""The language of a child's pages (docs/languages.md): the signed-in child's own
(`children.language`); before a child is known, the class's default (`classes.language`, by
the class code in the address), else the browser's Accept-Language. A teacher's pages, and
anything outside a child's pages, stay in English."""

from __future__ import annotations

from flask import Flask, g, has_request_context, request, session
from flask_babel import get_locale
from sqlalchemy import select

from classroom.access import CHILD_SESSION_KEY
from classroom.dashboard.report import LANGUAGES
from classroom.extensions import db
from classroom.models import Child, Classroom
from classroom.pictures import could_be_join_code, typed_join_code

# The blueprints whose pages a child reads or hears: sign-in, home, tables, number check.
CHILD_BLUEPRINTS = frozenset({"signin", "child", "play", "check"})

__all__ = ["CHILD_BLUEPRINTS", "LANGUAGES", "child_locale", "init_app", "known", "page_language"]


def known(language: object) -> str:
    """`language` if it is one of ours, else English (a row from before a language was
    dropped must not break a child's page)."""
    return language if isinstance(language, str) and language in LANGUAGES else "en"


def child_locale() -> str:
    """Flask-Babel's locale selector: the language this request's page is in."""
    if not has_request_context() or request.blueprint not in CHILD_BLUEPRINTS:
        return "en"
    child_id = session.get(CHILD_SESSION_KEY)
    if isinstance(child_id, int):
        kept = g.get("signed_in")  # the sign-in check's row, read once a request
        if kept is not None and kept.child_id == child_id:
            return known(kept.language)
        language = db.session.scalar(select(Child.language).where(Child.id == child_id))
        if language is not None:
            return known(language)
    code = (request.view_args or {}).get("code")
    if isinstance(code, str):
        code = typed_join_code(code)
    # Only a code that could be a class's is looked up: this also runs for the page that
    # refuses garbage, in any language.
    if isinstance(code, str) and could_be_join_code(code):
        language = db.session.scalar(select(Classroom.language).where(Classroom.join_code == code))
        if language is not None:
            return known(language)
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def page_language() -> str:
    """The page's language code, for <html lang> and speech.js's voice ("en", "es")."""
    return str(get_locale() or "en")


def init_app(app: Flask) -> None:
    """Templates may ask the page's language (base.html's <html lang>)."""
    app.jinja_env.globals["page_language"] = page_language
