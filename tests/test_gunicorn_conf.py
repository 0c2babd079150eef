"""gunicorn.conf.py: a worker that has loaded the app freezes what it holds, and with
CLASSROOM_GC_LOG it reports what the collector cost it."""

from __future__ import annotations

import gc
import runpy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

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
