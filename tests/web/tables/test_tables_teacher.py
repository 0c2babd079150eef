"""A teacher's tables: set one up for children at their level (never mixed levels unless the
teacher chooses the table's level), with the engine's options for it; watch it with every card
face up, sit in as a player, seat a child at an open table."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game import Game, actions
from classroom.models import ChoiceRow, PlayTable, TableSeat
from tests.web.conftest import MadeChild, MadeClass, MadeGroup
from tests.web.helpers.tables import (
    child_client,
    count_rows,
    game,
    play_to_end,
    play_turn,
    post_move,
    set_level,
    snapshot,
    start_table,
)


def test_the_class_page_links_to_its_tables(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    page = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert f"/classes/{classroom.id}/tables" in page
    assert teacher_client.get(f"/classes/{classroom.id}/tables").status_code == 200


def test_set_up_a_table_for_a_group_and_watch_every_card(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., MadeGroup],
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "standard")
    group = make_group(classroom, "Table 2", [mia, leo])
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables", data={"group": str(group.id), "computer": "strong"}
    )
    assert response.status_code == 302
    assert count_rows(app, PlayTable) == 1
    assert count_rows(app, TableSeat) == 3
    table_id = int(response.headers["Location"].split("/")[-2])
    version, status, state = snapshot(app, table_id)
    assert status == "playing"
    game = Game.from_dict(state)
    page = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    for seat, line in enumerate(game.lines):
        for position, card in enumerate(line, start=1):
            assert f'data-seat="{seat}" data-position="{position}" data-card="{card}"' in page
    data = teacher_client.get(f"/tables/{table_id}/watch/state?version=-1").get_json()
    assert data["version"] == version and "html" in data
    listing = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Leo, Mia, Top Cat" in listing


def test_one_level_per_table(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "peek")
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables", data={"children": [str(mia.id), str(leo.id)]}
    )
    assert response.status_code == 400
    assert "different levels" in response.get_data(as_text=True)
    assert count_rows(app, PlayTable) == 0


def test_a_child_never_joins_a_table_of_another_level(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    from tests.web.conftest import sign_in_child

    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, leo, "standard")
    first = app.test_client()
    sign_in_child(first, mia)
    table_url = first.post("/play/friends").headers["Location"]
    table_id = int(table_url.rstrip("/").split("/")[-1])
    second = app.test_client()
    sign_in_child(second, leo)
    assert f"/play/tables/{table_id}/join" not in second.get("/play/friends").get_data(as_text=True)
    second.post(f"/play/tables/{table_id}/join")
    assert count_rows(app, TableSeat, table_id=table_id) == 1


def test_the_teacher_sits_in_and_plays(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables",
        data={"children": [str(child.id)], "sit_in": "y"},
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/play")
    table_id = int(response.headers["Location"].split("/")[-2])
    # The child starts (seat 1); the teacher is seat 2.
    version = snapshot(app, table_id)[0]
    assert teacher_client.post(
        f"/tables/{table_id}/move", data={"kind": "draw", "version": str(version)}
    ).status_code in (409, 422)
    from tests.web.conftest import sign_in_child

    kid = app.test_client()
    sign_in_child(kid, child)
    kid.post(f"/play/tables/{table_id}/move", data={"kind": "draw", "version": str(version)})
    kid.post(f"/play/tables/{table_id}/move", data={"kind": "discard", "version": str(version + 1)})
    kid.post(
        f"/play/tables/{table_id}/move", data={"kind": "end_turn", "version": str(version + 2)}
    )
    assert Game.from_dict(snapshot(app, table_id)[2]).current_seat == 1
    page = teacher_client.get(f"/tables/{table_id}/play").get_data(as_text=True)
    assert "Your turn!" in page
    moved = teacher_client.post(
        f"/tables/{table_id}/move", data={"kind": "draw", "version": str(version + 3)}
    )
    assert moved.status_code == 303
    assert snapshot(app, table_id)[0] == version + 4


def test_the_teacher_sits_in_at_an_open_table_starts_and_ends_it(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    from tests.web.conftest import sign_in_child

    kid = app.test_client()
    sign_in_child(kid, child)
    table_id = int(kid.post("/play/friends").headers["Location"].rstrip("/").split("/")[-1])
    assert teacher_client.post(f"/tables/{table_id}/sit-in").status_code == 302
    assert count_rows(app, TableSeat, table_id=table_id) == 2
    started = teacher_client.post(f"/tables/{table_id}/start", data={"computer": "beginner"})
    assert started.status_code == 302
    version, status, _ = snapshot(app, table_id)
    assert status == "playing" and count_rows(app, TableSeat, table_id=table_id) == 3
    assert teacher_client.post(f"/tables/{table_id}/stop").status_code == 302
    assert snapshot(app, table_id)[:2] == (version + 1, "finished")
    page = kid.get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Your teacher ended this game." in page
    assert "This game has stopped." in page and "Your turn!" not in page  # nobody's turn now
    assert "data-move" not in page  # no move is offered any more
    refused = kid.post(
        f"/play/tables/{table_id}/move", data={"kind": "draw", "version": str(version + 1)}
    )
    assert refused.status_code == 422


def table_of(response: Any) -> int:
    """The table a set-up's redirect goes to (.../tables/<id>/watch or /play)."""
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    return int(response.headers["Location"].split("/")[-2])


def stored_options(app: Flask, table_id: int) -> dict[str, Any]:
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        assert table is not None
        return dict(table.options)


def test_the_teacher_seats_children_of_other_levels_at_the_level_they_choose(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, mia, "peek")
    set_level(app, leo, "standard")
    form = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Mia (Peek)" in form and "Leo (Standard)" in form  # each child's own level
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables",
        data={"children": [str(mia.id), str(leo.id)], "level": "standard"},
    )
    table_id = table_of(response)
    with app.app_context():
        table = db.session.get(PlayTable, table_id)
        assert table is not None and table.level == "standard"
        assert sorted(s.name for s in table.seats) == ["Leo", "Mia"]
    # Said clearly, once as the table starts and on the watching page all along.
    watching = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert "Mia is assigned Peek; at this table Mia plays Standard." in watching
    assert "Mia is assigned Peek and plays this table at Standard." in watching
    assert "Leo is assigned" not in watching
    listing = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Mia (assigned Peek)" in listing
    # Mia (the second seat: children sit in the class list order) plays the table's level; her
    # choices are recorded at it.
    kid, other = child_client(app, mia), child_client(app, leo)
    assert kid.get(f"/play/tables/{table_id}").status_code == 200
    play_turn(app, other, table_id)
    assert post_move(kid, table_id, actions.DRAW, snapshot(app, table_id)[0]).status_code == 303
    with app.app_context():
        choice = db.session.scalars(db.select(ChoiceRow).filter_by(child_id=mia.id)).one()
        assert choice.level == "standard"


def test_the_teacher_seats_a_child_at_an_open_table_of_another_level(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    make_class: Callable[..., MadeClass],
    make_teacher: Callable[..., Any],
) -> None:
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    set_level(app, leo, "outside_peek")
    kid = child_client(app, mia)
    table_id = int(kid.post("/play/friends").headers["Location"].rstrip("/").split("/")[-1])
    listing = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert "Leo (Outside Peek: plays Ultra-Peek here)" in listing
    seated = teacher_client.post(f"/tables/{table_id}/seat-child", data={"child": str(leo.id)})
    assert seated.status_code == 302
    assert count_rows(app, TableSeat, table_id=table_id) == 2
    page = teacher_client.get(seated.headers["Location"]).get_data(as_text=True)
    assert "Leo is assigned Outside Peek; at this table Leo plays Ultra-Peek." in page
    # Twice, a child of another class, or no child at all: refused, nothing changes.
    other = make_child(make_class(make_teacher(email="x@school.example")), "Ava")
    for data in ({"child": str(leo.id)}, {"child": str(other.id)}, {}, {"child": "x"}):
        assert teacher_client.post(f"/tables/{table_id}/seat-child", data=data).status_code == 400
    assert count_rows(app, TableSeat, table_id=table_id) == 2
    # Leo never joins such a table by himself.
    assert f"/play/tables/{table_id}/join" not in child_client(app, leo).get(
        "/play/friends"
    ).get_data(as_text=True)


def test_a_table_left_open_is_started_later(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/tables",
        data={"children": [str(child.id)], "computer": ["solid"], "leave_open": "y"},
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/classes/{classroom.id}/tables")
    with app.app_context():
        table = db.session.scalars(db.select(PlayTable)).one()
        assert table.status == "open" and [s.name for s in table.seats] == ["Mia K.", "Tabby"]
        table_id = table.id
    assert teacher_client.post(f"/tables/{table_id}/start").status_code == 302
    assert snapshot(app, table_id)[1] == "playing"


def test_table_options_default_to_the_childrens_assignment(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    set_level(app, child, "standard", power_cards=False, rounds=3)
    table_id = table_of(
        teacher_client.post(
            f"/classes/{classroom.id}/tables",
            data={"children": [str(child.id)], "computer": "solid"},
        )
    )
    options = stored_options(app, table_id)
    assert options["power_cards"] is False and options["rounds"] == 3
    assert options["series"] == "rounds"
    assert options.get("draw2_powers", True) is True
    assert options.get("min_turns_before_call", 0) == 0
    assert options.get("outside_face_up", False) is False
    assert game(app, table_id).options.rounds == 3


def test_the_teacher_chooses_the_engine_options_of_a_table(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """R8 (DRAW 2's powers), R10 (turns before a call), R12 (a points limit), R2 (Outside
    Peek's outside cards face up for everyone), power cards on although assigned off."""
    set_level(app, child, "outside_peek", power_cards=False)
    table_id = table_of(
        teacher_client.post(
            f"/classes/{classroom.id}/tables",
            data={
                "children": [str(child.id)],
                "computer": "solid",
                "power_cards": "on",
                "draw2_powers": "off",
                "outside_face_up": "on",
                "min_turns_before_call": "2",
                "series_end": "limit",
                "points_limit": "50",
                "limit_ending": "first_to_limit",
            },
        )
    )
    g = game(app, table_id)
    assert g.options.power_cards is True
    assert g.options.draw2_powers is False
    assert g.options.outside_face_up is True
    assert g.options.min_turns_before_call == 2
    assert (str(g.options.series), g.options.limit) == ("limit", 50)
    assert str(g.options.limit_ending) == "first_to_limit"
    # Outside cards face up for everyone: the child sees the computer player's outside cards.
    view = g.view(0)
    assert view.shown[1][0] is not None and view.shown[1][3] is not None
    # No call before every seat has had 2 turns.
    kid = child_client(app, child)
    play_turn(app, kid, table_id, finish=None)
    assert actions.END_TURN in game(app, table_id).legal_actions()
    assert actions.CALL not in game(app, table_id).legal_actions()


def test_options_a_level_does_not_have_are_left_out(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    set_level(app, child, "standard")
    table_id = table_of(
        teacher_client.post(
            f"/classes/{classroom.id}/tables",
            data={"children": [str(child.id)], "computer": "solid", "outside_face_up": "on"},
        )
    )
    assert game(app, table_id).options.outside_face_up is False  # an Outside Peek option
    page = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    assert 'data-levels="outside_peek"' in page  # from the engine's Level.options()
    assert 'data-levels="peek outside_peek standard" data-needs="draw2"' in page


@pytest.mark.parametrize(
    ("field", "value", "sentence"),
    [
        ("rounds", "0", "From 1 to 20 rounds."),
        ("rounds", "21", "From 1 to 20 rounds."),
        ("rounds", "many", "Type a whole number, or leave it blank."),
        ("points_limit", "5", "From 20 to 500 points."),
        ("min_turns_before_call", "-1", "From 0 to 10 turns."),
        ("min_turns_before_call", "2.5", "Type a whole number, or leave it blank."),
        ("level", "expert", "Not a valid choice"),
        ("power_cards", "maybe", "Not a valid choice"),
        ("series_end", "bell", "Not a valid choice"),
        ("limit_ending", "never", "Not a valid choice"),
        ("draw2_powers", "", "Not a valid choice"),
        ("children", "x", "could not be coerced"),
        ("group", "99999", "Not a valid choice"),
    ],
)
def test_bad_table_options_get_a_clear_message_and_400(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    field: str,
    value: str,
    sentence: str,
) -> None:
    data: dict[str, Any] = {"children": [str(child.id)], "computer": "solid", field: value}
    response = teacher_client.post(f"/classes/{classroom.id}/tables", data=data)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert sentence in page
    assert "Please look at the answers marked below." in page
    assert count_rows(app, PlayTable) == 0


def test_a_set_up_form_sent_twice_makes_one_table(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A review found the same children at two live tables after the set-up form was sent
    again (a double tap, the browser's back and resend)."""
    mia, leo, ava = (make_child(classroom, n) for n in ("Mia", "Leo", "Ava"))
    form = {"children": [str(mia.id), str(leo.id)], "computer": "solid"}
    first = teacher_client.post(f"/classes/{classroom.id}/tables", data=form)
    assert first.status_code == 302
    again = teacher_client.post(f"/classes/{classroom.id}/tables", data=form)
    assert again.status_code == 400
    words = " ".join(again.get_data(as_text=True).split())
    assert "Leo and Mia already sit at a table whose game is not over" in words
    assert "End that game, or watch it and take them out, first." in words
    assert "Leo (Ultra-Peek; at a live table)" in words and "Ava (Ultra-Peek)" in words
    assert count_rows(app, PlayTable) == 1
    # One busy child is enough to refuse; an open table cannot take her either.
    with_ava = {"children": [str(ava.id), str(mia.id)], "leave_open": "y"}
    refused = teacher_client.post(f"/classes/{classroom.id}/tables", data=with_ava)
    assert "Mia already sits at a table" in refused.get_data(as_text=True)
    opened = teacher_client.post(
        f"/classes/{classroom.id}/tables", data={"children": [str(ava.id)], "leave_open": "y"}
    )
    assert opened.status_code == 302
    with app.app_context():
        open_id = db.session.scalars(
            db.select(PlayTable.id).where(PlayTable.status == "open")
        ).one()
    moved = teacher_client.post(f"/tables/{open_id}/seat-child", data={"child": str(mia.id)})
    assert moved.status_code == 400
    assert count_rows(app, TableSeat, table_id=open_id) == 1
    # When the first game is ended, Mia may sit at a new table.
    first_id = int(first.headers["Location"].split("/")[-2])
    teacher_client.post(f"/tables/{first_id}/stop")
    seated = teacher_client.post(f"/tables/{open_id}/seat-child", data={"child": str(mia.id)})
    assert seated.status_code == 302


def live_rows(teacher_client: FlaskClient, classroom: MadeClass) -> str:
    """The Live tables part of the Card tables page."""
    page = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    return page.split("<h2>Live tables</h2>", 1)[1].split("</table>", 1)[0]


def test_the_live_tables_say_where_each_game_is_in_words(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """ "Now" says whose turn it is, the round of several and who called, not the status
    column's bare "playing"; an open table says how many seats are taken."""
    from tests.web.helpers.tables import start_table

    ava, ben = make_child(classroom, "Ava T."), make_child(classroom, "Ben O.")
    table_id = start_table(app, [ava], ["beginner"], rounds=3)
    live = live_rows(teacher_client, classroom)
    assert "Round 1 of 3: Ava T.&#39;s turn" in live
    assert "<td>playing</td>" not in live
    play_turn(app, child_client(app, ava), table_id)
    assert "Round 1 of 3: Kitten&#39;s turn" in live_rows(teacher_client, classroom)

    kid = child_client(app, ben)
    kid.post("/play/friends")
    live = live_rows(teacher_client, classroom)
    assert "Waiting to start: 1 of 4 seats taken" in live
    # A game of one round: no round number, just the turn.
    cleo = make_child(classroom, "Cleo R.")
    start_table(app, [cleo], ["beginner"])
    assert "<td>Cleo R.&#39;s turn</td>" in live_rows(teacher_client, classroom)


def test_ending_a_game_is_folded_away_and_names_whose_game(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """ "End this game" is a second step (a folded box naming the players), apart from Watch;
    an open table is closed the same way, in its own words; the child list to seat at an
    open table leaves out the children already sitting there."""
    from tests.web.helpers.tables import start_table

    ava, ben = make_child(classroom, "Ava T."), make_child(classroom, "Ben O.")
    make_child(classroom, "Cleo R.")
    start_table(app, [ava], ["beginner"])
    child_client(app, ben).post("/play/friends")
    live = live_rows(teacher_client, classroom)
    assert '<details class="end-game">' in live
    assert "The game of Ava T., Kitten ends now, as it is" in live
    assert "<summary>Close this table" in live
    assert "The table of Ben O. closes before anyone has played" in live
    seat_list = live.split('name="child">', 1)[1].split("</select>", 1)[0]
    assert "Cleo R." in seat_list and "Ava T. (Ultra-Peek; at a live table)" in seat_list
    assert "Ben O." not in seat_list


def test_the_live_tables_say_who_called_and_when_the_cubes_are_counted(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """After a call the last turns name the caller; while the children count their cube
    bars the row says so."""
    from tests.web.helpers.tables import start_table, to_counting_together

    ava = make_child(classroom, "Ava T.")
    table_id = start_table(app, [ava], ["beginner"])
    play_turn(app, child_client(app, ava), table_id, finish=actions.CALL)
    live = live_rows(teacher_client, classroom)
    assert "Kitten&#39;s turn (Rat-a-Tat-Cat called by Ava T.)" in live

    ben, cleo = make_child(classroom, "Ben O."), make_child(classroom, "Cleo R.")
    to_counting_together(app, [ben, cleo], rounds=2)
    assert "<td>Round 1 of 2: counting the cubes</td>" in live_rows(teacher_client, classroom)


def test_the_card_tables_page_says_how_each_game_ended_and_what_ended_now(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """ "End this game" says on the page it returns to what it ended; the finished list says
    when each ended and how (the same names twice, with no date, told nothing); a table
    whose children have all left says it is paused, not "Kitten's turn" for minutes; the
    child to seat chosen first is one free to sit."""
    from tests.web.helpers.tables import leave, play_to_end, seat_state, start_table

    ava, ben, cleo = (make_child(classroom, n) for n in ("Ava T.", "Ben O.", "Cleo R."))
    ended = start_table(app, [ava], ["beginner"])  # opened first, ended last
    won = start_table(app, [ben], ["beginner"])
    play_to_end(app, {0: child_client(app, ben)}, won)
    page = teacher_client.post(f"/tables/{ended}/stop", follow_redirects=True)
    html = page.get_data(as_text=True)
    assert "The game of Ava T., Kitten has ended." in html
    finished = html.split("<h2>Finished</h2>", 1)[1]
    assert re.search(r"\w{3} \d+ \w{3}, \d\d:\d\d: ended before the end", finished), finished
    winners = game(app, won).winners or ()
    names = {0: "Ben O.", 1: "Kitten"}
    assert f"{' and '.join(names[s] for s in winners)} won" in finished
    # The game that ended last comes first, though its table was opened first.
    assert finished.index("ended before the end") < finished.index(" won</span>")

    away = start_table(app, [cleo], ["beginner"])
    assert child_client(app, cleo).get(f"/play/tables/{away}").status_code == 200
    leave(app, away, 0)
    # Paused before any page reads the table (no stand-in sits until one does).
    assert "Paused: every child has left the table" in live_rows(teacher_client, classroom)
    assert seat_state(app, away, 0)["stand_in"] is None
    child_client(app, ava).post("/play/friends")  # an open table, to seat a child at
    teacher_client.get(f"/tables/{away}/watch")  # the reader that marks Cleo away
    live = live_rows(teacher_client, classroom)
    assert "Paused: every child has left the table" in live
    selected = re.search(r'<option value="(\d+)" selected>', live)
    assert selected is not None and int(selected.group(1)) == ben.id  # Ava and Cleo sit


def test_a_table_whose_children_have_not_opened_it_says_whom_it_waits_for(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """Started by the teacher for Ivy and Omar, unopened after AWAY_AFTER: they have not left
    it (a review read "every child has left the table" for children who had not come yet);
    once Omar has opened it, it is not paused."""
    from tests.web.helpers.tables import leave, start_table

    ivy, omar = make_child(classroom, "Ivy C."), make_child(classroom, "Omar H.")
    table_id = start_table(app, [ivy, omar], ["beginner"])
    for seat in (0, 1):
        leave(app, table_id, seat)
    live = live_rows(teacher_client, classroom)
    assert "Paused: waiting for Ivy C. and Omar H. to open the table" in live
    assert "every child has left" not in live
    assert child_client(app, omar).get(f"/play/tables/{table_id}").status_code == 200
    assert "Paused" not in live_rows(teacher_client, classroom)


def live_rows_and_rest(teacher_client: FlaskClient, classroom: MadeClass) -> str:
    """The Card tables page from its Finished list on."""
    page = teacher_client.get(f"/classes/{classroom.id}/tables").get_data(as_text=True)
    return page.split("<h2>Finished</h2>", 1)[1]


def test_a_teacher_watching_a_finished_series_sees_the_games_bars_as_the_children_do(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """ "The game is over! Mia won." stands above the whole game's stacked bars, each child's
    total and the game's winners starred, on the teacher's page as on the children's (it once
    showed the last round's bars, starring that round's winners instead)."""
    mia, leo = make_child(classroom, "Mia"), make_child(classroom, "Leo")
    for kid in (mia, leo):
        set_level(app, kid, "ultra_peek", scoring="cubes")
    table_id = start_table(app, [mia, leo], rounds=2)
    kids = {0: child_client(app, mia), 1: child_client(app, leo)}
    play_to_end(app, kids, table_id)
    over = game(app, table_id)
    pages = [
        teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True),
        kids[0].get(f"/play/tables/{table_id}").get_data(as_text=True),
    ]
    for page in pages:
        assert "Everyone&#39;s bars" in page or "Everyone's bars" in page
        assert "Round 2: everyone" not in page
        for total in over.totals:
            assert f'<span class="running-total">{total}</span>' in page
        assert page.count("seat-winner") == len(over.winners or ())
