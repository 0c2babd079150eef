"""The session cookie's signer (security.HttpsAwareSessionInterface) is made once for each
secret key instead of at every request, and still follows the app's keys: a new key signs,
the old one in SECRET_KEY_FALLBACKS still reads, and a key dropped opens nothing."""

from __future__ import annotations

from flask import Flask


def test_the_signer_is_made_once_and_follows_a_new_secret_key(app: Flask) -> None:
    sessions = app.session_interface
    first = sessions.get_signing_serializer(app)  # type: ignore[attr-defined]
    assert sessions.get_signing_serializer(app) is first  # type: ignore[attr-defined]
    client = app.test_client()
    with client.session_transaction() as session:
        session["signed"] = "with the first key"
    old_key = app.config["SECRET_KEY"]
    app.config["SECRET_KEY"] = "a-new-secret-key"
    app.config["SECRET_KEY_FALLBACKS"] = [old_key]
    assert sessions.get_signing_serializer(app) is not first  # type: ignore[attr-defined]
    with client.session_transaction() as session:
        assert session["signed"] == "with the first key"  # read with the fallback
        session["signed"] = "with the new key"
    app.config["SECRET_KEY_FALLBACKS"] = []
    with client.session_transaction() as session:
        assert session["signed"] == "with the new key"
    app.config["SECRET_KEY"] = old_key  # the first key back, and no fallback
    with client.session_transaction() as session:
        assert "signed" not in session  # signed with a key the app no longer has
