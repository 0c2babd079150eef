"""The load benchmark's simulated child reads the app's pages as a child sees them: a round's
results (no board, until "Next round!") are read as such, and the button leads on to the next
round's board (without it, every table of a full-speed run stopped after its first round)."""

from __future__ import annotations

from flask import Flask

from tests.web.conftest import MadeChild
from tests.web.tables import count_for, snapshot
from tests.web.test_tables_no_spoilers import to_counting
from tools.loadbench import page


def test_the_round_s_results_lead_on_to_the_next_round(app: Flask, child: MadeChild) -> None:
    table_id, kid = to_counting(app, child, "cubes", rounds=2)
    counting = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.read_count(counting) is not None and page.next_round_url(counting) is None
    count_for(app, kid, table_id, 0)
    assert snapshot(app, table_id)[1] == "playing"  # the count dealt round 2
    results = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.read_board(results).status == ""  # no board: nothing to poll or play
    url = page.next_round_url(results)
    assert url == f"/play/tables/{table_id}?next=1"
    board = page.read_board(kid.get(url).get_data(as_text=True))
    assert board.status == "playing" and board.version == snapshot(app, table_id)[0]


def test_the_pages_that_listen_to_a_stream_are_told_apart(app: Flask, child: MadeChild) -> None:
    """With pushed updates the simulated child opens a stream for each table page it opens,
    as a browser's EventSource does, and none for the results between rounds."""
    app.config["TABLE_PUSH"] = 55
    table_id, kid = to_counting(app, child, "cubes", rounds=2)
    counting = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.EVENTS_MARK in counting
    count_for(app, kid, table_id, 0)
    results = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.EVENTS_MARK not in results  # the results page asks with here.js instead
    board = kid.get(f"/play/tables/{table_id}?next=1").get_data(as_text=True)
    assert page.EVENTS_MARK in board
    app.config["TABLE_PUSH"] = 0
    polling = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert page.EVENTS_MARK not in polling  # polls only: no stream to open
