"""Rosters from a file (issue 40): a sample school's OneRoster 1.1 CSV files (three classes, a
teacher in two of them, a child moved between classes on a second import) imported with a
preview, idempotently by sourcedId, with clear errors and nothing half written."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.models import Child, Classroom, ClassTeacher, School, Teacher
from classroom.oneroster import RosterError, import_roster

# The columns of OneRoster 1.1's CSV files, as exported.
CLASSES_HEAD = (
    "sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,"
    "location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\n"
)
USERS_HEAD = (
    "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,"
    "givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,"
    "password\n"
)
ENROLLMENTS_HEAD = (
    "sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,"
    "primary,beginDate,endDate\n"
)
ORGS = """sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId
district-1,,,Lakeside District,district,,
school-1,,,Lakeside Primary,school,LP,district-1
"""
CLASSES = (
    CLASSES_HEAD
    + """class-k1,,,Kindergarten Owls,KG,,,homeroom,,school-1,,,,
class-k2,,,Kindergarten Foxes,KG,,,homeroom,,school-1,,,,
class-g1,,,Grade 1 Bears,01,,,homeroom,,school-1,,,,
"""
)
USERS = (
    USERS_HEAD
    + """t-1,,,true,school-1,teacher,alee,,Anna,Lee,,,anna.lee@lakeside.example,,,,,
t-2,,,true,school-1,teacher,bkim,,Ben,Kim,,,ben.kim@lakeside.example,,,,,
s-1,,,true,school-1,student,,,Ava,Torres,,,,,,,KG,
s-2,,,true,school-1,student,,,Finn,Dunn,,,,,,,KG,
s-3,,,true,school-1,student,,,Ivy,Chen,,,,,,,KG,
s-4,,,true,school-1,student,,,Leo,Moss,,,,,,,01,
s-5,,,true,school-1,student,,,Mia,Kane,,,,,,,01,
p-1,,,true,school-1,parent,,,Pat,Torres,,,pat@home.example,,,,,
"""
)
ENROLLMENTS = (
    ENROLLMENTS_HEAD
    + """e-1,,,class-k1,school-1,t-1,teacher,true,,
e-2,,,class-k2,school-1,t-1,teacher,true,,
e-3,,,class-g1,school-1,t-2,teacher,true,,
e-4,,,class-k1,school-1,s-1,student,false,,
e-5,,,class-k1,school-1,s-2,student,false,,
e-6,,,class-k2,school-1,s-3,student,false,,
e-7,,,class-g1,school-1,s-4,student,false,,
e-8,,,class-g1,school-1,s-5,student,false,,
"""
)


def write(folder: Path, **files: str) -> Path:
    """The four files in a folder, any of them replaced."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = {
        "orgs.csv": ORGS,
        "classes.csv": CLASSES,
        "users.csv": USERS,
        "enrollments.csv": ENROLLMENTS,
    }
    texts.update({name if name.endswith(".csv") else f"{name}.csv": t for name, t in files.items()})
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {
            model.__tablename__: db.session.scalar(select(func.count()).select_from(model))
            for model in (School, Classroom, Teacher, Child, ClassTeacher)
        }


def test_the_sample_school_is_previewed_then_imported(app: Flask, tmp_path: Path) -> None:
    folder = write(tmp_path / "first")
    with app.app_context():
        preview = import_roster(folder, write=False)
    assert counts(app) == dict.fromkeys(counts(app), 0)  # a preview writes nothing
    assert "school Lakeside Primary" in preview.added
    assert "class Kindergarten Owls (Lakeside Primary)" in preview.added
    assert "teacher Anna Lee (anna.lee@lakeside.example)" in preview.added
    assert "child Ava T. in Kindergarten Owls" in preview.added
    assert not any("Pat" in line for line in preview.added)  # a parent signs in nowhere
    with app.app_context():
        import_roster(folder, write=True)
        anna = db.session.scalar(select(Teacher).where(Teacher.sourced_id == "t-1"))
        owned = sorted(m.classroom.name for m in anna.memberships if m.role == "owner")
        assert owned == ["Kindergarten Foxes", "Kindergarten Owls"]  # a teacher in two classes
        rooms = db.session.scalars(select(Classroom)).all()
        assert {room.school.name for room in rooms} == {"Lakeside Primary"}
        bears = db.session.scalar(select(Classroom).where(Classroom.sourced_id == "class-g1"))
        assert sorted(c.display_name for c in bears.children) == ["Leo M.", "Mia K."]
    assert counts(app) == {
        "schools": 1,
        "classes": 3,
        "teachers": 2,
        "children": 5,
        "class_teachers": 3,
    }


def test_a_second_import_changes_nothing_and_moves_a_child(app: Flask, tmp_path: Path) -> None:
    """The same files twice: nothing added or changed. Then Ivy moves from the Foxes to the
    Bears: archived in the Foxes (her play kept there), added to the Bears."""
    folder = write(tmp_path / "first")
    with app.app_context():
        import_roster(folder, write=True)
    before = counts(app)
    with app.app_context():
        again = import_roster(folder, write=True)
    assert again.added == [] and again.changed == []
    assert counts(app) == before
    moved = write(
        tmp_path / "second",
        enrollments=ENROLLMENTS.replace(
            "e-6,,,class-k2,school-1,s-3", "e-6,,,class-g1,school-1,s-3"
        ),
    )
    with app.app_context():
        preview = import_roster(moved, write=False)
        assert preview.added == [] and len(preview.changed) == 1
        assert preview.changed[0].startswith(
            "child Ivy C.: moves from Kindergarten Foxes to Grade 1 Bears"
        )
        import_roster(moved, write=True)
        rows = db.session.scalars(select(Child).where(Child.sourced_id == "s-3")).all()
        by_class = {row.classroom.sourced_id: row for row in rows}
        assert by_class["class-k2"].archived_at is not None
        assert by_class["class-g1"].archived_at is None
        again = import_roster(moved, write=True)
        assert again.added == [] and again.changed == []


def test_a_zip_file_is_read_too(app: Flask, tmp_path: Path) -> None:
    folder = write(tmp_path / "files")
    archive = tmp_path / "oneroster.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for name in ("orgs.csv", "classes.csv", "users.csv", "enrollments.csv"):
            out.write(folder / name, f"export/{name}")
    with app.app_context():
        plan = import_roster(archive, write=False)
    assert len([line for line in plan.added if line.startswith("child ")]) == 5


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"enrollments.csv": ENROLLMENTS + "e-9,,,class-zz,school-1,s-1,student,false,,\n"},
         'enrollments.csv line 10: classSourcedId "class-zz" is not in classes.csv.'),
        ({"classes.csv": CLASSES.replace("title,", "name,")},
         "classes.csv: the columns title are missing."),
        ({"users.csv": USERS + "s-1,,,true,school-1,student,,,Ava,Again,,,,,,,KG,\n"},
         'users.csv line 10: the sourcedId "s-1" is there twice.'),
        ({"enrollments.csv": ENROLLMENTS + "e-9,,,class-g1,school-1,s-1,student,false,,\n"},
         "enrollments.csv line 10: Ava T. is in two classes"),
        ({"users.csv": USERS.replace("anna.lee@lakeside.example", "")},
         "users.csv line 2: a teacher needs an email to sign in."),
    ],
)  # fmt: skip
def test_a_bad_file_says_where_and_writes_nothing(
    app: Flask, tmp_path: Path, files: dict[str, str], message: str
) -> None:
    folder = write(tmp_path / "bad", **files)
    with app.app_context(), pytest.raises(RosterError) as raised:
        import_roster(folder, write=True)
    assert message in str(raised.value)
    assert counts(app) == dict.fromkeys(counts(app), 0)


def test_a_missing_file_is_named(app: Flask, tmp_path: Path) -> None:
    folder = write(tmp_path / "some")
    (folder / "users.csv").unlink()
    with app.app_context(), pytest.raises(RosterError, match=r"users\.csv missing"):
        import_roster(folder, write=False)


def test_nothing_is_half_written_when_a_class_runs_out_of_pictures(
    app: Flask, tmp_path: Path
) -> None:
    """80 children in one class: the pictures run out on the 79th; no class, teacher or child
    of the file is left behind."""
    users = USERS + "".join(
        f"x-{i},,,true,school-1,student,,,Kid{i},Zed,,,,,,,KG,\n" for i in range(80)
    )
    enrollments = ENROLLMENTS + "".join(
        f"ex-{i},,,class-k1,school-1,x-{i},student,false,,\n" for i in range(80)
    )
    folder = write(tmp_path / "big", users=users, enrollments=enrollments)
    with app.app_context(), pytest.raises(RosterError, match="no sign-in picture left"):
        import_roster(folder, write=True)
    assert counts(app) == dict.fromkeys(counts(app), 0)


def test_flask_roster_previews_then_imports(app: Flask, tmp_path: Path) -> None:
    folder = write(tmp_path / "cli")
    runner = app.test_cli_runner()
    said = runner.invoke(args=["roster", str(folder), "--preview"])
    assert said.exit_code == 0 and "Added (" in said.output
    assert counts(app)["children"] == 0
    done = runner.invoke(args=["roster", str(folder), "--yes"])
    assert done.exit_code == 0 and "Imported:" in done.output
    twice = runner.invoke(args=["roster", str(folder), "--yes"])
    assert "Nothing to import" in twice.output
    bad = runner.invoke(args=["roster", str(tmp_path)])
    assert bad.exit_code != 0 and "missing" in bad.output
