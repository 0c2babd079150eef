"""`Cache-Control: no-store` on every page and file with a child's data (issue 14): every GET
route of the access matrix (class, child, dashboard, report, CSV, cards, boards, the child's
own pages), for the class's teacher and for the child; the static files stay cacheable."""

# ruff: noqa: F401, F811  (the access matrix's `world` fixture is imported, and named by each test)
from __future__ import annotations

import pytest
from flask import Flask

from tests.web.conftest import sign_in_child, sign_in_teacher
from tests.web.helpers.access import CHILD, ROUTES, World, call, url_for_route, world

GETS = sorted({endpoint for endpoint, method in ROUTES if method == "GET"} - {"static"})


@pytest.mark.parametrize("endpoint", GETS)
def test_no_page_is_kept_by_a_browser_or_proxy(app: Flask, world: World, endpoint: str) -> None:
    client = app.test_client()
    if endpoint in CHILD:
        sign_in_child(client, world.child)
    else:
        sign_in_teacher(client, world.right)
    response = call(client, "GET", url_for_route(app, endpoint, world))
    assert response.headers["Cache-Control"] == "no-store", endpoint


def test_the_pages_with_a_childs_data_are_among_them() -> None:
    assert {
        "classes.detail",
        "classes.cards",
        "children.detail",
        "dashboard.class_overview",
        "dashboard.child_page",
        "dashboard.report",
        "dashboard.summary_csv",
        "dashboard.choices_csv",
        "child.home",
        "play.table",
    } <= set(GETS)


def test_static_files_stay_cacheable(app: Flask) -> None:
    response = app.test_client().get("/static/css/app.css")
    assert "no-store" not in response.headers.get("Cache-Control", "")
    response.close()
