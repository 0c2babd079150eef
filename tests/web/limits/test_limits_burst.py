"""Tries sent all at once get no further than tries sent one by one: a try is counted and
compared with its limit in one step (classroom/tries.py), on two app processes that each
answer many requests at a time, with the counts in the database and in Redis."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.conftest import base_config
from tests.web.conftest import MadeClass, MadeTeacher
from tests.web.helpers.redis_server import redis_or_skip

REDIS_URL = "redis://127.0.0.1:6379/12"  # this issue's own Redis database

# One app process answering each request on a thread of its own; it prints its port.
SERVE = """
import json, sys
from werkzeug.serving import make_server
from classroom import create_app
server = make_server("127.0.0.1", 0, create_app(json.loads(sys.argv[1])), threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
"""

LIMITS = {
    "SIGN_IN_LIMIT": "1000 per minute",
    "SIGN_IN_ACCOUNT_LIMIT": "5 per minute",
    "SIGN_IN_DEVICE_LIMIT": "3 per minute",
    "JOIN_CODE_LIMIT": "20 per minute",
}


class Server:
    """A running app process, and how to send it a form as if from some address."""

    def __init__(self, config: dict[str, Any]) -> None:
        root = Path(__file__).resolve().parents[3]
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVE, json.dumps(config)],
            cwd=root,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self.process.stdout is not None
        self.port = int(self.process.stdout.readline())

    def post(self, path: str, form: dict[str, str], address: str) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {
            "X-Forwarded-For": address,
            "Content-Type": "application/x-www-form-urlencoded",
        }
        try:
            connection.request("POST", path, body=urlencode(form), headers=headers)
            return connection.getresponse().status
        finally:
            connection.close()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        assert self.process.stdout is not None
        self.process.stdout.close()


@pytest.fixture(scope="module", params=["database://", REDIS_URL])
def servers(
    request: pytest.FixtureRequest,
    database_url: str,
    _schema: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, Server]]:
    """Two threaded app processes on the test database, sharing the storage of the param."""
    storage = str(request.param)
    if storage.startswith("redis"):
        redis_or_skip()
    config = base_config(database_url, tmp_path_factory.mktemp("instance")) | {
        "RATELIMIT_ENABLED": True,
        "RATELIMIT_STORAGE_URI": storage,
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        "TRUSTED_PROXIES": 1,
        **LIMITS,
    }
    first, second = Server(config), Server(config)
    yield first, second
    first.stop()
    second.stop()


def all_at_once(servers: tuple[Server, Server], sends: list[Callable[[Server], int]]) -> Counter:
    """Send every request at the same moment (a barrier), alternately to each process."""
    barrier = threading.Barrier(len(sends))

    def send(i: int) -> int:
        barrier.wait(timeout=60)
        return sends[i](servers[i % 2])

    with ThreadPoolExecutor(len(sends)) as pool:
        return Counter(pool.map(send, range(len(sends))))


def test_wrong_passwords_sent_at_once_get_no_further_than_the_limit(
    servers: tuple[Server, Server], make_teacher: Callable[..., MadeTeacher]
) -> None:
    """40 wrong passwords for one account at once, from 40 addresses, over two processes:
    5 are answered (the account's limit, 5 a minute), 35 are 429."""
    teacher = make_teacher(email=f"{uuid.uuid4().hex[:12]}@school.example")
    wrong = {"email": teacher.email, "password": "not the password"}
    sends = [
        (lambda server, i=i: server.post("/teacher/sign-in", wrong, f"203.0.113.{i}"))
        for i in range(40)
    ]
    statuses = all_at_once(servers, sends)
    assert statuses == Counter({429: 35, 400: 5})


def test_wrong_class_codes_sent_at_once_get_no_further_than_the_limit(
    servers: tuple[Server, Server], classroom: MadeClass
) -> None:
    """60 wrong class codes at once from one address, over two processes: 20 are answered
    (the limit, 20 a minute), 40 are 429."""
    address = f"198.51.100.{uuid.uuid4().int % 200 + 1}"
    sends = [
        (lambda server, i=i: server.post("/join", {"code": f"WRONG{i}"}, address))
        for i in range(60)
    ]
    statuses = all_at_once(servers, sends)
    assert statuses == Counter({429: 40, 400: 20})
