"""The limits on a teacher's sign-in tries: each try is counted before its password is
checked, and compared with the limits in the same step (classroom/tries.py), so tries sent at
once get no further than tries sent one by one. A try that signs in is given back: only failed
tries use up a limit, so a staff room behind one school address can all sign in.

Every try counts against its address (SIGN_IN_LIMIT). It counts against the account, that is
the email typed, known or not (SIGN_IN_ACCOUNT_LIMIT), unless this browser is one the account
has signed in on since its last new password or "sign out everywhere" (classroom/auth/
devices.py): then it counts against this browser's own low limit instead
(SIGN_IN_DEVICE_LIMIT), so guesses from elsewhere never lock a teacher out of their own
computer, and a copied cookie buys only a few tries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from flask_limiter.util import get_remote_address

from classroom import tries
from classroom.auth import devices
from classroom.models import Teacher


class Counted(NamedTuple):
    """The counts a try was added to, whether it is within every limit, and whether the
    account's own limit is what refused it (the account is then locked for new devices)."""

    counts: Sequence[tuple[tries.Limits, tuple[str, ...]]]
    within: bool
    account_locked: bool


def count(email: str, account: Teacher | None) -> Counted:
    """Count one sign-in try for the email typed (`account`: its account, if there is one)."""
    if not tries.enabled():
        return Counted([], True, False)
    address = (tries.limits_of("SIGN_IN_LIMIT"), tries.key(get_remote_address(), "sign-in"))
    device = devices.known_device(email, account.login_token if account else None)
    if device is not None:
        own = (tries.limits_of("SIGN_IN_DEVICE_LIMIT"), tries.key(device, "sign-in-device"))
    else:
        own = (tries.limits_of("SIGN_IN_ACCOUNT_LIMIT"), tries.key(f"account:{email}", "sign-in"))
    counts = [address, own]
    within = [tries.take(limits, identifiers) for limits, identifiers in counts]
    return Counted(counts, all(within), device is None and not within[1])


def signed_in(counted: Counted) -> None:
    """The try signed in: it does not count."""
    for limits, identifiers in counted.counts:
        tries.give_back(limits, identifiers)
