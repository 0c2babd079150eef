"""What makes a teacher's password acceptable: long enough and not easy to guess.

zxcvbn estimates how many guesses a password would take, knowing common passwords, names,
words, keyboard runs, dates and repeats. A teacher's account opens children's records, so
we ask for a score of at least 3 ("safely unguessable" for an online attacker, and slowed
down a good deal offline by the scrypt hash).
"""

from __future__ import annotations

from typing import Any

from zxcvbn import zxcvbn

PASSWORD_MIN = 10
PASSWORD_MAX = 200
# zxcvbn's scale: 0 too guessable ... 4 very unguessable.
PASSWORD_MIN_SCORE = 3
# zxcvbn slows down on very long inputs; what it has seen of the first 100 characters is plenty.
ESTIMATE_CHARACTERS = 100


def password_problem(password: str, *, hints: tuple[str, ...] = ()) -> str | None:
    """Why this password is refused, in a sentence a teacher can act on; None if it is fine.

    `hints` are words the account gives away (its email, the teacher's name): a password
    built from them is easier to guess."""
    if len(password) < PASSWORD_MIN:
        return f"Please use at least {PASSWORD_MIN} characters. A short sentence works well."
    if len(password) > PASSWORD_MAX:
        return f"Please use at most {PASSWORD_MAX} characters."
    inputs = [h for hint in hints if hint for h in (hint, *hint.replace("@", " ").split())]
    result: dict[str, Any] = zxcvbn(password[:ESTIMATE_CHARACTERS], user_inputs=inputs)
    if result["score"] >= PASSWORD_MIN_SCORE:
        return None
    warning = str(result["feedback"].get("warning") or "").strip()
    reason = f" ({warning.rstrip('.')})" if warning else ""
    return (
        f"That password is too easy to guess{reason}. Try a short sentence of a few uncommon words."
    )
