"""Minutes of play from the times of a child's acts (insights.playtime)."""

from __future__ import annotations

from classroom.insights.playtime import PLAYING_GAP, minutes_of, seconds_played

START = 1_793_000_000.0  # seconds on the database's clock


def at(*seconds: float) -> list[float]:
    return [START + s for s in seconds]


def test_a_stretch_runs_from_its_first_act_to_its_last() -> None:
    assert seconds_played(at(0, 20, 50, 110)) == 110


def test_a_table_left_idle_adds_nothing() -> None:
    """Twenty minutes away between two stretches: only the stretches count."""
    assert seconds_played(at(0, 60, 60 + 20 * 60, 60 + 20 * 60 + 45)) == 105
    gap = PLAYING_GAP.total_seconds()
    assert seconds_played(at(0, gap)) == 0  # a gap of 5 minutes is already a break
    assert seconds_played(at(0, gap - 1)) == gap - 1


def test_order_and_a_lone_act() -> None:
    assert seconds_played(at(50, 0, 20)) == 50
    assert seconds_played(at(0)) == 0 and seconds_played([]) == 0


def test_whole_minutes() -> None:
    assert [minutes_of(s) for s in (0, 29, 31, 150, 179, 181)] == [0, 0, 1, 3, 3, 3]
