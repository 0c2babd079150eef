"""create_app: configuration layers, the secret key, the database URL, the landing page."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from classroom import create_app
from classroom.settings import load_environment, normalise_database_url


def write_instance_config(instance: Path, body: str) -> None:
    instance.mkdir(parents=True, exist_ok=True)
    (instance / "config.py").write_text(body)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for key in list(os.environ):
        if key.startswith("CLASSROOM_") or key == "DATABASE_URL":
            monkeypatch.delenv(key)
    return monkeypatch


def test_layers_apply_in_order(tmp_path: Path, clean_env: pytest.MonkeyPatch) -> None:
    instance = tmp_path / "instance"
    write_instance_config(
        instance,
        "CHILD_MAX_TRIES = 5\nJOIN_CODE_LIMIT = 'from instance'\nSIGN_IN_LIMIT = 'from instance'\n",
    )
    clean_env.setenv("CLASSROOM_JOIN_CODE_LIMIT", "from env")
    clean_env.setenv("CLASSROOM_SIGN_IN_LIMIT", "from env")
    app = create_app({"INSTANCE_PATH": str(instance), "SIGN_IN_LIMIT": "from test"})
    assert app.config["CO_TEACHER_CODE_DAYS"] == 7  # default
    assert app.config["CHILD_MAX_TRIES"] == 5  # instance beats default
    assert app.config["JOIN_CODE_LIMIT"] == "from env"  # environment beats instance
    assert app.config["SIGN_IN_LIMIT"] == "from test"  # test dict beats everything


def test_environment_values_are_parsed(clean_env: pytest.MonkeyPatch) -> None:
    config: dict[str, object] = {}
    load_environment(
        config,  # type: ignore[arg-type]
        {"CLASSROOM_CHILD_MAX_TRIES": "4", "CLASSROOM_TESTING": "true", "CLASSROOM_NAME": "Room 4"},
    )
    assert config == {"CHILD_MAX_TRIES": 4, "TESTING": True, "NAME": "Room 4"}


def test_secret_key_is_generated_once_and_reused(
    tmp_path: Path, clean_env: pytest.MonkeyPatch
) -> None:
    instance = tmp_path / "instance"
    first = create_app({"INSTANCE_PATH": str(instance)})
    key_file = instance / "secret_key"
    assert key_file.exists()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(first.config["SECRET_KEY"]) >= 64
    second = create_app({"INSTANCE_PATH": str(instance)})
    assert second.config["SECRET_KEY"] == first.config["SECRET_KEY"]


def test_configured_secret_key_writes_no_file(
    tmp_path: Path, clean_env: pytest.MonkeyPatch
) -> None:
    instance = tmp_path / "instance"
    clean_env.setenv("CLASSROOM_SECRET_KEY", "from-the-environment")
    app = create_app({"INSTANCE_PATH": str(instance)})
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert not (instance / "secret_key").exists()


def test_default_database_is_sqlite_in_instance(
    tmp_path: Path, clean_env: pytest.MonkeyPatch
) -> None:
    instance = tmp_path / "instance"
    app = create_app({"INSTANCE_PATH": str(instance)})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{instance}/classroom.sqlite"


@pytest.mark.parametrize("variable", ["DATABASE_URL", "CLASSROOM_DATABASE_URL"])
def test_database_url_picks_postgresql(
    variable: str, tmp_path: Path, clean_env: pytest.MonkeyPatch
) -> None:
    clean_env.setenv(variable, "postgres://teacher:pw@db.example:5432/classroom")
    app = create_app({"INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "k"})
    assert (
        app.config["SQLALCHEMY_DATABASE_URI"]
        == "postgresql+psycopg://teacher:pw@db.example:5432/classroom"
    )


def test_classroom_prefix_beats_plain_database_url(
    tmp_path: Path, clean_env: pytest.MonkeyPatch
) -> None:
    clean_env.setenv("DATABASE_URL", "postgresql://a@h/plain")
    clean_env.setenv("CLASSROOM_DATABASE_URL", "postgresql://a@h/prefixed")
    app = create_app({"INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "k"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://a@h/prefixed"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u@h/d", "postgresql+psycopg://u@h/d"),
        ("postgresql://u@h/d", "postgresql+psycopg://u@h/d"),
        ("postgresql+psycopg://u@h/d", "postgresql+psycopg://u@h/d"),
        ("sqlite:///x.sqlite", "sqlite:///x.sqlite"),
    ],
)
def test_normalise_database_url(given: str, expected: str) -> None:
    assert normalise_database_url(given) == expected


def test_landing_page(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "I&#39;m a teacher" in page or "I'm a teacher" in page
    assert "I&#39;m a child" in page or "I'm a child" in page


def test_security_headers(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert "Strict-Transport-Security" not in response.headers


def test_https_request_gets_secure_cookie_and_hsts(make_app) -> None:  # type: ignore[no-untyped-def]
    # An app of its own: a route cannot be added to the shared test app once it has answered.
    app = make_app(TESTING=True)

    @app.get("/_set_session")
    def set_session() -> str:
        from flask import session

        session["seen"] = True
        return "ok"

    client = app.test_client()
    plain = client.get("/_set_session")
    assert "Secure" not in plain.headers["Set-Cookie"]
    secure = client.get("/_set_session", base_url="https://localhost")
    assert "Secure" in secure.headers["Set-Cookie"]
    assert "HttpOnly" in secure.headers["Set-Cookie"]
    assert "Strict-Transport-Security" in secure.headers


def test_unknown_page_is_a_friendly_404(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "We could not find that page." in response.get_data(as_text=True)


def test_control_characters_are_refused(client) -> None:  # type: ignore[no-untyped-def]
    """A hidden character is refused with a 400 that says what to change (the typed text is
    lost, so "did not make sense" left a teacher who had pasted a name not knowing why)."""
    refused = client.post("/join", data={"code": "AB\x00CD"})
    assert refused.status_code == 400
    assert "holds a hidden character that cannot be saved" in refused.get_data(as_text=True)
    assert "type that field again rather than pasting it" in refused.get_data(as_text=True)
    assert client.get("/join/AB%00CD").status_code == 400
    assert client.get("/?x=%01").status_code == 400
    assert client.post("/join", data={"code": "line one\nline two\ttab"}).status_code == 400
