"""What happened at the table, as `Game.apply` reports it, redacted per seat."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from .cards import Card, as_card


class EventKind(StrEnum):
    """Everything the web side, the table story and the choice log need to hear about."""

    ROUND_STARTED = "round_started"  # seat: who starts; card: first DISCARD card
    OUTSIDE_SEEN = "outside_seen"  # Standard: seat saw its outside card at position (private)
    DREW = "drew"  # seat drew card from the DRAW pile (private until it is shown)
    TOOK_DISCARD = "took_discard"  # seat took card from the DISCARD pile (public)
    PLACED = "placed"  # seat put card at position (private when it came from the DRAW pile)
    DISCARDED = "discarded"  # seat put card face up on the DISCARD pile (public)
    PEEKED = "peeked"  # seat looked at its position with a PEEK, saw card (private)
    SWAPPED = "swapped"  # seat exchanged position with other_seat's other_position
    SWAP_DECLINED = "swap_declined"
    DRAW_2_USED = "draw_2_used"  # seat starts (again) a DRAW 2 sequence
    RESHUFFLED = "reshuffled"  # the DISCARD pile became the DRAW pile (R9)
    CALLED = "called"  # seat called "Rat-a-Tat-Cat"
    TURN_ENDED = "turn_ended"  # seat's turn ended; other_seat is on turn next (None: round over)
    POWER_REPLACED = "power_replaced"  # round end: power card at seat/position replaced (R10)
    ROUND_ENDED = "round_ended"  # scores: the round's scores; totals: the series so far
    SEAT_OUT = "seat_out"  # seat reached the limit and is out of the series (R12)
    GAME_ENDED = "game_ended"  # winners: seats with the lowest total


class Event(NamedTuple):
    """One thing that happened. `private` means only `seat` saw `card`.

    A NamedTuple: several are made on every move, and a tuple is cheap to make.
    """

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    position: int | None = None
    other_seat: int | None = None
    other_position: int | None = None
    private: bool = False
    scores: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    replaced_by: Card | None = None  # POWER_REPLACED: the card that took the power card's place

    def for_seat(self, seat: int | None) -> Event:
        """This event as `seat` saw it (None: a watcher who sees only what is public)."""
        if self.private and seat != self.seat:
            return self._replace(card=None)
        return self

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, leaving out empty fields."""
        data: dict[str, Any] = {"kind": str(self.kind)}
        for key in ("seat", "card", "position", "other_seat", "other_position", "replaced_by"):
            value = getattr(self, key)
            if value is not None:
                data[key] = int(value)
        if self.private:
            data["private"] = True
        for key in ("scores", "totals", "winners"):
            value = getattr(self, key)
            if value is not None:
                data[key] = list(value)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event a to_dict() describes."""
        values: dict[str, Any] = {"kind": EventKind(data["kind"])}
        for key in ("seat", "position", "other_seat", "other_position"):
            if key in data:
                values[key] = int(data[key])
        for key in ("card", "replaced_by"):
            if key in data:
                values[key] = as_card(data[key])
        for key in ("scores", "totals", "winners"):
            if key in data:
                values[key] = tuple(int(x) for x in data[key])
        values["private"] = bool(data.get("private", False))
        return cls(**values)


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events as `seat` saw them."""
    return [event.for_seat(seat) for event in events]


def moves_card_at(event: Event, seat: int, position: int) -> bool:
    """Did `event` put another card at the seat's position (or start a new deal)?"""
    if event.kind in (EventKind.ROUND_ENDED, EventKind.ROUND_STARTED):
        return True
    if event.kind in (EventKind.PLACED, EventKind.POWER_REPLACED):
        return (event.seat, event.position) == (seat, position)
    if event.kind is EventKind.SWAPPED:
        return (seat, position) in {
            (event.seat, event.position),
            (event.other_seat, event.other_position),
        }
    return False


def peeked_cards(events: list[Event], seat: int) -> dict[int, int]:
    """The cards `seat` turned over with a PEEK in these events: position -> card."""
    return {
        e.position: int(e.card)
        for e in events
        if e.kind is EventKind.PEEKED and e.seat == seat and e.card is not None and e.position
    }
