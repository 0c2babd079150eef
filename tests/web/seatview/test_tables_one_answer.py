"""One answer for what a seat sees (classroom/seatview/seen.py): a move's answer, a refused
move's, the poll's and a pushed event's are one builder's, so for the same seat and the same
page version they bring byte for byte the same board, story, version and status."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game import actions
from classroom.models import Child, Teacher
from classroom.tables import seating
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_teacher
from tests.web.helpers.tables import child_client, game, post_move, set_level, snapshot

SHARED = ("html", "story", "version", "status")  # the parts every kind of answer sends
JSON = {"Accept": "application/json"}


def parts(answer: dict[str, Any]) -> dict[str, str]:
    """The shared parts of an answer as the bytes of their JSON."""
    return {part: json.dumps(answer[part], sort_keys=True) for part in SHARED}


def events(chunks: Iterator[bytes]) -> Iterator[dict[str, Any]]:
    """The data of each event of a stream that carries any (not the heartbeats)."""
    buffer = ""
    for chunk in chunks:
        buffer += chunk.decode()
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            for line in block.split("\n"):
                if line.startswith("data: ") and line != "data: {}":
                    yield json.loads(line.removeprefix("data: "))


def first_with_board(stream: Iterator[dict[str, Any]]) -> dict[str, Any]:
    """The stream's first event that brings a board."""
    return next(data for data in stream if "html" in data)


def test_the_move_the_refusal_the_poll_and_the_stream_give_a_seat_one_answer(
    make_app: Callable[..., Flask],
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    teacher: MadeTeacher,
) -> None:
    """Mia (seat 0), Leo (seat 1) and their teacher sitting in (seat 2), their streams open at
    version V. Mia draws. For each seat at V: Mia's move answer, a move each seat sends from
    its page at V (refused, 409), each seat's poll at V, and each stream's event (Leo's built
    from the one read a process shares, the teacher's from her own read) agree byte for byte
    on the board, the story since V, the version and the status."""
    app = make_app(TABLE_PUSH=5)
    mia, leo = make_child(classroom, "Mia K."), make_child(classroom, "Leo M.")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek")
    with app.app_context():
        first = db.session.get(Child, mia.id)
        assert first is not None
        table = seating.open_table(classroom.id, "ultra_peek", {"rounds": 1}, first.scoring)
        for made in (mia, leo):
            row = db.session.get(Child, made.id)
            assert row is not None
            seating.seat_child(table.id, row)
        teacher_row = db.session.get(Teacher, teacher.id)
        assert teacher_row is not None
        seating.seat_teacher(table.id, teacher_row)
        seating.start_table(table.id)
        table_id = table.id
    assert game(app, table_id).current_seat == 0
    tablets = {0: child_client(app, mia), 1: child_client(app, leo)}
    ms_lee = app.test_client()
    sign_in_teacher(ms_lee, teacher)
    version = snapshot(app, table_id)[0]
    urls = {
        "poll": {
            0: "/play/tables/{}/state",
            1: "/play/tables/{}/state",
            2: "/tables/{}/play/state",
        },
        "move": {0: "/play/tables/{}/move", 1: "/play/tables/{}/move", 2: "/tables/{}/move"},
        "events": {1: "/play/tables/{}/events", 2: "/tables/{}/play/events"},
    }
    clients: dict[int, FlaskClient] = {**tablets, 2: ms_lee}
    # Each page opened at V (its seat seen), and Leo's and the teacher's streams waiting at V.
    for seat, client in clients.items():
        assert client.get(urls["poll"][seat].format(table_id) + f"?version={version}").json
    opened = {seat: threading.Event() for seat in (1, 2)}
    pushed: dict[int, dict[str, Any]] = {}

    def listen(seat: int) -> None:
        # Each stream in a thread of its own, as each has its own request context.
        url = urls["events"][seat].format(table_id) + f"?version={version}"
        response = clients[seat].get(url, buffered=False)
        assert response.status_code == 200
        chunks = iter(response.response)
        next(chunks)  # the version it starts at, and a heartbeat
        opened[seat].set()
        try:
            pushed[seat] = first_with_board(events(chunks))
        finally:
            response.close()

    listening = [threading.Thread(target=listen, args=(seat,)) for seat in (1, 2)]
    for thread in listening:
        thread.start()
    for seat in (1, 2):
        assert opened[seat].wait(10)

    moved = post_move(tablets[0], table_id, actions.DRAW, version, headers=JSON)
    assert moved.status_code == 200, moved.get_data(as_text=True)[:300]
    move_answer = moved.get_json()
    assert move_answer["ok"] is True and move_answer["version"] == version + 1
    assert move_answer["story"], "the move's answer tells the draw"

    for thread in listening:
        thread.join(10)
    for seat, client in clients.items():
        poll = client.get(urls["poll"][seat].format(table_id) + f"?version={version}").get_json()
        stale = client.post(
            urls["move"][seat].format(table_id),
            data={"version": str(version), **actions.END_TURN.to_dict()},
            headers=JSON,
        )
        assert stale.status_code == 409, stale.get_data(as_text=True)[:300]
        refused = stale.get_json()
        assert refused["ok"] is False and refused["message"] == "The table has moved on"
        answers = {"poll": parts(poll), "refused": parts(refused)}
        if seat == 0:
            answers["move"] = parts(move_answer)
        else:
            answers["stream"] = parts(pushed[seat])
        assert poll["version"] == version + 1 and poll["story"]
        kinds = sorted(answers)
        for part in SHARED:
            told = {kind: answers[kind][part] for kind in kinds}
            assert len(set(told.values())) == 1, (seat, part, told)
