"""The class picture of card pairs for the overview: the 10 by 10 grid of the card in hand
against the highest card the child could know, each cell shaded by how often the class got
it wrong and always showing its number too (colour is never the only cue)."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.game import CATS
from classroom.insights import PairGrid
from classroom.insights.grid import Cell

CARDS = tuple(range(10))
# Shade steps of the share wrong: a cell is in the first step whose bound it is below.
SHADE_BOUNDS = (0.0001, 0.1, 0.25, 0.5, 0.75)


@dataclass(frozen=True, slots=True)
class GridCell:
    """One cell as the page shows it."""

    hand: int
    highest: int
    chances: int
    wrong: int
    share: float | None  # None: too few chances for a figure
    shade: str  # a CSS class: "never" (equal cards), "few" (too few chances) or s0-s5
    cat_cat: bool  # both cards are cats (0-6): the block cat-versus-rat thinking shows in

    @property
    def cat_bottom(self) -> bool:
        """Is this cell on the bottom edge of the cat-cat block (the last cat in hand)?"""
        return self.cat_cat and self.hand == CATS[-1]

    @property
    def cat_right(self) -> bool:
        """Is this cell on the right edge of the cat-cat block (the last cat known)?"""
        return self.cat_cat and self.highest == CATS[-1]

    @property
    def label(self) -> str:
        """The cell read aloud: "3 in hand, 4 known: wrong 5 of 8 times"."""
        pair = f"{self.hand} in hand, {self.highest} known"
        if self.shade == "never":
            return f"{pair}: not a comparison"
        if self.share is None:
            return f"{pair}: {self.chances} chances, too few for a figure"
        return f"{pair}: wrong {self.wrong} of {self.chances} times"


def shade(cell: Cell) -> str:
    """The CSS class of a cell's shading."""
    if cell.hand == cell.highest:
        return "never"  # two equal cards: nothing to order, never a comparison
    value = cell.wrong_share.value
    if value is None:
        return "few"
    step = sum(value >= bound for bound in SHADE_BOUNDS)
    return f"s{step}"


def grid_rows(grid: PairGrid) -> list[list[GridCell]]:
    """The grid's rows (card in hand 0-9), each with its ten cells (highest known 0-9)."""
    return [
        [
            GridCell(
                hand,
                highest,
                cell.chances,
                cell.wrong,
                cell.wrong_share.value,
                shade(cell),
                hand in CATS and highest in CATS,
            )
            for highest in CARDS
            for cell in (grid.cell(hand, highest),)
        ]
        for hand in CARDS
    ]


def worst_text(cell: Cell) -> str:
    """A pair of the worst list in words."""
    children = "child" if cell.children == 1 else "children"
    return (
        f"A {cell.hand} in hand with a {cell.highest} known: wrong {cell.wrong} of "
        f"{cell.chances} times ({cell.children_wrong} of {cell.children} {children} "
        "who had it got it wrong)."
    )
