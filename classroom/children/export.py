"""Everything the app holds about one child, as a ZIP of CSV files with a short guide, for a
parent's request (docs/security.md). The tables are found from the schema, not listed by hand:
the child's own row, then every row of every table with a `child_id` column, so a table added
later is in the download the day it exists."""

from __future__ import annotations

import io
import json
import textwrap
import zipfile
from datetime import UTC, date, datetime
from functools import partial
from typing import Any

from sqlalchemy import Table, select

from classroom.csvfiles import BOM, line
from classroom.extensions import db
from classroom.models import Child, Group, group_members
from classroom.zones import local, offset_text, zone

# What each file holds, in a parent's words (a table not named here is still exported).
ABOUT = {
    "children": "the child on the class roster: display name, sign-in picture and colour, "
    "secret pictures, wrong sign-in tries, how they play (level and options), when they were "
    "added and archived",
    "assignment_changes": "every change of how the child plays: when, by which teacher, from "
    "what, to what, and why",
    "group_members": "the groups of the class the child is in (group names in groups.csv)",
    "groups": "the names of those groups",
    "table_seats": "the card tables the child sat at: seat, the name shown, when last seen, "
    "whether a computer player stood in",
    "choices": "every choice the child made in a game: the card in hand, the line as they "
    "could know it, what they did, and whether it was the better choice",
    "looks": "each time the child turned over one of their own cards (Peek levels)",
    "counts": "each time the child counted their cards at the end of a round: cubes placed, "
    "total typed, the true total",
    "round_results": "how each round ended for the child: score, won, called Rat-a-Tat-Cat",
    "daily_tallies": "the per-day counts the teacher's progress pages add up",
    "number_checks": "the number checks outside the game given to the child: when, and when "
    "they started and finished",
    "number_check_answers": "every answer of a number check: the item shown, where the child "
    "tapped, and whether it was right",
}

GUIDE = """Everything Rat-a-Tat-Cat Classroom holds about {name}
{rule}

Made on {made} by {teacher} for a parent's request. Class: {class_name}.

Each CSV file is one table of the app's database, with only the rows about {name}; the
first line names the columns. They open in any spreadsheet. Times are in the class's time
zone, {zone_name}, each with its difference from UTC at its end (2026-11-20T08:05:00-08:00 is
8:05 in the morning, 8 hours behind UTC). Columns that hold several values (for example the
cards of a line) are written as JSON.

{files}

What is not here: the card tables' step-by-step stories and the other players' moves
(they are about the whole table, not about {name}), and the teachers' own accounts.

How long it is kept and how to delete it: the child's teacher can delete {name} with all of
this data at any time (the child's page, "Delete with all data"). A child who left the class
is archived; archived children are deleted with all their data after the installation's
retention period.
"""


def child_tables() -> list[Table]:
    """Every table with a row per child: a `child_id` column, in the schema's order."""
    return [t for t in db.metadata.sorted_tables if "child_id" in t.c]


def cell(value: Any, zone_name: str | None = None) -> Any:
    """A database value as a CSV cell; a time in the class's zone, with its offset."""
    if isinstance(value, datetime):
        return offset_text(value, zone_name)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True)
    return value


def csv_of(table: Table, rows: list[Any], zone_name: str | None = None) -> str:
    """A table's rows as a CSV file, written as every export is (classroom/csvfiles.py: its
    text cells never run as formulas, a byte-order mark first for the names' accents), its
    times in the class's zone."""
    lines = [
        line(c.name for c in table.columns),
        *(line(cell(v, zone_name) for v in row) for row in rows),
    ]
    return BOM + "".join(lines)


def child_data(child: Child) -> dict[str, str]:
    """The CSV text of every table's rows about the child, by file name."""
    files: dict[str, str] = {}
    write = partial(csv_of, zone_name=child.classroom.time_zone)
    children = Child.__table__
    files["children.csv"] = write(
        children, list(db.session.execute(select(children).where(children.c.id == child.id)))
    )
    for table in child_tables():
        rows = db.session.execute(
            select(table).where(table.c.child_id == child.id).order_by(*table.primary_key)
        )
        files[f"{table.name}.csv"] = write(table, list(rows))
    groups = Group.__table__
    in_groups = select(group_members.c.group_id).where(group_members.c.child_id == child.id)
    files["groups.csv"] = write(
        groups, list(db.session.execute(select(groups).where(groups.c.id.in_(in_groups))))
    )
    return files


def guide(child: Child, teacher_name: str, files: dict[str, str]) -> str:
    """README.txt: what each file holds, and the class's time zone its times are in."""
    lines = []
    for name in sorted(files):
        table = name.removesuffix(".csv")
        rows = files[name].count("\r\n") - 1
        about = ABOUT.get(table, "rows of this table about the child")
        line = f"- {name} ({rows} {'row' if rows == 1 else 'rows'}): {about}."
        lines.append(textwrap.fill(line, width=90, subsequent_indent="  "))
    title_length = len(f"Everything Rat-a-Tat-Cat Classroom holds about {child.display_name}")
    return GUIDE.format(
        name=child.display_name,
        rule="=" * title_length,
        made=made_text(datetime.now(UTC), child.classroom.time_zone),
        zone_name=zone(child.classroom.time_zone).key,
        teacher=teacher_name,
        class_name=child.classroom.name,
        files="\n".join(lines),
    )


def made_text(when: datetime, zone_name: str | None) -> str:
    """When the download was made, in the class's zone and naming it."""
    return local(when, zone_name).strftime("%Y-%m-%d %H:%M") + f" ({zone(zone_name).key})"


def child_archive(child: Child, teacher_name: str) -> bytes:
    """The ZIP: README.txt, then one CSV per table."""
    files = child_data(child)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", guide(child, teacher_name, files))
        for name in sorted(files):
            archive.writestr(name, files[name])
    return buffer.getvalue()
