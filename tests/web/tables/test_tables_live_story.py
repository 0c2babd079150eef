"""The table story in live updates: a board sent as JSON comes without the story (the page
keeps its own list, static/js/table.js), and every answer brings the story's new lines, told
for the seat, once per version."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from classroom.game import Action, ActionKind
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import (
    child_client,
    game,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
)

JSON = {"headers": {"Accept": "application/json"}}


def draw() -> Action:
    return Action(ActionKind.DRAW)


def test_a_move_and_the_polls_bring_the_new_story_lines(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard")
    table_id = start_table(app, [mia, leo], power_cards=False)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    assert game(app, table_id).current_seat == 0
    before = snapshot(app, table_id)[0]
    # The full page tells the story so far.
    page = mia_tablet.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "A new round!" in page and "data-story-kept" not in page

    answer = post_move(mia_tablet, table_id, draw(), before, **JSON).get_json()
    assert answer["ok"] and answer["version"] == before + 1
    assert [item for item in answer["story"] if "You drew a card." in item]
    # The board itself comes without story lines: the page keeps its list.
    assert "data-story-kept" in answer["html"] and "A new round!" not in answer["html"]

    seen = poll(leo_tablet, table_id, before)
    assert seen["changed"] and "data-story-kept" in seen["html"]
    assert [line["text"] for line in seen["news"]] == ["Mia drew a card."]
    assert len(seen["story"]) == 1 and "Mia drew a card." in seen["story"][0]
    # Nothing new: no board, no story.
    same = poll(leo_tablet, table_id, seen["version"])
    assert not same["changed"] and "html" not in same and "story" not in same
    # A forced redraw (version -1, after a look) brings the board and no story lines.
    forced = poll(leo_tablet, table_id, -1)
    assert forced["changed"] and forced["story"] == [] and forced["news"] == []


def test_a_stale_move_brings_the_lines_the_page_missed(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard")
    table_id = start_table(app, [mia, leo], power_cards=False)
    mia_tablet = child_client(app, mia)
    before = snapshot(app, table_id)[0]
    assert post_move(mia_tablet, table_id, draw(), before, **JSON).status_code == 200
    # The same tap again, from the page as it was: the table has moved on.
    stale = post_move(mia_tablet, table_id, draw(), before, **JSON)
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["version"] == before + 1
    assert len(body["story"]) == 1 and "You drew a card." in body["story"][0]
    # A move the engine refuses changes nothing and brings no lines.
    refused = post_move(mia_tablet, table_id, draw(), before + 1, **JSON)
    assert refused.status_code == 422 and refused.get_json()["story"] == []


def test_story_lines_picture_public_cards_and_escape_names(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia, leo = make_child(classroom, "Mia <b>"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard")
    table_id = start_table(app, [mia, leo], power_cards=False)
    mia_tablet, leo_tablet = child_client(app, mia), child_client(app, leo)
    before = snapshot(app, table_id)[0]
    post_move(mia_tablet, table_id, draw(), before, **JSON)
    post_move(mia_tablet, table_id, Action(ActionKind.DISCARD), before + 1, **JSON)
    discarded = game(app, table_id).view(1).discard_top
    seen = poll(leo_tablet, table_id, before)
    told = "".join(seen["story"])
    assert "Mia &lt;b&gt; drew a card." in told and "<b>" not in told
    assert f'src="/static/cards/{discarded}.svg?v=' in told
