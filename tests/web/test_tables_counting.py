"""Counting at the end of a round without JavaScript (cube presses re-show the form, a snap
records, the typed total comes after the cubes where assigned), looks at Peek levels, and the
bars of a series."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game import actions
from classroom.models import CountRow, LookRow
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.tables import (
    count_for,
    count_rows,
    game,
    play_turn,
    set_level,
    snapshot,
    start_table,
)


def end_the_round(app: Flask, client: FlaskClient, table_id: int) -> None:
    """The child calls at once (or ends their last turn if the computer player called)."""
    play_turn(app, client, table_id, finish=actions.CALL)
    for _ in range(20):
        if snapshot(app, table_id)[1] != "playing":
            break
        client.get(f"/play/tables/{table_id}/state?version=-1")
    assert snapshot(app, table_id)[1] == "counting"


@pytest.mark.parametrize("scoring", ["cubes", "cubes_and_total", "total"])
def test_counting_without_javascript(app: Flask, child: MadeChild, scoring: str) -> None:
    set_level(app, child, "ultra_peek", scoring=scoring)
    table_id = start_table(app, [child], ["solid"])
    client = app.test_client()
    sign_in_child(client, child)
    end_the_round(app, client, table_id)
    line = [int(c) for c in game(app, table_id).lines[0]]
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    url = f"/play/tables/{table_id}/count"
    if scoring == "total":
        assert "Type your total" in page and "Snap the bar!" not in page
    else:
        assert "Snap the bar!" in page
        # One cube more on place 1, without JavaScript: the form comes back with it.
        pressed = client.post(url, data={"cubes_1": "0", "press": "add-1"})
        assert pressed.status_code == 303
        again = client.get(pressed.headers["Location"]).get_data(as_text=True)
        assert 'name="cubes_1" value="1"' in again
        wrong = [n + 1 if i == 1 else n for i, n in enumerate(line)]
        data = {f"cubes_{p + 1}": str(n) for p, n in enumerate(wrong)} | {"press": "snap"}
        if line[1]:
            # A stack that does not match: one gentle "count again", then the snap records.
            hinted = client.post(url, data=data)
            assert "recount=1" in hinted.headers["Location"]
            again = client.get(hinted.headers["Location"]).get_data(as_text=True)
            assert f"Count again: this card says {line[1]}." in again
            assert f'action="{url}?hinted=1"' in again
            assert count_rows(app, CountRow) == 0
            assert client.post(url + "?hinted=1", data=data).status_code == 303
        else:
            assert client.post(url, data=data | {"hinted": "1"}).status_code == 303
    if scoring != "cubes":
        page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
        assert "Type your total" in page
        assert client.post(url, data={"total": str(sum(line) + 1)}).status_code == 303
    assert snapshot(app, table_id)[1] == "finished"
    with app.app_context():
        row = db.session.scalars(db.select(CountRow)).one()
        assert row.numerals == line
        assert row.true_total == sum(line)
        if scoring == "total":
            assert row.cubes == [None] * 4
            assert row.typed_total == sum(line) + 1
        else:
            assert row.cubes[1] == (None if line[1] == 0 else line[1] + 1)
            assert row.corrected_by_hint is True
            assert row.typed_total == (None if scoring == "cubes" else sum(line) + 1)
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert f"Your line makes {sum(line)} points." in page
    assert "Everyone&#39;s bars" in page or "Everyone's bars" in page
    # Counting twice is refused.
    assert client.post(url, data={"total": "3"}).status_code == 422


def test_looks_are_recorded_where_the_level_allows(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "outside_peek")
    set_level(app, leo, "standard")
    for kid, allowed, refused in ((mia, "1", "2"), (leo, None, "1")):
        table_id = start_table(app, [kid], ["solid"])
        client = app.test_client()
        sign_in_child(client, kid)
        before = snapshot(app, table_id)
        if allowed:
            looked = client.post(f"/play/tables/{table_id}/look", data={"position": allowed})
            assert looked.status_code == 303  # Post/Redirect/Get: the next page shows it
            page = client.get(looked.headers["Location"])
            card = game(app, table_id).lines[0][0]
            assert f'data-seat="0" data-position="1" data-card="{card}"' in page.get_data(
                as_text=True
            )
        refusal = client.post(f"/play/tables/{table_id}/look", data={"position": refused})
        assert refusal.status_code == 422
        assert snapshot(app, table_id) == before  # a look changes no game
    assert count_rows(app, LookRow, child_id=mia.id) == 1
    assert count_rows(app, LookRow, child_id=leo.id) == 0


def test_series_bars_grow_round_by_round(app: Flask, child: MadeChild) -> None:
    set_level(app, child, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [child], ["solid"], rounds=2)
    client = app.test_client()
    sign_in_child(client, child)
    end_the_round(app, client, table_id)
    count_for(app, client, table_id, 0)
    assert snapshot(app, table_id)[1] == "playing"
    assert game(app, table_id).round_number == 2
    for _ in range(50):
        g = game(app, table_id)
        if g.current_seat == 0:
            break
        client.get(f"/play/tables/{table_id}/state?version=-1")
    end_the_round(app, client, table_id)
    count_for(app, client, table_id, 0)
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 2" in page  # the key of the round colours
    assert "The game is over!" in page
