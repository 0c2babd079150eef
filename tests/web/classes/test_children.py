"""The roster: adding, pasting, renaming, pictures, archiving, and deleting a child with every
row of their data."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.models import (
    AssignmentChange,
    Child,
    ChoiceRow,
    CountRow,
    LookRow,
    RoundRow,
    group_members,
)
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    assignment_form,
    fetch,
    sign_in_child,
)


def children_of(app: Flask, class_id: int) -> list[Child]:
    with app.app_context():
        rows = db.session.scalars(
            select(Child).where(Child.class_id == class_id).order_by(Child.id)
        ).all()
        for row in rows:
            db.session.expunge(row)
        return list(rows)


def test_add_one_child(app: Flask, teacher_client: FlaskClient, classroom: MadeClass) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/children/new", data={"display_name": "  Mia   K. "}
    )
    assert response.status_code == 302
    [child] = children_of(app, classroom.id)
    assert child.display_name == "Mia K."
    assert len(child.secret_pictures) == 2
    assert child.level == "ultra_peek"
    assert child.scoring == "cubes"
    again = teacher_client.post(
        f"/classes/{classroom.id}/children/new", data={"display_name": "Noah", "again": "1"}
    )
    assert again.headers["Location"] == f"/classes/{classroom.id}/children/new"


def test_paste_a_list(app: Flask, teacher_client: FlaskClient, classroom: MadeClass) -> None:
    names = "Mia K.\n  Noah B.\r\n\nAva T., Leo M.\tZoe P.\n"
    response = teacher_client.post(f"/classes/{classroom.id}/children/paste", data={"names": names})
    assert response.status_code == 302
    children = children_of(app, classroom.id)
    assert sorted(c.display_name for c in children) == [
        "Ava T.",
        "Leo M.",
        "Mia K.",
        "Noah B.",
        "Zoe P.",
    ]
    avatars = {(c.picture, c.colour) for c in children}
    assert len(avatars) == 5
    assert len({c.picture for c in children}) == 5  # different animals while there are enough
    with app.app_context():
        assert db.session.scalar(select(func.count(AssignmentChange.id))) == 5


def test_paste_rejects_bad_lists(teacher_client: FlaskClient, classroom: MadeClass) -> None:
    url = f"/classes/{classroom.id}/children/paste"
    for names in ("", "\n \n", "\n".join(f"Child {i}" for i in range(41)), "x" * 41):
        response = teacher_client.post(url, data={"names": names})
        assert response.status_code == 400, names
        assert 'class="error"' in response.get_data(as_text=True)


def test_rename_and_change_picture(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia = make_child(classroom, "Mia")
    noah = make_child(classroom, "Noah")
    noah_row = fetch(app, Child, noah.id)
    taken = teacher_client.post(
        f"/children/{mia.id}/edit",
        data={"display_name": "Mia K.", "picture": noah_row.picture, "colour": noah_row.colour},
    )
    assert taken.status_code == 400
    assert "Another child in this class has that picture" in taken.get_data(as_text=True)
    free_colour = next(c for c in ("sun", "sky", "leaf") if c != noah_row.colour)
    ok = teacher_client.post(
        f"/children/{mia.id}/edit",
        data={"display_name": "Mia K.", "picture": noah_row.picture, "colour": free_colour},
    )
    assert ok.status_code == 302
    row = fetch(app, Child, mia.id)
    assert (row.display_name, row.picture, row.colour) == ("Mia K.", noah_row.picture, free_colour)
    bad = teacher_client.post(
        f"/children/{mia.id}/edit",
        data={"display_name": "Mia", "picture": "dragon", "colour": "sun"},
    )
    assert bad.status_code == 400


def test_archive_and_restore(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    teacher_client.post(f"/children/{child.id}/archive")
    assert fetch(app, Child, child.id).archived_at is not None
    page = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert "Archived children" in page
    teacher_client.post(f"/children/{child.id}/restore")
    assert fetch(app, Child, child.id).archived_at is None


def test_child_page_shows_history_and_secret(teacher_client: FlaskClient, child: MadeChild) -> None:
    page = teacher_client.get(f"/children/{child.id}").get_data(as_text=True)
    assert "History" in page
    assert "Added to the class" in page
    assert "Level: Ultra-Peek" in page
    for picture in child.secret:
        assert f"pictures/{picture}.svg" in page


def test_new_secret(app: Flask, teacher_client: FlaskClient, child: MadeChild) -> None:
    seen = {tuple(child.secret)}
    for _ in range(5):
        teacher_client.post(f"/children/{child.id}/new-secret")
        seen.add(tuple(fetch(app, Child, child.id).secret_pictures))
    assert len(seen) > 1


def test_delete_confirmation_says_what_goes(
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    make_group: Callable[..., object],
) -> None:
    make_group(classroom, "Table 1", [child])
    page = teacher_client.get(f"/children/{child.id}/delete").get_data(as_text=True)
    assert "1 entry of level history" in page
    assert "their place in 1 group" in page


def play_a_game(app: Flask, child: MadeChild, other: MadeChild) -> None:
    """Both children play a whole Peek game: choices, looks, counts and round results."""
    from tests.web.helpers.tables import play_to_end, set_level, start_table

    set_level(app, other, "peek")
    table_id = start_table(app, [child, other], ["solid"])
    clients = {}
    for seat, kid in enumerate((child, other)):
        clients[seat] = app.test_client()
        sign_in_child(clients[seat], kid)
    clients[0].post(f"/play/tables/{table_id}/look", data={"position": "2"})
    play_to_end(app, clients, table_id)
    with app.app_context():
        for model in (ChoiceRow, LookRow, CountRow, RoundRow):
            assert db.session.scalar(select(func.count()).select_from(model)) > 0


def test_delete_removes_every_row_of_the_child(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., object],
) -> None:
    child = make_child(classroom, "Mia")
    other = make_child(classroom, "Noah")
    make_group(classroom, "Table 1", [child, other])
    teacher_client.post(f"/children/{child.id}/assignment", data=assignment_form(level="peek"))
    play_a_game(app, child, other)
    response = teacher_client.post(f"/children/{child.id}/delete")
    assert response.status_code == 302
    with app.app_context():
        assert db.session.get(Child, child.id) is None
        # Every table that points at children holds no row of this child.
        for table in db.metadata.sorted_tables:
            for fk in table.foreign_keys:
                if fk.column.table.name == "children":
                    count = db.session.scalar(
                        select(func.count()).select_from(table).where(fk.parent == child.id)
                    )
                    assert count == 0, f"{table.name} still holds rows of the deleted child"
        # The other child keeps everything.
        assert db.session.get(Child, other.id) is not None
        assert (
            db.session.scalar(
                select(func.count())
                .select_from(group_members)
                .where(group_members.c.child_id == other.id)
            )
            == 1
        )


def test_garbage_ids_are_404_not_500(teacher_client: FlaskClient, teacher: MadeTeacher) -> None:
    for url in ("/children/999999", "/children/0/edit", "/classes/999999", "/groups/424242"):
        assert teacher_client.get(url).status_code == 404
    assert teacher_client.get("/children/not-a-number").status_code == 404
