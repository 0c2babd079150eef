"""The demo teacher (demo@example.com): a laptop's first look at the app, never a public
login on a school's server.

`bin/run` makes the demo class on its first start only on the embedded default database
(SQLite in the instance folder) with no mail configured; anywhere else only `flask demo` makes
it. The sign-in page names the account and its password only while that account exists with
that password, and never where mail is configured (a server others reach). `flask demo
--remove` deletes it with the classes it owns.
"""

from __future__ import annotations

import os

from flask import current_app
from sqlalchemy import select
from werkzeug.security import check_password_hash

from classroom.emails import mail_configured
from classroom.extensions import db
from classroom.models import Teacher
from classroom.settings import normalise_database_url

DEMO_EMAIL = "demo@example.com"
DEMO_PASSWORD = "rat-a-tat-cat"
DATABASE_FILE = "classroom.sqlite"

# Whether a password hash is the demo password's, by hash: checking it costs a scrypt, which a
# page anyone may open must not spend on every visit. A new password is a new hash.
_is_demo_password: dict[str, bool] = {}


def embedded_database() -> bool:
    """Is the app on the embedded default: SQLite in the instance folder, no DATABASE_URL?"""
    default = "sqlite:///" + os.path.join(current_app.instance_path, DATABASE_FILE)
    configured = current_app.config["SQLALCHEMY_DATABASE_URI"]
    return bool(configured == normalise_database_url(default))


def first_start_may_make_it() -> bool:
    """May bin/run's first start make the demo class here (a laptop's first look)?"""
    return embedded_database() and not mail_configured()


def hint_shown() -> bool:
    """Does the sign-in page name the demo account: it exists with the demo password, and
    this installation sends no mail?"""
    if mail_configured():
        return False
    password_hash = db.session.scalar(
        select(Teacher.password_hash).where(Teacher.email == DEMO_EMAIL)
    )
    if password_hash is None:
        return False
    known = _is_demo_password.get(password_hash)
    if known is None:
        known = check_password_hash(password_hash, DEMO_PASSWORD)
        _is_demo_password.clear()  # one hash kept: the demo account has one password
        _is_demo_password[password_hash] = known
    return known
