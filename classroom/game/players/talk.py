"""A computer player thinking aloud: after one of its moves, one short sentence in a child's
words that models the comparison behind it ("I had a 4. The 3 is less, so I kept the 3!").

Pure: no Flask, no database. A `Thought` is made from what the computer player saw before
its move (its own `SeatView`), the move and the events the move gave, never from the whole
game, so it can only speak of cards that player knew. Each card it speaks of is marked secret
unless everyone at the table sees it after the move (on the DISCARD pile, taken from it, or
face up in a line). `Thought.for_seat` leaves the secret cards out for everyone else, and with
them the words that would give them away: at Ultra-Peek every line is face up, so every seat
hears the whole comparison; at Peek, Outside Peek and Standard a card drawn and put face down
is never named to the other seats (docs/play.md, "Computer players who think aloud").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from ..actions import Action, ActionKind
from ..cards import Card, Power, as_card, card_label, is_power
from ..events import Event, EventKind
from ..view import SeatView


class ThoughtKind(StrEnum):
    """What a computer player says after a move. The last three of each family are the words
    the other seats hear when a card of the thought is secret."""

    KEPT_LOWER = "kept_lower"  # put `card` where it knew `old`, and card < old
    KEPT_HIGHER = "kept_higher"  # ... card > old (a slip: Kitten does it)
    KEPT_SAME = "kept_same"  # ... card == old
    PUT_BLIND = "put_blind"  # put `card` on a card it did not know (`old`, now on the pile)
    PLACED = "placed"  # put a card (maybe `card`) at `position`; `old` went on the pile
    DISCARD_RAT = "discard_rat"  # a rat it does not want
    DISCARD_NOT_LOWER = "discard_not_lower"  # `card` is no less than its biggest card `old`
    DISCARD_MISSED = "discard_missed"  # `card` was less than its biggest card `old` (a slip)
    DISCARDED = "discarded"  # a number card it does not want
    DISCARD_POWER = "discard_power"  # a power card it does not use
    PEEKED = "peeked"  # used a PEEK on its own `position`
    SWAP_LOWER = "swap_lower"  # gave `card` for the other seat's lower `other_card`
    SWAP_HIGHER = "swap_higher"  # ... for a higher one (a slip)
    SWAPPED = "swapped"  # exchanged `position` with `other_seat`'s `other_position`
    NO_SWAP = "no_swap"  # said no to a SWAP
    USED_DRAW_2 = "used_draw_2"
    CALLED = "called"


_PLACING = (
    ThoughtKind.KEPT_LOWER,
    ThoughtKind.KEPT_HIGHER,
    ThoughtKind.KEPT_SAME,
    ThoughtKind.PUT_BLIND,
    ThoughtKind.PLACED,
)
_DISCARDING = (
    ThoughtKind.DISCARD_RAT,
    ThoughtKind.DISCARD_NOT_LOWER,
    ThoughtKind.DISCARD_MISSED,
    ThoughtKind.DISCARDED,
)
_SWAPPING = (ThoughtKind.SWAP_LOWER, ThoughtKind.SWAP_HIGHER, ThoughtKind.SWAPPED)
_CARD_FIELDS = ("card", "old", "other_card")


class Thought(NamedTuple):
    """What a computer player at `seat` thinks aloud after one move. `secret` names the card
    fields only that seat may hear (see the module's docstring)."""

    kind: ThoughtKind
    seat: int
    card: Card | None = None
    old: Card | None = None
    position: int | None = None
    other_seat: int | None = None
    other_card: Card | None = None
    other_position: int | None = None
    secret: tuple[str, ...] = ()

    def for_seat(self, seat: int | None) -> Thought:
        """The thought as `seat` hears it (None: a teacher watching, who hears what the table
        hears): without its secret cards, in words that do not give them away."""
        if seat == self.seat or not self.secret:
            return self
        hidden: dict[str, Any] = dict.fromkeys(self.secret)
        kind = self.kind
        if kind in _PLACING and "card" in self.secret:
            kind = ThoughtKind.PLACED
        elif kind in _DISCARDING and "old" in self.secret:
            rat = self.card is not None and not is_power(self.card) and self.card >= 7
            kind = ThoughtKind.DISCARD_RAT if rat else ThoughtKind.DISCARDED
            hidden["position"] = None
        elif kind in _SWAPPING:
            kind = ThoughtKind.SWAPPED
            hidden = {"card": None, "other_card": None}
        return self._replace(kind=kind, secret=(), **hidden)

    def to_dict(self) -> dict[str, Any]:
        """The stored form (the key "thought" tells it from an engine event's "kind")."""
        data: dict[str, Any] = {"thought": str(self.kind), "seat": self.seat}
        for key in ("card", "old", "position", "other_seat", "other_card", "other_position"):
            value = getattr(self, key)
            if value is not None:
                data[key] = int(value)
        if self.secret:
            data["secret"] = list(self.secret)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Thought:
        """The thought a to_dict() describes; ValueError on anything else."""
        values: dict[str, Any] = {"kind": ThoughtKind(data["thought"]), "seat": int(data["seat"])}
        for key in ("card", "old", "other_card"):
            if key in data:
                values[key] = as_card(data[key])
        for key in ("position", "other_seat", "other_position"):
            if key in data:
                values[key] = int(data[key])
        secret = tuple(str(name) for name in data.get("secret", ()))
        if any(name not in _CARD_FIELDS for name in secret):
            raise ValueError(f"unknown secret field in {secret!r}")
        return cls(**values, secret=secret)


def think(view: SeatView, action: Action, events: Sequence[Event]) -> Thought | None:
    """What the player whose `view` this was (before its move) says after playing `action`,
    which gave `events`; None for a move it keeps quiet about (a plain draw, taking the
    DISCARD card, which it talks about when it places it, or "Done")."""
    me = view.seat
    kind = action.kind
    hand = view.hand
    if kind is ActionKind.REPLACE and hand is not None and action.position is not None:
        return _placing(view, hand, action.position, events)
    if kind is ActionKind.DISCARD and hand is not None:
        return _discarding(view, hand)
    if kind is ActionKind.DRAW and hand == Power.DRAW_2:
        return Thought(ThoughtKind.USED_DRAW_2, me, card=hand)
    if kind is ActionKind.PEEK:
        return Thought(ThoughtKind.PEEKED, me, position=action.position)
    if kind is ActionKind.SWAP:
        return _swapping(view, action)
    if kind is ActionKind.DECLINE_SWAP:
        return Thought(ThoughtKind.NO_SWAP, me)
    if kind is ActionKind.CALL:
        return Thought(ThoughtKind.CALLED, me)
    return None


def _face_up(view: SeatView, seat: int, position: int) -> bool:
    """A card lying face up for everyone (Ultra-Peek, Outside Peek's face-up option)."""
    line = view.shown[seat]
    return bool(line) and line[position - 1] is not None


def _placing(view: SeatView, hand: Card, position: int, events: Sequence[Event]) -> Thought:
    me = view.seat
    # The card that was there went face up on the DISCARD pile: everyone saw it.
    old = next(
        (e.card for e in events if e.kind is EventKind.DISCARDED and e.position == position),
        None,
    )
    placed = next((e for e in events if e.kind is EventKind.PLACED), None)
    public = (placed is not None and not placed.private) or _face_up(view, me, position)
    knew = view.known[me][position - 1]
    if old is None or is_power(hand) or is_power(old):
        kind = ThoughtKind.PLACED
    elif knew is None:
        kind = ThoughtKind.PUT_BLIND
    elif hand < old:
        kind = ThoughtKind.KEPT_LOWER
    elif hand > old:
        kind = ThoughtKind.KEPT_HIGHER
    else:
        kind = ThoughtKind.KEPT_SAME
    secret = () if public else ("card",)
    return Thought(kind, me, card=hand, old=old, position=position, secret=secret)


def _discarding(view: SeatView, hand: Card) -> Thought:
    me = view.seat
    if is_power(hand):
        return Thought(ThoughtKind.DISCARD_POWER, me, card=hand)
    known = [
        (card, index + 1)
        for index, card in enumerate(view.known[me])
        if card is not None and not is_power(card)
    ]
    if not known:
        rat = hand >= 7
        return Thought(ThoughtKind.DISCARD_RAT if rat else ThoughtKind.DISCARDED, me, card=hand)
    biggest, where = max(known, key=lambda pair: (pair[0], _face_up(view, me, pair[1])))
    if biggest > hand:
        kind = ThoughtKind.DISCARD_MISSED
    elif hand >= 7:
        kind = ThoughtKind.DISCARD_RAT
    else:
        kind = ThoughtKind.DISCARD_NOT_LOWER
    secret = () if _face_up(view, me, where) else ("old",)
    return Thought(kind, me, card=hand, old=biggest, position=where, secret=secret)


def _swapping(view: SeatView, action: Action) -> Thought:
    me = view.seat
    mine_at, other, theirs_at = action.position, action.other_seat, action.other_position
    assert mine_at is not None and other is not None and theirs_at is not None
    mine = view.known[me][mine_at - 1]
    theirs = view.known[other][theirs_at - 1]
    secret = tuple(
        name
        for name, seat, position in (("card", me, mine_at), ("other_card", other, theirs_at))
        if not _face_up(view, seat, position)
    )
    kind = ThoughtKind.SWAPPED
    if mine is not None and theirs is not None and not is_power(mine) and not is_power(theirs):
        if theirs < mine:
            kind = ThoughtKind.SWAP_LOWER
        elif theirs > mine:
            kind = ThoughtKind.SWAP_HIGHER
    return Thought(
        kind,
        me,
        card=mine,
        position=mine_at,
        other_seat=other,
        other_card=theirs,
        other_position=theirs_at,
        secret=secret,
    )


# --------------------------------------------------------------------------- the words

# Words a sentence is made of, looked up in the listener's language: the web side passes
# Flask-Babel's gettext (which takes %-style values as keywords); the engine and its tests
# hear the English as written. The sentences are the catalog's messages as they stand here
# (`pybabel extract` reads this file), so a translation may reorder its words.
Words = Callable[..., str]


def _as_written(message: str, **values: object) -> str:
    """English: the message with its values put in."""
    return message % values if values else message


def _a(card: Card, gettext: Words) -> str:
    """ "a 4", "an 8" """
    if card == 8:
        return gettext("an %(card)s", card=card_label(card))
    return gettext("a %(card)s", card=card_label(card))


def _the(card: Card, gettext: Words) -> str:
    """ "the 4", "the SWAP card" """
    if is_power(card):
        return gettext("the %(card)s card", card=gettext(card_label(card)))
    return gettext("the %(card)s", card=card_label(card))


def say(
    thought: Thought, names: Sequence[str], me: int | None = None, gettext: Words = _as_written
) -> str:
    """The sentence a child hears (already `for_seat(me)`; `me` is the listener's seat, so a
    SWAP with their line says "your"), in the language `gettext` looks words up in."""
    k, card, old = thought.kind, thought.card, thought.old
    if k is ThoughtKind.KEPT_LOWER and card is not None and old is not None:
        return gettext(
            "I had %(old)s. The %(card)s is less, so I kept the %(card)s!",
            old=_a(old, gettext),
            card=card,
        )
    if k is ThoughtKind.KEPT_HIGHER and card is not None and old is not None:
        return gettext(
            "I had %(old)s and put the %(card)s there. Oops, the %(old_card)s was less!",
            old=_a(old, gettext),
            card=card,
            old_card=old,
        )
    if k is ThoughtKind.KEPT_SAME and card is not None and old is not None:
        return gettext(
            "I had %(old)s, and I put another %(card)s there. They are the same.",
            old=_a(old, gettext),
            card=card,
        )
    if k is ThoughtKind.PUT_BLIND and card is not None and old is not None:
        if card < old:
            return gettext(
                "I put the %(card)s on a card I did not know: %(old)s! The %(card)s is less!",
                card=card,
                old=_a(old, gettext),
            )
        return gettext(
            "I put the %(card)s on a card I did not know: %(old)s!", card=card, old=_a(old, gettext)
        )
    if k in _PLACING:
        what = _the(card, gettext) if card is not None else gettext("my new card")
        if old is not None:
            return gettext(
                "I put %(card)s in place %(place)s. %(old)s goes on the DISCARD pile.",
                card=what,
                place=thought.position,
                old=_capital(_the(old, gettext)),
            )
        return gettext("I put %(card)s in place %(place)s.", card=what, place=thought.position)
    if k is ThoughtKind.DISCARD_RAT and card is not None:
        return gettext("%(card)s is a big rat. I don't want it.", card=_capital(_a(card, gettext)))
    if k is ThoughtKind.DISCARD_NOT_LOWER and card is not None and old is not None:
        return gettext(
            "My biggest card is %(old)s. The %(card)s is not less, so I don't want it.",
            old=_a(old, gettext),
            card=card,
        )
    if k is ThoughtKind.DISCARD_MISSED and card is not None and old is not None:
        return gettext(
            "I put the %(card)s away. Oops, it is less than my %(old)s!", card=card, old=old
        )
    if k is ThoughtKind.DISCARDED and card is not None:
        return gettext("I don't want the %(card)s. I hope for a lower card.", card=card)
    if k is ThoughtKind.DISCARD_POWER and card is not None:
        return gettext("I don't need %(card)s now.", card=_the(card, gettext))
    if k is ThoughtKind.PEEKED:
        return gettext(
            "I used my PEEK on place %(place)s. Now I know that card!", place=thought.position
        )
    if k in _SWAPPING:
        return _say_swap(thought, names, me, gettext)
    if k is ThoughtKind.NO_SWAP:
        return gettext("I don't know a lower card to take. No SWAP for me.")
    if k is ThoughtKind.USED_DRAW_2:
        return gettext("DRAW 2! Two more tries to find a low card.")
    if k is ThoughtKind.CALLED:
        return gettext("I think my line is the lowest. Rat-a-Tat-Cat!")
    return gettext("Hmm, let me think.")


def _capital(words: str) -> str:
    """The words with a capital first letter, at the start of a sentence."""
    return words[:1].upper() + words[1:]


def _say_swap(thought: Thought, names: Sequence[str], me: int | None, gettext: Words) -> str:
    other = thought.other_seat
    assert other is not None
    yours = other == me
    mine, theirs = thought.card, thought.other_card
    values: dict[str, object] = {"mine": mine, "theirs": theirs}
    if thought.kind is ThoughtKind.SWAP_LOWER and mine is not None and theirs is not None:
        if yours:
            return gettext(
                "I gave you my %(mine)s and took your %(theirs)s. The %(theirs)s is less!",
                **values,
            )
        return gettext(
            "I gave %(name)s my %(mine)s and took %(name)s's %(theirs)s. The %(theirs)s is less!",
            name=names[other],
            **values,
        )
    if thought.kind is ThoughtKind.SWAP_HIGHER and mine is not None and theirs is not None:
        if yours:
            return gettext(
                "I gave you my %(mine)s and took your %(theirs)s. Oops, the %(theirs)s is more!",
                **values,
            )
        return gettext(
            "I gave %(name)s my %(mine)s and took %(name)s's %(theirs)s. "
            "Oops, the %(theirs)s is more!",
            name=names[other],
            **values,
        )
    places = {"place": thought.position, "other_place": thought.other_position}
    if yours:
        return gettext(
            "I swapped my card in place %(place)s for your card in place %(other_place)s.",
            **places,
        )
    return gettext(
        "I swapped my card in place %(place)s for %(name)s's card in place %(other_place)s.",
        name=names[other],
        **places,
    )
