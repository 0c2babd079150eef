"""Children who play with a habit (a kind of slip), for the pages that should find it."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.game import Game
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.simulate import Recorded, play_game
from classroom.progress.history import write_recorded
from classroom.tables.counting import count_step
from classroom.tables.loading import game_of, load_table
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import (
    count_for,
    poll,
    post_move,
    snapshot,
)


def today() -> date:
    return datetime.now(UTC).date()


def play(
    app: Flask,
    classroom: MadeClass,
    child: MadeChild,
    habit: Habit,
    days: list[int],
    level: str = "ultra_peek",
) -> None:
    """One game a day, `days` days ago each, with the habit, at the level."""
    recorded = Recorded()
    for ago in days:
        recorded.extend(
            play_game(
                HabitPlayer(habit, f"{child.id}-{ago}"),
                level,
                seed=child.id * 1000 + ago,
                game_id=f"needs-{child.id}-{ago}",
                child_id=child.id,
                start=datetime.combine(today() - timedelta(days=ago), time(10), tzinfo=UTC),
            )
        )
    with app.app_context():
        write_recorded(recorded, classroom.id)
        db.session.commit()


def names_and_reasons(html: str) -> list[tuple[str, str]]:
    section = html.split('id="needs-heading"', 1)[1].split("</section>", 1)[0]
    return [
        (name, reason.strip())
        for name, reason in re.findall(r"<strong>([^<]+)</strong></a>: ([^<]+)</li>", section)
    ]


def miscount_first(app: Flask, client: FlaskClient, table_id: int, seat: int) -> None:
    """Snap one cube too many on the first card that has any, then count again right after
    the hint (as the miscounter does): the first try is what the measures read."""
    with app.app_context():
        table = load_table(table_id)
        assert table is not None
        step = count_step(table, table.seats[seat], game_of(table))
        line = [int(c) for c in game_of(table).lines[seat]]
    if step.cubes and any(line):
        first = next(p for p, n in enumerate(line) if n)
        stacks = [n + 1 if p == first else n for p, n in enumerate(line)]
        data = {f"cubes_{p + 1}": str(n) for p, n in enumerate(stacks)} | {"press": "snap"}
        response = client.post(f"/play/tables/{table_id}/count", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    count_for(app, client, table_id, seat)


def play_habits(
    app: Flask, players: dict[int, tuple[FlaskClient, HabitPlayer]], table_id: int
) -> None:
    """Each seat's habit player chooses from its own view and posts the move as the child's
    page would; counting goes over the count route (the miscounter first snaps one cube too
    many, then fixes it after "count again"; the others count right) until the game is over."""
    any_client = next(iter(players.values()))[0]
    for _ in range(3000):
        version, status, state = snapshot(app, table_id)
        if status == "finished":
            return
        if status == "counting":
            for seat, (client, player) in players.items():
                if player.habit is Habit.MISCOUNTS:
                    miscount_first(app, client, table_id, seat)
                else:
                    count_for(app, client, table_id, seat)
            continue
        game = Game.from_dict(state)
        seat = game.current_seat
        if seat in players:
            client, player = players[seat]
            action = player.choose(game.view(seat), game.legal_actions())
            response = post_move(client, table_id, action, version)
            assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
        else:
            poll(any_client, table_id, version)
    raise AssertionError("the game did not finish")
