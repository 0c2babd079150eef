"""The computers a teacher has signed in on before, so that someone guessing their password
from elsewhere never locks them out of their own (OWASP's "device cookies").

A successful sign-in leaves a signed cookie of its own (the session is cleared at sign-in and
sign-out; this cookie outlives both) naming the accounts signed in on this browser, each as a
keyed digest of its email, never the email. A sign-in try for one of those accounts from this
browser is held back only by the per-address limit, not by the account's own limit, which the
guesses from elsewhere may have used up.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Response

COOKIE = "known_teacher"
SALT = "known-device"
MAX_AGE = 365 * 24 * 3600  # a school year and then some
KEEP = 5  # accounts remembered on one browser (a shared staff-room computer)


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def _digest(email: str) -> str:
    """A keyed digest of an email: the cookie says which accounts without saying who."""
    key = str(current_app.config["SECRET_KEY"]).encode("utf-8")
    typed = email.strip().lower().encode("utf-8")
    return hmac.new(key, typed, hashlib.sha256).hexdigest()[:24]


def _known() -> list[str]:
    """The digests in this browser's cookie ([] if there is none, or it is forged or old)."""
    token = request.cookies.get(COOKIE)
    if not token:
        return []
    try:
        known = _serializer().loads(token, max_age=MAX_AGE)
    except BadSignature:  # SignatureExpired is one too
        return []
    if not isinstance(known, list):
        return []
    return [d for d in known if isinstance(d, str)][:KEEP]


def remember(response: Response, email: str) -> Response:
    """After a successful sign-in: this browser is one the account is used on."""
    digest = _digest(email)
    known = [digest, *(d for d in _known() if d != digest)][:KEEP]
    response.set_cookie(
        COOKIE,
        _serializer().dumps(known),
        max_age=MAX_AGE,
        path="/teacher",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        httponly=True,
        samesite="Lax",
    )
    return response


def known_for_typed_email() -> bool:
    """Has an account with the email in this sign-in form been signed in on this browser?"""
    email = request.form.get("email") or ""
    return bool(email.strip()) and _digest(email) in _known()
