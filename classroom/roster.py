"""Putting a child on a class roster: a picture nobody else in the class has, a secret, and
the default assignment as the first line of their history; and their names in sentences."""

from __future__ import annotations

from collections.abc import Sequence

from classroom.assignments import record_first_assignment
from classroom.extensions import db
from classroom.models import Child, Classroom, Teacher
from classroom.pictures import free_avatar, new_secret


def enrol(classroom: Classroom, name: str, teacher: Teacher) -> Child | None:
    """A new child in the session (the caller commits); None when no picture is left."""
    avatar = free_avatar((c.picture, c.colour) for c in classroom.children)
    if avatar is None:
        return None
    child = Child(
        classroom=classroom,
        display_name=name,
        picture=avatar[0],
        colour=avatar[1],
        secret=new_secret(classroom.secret_length),
        failed_tries=0,
        language=classroom.language,
    )
    db.session.add(child)
    record_first_assignment(child, teacher, "Added to the class")
    return child


def names_together(names: Sequence[str], and_word: str = "and") -> str:
    """Names as a sentence says them: "Ava", "Ava and Ben", "Ava, Ben and Cleo" (`and_word`:
    the page's own word for "and", "y" in Spanish)."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {and_word} " + names[-1]


def full_stop(text: str) -> str:
    """The full stop after a sentence that ends with `text`: none if it ends with one."""
    # Names are a first name and an initial ("Ben O."): a second stop read as a typo.
    return "" if text.endswith(".") else "."
