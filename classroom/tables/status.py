"""A table's life: children gather (open), play, count at the end of each round, done."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """The status column of a play table; a StrEnum, so the stored strings stay the same."""

    OPEN = "open"
    PLAYING = "playing"
    COUNTING = "counting"
    FINISHED = "finished"


# The statuses of a game in play: a seat may be taken over, an away child stood in for. This
# is also the one meaning of "playing now": the Today panel counts the class's tables with
# these statuses, the very rows the Card tables page shows as "playing" or "counting".
IN_PLAY = (TableStatus.PLAYING, TableStatus.COUNTING)
