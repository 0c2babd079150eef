"""gunicorn.conf.py: a worker that has loaded the app freezes what it holds, and with
CLASSROOM_GC_LOG it reports what the collector cost it; a tablet's connection stays open
between its moves."""

from __future__ import annotations

import gc
import http.client
import os
import runpy
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

pytestmark = pytest.mark.any_database  # gunicorn serves the app on a SQLite file of its own

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def conf() -> Iterator[dict[str, Any]]:
    """The settings module as gunicorn reads it; the collector as it was, afterwards."""
    callbacks = list(gc.callbacks)
    yield runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    gc.unfreeze()
    gc.callbacks[:] = callbacks


def test_a_worker_freezes_what_it_has_loaded(
    conf: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLASSROOM_GC_LOG", raising=False)
    loaded = [object() for _ in range(1000)]  # what the worker holds once it has the app
    worker = SimpleNamespace()
    conf["post_worker_init"](worker)
    assert gc.get_freeze_count() >= len(loaded)
    assert not hasattr(worker, "collections")  # nothing is counted unless asked


def test_with_the_log_a_worker_says_what_the_collector_took(
    conf: dict[str, Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLASSROOM_GC_LOG", "1")
    worker = SimpleNamespace()
    conf["post_worker_init"](worker)
    gc.collect(0)
    gc.collect()
    conf["worker_exit"](None, worker)
    line = capsys.readouterr().out
    assert worker.collections.count >= 2
    assert worker.collections.full >= 1
    assert line.startswith("gc: worker ")
    assert f"{worker.collections.count} collections ({worker.collections.full} full)" in line


def test_the_app_is_served_with_these_settings() -> None:
    """bin/run and the load benchmark both hand gunicorn this file, and gunicorn accepts it."""
    assert "--config gunicorn.conf.py" in (ROOT / "bin" / "run").read_text(encoding="utf-8")
    bench = (ROOT / "tools" / "loadbench" / "__main__.py").read_text(encoding="utf-8")
    assert '"--config", "gunicorn.conf.py"' in bench
    checked = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--check-config",
         "classroom:create_app()"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_tablet_s_connection_stays_open_between_its_moves(tmp_path: Path) -> None:
    """Served by gevent workers with these settings, a connection idle for longer than
    gunicorn's default keep-alive (2 s; a child's own moves come about 10 s apart) is still
    open for the tablet's next request: no new connection a move, and no move sent into a
    connection the server is closing."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--workers", "1",
         "--worker-class", "gevent", "--bind", f"127.0.0.1:{port}", "classroom:create_app()"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "CLASSROOM_INSTANCE_PATH": str(tmp_path)},
    )  # fmt: skip
    try:
        tablet = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        deadline = time.monotonic() + 60
        while True:  # until the worker answers
            try:
                tablet.request("GET", "/static/css/play.css")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                tablet.close()
                time.sleep(0.2)
        first = tablet.getresponse()
        first.read()
        assert first.status == 200
        opened = tablet.sock
        time.sleep(3.0)  # idle past gunicorn's default keep-alive: the subject of the test
        tablet.request("GET", "/static/css/play.css")
        again = tablet.getresponse()
        again.read()
        assert again.status == 200 and tablet.sock is opened
        tablet.close()
        assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["keepalive"] >= 10
    finally:
        server.terminate()
        server.wait(timeout=30)
