"""JSON for the database's JSON columns and the table pages' live updates, with orjson: a
table's saved game is written at every move and read by every page that follows it, and the
standard library's encoder and decoder were a tenth of the server's work at a child's pace
(docs/performance.md, "Load benchmark")."""

from __future__ import annotations

from typing import Any

import orjson

# Keys that are not strings are written as strings, as the standard library does.
_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """`value` as compact JSON text (a str, which every database driver takes as text)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


def loads(text: str | bytes) -> Any:
    """The value of a JSON text."""
    return orjson.loads(text)


def engine_options(options: dict[str, Any]) -> dict[str, Any]:
    """SQLAlchemy engine options with this module's JSON, unless the options name their own."""
    return {"json_serializer": dumps, "json_deserializer": loads} | options
