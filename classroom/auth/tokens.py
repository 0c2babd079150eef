"""Signed links mailed to teachers: they prove that whoever follows them reads that mailbox.

Each kind of link has its own salt, so a link of one kind never works as another. None is
stored: a link is checked against what it promises.
- confirm an address: the account and the address it was sent to (changing either ends it);
- reset a password: the account and a fingerprint of its current password hash, so the link
  works once (the new password changes the hash) and stops when the password changes;
- an invitation to co-teach: the invitation and its address (withdrawn, used or expired
  invitations end it).
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer

CONFIRM = "confirm-email"
RESET = "reset-password"
INVITE = "co-teacher-invite"


def _serializer(kind: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=kind)


def make(kind: str, payload: dict[str, Any]) -> str:
    """A signed, timestamped token for a link of this kind."""
    return str(_serializer(kind).dumps(payload))


def read(kind: str, token: str, max_age_seconds: float) -> dict[str, Any] | None:
    """The token's payload, or None if it is forged, of another kind, or older than max_age."""
    try:
        payload = _serializer(kind).loads(token, max_age=max_age_seconds)
    except BadSignature:  # SignatureExpired is one too
        return None
    return payload if isinstance(payload, dict) else None


def password_fingerprint(password_hash: str) -> str:
    """A short digest of a password hash: the reset link carries it, never the hash."""
    return hashlib.sha256(password_hash.encode("utf-8")).hexdigest()[:20]
