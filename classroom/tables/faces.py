"""Each computer player at a table gets its own name, picture and colour: two players of one
kind are "Kitten" and "Mittens", a grey and a black kitten, never "Kitten" twice (a child who
cannot read tells seats apart by their faces). A child playing with the computer picks these
faces themself (`offers`, `picked`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
    faces = COMPUTER_FACES[personality]
    for face in faces:
        if face.name.casefold() not in names and face.picture not in pictures:
            return on_free_colour(face, colours)
    first = faces[0]
    number = 2
    while f"{first.name} {number}".casefold() in names:
        number += 1
    return first._replace(name=f"{first.name} {number}")


def fill_faces(kinds: Sequence[str], seats: Iterable[Any], free: int) -> list[Face]:
    """The faces that "Start the game" seats in a table's `free` empty seats, in order: the
    allowed kinds in turn, each on its first face that no seat has (as `seat_computer` picks
    it), so the page shows the very players who will sit down."""
    seated = list(seats)
    taken = seated_faces(seated)
    colours = [s.colour for s in seated]
    faces: list[Face] = []
    for i in range(free if kinds else 0):
        face = computer_face(kinds[i % len(kinds)], taken, colours)
        faces.append(face)
        taken.append((face.name, face.picture))
        colours.append(face.colour)
    return faces


def on_free_colour(face: Face, colours: Iterable[str]) -> Face:
    """The face on its own colour, or on a spare one where a seat at the table has its colour
    (`colours`: the seats' colours)."""
    used = {c for c in colours if c}
    if face.colour in used:
        spare = next((c for c in SPARE_COLOURS if c not in used), face.colour)
        return face._replace(colour=spare)
    return face


class Offer(NamedTuple):
    """A computer player a child may pick on "Play with the computer": the form's value, its
    kind (the personality) and the face it sits down with."""

    key: str
    kind: str
    face: Face


def offers(kinds: Iterable[str], child_name: str) -> list[Offer]:
    """Every computer player a child may pick to play with: each face of each kind the
    assignment allows (Kitten, Mittens, Pumpkin for "beginner"), in order, but none with the
    child's own name. A kind's first face is keyed by the kind, the others "kind-2", "kind-3"."""
    mine = child_name.casefold()
    return [
        Offer(kind if i == 0 else f"{kind}-{i + 1}", kind, face)
        for kind in kinds
        for i, face in enumerate(COMPUTER_FACES[kind])
        if face.name.casefold() != mine
    ]


class PickError(ValueError):
    """A pick of computer players that cannot start a game, with a sentence saying why."""


def picked(offered: Sequence[Offer], keys: Sequence[str], most: int) -> list[Offer]:
    """The offers a form picked (`keys`), in the offers' order: exactly those sit down. Raises
    PickError when there are none to pick, when it picked none, more than `most`, one twice,
    or one that was not offered."""
    if not offered:
        raise PickError("Your teacher has not chosen computer players for you yet.")
    by_key = {o.key: o for o in offered}
    if any(key not in by_key for key in keys):
        raise PickError("That computer player is not one of yours: tap one of the pictures.")
    if len(set(keys)) != len(keys):
        raise PickError("Each computer player can sit at the table only once.")
    if not keys:
        raise PickError("Tap a computer player to play with you, then tap Play!")
    if len(keys) > most:
        raise PickError(f"A table has room for {most} computer players at most.")
    return [o for o in offered if o.key in keys]


def face_at(personality: str, seats: Iterable[Any], seat: int) -> Face:
    """The face a computer player takes in `seat` (standing in for an away child, or the seat's
    for good): its kind's first face that no other seat of the table has (`seats`: rows with
    seat, name, picture and colour), so it is never taken for a computer player seated there."""
    others = [s for s in seats if s.seat != seat]
    return computer_face(personality, seated_faces(others), [s.colour for s in others])


def stand_in_names(seats: Sequence[Any]) -> dict[int, str]:
    """The seats a computer player plays for an away child now, with its name (the story
    tells their moves as the stand-in's: classroom.tables.story.tell)."""
    return {
        row.seat: face_at(row.stand_in, seats, row.seat).name
        for row in seats
        if row.stand_in is not None
    }


def seated_faces(seats: Iterable[Any]) -> list[tuple[str, str]]:
    """The names and computer pictures at a table, for computer_face: every seat's name, and
    the pictures of the computer players (a child's picture stands on their own colour)."""
    return [(s.name, s.picture if s.computer is not None else "") for s in seats]
