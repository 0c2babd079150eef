"""The end of a round on the child's results (templates/play/_celebrate.html): a celebration
when their bar is the shortest, between rounds of a series too (the browser tests in
tests/web/browser/test_play_voice.py cover the last round and the kind word)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from classroom.game import actions
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import (
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
    assert "Round 1 of 2 is over!" in page
    assert 'data-celebrate="shortest"' in page and "Hooray! Your bar is the shortest!" in page
    assert 'data-celebrate="kind"' not in page


def test_the_celebration_asks_the_engine_for_each_rounds_winners() -> None:
    """Board.round_end judges a round from its own row of the score history: a seat out of
    round 1 (None) is neither celebrated nor shifted into another round's score."""
    from classroom.models import TableSeat
    from classroom.seatview.board import RoundEnd, build_board
    from tests.game.stacking import pass_turn, table

    game = table("peek", [[0, 1, 2, 4], [3, 2, 1, 1], [9, 9, 9, 9]], 5, [9, 8, 8])
    pass_turn(game, call=True)
    pass_turn(game)
    pass_turn(game)
    assert game.round_scores() == (7, 7, 36)
    names = ["Mia", "Leo", "Kitten"]
    rows = [TableSeat(seat=s, name=n, picture="owl", colour="") for s, n in enumerate(names)]

    def board_of(history: list[tuple[int | None, ...]], counting: bool = False) -> Any:
        status = "counting" if counting else "finished"
        return build_board(
            table_id=1,
            version=1,
            status=status,
            seat_rows=rows,
            view=game.view(0),
            legal=[],
            events=None,
            score_history=history,
            counting=counting,
        )

    board = board_of([(None, 12, 20), (7, 7, 36)])
    assert board.round_end(1) is None  # Mia sat round 1 out
    assert board.round_end(2) == RoundEnd(7, won=True, won_with=("Leo",))
    assert board.round_end() == board.round_end(2)  # the board's own round, once over
    assert board.round_end(3) is None
    # Nothing spoiled while the child counts.
    assert board_of([(7, 7, 36)], counting=True).round_end() is None


def _finished_board(history: list[tuple[int | None, ...]], me: int | None = 0) -> Any:
    """A finished three-seat board (Mia, Leo, Kitten) whose series ran as `history`."""
    from classroom.models import TableSeat
    from classroom.seatview.board import build_board
    from tests.game.stacking import pass_turn, table

    game = table("peek", [[0, 1, 2, 4], [3, 2, 1, 1], [9, 9, 9, 9]], 5, [9, 8, 8])
    pass_turn(game, call=True)
    pass_turn(game)
    pass_turn(game)
    names = ["Mia", "Leo", "Kitten"]
    rows = [TableSeat(seat=s, name=n, picture="owl", colour="") for s, n in enumerate(names)]
    view = game.view(0 if me is None else me)
    totals = tuple(sum(r[s] or 0 for r in history) for s in range(3))
    lowest = min(totals)
    view = view._replace(totals=totals, winners=tuple(s for s in range(3) if totals[s] == lowest))
    board = build_board(
        table_id=1,
        version=1,
        status="finished",
        seat_rows=rows,
        view=view,
        legal=[],
        events=None,
        score_history=history,
        counting=False,
    )
    return board if me is not None else board.__class__(**{**board.__dict__, "me": None})


def test_a_series_over_is_judged_on_its_totals_and_tells_the_child_you_won() -> None:
    """Mia wins the last round (7) but not the game (totals 37 to Leo's 27): the results judge
    the game, as the stacked bars show it; a winner is told "You won", not their own name."""
    from classroom.seatview.board import RoundEnd

    history: list[tuple[int | None, ...]] = [(30, 20, 25), (7, 7, 36)]
    mia = _finished_board(history)
    assert mia.round_end() == RoundEnd(7, won=True, won_with=("Leo",))  # the last round
    assert mia.game_end() == RoundEnd(37, won=False, won_with=("Leo",))
    assert mia.winners_words() == "Leo won."
    leo = _finished_board(history, me=1)
    assert leo.game_end() == RoundEnd(27, won=True, won_with=())
    assert leo.winners_words() == "You won."
    teacher = _finished_board(history, me=None)
    assert teacher.game_end() is None and teacher.winners_words() == "Leo won."
    tie = _finished_board([(10, 12, 30), (12, 10, 30)], me=1)
    assert tie.winners_words() == "You and Mia won."
    assert tie.round_winners(1) == (0,) and tie.round_winners(3) == ()


def test_a_tie_is_told_in_the_plural_in_spanish(app: Flask) -> None:
    """Two winners told to a third seat: "Ganaron Mia y Leo." ("Ganó Leo." for one)."""
    from flask_babel import force_locale

    with app.test_request_context(), force_locale("es"):
        watcher = _finished_board([(10, 10, 30), (12, 12, 30)], me=2)
        assert watcher.winners_words() == "Ganaron Mia y Leo."
        assert _finished_board([(30, 20, 25), (7, 7, 36)]).winners_words() == "Ganó Leo."


def test_the_results_words_agree_with_the_bars_they_show(app: Flask) -> None:
    """Between rounds (and while others count) the bars are that round's alone; at the end
    of a series, the stacked totals, and the celebration judges the same."""
    from flask import render_template_string

    history: list[tuple[int | None, ...]] = [(30, 20, 25), (7, 7, 36)]
    with app.test_request_context():
        mia = _finished_board(history)
        round_two = render_template_string(
            '{% from "play/_results.html" import round_bars %}'
            '{% from "play/_celebrate.html" import celebrate %}'
            "{{ celebrate(board, 2) }}{{ round_bars(board, 2) }}",
            board=mia,
        )
        game = render_template_string(
            '{% from "play/_results.html" import results_bars %}'
            '{% from "play/_celebrate.html" import celebrate %}'
            "{{ celebrate(board) }}{{ results_bars(board) }}",
            board=mia,
        )
    # Round 2 alone: Mia's bar (7) is among the shortest, and so the words say.
    assert "Hooray! Your bar is the shortest, together with Leo!" in round_two
    assert "Round 2: everyone&#39;s bars" in round_two or "Round 2: everyone's bars" in round_two
    assert "round 2, 7 cubes; total 7" in round_two and "round 1," not in round_two
    # The game: Mia's stacked bar (37) is not the shortest; a kind word, no "Hooray".
    assert "Hooray" not in game and "Every game is a new try" in game
    assert "round 1, 30 cubes; round 2, 7 cubes; total 37" in game


def test_a_one_round_games_end_speaks_of_the_game_not_the_next_round(app: Flask) -> None:
    """A game of one round is over once it is counted: the kind word says "Every game is a
    new try" and the winner hears they won the game, as at the end of a series (there is no
    next round to try)."""
    from flask import render_template_string

    history: list[tuple[int | None, ...]] = [(20, 12, 30)]
    words = '{% from "play/_celebrate.html" import celebrate %}{{ celebrate(board) }}'
    with app.test_request_context():
        mia = render_template_string(words, board=_finished_board(history, me=0))
        leo = render_template_string(words, board=_finished_board(history, me=1))
    assert "Every game is a new try" in mia and "Every round" not in mia
    assert "Hooray! You won the game! Your bar is the shortest!" in leo
