"""Counting at the end of a round without JavaScript (cube presses re-show the form, a snap
records, the typed total comes after the cubes where assigned), looks at Peek levels, and the
bars of a series."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask

from classroom.extensions import db
from classroom.models import CountRow, LookRow
from tests.web.conftest import MadeChild, MadeClass, sign_in_child
from tests.web.helpers.live import statements_of
from tests.web.helpers.tables import (
    child_client,
    count_for,
    count_rows,
    end_the_round,
    game,
    play_to_counting,
    set_level,
    snapshot,
    start_table,
)


def test_a_miscount_is_not_praised(app: Flask, child: MadeChild) -> None:
    """Two wrong totals: the page counts together with the child, and the kind word beside it
    (their bar was not the shortest) does not say "Good counting!"; a right total does."""
    set_level(app, child, "ultra_peek", scoring="total")
    stacked = [9, 9, 8, 7, 0, 1, 2, 3, *([4, 8, 3, 5, 2, 6, 1, 7, 0] * 3)]
    for typed, praised in (([30, 31], False), ([None], True)):
        table_id = start_table(app, [child], ["solid"], stacked=stacked)
        client = app.test_client()
        sign_in_child(client, child)
        end_the_round(app, client, table_id)
        line = [int(c) for c in game(app, table_id).lines[0]]
        for total in typed:
            answer = client.post(
                f"/play/tables/{table_id}/count", data={"total": str(total or sum(line))}
            )
        page = client.get(answer.headers["Location"]).get_data(as_text=True)
        assert 'data-celebrate="kind"' in page
        assert ("Good counting!" in page) is praised
        assert ("Let's count together" in page) is not praised


@pytest.mark.parametrize("scoring", ["cubes", "cubes_and_total"])
def test_a_bar_still_wrong_after_its_hint_is_not_taken_for_the_childs(
    app: Flask, child: MadeChild, scoring: str
) -> None:
    """Stacks wrong twice (one cube too many on a card, both times): the count is recorded,
    but the page does not pass the cards' own bar off as the child's: it counts together with
    the child ("Let's count together: 9 + 9 + 8 + 7 = 33") and the kind word does not say
    "Good counting!", even when the total typed after it is right; stacks put right after
    their hint are praised."""
    set_level(app, child, "ultra_peek", scoring=scoring)
    stacked = [9, 9, 8, 7, 0, 1, 2, 3, *([4, 8, 3, 5, 2, 6, 1, 7, 0] * 3)]
    for second_wrong in (True, False):
        table_id = start_table(app, [child], ["solid"], stacked=stacked)
        client = app.test_client()
        sign_in_child(client, child)
        end_the_round(app, client, table_id)
        line = [int(c) for c in game(app, table_id).lines[0]]
        url = f"/play/tables/{table_id}/count"
        wrong = [line[0] + 1, *line[1:]]
        snap = {"press": "snap"}
        client.post(url, data=snap | {f"cubes_{p}": str(n) for p, n in enumerate(wrong, 1)})
        second = wrong if second_wrong else line
        answer = client.post(
            url, data=snap | {f"cubes_{p}": str(n) for p, n in enumerate(second, 1)}
        )
        if scoring == "cubes_and_total":
            answer = client.post(url, data={"total": str(sum(line))})
        assert answer.headers["Location"].endswith("?told=1") is second_wrong
        page = client.get(answer.headers["Location"]).get_data(as_text=True)
        together = f"Let's count together: {' + '.join(map(str, line))} = {sum(line)}."
        assert (together in page) is second_wrong
        assert ("Good counting!" in page) is not second_wrong
        with app.app_context():
            row = db.session.scalars(db.select(CountRow).order_by(CountRow.id.desc())).first()
            assert row is not None and row.cube_hint is True
            assert row.corrected_by_hint is not second_wrong


@pytest.mark.parametrize("scoring", ["cubes", "cubes_and_total", "total"])
def test_counting_without_javascript(app: Flask, child: MadeChild, scoring: str) -> None:
    """Wrong stacks, then a wrong total: each gets one "Let's count again" (the server's
    decision), the next try goes on; the row keeps the first tries and which hints were shown."""
    set_level(app, child, "ultra_peek", scoring=scoring)
    table_id = start_table(app, [child], ["solid"])
    client = app.test_client()
    sign_in_child(client, child)
    end_the_round(app, client, table_id)
    line = [int(c) for c in game(app, table_id).lines[0]]
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    url = f"/play/tables/{table_id}/count"
    # One cube too many on the first card that takes cubes (a 0 card takes none: a cube put
    # there is not counted, so the deal must not decide whether this test sees a hint).
    place = next(i for i, n in enumerate(line) if n != 0)
    wrong = [n + 1 if i == place else n for i, n in enumerate(line)]
    if scoring == "total":
        assert "Type your total" in page and "Snap the bar!" not in page
    else:
        assert "Snap the bar!" in page
        # One cube more on place 1, without JavaScript: the form comes back with it.
        pressed = client.post(url, data={"cubes_1": "0", "press": "add-1"})
        assert pressed.status_code == 303
        again = client.get(pressed.headers["Location"]).get_data(as_text=True)
        assert 'name="cubes_1" value="1"' in again
        data = {f"cubes_{p + 1}": str(n) for p, n in enumerate(wrong)} | {"press": "snap"}
        # "hinted" from the browser is ignored: the server decides.
        hinted = client.post(url, data=data | {"hinted": "1"})
        assert hinted.status_code == 303
        again = client.get(hinted.headers["Location"]).get_data(as_text=True)
        assert "s count again!" in again
        assert "Look at the card with the arrow." in again  # the line above the cards
        assert again.count("count-card count-card-again") == 1  # and that card marked
        assert count_rows(app, CountRow) == 0
        # The second snap, put right, goes on.
        right = {f"cubes_{p + 1}": str(n) for p, n in enumerate(line)} | {"press": "snap"}
        assert client.post(url, data=right).status_code == 303
    if scoring != "cubes":
        page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
        assert "Type your total" in page
        assert client.post(url, data={"total": str(sum(line) + 1)}).status_code == 303
        again = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
        assert "count again!" in again and "Count the cubes. Type your total." in again
        assert 'class="cube-stack count-along-stack"' in again  # cubes to count along
        assert count_rows(app, CountRow) == 0
        told = client.post(url, data={"total": str(sum(line) + 2)})
        assert told.headers["Location"].endswith("?told=1")
        page = client.get(told.headers["Location"]).get_data(as_text=True)
        assert f"Let's count together: {' + '.join(map(str, line))} = {sum(line)}." in page
    assert snapshot(app, table_id)[1] == "finished"
    with app.app_context():
        row = db.session.scalars(db.select(CountRow)).one()
        assert row.numerals == line
        assert row.true_total == sum(line)
        if scoring == "total":
            assert row.cubes == [None] * 4
        else:
            # The stacks as first snapped (a 0 card has none), the hint recorded apart.
            assert row.cubes == [None if n == 0 else c for n, c in zip(line, wrong, strict=True)]
            assert row.cube_hint is True and row.corrected_by_hint is True
        assert row.typed_total == (None if scoring == "cubes" else sum(line) + 1)
        assert row.total_hint is (scoring != "cubes")
    page = client.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert f"Your line makes {sum(line)} points." in page
    assert "Everyone&#39;s bars" in page or "Everyone's bars" in page
    # Counting twice is refused.
    assert client.post(url, data={"total": "3"}).status_code == 422


@pytest.mark.parametrize("scoring", ["cubes", "cubes_and_total", "total"])
def test_a_right_first_try_has_no_hint(app: Flask, child: MadeChild, scoring: str) -> None:
    set_level(app, child, "ultra_peek", scoring=scoring)
    table_id = start_table(app, [child], ["solid"])
    client = app.test_client()
    sign_in_child(client, child)
    end_the_round(app, client, table_id)
    count_for(app, client, table_id, 0)
    with app.app_context():
        row = db.session.scalars(db.select(CountRow)).one()
        assert not row.cube_hint and not row.total_hint and not row.corrected_by_hint
        line = row.numerals
        assert row.cubes == ([None] * 4 if scoring == "total" else [n or None for n in line])
        assert row.typed_total == (None if scoring == "cubes" else sum(line))


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
    # Standard has no looks on request; the page that said so gave Leo the outside look (R3.3).
    assert count_rows(app, LookRow, child_id=leo.id) == 2
    assert count_rows(app, LookRow, child_id=leo.id, position=2) == 0


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
    # The way home has a picture as well as its words (a child who cannot read yet).
    assert re.search(r'<a class="button big with-picture back-home"[^>]*><img ', page)


def test_a_count_row_keeps_its_first_tries_and_hints(
    app: Flask, child: MadeChild, classroom: MadeClass
) -> None:
    """A count record stored as a row and read back keeps the first stacks, the first typed
    total and which "count again" hints were shown; a row written without them has none."""
    from datetime import UTC, datetime

    from classroom.insights import CountRecord
    from classroom.progress.records import record_of, row_values

    when = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    first = CountRecord(
        when, "g", child.id, 1, "peek", (2, 5, 1, 7), (2, 4, 1, 7), 19, 15, False, True, True
    )
    with app.app_context():
        model, values = row_values(first, classroom.id)
        db.session.add(model(**values))
        plain = {**values, "cube_hint": None, "total_hint": None}
        db.session.add(model(**{k: v for k, v in plain.items() if v is not None}))
        db.session.commit()
        stored, unhinted = db.session.scalars(db.select(CountRow).order_by(CountRow.id)).all()
        back = record_of(stored)
        assert isinstance(back, CountRecord)
        assert back.cubes == (2, 4, 1, 7) and back.typed_total == 19
        assert back.cube_hint is True and back.total_hint is True
        assert unhinted.cube_hint is False and unhinted.total_hint is False


def test_a_counting_table_reads_its_childrens_scoring_once_a_request(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """While a table counts, every read asks how each child counts (their assignment's
    scoring): one query for all the seats, not one a child, and each child's own answer."""
    kids = [make_child(classroom, name) for name in ("Ava", "Mia", "Leo")]
    for made, scoring in zip(kids, ("cubes", "total", "cubes_and_total"), strict=True):
        set_level(app, made, "ultra_peek", scoring=scoring)
    table_id = start_table(app, kids)
    tablets = [child_client(app, made) for made in kids]
    play_to_counting(app, tablets, table_id)
    page, statements = statements_of(app, lambda: tablets[1].get(f"/play/tables/{table_id}"))
    # One read of every seat's scoring; no child's row read for it (the page's own read of
    # the signed-in child is the one left).
    seats = [s for s in statements if s.startswith("SELECT table_seats.child_id, children.scoring")]
    rows = [s for s in statements if "children.scoring" in s and "FROM children WHERE" in s]
    assert len(seats) == 1 and len(rows) <= 1, statements
    mia_page = page.get_data(as_text=True)  # type: ignore[attr-defined]
    ava_page = tablets[0].get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "How many points? Type your total." in mia_page  # Mia types her total
    assert "Snap the bar!" in ava_page and "Type your total" not in ava_page  # Ava: cubes


@pytest.mark.parametrize("scoring", ["cubes", "total"])
def test_the_results_between_rounds_count_together_after_a_miscount(
    app: Flask, child: MadeChild, scoring: str
) -> None:
    """The results between two rounds, after a miscount (stacks or total wrong twice), count
    together with the child as the game's end does, from the line as they counted it (the
    next round is dealt by then): "Good try! Let's count together: 9 + 9 + 8 + 7 = 33."."""
    set_level(app, child, "ultra_peek", scoring=scoring)
    stacked = [9, 9, 8, 7, 0, 1, 2, 3, *([4, 8, 3, 5, 2, 6, 1, 7, 0] * 3)]
    table_id = start_table(app, [child], ["solid"], stacked=stacked, rounds=2)
    client = app.test_client()
    sign_in_child(client, child)
    end_the_round(app, client, table_id)
    line = [int(c) for c in game(app, table_id).lines[0]]
    url = f"/play/tables/{table_id}/count"
    for _ in range(2):
        if scoring == "cubes":
            wrong = [line[0] + 1, *line[1:]]
            data = {f"cubes_{p}": str(n) for p, n in enumerate(wrong, 1)} | {"press": "snap"}
        else:
            data = {"total": str(sum(line) + 1)}
        answer = client.post(url, data=data)
    assert answer.headers["Location"].endswith("?told=1")
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Round 1 of 2 is over!" in page
    together = f"Good try! Let&#39;s count together: {' + '.join(map(str, line))} = {sum(line)}."
    assert together in page or together.replace("&#39;", "'") in page
    assert "Good counting!" not in page
