"""Whether a page reads itself aloud (static/js/speech.js): a setting of the signed-in child
(`children.read_aloud`, on for every child until the teacher turns it off); on for the
sign-in pages, where nobody is signed in yet; off for a teacher's pages."""

from __future__ import annotations

from flask import g, session
from flask_login import current_user
from markupsafe import Markup, escape
from sqlalchemy import select

from classroom.access import CHILD_SESSION_KEY
from classroom.extensions import db
from classroom.models import Child


def reading_attributes() -> Markup:
    """The <body> attributes speech.js reads: `data-read-aloud-default` ("on" or "off") and,
    for a child, `data-reader` (their id: a choice made on a shared tablet is the child's)."""
    child_id = session.get(CHILD_SESSION_KEY)
    if isinstance(child_id, int):
        kept = g.get("signed_in")  # the sign-in check's row, read once a request
        if kept is not None and kept.child_id == child_id:
            on = kept.read_aloud
        else:
            on = db.session.scalar(select(Child.read_aloud).where(Child.id == child_id))
        default = "off" if on is False else "on"
        return Markup(' data-read-aloud-default="{}" data-reader="{}"').format(
            escape(default), child_id
        )
    if current_user.is_authenticated:
        return Markup(' data-read-aloud-default="off"')
    return Markup(' data-read-aloud-default="on"')
