"""gunicorn's settings for the app's workers (`--config gunicorn.conf.py`, as bin/run and the
load benchmark start it): the garbage collector is told what a worker keeps for good
(docs/performance.md, "The garbage collector").

This file imports nothing of the app: gunicorn reads it in its master process, and gevent
workers must patch the standard library before the app's modules are imported.
"""

from __future__ import annotations

import gc
import os
import time
from typing import Any

GC_LOG = "CLASSROOM_GC_LOG"  # set: each worker prints the collector's time as it stops

# Seconds an idle connection stays open (gevent workers; sync workers close each one). A child
# moves about every 10 s at a table of four (three others' turns of a few seconds each), and
# reads a round's results for longer: with gunicorn's default of 2 s nearly every move came
# on a new connection (about 0.15 ms more of the server's CPU a request, measured with the
# landing page), and a tablet that sent its move just as the server closed the connection
# had it cut (the load benchmark's one error in 700 moves; a browser sends it again). No
# longer than a stream's heartbeat (15 s): a worker told to stop waits for its idle
# connections as it does for its streams.
keepalive = 15


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the app: everything made so far (the modules, the app, its
    mappers and compiled templates) is frozen, so that no collection walks it again. Without
    this, each full collection walked them all, about 0.1 s at a time on the benchmark's
    machine, and whatever request was running waited for it."""
    gc.collect()
    gc.freeze()
    if os.environ.get(GC_LOG):
        worker.collections = Collections()
        gc.callbacks.append(worker.collections.note)


def worker_exit(_server: Any, worker: Any) -> None:
    """As a worker stops, with CLASSROOM_GC_LOG set: how much of its CPU the collector took."""
    collections = getattr(worker, "collections", None)
    if collections is not None:
        print(collections.report(), flush=True)


class Collections:
    """The collections of one worker and the CPU time they took."""

    def __init__(self) -> None:
        self.count = 0
        self.full = 0
        self.seconds = 0.0
        self.began = 0.0

    def note(self, phase: str, info: dict[str, int]) -> None:
        """gc.callbacks' callback: at "start" and "stop" of each collection."""
        if phase == "start":
            self.began = time.process_time()
            return
        self.seconds += time.process_time() - self.began
        self.count += 1
        self.full += info["generation"] == 2

    def report(self) -> str:
        """One line for the worker's log."""
        return (
            f"gc: worker {os.getpid()}: {self.count} collections ({self.full} full) took "
            f"{self.seconds:.3f} s of its {time.process_time():.3f} s of CPU"
        )
