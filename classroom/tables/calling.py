"""More turns per game for a child (issue 39): at a table with children, a computer player
(or a stand-in) does not call Rat-a-Tat-Cat before every child at the table has had their
number of turns of the round (`children.turns_before_call`; None: the level's number). A
child who was dealt low cards still makes choices: computer players called on their second to
fourth turn, and a child made two to four choices a game."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from classroom.extensions import db
from classroom.game import Action, ActionKind, Game
from classroom.models import Child, PlayTable

# The turns a child has before a computer player may call, by level, unless the teacher set
# the child's own number.
LEVEL_TURNS = {"ultra_peek": 4, "peek": 4, "outside_peek": 3, "standard": 3}


def turns_for(level: str, own: int | None) -> int:
    """The turns a child has before a computer player may call: their own, else the level's."""
    return own if own is not None else LEVEL_TURNS.get(level, 0)


def children_still_due(table: PlayTable, game: Game) -> bool:
    """Has a child at the table had fewer turns this round than their number?"""
    seats = {row.child_id: row.seat for row in table.seats if row.child_id is not None}
    if not seats:
        return False
    turns = game.view(0).turns_taken
    own = db.session.execute(
        select(Child.id, Child.turns_before_call).where(Child.id.in_(seats))
    ).all()
    return any(turns[seats[child_id]] < turns_for(table.level, n) for child_id, n in own)


def without_early_call(table: PlayTable, game: Game, legal: Sequence[Action]) -> list[Action]:
    """A computer player's legal actions, without the call while a child is still due turns
    (only asked when the call is among them: the end of a turn)."""
    calls = [a for a in legal if a.kind is ActionKind.CALL]
    if not calls or len(calls) == len(legal) or not children_still_due(table, game):
        return list(legal)
    return [a for a in legal if a.kind is not ActionKind.CALL]
