"""Number checks for the demo class: a first check when its play began and a latest one at
its end, answered by simulated children (classroom/insights/check_children.py), so that the
demo's progress pages show the check beside the game from the start."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta

from classroom.check.service import record_answer
from classroom.extensions import db
from classroom.insights.check_children import CheckHabit, simulated_answers
from classroom.insights.number_check import make_check
from classroom.models import NumberCheck

# Each child's first and latest habit, in turn: most start with a logarithmic line and some
# straighten it out over the weeks of play, as in the research; one taps anywhere at first.
JOURNEYS = (
    (CheckHabit.LOGARITHMIC, CheckHabit.LINEAR),
    (CheckHabit.LOGARITHMIC, CheckHabit.LOGARITHMIC),
    (CheckHabit.LINEAR, CheckHabit.LINEAR),
    (CheckHabit.RANDOM, CheckHabit.LOGARITHMIC),
)


def write_check(
    class_id: int, child_id: int, seed: int, habit: CheckHabit, noise: float, when: datetime
) -> None:
    """A check finished at `when`, every item answered by a simulated child with `habit`."""
    check = NumberCheck(
        child_id=child_id,
        class_id=class_id,
        seed=seed,
        line_max=10,
        assigned_at=when - timedelta(days=1),
        via="demo",
    )
    db.session.add(check)
    db.session.flush()
    items = make_check(seed)
    # The answers are dated over the check's three minutes, not when the demo was made (the
    # CSV and the pages show when each item was answered).
    started = when - timedelta(minutes=3)
    step = timedelta(minutes=3) / max(1, len(items) - 1)
    for i, answer in enumerate(simulated_answers(items, habit, seed, noise)):
        record_answer(check, answer, len(items), when=started + i * step)
    check.started_at = started
    check.finished_at = when


def fill_checks(class_id: int, child_ids: Sequence[int], first: date, latest: date) -> int:
    """Two finished checks per child, on `first` and `latest` at 9:30 (UTC); how many written.
    The caller commits."""
    written = 0
    for index, child_id in enumerate(child_ids):
        before, after = JOURNEYS[index % len(JOURNEYS)]
        for n, (day, habit, noise) in enumerate(((first, before, 0.8), (latest, after, 0.5))):
            when = datetime.combine(day, time(9, 30), tzinfo=UTC)
            write_check(class_id, child_id, 1000 * child_id + n, habit, noise, when)
            written += 1
    return written
