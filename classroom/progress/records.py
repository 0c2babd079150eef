"""Recorded rows back into the insights' records (classroom.insights.records)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from classroom.insights import ChoiceFacts, ChoiceRecord, CountRecord, LookRecord, RoundRecord
from classroom.models import ChoiceRow, CountRow, LookRow, RoundRow


def game_of(table_id: int | None, row_id: int) -> int | str:
    """The game a row belongs to: its table, or the row itself once the table is gone."""
    return table_id if table_id is not None else f"row-{row_id}"


def choice_records(rows: Iterable[ChoiceRow]) -> list[ChoiceRecord]:
    """ChoiceRecords from choice rows (the facts are stored whole)."""
    return [
        ChoiceRecord(
            ChoiceFacts.from_dict(row.facts),
            row.created_at,
            game_of(row.table_id, row.id),
            row.child_id,
        )
        for row in rows
    ]


def look_records(rows: Iterable[LookRow]) -> list[LookRecord]:
    """LookRecords from look rows."""
    return [
        LookRecord(
            row.created_at,
            game_of(row.table_id, row.id),
            row.child_id,
            row.round_number,
            row.turn_number,
            row.position,
            row.level,
        )
        for row in rows
    ]


def count_records(rows: Iterable[CountRow]) -> list[CountRecord]:
    """CountRecords from count rows."""
    return [
        CountRecord(
            row.created_at,
            game_of(row.table_id, row.id),
            row.child_id,
            row.round_number,
            row.level,
            tuple(row.numerals),
            tuple(row.cubes),
            row.typed_total,
            row.true_total,
            row.corrected_by_hint,
        )
        for row in rows
    ]


def round_records(rows: Iterable[RoundRow]) -> list[RoundRecord]:
    """RoundRecords from round result rows."""
    return [
        RoundRecord(
            row.created_at,
            game_of(row.table_id, row.id),
            row.child_id,
            row.round_number,
            row.level,
            row.score,
            row.won,
            row.called,
        )
        for row in rows
    ]


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
        "facts": facts.to_dict(),
    }
