"""A background job's failures said in the log as someone reading it wants them: the first with
its cause, then once every SAY_AGAIN_AFTER seconds with how many and for how long, and once when
the job works again; not a line at every try (the table watcher tries five times a second)."""

from __future__ import annotations

import logging
import time

SAY_AGAIN_AFTER = 60.0


class Failing:
    """The failures in a row of one job (`doing`: "reading the waited tables' versions")."""

    def __init__(self, log: logging.Logger, doing: str) -> None:
        self.log = log
        self.doing = doing
        self.failures = 0
        self.since: float | None = None  # time.monotonic() of the first failure in a row
        self.said_at = 0.0

    def failed(self, when: float | None = None, detail: str = "") -> None:
        """A try failed (in an `except` block: the first line says why)."""
        when = time.monotonic() if when is None else when
        self.failures += 1
        if self.since is None:
            self.since = self.said_at = when
            self.log.exception("%s%s", self.doing, f": {detail}" if detail else "")
        elif when - self.said_at >= SAY_AGAIN_AFTER:
            self.said_at = when
            self.log.error(
                "%s still fails (%d times in %.0f s)", self.doing, self.failures, when - self.since
            )

    def worked(self) -> None:
        """A try worked: said once after failures."""
        if self.since is not None:
            self.log.warning("%s works again (failed %d times)", self.doing, self.failures)
            self.since, self.failures = None, 0
