"""Our own SVG pictures (static/pictures/): children's sign-in pictures, their colours, and the
secret pictures children tap after their own."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

# Sign-in pictures: a child is one picture on one colour, unique within a class.
AVATAR_PICTURES = {
    "cat": "Cat",
    "dog": "Dog",
    "rabbit": "Rabbit",
    "bear": "Bear",
    "pig": "Pig",
    "frog": "Frog",
    "owl": "Owl",
    "mouse": "Mouse",
    "lion": "Lion",
    "panda": "Panda",
    "fox": "Fox",
    "chick": "Chick",
    "elephant": "Elephant",
}
COLOURS = {
    "sun": "yellow",
    "sky": "blue",
    "leaf": "green",
    "berry": "pink",
    "grape": "purple",
    "sand": "orange",
}
# The nine pictures of the secret grid, in the order they are shown.
SECRET_PICTURES = ("cat", "dog", "rabbit", "bear", "pig", "frog", "owl", "lion", "chick")

_random = secrets.SystemRandom()


def label(picture: str, colour: str | None = None) -> str:
    name = AVATAR_PICTURES.get(picture, picture.title())
    return f"{name} on {COLOURS[colour]}" if colour in COLOURS else name


def free_avatar(taken: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """A random picture-and-colour pair nobody in the class has, preferring unused pictures."""
    used = set(taken)
    used_pictures = {picture for picture, _ in used}
    free = [(p, c) for p in AVATAR_PICTURES for c in COLOURS if (p, c) not in used]
    if not free:
        return None
    fresh = [pair for pair in free if pair[0] not in used_pictures]
    return _random.choice(fresh or free)


def new_secret(length: int) -> str:
    """A secret sequence of distinct pictures, stored comma separated ("" for no secret)."""
    return ",".join(_random.sample(SECRET_PICTURES, length)) if length else ""


# Letters and digits a five-year-old cannot confuse (no O/0, I/1/L, S/5, Z/2, B/8, G/6).
JOIN_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
JOIN_CODE_LENGTH = 6


def new_join_code() -> str:
    """A new class code: six letters and digits from JOIN_CODE_ALPHABET."""
    return "".join(_random.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def typed_join_code(typed: str) -> str:
    """A class code as stored, however it was typed or linked: any case, with spaces or
    without ("kt4 m9x" is "KT4M9X")."""
    return "".join(typed.split()).upper()


def could_be_join_code(code: str) -> bool:
    """Whether `code` (as typed_join_code gives it) could be a class's, and so is worth
    looking up: letters and digits only, and not too long. Garbage (a NUL byte, which
    PostgreSQL cannot even compare) is never sent to the database."""
    return code.isascii() and code.isalnum() and len(code) <= 32


INVITE_CODE_PART = 4


def new_invite_code() -> str:
    """A one-time co-teacher code: three groups of four letters and digits, "KT4M-..."."""
    return "-".join(
        "".join(_random.choice(JOIN_CODE_ALPHABET) for _ in range(INVITE_CODE_PART))
        for _ in range(3)
    )


def typed_invite_code(typed: str) -> str:
    """A co-teacher code as stored, however it was typed: any case, with dashes, spaces or
    neither ("kt4m apx3 9hwc" and "KT4MAPX39HWC" are "KT4M-APX3-9HWC")."""
    letters = "".join(ch for ch in typed.upper() if ch.isalnum())
    return "-".join(
        letters[i : i + INVITE_CODE_PART] for i in range(0, len(letters), INVITE_CODE_PART)
    )
