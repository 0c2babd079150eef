"""The strength table and benchmark commands run and print their figures."""

from __future__ import annotations

import re

import pytest

from classroom.game import benchmark, strength


def test_strength_table_prints_every_pairing_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    """Three pairings of two rows each, and one row per level with a score per player."""
    strength.main(["--games", "40", "--seed", "3"])
    out = capsys.readouterr().out
    assert "40 seeded games per pairing" in out
    for pairing in ("Kitten v Tabby", "Kitten v Top Cat", "Tabby v Top Cat"):
        assert pairing in out
    rates = [float(r) for r in re.findall(r"(\d+\.\d)%", out)]
    assert len(rates) == 6 + 4 * 3 and all(0 <= r <= 100 for r in rates)
    for level in ("Ultra-Peek", "Peek", "Outside Peek", "Standard"):
        row = next(line for line in out.splitlines() if line.startswith(level + " "))
        cells = row[len(level) :].split()
        scores = [float(x) for x in cells[1::2]]
        assert len(scores) == 3 and all(0 <= s <= 36 for s in scores)
        level_rates = [float(x.rstrip("%")) for x in cells[0::2]]
        assert abs(sum(level_rates) - 100) < 0.5  # shared wins are split


def test_benchmark_prints_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    """A figure per personality and for random legal moves."""
    benchmark.main(["--seconds", "0.05", "--repeat", "1"])
    out = capsys.readouterr().out
    for name in ("Kitten", "Tabby", "Top Cat", "random legal moves"):
        row = next(line for line in out.splitlines() if line.startswith(name))
        assert float(row.split()[-3]) > 0
