"""The end of a round on the child's results (templates/play/_celebrate.html): a celebration
when their bar is the shortest, between rounds of a series too (the browser tests in
tests/web/browser/test_play_voice.py cover the last round and the kind word)."""

from __future__ import annotations

from flask import Flask

from classroom.game import actions
from tests.web.conftest import MadeChild
from tests.web.tables import (
    child_client,
    count_for,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
)


def test_between_rounds_the_child_with_the_shortest_bar_is_celebrated(
    app: Flask, child: MadeChild
) -> None:
    """A series of two rounds: Mia (0 0 0 1) calls at once against Kitten (four 9s); once she
    has counted, the next round is dealt and her page shows round 1's celebration."""
    set_level(app, child, "ultra_peek", scoring="total")
    stacked = [0, 0, 0, 1, 9, 9, 9, 9, 5, 8, 8, 8, 8]
    table_id = start_table(app, [child], ["beginner"], stacked=stacked, rounds=2)
    client = child_client(app, child)
    for step in (actions.DRAW, actions.DISCARD, actions.CALL):
        assert post_move(client, table_id, step, snapshot(app, table_id)[0]).status_code == 303
    for _ in range(6):
        poll(client, table_id)  # Kitten's last turn
    assert snapshot(app, table_id)[1] == "counting"
    count_for(app, client, table_id, 0)
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 is over!" in page
    assert 'data-celebrate="shortest"' in page and "Hooray! Your bar is the shortest!" in page
    assert 'data-celebrate="kind"' not in page
