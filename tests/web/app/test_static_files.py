"""Static files a browser keeps until they change (classroom/static_files.py): every address a
page gives carries the file's version, a versioned file is kept for a year, an address without
one is asked again as before, and an edited file gets a new version."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.static_files import YEAR, file_version
from tests.web.conftest import MadeChild, sign_in_child
from tests.web.helpers.tables import start_table

VERSIONED = re.compile(r'(?:href|src)="(/static/[^"?]+)\?v=([0-9a-f]{12})"')
UNVERSIONED = re.compile(r'(?:href|src)="/static/[^"?]+"')


def test_every_static_address_of_a_page_carries_its_files_version(
    app: Flask, client: FlaskClient, child: MadeChild
) -> None:
    sign_in_child(client, child)
    table_id = start_table(app, [child], ["beginner"])
    for url in ("/", f"/play/tables/{table_id}"):
        html = client.get(url).get_data(as_text=True)
        found = VERSIONED.findall(html)
        assert len(found) >= 5, url  # styles, scripts, the cards, the pictures, the icons
        assert not UNVERSIONED.findall(html), url
        for path, version in found:
            assert version == file_version(app, path.removeprefix("/static/")), path
    state = client.get(f"/play/tables/{table_id}/state?version=-1").get_json()
    assert VERSIONED.findall(state["html"]) and not UNVERSIONED.findall(state["html"])


def test_a_versioned_file_is_kept_for_a_year_and_an_unversioned_one_asked_again(
    app: Flask, client: FlaskClient
) -> None:
    version = file_version(app, "css/app.css")
    kept = client.get(f"/static/css/app.css?v={version}")
    assert kept.status_code == 200
    assert kept.cache_control.max_age == YEAR
    assert kept.cache_control.public and kept.cache_control.immutable
    assert not kept.cache_control.no_cache
    assert kept.headers["X-Content-Type-Options"] == "nosniff"  # the security headers stay
    asked = client.get("/static/css/app.css")
    assert asked.status_code == 200 and asked.cache_control.no_cache
    assert asked.cache_control.max_age is None
    missing = client.get("/static/css/nothing-here.css?v=0123456789ab")
    assert missing.status_code == 404 and missing.cache_control.max_age != YEAR


def test_an_edited_file_gets_a_new_version_and_a_missing_one_none(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The session's app is shared: its static folder and debug are put back after the test.
    monkeypatch.setattr(app, "static_folder", str(tmp_path))
    picture = tmp_path / "pictures" / "owl.svg"
    picture.parent.mkdir()
    picture.write_text("<svg>one</svg>")
    before = file_version(app, "pictures/owl.svg")
    assert before is not None and re.fullmatch(r"[0-9a-f]{12}", before)
    monkeypatch.setattr(app, "debug", True)  # served: changed by a deploy; debug: edited
    picture.write_text("<svg>two</svg>")
    after = file_version(app, "pictures/owl.svg")
    assert after is not None and after != before
    assert file_version(app, "pictures/nobody.svg") is None
    with app.test_request_context():
        from flask import url_for

        assert url_for("static", filename="pictures/owl.svg").endswith(f"?v={after}")
        assert url_for("static", filename="pictures/nobody.svg") == "/static/pictures/nobody.svg"


def test_axe_core_is_not_served_it_is_the_tests_own(client: FlaskClient) -> None:
    """axe-core (tests/web/browser/vendor) is for the accessibility tests only: no visitor
    gets it from the app."""
    assert client.get("/static/vendor/axe-core/axe.min.js").status_code == 404
    assert client.get("/static/vendor/axe-core/LICENSE").status_code == 404
    assert client.get("/static/vendor/chart.js/chart.umd.min.js").status_code == 200
