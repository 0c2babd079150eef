"""What the table services refuse with."""

from __future__ import annotations


class TableMovedOn(Exception):
    """Someone moved first: the page the move came from is out of date."""

    def __init__(self) -> None:
        super().__init__("The table has moved on")


class TableError(ValueError):
    """A request the table cannot do, with a sentence a child's teacher could read."""
