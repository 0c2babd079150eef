"""Ids in URLs beyond what an id column holds (issue 14, defect 3): 2,147,483,648 or more was a
500 on PostgreSQL. Every route with an id, read from app.url_map, answers such an id with a 404
on both databases, for an anonymous visitor, a signed-in child and the class's own teacher; the
largest id a column holds reaches the database and is a plain "not found" (or the page's own
answer), never a 500."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from classroom import create_app
from classroom.security import LARGEST_ID, RowIdConverter, digits_up_to
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_child, sign_in_teacher


def routes_with_ids() -> list[tuple[str, str, tuple[str, ...]]]:
    """(endpoint, method, the rule's id arguments) for every route that takes an id."""
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    found = []
    for rule in app.url_map.iter_rules():
        ids = tuple(sorted(n for n, c in rule._converters.items() if isinstance(c, RowIdConverter)))
        if ids:
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                found.append((rule.endpoint, method, ids))
    return sorted(found)


ROUTES = routes_with_ids()


def test_the_routes_are_found() -> None:
    assert len(ROUTES) >= 68  # the probe found 68
    assert ("signin.secret", "GET", ("child_id",)) in ROUTES


def url(app: Flask, endpoint: str, ids: tuple[str, ...], value: int, code: str) -> str:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    values: dict[str, Any] = dict.fromkeys(ids, value)
    if "code" in rule.arguments:
        values["code"] = code
    with app.test_request_context():
        return url_for(endpoint, **values)


def clients(app: Flask, teacher: MadeTeacher, child: MadeChild) -> list[FlaskClient]:
    anonymous, as_teacher, as_child = app.test_client(), app.test_client(), app.test_client()
    sign_in_teacher(as_teacher, teacher)
    sign_in_child(as_child, child)
    return [anonymous, as_teacher, as_child]


@pytest.mark.parametrize(("endpoint", "method", "ids"), ROUTES)
def test_an_id_beyond_the_column_is_not_found(
    app: Flask,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
    endpoint: str,
    method: str,
    ids: tuple[str, ...],
) -> None:
    for too_big in (LARGEST_ID + 1, 10**30):
        address = url(app, endpoint, ids, too_big, classroom.join_code)
        for client in clients(app, teacher, child):
            response = client.open(address, method=method, data={})
            assert response.status_code == 404, (address, response.status_code)


@pytest.mark.parametrize(("endpoint", "method", "ids"), ROUTES)
def test_the_largest_id_reaches_the_database_without_a_500(
    app: Flask,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
    endpoint: str,
    method: str,
    ids: tuple[str, ...],
) -> None:
    address = url(app, endpoint, ids, LARGEST_ID, classroom.join_code)
    for client in clients(app, teacher, child):
        response = client.open(address, method=method, data={})
        assert response.status_code < 500, (address, response.status_code)
        assert response.status_code in (302, 400, 403, 404), (address, response.status_code)


def test_a_child_id_beyond_the_column_in_a_query_string_is_not_found(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    response = teacher_client.get(f"/classes/{classroom.id}/cards?child={LARGEST_ID + 1}")
    assert response.status_code == 404


def test_the_id_pattern_holds_exactly_the_column_range() -> None:
    pattern = re.compile(digits_up_to(LARGEST_ID))
    rng = random.Random(14)
    numbers = [*range(1000), LARGEST_ID - 1, LARGEST_ID, LARGEST_ID + 1, 10**10, 9999999999]
    numbers += [rng.randrange(10**11) for _ in range(5000)]
    for n in numbers:
        assert bool(pattern.fullmatch(str(n))) == (n <= LARGEST_ID), n
