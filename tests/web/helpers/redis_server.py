"""The Redis the shared-limit and relay tests use, or a skip without it."""

from __future__ import annotations

import os

import pytest

REDIS_URL = "redis://127.0.0.1:6379/15"


def redis_or_skip() -> None:
    """Skip where no Redis listens, except in CI, which has one."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.exceptions.ConnectionError:
        if os.environ.get("CI"):
            raise
        pytest.skip("no Redis on 127.0.0.1:6379")
