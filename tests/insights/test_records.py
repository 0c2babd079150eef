"""Records the play side stores for the insights: JSON-safe, exact round trips."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, datetime

import pytest

from classroom.game import Options, Power, new_game
from classroom.game.actions import DRAW, swap
from classroom.insights import ChoiceFacts, Outcome, describe_choice
from classroom.insights.records import (
    ChoiceRecord,
    CountRecord,
    LookRecord,
    RoundRecord,
    iso_week,
)

from .factories import MONDAY, compare, count, look, round_result


def through_json(data: dict[str, object]) -> dict[str, object]:
    """What a database JSON column or an export gives back."""
    loaded: dict[str, object] = json.loads(json.dumps(data))
    return loaded


def test_choice_facts_round_trip_from_a_real_choice() -> None:
    """ChoiceFacts.from_dict(to_dict) is the same facts, enums and tuples included."""
    deck = (9, 1, 1, 1, 0, 5, 5, 5, 8, Power.SWAP)
    game = new_game("peek", 2, seed=1, options=Options(stacked_deck=deck))
    game.apply(DRAW)
    facts = describe_choice(game.view(0), swap(1, 1, 1), game.lines)
    back = ChoiceFacts.from_dict(through_json(facts.to_dict()))
    assert back == facts and back.outcome is Outcome.NOT_COMPARED


def test_choice_record_is_flat_and_round_trips() -> None:
    """A choice row: the facts' fields plus when, game_id and child_id."""
    choice = compare(3, 4, Outcome.KEPT_HIGHER, when=MONDAY, game=7, child=12)
    data = through_json(choice.to_dict())
    assert data["when"] == "2026-10-05T09:00:00" and data["game_id"] == 7
    assert data["outcome"] == "kept_higher" and data["family_pair"] == "cat-cat"
    assert ChoiceRecord.from_dict(data) == choice


@pytest.mark.parametrize(
    "item",
    [
        look(2, "outside_peek"),
        count((0, 4, 9, 2), (None, 5, 9, 2), typed=14),
        count((3, 3, 1, 0)),
        replace(count((2, 5, 1, 7), (2, 4, 1, 7), typed=20), cube_hint=True, total_hint=True),
        round_result(won=False, called=True),
    ],
)
def test_other_records_round_trip(item: LookRecord | CountRecord | RoundRecord) -> None:
    """Looks, counts and round results survive JSON exactly."""
    back = type(item).from_dict(through_json(item.to_dict()))
    assert back == item


def test_a_count_without_hints_says_none_was_shown() -> None:
    """A count written before the hints were recorded reads back with neither hint."""
    data = count((1, 2, 3, 4)).to_dict()
    del data["cube_hint"], data["total_hint"]
    back = CountRecord.from_dict(data)
    assert back.cube_hint is False and back.total_hint is False


def test_a_count_has_one_stack_per_card() -> None:
    """A count with cubes for three of four cards is refused."""
    with pytest.raises(ValueError, match="one cube stack per card"):
        CountRecord(MONDAY, 1, 1, 1, "peek", (1, 2, 3, 4), (1, 2, 3), None, 10, False)


def test_iso_week_names_the_week() -> None:
    """Weeks are ISO weeks; the first days of January may belong to the year before."""
    assert iso_week(date(2026, 10, 5)) == "2026-W41"
    assert iso_week(datetime(2027, 1, 1, 12)) == "2026-W53"
