"""Rate limits counted in storage that every app process shares: two real app processes on
one database (and on one Redis, where there is one) count failed sign-ins and wrong class
codes together, so a configured 10 a minute means 10, not 10 per process."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.conftest import base_config
from tests.web.conftest import PASSWORD, MadeClass, MadeTeacher
from tests.web.helpers.redis_server import REDIS_URL, redis_or_skip

# One app process: the config comes as JSON on argv; it prints its port, then serves.
SERVE = """
import json, sys
from werkzeug.serving import make_server
from classroom import create_app
server = make_server("127.0.0.1", 0, create_app(json.loads(sys.argv[1])))
print(server.server_port, flush=True)
server.serve_forever()
"""


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

    def request(self, method: str, path: str, form: dict[str, str] | None = None, *,
                address: str) -> int:  # fmt: skip
        """The status of one request, sent as from `address` (through one trusted proxy)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"X-Forwarded-For": address}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            return connection.getresponse().status
        finally:
            connection.close()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        assert self.process.stdout is not None
        self.process.stdout.close()


# One set of limits for every test here, so the processes start once per storage; each test
# uses addresses and emails of its own, so their counts do not meet.
LIMITS = {
    "SIGN_IN_LIMIT": "10 per minute",
    "SIGN_IN_ACCOUNT_LIMIT": "3 per minute",
    "JOIN_CODE_LIMIT": "4 per minute",
}


@pytest.fixture(scope="module", params=["database://", REDIS_URL])
def servers(
    request: pytest.FixtureRequest,
    database_url: str,
    _schema: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, Server]]:
    """Two app processes on the test database, sharing the storage of the param."""
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


def someone(make_teacher: Callable[..., MadeTeacher]) -> MadeTeacher:
    return make_teacher(email=f"{uuid.uuid4().hex[:12]}@school.example")


def test_failed_sign_ins_per_address_are_counted_by_both_processes(
    servers: tuple[Server, Server], make_teacher: Callable[..., MadeTeacher]
) -> None:
    first, second = servers
    school = "192.0.2.10"
    # Ten teachers of one school each mistype once: ten tries of the address, one per account.
    staff = [someone(make_teacher) for _ in range(11)]
    statuses = [
        (first if i % 2 else second).request(
            "POST", "/teacher/sign-in", {"email": t.email, "password": "mistyped"}, address=school
        )
        for i, t in enumerate(staff[:10])
    ]
    assert statuses == [400] * 10
    last = {"email": staff[10].email, "password": PASSWORD}
    assert first.request("POST", "/teacher/sign-in", last, address=school) == 429
    assert second.request("POST", "/teacher/sign-in", last, address=school) == 429
    # Another address (another school) is not held back by this one's tries.
    assert second.request("POST", "/teacher/sign-in", last, address="192.0.2.11") == 302


def test_failed_sign_ins_per_account_hold_back_guessing_from_many_addresses(
    servers: tuple[Server, Server], make_teacher: Callable[..., MadeTeacher]
) -> None:
    first, second = servers
    teacher, colleague = someone(make_teacher), someone(make_teacher)
    wrong = {"email": teacher.email, "password": "not the password"}
    statuses = [
        server.request("POST", "/teacher/sign-in", wrong, address=f"203.0.113.{i}")
        for i, server in enumerate([first, second, first])
    ]
    assert statuses == [400, 400, 400]
    right = {"email": teacher.email, "password": PASSWORD}
    assert second.request("POST", "/teacher/sign-in", right, address="203.0.113.99") == 429
    # Emails are counted as typed, known or not: an unknown one is limited the same way.
    unknown = {"email": f"{uuid.uuid4().hex}@school.example", "password": "not the password"}
    unknown_statuses = [
        first.request("POST", "/teacher/sign-in", unknown, address="203.0.113.100")
        for _ in range(4)
    ]
    assert unknown_statuses == [400, 400, 400, 429]
    # A colleague at the same school address signs in as usual.
    colleague_in = {"email": colleague.email, "password": PASSWORD}
    assert first.request("POST", "/teacher/sign-in", colleague_in, address="203.0.113.1") == 302


def test_wrong_class_codes_are_counted_by_both_processes(
    servers: tuple[Server, Server], classroom: MadeClass
) -> None:
    first, second = servers
    address = "198.51.100.20"
    statuses = [
        (first if i % 2 else second).request(
            "POST", "/join", {"code": f"WRONG{i}"}, address=address
        )
        for i in range(4)
    ]
    assert statuses == [400] * 4
    assert first.request("GET", "/join/NOSUCH", address=address) == 429
    assert second.request("GET", "/join/NOSUCH", address=address) == 429
    # The same class's pictures, from another address, are served as ever.
    assert first.request("GET", f"/join/{classroom.join_code}", address="198.51.100.21") == 200


def test_counts_use_a_pool_apart_from_the_requests(app: Any, tmp_path: Path) -> None:
    """A count is taken while the request's session holds a connection: from a pool of its
    own, so requests running together (gevent, threads) that each hold one of the app's never
    wait for a second from it. The same engine every time; a database in memory has one."""
    from classroom import create_app
    from classroom.counters import _engine
    from classroom.extensions import db

    with app.app_context():
        counters = _engine()
        assert counters is not db.engine and counters is _engine()
        assert counters.url == db.engine.url
    memory = create_app(base_config("sqlite://", tmp_path / "instance"))
    with memory.app_context():
        assert _engine() is db.engine
