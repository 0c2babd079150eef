"""The records of a child's play, made from the game as it stands: a look at an own card, a
count at the end of a round and the round's result (DESIGN.md, "What is recorded"); a choice's
record holds the facts of `choices.describe_choice`.

The one maker of these records: the play side (classroom/tables) stores what these functions
make as rows, and the simulated children of `simulate` are recorded by the same functions, so
a simulated game's records are made exactly as a real child's are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from classroom.game import Game, SeatView

from .records import CountRecord, Id, LookRecord, RoundRecord


def look_record(
    view: SeatView, position: int, *, when: datetime, game_id: Id, child_id: Id
) -> LookRecord:
    """A look at one of the seat's own cards (`view`: the seat's view as it looks)."""
    return LookRecord(
        when,
        game_id,
        child_id,
        view.round_number,
        view.turn_number,
        position,
        str(view.level),
    )


def stacks_match(numerals: Sequence[int], stacks: Sequence[int | None]) -> bool:
    """Does every card carry as many cubes as it says (none on a 0)?"""
    return all((n or 0) == (c or 0) for n, c in zip(numerals, stacks, strict=True))


def count_record(
    game: Game,
    seat: int,
    *,
    first_cubes: Sequence[int | None] | None,
    first_total: int | None,
    fixed: bool,
    when: datetime,
    game_id: Id,
    child_id: Id,
) -> CountRecord:
    """A seat's count of its line at the end of the round in `game`: the cube stacks as first
    snapped (None where cube bars were not asked; a 0 card's stack is None), the total as first
    typed (None where typing was not asked), and whether the stacks were right after their
    "Let's count again" (`fixed`). A hint was shown for a first snap whose stacks do not match
    their cards, and for a wrong first total."""
    numerals = tuple(int(card) for card in game.lines[seat])
    cubes = tuple(first_cubes) if first_cubes is not None else (None,) * len(numerals)
    cube_hint = first_cubes is not None and not stacks_match(numerals, cubes)
    true_total = sum(numerals)
    return CountRecord(
        when,
        game_id,
        child_id,
        game.round_number,
        str(game.level),
        numerals,
        cubes,
        first_total,
        true_total,
        corrected_by_hint=cube_hint and fixed,
        cube_hint=cube_hint,
        total_hint=first_total is not None and first_total != true_total,
    )


def round_records(
    game: Game, children: Mapping[int, Id], *, when: datetime, game_id: Id
) -> list[RoundRecord]:
    """How the round just over in `game` ended for each seat's child (`children`: seat ->
    child): their score, whether they won, whether they called."""
    scores = game.round_scores()
    winners = set(game.round_winners())
    return [
        RoundRecord(
            when,
            game_id,
            child_id,
            game.round_number,
            str(game.level),
            scores[seat],
            won=seat in winners,
            called=game.caller == seat,
        )
        for seat, child_id in children.items()
    ]
