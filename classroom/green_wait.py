"""PostgreSQL connections that wait for the server the way gevent's worker can afford.

Under gevent (`bin/run` with pushed updates) `select` is gevent's, and psycopg then waits for
every answer with `psycopg.waiting.wait_poll`, whose `select.poll` is gevent's emulation: each
call starts an I/O watcher and a timer and switches to the hub, even when the answer has
already come. A short query's answer is usually there by the time psycopg looks, so
`GreenConnection.wait` looks first with the system's poll (no wait, no switch) and only when
the socket is not ready waits on one gevent watcher, letting the other greenlets run. Measured
in docs/performance.md, "The server's answer looked at before waiting for it".

Outside gevent nothing changes: psycopg's own C wait is the fastest there, and is kept.
"""

from __future__ import annotations

import select
from time import monotonic
from typing import Any

import psycopg
from gevent.monkey import get_original, is_module_patched
from gevent.socket import wait_read, wait_readwrite, wait_write
from psycopg import errors
from psycopg.abc import RV, PQGen
from psycopg.waiting import READY_NONE, READY_R, READY_W, WAIT_R, WAIT_RW, WAIT_W, Ready

# The system's poll even under gevent: a look with a timeout of 0 never waits, and gevent's
# own starts a watcher and a timer at each call (classroom.extensions looks at a pooled
# connection's socket with it too).
system_poll = get_original("select", "poll")
_MASKS = {WAIT_R: select.POLLIN, WAIT_W: select.POLLOUT, WAIT_RW: select.POLLIN | select.POLLOUT}
_GREEN_WAITS = {WAIT_R: wait_read, WAIT_W: wait_write, WAIT_RW: wait_readwrite}
_BAD = ~(select.POLLIN | select.POLLOUT)


class _Quiet(Exception):
    """The deadline came with the socket not ready: psycopg's generator is told so."""


def green_wait(gen: PQGen[RV], fileno: int, timeout: float | None = None) -> RV:
    """Drive psycopg's generator `gen` on socket `fileno`: each step looks with the system's
    poll first, and waits on a gevent watcher only when the socket is not ready. As psycopg's
    own waits, `errors._WaitTimeout` ends a wait longer than `timeout`."""
    deadline = None if timeout is None else monotonic() + timeout
    try:
        wanted = next(gen)
        poller = system_poll()
        poller.register(fileno, _MASKS[wanted])
        while True:
            events = poller.poll(0)
            if events:
                ev = events[0][1]
                ready = Ready(
                    (READY_R if ev & select.POLLIN else 0) | (READY_W if ev & select.POLLOUT else 0)
                )
                if not ready and ev & _BAD:
                    raise errors.OperationalError("connection socket closed")
                wanted = gen.send(ready)
                poller.modify(fileno, _MASKS[wanted])
            else:
                # The one wait that lets the other greenlets run; without a deadline, no
                # timer (starting one was a third of what gevent's poll cost a call).
                left = None if deadline is None else max(0.0, deadline - monotonic())
                try:
                    _GREEN_WAITS[wanted](fileno, timeout=left, timeout_exc=_Quiet)
                except _Quiet:
                    wanted = gen.send(READY_NONE)
                    poller.modify(fileno, _MASKS[wanted])
            if deadline is not None and monotonic() >= deadline:
                raise errors._WaitTimeout("wait timeout expired")
    except StopIteration as done:
        result: RV = done.value
        return result


class GreenConnection(psycopg.Connection[Any]):
    """A psycopg connection whose queries wait with `green_wait` (under gevent only)."""

    def wait(self, gen: PQGen[RV], interval: float = 0.1, timeout: float | None = None) -> RV:
        """Consume `gen` on this connection, as psycopg's Connection.wait does. psycopg's
        `interval` wakes its generator to hear a Ctrl-C, which gevent's hub hears anyway: so
        no timer is started, unless there is a `timeout`."""
        return green_wait(gen, self.pgconn.socket, timeout)


def under_gevent() -> bool:
    """Whether gevent has patched `select` in this process (its worker does)."""
    return bool(is_module_patched("select"))
