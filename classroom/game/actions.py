"""What a seat can do on its turn (DESIGN.md, the engine's public face)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class ActionKind(StrEnum):
    """The kinds of move; positions and seats ride on the Action where a kind needs them."""

    DRAW = "draw"  # draw the top DRAW card (also: use a DRAW 2 in hand, or the next DRAW 2 draw)
    TAKE_DISCARD = "take_discard"  # take the top DISCARD card
    REPLACE = "replace"  # put the card in hand at `position`; that card goes to the DISCARD pile
    DISCARD = "discard"  # put the drawn card face up on the DISCARD pile
    PEEK = "peek"  # use a PEEK: look at own `position`
    SWAP = "swap"  # use a SWAP: own `position` for `other_seat`'s `other_position`
    DECLINE_SWAP = "decline_swap"  # keep the lines as they are; the SWAP is discarded
    CALL = "call"  # end the turn calling "Rat-a-Tat-Cat"
    END_TURN = "end_turn"  # end the turn without calling ("Done")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. Positions are 1-4 (1 and 4 are the outside cards); seats count from 0."""

    kind: ActionKind
    position: int | None = None
    other_seat: int | None = None
    other_position: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, leaving out what the kind does not use."""
        data: dict[str, Any] = {"kind": str(self.kind)}
        for key in ("position", "other_seat", "other_position"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The Action a to_dict() (or a form) describes; raises ValueError on garbage."""
        try:
            kind = ActionKind(data["kind"])
        except (KeyError, ValueError, TypeError):
            raise ValueError("That is not a move in this game") from None
        values: dict[str, int | None] = {}
        for key in ("position", "other_seat", "other_position"):
            raw = data.get(key)
            if raw is None or raw == "":
                values[key] = None
                continue
            try:
                values[key] = int(raw)
            except (TypeError, ValueError):
                raise ValueError(f"{key.replace('_', ' ').capitalize()} must be a number") from None
        return cls(kind, **values)


# Actions are interned so that legal_actions() builds no objects on the hot path.
DRAW = Action(ActionKind.DRAW)
TAKE_DISCARD = Action(ActionKind.TAKE_DISCARD)
DISCARD = Action(ActionKind.DISCARD)
DECLINE_SWAP = Action(ActionKind.DECLINE_SWAP)
CALL = Action(ActionKind.CALL)
END_TURN = Action(ActionKind.END_TURN)
REPLACE = tuple(Action(ActionKind.REPLACE, position=p) for p in range(1, 5))
PEEK = tuple(Action(ActionKind.PEEK, position=p) for p in range(1, 5))


def replace(position: int) -> Action:
    """Put the card in hand at `position` (1-4)."""
    return Action(ActionKind.REPLACE, position=position)


def peek(position: int) -> Action:
    """Use a PEEK card on own `position` (1-4)."""
    return Action(ActionKind.PEEK, position=position)


def swap(position: int, other_seat: int, other_position: int) -> Action:
    """Use a SWAP card: own `position` for `other_seat`'s `other_position`."""
    return Action(ActionKind.SWAP, position, other_seat, other_position)
