"""A figure clearly below chance has its own words on the pages, not "about what tapping at
random would give" (user test: 0 of 8 cat-cat pairs where chance is about 5)."""

from __future__ import annotations

from flask import Flask

from classroom.dashboard import words
from classroom.insights.measures import Rate

MACRO = '{% import "dashboard/_macros.html" as m with context %}{{ m.rate(r, short=short) }}'


def rendered(app: Flask, r: Rate, short: bool = False) -> str:
    with app.test_request_context():
        return app.jinja_env.from_string(MACRO).render(r=r, short=short, words=words)


def test_a_figure_far_below_chance_says_fewer_right(app: Flask) -> None:
    below = Rate(0, 8, 5, chance=5.0)
    cell = rendered(app, below)
    assert "fewer right than tapping at random would give" in cell
    assert "about what tapping at random would give" not in cell
    short = rendered(app, below, short=True)
    assert ">below chance<" in short and ">at chance<" not in short
    assert "fewer right than tapping at random would give" in short


def test_a_figure_near_chance_still_says_about_chance(app: Flask) -> None:
    near = Rate(8, 20, 10, chance=10.0)
    assert "about what tapping at random would give" in rendered(app, near)
    assert ">at chance<" in rendered(app, near, short=True)
