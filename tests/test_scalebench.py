"""The scale benchmark runs end to end on a tiny class (the real figures: docs/performance.md)."""

from __future__ import annotations

import pytest

from tools import scalebench

pytestmark = pytest.mark.any_database  # the benchmark makes a SQLite database of its own


def test_the_scale_benchmark_prints_every_page_time(capsys: pytest.CaptureFixture[str]) -> None:
    """Two children, a few games: history written, every page answers 200 and is timed."""
    scalebench.main(["--children", "2", "--games", "4", "--weeks", "2", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "history: 2 children, 8 games" in out
    for page in ("class overview, school year", "child page, school year", "progress report"):
        line = next(line for line in out.splitlines() if page in line)
        median, slowest = (float(x) for x in line.split()[-2:])
        assert 0 < median <= slowest
