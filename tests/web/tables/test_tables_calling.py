"""More turns per game (issue 39): at a table with a child, a computer player does not call
Rat-a-Tat-Cat before the child has had their number of turns of the round (R10 lets it: this
is the table's pacing for a child, not a rule of the game), the level's number unless the
teacher set the child's own."""

from __future__ import annotations

import pytest
from flask import Flask

from classroom.tables.calling import LEVEL_TURNS, turns_for
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import child_client, game, play_turn, poll, set_level, start_table

# Top Cat is dealt 0 0 0 1 and knows it (Ultra-Peek: every card face up): it calls as soon as
# it may. The child's line is high, and so are the DISCARD card and the DRAW pile.
LOW_COMPUTER = [9, 9, 8, 8, 0, 0, 0, 1, 8, *([9, 7, 6, 5] * 4), 9, 9, 9, 8]


def child_turns_at_the_call(app: Flask, child: MadeChild) -> int:
    """Play the child's turns plainly until Top Cat calls; the child's turns by then."""
    table_id = start_table(app, [child], ["strong"], stacked=LOW_COMPUTER)
    client = child_client(app, child)
    for _ in range(40):
        now = game(app, table_id)
        if now.caller is not None:
            assert now.caller == 1
            return now.view(0).turns_taken[0]
        if now.current_seat == 0:
            play_turn(app, client, table_id)
        else:
            poll(client, table_id)  # the computer player moves when the table is read
    raise AssertionError("Top Cat never called")


def test_a_computer_player_waits_for_the_levels_turns(app: Flask, child: MadeChild) -> None:
    """R10 with the table's pacing: Ultra-Peek's child has 4 turns before Top Cat calls."""
    set_level(app, child, "ultra_peek", scoring="total")
    assert child_turns_at_the_call(app, child) == LEVEL_TURNS["ultra_peek"] == 4


@pytest.mark.parametrize("turns", [0, 2, 6])
def test_the_teacher_sets_the_childs_own_number(app: Flask, child: MadeChild, turns: int) -> None:
    set_level(app, child, "ultra_peek", scoring="total", turns_before_call=turns)
    # 0: the call comes at Top Cat's first turn, after the child's first (the child starts).
    assert child_turns_at_the_call(app, child) == max(turns, 1)


def test_the_number_by_level() -> None:
    assert [turns_for(level, None) for level in LEVEL_TURNS] == [4, 4, 3, 3]
    assert turns_for("standard", 7) == 7
