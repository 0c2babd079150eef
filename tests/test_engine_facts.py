"""The game's facts are written once, in the engine (DESIGN.md: no game rule in a view or
template): outside `classroom/game` no code, template or script writes the cat/rat boundary,
compares a level's name, or lists the levels, computer players or endings again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_database  # reads the source

ROOT = Path(__file__).resolve().parents[1]
LEVEL = r"""['"](?:ultra_peek|peek|outside_peek|standard)['"]"""
FORBIDDEN = {
    "the cat/rat boundary as a number (use the engine's family, CATS or RATS)": re.compile(
        r"(?:<=|>)\s*6\b(?!\d)|(?:>=|<)\s*7\b(?!\d)"
    ),
    "a level compared by its name (use the Level's properties)": re.compile(
        rf"(?:==|!=)\s*{LEVEL}|{LEVEL}\s*(?:==|!=)|\bin\s*[(\[]\s*{LEVEL}"
    ),
    "a list of level names (use the Level enum)": re.compile(rf"[(\[]\s*{LEVEL}\s*,\s*{LEVEL}"),
    "a list of computer players (use the engine's Personality)": re.compile(
        r"""[(\[]\s*['"]beginner['"]\s*,\s*['"]solid['"]"""
    ),
}


def sources() -> list[Path]:
    """The web side's code, templates and scripts (the engine and the tests excluded)."""
    found = [p for p in (ROOT / "classroom").rglob("*.py") if "game" not in p.parts]
    found += (ROOT / "templates").rglob("*.html")
    found += [p for p in (ROOT / "static").rglob("*.js") if "vendor" not in p.parts]
    return sorted(found)


def test_the_sources_are_found() -> None:
    """The walk sees the web side (a test that reads no file would pass whatever they say)."""
    names = {p.name for p in sources()}
    assert {"models.py", "table.html", "table.js"} <= names


@pytest.mark.parametrize("what", sorted(FORBIDDEN))
def test_no_game_fact_is_written_outside_the_engine(what: str) -> None:
    """None of the patterns appears in any source outside the engine."""
    pattern = FORBIDDEN[what]
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {text.strip()}"
        for path in sources()
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(text)
    ]
    assert hits == [], what


def test_the_patterns_catch_what_they_name() -> None:
    """Each pattern finds the kind of line it forbids and passes the engine's own words."""
    assert FORBIDDEN[
        "the cat/rat boundary as a number (use the engine's family, CATS or RATS)"
    ].search("x if value <= 6 else y")
    assert FORBIDDEN["a level compared by its name (use the Level's properties)"].search(
        "{% if child.level != 'ultra_peek' %}"
    )
    assert FORBIDDEN["a list of level names (use the Level enum)"].search(
        'LEVELS = ("ultra_peek", "peek", "outside_peek", "standard")'
    )
    assert not any(p.search("if tallest <= 16 and card in CATS") for p in FORBIDDEN.values())
