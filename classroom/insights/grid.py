"""The class picture: which card pairs the children get wrong, as a 10 by 10 grid of the card
in hand against the highest card the child could know in their line (4-versus-3 at a glance).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .measures import MIN_GRID_CELL, Rate, rate
from .records import ChoiceRecord, Id
from .tallies import Sums


@dataclass(frozen=True, slots=True)
class Cell:
    """One (hand, highest known) pair across the class."""

    hand: int
    highest: int
    chances: int
    wrong: int
    children: int  # how many children had this pair
    children_wrong: int  # how many of them got it wrong at least once

    @property
    def wrong_share(self) -> Rate:
        """Wrong answers of all chances, once there are MIN_GRID_CELL of them."""
        return rate(self.wrong, self.chances, MIN_GRID_CELL)


@dataclass(frozen=True, slots=True)
class PairGrid:
    """`cells[hand][highest]` for 0-9 by 0-9; only hand < highest can hold chances."""

    cells: tuple[tuple[Cell, ...], ...]

    def cell(self, hand: int, highest: int) -> Cell:
        """The cell of one pair."""
        return self.cells[hand][highest]

    def worst(self, count: int = 5) -> list[Cell]:
        """The pairs most often wrong (with enough chances), worst first."""
        shown = [c for row in self.cells for c in row if c.wrong_share.enough and c.wrong]
        return sorted(shown, key=lambda c: (-c.wrong / c.chances, -c.chances, c.hand, c.highest))[
            :count
        ]


def pair_grid(choices: Iterable[ChoiceRecord]) -> PairGrid:
    """Many children's judged comparisons, counted per (hand, highest known) pair."""
    children: dict[Id, list[ChoiceRecord]] = defaultdict(list)
    for choice in choices:
        children[choice.child_id].append(choice)
    return pair_grid_of([Sums.of(mine) for mine in children.values()])


def pair_grid_of(children: Iterable[Sums]) -> PairGrid:
    """The grid from each child's tallies ("pair:<hand>:<highest>", hits = wrong)."""
    chances = [[0] * 10 for _ in range(10)]
    wrong = [[0] * 10 for _ in range(10)]
    seen = [[0] * 10 for _ in range(10)]
    missed = [[0] * 10 for _ in range(10)]
    for sums in children:
        for key in sums.keys("pair:"):
            _, hand, highest = key.split(":")
            h, k = int(hand), int(highest)
            chances[h][k] += sums.chances[key]
            wrong[h][k] += sums.hits[key]
            seen[h][k] += 1
            missed[h][k] += sums.hits[key] > 0
    cells = tuple(
        tuple(Cell(h, k, chances[h][k], wrong[h][k], seen[h][k], missed[h][k]) for k in range(10))
        for h in range(10)
    )
    return PairGrid(cells)
