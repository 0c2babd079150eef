"""The move transaction (docs/play.md): a stale page gets 409 "The table has moved on", two
moves at once apply exactly once, a restart loses nothing, forged moves get the engine's
sentence and change nothing, and a child's choice is written with the move or not at all."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from classroom.extensions import db
from classroom.game import Action, ActionKind, Power, actions
from classroom.models import ChoiceRow, ComputerChoiceRow, PlayTable, TableEvent
from classroom.tables import moves
from classroom.tables.errors import TableMovedOn
from classroom.tables.loading import game_of, load_table
from classroom.tables.moves import play_move
from tests.web.conftest import MadeChild, MadeClass, child_session, sign_in_child
from tests.web.helpers.tables import (
    child_client,
    count_rows,
    game,
    play_to_counting,
    play_to_end,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
)

SWAP = int(Power.SWAP)
ROOT = Path(__file__).resolve().parents[3]


def test_a_stale_version_is_409_and_changes_nothing(app: Flask, child: MadeChild) -> None:
    table_id = start_table(app, [child], ["solid"])
    client = app.test_client()
    sign_in_child(client, child)
    before = snapshot(app, table_id)
    response = post_move(client, table_id, actions.DRAW, before[0] - 1)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "The table has moved on" in page
    # Without JavaScript the page says it with its picture, read aloud at a tap (data-say).
    refused = re.search(r'<p class="table-message"[^>]*>.*?</p>', page, re.S)
    assert refused is not None and "hidden" not in refused.group(0).split(">")[0]
    assert "data-say" in refused.group(0) and "icons/look.svg" in refused.group(0)
    quiet = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert re.search(r'<p class="table-message"[^>]* hidden>', quiet)  # nothing refused
    json = post_move(
        client, table_id, actions.DRAW, before[0] - 1, headers={"Accept": "application/json"}
    )
    assert json.status_code == 409
    assert json.get_json()["message"] == "The table has moved on"
    assert json.get_json()["version"] == before[0]
    assert "html" in json.get_json()
    assert snapshot(app, table_id) == before
    assert count_rows(app, ChoiceRow) == 0


def test_a_move_applies_and_records_the_choice(app: Flask, child: MadeChild) -> None:
    table_id = start_table(app, [child], ["solid"])
    client = app.test_client()
    sign_in_child(client, child)
    version = snapshot(app, table_id)[0]
    events_before = count_rows(app, TableEvent)
    response = post_move(client, table_id, actions.DRAW, version)
    assert response.status_code == 303
    assert snapshot(app, table_id)[0] == version + 1
    assert count_rows(app, TableEvent) > events_before
    with app.app_context():
        row = db.session.scalars(db.select(ChoiceRow)).one()
        assert row.child_id == child.id
        assert row.table_id == table_id
        assert (row.kind, row.action, row.outcome) == ("source", "draw", "drew")
        assert row.facts["action"] == "draw"
        assert row.level == "ultra_peek"


def test_a_change_someone_else_beat_is_tried_again_after_a_random_growing_pause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Beaten TRIES - 1 times, the change still goes through; each pause is random and at
    most BACKOFF times the number of tries so far; beaten every time, TableMovedOn."""
    pauses: list[float] = []
    monkeypatch.setattr(moves.time, "sleep", pauses.append)
    beaten = iter(range(moves.TRIES - 1))

    def attempt() -> str:
        if next(beaten, None) is not None:
            raise TableMovedOn()
        return "written"

    assert moves.retried(attempt) == "written"
    assert len(pauses) == moves.TRIES - 1
    assert all(0 <= p <= moves.BACKOFF * n for n, p in enumerate(pauses, start=1))
    assert len(set(pauses)) > 1  # not the same for everyone
    pauses.clear()

    def always_beaten() -> str:
        raise TableMovedOn()

    with pytest.raises(TableMovedOn):
        moves.retried(always_beaten)
    assert len(pauses) == moves.TRIES - 1  # no pause after the last try


def test_four_children_counting_at_once_are_all_counted(
    make_app: Callable[..., Flask],
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """The end of a round: four children post their counts at the same moment (four app
    instances, as four server processes). Each count bumps the table's version, so all but
    one are beaten and tried again; every one is counted, none told the table moved on, and
    the last deals the next round."""
    children = [make_child(classroom, name) for name in ("Mia", "Leo", "Ava", "Noah")]
    for made in children:
        set_level(app, made, "ultra_peek", scoring="total")
    table_id = start_table(app, children, rounds=2)
    tablets = [child_client(app, made) for made in children]
    play_to_counting(app, tablets, table_id)
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        totals = [sum(int(c) for c in line) for line in game_of(table).lines]
    apps = [make_app() for _ in children]
    barrier = threading.Barrier(len(children))
    answers: list[int] = []

    def count(seat: int) -> None:
        tablet = apps[seat].test_client()
        sign_in_child(tablet, children[seat])
        barrier.wait()
        response = tablet.post(f"/play/tables/{table_id}/count", data={"total": totals[seat]})
        answers.append(response.status_code)

    threads = [threading.Thread(target=count, args=(seat,)) for seat in range(len(children))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert answers == [303] * len(children)
    assert snapshot(app, table_id)[1] == "playing"  # the last count dealt round 2
    assert game(app, table_id).round_number == 2


def test_two_moves_at_once_exactly_one_applies(
    make_app: Callable[..., Flask], app: Flask, child: MadeChild
) -> None:
    """Two app instances (as two server processes) play the same move with the same version
    at the same moment, on this test run's database (SQLite or PostgreSQL)."""
    table_id = start_table(app, [child], ["solid"])
    version = snapshot(app, table_id)[0]
    apps = [make_app(), make_app()]
    barrier = threading.Barrier(2)
    results: list[str] = []

    def play(instance: Flask) -> None:
        with instance.app_context():
            barrier.wait()
            try:
                play_move(table_id, 0, actions.DRAW, version)
                results.append("applied")
            except TableMovedOn:
                results.append("moved on")
            finally:
                db.session.remove()

    threads = [threading.Thread(target=play, args=(a,)) for a in apps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results) == ["applied", "moved on"]
    assert snapshot(app, table_id)[0] == version + 1
    assert count_rows(app, ChoiceRow) == 1


def test_a_restart_continues_the_game(
    make_app: Callable[..., Flask], app: Flask, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["beginner"])
    client = app.test_client()
    sign_in_child(client, child)
    post_move(client, table_id, actions.DRAW, snapshot(app, table_id)[0])
    state = snapshot(app, table_id)
    restarted = make_app()  # a new server on the same database: nothing in memory carries over
    client = restarted.test_client()
    sign_in_child(client, child)
    page = client.get(f"/play/tables/{table_id}")
    assert page.status_code == 200
    assert snapshot(restarted, table_id) == state
    assert game(restarted, table_id).hand is not None  # the drawn card is still in hand
    play_to_end(restarted, {0: client}, table_id)
    assert snapshot(restarted, table_id)[1] == "finished"


@pytest.mark.parametrize(
    ("who", "action", "sentence"),
    [
        (1, actions.DRAW, "turn"),
        (0, Action(ActionKind.REPLACE, position=7), "no place 7"),
        (0, actions.TAKE_DISCARD, "cannot be taken from the DISCARD pile"),
    ],
)
def test_forged_and_impossible_moves_get_the_engine_sentence(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    who: int,
    action: Action,
    sentence: str,
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "peek")
    set_level(app, leo, "peek")
    # Mia draws a SWAP and says no thanks: a SWAP lies on top of the DISCARD pile.
    lines = [[1, 2, 3, 4], [5, 6, 7, 8]]
    stacked = [*lines[0], *lines[1], 5, SWAP, 3, 4, 5]
    table_id = start_table(app, [mia, leo], stacked=stacked)
    clients = {}
    for seat, kid in enumerate((mia, leo)):
        clients[seat] = app.test_client()
        sign_in_child(clients[seat], kid)
    if action == actions.TAKE_DISCARD:
        for step in (actions.DRAW, actions.DECLINE_SWAP, actions.END_TURN):
            version = snapshot(app, table_id)[0]
            assert post_move(clients[0], table_id, step, version).status_code == 303
        who = 1
    elif who == 1:
        pass
    else:
        post_move(clients[0], table_id, actions.DRAW, snapshot(app, table_id)[0])
    before = snapshot(app, table_id)
    choices = count_rows(app, ChoiceRow)
    response = post_move(clients[who], table_id, action, before[0])
    assert 400 <= response.status_code < 500
    assert sentence in response.get_data(as_text=True)
    assert snapshot(app, table_id) == before
    assert count_rows(app, ChoiceRow) == choices


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "nonsense", "version": "1"},
        {"kind": "replace", "position": "abc", "version": "1"},
        {"kind": "swap", "position": "1", "other_seat": "9", "other_position": "1", "version": "1"},
        {"kind": "draw"},
        {"kind": "draw", "version": "x"},
        {},
    ],
)
def test_garbage_fields_are_4xx_and_change_nothing(
    app: Flask, child: MadeChild, data: dict[str, str]
) -> None:
    table_id = start_table(app, [child], ["solid"])
    client = app.test_client()
    sign_in_child(client, child)
    before = snapshot(app, table_id)
    response = client.post(f"/play/tables/{table_id}/move", data=data)
    assert 400 <= response.status_code < 500
    assert snapshot(app, table_id) == before
    assert count_rows(app, ChoiceRow) == 0


def test_a_child_cannot_move_at_another_table(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    table_id = start_table(app, [mia], ["solid"])
    client = app.test_client()
    sign_in_child(client, leo)
    before = snapshot(app, table_id)
    assert post_move(client, table_id, actions.DRAW, before[0]).status_code == 404
    assert client.get(f"/play/tables/{table_id}").status_code == 404
    assert snapshot(app, table_id) == before


def test_computer_players_move_when_the_table_is_read(app: Flask, child: MadeChild) -> None:
    table_id = start_table(app, [child], ["strong"], first_seat=1)
    client = app.test_client()
    sign_in_child(client, child)
    assert game(app, table_id).current_seat == 1
    version = snapshot(app, table_id)[0]
    news = poll(client, table_id, version)
    assert news["version"] == version + 1  # one computer action per read
    assert news["changed"] and "html" in news
    assert count_rows(app, ComputerChoiceRow, table_id=table_id) == 1
    assert count_rows(app, ChoiceRow) == 0


def test_computer_players_wait_their_pace(make_app: Callable[..., Flask], child: MadeChild) -> None:
    slow = make_app(COMPUTER_PACE=60)
    table_id = start_table(slow, [child], ["solid"], first_seat=1)
    client = slow.test_client()
    sign_in_child(client, child)
    version = snapshot(slow, table_id)[0]
    assert poll(client, table_id, version)["changed"] is False
    assert snapshot(slow, table_id)[0] == version


@pytest.mark.parametrize("level", ["ultra_peek", "peek", "outside_peek", "standard"])
def test_a_whole_game_against_computers_at_every_level(
    app: Flask, child: MadeChild, level: str
) -> None:
    set_level(app, child, level, scoring="cubes_and_total")
    table_id = start_table(app, [child], ["beginner", "solid", "strong"], rounds=2)
    client = app.test_client()
    sign_in_child(client, child)
    play_to_end(app, {0: client}, table_id, seed=7)
    from classroom.models import CountRow, RoundRow

    assert count_rows(app, RoundRow, child_id=child.id) == 2
    assert count_rows(app, CountRow, child_id=child.id) == 2
    with app.app_context():
        count = db.session.scalars(db.select(CountRow)).first()
        assert count is not None
        assert count.typed_total == count.true_total == sum(count.numerals)
        table = db.session.get(PlayTable, table_id)
        assert table is not None and table.status == "finished"
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "The game is over!" in page


# A new app process (a gunicorn worker just started) whose very first request is a move.
FIRST_REQUEST = """
import json, sys
from pathlib import Path
from classroom import create_app
from tests.conftest import base_config
url, instance, table_id, version, session, data = sys.argv[1:7]
app = create_app(base_config(url, Path(instance)))
client = app.test_client()
with client.session_transaction() as cookie:
    cookie.update(json.loads(session))
answer = client.post(f"/play/tables/{table_id}/move", data=json.loads(data))
print(answer.status_code, answer.get_data(as_text=True)[-500:])
"""


def test_a_new_process_whose_first_request_is_a_move_plays_it(
    app: Flask, child: MadeChild, tmp_path: Path
) -> None:
    """The move reads its table as objects of no session, which needs the ORM's relationships
    set up; a process sets them up at its first ORM query, and a worker whose first request
    was a move had asked none (a 500 in a load run)."""
    table_id = start_table(app, [child], ["solid"])
    version = snapshot(app, table_id)[0]
    data = {"version": str(version), **{k: str(v) for k, v in actions.DRAW.to_dict().items()}}
    args = [
        app.config["SQLALCHEMY_DATABASE_URI"],
        str(tmp_path / "instance"),
        str(table_id),
        str(version),
        json.dumps(child_session(app, child)),
        json.dumps(data),
    ]
    done = subprocess.run(
        [sys.executable, "-c", FIRST_REQUEST, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split()[0] == "303", done.stdout + done.stderr[-3000:]  # to the table
    assert snapshot(app, table_id)[0] > version  # the move was made
