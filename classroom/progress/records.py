"""Recorded rows and the insights' records (classroom.insights.records), both ways.

A look, count or round row has a column for each field of its record, but for `when` (the
row's `created_at`) and `game_id` (its table); a choice row keeps key columns for counting and
the record's facts whole.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from classroom.insights import ChoiceFacts, ChoiceRecord, CountRecord, LookRecord, RoundRecord
from classroom.models import ChoiceRow, CountRow, LookRow, RoundRow

Record = ChoiceRecord | LookRecord | CountRecord | RoundRecord
Row = ChoiceRow | LookRow | CountRow | RoundRow
RECORDS: dict[type, type] = {LookRow: LookRecord, CountRow: CountRecord, RoundRow: RoundRecord}
ROWS: dict[type, type] = {record: row for row, record in RECORDS.items()}
NOT_COLUMNS = ("when", "game_id")  # a row's created_at and table_id stand for these


def game_of(table_id: int | None, row_id: int) -> int | str:
    """The game a row belongs to: its table, or the row itself once the table is gone."""
    return table_id if table_id is not None else f"row-{row_id}"


def record_of(row: Row) -> Record:
    """The insights' record of one recorded row."""
    when, game = row.created_at, game_of(row.table_id, row.id)
    if isinstance(row, ChoiceRow):
        return ChoiceRecord(ChoiceFacts.from_dict(row.facts), when, game, row.child_id)
    kind = RECORDS[type(row)]
    # A record field without a column keeps its default (a count's hints, before the play
    # side stores them).
    values = {
        f.name: getattr(row, f.name)
        for f in fields(kind)
        if f.name not in NOT_COLUMNS and hasattr(type(row), f.name)
    }
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    record: Record = kind(when=when, game_id=game, **values)
    return record


def row_values(
    record: Record, class_id: int, table_id: int | None = None
) -> tuple[type, dict[str, Any]]:
    """The row model and columns the play side writes for a record (at no table: simulated
    history)."""
    if isinstance(record, ChoiceRecord):
        model: type = ChoiceRow
        values = choice_columns(record.facts)
    else:
        model = ROWS[type(record)]
        values = {
            f.name: list(v) if isinstance(v := getattr(record, f.name), tuple) else v
            for f in fields(record)
            if f.name not in NOT_COLUMNS and hasattr(model, f.name)
        }
    values |= {
        "child_id": record.child_id,
        "class_id": class_id,
        "table_id": table_id,
        "created_at": record.when,
    }
    return model, values


def row_of(record: Record, class_id: int, table_id: int | None = None) -> Row:
    """The unsaved row the play side writes for a record, of a class, at a table or none."""
    model, values = row_values(record, class_id, table_id)
    row: Row = model(**values)
    return row


def choice_columns(facts: ChoiceFacts) -> dict[str, Any]:
    """A ChoiceRow's columns for one choice's facts: the key columns and the facts whole."""
    return {
        "round_number": facts.round_number,
        "turn_number": facts.turn_number,
        "level": facts.level,
        "kind": str(facts.kind),
        "action": str(facts.action),
        "outcome": str(facts.outcome),
        "chance": facts.chance,
        "correct": facts.correct,
        "distance": facts.distance,
        "family_pair": facts.family_pair,
        "hand": None if facts.hand is None else int(facts.hand),
        "highest_known": facts.highest_known,
        "needed_memory": facts.needed_memory,
        "judged": facts.judged,
        "error": facts.error,
        "facts": facts.to_dict(),
    }
