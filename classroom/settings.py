"""The parts of configuration that need code: environment variables, the database URL and the
secret key kept in the instance folder."""

from __future__ import annotations

import json
import os
import secrets
from typing import Any
from urllib.parse import urlsplit

from flask import Config, Flask

from classroom import jsoncodec
from classroom.serving import engine_pool

ENV_PREFIX = "CLASSROOM"
SECRET_KEY_FILE = "secret_key"


class SettingsError(RuntimeError):
    """A configuration the app refuses to start with; the message says what to set."""


def check_public_url(config: Config | dict[str, Any]) -> None:
    """Mail carries links (a password reset, a confirmation, an invitation), and a link must
    point at this site whatever Host header the request that sent it came with: where mail is
    configured, PUBLIC_URL must be set, to an http(s) address."""
    public = str(config.get("PUBLIC_URL") or "").strip()
    if not config.get("MAIL_SERVER"):
        return
    if not public:
        raise SettingsError(
            "MAIL_SERVER is set but PUBLIC_URL is not: set CLASSROOM_PUBLIC_URL to the address "
            "teachers open the app at (e.g. https://classroom.school.example). The links in "
            "emails are built from it, never from a request's Host header."
        )
    parts = urlsplit(public)
    if parts.scheme not in ("https", "http") or not parts.netloc or parts.query or parts.fragment:
        raise SettingsError(
            f"PUBLIC_URL must be the site's address, like https://classroom.school.example "
            f"(got {public!r})."
        )


def load_environment(
    config: Config, environ: os._Environ[str] | dict[str, str] | None = None
) -> None:
    """Apply DATABASE_URL and every CLASSROOM_* variable (CLASSROOM_ wins over the plain name)."""
    environ = os.environ if environ is None else environ
    if environ.get("DATABASE_URL"):
        config["DATABASE_URL"] = environ["DATABASE_URL"]
    for key in sorted(environ):
        if key.startswith(ENV_PREFIX + "_") and key != "CLASSROOM_INSTANCE_PATH":
            config[key[len(ENV_PREFIX) + 1 :]] = _parse(environ[key])


def _parse(value: str) -> Any:
    """Read numbers and booleans as such ("3", "true"); anything else stays a string."""
    try:
        return json.loads(value)
    except ValueError:
        return value


def normalise_database_url(url: str) -> str:
    """Point postgres:// and postgresql:// URLs at the psycopg 3 driver."""
    for scheme in ("postgres://", "postgresql://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme) :]
    return url


def finish(app: Flask) -> None:
    """Derive the settings that depend on the layers above."""
    url = app.config.get("DATABASE_URL") or "sqlite:///" + os.path.join(
        app.instance_path, "classroom.sqlite"
    )
    app.config["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(url)
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    # A database server may drop a pooled connection (a restart): a checkout looks at the
    # connection's socket for the server's goodbye first (extensions._dropped_by_the_server),
    # so the first request after a restart is no 500, without pool_pre_ping's round trip a
    # request. A SQLite file has no server to lose.
    # Under gevent, a pool that keeps as many connections as a burst of requests uses
    # (serving.engine_pool); options set in the configuration win.
    pool = engine_pool(app.config, app.config["SQLALCHEMY_DATABASE_URI"])
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = jsoncodec.engine_options(pool | options)
    # An environment variable may give it as a string ("30").
    app.config["AWAY_AFTER"] = float(app.config["AWAY_AFTER"])
    check_public_url(app.config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)


def instance_secret_key(instance_path: str) -> str:
    """Read the instance's secret key, creating it (mode 0600) on the first start."""
    path = os.path.join(instance_path, SECRET_KEY_FILE)
    try:
        with open(path, encoding="ascii") as f:
            key = f.read().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    # Write to a private temporary file, then link it into place: of several processes
    # starting at once, exactly one key wins and everyone reads that one.
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secrets.token_hex(32) + "\n")
    try:
        os.link(tmp, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(tmp)
    with open(path, encoding="ascii") as f:
        return f.read().strip()
