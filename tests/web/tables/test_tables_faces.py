"""Computer players of one kind at one table have their own names and pictures."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.assignments import COMPUTER_PLAYERS
from classroom.extensions import db
from classroom.models import Child
from classroom.tables.errors import TableError
from classroom.tables.faces import COMPUTER_FACES, computer_face
from classroom.tables.loading import load_table
from classroom.tables.seating import open_table_for, seat_computer
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import child_client, start_table

PICTURES = Path(__file__).resolve().parents[3] / "static" / "pictures"


@pytest.mark.parametrize("kind", COMPUTER_PLAYERS)
def test_three_of_a_kind_get_three_names_and_pictures(kind: str) -> None:
    taken = [("Mia K.", "dog")]
    for _ in range(3):
        face = computer_face(kind, taken)
        taken.append((face.name, face.picture))
    names = [name for name, _ in taken]
    pictures = [picture for _, picture in taken]
    assert len(set(names)) == len(names) == 4
    assert len(set(pictures)) == len(pictures) == 4
    assert all((PICTURES / f"{p}.svg").is_file() for p in pictures)


def test_a_child_named_like_a_computer_player_keeps_their_name() -> None:
    """A child called "Kitten" (or with the kitten picture) makes the computer pick another."""
    assert computer_face("beginner", [("kitten", "dog")]).name == "Mittens"
    assert computer_face("beginner", [("Leo", "kitten")]).picture != "kitten"


def test_when_every_face_is_taken_the_name_is_numbered() -> None:
    taken = [(f.name, f.picture) for f in COMPUTER_FACES["strong"]]
    face = computer_face("strong", taken)
    assert face.name == "Top Cat 2"


def test_two_kittens_at_a_table_have_their_own_names_and_faces(
    app: Flask, child: MadeChild, teacher_client: FlaskClient
) -> None:
    """On the child's board, in the story and on the teacher's watching page."""
    table_id = start_table(app, [child], ["beginner", "beginner"])
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        seats = [(s.name, s.picture) for s in table.seats[1:]]
        colours = [s.colour for s in table.seats]
    assert seats == [("Kitten", "kitten"), ("Mittens", "kitten-black")]
    assert colours[2] and colours[2] not in colours[:2]  # Mittens on a colour of its own
    page = child_client(app, child).get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "pictures/kitten.svg" in page and "pictures/kitten-black.svg" in page
    assert ">Mittens<" in page and "Kitten 2" not in page
    watched = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert "Mittens" in watched and "pictures/kitten-black.svg" in watched


def test_a_face_is_not_on_a_colour_a_child_at_the_table_has() -> None:
    face = computer_face("beginner", [("Mia", "cat"), ("Kitten", "kitten")], ["leaf", ""])
    assert face.name == "Mittens" and face.colour not in ("leaf", "")


def test_a_picked_face_sits_as_it_is_once_and_off_the_childs_colour(
    app: Flask, child: MadeChild
) -> None:
    """A child's pick (`seat_computer` with a face) seats that very face; the same face again
    is refused, and a face on the child's colour moves to a free one."""
    mittens = COMPUTER_FACES["beginner"][1]
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.colour = mittens.colour
        db.session.commit()
        table = open_table_for(row)
        seat = seat_computer(table.id, "beginner", mittens)
        assert (seat.name, seat.picture, seat.computer) == ("Mittens", "kitten-black", "beginner")
        assert seat.colour and seat.colour != mittens.colour
        with pytest.raises(TableError, match="Mittens already sits at this table"):
            seat_computer(table.id, "beginner", mittens)
