"""The good-choice signal (docs/play.md, "The owl"): a child's right comparison (a lower card
in place of a higher known one, ChoiceFacts.placed_lower) marks the line of that placing for
that child's seat only, the same way by the move's answer, a poll and a stream (which sends
the poll's answer, or "yours" to the mover's other tablet, which then polls); never for a
wrong comparison or a non-comparison, never to another seat or the teacher watching."""

from __future__ import annotations

import json
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.extensions import db
from classroom.game.actions import END_TURN, TAKE_DISCARD, replace
from classroom.models import TableEvent
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.live import messages
from tests.web.helpers.tables import child_client, poll, post_move, set_level, snapshot, start_table

JSON = {"Accept": "application/json"}
# Ultra-Peek (every card face up): Mia 9 8 2 1, Leo 4 4 2 2, the DISCARD card a 3 (a place
# on the 9 or the 8 is right, on the 2 or the 1 wrong).
DECK = [9, 8, 2, 1, 4, 4, 2, 2, 3, 5, 5, 1]


def marked(data: dict[str, object]) -> bool:
    """Does a live answer carry the good-choice mark anywhere (a line, a story item)?"""
    lines = [*data.get("moves", []), *data.get("news", [])]  # type: ignore[misc]
    return any(line.get("good") for line in lines) or any(
        "data-good" in item
        for item in data.get("story", [])  # type: ignore[union-attr]
    )


def move(client: FlaskClient, app: Flask, table_id: int, action: object) -> dict[str, object]:
    response = post_move(client, table_id, action, snapshot(app, table_id)[0], headers=JSON)  # type: ignore[arg-type]
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_json()  # type: ignore[no-any-return]


def test_a_right_comparison_is_told_to_its_own_seat_only(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    teacher_client: FlaskClient,
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek")
    table_id = start_table(app, [mia, leo], stacked=DECK)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    mia_second = child_client(app, mia)  # Mia's second tablet: it learns by polling

    taking = move(mia_tablet, app, table_id, TAKE_DISCARD)
    assert not marked(taking)  # taking the DISCARD card is no comparison
    before = snapshot(app, table_id)[0]
    placed = move(mia_tablet, app, table_id, replace(1))  # the 3 in place of the 9
    # The move's answer: the line of her placing carries the mark, and its story item.
    [good] = [line for line in placed["moves"] if line.get("good")]  # type: ignore[union-attr]
    assert good["kind"] == "placed" and good["seat"] == 0 and good["position"] == 1
    assert sum("data-good" in item for item in placed["story"]) == 1  # type: ignore[union-attr]
    # A poll from the version before brings it the same way (a pushed update is that answer).
    assert marked(poll(mia_second, table_id, before))
    # Leo and the teacher watching see the move, without the mark.
    for other in (
        poll(leo_tablet, table_id, before),
        teacher_client.get(f"/tables/{table_id}/watch/state?version={before}").get_json(),
    ):
        assert other["changed"] and other["story"]
        assert not marked(other)
    # The streams: Leo's sends the move without the mark; Mia's own move is sent to her
    # second tablet as "yours", which then asks for the table as the poll above did.
    app.config["TABLE_PUSH"] = 1.2
    for tablet, seat_sees in ((leo_tablet, "story"), (mia_second, "yours")):
        response = tablet.get(
            f"/play/tables/{table_id}/events?version={before}",
            headers={"Last-Event-ID": str(before)},
            buffered=False,
        )
        pushed = [json.loads(m["data"]) for m in messages(response.response) if m.get("data")]
        [sent] = [p for p in pushed if p.get("version") == before + 1]
        assert seat_sees in sent and not marked(sent)
    # The whole page: Leo's and the teacher's story lists never have it.
    assert "data-good" not in leo_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    watch = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert "data-good" not in watch
    with app.app_context():
        stored = [
            e
            for e in db.session.scalars(
                select(TableEvent.event).where(TableEvent.table_id == table_id)
            )
            if "good" in e
        ]
    assert stored == [{"good": 0}]

    assert not marked(move(mia_tablet, app, table_id, END_TURN))
    # Leo takes the 9 and puts it on his 2: a wrong comparison (a commission), no mark.
    assert not marked(move(leo_tablet, app, table_id, TAKE_DISCARD))
    wrong_at = snapshot(app, table_id)[0]
    assert not marked(move(leo_tablet, app, table_id, replace(3)))
    assert not marked(poll(leo_tablet, table_id, wrong_at))
    assert not marked(poll(mia_tablet, table_id, wrong_at))
