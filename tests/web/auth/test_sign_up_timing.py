"""Sign-up's time says nothing of which addresses have accounts (where mail is configured,
docs/security.md): an address with an account and a new one take as long, measured with the
real password hash (scrypt) over many interleaved pairs, compared as distributions."""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import Inbox, MadeTeacher

# Pairs of sign-ups, one of each kind, sent one after the other so that whatever else the
# machine does at a moment slows both alike.
PAIRS = 40
PASSWORD = "purple giraffes at noon"


def sign_up(client: FlaskClient, email: str) -> float:
    """Seconds one sign-up takes; it must answer as sign-up always does with mail."""
    form = {"name": "Ms Timing", "email": email, "password": PASSWORD, "confirm": PASSWORD}
    begun = time.perf_counter()
    response = client.post("/teacher/sign-up", data=form)
    took = time.perf_counter() - begun
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/teacher/check-email")
    return took


def test_sign_up_takes_as_long_for_an_address_with_an_account(
    make_app: Callable[..., Flask], smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    """Before, an address with an account answered in about a third of a new one's time (only
    the new one hashed the password): every pair had the new address slower. Now neither kind
    is slower in most pairs, and the typical difference is a small part of a sign-up's time."""
    app = make_app(
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT=smtp_server.port,
        MAIL_USE_TLS=False,
        PUBLIC_URL="https://classroom.school.example",
        PASSWORD_HASH_METHOD="scrypt",
    )
    client = app.test_client()
    for _ in range(3):  # warm up: templates compiled, connections made, zxcvbn loaded
        sign_up(client, teacher.email)
        sign_up(client, f"{uuid.uuid4().hex}@school.example")
    known, new = [], []
    for i in range(PAIRS):
        fresh = f"{uuid.uuid4().hex}@school.example"
        # Which goes first alternates, so neither kind always follows the other.
        if i % 2:
            known.append(sign_up(client, teacher.email))
            new.append(sign_up(client, fresh))
        else:
            new.append(sign_up(client, fresh))
            known.append(sign_up(client, teacher.email))
    # Every email arrives (each kind of address got one a sign-up), before the mail server
    # stops with the test.
    smtp_server.wait_for("@school.example", 2 * (3 + PAIRS), timeout=120)
    typical = statistics.median(known + new)
    differences = [n - k for n, k in zip(new, known, strict=True)]
    shift = statistics.median(differences)
    new_slower = sum(d > 0 for d in differences) / PAIRS
    summary = (
        f"median known {statistics.median(known) * 1000:.1f} ms, new "
        f"{statistics.median(new) * 1000:.1f} ms, median paired difference "
        f"{shift * 1000:.1f} ms, new slower in {new_slower:.0%} of pairs"
    )
    print(summary)
    # Equal costs: the median difference is within a fifth of a sign-up's time either way,
    # and the new address is slower in neither nearly every pair nor nearly none (with equal
    # costs, 40 pairs fall outside 15-85 % about once in 30,000 runs).
    assert abs(shift) < 0.2 * typical, summary
    assert 0.15 <= new_slower <= 0.85, summary
