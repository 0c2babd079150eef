"""The game a request reads (game_seen) is decoded once per saved state, and is never
an older game than the row holds: after a move, a reload, a rollback or a game played from
game_of, it is the game of the state the row holds now."""

from __future__ import annotations

from flask import Flask

from classroom.extensions import db
from classroom.game import Game, actions
from classroom.tables.loading import game_of, game_seen, load_table
from classroom.tables.moves import play_move
from tests.web.conftest import MadeChild
from tests.web.helpers.tables import start_table


def test_the_game_read_is_the_state_the_row_holds(app: Flask, child: MadeChild) -> None:
    table_id = start_table(app, [child], ["solid"])
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        first = game_seen(table)
        assert game_seen(table) is first  # decoded once
        assert first.to_dict() == table.state

        # A game played from game_of is the caller's: the game read is untouched by it.
        played = game_of(table)
        played.apply(actions.DRAW, seat=0)
        assert game_seen(table).to_dict() == table.state
        assert game_seen(table).to_dict() != played.to_dict()

        # A move commits: the game read is the one just played, equal to the saved state.
        play_move(table_id, 0, actions.DRAW, table.version, table)
        after = game_seen(table)
        assert after is not first
        assert after.to_dict() == table.state
        assert Game.from_dict(table.state).to_dict() == after.to_dict()


def test_a_reload_or_a_rollback_is_never_answered_from_an_older_game(
    app: Flask, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        before = game_seen(table)

        # Another request moves: this request's reload reads the new state and its game.
        with app.app_context():
            other = load_table(table_id)
            assert other is not None
            play_move(table_id, 0, actions.DRAW, other.version, other)
        reloaded = load_table(table_id)
        assert reloaded is table
        assert game_seen(table) is not before
        assert game_seen(table).to_dict() == table.state

        # A rollback expires the row: the next read decodes the state loaded again.
        kept = game_seen(table)
        db.session.rollback()
        assert game_seen(table) is not kept
        assert game_seen(table).to_dict() == table.state
