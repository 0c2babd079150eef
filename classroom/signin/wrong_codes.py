"""The limit on wrong class codes, per address, that never locks a class out of its pictures.

A whole class signs in from one school address, and a stranger (or a classmate's typo) at
that address must not cost the class its pictures page. So only wrong codes count against
the address; a page of a real class code never does. While an address is over its limit,
every code it tries gets the same "too many tries" answer, a real one included, so the
limit cannot be stepped round by telling real codes from wrong ones; except on a browser
that has already been on that class's pages (the session remembers the class codes it has
opened): the class's own tablets keep working through it.

The counts live where Flask-Limiter keeps its own (the database, or Redis where configured),
so every app process sees the same tries; a wrong code is counted and compared with the limit
in one step (classroom/tries.py), so codes sent at once get no further than codes sent one by
one.
"""

from __future__ import annotations

from flask import abort, session
from flask_limiter.util import get_remote_address
from limits import RateLimitItem

from classroom import tries

KNOWN_CODES_KEY = "class_codes"
# A shared tablet may serve a few classes (a morning and an afternoon class, a hand-over).
KNOWN_CODES_KEPT = 5
SCOPE = "wrong-class-code"


def _limits() -> list[RateLimitItem]:
    return tries.limits_of("JOIN_CODE_LIMIT")


def _identifiers() -> tuple[str, ...]:
    return tries.key(get_remote_address(), SCOPE)


def address_over_limit() -> bool:
    """Has this address used up its wrong class codes for now?"""
    return tries.enabled() and tries.over(_limits(), _identifiers())


def count_wrong_code() -> None:
    """One more wrong class code from this address: counted, then compared with the limit in
    one step; over it, the same 429 as when the address was over it already."""
    if tries.enabled() and not tries.take(_limits(), _identifiers()):
        abort(429)


def known_here(code: str) -> bool:
    """Has this browser been on this class's pages before?"""
    return code in session.get(KNOWN_CODES_KEY, [])


def remember(code: str) -> None:
    """This browser has opened this class's pages: the limit will not stop it here again."""
    known = [c for c in session.get(KNOWN_CODES_KEY, []) if isinstance(c, str) and c != code]
    session[KNOWN_CODES_KEY] = [code, *known][:KNOWN_CODES_KEPT]


def wrong_code() -> None:
    """Answer a code that matches no class: counted, then a 404 (a 429 once over the limit)."""
    count_wrong_code()
    abort(404)


def let_in(code: str) -> None:
    """A real class code: through, unless the address is over its limit and this browser has
    never been on the class's pages (then the same 429 a wrong code gets)."""
    if not known_here(code) and address_over_limit():
        abort(429)
    remember(code)
