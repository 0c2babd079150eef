"""Each computer player at a table gets its own name, picture and colour: two players of one
kind are "Kitten" and "Pumpkin", a grey and a ginger kitten, never "Kitten" twice (a child who
cannot read tells seats apart by their faces)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from classroom.assignments import COMPUTER_PLAYER_NAMES, COMPUTER_PLAYER_PICTURES


class Face(NamedTuple):
    """A seat's name, picture (static/pictures/<picture>.svg) and background colour."""

    name: str
    picture: str
    colour: str


# The first face of each kind is the one the teacher's pages name (COMPUTER_PLAYER_NAMES);
# a table has at most three computer players of one kind (four seats, one child at least).
COMPUTER_FACES: dict[str, tuple[Face, ...]] = {
    "beginner": (
        Face(COMPUTER_PLAYER_NAMES["beginner"], COMPUTER_PLAYER_PICTURES["beginner"], ""),
        Face("Mittens", "kitten-black", "leaf"),
        Face("Pumpkin", "kitten-ginger", "grape"),
    ),
    "solid": (
        Face(COMPUTER_PLAYER_NAMES["solid"], COMPUTER_PLAYER_PICTURES["solid"], ""),
        Face("Tiger", "cat-tiger", "leaf"),
        Face("Smoky", "cat-smoky", "sun"),
    ),
    "strong": (
        Face(COMPUTER_PLAYER_NAMES["strong"], COMPUTER_PLAYER_PICTURES["strong"], ""),
        Face("Boss Cat", "topcat-black", "berry"),
        Face("Snowy", "topcat-white", "grape"),
    ),
}


# Colours for a face whose own colour a seat at the table has already (app.css bg-*).
SPARE_COLOURS = ("sun", "sky", "leaf", "berry", "grape", "sand")


def computer_face(
    personality: str, taken: Iterable[tuple[str, str]], colours: Iterable[str] = ()
) -> Face:
    """The first face of this kind whose name and picture no seat of the table has yet
    (`taken`: the seats' names and pictures), on a colour no seat has (`colours`) where one
    is left; numbered only if every face is taken."""
    seated = list(taken)
    names = {name.casefold() for name, _ in seated}
    pictures = {picture for _, picture in seated}
    used = {c for c in colours if c}
    faces = COMPUTER_FACES[personality]
    for face in faces:
        if face.name.casefold() not in names and face.picture not in pictures:
            if face.colour in used:
                spare = next((c for c in SPARE_COLOURS if c not in used), face.colour)
                face = face._replace(colour=spare)
            return face
    first = faces[0]
    number = 2
    while f"{first.name} {number}".casefold() in names:
        number += 1
    return first._replace(name=f"{first.name} {number}")


def face_at(personality: str, seats: Iterable[Any], seat: int) -> Face:
    """The face a computer player takes in `seat` (standing in for an away child, or the seat's
    for good): its kind's first face that no other seat of the table has (`seats`: rows with
    seat, name, picture and colour), so it is never taken for a computer player seated there."""
    others = [s for s in seats if s.seat != seat]
    return computer_face(personality, seated_faces(others), [s.colour for s in others])


def seated_faces(seats: Iterable[Any]) -> list[tuple[str, str]]:
    """The names and computer pictures at a table, for computer_face: every seat's name, and
    the pictures of the computer players (a child's picture stands on their own colour)."""
    return [(s.name, s.picture if s.computer is not None else "") for s in seats]
