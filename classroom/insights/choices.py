"""What one choice of a child says about their number sense, judged against what they could
have known at that moment (RULES.md R13, DESIGN.md "What is recorded").

Pure: the play side stores these facts with every choice, in the same transaction as the
move; the insights read them back without replaying any game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from classroom.game import Action, ActionKind, Card, Phase, SeatView, family, is_power


class ChoiceKind(StrEnum):
    """Which decision of a turn a choice was."""

    SOURCE = "source"  # draw from the DRAW pile, or take the DISCARD card
    PLACE = "place"  # a number card in hand: put it at a position, or throw it away
    PEEK = "peek"  # a PEEK card in hand: look at a card, or throw the PEEK away
    SWAP = "swap"  # a SWAP card in hand: swap two cards, or say no
    DRAW_2 = "draw_2"  # a DRAW 2 in hand: use it, or throw it away
    FINISH = "finish"  # the end of the turn: call "Rat-a-Tat-Cat", or say "Done"


class Outcome(StrEnum):
    """How a choice compares the card in hand with the cards the child could know."""

    BEST = "best"  # replaced the highest known card with a lower one
    BETTER = "better"  # replaced a known card higher than the hand, not the highest
    KEPT_HIGHER = "kept_higher"  # threw the card away though a known card was higher
    REPLACED_LOWER = "replaced_lower"  # replaced a known card lower than the hand
    REPLACED_EQUAL = "replaced_equal"  # replaced a known card equal to the hand
    REPLACED_UNKNOWN = "replaced_unknown"  # replaced a card it could not know (a guess)
    KEPT_RIGHTLY = "kept_rightly"  # threw the card away: no known card was higher
    TOOK_LOWER = "took_lower"  # took the DISCARD card, lower than a known card
    TOOK_NO_GAIN = "took_no_gain"  # took the DISCARD card, no known card was higher
    DREW = "drew"  # drew from the DRAW pile
    NOT_COMPARED = "not_compared"  # a PEEK, SWAP, DRAW 2 or end-of-turn choice


CORRECT = frozenset({Outcome.BEST, Outcome.BETTER})
WRONG = frozenset({Outcome.KEPT_HIGHER, Outcome.REPLACED_LOWER, Outcome.REPLACED_EQUAL})
# A comparison (`ChoiceFacts.judged`) is right when it took the lower card or kept it.
RIGHT = CORRECT | {Outcome.KEPT_RIGHTLY}
OMISSION = "omission"  # kept the card in hand's place: threw it away though a known card was higher
COMMISSION = "commission"  # put the card in hand on a known card that was not higher
ERRORS = (OMISSION, COMMISSION)


@dataclass(frozen=True, slots=True)
class ChoiceFacts:
    """One choice, what the child could know when making it, and what was really there."""

    kind: ChoiceKind
    action: ActionKind
    level: str
    round_number: int
    turn_number: int
    hand: Card | None  # the card in hand (a number or a power card), or the DISCARD top
    hand_from_discard: bool
    known_line: tuple[Card | None, ...]  # own line as the child could know it (R13)
    on_screen: tuple[bool, ...]  # per position: face up, or the child may turn it over
    true_line: tuple[Card, ...]  # own line as it really was
    position: int | None  # the position chosen (replaced, peeked, or swapped away)
    replaced_true: Card | None  # what was really at that position
    replaced_known: Card | None  # what the child could know was there
    chance: bool  # a known number card of the line was higher than the number in hand
    highest_known: int | None  # the highest known number card of the line
    best_positions: tuple[int, ...]  # where the highest known card(s) lay
    distance: int | None  # a comparison: how far apart the hand and the highest known card are
    family_pair: str | None  # a comparison: "cat-cat", "cat-rat", "rat-rat" of those two cards
    outcome: Outcome
    needed_memory: bool  # the deciding card was known but not on screen or to be turned over
    other_seat: int | None = None  # SWAP: whose card
    other_position: int | None = None
    other_known: Card | None = None  # SWAP: what the child could know of their card
    other_true: Card | None = None
    called: bool | None = None  # FINISH: called "Rat-a-Tat-Cat"
    true_score: int | None = None  # FINISH: the line's true score now (power cards count 0)
    rank: int | None = None  # FINISH: 1 = lowest score at the table now (ties share)
    seats_in_play: int | None = None
    # For a choice that needed memory: table turns since the child last saw the deciding card
    # (the most recently seen one where several decide). Tells a memory slip from a random one.
    memory_age: int | None = None
    # A comparison (docs/insights.md): a number card in hand, a different highest known number
    # card in the line, the child's answer one of the options that order them (throw the card
    # away, or put it on a known number card; a card taken from the DISCARD pile higher than
    # every known card: left it there, or put it on a known number card), and among those
    # options some right, some wrong.
    judged: bool = False
    options: int = 0  # the options open then that order two known numbers (see `judged`)
    right_options: int = 0  # how many of them would have been right
    error: str | None = None  # a wrong comparison: OMISSION or COMMISSION
    # A SWAP made: the (own position, other seat's position) pairs open then, and how many of
    # them would have taken a known card of 3 or less, lower than the card given (the chance
    # level of swap targeting; 0 on SWAPs recorded before issue 41).
    swap_options: int = 0
    swap_right: int = 0

    @property
    def correct(self) -> bool | None:
        """For a comparison (`judged`): did the child take or keep the lower card?"""
        if not self.judged:
            return None
        return self.error is None

    @property
    def placed_lower(self) -> bool:
        """A right comparison made by putting the card in hand in place of a higher known card
        (judged, BEST or BETTER: a 3 in place of a 4), the good choice a child's table cheers.
        A random tapper earns it no more often than `right_options / options`."""
        return self.correct is True and self.outcome in CORRECT

    @property
    def ratio(self) -> float | None:
        """For a comparison: the smaller of the two cards over the larger (1 v 2 is 0.5)."""
        if not self.judged or self.hand is None or self.highest_known is None:
            return None
        low, high = sorted((int(self.hand), self.highest_known))
        return low / high

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, for a database row or an export."""
        # Field by field rather than dataclasses.asdict, whose deep copy of every value cost a
        # twentieth of a move's work (every move records its facts).
        data: dict[str, Any] = {}
        for key in _FACT_NAMES:
            value = getattr(self, key)
            if isinstance(value, StrEnum):
                value = str(value)
            elif isinstance(value, tuple):
                value = [
                    None if v is None else int(v) if not isinstance(v, bool) else v for v in value
                ]
            elif isinstance(value, int) and not isinstance(value, bool):
                value = int(value)
            data[key] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChoiceFacts:
        """The facts back from `to_dict`'s form; keys that are not fields are ignored."""
        names = {field.name for field in fields(cls)}
        values: dict[str, Any] = {key: value for key, value in data.items() if key in names}
        values["kind"] = ChoiceKind(values["kind"])
        values["action"] = ActionKind(values["action"])
        values["outcome"] = Outcome(values["outcome"])
        for key in ("known_line", "on_screen", "true_line", "best_positions"):
            values[key] = tuple(values[key])
        if "options" not in data:
            # Recorded before comparisons had both kinds of error: everything they need is
            # in the older facts, so it is worked out now (docs/insights.md, "Old records").
            values |= comparison_of(
                values["kind"],
                values["hand"],
                values["hand_from_discard"],
                values["known_line"],
                values["outcome"],
            )
        return cls(**values)


# ChoiceFacts' field names, in order (to_dict writes them).
_FACT_NAMES = tuple(field.name for field in fields(ChoiceFacts))


def describe_choice(view: SeatView, action: Action, lines: Sequence[Sequence[Card]]) -> ChoiceFacts:
    """Judge `action`, about to be played by `view.seat`, against `view` (seen just before).

    `lines` is every line as it really is (`Game.lines`), for "what was really there".
    """
    seat = view.seat
    if view.current_seat != seat:
        raise ValueError("A choice is judged for the seat on turn")
    known = tuple(view.known[seat])
    true_line = tuple(lines[seat])
    look = set(view.may_look)
    on_screen = tuple(view.shown[seat][i] is not None or (i + 1) in look for i in range(len(known)))
    kind = _kind_of(view)
    hand = view.hand if kind is not ChoiceKind.SOURCE else view.discard_top
    numbers = [
        (i + 1, card) for i, card in enumerate(known) if card is not None and not is_power(card)
    ]
    highest = max((card for _, card in numbers), default=None)
    best = tuple(p for p, card in numbers if card == highest)
    # Only placing a number card counts as a comparison chance: drawing instead of taking a
    # lower DISCARD card is no mistake (the draw may be better), so SOURCE is only labelled.
    lower_than_known = (
        hand is not None and not is_power(hand) and highest is not None and highest > hand
    )
    chance = kind is ChoiceKind.PLACE and lower_than_known
    position = action.position
    replaced_known = known[position - 1] if position is not None else None
    outcome = _outcome(kind, action, hand, known, highest, lower_than_known)
    compared = comparison_of(kind, hand, view.hand_from_discard, known, outcome)
    deciding = best if chance else ((position,) if position is not None else ())
    needed_memory = bool(deciding) and all(
        known[p - 1] is not None and not on_screen[p - 1] for p in deciding
    )
    memory_age = None
    if needed_memory:
        seen = [view.learned_turn[seat][p - 1] for p in deciding]
        memory_age = view.turn_number - max(t for t in seen if t is not None)
    facts: dict[str, Any] = {}
    if action.kind is ActionKind.SWAP:
        assert action.other_seat is not None and action.other_position is not None
        pairs = [
            (mine, theirs)
            for other in range(len(lines))
            if other != seat and view.in_play[other]
            for theirs in view.known[other][: len(lines[other])]
            for mine in known
        ]
        facts = {
            "other_seat": action.other_seat,
            "other_position": action.other_position,
            "other_known": view.known[action.other_seat][action.other_position - 1],
            "other_true": lines[action.other_seat][action.other_position - 1],
            "swap_options": len(pairs),
            "swap_right": sum(_low_swap(theirs, mine) for mine, theirs in pairs),
        }
    elif kind is ChoiceKind.FINISH:
        scores = {
            s: sum(c for c in line if not is_power(c))
            for s, line in enumerate(lines)
            if line and view.in_play[s]
        }
        mine = scores[seat]
        facts = {
            "called": action.kind is ActionKind.CALL,
            "true_score": mine,
            "rank": 1 + sum(score < mine for score in scores.values()),
            "seats_in_play": len(scores),
        }
    return ChoiceFacts(
        kind=kind,
        action=action.kind,
        level=str(view.level),
        round_number=view.round_number,
        turn_number=view.turn_number,
        hand=hand,
        hand_from_discard=view.hand_from_discard,
        known_line=known,
        on_screen=on_screen,
        true_line=true_line,
        position=position,
        replaced_true=true_line[position - 1] if position is not None else None,
        replaced_known=replaced_known,
        chance=chance,
        highest_known=highest,
        best_positions=best,
        outcome=outcome,
        needed_memory=needed_memory,
        memory_age=memory_age,
        **compared,
        **facts,
    )


def comparison_of(
    kind: ChoiceKind,
    hand: Card | None,
    hand_from_discard: bool,
    known: Sequence[Card | None],
    outcome: Outcome,
) -> dict[str, Any]:
    """Is a placing choice a comparison, with how many options, how many right, which error?

    The options that order two numbers are putting the card on each known number card of the
    line, and not using it: throwing a drawn card away, or, for a card taken from the DISCARD
    pile (which may not be thrown away, R4), having left it there (drawing instead). Right:
    put it on a known card higher than it, or, when none is higher, not use it. Putting it on
    a card the child could not know is a guess and orders nothing. The distance and the
    family pair are those of the card in hand and the highest known card (the pair that
    decides). docs/insights.md, "The DISCARD card", says why leaving it counts only when the
    child did not (the draw itself is not judged).
    """
    none: dict[str, Any] = {
        "judged": False,
        "options": 0,
        "right_options": 0,
        "error": None,
        "distance": None,
        "family_pair": None,
    }
    if kind is not ChoiceKind.PLACE or hand is None or is_power(hand):
        return none
    numbers = [int(card) for card in known if card is not None and not is_power(card)]
    if not numbers:
        return none
    highest = max(numbers)
    higher = sum(card > hand for card in numbers)
    # Leaving the DISCARD card is an option only where it would have been right: while a known
    # card is higher, drawing instead is no mistake (the draw may be better), nor a right answer.
    not_using = not hand_from_discard or not higher
    options = len(numbers) + int(not_using)
    right = higher if higher else int(not_using)
    answered = outcome in RIGHT or outcome in WRONG
    if highest == hand or not answered or not 0 < right < options:
        return none | {"options": options, "right_options": right}
    error = None
    if outcome is Outcome.KEPT_HIGHER:
        error = OMISSION
    elif outcome in WRONG:
        error = COMMISSION
    return {
        "judged": True,
        "options": options,
        "right_options": right,
        "error": error,
        "distance": abs(highest - int(hand)),
        "family_pair": _family_pair(hand, highest),
    }


LOW_SWAP = 3  # a SWAP "targets a low card" when it takes a known card of 3 or less


def _low_swap(theirs: Card | None, mine: Card | None) -> bool:
    """Would swapping `mine` for `theirs` take a known low card, lower than the one given?"""
    return (
        theirs is not None
        and not is_power(theirs)
        and theirs <= LOW_SWAP
        and (mine is None or is_power(mine) or theirs < mine)
    )


def _kind_of(view: SeatView) -> ChoiceKind:
    """Which decision the seat on turn faces."""
    if view.phase is Phase.CHOOSE:
        return ChoiceKind.SOURCE
    if view.phase is Phase.FINISH:
        return ChoiceKind.FINISH
    if view.phase is Phase.DRAW_AGAIN:
        return ChoiceKind.DRAW_2
    hand = view.hand
    if hand is None:
        raise ValueError("No card in hand to judge")
    if not is_power(hand):
        return ChoiceKind.PLACE
    return {10: ChoiceKind.PEEK, 11: ChoiceKind.SWAP, 12: ChoiceKind.DRAW_2}[int(hand)]


def _outcome(
    kind: ChoiceKind,
    action: Action,
    hand: Card | None,
    known: tuple[Card | None, ...],
    highest: int | None,
    lower: bool,
) -> Outcome:
    """How the choice compares the card in hand with the known line."""
    if kind is ChoiceKind.SOURCE:
        if action.kind is ActionKind.DRAW:
            return Outcome.DREW
        return Outcome.TOOK_LOWER if lower else Outcome.TOOK_NO_GAIN
    if kind is not ChoiceKind.PLACE or hand is None:
        return Outcome.NOT_COMPARED
    if action.kind is ActionKind.DISCARD:
        return Outcome.KEPT_HIGHER if lower else Outcome.KEPT_RIGHTLY
    assert action.position is not None
    there = known[action.position - 1]
    if there is None or is_power(there):
        return Outcome.REPLACED_UNKNOWN
    if there > hand:
        return Outcome.BEST if there == highest else Outcome.BETTER
    return Outcome.REPLACED_EQUAL if there == hand else Outcome.REPLACED_LOWER


def _family_pair(hand: Card | None, other: int | None) -> str | None:
    """ "cat-cat", "cat-rat" or "rat-rat" for two number cards, the lower family first."""
    if hand is None or other is None or is_power(hand):
        return None
    pair = sorted((str(family(hand)), str(family(other))))
    return f"{pair[0]}-{pair[1]}"
