"""Progress that stays true over a term (issue 40): a page about the past does not change when
the child is moved up, a child has one next step a day on every page whatever the range, the
delete page counts days, and the class page names the flag before "at chance"."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from datetime import date, timedelta
from html import unescape

from flask import Flask
from flask.testing import FlaskClient

from classroom.game import Level
from classroom.game.players.habits import Habit
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.habits import names_and_reasons, play, today


def past_pages(client: FlaskClient, classroom: MadeClass, child: MadeChild, query: str) -> dict:
    """Every page, report and CSV about one period, keeping what no live figure is on."""
    pages = {}
    overview = client.get(f"/classes/{classroom.id}/overview{query}").get_data(as_text=True)
    # The overview's children's table and card pairs (the Today panel is today's, live).
    pages["overview"] = overview.split("<table", 1)[1].split('id="today-heading"', 1)[0]
    page = client.get(f"/children/{child.id}/progress{query}").get_data(as_text=True)
    # The child's page after its header ("Plays at Peek now" is about now, and says so).
    pages["child"] = page.split('class="window-note"', 1)[1]
    pages["child"] = re.sub(r'name="csrf_token" value="[^"]*"', "", pages["child"])
    for paper in ("a4", "letter"):
        report = client.get(f"/children/{child.id}/report{query}&paper={paper}")
        text = report.get_data(as_text=True)
        pages[f"report-{paper}"] = text.split('<article class="report"', 1)[1].split(
            "</article>", 1
        )[0]
    for name in ("summary", "choices"):
        pages[name] = client.get(f"/classes/{classroom.id}/export/{name}.csv{query}").data
    return pages


def test_moving_a_child_up_leaves_every_past_page_as_it_was(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """A child plays every day at Ultra-Peek and is moved up to Peek today: the pages about
    the weeks before (which said "Move up to Peek") say the same after the move, byte for
    byte, and tell Ultra-Peek as the level played."""
    play(app, classroom, child, Habit.CORRECT, list(range(1, 29)))
    day = today()
    past = f"?start={day - timedelta(days=28)}&end={day - timedelta(days=1)}"
    before = past_pages(teacher_client, classroom, child, past)
    assert "Move up to" in before["child"] and "Peek" in before["child"]
    assert b"ultra_peek" in before["summary"]
    assert "at the Ultra-Peek level" in before["report-a4"]
    # Today's page offers the move; the teacher makes it.
    page = teacher_client.get(f"/children/{child.id}/progress").get_data(as_text=True)
    assert 'name="level" value="peek"' in page
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    moved = teacher_client.post(
        f"/children/{child.id}/progress/move",
        data={
            "level": "peek",
            "from_level": "ultra_peek",
            **({"csrf_token": token[1]} if token else {}),
        },
    )
    assert moved.status_code == 302, moved.get_data(as_text=True)[-800:]
    after = past_pages(teacher_client, classroom, child, past)
    for name, shown in before.items():
        assert after[name] == shown, f"the {name} about the past changed with the move"
    # Today's page is about now: the child plays at Peek.
    now = teacher_client.get(f"/children/{child.id}/progress").get_data(as_text=True)
    assert "Stay at Peek" in unescape(now)


def test_a_period_across_a_move_tells_both_levels_with_their_days(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """Played at Ultra-Peek, then at Peek: the report, the child's page and the CSV of a
    period holding both name both, in the order played, with their days."""
    play(app, classroom, child, Habit.CORRECT, list(range(10, 20)))
    play(app, classroom, child, Habit.CORRECT, list(range(1, 10)), level="peek")
    day = today()
    query = f"?start={day - timedelta(days=25)}&end={day}"
    report = teacher_client.get(f"/children/{child.id}/report{query}").get_data(as_text=True)
    first, last = day - timedelta(days=19), day - timedelta(days=10)
    assert "at more than one level: Ultra-Peek from" in report
    assert f"{first:%B} {first.day}, {first.year}" in report
    assert f"then Peek from {(day - timedelta(days=9)):%B}" in report
    page = unescape(
        teacher_client.get(f"/children/{child.id}/progress{query}").get_data(as_text=True)
    )
    assert f"In these dates: Ultra-Peek ({first:%-d %b} to {last:%-d %b}), then Peek" in page
    csv = teacher_client.get(f"/classes/{classroom.id}/export/summary.csv{query}").data.decode()
    assert f"ultra_peek {first.isoformat()} to {last.isoformat()}; peek " in csv


MOVES = {"up": "Move up to", "stay": "Stay at", "down": "Move down to"}


def shown_steps(client: FlaskClient, classroom: MadeClass, child: MadeChild, query: str) -> set:
    """The next step each page gives the child over one range, as (move, level) pairs."""
    found = set()
    overview = client.get(f"/classes/{classroom.id}/overview{query}").get_data(as_text=True)
    for move, summary in re.findall(
        r'<details class="recommendation move-(\w+)">\s*<summary>(.*?)</summary>', overview, re.S
    ):
        found.add(("overview", move, re.sub(r"<[^>]+>|\s+", " ", summary).split("(")[0]))
    page = client.get(f"/children/{child.id}/progress{query}").get_data(as_text=True)
    heading = re.search(r'<h2 id="next-heading">Next step: (.*?)</h2>', page, re.S)
    assert heading is not None
    found.add(("child", "", re.sub(r"<[^>]+>|\s+", " ", heading[1])))
    for language in ("en", "es"):
        if language == "es":
            client.post(f"/children/{child.id}/report/language", data={"language": "es"})
        report = client.get(f"/children/{child.id}/report{query}").get_data(as_text=True)
        said = re.search(r'<p>([^<]*)</p>\s*<div class="teacher-note">', report)
        assert said is not None
        found.add((f"report-{language}", "", said[1]))
    client.post(f"/children/{child.id}/report/language", data={"language": "en"})
    text = client.get(f"/classes/{classroom.id}/export/summary.csv{query}").data.decode("utf-8-sig")
    (row,) = list(csv.DictReader(io.StringIO(text)))
    found.add(("csv", row["recommendation"], Level(row["recommended_level"]).label))
    return found


def normalised(found: set) -> set[tuple[str, str]]:
    """Each page's next step as (move, level), read from its own words."""
    steps = set()
    for page, move, words in found:
        text = unescape(words)
        level = next(
            (name for name in ("Outside Peek", "Ultra-Peek", "Standard", "Peek") if name in text),
            "",
        )
        if page.startswith("report"):
            move = (
                "up"
                if ("ready to try the next level" in text or "siguiente nivel" in text)
                else "down"
                if ("A little more practice" in text or "Un poco más" in text)
                else "stay"
            )
            steps.add((move, level))
            continue
        if not move:
            move = next(key for key, said in MOVES.items() if said in text)
        steps.add((move, level))
    return steps


def test_one_next_step_a_day_whatever_the_range(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
) -> None:
    """All cats alike in September, then right every day for four weeks but for two days of
    slips: over the school year the flag is raised (and its habit was last seen
    yesterday), over the 4 weeks the next step is judged on it is not. Every page, both
    reports and the CSV give one next step under five ranges, and no active flag beside it."""
    play(app, classroom, child, Habit.CATS_ALIKE, list(range(45, 66)))
    play(app, classroom, child, Habit.CORRECT, list(range(3, 28)))
    play(app, classroom, child, Habit.CATS_ALIKE, [1, 2])
    day = today()
    year = date(day.year if day.month >= 8 else day.year - 1, 8, 1)
    monday = day - timedelta(days=day.weekday())
    ranges = [
        "?",
        f"?start={monday}&end={day}",
        f"?start={day - timedelta(days=27)}&end={day}",
        f"?start={year}&end={day}",
        f"?start={day - timedelta(days=70)}&end={day + timedelta(days=3)}",
    ]
    steps: set[tuple[str, str]] = set()
    for query in ranges:
        steps |= normalised(shown_steps(teacher_client, classroom, child, query))
        page = teacher_client.get(f"/children/{child.id}/progress{query}").get_data(as_text=True)
        if "Move up to" in page.split('id="next-heading"', 1)[1][:400]:
            assert "⚑ Flag" not in page and "⚑ Flagged" not in page, query
    assert len(steps) == 1, steps
    ((move, _),) = steps
    # The year's page shows the flag raised over it, not active now, and says why.
    year_page = teacher_client.get(f"/children/{child.id}/progress{ranges[3]}").get_data(
        as_text=True
    )
    assert move == "up"
    assert "not raised over the 4 weeks up to" in year_page


def test_the_delete_page_counts_days_played(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """Thirty days played at two levels are "30 days of progress figures", not the tally rows."""
    play(app, classroom, child, Habit.CORRECT, list(range(1, 21)))
    play(app, classroom, child, Habit.CORRECT, list(range(21, 31)), level="peek")
    html = teacher_client.get(f"/children/{child.id}/delete").get_data(as_text=True)
    assert "30 days of progress figures" in html


def test_a_flag_is_named_before_chance(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A child who treats all cats alike, and taps at random on other days, plays at about
    chance: the flag, the cause a teacher can act on, comes first in the line."""
    cat = make_child(classroom, "Ivy")
    play(app, classroom, cat, Habit.RANDOM, list(range(8, 27, 2)))
    play(app, classroom, cat, Habit.CATS_ALIKE, list(range(1, 27, 2)))
    reasons = dict(
        names_and_reasons(teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True))
    )
    assert reasons["Ivy"].startswith("treats all cats alike"), reasons["Ivy"]
    assert "; comparisons about what tapping at random would give" in unescape(reasons["Ivy"])


def test_the_term_view_sets_the_start_against_now(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """Tapping at random for the first four weeks, right every day for the last four, moved
    up between: the term view gives the level then and now, the start at chance and now
    above it, "going up" over the whole range, and the class summary counts the move; the
    charts and the start begin at the class's first game, not on 1 August."""
    play(app, classroom, child, Habit.RANDOM, list(range(35, 63)))
    play(app, classroom, child, Habit.CORRECT, list(range(1, 29)))
    with app.app_context():
        from classroom.assignments import Assignment, assign
        from classroom.extensions import db
        from classroom.models import Child, Teacher

        kid = db.session.get(Child, child.id)
        owner = db.session.scalars(db.select(Teacher)).first()
        assign([kid], Assignment(level="peek"), owner, "moved up")
        db.session.commit()
    day = today()
    year = date(day.year if day.month >= 8 else day.year - 1, 8, 1)
    html = unescape(
        teacher_client.get(
            f"/classes/{classroom.id}/overview?start={year}&end={day}&view=term"
        ).get_data(as_text=True)
    )
    term = html.split('id="term-heading"', 1)[1].split("</section>", 1)[0]
    first = day - timedelta(days=62)
    assert "the class's first game was on" in term
    assert f"Start: {first:%-d %b %Y}" in term.replace("<strong>", "").replace("</strong>", "")
    assert "Ultra-Peek → <strong>Peek</strong>" in term
    assert "at chance" in term and "going up" in term
    assert "Moved up: 1 child" in term.replace("<strong>", "").replace("</strong>", "")
    assert re.search(r"Minutes played: [1-9]\d*", term.replace("</strong>", ""))
    # Without ?view=term the overview only offers it.
    plain = teacher_client.get(f"/classes/{classroom.id}/overview").get_data(as_text=True)
    assert "Show the term view" in plain


def test_the_report_tells_the_game_and_the_number_check_as_one_story(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """Treats all cats alike in the game but gets "Which is more?" right in the check: the
    parent reads one story with the child's own slip (a review read "treats 3 and 4 as the
    same" beside "'Which is more?': 10 of 10 right")."""
    from datetime import UTC, datetime

    from classroom.insights.check_children import CheckHabit
    from tests.web.helpers.check import done_check

    play(app, classroom, child, Habit.CATS_ALIKE, list(range(1, 15)))
    done_check(app, classroom, child, 22, CheckHabit.LINEAR, datetime.now(UTC))
    html = unescape(teacher_client.get(f"/children/{child.id}/report").get_data(as_text=True))
    text = html.split('<article class="report"', 1)[1]
    found = re.search(
        r"knows which of two numbers is more \((\d+) of (\d+) right in the number check\), "
        r"but in the game (?:sometimes|often|most of the time) keeps a (\d) when a (\d) comes",
        text,
    )
    assert found, text[:3000]
    assert int(found[3]) > int(found[4])  # the child's own slip: a higher card kept
    assert f"Put a {found[3]} and a {found[4]} face up" in text
    assert "such as 3 and 4" not in text
    # A letter to the child's own family: the first name in its sentences, the class's name
    # in its title (which the teacher sorts the printed pages by).
    assert "Mia K.: Rat-a-Tat-Cat progress report" in text
    assert "What Mia can do" in text and "Mia K. keeps" not in text


def test_a_child_who_plays_the_most_needs_more_choices_per_game(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """Held only by too few comparisons after a game every school day: the sentence asks for
    more choices per game, not more games."""
    from datetime import UTC, datetime

    from sqlalchemy import update

    from classroom.extensions import db
    from classroom.models import AssignmentChange, DailyTally

    busy = make_child(classroom, "Zoe")
    play(app, classroom, busy, Habit.CORRECT, list(range(1, 40)))
    with app.app_context():
        # Few comparisons in each game: keep one comparison a day in the last 2 weeks.
        db.session.execute(
            update(DailyTally)
            .where(DailyTally.child_id == busy.id, DailyTally.key.in_(("cmp", "chance:cmp")))
            .values(chances=1, hits=1)
        )
        db.session.execute(
            update(AssignmentChange).values(changed_at=datetime.now(UTC) - timedelta(weeks=8))
        )
        db.session.commit()
    reasons = dict(
        names_and_reasons(teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True))
    )
    assert reasons["Zoe"].startswith("needs more choices per game: "), reasons["Zoe"]
    assert "games, among the most in the class, where a move needs 20" in reasons["Zoe"]


def test_every_report_of_a_class_prints_in_one_go(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """One report a child, each in the family's language, on the class's region's paper
    (Letter for a class in Chicago), the same sentences as each child's own report."""
    from classroom.extensions import db
    from classroom.models import Child, Classroom

    ava, ben = make_child(classroom, "Ava"), make_child(classroom, "Ben")
    play(app, classroom, ava, Habit.CORRECT, list(range(1, 10)))
    with app.app_context():
        db.session.get(Child, ben.id).report_language = "es"
        db.session.get(Classroom, classroom.id).time_zone = "America/Chicago"
        db.session.commit()
    html = teacher_client.get(f"/classes/{classroom.id}/reports").get_data(as_text=True)
    assert "paper-letter" in html and "the class's region, America/Chicago" in html
    articles = html.split('<article class="report"')[1:]
    assert len(articles) == 2
    assert 'lang="en"' in articles[0] and "Ava: Rat-a-Tat-Cat progress report" in articles[0]
    assert 'lang="es"' in articles[1] and "En Rat-a-Tat-Cat" in articles[1]
    assert "teacher-note" not in html  # one family's sentence is added on that child's report
    own = teacher_client.get(f"/children/{ava.id}/report").get_data(as_text=True)
    assert "paper-letter" in own
    said = re.search(r'<p class="report-intro">(.*?)</p>', own, re.S)
    assert said is not None and said[1] in articles[0]
    a4 = teacher_client.get(f"/classes/{classroom.id}/reports?paper=a4").get_data(as_text=True)
    assert "paper-a4" in a4
