"""The computers a teacher has signed in on before, so that someone guessing their password
from elsewhere never locks them out of their own (OWASP's "device cookies").

A successful sign-in leaves a signed cookie of its own (the session is cleared at sign-in and
sign-out; this cookie outlives both): a random id of this browser, and the accounts signed in
on it, each as a keyed digest of the account's email and its login token, never the email. A
sign-in try for one of those accounts from this browser is held back by the per-address limit
and by this browser's own low limit (SIGN_IN_DEVICE_LIMIT, counted by its id), not by the
account's limit, which guesses from elsewhere may have used up.

The login token is new with every password and with "sign out everywhere", so either ends
every such cookie of the account at once: a cookie copied to another browser is a pass only
until then, and its own limit holds back what it can try meanwhile.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Response

COOKIE = "known_teacher"
SALT = "known-device-2"  # a new salt for the cookie's second form: older cookies count for nothing
MAX_AGE = 365 * 24 * 3600  # a school year and then some
KEEP = 5  # accounts remembered on one browser (a shared staff-room computer)


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def _digest(email: str, login_token: str) -> str:
    """A keyed digest of an account as it is now: its email, and its login token (new with
    each password and each "sign out everywhere")."""
    key = str(current_app.config["SECRET_KEY"]).encode("utf-8")
    typed = email.strip().lower().encode("utf-8") + b"\n" + login_token.encode("utf-8")
    return hmac.new(key, typed, hashlib.sha256).hexdigest()[:24]


def _cookie() -> tuple[str | None, list[str]]:
    """This browser's id and digests (None and [] if it has no cookie, or a forged or old one)."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None, []
    try:
        held: Any = _serializer().loads(token, max_age=MAX_AGE)
    except BadSignature:  # SignatureExpired is one too
        return None, []
    if not isinstance(held, dict) or not isinstance(held.get("id"), str):
        return None, []
    known = held.get("known")
    digests = [d for d in known if isinstance(d, str)] if isinstance(known, list) else []
    return held["id"], digests[:KEEP]


def cookie_secure() -> bool:
    """Secure exactly when the session cookie is (SESSION_COOKIE_SECURE, or an HTTPS request)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    return bool(app.session_interface.get_cookie_secure(app))


def remember(response: Response, email: str, login_token: str) -> Response:
    """After a successful sign-in (or a new password on this browser): this browser is one
    the account, as it is now, is used on."""
    device, known = _cookie()
    digest = _digest(email, login_token)
    known = [digest, *(d for d in known if d != digest)][:KEEP]
    response.set_cookie(
        COOKIE,
        _serializer().dumps({"id": device or secrets.token_urlsafe(16), "known": known}),
        max_age=MAX_AGE,
        path="/teacher",
        secure=cookie_secure(),
        httponly=True,
        samesite="Lax",
    )
    return response


def known_device(email: str, login_token: str | None) -> str | None:
    """This browser's id if the account (the email typed, with its login token now) has been
    signed in on it since its last new password or "sign out everywhere"; else None."""
    if not email.strip() or not login_token:
        return None
    device, known = _cookie()
    if device is None or _digest(email, login_token) not in known:
        return None
    return device
