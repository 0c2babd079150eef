"""The messages the app has to translate, as `pybabel extract` reads them from its files."""

from __future__ import annotations

import configparser
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.extract import extract

ROOT = Path(__file__).parents[3]


KEYWORDS: dict[str, Any] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "lazy_gettext": None,
}


def sources(child_only: bool = False) -> Iterator[tuple[str, Path]]:
    """The files babel.cfg names, as `pybabel extract` reads them (`child_only`: not the
    parent report's)."""
    config = configparser.ConfigParser()
    config.read(ROOT / "babel.cfg")
    for section in config.sections():
        method, pattern = (part.strip() for part in section.split(":", 1))
        if child_only and "dashboard" in pattern:
            continue
        for path in sorted(ROOT.glob(pattern.replace("**.", "**/*."))):
            yield method, path


def messages(child_only: bool = False) -> set[str | tuple[str, str]]:
    """Every message the sources mark for translation."""
    found: set[str | tuple[str, str]] = set()
    for method, path in sources(child_only):
        with path.open("rb") as source:
            for _line, message, _comments, _context in extract(method, source, KEYWORDS):
                found.add(message)
    return found
