"""The packages of `classroom` import one another one way only: no loop between packages
(DESIGN.md, "the arrows go one way"), and the engine and insights import nothing web-side."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_database  # reads the source

PACKAGE = Path(__file__).resolve().parents[1] / "classroom"
PURE = ("game", "insights")
# The packages and top-level modules of `classroom` (a name imported from __init__ is not one).
UNITS = {p.stem for p in PACKAGE.glob("*.py")} | {
    p.parent.name for p in PACKAGE.glob("*/__init__.py")
}  # DESIGN.md: no Flask, no SQLAlchemy, nothing of the web side


def unit_of(module: str) -> str | None:
    """The package (or top-level module) of `classroom` that a dotted module name is in."""
    parts = module.split(".")
    if parts[0] != "classroom" or len(parts) < 2:
        return None
    return parts[1]


def imports_of(path: Path) -> set[str]:
    """Every module a source file imports, absolute, wherever in the file the import is."""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join((*base, node.module) if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            # `from classroom import tables` names a package, not a name in __init__.
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def unit_graph() -> dict[str, set[str]]:
    """Package -> the other packages it imports."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        here = unit_of(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        if here is None:
            continue
        targets = graph.setdefault(here, set())
        for module in imports_of(path):
            there = unit_of(module)
            if there in UNITS and there != here:
                targets.add(there)
    return graph


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one package (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def test_the_walk_sees_the_imports_it_should() -> None:
    """The walk itself: the play blueprint imports the table services, relative imports count."""
    graph = unit_graph()
    assert "tables" in graph["play"]
    assert "game" in graph["tables"]


def test_no_import_loop_between_packages() -> None:
    """No package imports, directly or round about, a package that imports it."""
    assert loops(unit_graph()) == []


@pytest.mark.parametrize("pure", PURE)
def test_engine_and_insights_import_nothing_of_the_web_side(pure: str) -> None:
    """classroom.game and classroom.insights import no Flask, no SQLAlchemy, no web package."""
    allowed = {"game"} if pure == "insights" else set()
    for path in (PACKAGE / pure).rglob("*.py"):
        for module in imports_of(path):
            top = module.split(".")[0]
            assert top not in {"flask", "flask_sqlalchemy", "sqlalchemy", "werkzeug"}, (
                path,
                module,
            )
            unit = unit_of(module)
            assert unit in (None, pure, *allowed), (path, module)


def test_what_a_seat_sees_sits_between_the_blueprints_and_the_services() -> None:
    """classroom.seatview (what a seat sees: the board, the story since a version, the page)
    reads the table services and is used by the play and watch blueprints and the streams; it
    imports neither a blueprint nor the live path, so every answer is built one way."""
    graph = unit_graph()
    assert "tables" in graph["seatview"]
    assert {"play", "watch", "live"}.isdisjoint(graph["seatview"])
    assert "seatview" in graph["play"] and "seatview" in graph["watch"]
