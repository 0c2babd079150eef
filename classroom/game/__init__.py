"""The Rat-a-Tat-Cat engine: pure Python, no Flask, no database (DESIGN.md, RULES.md).

Seats count from 0; positions in a line are 1-4 (1 and 4 are the outside cards).
"""

from .actions import Action, ActionKind
from .cards import CATS, RATS, Card, Family, Power, card_label, family, is_power
from .events import Event, EventKind, events_for, moves_card_at, peeked_cards
from .game import Game, IllegalAction, new_game, round_winners_of
from .levels import Level
from .options import LimitEnding, Options, Series
from .view import Phase, SeatView

__all__ = [
    "CATS",
    "RATS",
    "Action",
    "ActionKind",
    "Card",
    "Event",
    "EventKind",
    "Family",
    "Game",
    "IllegalAction",
    "Level",
    "LimitEnding",
    "Options",
    "Phase",
    "Power",
    "SeatView",
    "Series",
    "card_label",
    "events_for",
    "family",
    "is_power",
    "moves_card_at",
    "new_game",
    "peeked_cards",
    "round_winners_of",
]
