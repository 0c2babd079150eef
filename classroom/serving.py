"""How bin/run serves the app: `python -m classroom.serving` prints the gunicorn worker class
the configuration needs ("gevent" when play pages listen to pushed updates, else "sync")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def push_seconds(config: Mapping[str, Any]) -> float:
    """TABLE_PUSH as a number of seconds (0: off; so is anything that is not a number)."""
    try:
        seconds = float(config.get("TABLE_PUSH") or 0)
    except (TypeError, ValueError):
        return 0.0
    return seconds if seconds > 0 else 0.0  # a NaN compares false: off


def worker_class(config: Mapping[str, Any]) -> str:
    """The gunicorn worker class for this configuration: an open event stream a play page
    (TABLE_PUSH) would tie up a sync worker, so pushed updates are served by gevent."""
    return "gevent" if push_seconds(config) > 0 else "sync"


def main() -> None:
    """Print the worker class for the configuration bin/run starts the app with."""
    from classroom import create_app

    print(worker_class(create_app().config))


if __name__ == "__main__":
    main()
