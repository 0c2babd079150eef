"""Static files a browser keeps until they change: each address carries its file's version
(`?v=`, a digest of its bytes), and an address with a version is cached for a year.

Flask's default is `Cache-Control: no-cache`: a tablet asked again for each of the 20-30
pictures, scripts and styles of every page it opened (17 pages a round at a table of four),
and a card whose answer had not come yet was a blank white card for a moment (the DISCARD
pile's card blinked at the start of a round). With a version in the address a
changed file has a new address, so nothing stale is ever shown."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from typing import Any

from flask import Flask, Response, current_app, request

YEAR = 365 * 24 * 3600


@lru_cache(maxsize=2048)
def _digest(path: str, changed: int) -> str | None:
    # `changed` is the file's mtime in debug (an edited file gets a new version at once), and
    # 0 otherwise (a served file changes only with a deploy, which restarts the processes).
    try:
        with open(path, "rb") as file:
            return hashlib.sha256(file.read()).hexdigest()[:12]
    except OSError:
        return None  # no such file: its address gets no version (and its request a 404)


def file_version(app: Flask, filename: str) -> str | None:
    """The version of static/`filename` (12 hex digits of its SHA-256), or None if missing."""
    path = os.path.join(app.static_folder or "", filename)
    changed = 0
    if app.debug:
        try:
            changed = os.stat(path).st_mtime_ns
        except OSError:
            return None
    return _digest(path, changed)


@lru_cache(maxsize=4096)
def versioned(static: str, filename: str) -> str:
    """The address of static/`filename` with its version, for HTML written in Python
    (classroom/seatview/cards.py, pieces.py) without `url_for`; `static` is the app's static
    URL path (it keys the cache by app)."""
    version = file_version(current_app._get_current_object(), filename)  # type: ignore[attr-defined]
    return f"{static}/{filename}" + (f"?v={version}" if version else "")


def _add_version(endpoint: str | None, values: dict[str, Any]) -> None:
    # Every url_for("static", filename=...) of a template gets the file's version.
    if endpoint == "static" and "filename" in values and "v" not in values:
        version = file_version(current_app._get_current_object(), str(values["filename"]))  # type: ignore[attr-defined]
        if version is not None:
            values["v"] = version


def _keep_for_a_year(response: Response) -> Response:
    # Only an address with a version: one without it (an old page's, a typed one) may be
    # asked again, as before.
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    return response


def init_app(app: Flask) -> None:
    """Version the static addresses url_for makes, and let browsers keep versioned files."""
    app.url_defaults(_add_version)
    app.after_request(_keep_for_a_year)
