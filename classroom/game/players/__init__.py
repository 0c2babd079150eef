"""Computer players children can play against: they see only a SeatView and the legal actions."""

from .base import ComputerPlayer, Personality
from .beginner import Beginner
from .solid import Solid
from .strong import Strong

_KINDS: dict[Personality, type[ComputerPlayer]] = {
    Personality.BEGINNER: Beginner,
    Personality.SOLID: Solid,
    Personality.STRONG: Strong,
}


def make_player(personality: Personality | str, seed: int | str = 0) -> ComputerPlayer:
    """A computer player of that personality ("beginner", "solid" or "strong")."""
    try:
        kind = _KINDS[Personality(personality)]
    except ValueError:
        raise ValueError(f"There is no computer player called {personality!r}") from None
    return kind(seed)


__all__ = ["Beginner", "ComputerPlayer", "Personality", "Solid", "Strong", "make_player"]
