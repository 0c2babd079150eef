"""A Standard table dealt so that the outside cards are known."""

from __future__ import annotations

from flask import Flask

from tests.web.conftest import MadeChild
from tests.web.helpers.tables import (
    set_level,
    start_table,
)

LINES = [[1, 2, 3, 9], [5, 6, 7, 8]]


DEAL = [*LINES[0], *LINES[1], 4, 0, 3, 5, 2, 8, 1]  # then the first DISCARD and the DRAW pile


def standard_table(app: Flask, child: MadeChild, **options: object) -> int:
    set_level(app, child, "standard", scoring="total")
    return start_table(app, [child], ["solid"], stacked=DEAL, **options)
