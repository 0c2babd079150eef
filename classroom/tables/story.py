"""The table story: events, already redacted for one seat, told in short sentences.

No database, and no Flask app needed: the sentences are in the page's language through
Flask-Babel's gettext (English outside a request). A private card (one drawn, placed from
the DRAW pile, peeked or seen at the start) is never named here, even to its own seat: the
board shows what a seat may see, and the story is what everyone saw happen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from flask_babel import gettext, ngettext

from classroom.game import Event, EventKind, SeatView, card_label, is_power
from classroom.game.players.talk import Thought, say
from classroom.roster import names_together

# What a SeatNote says happened to a seat (not a move of the game).
NOTE_KINDS = ("left", "back", "taken_out", "handed_over", "new_game")


@dataclass(frozen=True)
class SeatNote:
    """Something that happened to a seat rather than in the game: its child left the table
    (a computer player `by` plays for them), came back, was taken out by the teacher, or is
    no longer in the class (handed over: `by` plays the seat for good), or opened a new game
    with the computer, which stopped this one (new_game; `by` is empty).
    Stored in the table story beside the engine's events; it names no card."""

    kind: str
    seat: int
    by: str  # the computer player's name

    def to_dict(self) -> dict[str, object]:
        """The stored form (the key "note" tells it from an engine event's "kind")."""
        return {"note": self.kind, "seat": self.seat, "by": self.by}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> SeatNote:
        """The note a to_dict() describes."""
        kind = str(data["note"])
        if kind not in NOTE_KINDS:
            raise ValueError(f"unknown seat note {kind!r}")
        return cls(kind, int(str(data["seat"])), str(data["by"]))

    def for_seat(self, seat: int | None) -> SeatNote:
        """As `seat` sees it: a note hides nothing, so the same note."""
        return self


@dataclass(frozen=True)
class GoodChoice:
    """The child at `seat` has just made a right comparison by putting a lower card in place
    of a higher known one (`ChoiceFacts.placed_lower`, judged as the insights judge it).
    Stored in the story after the move's events; only that seat is told, as a mark on the
    line of its own placing (`StoryLine.good`), which its page cheers. It names no card."""

    seat: int

    def to_dict(self) -> dict[str, object]:
        """The stored form (the key "good" tells it from the other story items)."""
        return {"good": self.seat}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> GoodChoice:
        """The mark a to_dict() describes."""
        return cls(int(str(data["good"])))

    def for_seat(self, seat: int | None) -> GoodChoice | None:
        """Only the seat that made the choice hears of it: not the other seats, nor a teacher
        watching (None)."""
        return self if seat == self.seat else None


# One entry of the table story: an engine event, a note about a seat, what a computer player
# said after its move (classroom/game/players/talk.py), or a child's good choice.
StoryItem = Event | SeatNote | Thought | GoodChoice


@dataclass(frozen=True)
class StoryLine:
    """One sentence of the story, with the public card it is about (for its picture)."""

    text: str
    card: int | None = None
    seat: int | None = None
    kind: str | None = None  # the engine event's kind (for the page's sounds), or "thought"
    picture: str | None = None  # a thought: the computer player's picture
    # Where the move happened, for the page to show it (a card travels, turns, slides).
    position: int | None = None
    other_seat: int | None = None
    other_position: int | None = None
    # The reader's own placing was a right comparison (a GoodChoice): their page cheers it.
    good: bool = False

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"text": self.text, "card": self.card, "seat": self.seat}
        data["kind"] = self.kind
        if self.good:
            data["good"] = True
        if self.picture is not None:
            data["picture"] = self.picture
        if self.position is not None:
            data["position"] = self.position
        if self.other_seat is not None:
            data |= {"other_seat": self.other_seat, "other_position": self.other_position}
        return data


# Told to a child only once they have counted their line: who won, who reached the limit.
SPOILERS = frozenset({EventKind.GAME_ENDED, EventKind.SEAT_OUT})


def this_round(items: Sequence[StoryItem]) -> list[StoryItem]:
    """The story from the newest round's start: "What happened" on a new round's page begins
    with "A new round!", not with the end of the round before it."""
    for i in range(len(items) - 1, -1, -1):
        item = items[i]
        if isinstance(item, Event) and item.kind is EventKind.ROUND_STARTED:
            return list(items[i:])
    return list(items)


def unspoiled(items: Sequence[StoryItem]) -> list[StoryItem]:
    """The story without the events that would give away a count (SPOILERS)."""
    return [i for i in items if not (isinstance(i, Event) and i.kind in SPOILERS)]


def _card(card: int) -> str:
    """ "the 4", "the SWAP card", in the page's language."""
    if is_power(card):
        return gettext("the %(card)s card", card=gettext(card_label(card)))
    return gettext("the %(card)s", card=card_label(card))


def face_up_for(view: SeatView) -> Callable[[int, int | None], bool]:
    """Is this place (seat, position; None: any of the seat's places) face up on this seat's
    screen now (R2, and every line at a round's end)? The story names a card taken from the
    DISCARD pile only where it is: elsewhere the child must remember it (R13)."""

    def face_up(seat: int, position: int | None) -> bool:
        line = view.shown[seat] if seat < len(view.shown) else ()
        if not line:
            return False
        if position is None:
            return all(card is not None for card in line)
        return 1 <= position <= len(line) and line[position - 1] is not None

    return face_up


# The moves a player makes (not what happens to a seat): told with the name of whoever made
# them, a computer player standing in for an away child included.
_MOVES = frozenset(
    {
        EventKind.DREW,
        EventKind.PLACED,
        EventKind.DISCARDED,
        EventKind.PEEKED,
        EventKind.SWAPPED,
        EventKind.SWAP_DECLINED,
        EventKind.DRAW_2_USED,
        EventKind.CALLED,
    }
)
_STAND_IN = ("left", "taken_out")  # notes after which a computer player plays the seat


def stood_in_before(items: Sequence[StoryItem], standing: Mapping[int, str]) -> dict[int, str]:
    """Who played each seat for an away child at the start of `items`, from who does now
    (`standing`: seat -> the stand-in's name, after the last item): a seat whose child left
    within `items` was still theirs before; one whose child came back was stood in for."""
    before = dict(standing)
    for item in reversed(items):
        if isinstance(item, SeatNote):
            if item.kind in _STAND_IN:
                before.pop(item.seat, None)
            elif item.kind == "back":
                before[item.seat] = item.by
    return before


def tell(
    events: Sequence[StoryItem],
    names: Sequence[str],
    me: int | None = None,
    pictures: Sequence[str] | None = None,
    face_up: Callable[[int, int | None], bool] | None = None,
    standing: Mapping[int, str] | None = None,
) -> list[StoryLine]:
    """The sentences for `events` (redacted for `me`; None for a watcher), oldest first; a
    computer player's thought with its picture from `pictures`, when given. `face_up`
    (face_up_for the reader's view): a card taken from the DISCARD pile is named only when
    the place it went to is face up for the reader; None names it (a teacher watching).
    `standing` (seat -> name, after the last event): the computer players playing for away
    children now, so their moves are told as theirs ("Mittens (for Leo M.) drew a card."),
    never as the child's."""
    stand_ins = stood_in_before(events, standing or {})

    def named(taken: Event, position: int | None) -> Event:
        # The card is gone from the DISCARD pile into a face-down place: the story does not
        # keep it on screen for the child who should remember it.
        if face_up is None or taken.seat is None or face_up(taken.seat, position):
            return taken
        return taken._replace(card=None)

    # Who did it: None for the reader ("You", whose sentences are worded apart: "Tú sacaste"
    # and "Mia sacó" differ by more than the name), else a name.
    def who(seat: int | None) -> str | None:
        if seat is None:
            return gettext("Someone")
        return None if seat == me else names[seat]

    def mover(seat: int | None) -> str | None:
        # Who made a move: a stand-in is named, with the child it plays for.
        if seat is None or seat not in stand_ins:
            return who(seat)
        if seat == me:
            return gettext("%(computer)s (for you)", computer=stand_ins[seat])
        return gettext("%(computer)s (for %(name)s)", computer=stand_ins[seat], name=names[seat])

    lines: list[StoryLine] = []
    taken: Event | None = None
    # Seats whose stand-in made a move in `events`: their child, back, is told who played for
    # them in the same line (the "left" line may be further back than the page shows).
    played_for: set[int] = set()
    for event in events:
        if isinstance(event, GoodChoice):
            # Told to the seat that made it (redacted() drops it for every other reader): the
            # line of its placing, the newest of that seat's, carries the mark.
            at = next(
                (
                    i
                    for i in range(len(lines) - 1, -1, -1)
                    if lines[i].seat == event.seat and lines[i].kind == str(EventKind.PLACED)
                ),
                None,
            )
            if at is not None and event.seat == me:
                lines[at] = replace(lines[at], good=True)
            continue
        if isinstance(event, Thought):
            # Said after the move it is about, so after its placement too.
            if taken is not None:
                lines.append(_took(named(taken, None), mover))
                taken = None
            picture = pictures[event.seat] if pictures is not None else None
            words = say(event, names, me, gettext=gettext)
            text = gettext("%(name)s: \u201c%(words)s\u201d", name=names[event.seat], words=words)
            lines.append(StoryLine(text, None, event.seat, "thought", picture))
            continue
        if isinstance(event, SeatNote):
            if taken is not None:
                lines.append(_took(named(taken, None), mover))
                taken = None
            played = event.kind == "back" and event.seat in played_for
            mine = event.seat == me
            lines.append(_tell_note(event, mine, names[event.seat], played=played))
            if event.kind in _STAND_IN:
                stand_ins[event.seat] = event.by
            elif event.kind == "back":
                stand_ins.pop(event.seat, None)
                played_for.discard(event.seat)
            continue
        kind, seat = event.kind, event.seat
        if kind in _MOVES and seat in stand_ins:
            played_for.add(seat)
        if kind is EventKind.TOOK_DISCARD and event.card is not None:
            taken = event
            continue
        if kind is EventKind.PLACED and event.card is not None:
            # Named only when everyone saw it land and the reader sees its place face up: a
            # card put face down is the child's to remember (R13), even one taken from the
            # DISCARD pile in an earlier update, and one only its owner saw is never named.
            hidden_place = (
                face_up is not None and seat is not None and not face_up(seat, event.position)
            )
            if event.private or hidden_place:
                event = event._replace(card=None)
        if taken is not None:
            if kind is EventKind.PLACED and event.seat == taken.seat:
                card = named(taken, event.position).card
                lines.append(
                    StoryLine(
                        _took_and_put(mover(seat), card, event.position),
                        card,
                        seat,
                        str(EventKind.PLACED),
                        position=event.position,
                    )
                )
                taken = None
                continue
            lines.append(_took(named(taken, None), mover))
            taken = None
        line = _tell_one(event, mover if kind in _MOVES else who, me, names)
        if line is not None:
            where = {"position": event.position, "other_seat": event.other_seat}
            where["other_position"] = event.other_position
            lines.append(replace(line, kind=str(kind), **where))
    if taken is not None:
        # Not placed yet: the page keeps this line when the placing comes in the next update.
        shown = named(taken, None)
        lines.append(_took(shown, mover, shown.card, taken.seat))
    return lines


def _took_and_put(name: str | None, card: int | None, position: int | None) -> str:
    """ "Mia took the 2 and put it in place 3." (`name` None: the reader, "You took ...")"""
    if card is None:
        if name is None:
            return gettext(
                "You took the DISCARD card and put it in place %(place)s.", place=position
            )
        return gettext(
            "%(name)s took the DISCARD card and put it in place %(place)s.",
            name=name,
            place=position,
        )
    if name is None:
        return gettext(
            "You took %(card)s and put it in place %(place)s.", card=_card(card), place=position
        )
    return gettext(
        "%(name)s took %(card)s and put it in place %(place)s.",
        name=name,
        card=_card(card),
        place=position,
    )


def _took(taken: Event, who: object, card: int | None = None, seat: int | None = None) -> StoryLine:
    """ "Mia took the 2." (a card taken from the DISCARD pile and not yet placed)"""
    assert callable(who)
    name = who(taken.seat)
    if taken.card is None:
        if name is None:
            text = gettext("You took the DISCARD card.")
        else:
            text = gettext("%(name)s took the DISCARD card.", name=name)
    elif name is None:
        text = gettext("You took %(card)s.", card=_card(taken.card))
    else:
        text = gettext("%(name)s took %(card)s.", name=name, card=_card(taken.card))
    return StoryLine(text, card, seat, str(EventKind.TOOK_DISCARD))


def _tell_note(note: SeatNote, mine: bool, name: str, played: bool = False) -> StoryLine:
    """A seat's child left, came back or was taken out, in the words the others read
    (`played`: the stand-in made moves for a child now back, who is told so)."""
    if note.kind == "left":
        if mine:
            text = gettext("You left the table, so %(computer)s played for you.", computer=note.by)
            return StoryLine(text, None, note.seat)
        text = gettext(
            "%(name)s has left the table. %(computer)s plays for %(name)s until %(name)s comes "
            "back.",
            name=name,
            computer=note.by,
        )
        return StoryLine(text, None, note.seat)
    if note.kind == "back":
        if not mine:
            return StoryLine(gettext("%(name)s is back!", name=name), None, note.seat)
        words = (
            gettext("You are back! %(computer)s played for you.", computer=note.by)
            if played
            else gettext("You are back!")
        )
        return StoryLine(words, None, note.seat)
    if note.kind == "new_game":
        if mine:
            text = gettext("You started a new game, so this one stopped.")
            return StoryLine(text, None, note.seat)
        text = gettext("%(name)s started a new game, so this one stopped.", name=name)
        return StoryLine(text, None, note.seat)
    if note.kind == "handed_over":
        # The seat's child is no longer in the class: they are not named (docs/security.md).
        text = gettext("%(computer)s plays in this seat now.", computer=note.by)
        return StoryLine(text, None, note.seat)
    if mine:
        text = gettext("Your teacher gave your seat to %(computer)s.", computer=note.by)
        return StoryLine(text, None, note.seat)
    text = gettext("The teacher gave %(name)s's seat to %(computer)s.", name=name, computer=note.by)
    return StoryLine(text, None, note.seat)


def _tell_one(event: Event, who: object, me: int | None, names: Sequence[str]) -> StoryLine | None:
    """One event in a sentence; `who(seat)` is None for the reader ("You ...")."""
    assert callable(who)
    kind, seat, card = event.kind, event.seat, event.card
    name = who(seat)
    if kind is EventKind.ROUND_STARTED:
        if name is None:
            text = gettext("A new round! You start.")
        else:
            text = gettext("A new round! %(name)s starts.", name=name)
        if card is not None:
            text += " " + gettext("The first DISCARD card is %(card)s.", card=_card(card))
        return StoryLine(text, card, seat)
    if kind is EventKind.DREW:
        if name is None:
            return StoryLine(gettext("You drew a card."), None, seat)
        return StoryLine(gettext("%(name)s drew a card.", name=name), None, seat)
    if kind is EventKind.PLACED:
        # `card`: only where tell() lets the reader see it named.
        what = gettext("the card") if card is None else _card(card)
        place = event.position
        if name is None:
            text = gettext("You put %(card)s in place %(place)s.", card=what, place=place)
        else:
            text = gettext(
                "%(name)s put %(card)s in place %(place)s.", name=name, card=what, place=place
            )
        return StoryLine(text, card, seat)
    if kind is EventKind.DISCARDED and card is not None:
        if name is None:
            text = gettext("You put %(card)s on the DISCARD pile.", card=_card(card))
        else:
            text = gettext(
                "%(name)s put %(card)s on the DISCARD pile.", name=name, card=_card(card)
            )
        return StoryLine(text, card, seat)
    if kind is EventKind.PEEKED:
        if name is None:
            text = gettext("You used a PEEK on place %(place)s.", place=event.position)
        else:
            text = gettext(
                "%(name)s used a PEEK on place %(place)s.", name=name, place=event.position
            )
        return StoryLine(text, None, seat)
    if kind is EventKind.SWAPPED:
        return StoryLine(_swapped(event, name, me, names), None, seat)
    if kind is EventKind.SWAP_DECLINED:
        if name is None:
            return StoryLine(gettext("You did not use the SWAP."), None, seat)
        return StoryLine(gettext("%(name)s did not use the SWAP.", name=name), None, seat)
    if kind is EventKind.DRAW_2_USED:
        if name is None:
            return StoryLine(gettext("You used a DRAW 2: more draws!"), None, seat)
        return StoryLine(gettext("%(name)s used a DRAW 2: more draws!", name=name), None, seat)
    if kind is EventKind.RESHUFFLED:
        return StoryLine(gettext("The DISCARD pile was shuffled into a new DRAW pile."))
    if kind is EventKind.CALLED:
        if name is None:
            return StoryLine(gettext("You called Rat-a-Tat-Cat!"), None, seat)
        return StoryLine(gettext("%(name)s called Rat-a-Tat-Cat!", name=name), None, seat)
    if kind is EventKind.TURN_ENDED and event.other_seat is not None:
        nxt = who(event.other_seat)
        if nxt is None:
            text = gettext("Now it is your turn.")
        else:
            text = gettext("Now it is %(name)s's turn.", name=nxt)
        return StoryLine(text, None, event.other_seat)
    if kind is EventKind.POWER_REPLACED and event.replaced_by is not None:
        values = {
            "power": gettext(card_label(card or 0)),
            "place": event.position,
            "card": _card(event.replaced_by),
        }
        if seat == me:
            text = gettext("The %(power)s card in your place %(place)s became %(card)s.", **values)
        else:
            owner = gettext("someone") if seat is None else names[seat]
            text = gettext(
                "The %(power)s card in %(name)s's place %(place)s became %(card)s.",
                name=owner,
                **values,
            )
        return StoryLine(text, event.replaced_by, seat)
    if kind is EventKind.ROUND_ENDED:
        return StoryLine(gettext("The round is over! Every card turns face up."))
    if kind is EventKind.SEAT_OUT:
        if name is None:
            return StoryLine(gettext("You reached the points limit."), None, seat)
        return StoryLine(gettext("%(name)s reached the points limit.", name=name), None, seat)
    if kind is EventKind.GAME_ENDED and event.winners:
        others = [str(who(w)) for w in event.winners if w != me]
        together = names_together(others, gettext("and"))
        if me in event.winners:
            if not others:
                return StoryLine(gettext("You win the game!"))
            return StoryLine(gettext("You and %(names)s won the game!", names=together))
        # Several winners take the plural in some languages ("¡Ganaron el juego Mia y Leo!").
        words = ngettext(
            "%(names)s won the game!", "%(names)s won the game!", len(others), names=together
        )
        return StoryLine(words)
    return None


def _swapped(event: Event, name: str | None, me: int | None, names: Sequence[str]) -> str:
    """ "Mia swapped place 2 with your place 3." (`name` None: the reader swapped)"""
    other = event.other_seat
    values = {"place": event.position, "other_place": event.other_position}
    if other == me:
        if name is None:  # cannot happen (a seat swaps with another), worded all the same
            return gettext("You swapped place %(place)s with your place %(other_place)s.", **values)
        return gettext(
            "%(name)s swapped place %(place)s with your place %(other_place)s.",
            name=name,
            **values,
        )
    owner = gettext("someone") if other is None else names[other]
    if name is None:
        return gettext(
            "You swapped place %(place)s with %(owner)s's place %(other_place)s.",
            owner=owner,
            **values,
        )
    return gettext(
        "%(name)s swapped place %(place)s with %(owner)s's place %(other_place)s.",
        name=name,
        owner=owner,
        **values,
    )


def redacted(items: list[StoryItem], seat: int | None) -> list[StoryItem]:
    """The story as `seat` saw it (None: a teacher watching, who sees every card); an item
    meant for another seat only (a GoodChoice) is left out."""
    told = (item.for_seat(seat) for item in items)
    return [item for item in told if item is not None]
