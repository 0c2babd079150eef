"""Number checks given and done, for the pages that show them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient

from classroom.check.service import record_answer
from classroom.extensions import db
from classroom.insights.check_children import CheckHabit, simulated_answers
from classroom.insights.number_check import make_check
from classroom.models import NumberCheck, RoundRow
from tests.web.conftest import (
    MadeChild,
    MadeClass,
)

FIRST_SEED, LATEST_SEED = 21, 22  # the seeds of a child's first and latest check


def done_check(
    app: Flask, classroom: MadeClass, child: MadeChild, seed: int, habit: CheckHabit, when: datetime
) -> None:
    """A check the child finished at `when`, answered with `habit`."""
    with app.app_context():
        check = NumberCheck(
            child_id=child.id,
            class_id=classroom.id,
            seed=seed,
            line_max=10,
            assigned_at=when - timedelta(hours=1),
        )
        db.session.add(check)
        db.session.flush()
        items = make_check(seed)
        for answer in simulated_answers(items, habit, seed, noise=0.3):
            record_answer(check, answer, len(items))
        check.started_at = when - timedelta(minutes=3)
        check.finished_at = when
        db.session.commit()


def finish_checks(app: Flask, classroom: MadeClass, child: MadeChild) -> None:
    """A logarithmic first check six weeks ago, 3 rounds of play, a linear latest one today."""
    now = datetime.now(UTC)
    first = now - timedelta(weeks=6)
    done_check(app, classroom, child, FIRST_SEED, CheckHabit.LOGARITHMIC, first)
    with app.app_context():
        for n in range(3):
            db.session.add(
                RoundRow(
                    child_id=child.id,
                    class_id=classroom.id,
                    created_at=first + timedelta(weeks=2, days=n),
                    round_number=1,
                    level="ultra_peek",
                    score=12,
                    won=True,
                    called=False,
                )
            )
        db.session.commit()
    done_check(app, classroom, child, LATEST_SEED, CheckHabit.LINEAR, now)


def give(client: FlaskClient, classroom: MadeClass, who: str = "class", **form: object) -> str:
    """The teacher gives the check; the page it lands on."""
    data = {"who": who, "line_max": "10", "every_days": "7", **form}
    response = client.post(f"/classes/{classroom.id}/number-check", data=data)
    assert response.status_code == 302
    return client.get(response.headers["Location"]).get_data(as_text=True)
