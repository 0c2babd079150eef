"""tools/habits_report.py prints the figures of docs/insights.md about the simulated children."""

from __future__ import annotations

import pytest

from tools.habits_report import main

pytestmark = pytest.mark.any_database  # simulated children, no database


@pytest.mark.parametrize(
    ("mode", "starts"),
    [
        ([], "correct     ultra_peek    median 1"),
        (["--chance"], "correct          ultra_peek  right 100%"),
        (["--calling"], "correct          2 seats  lowest at the call"),
        (["--telling"], "| correct | Ultra-Peek | "),
    ],
)
def test_each_report_prints_a_line_per_habit(
    mode: list[str], starts: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main([*mode, "--seeds", "1", "--games", "3", "--habit", "correct"])
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(starts) for line in lines), lines
