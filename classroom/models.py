"""Every table of the app, in one place. The schema itself changes only through migrations/."""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

from flask import current_app
from flask_login import UserMixin
from sqlalchemy import (
    DDL,
    JSON,
    CheckConstraint,
    Column,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    event,
    false,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship
from werkzeug.security import check_password_hash, generate_password_hash

from classroom.extensions import db
from classroom.game import Level, LimitEnding, Series
from classroom.game.players import Personality
from classroom.transactions import ReadsCommitSession

# The four classroom levels of RULES.md R2, easiest first (the engine's Level values).
LEVELS = tuple(level.value for level in Level)
# How a child adds up a round: cube bars; cube bars and typing the total; typing the total.
SCORING_MODES = ("cubes", "cubes_and_total", "total")
# R12: the endings a child's assignment may have, a set number of rounds or a points limit
# (with either of its endings); "until the bell" is a teacher ending a game by hand.
SERIES_ENDS = (Series.ROUNDS.value, Series.LIMIT.value)
LIMIT_ENDINGS = tuple(ending.value for ending in LimitEnding)
# The computer players' personalities.
COMPUTER_PLAYERS = tuple(personality.value for personality in Personality)
# Do computer players think aloud at the child's tables: "level" (on at Ultra-Peek, off at the
# other levels: the default, also for children assigned before the option existed), or always.
THINK_ALOUD = ("level", "on", "off")
SECRET_LENGTHS = (0, 2, 3)
CLASS_ROLES = ("owner", "co_teacher")


def now() -> datetime:
    return datetime.now(UTC)


def one_of(column: str, values: tuple[Any, ...]) -> str:
    listed = ", ".join(f"'{v}'" if isinstance(v, str) else str(v) for v in values)
    return f"{column} IN ({listed})"


def assignment_checks() -> tuple[CheckConstraint, ...]:
    return (
        CheckConstraint(one_of("level", LEVELS), name="level"),
        CheckConstraint(one_of("scoring", SCORING_MODES), name="scoring"),
        CheckConstraint(one_of("series_end", SERIES_ENDS), name="series_end"),
        CheckConstraint(one_of("limit_ending", LIMIT_ENDINGS), name="limit_ending"),
        CheckConstraint(one_of("think_aloud", THINK_ALOUD), name="think_aloud"),
        CheckConstraint("rounds BETWEEN 1 AND 20", name="rounds"),
        CheckConstraint("points_limit BETWEEN 20 AND 500", name="points_limit"),
    )


class TableStatus(StrEnum):
    """A table's life: children gather (open), play, count at the end of each round, done.
    A StrEnum, so the stored strings stay the same."""

    OPEN = "open"
    PLAYING = "playing"
    COUNTING = "counting"
    FINISHED = "finished"


# The statuses of a game in play: a seat may be taken over, an away child stood in for. This
# is also the one meaning of "playing now": the Today panel counts the class's tables with
# these statuses, the very rows the Card tables page shows as "playing" or "counting".
IN_PLAY = (TableStatus.PLAYING, TableStatus.COUNTING)


class Teacher(UserMixin, db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "teachers"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    password_hash: Mapped[str] = mapped_column(String(255))
    # Signed into every session cookie; a new one signs the teacher out everywhere else.
    login_token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # When the teacher followed the link mailed to this address (or reset their password
    # through one): until then, where mail is configured, the account sees no children's data,
    # and invitations sent to the address are never shown to it (docs/security.md).
    email_confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # When wrong passwords first used up the account's own limit since the teacher last signed
    # in (new browsers were then refused): told at the next sign-in, and by email at once.
    locked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The school information system's id (OneRoster sourcedId), for a roster import.
    sourced_id: Mapped[str | None] = mapped_column(String(255), index=True, unique=True)

    memberships: Mapped[list[ClassTeacher]] = relationship(
        back_populates="teacher", cascade="all, delete-orphan", passive_deletes=True
    )

    def set_password(self, password: str) -> None:
        method = current_app.config["PASSWORD_HASH_METHOD"]
        self.password_hash = generate_password_hash(password, method=method)
        self.login_token = secrets.token_urlsafe(32)

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)

    def get_id(self) -> str:
        return self.login_token


class SignInFailure(db.Model):  # type: ignore[name-defined,misc]
    """A failed sign-in try (a wrong password, or a try the limits refused) for an email, known
    or not (every failed try writes one row, so the time it takes says nothing of which emails
    have accounts): what a teacher whose account was locked is told (how many tries, from how
    many addresses). The email and the address are keyed digests, never either; rows go when
    the account's teacher signs in, and after a day in any case (classroom/auth/lockouts.py)."""

    __tablename__ = "sign_in_failures"

    id: Mapped[int] = mapped_column(primary_key=True)
    account: Mapped[str] = mapped_column(String(64), index=True)
    address: Mapped[str] = mapped_column(String(64))
    failed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class TeacherSession(db.Model):  # type: ignore[name-defined,misc]
    """One signed-in device of a teacher. Its token rides in the session cookie beside the
    login token; signing out deletes the row, so a copy of the cookie opens nothing
    (classroom/access.py, docs/security.md)."""

    __tablename__ = "teacher_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    teacher_id: Mapped[int] = mapped_column(
        ForeignKey("teachers.id", ondelete="CASCADE"), index=True
    )
    token: Mapped[str] = mapped_column(String(64), unique=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class School(db.Model):  # type: ignore[name-defined,misc]
    """A school: it holds classes (each class belongs to one), and the coaches who read them."""

    __tablename__ = "schools"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The school information system's id (OneRoster sourcedId), for a roster import.
    sourced_id: Mapped[str | None] = mapped_column(String(255), index=True, unique=True)

    classes: Mapped[list[Classroom]] = relationship(
        back_populates="school", order_by="Classroom.name"
    )
    coaches: Mapped[list[SchoolCoach]] = relationship(
        back_populates="school", cascade="all, delete-orphan", passive_deletes=True
    )


class SchoolCoach(db.Model):  # type: ignore[name-defined,misc]
    """A coach of a school: reads every class of it (overviews, children's pages, reports,
    CSV files) and changes nothing (docs/dashboards.md, "A school and its coach")."""

    __tablename__ = "school_coaches"

    school_id: Mapped[int] = mapped_column(
        ForeignKey("schools.id", ondelete="CASCADE"), primary_key=True
    )
    teacher_id: Mapped[int] = mapped_column(
        ForeignKey("teachers.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    school: Mapped[School] = relationship(back_populates="coaches")


class Classroom(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "classes"
    __table_args__ = (CheckConstraint(one_of("secret_length", SECRET_LENGTHS), name="secret"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    grade: Mapped[str] = mapped_column(String(20))
    join_code: Mapped[str] = mapped_column(String(12), unique=True)
    # How many secret pictures a child taps after their own picture (0: no secret).
    secret_length: Mapped[int] = mapped_column(Integer, default=2)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The class's IANA time zone: its days ("today", date ranges, the tallies' days) and the
    # times it shows and exports are local ones (classroom/zones.py).
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    # The school the class belongs to (a new class: its owner's school, `school_of_new_class`).
    school_id: Mapped[int] = mapped_column(ForeignKey("schools.id"), index=True)
    # The school information system's id (OneRoster sourcedId), for a roster import.
    sourced_id: Mapped[str | None] = mapped_column(String(255), index=True, unique=True)
    # The language a new child's pages start in (classroom/child/language.py LANGUAGES).
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")

    school: Mapped[School] = relationship(back_populates="classes")
    memberships: Mapped[list[ClassTeacher]] = relationship(
        back_populates="classroom", cascade="all, delete-orphan", passive_deletes=True
    )
    children: Mapped[list[Child]] = relationship(
        back_populates="classroom",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="Child.display_name",
    )
    groups: Mapped[list[Group]] = relationship(
        back_populates="classroom",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="Group.name",
    )
    invites: Mapped[list[CoTeacherInvite]] = relationship(
        back_populates="classroom", cascade="all, delete-orphan", passive_deletes=True
    )

    @property
    def active_children(self) -> list[Child]:
        return [c for c in self.children if c.archived_at is None]

    @property
    def archived_children(self) -> list[Child]:
        return [c for c in self.children if c.archived_at is not None]

    def role_of(self, teacher: Teacher) -> str | None:
        for membership in self.memberships:
            if membership.teacher_id == teacher.id:
                return membership.role
        return None


class ClassTeacher(db.Model):  # type: ignore[name-defined,misc]
    """A teacher's place in a class: its owner, or a co-teacher."""

    __tablename__ = "class_teachers"
    __table_args__ = (CheckConstraint(one_of("role", CLASS_ROLES), name="role"),)

    class_id: Mapped[int] = mapped_column(
        ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True
    )
    teacher_id: Mapped[int] = mapped_column(
        ForeignKey("teachers.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    role: Mapped[str] = mapped_column(String(12))
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    classroom: Mapped[Classroom] = relationship(back_populates="memberships")
    teacher: Mapped[Teacher] = relationship(back_populates="memberships")


class CoTeacherInvite(db.Model):  # type: ignore[name-defined,misc]
    """An open invitation to co-teach a class: for one email address, or a one-time code."""

    __tablename__ = "co_teacher_invites"
    __table_args__ = (CheckConstraint("email IS NOT NULL OR code IS NOT NULL", name="target"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    invited_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("teachers.id", ondelete="SET NULL")
    )
    email: Mapped[str | None] = mapped_column(String(254), index=True)
    code: Mapped[str | None] = mapped_column(String(16), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    classroom: Mapped[Classroom] = relationship(back_populates="invites")
    invited_by: Mapped[Teacher | None] = relationship()

    @property
    def expired(self) -> bool:
        expires = self.expires_at
        if expires.tzinfo is None:  # SQLite hands datetimes back without their zone
            expires = expires.replace(tzinfo=UTC)
        return expires < now()


group_members = Table(
    "group_members",
    db.metadata,
    Column("group_id", ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True),
    Column("child_id", ForeignKey("children.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class Child(db.Model):  # type: ignore[name-defined,misc]
    """A child on a class roster: a display name and a sign-in picture, nothing more personal.

    The assignment columns say how the child plays: level, power cards, scoring, series, and
    which computer players may join."""

    __tablename__ = "children"
    __table_args__ = (
        UniqueConstraint("class_id", "picture", "colour", name="uq_children_picture"),
        *assignment_checks(),
        # A child's id is kept in their tablet's cookie: never given again to a child added
        # later (SQLite would give a deleted last row's id to the next one, and a deleted
        # child's tablet would open the new child's, perhaps in another class). PostgreSQL's
        # sequence never gives one twice.
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    display_name: Mapped[str] = mapped_column(String(40))
    # The school information system's id (OneRoster sourcedId): one child may have a row in
    # each class they were in (the old one archived), so it is not unique.
    sourced_id: Mapped[str | None] = mapped_column(String(255), index=True)
    picture: Mapped[str] = mapped_column(String(20))
    colour: Mapped[str] = mapped_column(String(20))
    # The secret picture sequence, comma separated ("" when the class uses no secret).
    secret: Mapped[str] = mapped_column(String(60), default="")
    failed_tries: Mapped[int] = mapped_column(Integer, default=0)
    # When the wrong secret pictures reached CHILD_MAX_TRIES (the class page says so, with
    # "Let them try again"); None while the child may try.
    locked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Kept in the child's session cookie; one more ends every session of the child (signing
    # out, archiving), so a copy of the cookie opens nothing.
    session_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    archived_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    level: Mapped[str] = mapped_column(String(20), default=Level.ULTRA_PEEK.value)
    power_cards: Mapped[bool] = mapped_column(default=True)
    scoring: Mapped[str] = mapped_column(String(20), default="cubes")
    series_end: Mapped[str] = mapped_column(String(10), default="rounds")
    rounds: Mapped[int] = mapped_column(Integer, default=1)
    points_limit: Mapped[int] = mapped_column(Integer, default=100)
    limit_ending: Mapped[str] = mapped_column(String(20), default="last_seat_left")
    computer_beginner: Mapped[bool] = mapped_column(default=True)
    computer_solid: Mapped[bool] = mapped_column(default=True)
    computer_strong: Mapped[bool] = mapped_column(default=False)
    # The language of the child's parent reports (classroom/dashboard/report.py LANGUAGES).
    report_language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    # The language of the child's own pages, read aloud too (the class's when added;
    # classroom/child/language.py). Apart from report_language: a family may read another.
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    think_aloud: Mapped[str] = mapped_column(String(5), default="level", server_default="level")
    # Every step of the child's pages read aloud by itself (on for every child until the
    # teacher turns it off for a child who reads; docs/play.md "Read aloud").
    read_aloud: Mapped[bool] = mapped_column(default=True, server_default=true())
    # At a table with the child, computer players do not call Rat-a-Tat-Cat before the child
    # has had this many turns of the round (None: the level's number, tables/calling.py).
    turns_before_call: Mapped[int | None] = mapped_column(Integer)

    classroom: Mapped[Classroom] = relationship(back_populates="children")
    groups: Mapped[list[Group]] = relationship(
        secondary=group_members, back_populates="members", passive_deletes=True
    )
    history: Mapped[list[AssignmentChange]] = relationship(
        back_populates="child",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="AssignmentChange.changed_at.desc(), AssignmentChange.id.desc()",
    )

    @property
    def game_level(self) -> Level:
        """The engine's Level the child plays at, for what it has (`game_level.powers`)."""
        return Level(self.level)

    @property
    def secret_pictures(self) -> list[str]:
        return self.secret.split(",") if self.secret else []


class Group(db.Model):  # type: ignore[name-defined,misc]
    """Children of one class who often get the same assignment ("Table 2", "Tuesday group")."""

    __tablename__ = "groups"
    __table_args__ = (UniqueConstraint("class_id", "name", name="uq_groups_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))

    classroom: Mapped[Classroom] = relationship(back_populates="groups")
    members: Mapped[list[Child]] = relationship(
        secondary=group_members,
        back_populates="groups",
        passive_deletes=True,
        order_by="Child.display_name",
    )


class AssignmentChange(db.Model):  # type: ignore[name-defined,misc]
    """One change of a child's assignment: who, when, from what, to what, and why."""

    __tablename__ = "assignment_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    child_id: Mapped[int] = mapped_column(ForeignKey("children.id", ondelete="CASCADE"), index=True)
    changed_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("teachers.id", ondelete="SET NULL"), index=True
    )
    # Kept so the history still reads well after a co-teacher's account is gone.
    changed_by_name: Mapped[str] = mapped_column(String(80))
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any]] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text, default="")
    # Set when the change came from assigning a whole group or class at once.
    via: Mapped[str | None] = mapped_column(String(80))

    child: Mapped[Child] = relationship(back_populates="history")


# A table's life: children gather (open), play, count at the end of each round, done.
TABLE_STATUSES = tuple(status.value for status in TableStatus)


class PlayTable(db.Model):  # type: ignore[name-defined,misc]
    """A card table of one class at one level. `state` is the engine's Game.to_dict(); every
    change of it is one UPDATE guarded by `version` (docs/play.md)."""

    __tablename__ = "play_tables"
    __table_args__ = (
        CheckConstraint(one_of("level", LEVELS), name="level"),
        CheckConstraint(one_of("scoring", SCORING_MODES), name="scoring"),
        CheckConstraint(one_of("status", TABLE_STATUSES), name="status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    level: Mapped[str] = mapped_column(String(20))
    # The engine's Options as a dict (names and seats are added when the game starts).
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    scoring: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(12), default=TableStatus.OPEN.value)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    next_computer_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The seat whose own page made the move that led to `version` (None for anything else:
    # a computer player, a stand-in, seating, counting). Its pushed update then has nothing
    # to send that page (classroom/play/push.py). Every version bump writes it.
    moved_by: Mapped[int | None] = mapped_column(Integer)
    # Computer players at this table say a sentence after each move (players/talk.py).
    think_aloud: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id", ondelete="SET NULL"))
    created_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("teachers.id", ondelete="SET NULL")
    )

    seats: Mapped[list[TableSeat]] = relationship(
        back_populates="table",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="TableSeat.seat",
    )

    @property
    def game_level(self) -> Level:
        """The engine's Level of the table, for what it has (`game_level.asks_memory`)."""
        return Level(self.level)


# Every move writes the whole game again (about 8.6 KB, most of it the shuffler's state: random
# numbers, which hardly compress). PostgreSQL would try to compress it at each write, half the
# UPDATE's CPU for a few bytes saved, so it is stored as it is (migration f7b9d1e3a5c8;
# docs/performance.md, "A table's game stored as it is").
STATE_STORAGE = "ALTER TABLE play_tables ALTER COLUMN state SET STORAGE EXTERNAL"
event.listen(
    PlayTable.__table__, "after_create", DDL(STATE_STORAGE).execute_if(dialect="postgresql")
)


class TableSeat(db.Model):  # type: ignore[name-defined,misc]
    """One seat at a table: a child, a computer player or a teacher sitting in. The name and
    picture are kept so the table still reads well if the child is deleted."""

    __tablename__ = "table_seats"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_table_seats_seat"),
        CheckConstraint(one_of("computer", COMPUTER_PLAYERS), name="computer"),
        CheckConstraint(one_of("stand_in", COMPUTER_PLAYERS), name="stand_in"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("play_tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    child_id: Mapped[int | None] = mapped_column(
        ForeignKey("children.id", ondelete="SET NULL"), index=True
    )
    teacher_id: Mapped[int | None] = mapped_column(
        ForeignKey("teachers.id", ondelete="SET NULL"), index=True
    )
    computer: Mapped[str | None] = mapped_column(String(12))
    name: Mapped[str] = mapped_column(String(40))
    picture: Mapped[str] = mapped_column(String(20))
    colour: Mapped[str] = mapped_column(String(20), default="")
    # Counting at the end of a round: the last round this seat has counted, and the cube
    # stacks snapped while the typed total is still to come.
    counted_round: Mapped[int] = mapped_column(Integer, default=0)
    pending_count: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # A child who left mid-game (docs/play.md, "A child who leaves"): when their page last
    # asked for the table; the computer player playing for them while they are away (None
    # while they play themself), since when; and whether the teacher took them out for the
    # rest of the game (then coming back does not give the seat back).
    last_seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # When the child first opened the table's page (None: seated, but not there yet).
    opened_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    stand_in: Mapped[str | None] = mapped_column(String(12))
    away_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    taken_out: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Standard (R3.3): the round in which the seat's child tapped "I remember" (0: none yet).
    # Kept here, not only in the tablet's session, so no later update, stream or reload of
    # that round shows the outside cards again (a stream keeps the session it opened with).
    remembered_round: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    table: Mapped[PlayTable] = relationship(back_populates="seats")


class TableEvent(db.Model):  # type: ignore[name-defined,misc]
    """The table story: every engine Event, unredacted; each page redacts it for its seat."""

    __tablename__ = "table_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("play_tables.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)  # the table's version the event led to
    event: Mapped[dict[str, Any]] = mapped_column(JSON)


class ChildRecord:
    """The columns of every row recorded of a child at play: who, in which class, at which table
    (empty once it is gone, or for simulated history), when, in which round."""

    id: Mapped[int] = mapped_column(primary_key=True)
    child_id: Mapped[int] = mapped_column(ForeignKey("children.id", ondelete="CASCADE"))
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int | None] = mapped_column(
        ForeignKey("play_tables.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    round_number: Mapped[int] = mapped_column(Integer)


class ChoiceRow(ChildRecord, db.Model):  # type: ignore[name-defined,misc]
    """One choice of a child (append-only): key columns for counting, the whole ChoiceFacts."""

    __tablename__ = "choices"
    __table_args__ = (db.Index("ix_choices_child_when", "child_id", "created_at"),)

    turn_number: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(12))
    action: Mapped[str] = mapped_column(String(16))
    outcome: Mapped[str] = mapped_column(String(20))
    chance: Mapped[bool] = mapped_column()
    correct: Mapped[bool | None] = mapped_column()
    distance: Mapped[int | None] = mapped_column(Integer)
    family_pair: Mapped[str | None] = mapped_column(String(8))
    hand: Mapped[int | None] = mapped_column(Integer)
    highest_known: Mapped[int | None] = mapped_column(Integer)
    needed_memory: Mapped[bool] = mapped_column()
    # A comparison (insights ChoiceFacts.judged) and, when wrong, its kind of error.
    judged: Mapped[bool] = mapped_column(default=False, server_default=false())
    error: Mapped[str | None] = mapped_column(String(12))
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)


class ComputerChoiceRow(db.Model):  # type: ignore[name-defined,misc]
    """A computer player's choice: kept apart from the children's."""

    __tablename__ = "computer_choices"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("play_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    personality: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)


class LookRow(ChildRecord, db.Model):  # type: ignore[name-defined,misc]
    """A child turned over one of their own cards at a Peek level (insights LookRecord)."""

    __tablename__ = "looks"
    __table_args__ = (db.Index("ix_looks_child_when", "child_id", "created_at"),)

    turn_number: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(20))


class CountRow(ChildRecord, db.Model):  # type: ignore[name-defined,misc]
    """A child counted their line at the end of a round (insights CountRecord)."""

    __tablename__ = "counts"
    __table_args__ = (db.Index("ix_counts_child_when", "child_id", "created_at"),)

    level: Mapped[str] = mapped_column(String(20))
    numerals: Mapped[list[int]] = mapped_column(JSON)
    cubes: Mapped[list[int | None]] = mapped_column(JSON)
    typed_total: Mapped[int | None] = mapped_column(Integer)
    true_total: Mapped[int] = mapped_column(Integer)
    corrected_by_hint: Mapped[bool] = mapped_column()
    # "Let's count again" was shown for a stack / for the typed total (decided by the server).
    cube_hint: Mapped[bool] = mapped_column(default=False, server_default=false())
    total_hint: Mapped[bool] = mapped_column(default=False, server_default=false())


class RoundRow(ChildRecord, db.Model):  # type: ignore[name-defined,misc]
    """How a round ended for one child (insights RoundRecord)."""

    __tablename__ = "round_results"
    __table_args__ = (db.Index("ix_round_results_child_when", "child_id", "created_at"),)

    level: Mapped[str] = mapped_column(String(20))
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column()
    called: Mapped[bool] = mapped_column()


class DailyTally(db.Model):  # type: ignore[name-defined,misc]
    """One child's counts of one insights key on one day at one level (insights.tallies).

    Kept up to date in the transaction that writes the rows they count
    (classroom/progress/keep.py), so dashboards add up a few rows instead of every choice.
    """

    __tablename__ = "daily_tallies"
    # A class's page adds up its tallies per child and key: this index holds all it reads.
    __table_args__ = (
        db.Index(
            "ix_daily_tallies_class_child_key",
            "class_id",
            "child_id",
            "key",
            "day",
            "hits",
            "chances",
        ),
    )

    child_id: Mapped[int] = mapped_column(
        ForeignKey("children.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    level: Mapped[str] = mapped_column(String(20), primary_key=True)
    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    week: Mapped[date] = mapped_column(Date)  # the Monday of the day's ISO week
    hits: Mapped[int] = mapped_column(Integer)
    chances: Mapped[int] = mapped_column(Integer)


class RateLimitCounter(db.Model):  # type: ignore[name-defined,misc]
    """One rate-limit window's count (classroom/counters.py): failed sign-ins of an address or
    an account, wrong class codes of an address. Kept in the database so that every app
    process counts the same tries when no Redis is configured."""

    __tablename__ = "rate_limit_counters"

    # A digest of the limit's key (which names an address or an email), never the key itself.
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    # Seconds since the epoch when this window ends (the limits library's clock).
    expires_at: Mapped[float] = mapped_column(Float, index=True)


# The number check outside the game (docs/number_check.md): its line runs 0-10 or 0-20.
CHECK_LINE_ENDS = (10, 20)
CHECK_KINDS = ("line", "compare", "find")


class NumberCheckSettings(db.Model):  # type: ignore[name-defined,misc]
    """A class's choices for the number check: the line's end, and how often a child may get
    one (a new check is not given within `every_days` of the last)."""

    __tablename__ = "number_check_settings"
    __table_args__ = (
        CheckConstraint(one_of("line_max", CHECK_LINE_ENDS), name="line_max"),
        CheckConstraint("every_days BETWEEN 7 AND 365", name="every_days"),
    )

    class_id: Mapped[int] = mapped_column(
        ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True
    )
    line_max: Mapped[int] = mapped_column(Integer, default=10)
    every_days: Mapped[int] = mapped_column(Integer, default=7)


class NumberCheck(db.Model):  # type: ignore[name-defined,misc]
    """A number check given to a child: its items are dealt from `seed` (insights.number_check);
    it is done when every item has an answer (`finished_at`)."""

    __tablename__ = "number_checks"
    __table_args__ = (
        CheckConstraint(one_of("line_max", CHECK_LINE_ENDS), name="line_max"),
        db.Index("ix_number_checks_child_assigned", "child_id", "assigned_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    child_id: Mapped[int] = mapped_column(ForeignKey("children.id", ondelete="CASCADE"))
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    seed: Mapped[int] = mapped_column(Integer)
    line_max: Mapped[int] = mapped_column(Integer)
    assigned_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    assigned_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("teachers.id", ondelete="SET NULL"), index=True
    )
    # Set when the check was given to a whole group or class at once.
    via: Mapped[str | None] = mapped_column(String(80))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class NumberCheckAnswer(db.Model):  # type: ignore[name-defined,misc]
    """A child's answer to one item of a number check (append-only, like the game's choices):
    the item as shown, where the child tapped on the line or which numeral they tapped."""

    __tablename__ = "number_check_answers"
    __table_args__ = (
        # One answer per item: a second tap on an answered item (two taps at once, the back
        # button) is refused by the database, not recorded twice.
        UniqueConstraint("check_id", "item_number", name="uq_number_check_answers_item"),
        CheckConstraint(one_of("kind", CHECK_KINDS), name="kind"),
        db.Index("ix_number_check_answers_child_when", "child_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    check_id: Mapped[int] = mapped_column(ForeignKey("number_checks.id", ondelete="CASCADE"))
    child_id: Mapped[int] = mapped_column(ForeignKey("children.id", ondelete="CASCADE"))
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    item_number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    target: Mapped[int] = mapped_column(Integer)
    choices: Mapped[list[int]] = mapped_column(JSON)
    line_max: Mapped[int] = mapped_column(Integer)
    response: Mapped[float] = mapped_column(Float)
    correct: Mapped[bool | None] = mapped_column()


@event.listens_for(ReadsCommitSession, "before_flush")
def _school_of_new_classes(session: Any, context: Any, instances: Any) -> None:
    """A class made without a school joins its owner's: the school of the owner's other
    classes, or a new one named after the owner (so every way of making a class, a form, the
    demo, a benchmark, gives it one)."""
    for obj in list(session.new):
        if isinstance(obj, Classroom) and obj.school is None and obj.school_id is None:
            owner = next((m.teacher for m in obj.memberships if m.role == "owner"), None)
            with session.no_autoflush:
                obj.school = school_of_new_class(session, owner, obj.name)


def school_of_new_class(session: Any, owner: Teacher | None, class_name: str) -> School:
    """The school a new class of `owner` belongs to: that of their newest class they own, or
    a new school named after them."""
    if owner is not None and owner.id is not None:
        found = session.scalar(
            db.select(School)
            .join(Classroom, Classroom.school_id == School.id)
            .join(ClassTeacher, ClassTeacher.class_id == Classroom.id)
            .where(ClassTeacher.teacher_id == owner.id, ClassTeacher.role == "owner")
            .order_by(Classroom.id.desc())
            .limit(1)
        )
        if found is not None:
            return found  # type: ignore[no-any-return]
    name = f"{owner.name}'s school" if owner is not None else f"School of {class_name}"
    school = School(name=name[:120])
    session.add(school)
    return school
