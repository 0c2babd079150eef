"""A district on one machine, as the tests run it (docs/deploy.md): three app processes
(gunicorn, one gevent worker each) on their own ports, as three hosts would be, behind HAProxy
(deploy/haproxy.cfg, round robin, no sticky sessions), one PostgreSQL and one Redis of the
test's own (started here on free ports in a temporary folder, so a test may stop or restart
them; the machine's own are never touched)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
HAPROXY_CFG = ROOT / "deploy" / "haproxy.cfg"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def until(
    condition: Callable[[], Any],
    seconds: float,
    what: str,
    pause: Callable[[float], Any] = time.sleep,
) -> Any:
    """Wait for `condition` to hold (a busy machine may take a while), or fail saying `what`.
    `pause`: how to wait between two looks (a browser page's own, so its events come in)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = condition()
        except Exception:  # not up yet
            found = None
        if found:
            return found
        pause(0.05)
    raise AssertionError(f"not so within {seconds:g} s: {what}")


def listens(port: int) -> bool:
    """Does something accept connections on this port?"""
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _answers(port: int) -> bool:
    """Does the app on this port answer its landing page?"""
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
        return bool(response.status == 200)


def _pg_tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def missing_parts() -> list[str]:
    """What this machine lacks to run a district (HAProxy, PostgreSQL's own tools, Redis)."""
    tools = {
        "haproxy": shutil.which("haproxy"),
        "initdb": _pg_tool("initdb"),
        "pg_ctl": _pg_tool("pg_ctl"),
        "redis-server": shutil.which("redis-server"),
    }
    return [name for name, path in tools.items() if path is None]


def district_or_skip() -> None:
    """The district tests run in the PostgreSQL pass only (one PostgreSQL pass is enough, and
    the SQLite pass has no PostgreSQL to stand for); a part missing skips them, but under
    CI=true it fails them (bin/test installs HAProxy as it installs Chromium)."""
    if not os.environ.get("CLASSROOM_TEST_DATABASE_URL", "").startswith("postgresql"):
        pytest.skip("the district tests (HAProxy, three app processes) run in the PostgreSQL pass")
    missing = missing_parts()
    if missing:
        message = f"the district tests need {', '.join(missing)} (apt-get install haproxy ...)"
        if os.environ.get("CI") == "true":
            pytest.fail(message + "; under CI=true a missing part is a failure")
        pytest.skip(message)


def _as_postgres() -> list[str]:
    """PostgreSQL's tools refuse to run as root: then they run as the postgres user."""
    if os.geteuid() != 0:
        return []
    return ["runuser", "-u", "postgres", "--"]


class Postgres:
    """A PostgreSQL cluster of the test's own, in a temporary folder, on a free port."""

    def __init__(self) -> None:
        # A folder of its own under /tmp: pytest's are closed to the postgres user.
        self.folder = Path(tempfile.mkdtemp(prefix="classroom-district-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, tool: str, *args: str) -> None:
        path = _pg_tool(tool)
        assert path is not None
        done = subprocess.run(
            [*_as_postgres(), path, *args], capture_output=True, text=True, cwd=self.folder
        )
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout[-1500:]}{done.stderr[-1500:]}")

    def _pg_ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
                 "-w", "-t", "60", *args)  # fmt: skip

    def start(self) -> None:
        """Start the cluster and wait until it accepts connections."""
        self._pg_ctl("start")

    def restart(self) -> None:
        """Stop it at once (every connection is cut) and start it again."""
        self._pg_ctl("restart", "-m", "fast")

    def stop(self) -> None:
        """Stop it (at the end)."""
        with suppress(RuntimeError):  # already stopped
            self._pg_ctl("stop", "-m", "immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """A redis-server of the test's own on a free port (never the machine's)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        """Start it, and wait until it listens."""
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        until(lambda: listens(self.port), 30, "redis-server listens")

    def stop(self) -> None:
        """Stop it (the pages fall back to the watcher's reads)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


class AppProcess:
    """One app process as a host runs it: gunicorn with one gevent worker, its own port."""

    def __init__(self, name: str, env: dict[str, str], folder: Path) -> None:
        self.name = name
        self.port = free_port()
        self.env = env
        self.log = folder / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it (in a process group of its own, so that a kill takes its worker too)."""
        command = [
            sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
            "--workers", "1", "--worker-class", "gevent", "--worker-connections", "1000",
            "--bind", f"127.0.0.1:{self.port}", "--graceful-timeout", "2",
            "classroom:create_app()",
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    def kill(self) -> None:
        """SIGKILL the process and its worker, as a host lost would be."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
            self.process = None

    def stop(self) -> None:
        """Stop it (at the end)."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
            self.process = None


class District:
    """Three app processes behind HAProxy, on one PostgreSQL and one Redis."""

    def __init__(self, folder: Path, database_url: str, redis: Redis, config: dict[str, Any]):
        self.folder = folder
        self.redis = redis
        env = {k: v for k, v in os.environ.items() if not k.startswith("CLASSROOM_")}
        env |= {
            "DATABASE_URL": database_url,
            "CLASSROOM_INSTANCE_PATH": str(folder / "instance"),
            "CLASSROOM_TABLE_RELAY": redis.url,
            "CLASSROOM_TRUSTED_PROXIES": "1",
            "PYTHONPATH": str(ROOT),
        }
        import json

        env |= {f"CLASSROOM_{key}": json.dumps(value) for key, value in config.items()}
        self.apps = [AppProcess(f"app{n}", env, folder) for n in (1, 2, 3)]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.balancer: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the three processes, then the balancer, and wait until each answers."""
        for app in self.apps:
            app.start()
        for app in self.apps:  # each worker has loaded the app and answers
            until(lambda app=app: _answers(app.port), 90, f"{app.name} answers")
        env = os.environ | {"CLASSROOM_BIND": f"127.0.0.1:{self.port}"}
        env |= {f"CLASSROOM_APP{n}": f"127.0.0.1:{a.port}" for n, a in enumerate(self.apps, 1)}
        with (self.folder / "haproxy.log").open("ab") as log:
            self.balancer = subprocess.Popen(
                ["haproxy", "-db", "-f", str(HAPROXY_CFG)], env=env, stdout=log,
                stderr=subprocess.STDOUT,
            )  # fmt: skip
        balancer = self.balancer
        until(lambda: listens(self.port) or balancer.poll() is not None, 30, "HAProxy listens")
        assert balancer.poll() is None, "HAProxy stopped:\n" + self.logs()

    def app_named(self, name: str) -> AppProcess:
        """The app process HAProxy calls `name` (its X-Served-By header)."""
        return next(app for app in self.apps if app.name == name)

    def stop(self) -> None:
        """Stop the balancer and the processes."""
        if self.balancer is not None:
            self.balancer.terminate()
            self.balancer.wait(10)
        for app in self.apps:
            app.stop()

    def logs(self) -> str:
        """The end of every process's log, for a failure's message."""
        parts = []
        for path in sorted(self.folder.glob("*.log")):
            parts.append(f"--- {path.name}\n" + path.read_text(errors="replace")[-2000:])
        return "\n".join(parts)
