"""The one maker of a child's records (classroom/insights/recording.py), which the play side
stores as rows and the simulated children are recorded by: a look, a count with its hints, a
round's result."""

from __future__ import annotations

from datetime import datetime

from classroom.game import Game, new_game
from classroom.game.players import make_player
from classroom.insights.recording import count_record, look_record, round_records, stacks_match

WHEN = datetime(2026, 10, 5, 9, 0)


def round_over(level: str = "ultra_peek", seed: int = 3) -> Game:
    """A two-seat round played to its end by computer players."""
    game = new_game(level, 2, seed=seed)
    players = [make_player("solid", f"{seed}-{s}") for s in range(2)]
    while (seat := game.current_seat) is not None:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else players[seat].choose(game.view(seat), legal))
    return game


def test_stacks_match_wants_no_cubes_on_a_0() -> None:
    assert stacks_match([0, 3, 9, 1], [None, 3, 9, 1])
    assert stacks_match([0, 3, 9, 1], [0, 3, 9, 1])
    assert not stacks_match([0, 3, 9, 1], [None, 3, 8, 1])


def test_a_count_right_at_once_has_no_hint() -> None:
    game = round_over()
    line = [int(c) for c in game.lines[0]]
    stacks = [None if n == 0 else n for n in line]
    counted = count_record(
        game,
        0,
        first_cubes=stacks,
        first_total=sum(line),
        fixed=False,
        when=WHEN,
        game_id="g",
        child_id="c",
    )
    assert counted.numerals == tuple(line) and counted.cubes == tuple(stacks)
    assert (counted.typed_total, counted.true_total) == (sum(line), sum(line))
    assert (counted.round_number, counted.level) == (1, "ultra_peek")
    assert not (counted.cube_hint or counted.total_hint or counted.corrected_by_hint)


def test_a_wrong_first_try_brings_its_hint_and_a_fixed_count_says_so() -> None:
    game = round_over()
    line = [int(c) for c in game.lines[0]]
    off = [n + 1 for n in line]  # one cube too many on every card
    for fixed in (True, False):
        counted = count_record(
            game,
            0,
            first_cubes=off,
            first_total=sum(line) + 1,
            fixed=fixed,
            when=WHEN,
            game_id="g",
            child_id="c",
        )
        assert counted.cubes == tuple(off)  # the first try is what is judged
        assert counted.cube_hint and counted.total_hint
        assert counted.corrected_by_hint is fixed


def test_only_what_the_way_of_adding_up_asks_is_recorded() -> None:
    game = round_over()
    line = [int(c) for c in game.lines[1]]
    typed_only = count_record(
        game,
        1,
        first_cubes=None,
        first_total=sum(line),
        fixed=False,
        when=WHEN,
        game_id="g",
        child_id="c",
    )
    assert typed_only.cubes == (None,) * 4 and not typed_only.cube_hint
    cubes_only = count_record(
        game,
        1,
        first_cubes=line,
        first_total=None,
        fixed=False,
        when=WHEN,
        game_id="g",
        child_id="c",
    )
    assert cubes_only.typed_total is None and not cubes_only.total_hint


def test_round_records_say_each_childs_score_win_and_call() -> None:
    game = round_over()
    records = round_records(game, {0: "ann", 1: "ben"}, when=WHEN, game_id="g")
    scores = game.round_scores()
    winners = game.round_winners()
    assert [(r.child_id, r.score, r.won, r.called) for r in records] == [
        (child, scores[seat], seat in winners, game.caller == seat)
        for seat, child in ((0, "ann"), (1, "ben"))
    ]
    assert round_records(game, {1: "ben"}, when=WHEN, game_id="g")[0].child_id == "ben"


def test_a_look_is_recorded_with_the_turn_it_was_taken_on() -> None:
    game = new_game("peek", 2, seed=4)
    view = game.view(0)
    looked = look_record(view, 2, when=WHEN, game_id=7, child_id=9)
    assert (looked.round_number, looked.turn_number, looked.position) == (1, view.turn_number, 2)
    assert (looked.level, looked.game_id, looked.child_id) == ("peek", 7, 9)
