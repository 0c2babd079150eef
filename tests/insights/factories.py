"""Hand-made records for the measure tests: each says plainly what the child faced and did."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time, timedelta

from classroom.game import Action, ActionKind, Game, Options, family, new_game
from classroom.game.actions import DRAW, TAKE_DISCARD
from classroom.insights import ChoiceFacts, ChoiceKind, Outcome, describe_choice
from classroom.insights.choices import comparison_of
from classroom.insights.comparison import Example
from classroom.insights.records import ChoiceRecord, CountRecord, Id, LookRecord, RoundRecord
from classroom.insights.summary import ChildSummary

MONDAY = datetime(2026, 10, 5, 9, 0)  # ISO week 2026-W41


def day(n: int) -> datetime:
    """`n` days after MONDAY."""
    return MONDAY + timedelta(days=n)


def pair(a: int, b: int) -> str:
    """ "cat-cat", "cat-rat" or "rat-rat"."""
    first, second = sorted((str(family(a)), str(family(b))))
    return f"{first}-{second}"


def record(
    facts: ChoiceFacts, when: datetime = MONDAY, game: Id = "g1", child: Id = "c1"
) -> ChoiceRecord:
    """A ChoiceRecord of these facts."""
    return ChoiceRecord(facts, when, game, child)


def compare(
    hand: int,
    highest: int,
    outcome: Outcome,
    *,
    replaced: int | None = None,
    memory: bool = False,
    level: str = "ultra_peek",
    when: datetime = MONDAY,
    game: Id = "g1",
    child: Id = "c1",
) -> ChoiceRecord:
    """A number card `hand` placed (or thrown away) with `highest` the highest known card at
    position 1; `replaced` is the known card at position 2 when the child put it there. It is
    a comparison (`judged`) when `hand` differs from `highest` and the child threw the card
    away or put it on a known card: 2 options (3 with `replaced`).

    With `memory` the known cards were out of sight (Standard), else on screen.
    """
    known = (highest, replaced, None, None)
    chance = hand < highest
    if outcome is Outcome.KEPT_HIGHER or outcome is Outcome.KEPT_RIGHTLY:
        position, action = None, ActionKind.DISCARD
    elif outcome is Outcome.BEST:
        position, action = 1, ActionKind.REPLACE
    elif outcome is Outcome.REPLACED_UNKNOWN:
        position, action = 3, ActionKind.REPLACE
    else:
        position, action = 2, ActionKind.REPLACE
    deciding_known = chance or (position is not None and known[position - 1] is not None)
    compared = comparison_of(ChoiceKind.PLACE, hand, False, known, outcome)
    facts = ChoiceFacts(
        kind=ChoiceKind.PLACE,
        action=action,
        level=level,
        round_number=1,
        turn_number=3,
        hand=hand,
        hand_from_discard=False,
        known_line=known,
        on_screen=(not memory,) * 4,
        true_line=(highest, replaced if replaced is not None else 5, 5, 5),
        position=position,
        replaced_true=None if position is None else (highest, replaced, 5, 5)[position - 1],
        replaced_known=None if position is None else known[position - 1],
        chance=chance,
        highest_known=highest,
        best_positions=(1,),
        outcome=outcome,
        needed_memory=memory and deciding_known,
        **compared,
    )
    return record(facts, when, game, child)


def other(kind: ChoiceKind, action: ActionKind, **fields: object) -> ChoiceFacts:
    """A choice that is not a comparison (SOURCE, SWAP, FINISH...), with the fields given."""
    values: dict[str, object] = {
        "kind": kind,
        "action": action,
        "level": "standard",
        "round_number": 1,
        "turn_number": 3,
        "hand": None,
        "hand_from_discard": False,
        "known_line": (None, None, None, None),
        "on_screen": (False,) * 4,
        "true_line": (5, 5, 5, 5),
        "position": None,
        "replaced_true": None,
        "replaced_known": None,
        "chance": False,
        "highest_known": None,
        "best_positions": (),
        "distance": None,
        "family_pair": None,
        "outcome": Outcome.NOT_COMPARED,
        "needed_memory": False,
    }
    values.update(fields)
    return ChoiceFacts(**values)  # type: ignore[arg-type]


def call(rank: int, *, when: datetime = MONDAY, game: Id = "g1", seats: int = 2) -> ChoiceRecord:
    """A call of "Rat-a-Tat-Cat" at this rank (1 = lowest at the table) at `seats` seats."""
    facts = other(
        ChoiceKind.FINISH,
        ActionKind.CALL,
        called=True,
        true_score=10,
        rank=rank,
        seats_in_play=seats,
    )
    return record(facts, when, game)


def turn(level: str = "peek", *, when: datetime = MONDAY, game: Id = "g1") -> ChoiceRecord:
    """The start of a turn: drew from the DRAW pile."""
    return record(
        other(ChoiceKind.SOURCE, ActionKind.DRAW, level=level, outcome=Outcome.DREW), when, game
    )


def look(position: int = 1, level: str = "peek", *, when: datetime = MONDAY) -> LookRecord:
    """A look at an own card."""
    return LookRecord(when, "g1", "c1", 1, 3, position, level)


def count(
    numerals: tuple[int, ...],
    cubes: tuple[int | None, ...] | None = None,
    typed: int | None = None,
    *,
    when: datetime = MONDAY,
    game: Id = "g1",
) -> CountRecord:
    """A count of this line: cubes as given (default right), typed total as given."""
    placed = cubes if cubes is not None else tuple(n or None for n in numerals)
    hinted = any(c is not None and c != n for c, n in zip(placed, numerals, strict=True))
    return CountRecord(when, game, "c1", 1, "peek", numerals, placed, typed, sum(numerals), hinted)


def round_result(won: bool, called: bool = True, *, game: Id = "g1") -> RoundRecord:
    """How a round ended for the child."""
    return RoundRecord(MONDAY, game, "c1", 1, "peek", 10, won, called)


def dated(examples: tuple[Example, ...]) -> tuple[Example, ...]:
    """Examples as tallies keep them: the day, not the moment or the game."""
    return tuple(
        replace(e, when=datetime.combine(e.when.date(), time.min), game_id="")
        for e in sorted(examples, key=lambda e: (e.when.date(), e.text))
    )


def comparable(summary: ChildSummary) -> ChildSummary:
    """A summary with its examples reduced to what tallies keep, in one order."""
    cats = replace(summary.cats, examples=dated(summary.cats.examples))
    memory = replace(summary.memory, contradictions=dated(summary.memory.contradictions))
    return replace(summary, cats=cats, memory=memory)


def holding(
    level: str, line: list[int], drawn: int, discard: int = 8, other: list[int] | None = None
) -> Game:
    """Seat 0 has drawn `drawn`; its line is `line`, seat 1's is `other`."""
    deck = (*line, *(other or [9, 9, 9, 9]), discard, drawn)
    game = new_game(level, 2, seed=1, options=Options(stacked_deck=deck))
    game.apply(DRAW)
    return game


def judge(game: Game, action: Action) -> ChoiceFacts:
    """The facts of seat 0's `action` now."""
    return describe_choice(game.view(0), action, game.lines)


def taken(level: str, line: list[int], discard: int) -> Game:
    """Seat 0 has taken `discard` from the DISCARD pile; its line is `line`."""
    deck = (*line, 9, 9, 9, 9, discard, 5)
    game = new_game(level, 2, seed=1, options=Options(stacked_deck=deck))
    game.apply(TAKE_DISCARD)
    return game
