"""Rosters from a file: a school's classes, teachers and children from OneRoster 1.1 CSV files
(orgs.csv, classes.csv, users.csv, enrollments.csv), as school information systems and
rostering services export them (docs/dashboards.md, "Rosters from a file").

`read_roster` checks the files and gives what they say, or a RosterError naming the file,
line and problem; `plan_of` compares it with the database by sourcedId and says what would be
added, changed or left as it is; `apply` writes that plan in one transaction (the caller
commits), so a bad file writes nothing and a second import of the same files changes nothing.
"""

from __future__ import annotations

import csv
import io
import secrets
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import select

from classroom.extensions import db
from classroom.models import Child, Classroom, ClassTeacher, School, Teacher
from classroom.roster import enrol

FILES = ("orgs.csv", "classes.csv", "users.csv", "enrollments.csv")
REQUIRED = {
    "orgs.csv": ("sourcedId", "name", "type"),
    "classes.csv": ("sourcedId", "title", "schoolSourcedId"),
    "users.csv": ("sourcedId", "role", "givenName", "familyName"),
    "enrollments.csv": ("sourcedId", "classSourcedId", "userSourcedId", "role"),
}
TEACHING = ("teacher", "aide")  # OneRoster roles that teach a class here
NAME_LENGTH = 40  # Child.display_name
MOST_ROWS = 100_000  # per file: a district's export, not a denial of service


class RosterError(ValueError):
    """A file that cannot be imported: the message names the file, the line and the problem."""


@dataclass(frozen=True, slots=True)
class RosterClass:
    """A class of the files."""

    sourced_id: str
    title: str
    grade: str
    school: str  # the school's sourcedId


@dataclass(frozen=True, slots=True)
class RosterUser:
    """A teacher or a child of the files."""

    sourced_id: str
    role: str
    given: str
    family: str
    email: str

    @property
    def child_name(self) -> str:
        """A child's name as the class shows it: first name and the family name's initial."""
        initial = f" {self.family[0]}." if self.family else ""
        return (self.given + initial)[:NAME_LENGTH]

    @property
    def full_name(self) -> str:
        """A teacher's name."""
        return f"{self.given} {self.family}".strip()[:80]


@dataclass(frozen=True, slots=True)
class Roster:
    """What the four files say, checked."""

    schools: dict[str, str]  # sourcedId -> name
    classes: dict[str, RosterClass]
    users: dict[str, RosterUser]
    teaching: dict[str, list[tuple[str, bool]]]  # class -> [(teacher sourcedId, primary)]
    pupils: dict[str, str]  # child sourcedId -> class sourcedId


def _rows(name: str, text: str) -> list[tuple[int, dict[str, str]]]:
    """The rows of one file with their line numbers, its required columns checked."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    columns = reader.fieldnames or []
    missing = [column for column in REQUIRED[name] if column not in columns]
    if missing:
        raise RosterError(f"{name}: the columns {', '.join(missing)} are missing.")
    rows = []
    for number, row in enumerate(reader, start=2):
        if number > MOST_ROWS:
            raise RosterError(f"{name}: more than {MOST_ROWS} lines.")
        if None in row:
            raise RosterError(f"{name} line {number}: more cells than the header has columns.")
        if (row.get("status") or "").strip().lower() == "tobedeleted":
            continue
        rows.append((number, {k: (v or "").strip() for k, v in row.items()}))
    return rows


def read_files(source: Path) -> dict[str, str]:
    """The four files' text from a folder or a .zip file."""
    texts: dict[str, str] = {}
    try:
        if source.is_dir():
            for name in FILES:
                path = source / name
                if path.exists():
                    texts[name] = path.read_bytes().decode("utf-8")
        elif zipfile.is_zipfile(source):
            with zipfile.ZipFile(source) as archive:
                names = {Path(n).name: n for n in archive.namelist()}
                for name in FILES:
                    if name in names:
                        texts[name] = archive.read(names[name]).decode("utf-8")
        else:
            raise RosterError(f"{source} is neither a folder nor a .zip file of CSV files.")
    except UnicodeDecodeError:
        raise RosterError("The files must be UTF-8 text (as OneRoster asks).") from None
    missing = [name for name in FILES if name not in texts]
    if missing:
        raise RosterError(f"{', '.join(missing)} missing: OneRoster gives all four files.")
    return texts


def read_roster(texts: dict[str, str]) -> Roster:
    """Check the four files and give what they say; RosterError says what is wrong."""
    schools: dict[str, str] = {}
    for line, row in _rows("orgs.csv", texts["orgs.csv"]):
        sid = _sourced("orgs.csv", line, row, schools)
        if row["type"].lower() == "school":
            if not row["name"]:
                raise RosterError(f"orgs.csv line {line}: the school has no name.")
            schools[sid] = row["name"][:120]
    classes: dict[str, RosterClass] = {}
    for line, row in _rows("classes.csv", texts["classes.csv"]):
        sid = _sourced("classes.csv", line, row, classes)
        if row["schoolSourcedId"] not in schools:
            raise RosterError(
                f'classes.csv line {line}: schoolSourcedId "{row["schoolSourcedId"]}" is not '
                "a school of orgs.csv."
            )
        if not row["title"]:
            raise RosterError(f"classes.csv line {line}: the class has no title.")
        grade = row.get("grades", "").split(",")[0].strip()
        classes[sid] = RosterClass(sid, row["title"][:80], grade[:20], row["schoolSourcedId"])
    users: dict[str, RosterUser] = {}
    for line, row in _rows("users.csv", texts["users.csv"]):
        sid = _sourced("users.csv", line, row, users)
        role = row["role"].lower()
        if role not in (*TEACHING, "student"):
            continue  # administrators, guardians...: nobody this app signs in
        if not row["givenName"]:
            raise RosterError(f"users.csv line {line}: the user has no givenName.")
        if role in TEACHING and "@" not in row.get("email", ""):
            raise RosterError(f"users.csv line {line}: a teacher needs an email to sign in.")
        users[sid] = RosterUser(
            sid, role, row["givenName"], row["familyName"], row.get("email", "").lower()
        )
    teaching: dict[str, list[tuple[str, bool]]] = {}
    pupils: dict[str, str] = {}
    seen: set[str] = set()
    for line, row in _rows("enrollments.csv", texts["enrollments.csv"]):
        _sourced("enrollments.csv", line, row, seen)
        seen.add(row["sourcedId"])
        class_sid, user_sid = row["classSourcedId"], row["userSourcedId"]
        if class_sid not in classes:
            raise RosterError(
                f'enrollments.csv line {line}: classSourcedId "{class_sid}" is not in classes.csv.'
            )
        user = users.get(user_sid)
        if user is None:
            continue  # a user this app does not sign in (checked above), or a guardian
        if user.role in TEACHING:
            primary = row.get("primary", "").lower() == "true"
            teaching.setdefault(class_sid, []).append((user_sid, primary))
        elif user_sid in pupils and pupils[user_sid] != class_sid:
            raise RosterError(
                f"enrollments.csv line {line}: {user.child_name} is in two classes "
                f'("{pupils[user_sid]}" and "{class_sid}"); a child plays in one class here.'
            )
        else:
            pupils[user_sid] = class_sid
    for sid, taught in classes.items():
        if sid not in teaching and sid in set(pupils.values()):
            raise RosterError(f'classes.csv: "{taught.title}" has children but no teacher.')
    return Roster(schools, classes, users, teaching, pupils)


def _sourced(name: str, line: int, row: dict[str, str], seen: Iterable[str]) -> str:
    """The row's sourcedId, present and not seen before in its file."""
    sid = row["sourcedId"]
    if not sid:
        raise RosterError(f"{name} line {line}: the sourcedId is empty.")
    if len(sid) > 255:
        raise RosterError(f"{name} line {line}: the sourcedId is longer than 255 characters.")
    if sid in seen:
        raise RosterError(f'{name} line {line}: the sourcedId "{sid}" is there twice.')
    return sid


@dataclass
class Plan:
    """What an import would do, in a teacher's words."""

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)  # already as the files say

    def text(self) -> str:
        """The preview, one line each."""
        parts = []
        for title, lines in (
            ("Added", self.added),
            ("Changed", self.changed),
            ("Left as they are", self.left),
        ):
            parts.append(f"{title} ({len(lines)}):")
            parts.extend(f"  {line}" for line in lines)
        return "\n".join(parts)


def _by_sid(model: type, sids: Iterable[str]) -> dict[str, object]:
    """Rows of a model by sourcedId."""
    wanted = list(sids)
    if not wanted:
        return {}
    rows = db.session.scalars(select(model).where(model.sourced_id.in_(wanted)))  # type: ignore[attr-defined]
    return {row.sourced_id: row for row in rows}


def run(roster: Roster, *, write: bool) -> Plan:
    """Compare the roster with the database; with `write`, make it so (the caller commits).

    Schools, classes and teachers are matched by sourcedId (a teacher also by email, the
    first time); children by sourcedId among the active children. A child enrolled in another
    class than before is archived in the old class (their play is kept there) and added to the
    new one. Nothing the files leave out is deleted or archived.
    """
    plan = Plan()
    schools: dict[str, School] = _by_sid(School, roster.schools)  # type: ignore[assignment]
    for sid, name in roster.schools.items():
        found = schools.get(sid)
        if found is None:
            plan.added.append(f"school {name}")
            if write:
                schools[sid] = School(name=name, sourced_id=sid)
                db.session.add(schools[sid])
        elif found.name != name:
            plan.changed.append(f"school {found.name}: renamed {name}")
            if write:
                found.name = name
        else:
            plan.left.append(f"school {name}")
    teachers: dict[str, Teacher] = _by_sid(Teacher, roster.users)  # type: ignore[assignment]
    for sid, user in roster.users.items():
        if user.role not in TEACHING:
            continue
        found = teachers.get(sid) or db.session.scalar(
            select(Teacher).where(Teacher.email == user.email)
        )
        if found is None:
            plan.added.append(f"teacher {user.full_name} ({user.email})")
            if write:
                teachers[sid] = new_teacher(user, sid)
        elif found.sourced_id != sid:
            plan.changed.append(f"teacher {found.name} ({found.email}): linked to the roster")
            if write:
                found.sourced_id = sid
                teachers[sid] = found
        else:
            plan.left.append(f"teacher {found.name}")
            teachers[sid] = found
    if write:
        db.session.flush()
    classes: dict[str, Classroom] = _by_sid(Classroom, roster.classes)  # type: ignore[assignment]
    for sid, wanted in roster.classes.items():
        taught = roster.teaching.get(sid, [])
        found = classes.get(sid)
        school_name = roster.schools[wanted.school]
        if found is None:
            plan.added.append(f"class {wanted.title} ({school_name})")
            if write:
                classes[sid] = new_class(wanted, schools[wanted.school], teachers, taught)
        else:
            changes = []
            if found.name != wanted.title:
                changes.append(f"renamed {wanted.title}")
            if found.school.sourced_id != wanted.school:
                changes.append(f"now in {school_name}")
            if changes:
                plan.changed.append(f"class {found.name}: {', '.join(changes)}")
                if write:
                    found.name = wanted.title
                    found.school = schools[wanted.school]
            else:
                plan.left.append(f"class {found.name}")
        # Teachers of the class: a new one joins (the primary as owner if none), none leaves.
        room = classes.get(sid)
        for teacher_sid, _primary in taught:
            user = roster.users[teacher_sid]
            member = teachers.get(teacher_sid)
            if room is not None and member is not None and room.role_of(member) is not None:
                continue
            if found is not None:
                plan.added.append(f"{user.full_name} teaches {wanted.title}")
                if write and room is not None and member is not None:
                    room.memberships.append(ClassTeacher(teacher=member, role="co_teacher"))
    if write:
        db.session.flush()
    existing = {
        child.sourced_id: child
        for child in db.session.scalars(
            select(Child).where(
                Child.sourced_id.in_(list(roster.pupils)), Child.archived_at.is_(None)
            )
        )
    }
    for sid, class_sid in roster.pupils.items():
        user = roster.users[sid]
        wanted = roster.classes[class_sid]
        child = existing.get(sid)
        if child is None:
            plan.added.append(f"child {user.child_name} in {wanted.title}")
            if write:
                add_child(classes[class_sid], user, teachers, roster.teaching[class_sid])
        elif child.classroom.sourced_id != class_sid:
            plan.changed.append(
                f"child {child.display_name}: moves from {child.classroom.name} to "
                f"{wanted.title} (archived in {child.classroom.name}, their play kept there)"
            )
            if write:
                child.archived_at = datetime.now(UTC)
                child.session_version += 1  # signed out on every tablet
                add_child(classes[class_sid], user, teachers, roster.teaching[class_sid])
        elif child.display_name != user.child_name:
            plan.changed.append(f"child {child.display_name}: renamed {user.child_name}")
            if write:
                child.display_name = user.child_name
        else:
            plan.left.append(f"child {child.display_name} in {wanted.title}")
    if write:
        db.session.flush()
    return plan


def new_teacher(user: RosterUser, sid: str) -> Teacher:
    """A teacher account from the roster: the school's system vouches for the address; the
    password is unguessable and unknown, so the teacher sets their own ("Forgot password")."""
    teacher = Teacher(
        email=user.email, name=user.full_name, sourced_id=sid, email_confirmed_at=datetime.now(UTC)
    )
    teacher.set_password(secrets.token_urlsafe(32))
    db.session.add(teacher)
    return teacher


def new_class(
    wanted: RosterClass,
    school: School,
    teachers: dict[str, Teacher],
    taught: list[tuple[str, bool]],
) -> Classroom:
    """A class from the roster: its primary teacher (or first) owns it, the others co-teach."""
    from classroom.classes.views import unique_join_code

    ordered = sorted(taught, key=lambda pair: not pair[1])
    room = Classroom(
        name=wanted.title,
        grade=wanted.grade or "-",
        secret_length=2,
        join_code=unique_join_code(),
        school=school,
        sourced_id=wanted.sourced_id,
    )
    for index, (teacher_sid, _primary) in enumerate(ordered):
        role = "owner" if index == 0 else "co_teacher"
        room.memberships.append(ClassTeacher(teacher=teachers[teacher_sid], role=role))
    db.session.add(room)
    return room


def add_child(
    room: Classroom,
    user: RosterUser,
    teachers: dict[str, Teacher],
    taught: list[tuple[str, bool]],
) -> None:
    """A child from the roster in their class (a name another child has gets more of the
    family name); RosterError when the class has no picture left for them."""
    names = {c.display_name for c in room.children if c.archived_at is None}
    name = user.child_name
    if name in names:
        name = f"{user.given} {user.family}"[:NAME_LENGTH]
    teacher = teachers[sorted(taught, key=lambda pair: not pair[1])[0][0]]
    child = enrol(room, name, teacher)
    if child is None:
        raise RosterError(f"{room.name} has no sign-in picture left for {name}.")
    child.sourced_id = user.sourced_id


def import_roster(source: Path, *, write: bool) -> Plan:
    """Read the files at `source` and preview (or, with `write`, import and commit) them; a
    RosterError leaves the database as it was."""
    roster = read_roster(read_files(source))
    try:
        plan = run(roster, write=write)
        if write:
            db.session.commit()
        else:
            db.session.rollback()
    except Exception:
        db.session.rollback()
        raise
    return plan
