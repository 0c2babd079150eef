"""The engine options of a table: from a child's assignment, and those a teacher may choose
at each level."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from classroom.assignments import Assignment
from classroom.game import Level, new_game

from .errors import TableError


def table_options(level: str, assignment: Assignment, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The engine options of a table a teacher sets up: the children's assignment, then the
    teacher's choices (`chosen`; None means "as assigned"). A choice the level does not have
    is left out (the page hides it). Checked by the engine: a TableError with its sentence."""
    options = assignment.engine_options()
    allowed = Level(level).options()
    options.update({k: v for k, v in chosen.items() if v is not None and k in allowed})
    try:
        new_game(level, 2, seed=0, options=options)  # the engine's own check of the options
    except ValueError as refused:
        raise TableError(str(refused)) from None
    return options
