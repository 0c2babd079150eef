"""CSV files for spreadsheets: cells that never run as formulas, UTF-8 with a byte-order mark,
a download streamed line by line. Every export of the app writes through here."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from flask import Response

# A spreadsheet reads a cell starting with one of these as a formula; names are typed by
# teachers, so such a cell gets a leading apostrophe (the usual guard against CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"  # first in the file: spreadsheets then read it as UTF-8, not their local code page


# A number written as text ("-3", "+1.5") is read as that number, never as a formula.
NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def text(value: str) -> str:
    """A text cell that a spreadsheet will not run as a formula."""
    if value.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(value):
        return "'" + value
    return value


def line(cells: Iterable[Any]) -> str:
    """One CSV line (with its line ending) from the cells; None is an empty cell. Every text
    cell is guarded (text()), whoever typed it: no export can forget to."""
    out = io.StringIO()
    csv.writer(out).writerow(
        ["" if cell is None else text(cell) if isinstance(cell, str) else cell for cell in cells]
    )
    return out.getvalue()


def csv_response(lines: Any, filename: str) -> Response:
    """A CSV download, streamed line by line."""
    return Response(
        lines,
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": attachment(filename)},
    )


def file_slug(name: str, fallback: str = "class") -> str:
    """A child's or class's name made safe for a file name, keeping its letters and accents
    ("Sofía" is "sofía"): only what is not a letter or digit becomes a hyphen."""
    name = unicodedata.normalize("NFC", name)
    return re.sub(r"[\W_]+", "-", name).strip("-").lower() or fallback


def ascii_name(filename: str) -> str:
    """The file name in plain ASCII, for a browser that does not read filename*: accents
    dropped ("sofía" is "sofia"), anything else that is not safe a hyphen."""
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^A-Za-z0-9._-]+", "-", plain).strip("-") or "download"


def attachment(filename: str) -> str:
    """A Content-Disposition for a download (RFC 6266): an ASCII filename for old clients
    and the real name, accents and all, as filename*=UTF-8'' (RFC 5987)."""
    real = quote(filename, safe="")
    return f"attachment; filename=\"{ascii_name(filename)}\"; filename*=UTF-8''{real}"
