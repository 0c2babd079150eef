"""The teacher dashboards (docs/dashboards.md): the class overview and its sorting, the pair
grid, the live "Today" panel, a child's page, the printable report and the date range."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.models import Child
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, sign_in_child, sign_in_teacher
from tests.web.helpers.dashboard import NAMES, fill, page, today
from tests.web.helpers.tables import play_to_end, start_table


@pytest.fixture
def pupils(make_child: Callable[..., MadeChild], classroom: MadeClass) -> list[MadeChild]:
    """Six children of the class; fill_history gives each a different habit."""
    return [make_child(classroom, name) for name in NAMES]


@pytest.fixture
def played(app: Flask, classroom: MadeClass, pupils: list[MadeChild]) -> list[MadeChild]:
    """Six weeks of play for the six children."""
    fill(app, classroom, pupils, weeks=6, games=24)
    return pupils


def row_names(html: str) -> list[str]:
    """The children's names in the overview table, in the order shown."""
    body = html.split('class="roster overview-table"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'class="child-link"[^>]*>.*?<span>([^<]+?)</span></a>', body, re.S)


def test_the_class_page_links_to_the_overview(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    html = page(teacher_client, f"/classes/{classroom.id}")
    assert f'href="/classes/{classroom.id}/overview"' in html


def test_overview_shows_every_active_child_with_their_measures(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, played: list[MadeChild]
) -> None:
    with app.app_context():
        gone = db.session.get(Child, played[-1].id)
        assert gone is not None
        gone.archived_at = datetime.now(UTC)
        db.session.commit()
    html = page(teacher_client, f"/classes/{classroom.id}/overview")
    assert row_names(html) == list(NAMES[:-1])  # the archived child is not in the table
    for child in played[:-1]:
        assert f'href="/children/{child.id}/progress?start=' in html
    assert "Comparisons right" in html and "Next step" in html
    assert "⚑ Flag<" in html  # the cats-alike and forgetful children raise flags
    # The trend's arrow is for the eye; a screen reader hears its words once.
    assert re.search(
        r'<span aria-hidden="true">[↑→↓]</span>\u00a0(going up|steady|going down)'
        r"|not enough yet to tell",
        html,
    )
    assert not re.search(r"(?<!>)[↑→↓]\u00a0(going|steady)", html)
    # The pair grid: ten rows of ten cells, and the worst pairs as a list in words.
    grid = html.split('class="pair-grid"', 1)[1].split("</table>", 1)[0]
    assert grid.count("<tr>") == 11
    assert len(re.findall(r'<td class="shade-', grid)) == 100
    assert "The pairs most often wrong" in html
    assert re.search(r"A \d in hand with a \d known: wrong \d+ of \d+ times", html)
    # Colour is never the only cue: shaded cells carry their figure.
    assert re.search(r"shade-s\d[^>]*>\s*<strong>\d+%</strong><small>of \d+</small>", grid)


def test_too_few_chances_say_so_instead_of_a_figure(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    html = page(teacher_client, f"/classes/{classroom.id}/overview")
    assert "not enough yet: 0 of 10 chances" in html
    assert "0%" not in html.split('class="roster overview-table"', 1)[1].split("</table>")[0]


@pytest.mark.parametrize(
    ("sort", "direction"),
    [
        ("name", "asc"),
        ("name", "desc"),
        ("accuracy", "asc"),
        ("accuracy", "desc"),
        ("games", "desc"),
        ("cats", "desc"),
        ("recommendation", "asc"),
        ("trend", "asc"),
        ("level", "asc"),
        ("memory", "desc"),
        ("counting", "desc"),
        ("adding", "desc"),
        ("calling", "desc"),
    ],
)
def test_every_column_sorts_on_the_server(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    played: list[MadeChild],
    sort: str,
    direction: str,
) -> None:
    from classroom.dashboard import sorting
    from classroom.models import Classroom
    from classroom.progress import DateRange, overview

    html = page(teacher_client, f"/classes/{classroom.id}/overview?sort={sort}&dir={direction}")
    with app.test_request_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        day = today()
        rows = overview(room, DateRange.last_days(day), day).rows
        expected = [row.name for row in sorting.sort_rows(rows, sort, direction)]
        shown, _ = sorting.shown_columns(rows)
    assert row_names(html) == expected
    if sort not in shown:  # a column with no data for anyone is folded into a note
        return
    # The sorted column says so to assistive technology, and its link turns the order round.
    state = "ascending" if direction == "asc" else "descending"
    assert f'aria-sort="{state}"' in html
    other = "desc" if direction == "asc" else "asc"
    assert f"sort={sort}&amp;dir={other}" in html


def test_sorting_puts_rows_without_a_figure_last_both_ways(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    played: list[MadeChild],
) -> None:
    make_child(classroom, "Aaron")  # no games: no accuracy
    url = f"/classes/{classroom.id}/overview"
    for direction in ("asc", "desc"):
        names = row_names(page(teacher_client, f"{url}?sort=accuracy&dir={direction}"))
        assert names[-1] == "Aaron"
    assert row_names(page(teacher_client, f"{url}?sort=nonsense"))[0] == "Aaron"


def test_sort_links_keep_the_date_range_and_the_range_keeps_the_sort(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    html = page(
        teacher_client,
        f"/classes/{classroom.id}/overview?start=2026-09-01&end=2026-10-01&sort=games&dir=asc",
    )
    assert "sort=level&amp;dir=asc&amp;start=2026-09-01&amp;end=2026-10-01" in html
    assert '<input type="hidden" name="sort" value="games">' in html
    assert "1 Sep 2026 to 1 Oct 2026" in html
    for label in ("This week", "Last 4 weeks", "This school year"):
        assert f">{label}</a>" in html


def test_quick_ranges_cover_the_week_four_weeks_and_the_school_year(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    html = page(teacher_client, f"/classes/{classroom.id}/overview")
    day = today()
    monday = day - timedelta(days=day.weekday())
    assert f"start={monday.isoformat()}&amp;end={day.isoformat()}" in html
    four = day - timedelta(days=27)
    assert f'start={four.isoformat()}&amp;end={day.isoformat()}" aria-current="true"' in html
    year = day.year if day.month >= 8 else day.year - 1
    assert f"start={year}-08-01&amp;end={day.isoformat()}" in html


def test_today_panel_counts_what_children_play_now(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    empty = page(teacher_client, f"/classes/{classroom.id}/today")
    assert "No one has played yet today." in empty
    table_id = start_table(app, [child], ["solid"])
    child_client = app.test_client()
    sign_in_child(child_client, child)
    play_to_end(app, {0: child_client}, table_id)
    fragment = page(teacher_client, f"/classes/{classroom.id}/today")
    assert re.search(r"<dt>Games today</dt><dd>1</dd>", fragment)
    assert child.display_name in fragment
    assert "<html" not in fragment  # a fragment, for the panel to swap in
    overview = page(teacher_client, f"/classes/{classroom.id}/overview")
    assert f'data-url="/classes/{classroom.id}/today"' in overview
    assert "js/dashboard-today.js" in overview
    # Its address opened in the browser (a navigation) shows the overview at the panel.
    opened = teacher_client.get(
        f"/classes/{classroom.id}/today", headers={"Sec-Fetch-Mode": "navigate"}
    )
    assert opened.status_code == 302
    assert opened.location == f"/classes/{classroom.id}/overview#today-heading"


def test_child_page_shows_progress_charts_with_text_alternatives(
    teacher_client: FlaskClient, played: list[MadeChild]
) -> None:
    child = played[1]  # learns cats from cats: slips to show
    html = page(teacher_client, f"/children/{child.id}/progress")
    charts = re.findall(r"data-chart='([^']*)'", html)
    assert len(charts) == 6  # no "memory held" chart: nothing is remembered at Ultra-Peek
    assert "Memory held, per week" not in html
    specs = [json.loads(raw.replace("&#34;", '"')) for raw in charts]
    for spec in specs:
        assert spec["type"] in ("line", "bar")
        assert all(v is None or 0 <= v <= 100 for s in spec["series"] for v in s["values"])
    # Every comparison chart sets the child's figures beside their chance level.
    titles = {spec["title"]: [s["label"] for s in spec["series"]] for spec in specs}
    for title in ("by distance", "by ratio", "by family pair"):
        (found,) = [labels for name, labels in titles.items() if title in name]
        assert found == ["Right", "By chance"]
    assert "by chance about" in html and "Put a card on a lower one" in html
    for described in re.findall(r'aria-describedby="([^"]+)"', html):
        assert f'id="{described}"' in html  # every chart points at its table
    for heading in (
        "Progress over the weeks",
        "Comparing numbers",
        "Counting and adding",
        "Calling",
        "Level history",
        "Week by week",
    ):
        assert heading in html
    assert 'id="memory-heading"' not in html  # nothing to remember or look at, no SWAPs
    assert re.search(r"(This week|Last week|Week of \d+ \w+):</strong> (kept|put) an? \d", html)
    assert "vendor/chart.js/chart.umd.min.js" in html
    assert "Added to the class" in html  # the level history's first entry


GET_PAGES = (
    "/classes/{class_id}/overview",
    "/classes/{class_id}/export/summary.csv",
    "/classes/{class_id}/export/choices.csv",
    "/children/{child_id}/progress",
    "/children/{child_id}/report",
)


@pytest.mark.parametrize("path", GET_PAGES)
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("start=2026-13-01", "Dates look like 2026-11-02"),
        ("start=yesterday", "Dates look like 2026-11-02"),
        ("start=2026-11-10&end=2026-11-01", "The first day must come before the last day."),
        ("start=2020-01-01&end=2026-01-01", "Choose a range of at most 400 days."),
        # Days the date arithmetic cannot reach were a 500 (OverflowError).
        ("start=0001-01-01&end=0001-01-02", "Choose days from 2000 to 2099"),
        ("start=9999-12-30&end=9999-12-31", "Choose days from 2000 to 2099"),
    ],
)
def test_bad_dates_are_400_with_a_sentence(
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    path: str,
    query: str,
    message: str,
) -> None:
    url = path.format(class_id=classroom.id, child_id=child.id) + "?" + query
    html = page(teacher_client, url, 400)
    assert message in html
    assert 'type="date"' in html  # the form to choose again


@pytest.mark.parametrize("path", GET_PAGES)
@pytest.mark.parametrize(("first", "last"), [(1, 1), (3, 34), (3, 1)])
def test_a_range_starting_after_today_is_400_with_a_sentence(
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    path: str,
    first: int,
    last: int,
) -> None:
    """A range that starts after today (tomorrow, next month, or both ends in the future and
    backwards) is refused on every page as a bad one is: it says so, with the form again."""
    day = today()
    start, end = day + timedelta(days=first), day + timedelta(days=last)
    url = path.format(class_id=classroom.id, child_id=child.id) + f"?start={start}&end={end}"
    html = page(teacher_client, url, 400)
    assert (
        f"Those dates are in the future: choose a first day up to today, {day:%-d %b %Y}." in html
    )
    assert 'type="date"' in html


@pytest.mark.parametrize("path", GET_PAGES)
def test_a_range_running_past_today_ends_today(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild, path: str
) -> None:
    """An end after today means up to today, on every page and export alike (the form, the
    window note, the file's name show today as the last day)."""
    day = today()
    start = day - timedelta(days=10)
    later = day + timedelta(days=40)
    url = path.format(class_id=classroom.id, child_id=child.id) + f"?start={start}&end={later}"
    response = teacher_client.get(url)
    assert response.status_code == 200
    if path.endswith(".csv"):
        assert f'-{start}-{day}.csv";' in response.headers["Content-Disposition"]
        return
    html = response.get_data(as_text=True)
    assert f'name="end" value="{day.isoformat()}"' in html
    assert later.isoformat() not in html


@pytest.mark.parametrize("path", (*GET_PAGES, "/classes/{class_id}/today"))
def test_the_wrong_teacher_gets_404(
    client: FlaskClient,
    make_teacher: Callable[..., MadeTeacher],
    classroom: MadeClass,
    child: MadeChild,
    path: str,
) -> None:
    sign_in_teacher(client, make_teacher(email="other@school.example"))
    response = client.get(path.format(class_id=classroom.id, child_id=child.id))
    assert response.status_code == 404
    assert child.display_name not in response.get_data(as_text=True)


def test_a_range_holds_at_most_400_days_both_ends_counted(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    """A review found 401 days accepted under "at most 400 days"."""
    url = f"/classes/{classroom.id}/overview"
    page(teacher_client, f"{url}?start=2025-01-01&end=2026-02-04")  # 400 days
    refused = page(teacher_client, f"{url}?start=2025-01-01&end=2026-02-05", 400)  # 401
    assert "Choose a range of at most 400 days." in refused


def test_no_flag_is_said_only_from_the_flags_minimum(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, pupils: list[MadeChild]
) -> None:
    """A review found "no flag" for cat versus rat beside 4 cat-cat comparisons, all wrong:
    below a flag's minimum the cell says "too few yet" with the chances so far."""
    from classroom.dashboard.sorting import COLUMNS
    from classroom.models import Classroom
    from classroom.progress.pages import DateRange, overview

    fill(app, classroom, pupils, weeks=1, games=2)
    html = page(teacher_client, f"/classes/{classroom.id}/overview")
    body = html.split('class="roster overview-table"', 1)[1].split("</table>", 1)[0]
    shown = body.count(">no flag<")
    too_few = body.count(">too few yet<")
    with app.app_context():
        found = overview(
            db.session.get(Classroom, classroom.id), DateRange.last_days(today()), today()
        )
        flags = [c for c in COLUMNS.values() if c.figure is not None]
        seen = [c for c in flags if any(c.has_data(row) for row in found.rows)]
        pairs = [(row, c) for row in found.rows for c in seen if row.flag(c.flag or "") is None]
        expected_no_flag = sum(1 for row, c in pairs if c.has_data(row) and c.enough(row))
        expected_too_few = sum(1 for row, c in pairs if c.has_data(row) and not c.enough(row))
        below = [c.figure(row) for row, c in pairs if c.has_data(row) and not c.enough(row)]
    assert expected_too_few > 0, "two games a child leave some figures under their minimum"
    assert (shown, too_few) == (expected_no_flag, expected_too_few)
    assert all(figure.chances > 0 for figure in below)
    assert re.search(
        r"too few yet<span class=\"visually-hidden\">: \d+ chances?, a flag needs \d+", body
    )


def test_the_child_page_says_too_few_instead_of_no_sign_of_cats_alike(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, pupils: list[MadeChild]
) -> None:
    """A review found "No sign of 'all cats are alike'" beside four cat-cat slips, below the
    check's minimum."""
    from classroom.progress.pages import DateRange, child_progress

    fill(app, classroom, pupils, weeks=1, games=2)
    checked = 0
    for kid in pupils:
        html = " ".join(page(teacher_client, f"/children/{kid.id}/progress").split())
        with app.app_context():
            cats = child_progress(
                db.session.get(Child, kid.id), DateRange.last_days(today()), today()
            ).summary.cats
        if cats.flag is not None:
            continue
        enough = cats.cat_cat.enough and cats.cat_rat.enough
        assert ('No sign of "all cats are alike"' in html) == enough
        assert ("Too few yet to tell whether cats look alike" in html) == (not enough)
        checked += not enough
    assert checked, "two games leave some child under the cat check's minimum"


def test_every_week_of_slips_is_on_the_child_page(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, pupils: list[MadeChild]
) -> None:
    """A review found "Slips, week by week" stopping at 12 lines without saying so."""
    from classroom.progress.pages import DateRange, child_progress

    fill(app, classroom, pupils, weeks=16, games=20)
    start = (today() - timedelta(weeks=17)).isoformat()
    dates = DateRange(date.fromisoformat(start), today())
    with app.app_context():
        slips, kid = max(
            (
                (child_progress(db.session.get(Child, kid.id), dates, today()).slips, kid)
                for kid in pupils
            ),
            key=lambda found: len(found[0]),
        )
    assert len(slips) > 12
    html = page(teacher_client, f"/children/{kid.id}/progress?start={start}")
    section = html.split("Slips, week by week", 1)[1].split("<h3", 1)[0]
    assert section.count("<li>") == len(slips)
    assert f"{len(slips) - 12} earlier line" in section


def test_a_child_with_no_games_in_the_range_gets_one_panel_not_empty_charts(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    played: list[MadeChild],
) -> None:
    """A new child: "has not played yet" and where the sign-in card is, and no chart, table
    or "not enough yet" (4,092 px of them before). A child who played, looked at a range
    without games: when they last played, and a link to the four weeks up to that day."""
    new = make_child(classroom, "Ada L.")
    html = page(teacher_client, f"/children/{new.id}/progress")
    assert "Ada L. has not played yet." in html
    assert f'href="/classes/{classroom.id}/cards"' in html
    for empty in ("At a glance", "Progress over the weeks", "Comparing numbers", "not enough yet"):
        assert empty not in html, empty
    assert "Number check (outside the game)" in html and "Level history" in html

    child = played[0]
    html = page(teacher_client, f"/children/{child.id}/progress?start=2020-01-01&end=2020-01-31")
    assert "Next step: no games in this range" in html and "At a glance" not in html
    with app.app_context():
        from classroom.progress.attention import last_played

        last = last_played(classroom.id, [child.id])[child.id]
    assert f"They last played on <strong>{last:%-d %b}</strong>, after it:" in html
    start = last - timedelta(days=27)
    assert f"start={start.isoformat()}&amp;end={last.isoformat()}" in html
    html = page(teacher_client, f"/children/{child.id}/progress")
    assert "At a glance" in html and "Next step: no games" not in html


def test_the_pairs_grid_waits_for_the_first_comparison(
    teacher_client: FlaskClient, classroom: MadeClass, played: list[MadeChild]
) -> None:
    """Dates without a comparison (a new class, a holiday): one sentence, not an empty grid
    of 100 cells and its legend; with comparisons, the grid."""
    html = page(teacher_client, f"/classes/{classroom.id}/overview?start=2020-01-01&end=2020-01-31")
    assert "No comparisons in these dates yet: the grid fills in as the children play." in html
    assert 'class="pair-grid"' not in html and "How to read the shading" not in html
    html = page(teacher_client, f"/classes/{classroom.id}/overview")
    assert 'class="pair-grid"' in html and "No comparisons in these dates yet" not in html


def test_cat_versus_rat_too_few_gives_the_pairs_that_are_short(app: Flask) -> None:
    """A review found "too few yet (5)" (read aloud "5 chances, a flag needs 5") for a child
    with 5 cat-cat comparisons and too few cat-rat ones: the flag needs both, and the cell
    now gives the one short of its minimum, with what it counts."""
    from types import SimpleNamespace

    from flask import render_template_string

    from classroom.dashboard.sorting import COLUMNS
    from classroom.insights import Rate

    cats = COLUMNS["cats"]
    cell = (
        '{% from "dashboard/_macros.html" import flag_cell %}'
        "{% set short, what = column.too_few(row) %}"
        "{{ flag_cell(none, column.has_data(row), column.enough(row), short, what) }}"
    )

    def row(cat_cat: int, cat_rat: int) -> SimpleNamespace:
        pairs = {"cat-cat": Rate(cat_cat, cat_cat, 5), "cat-rat": Rate(cat_rat, cat_rat, 5)}
        return SimpleNamespace(summary=SimpleNamespace(by_family=pairs))

    with app.test_request_context():
        shown = {
            pairs: " ".join(render_template_string(cell, column=cats, row=row(*pairs)).split())
            for pairs in ((5, 2), (3, 9), (5, 5))
        }
    assert "(2 with a cat and a rat)" in shown[(5, 2)]
    assert ": 2 chances with a cat and a rat, a flag needs 5" in shown[(5, 2)]
    assert "(3 with two cats)" in shown[(3, 9)]
    assert "no flag" in shown[(5, 5)] and "too few" not in shown[(5, 5)]


def test_a_week_the_period_cuts_says_which_of_its_days_it_holds(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, pupils: list[MadeChild]
) -> None:
    """A review found "Week of 26 Oct 2026: 0 games" on a page for 1-28 November, for a child
    who had played that week (before the 1st): a week the period cuts says which of its days
    are in it ("26 Oct 2026 (1 Nov only)", "23 Nov 2026 (to 28 Nov)"); whole weeks say nothing
    more."""
    fill(app, classroom, pupils, weeks=6, games=12)
    end = today() - timedelta(days=(today().weekday() - 5) % 7)  # the last Saturday
    start = end - timedelta(days=27)  # a Sunday: four weeks and a day
    url = f"/children/{pupils[0].id}/progress?start={start}&end={end}"
    table = page(teacher_client, url).split('id="weeks-table"', 1)[1].split("</table>", 1)[0]
    heads = [
        " ".join(re.sub(r"<[^>]+>", "", head).split())
        for head in re.findall(r'<th scope="row">(.*?)</th>', table, re.S)
    ]

    def day(d: date, year: bool = True) -> str:
        return d.strftime("%-d %b %Y" if year else "%-d %b")

    mondays = [start - timedelta(days=6) + timedelta(weeks=w) for w in range(5)]
    assert heads == [
        f"{day(mondays[0])} ({day(start, False)} only)",
        *[day(monday) for monday in mondays[1:4]],
        f"{day(mondays[4])} (to {day(end, False)})",
    ]


def test_the_next_step_to_stay_has_no_stray_symbol(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, pupils: list[MadeChild]
) -> None:
    """A review read "Next step: = Stay at Peek" as a typo: staying has no symbol, and the
    arrows of moving up or down are hidden from screen readers, the words saying the same."""
    from tests.web.helpers.habits import Habit, play

    stays, moves = pupils[:2]
    play(app, classroom, stays, Habit.CATS_ALIKE, list(range(1, 15)))
    play(app, classroom, moves, Habit.CORRECT, list(range(1, 15)))
    stay = 'Stay at <span class="level-name">Ultra-Peek</span>'
    up = '<span aria-hidden="true">↑</span> Move up to <span class="level-name">Peek</span>'
    assert f"Next step: {stay}</h2>" in page(teacher_client, f"/children/{stays.id}/progress")
    assert f"Next step: {up}</h2>" in page(teacher_client, f"/children/{moves.id}/progress")
    table = page(teacher_client, f"/classes/{classroom.id}/overview").split(
        'class="roster overview-table"', 1
    )[1]
    summaries = r'<details class="recommendation[^"]*">\s*<summary>(.*?)</summary>'
    steps = [" ".join(step.split()) for step in re.findall(summaries, table, re.S)]
    assert steps == [stay, up]


def test_not_enough_looks_per_turn_is_muted_as_every_other_figure(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """A review found "not enough yet: 5 of 10 chances" dark in the week table's "Looks per
    turn" column, and muted grey in every other column: every such cell is muted now."""
    from tests.web.helpers.habits import Habit, play
    from tests.web.helpers.tables import set_level

    set_level(app, child, "peek")
    play(app, classroom, child, Habit.CORRECT, [1, 9], level="peek")
    html = page(teacher_client, f"/children/{child.id}/progress")
    table = html.split('id="weeks-table"', 1)[1].split("</table>", 1)[0]
    heads = re.findall(r'<th scope="col">([^<]+)</th>', table)
    looks = heads.index("Looks per turn") - 1  # the week is the row's heading, not a cell
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in table.split("<tr>")[2:]]
    assert any("not enough yet" in row[looks] for row in rows)
    short = [cell for row in rows for cell in row if "not enough yet" in cell]
    assert all(cell.startswith('<span class="muted">not enough yet') for cell in short), short
    # The boxes at the top of the page too (kept higher, put on lower, looks, count again).
    boxes = [box.strip() for box in re.findall(r"<dd>(.*?)</dd>", html, re.S)]
    short = [box for box in boxes if "not enough yet" in box]
    assert len(short) >= 3 and all(box.startswith('<span class="muted">') for box in short), short


def test_a_week_without_a_game_says_no_games_not_not_enough_yet(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    make_child: Callable[..., MadeChild],
) -> None:
    """A review read "0 | not enough yet: 0 of 10 chances" in every column of the weeks a
    child had not played yet: such a week says "no games" (muted), and the weeks played keep
    their figures. (The class began a month ago with another child: the charts start at the
    class's first game.)"""
    other = make_child(classroom, "Early E.")
    fill(app, classroom, [other], weeks=4, games=16)
    fill(app, classroom, [child], weeks=2, games=16)
    html = page(teacher_client, f"/children/{child.id}/progress")
    table = html.split('id="weeks-table"', 1)[1].split("</table>", 1)[0]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in table.split("<tr>")[2:]]
    idle = [row for row in rows if row[0].strip() == "0"]
    played = [row for row in rows if row[0].strip() != "0"]
    assert idle and played
    for row in idle:
        assert all(cell.strip() == '<span class="muted">no games</span>' for cell in row[1:]), row
    assert all("no games" not in cell for row in played for cell in row)
    assert any("%" in cell for row in played for cell in row)
