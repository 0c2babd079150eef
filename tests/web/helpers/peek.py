"""A Standard table whose first draw is a PEEK."""

from __future__ import annotations

from flask import Flask

from classroom.game import Power
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import (
    set_level,
    start_table,
)

PEEK = int(Power.PEEK)


LINES = [[1, 2, 3, 4], [5, 6, 7, 8]]


def peek_table(app: Flask, child: MadeChild) -> int:
    """Standard level; the child's first draw is a PEEK."""
    set_level(app, child, "standard")
    stacked = [*LINES[0], *LINES[1], 5, PEEK, 3, 4]
    return start_table(app, [child], ["solid"], stacked=stacked)
