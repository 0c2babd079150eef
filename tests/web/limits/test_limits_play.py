"""No rate limit counts a child's requests at a table (classroom/play/views.at_the_tables):
a game polls several times a second, none of it a guess at anything, and Flask-Limiter then
skips the request before looking for limits. Every other page keeps its limits."""

from __future__ import annotations

from flask import Flask

from classroom.play.views import at_the_tables


def test_a_child_s_requests_at_a_table_are_left_out_of_the_limits(app: Flask) -> None:
    for url, method in [
        ("/play/tables/1/state", "GET"),
        ("/play/tables/1/events", "GET"),
        ("/play/tables/1/move", "POST"),
        ("/play/tables/1", "GET"),
    ]:
        with app.test_request_context(url, method=method):
            assert at_the_tables(), url
    for url in ("/", "/join/ABCDEF", "/sign-in", "/me"):
        with app.test_request_context(url):
            assert not at_the_tables(), url
