"""The parent report (docs/dashboards.md, "The progress report"): plain words a parent reads
in a minute, in English or Spanish as the teacher chose for the child (Flask-Babel catalogs in
classroom/translations), with every message of the report in the catalog."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import timedelta
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from babel.dates import format_date
from babel.messages.extract import extract
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from classroom.dashboard.report import LANGUAGES
from classroom.models import Child
from tests.web.conftest import MadeChild, MadeClass, fetch
from tests.web.helpers.dashboard import fill, today
from tests.web.helpers.language import messages as all_messages

ROOT = Path(__file__).parents[3]
CATALOGS = ROOT / "classroom" / "translations"
SOURCES = (
    ("python", ROOT / "classroom" / "dashboard" / "report.py"),
    ("jinja2", ROOT / "templates" / "dashboard" / "report.html"),
    ("jinja2", ROOT / "templates" / "dashboard" / "_report_article.html"),
    # The number check's section of the report, and its drawing (docs/number_check.md).
    ("jinja2", ROOT / "templates" / "dashboard" / "_number_check_report.html"),
    ("jinja2", ROOT / "templates" / "dashboard" / "_number_line.html"),
)
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def report_messages() -> set[str | tuple[str, str]]:
    """Every message the report's sources mark for translation (as `pybabel extract` finds)."""
    found: set[str | tuple[str, str]] = set()
    for method, path in SOURCES:
        with path.open("rb") as source:
            for _line, message, _comments, _context in extract(method, source, KEYWORDS):
                found.add(message)
    return found


def catalog(language: str):  # type: ignore[no-untyped-def]
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def english_pieces(message: str | tuple[str, str]) -> list[str]:
    """The words of an English message between its placeholders (long enough to be telling)."""
    texts = message if isinstance(message, tuple) else (message,)
    return [
        piece.strip(" .,:")
        for text in texts
        for piece in PLACEHOLDER.split(text)[::2]
        if len(piece.strip(" .,:")) >= 12
    ]


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_message_of_the_report_is_in_the_catalog(language: str) -> None:
    """Every marked message is translated (plural forms too), not fuzzy, keeps its
    placeholders, and the committed .mo is the .po compiled."""
    messages = report_messages()
    assert len(messages) > 30
    po = catalog(language)
    assert not po.fuzzy
    for message in messages:
        entry = po.get(message)
        assert entry is not None, f"not in the {language} catalog: {message!r}"
        assert not entry.fuzzy, message
        originals = message if isinstance(message, tuple) else (message,)
        translations = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(translations), f"not translated: {message!r}"
        wanted = {name for text in originals for name in PLACEHOLDER.findall(text)}
        for text in translations:
            assert set(PLACEHOLDER.findall(text)) <= wanted, text
    # Nothing left over from old sources (the child's pages have theirs: test_child_language).
    assert {m.id for m in po if m.id} <= messages | all_messages()
    mo_path = CATALOGS / language / "LC_MESSAGES" / "messages.mo"
    with mo_path.open("rb") as mo:
        committed = entries(read_mo(mo))
    fresh = BytesIO()
    write_mo(fresh, po)
    fresh.seek(0)
    assert committed == entries(read_mo(fresh)), "compile the .po again and commit the .mo"


def entries(found: Iterable[Any]) -> dict[Any, Any]:
    """A catalog's messages as {id: string}, plural forms as tuples."""

    def key(value: Any) -> Any:
        return tuple(value) if isinstance(value, list | tuple) else value

    return {key(m.id): key(m.string) for m in found if m.id}


@pytest.fixture
def played(app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]) -> MadeChild:
    child = make_child(classroom, "Sofía")
    fill(app, classroom, [child], weeks=4, games=20)
    return child


def report(client: FlaskClient, child: MadeChild, query: str = "") -> str:
    response = client.get(f"/children/{child.id}/report{query}")
    assert response.status_code == 200, response.get_data(as_text=True)[-1500:]
    return response.get_data(as_text=True)


def article(html: str) -> str:
    return html.split('<article class="report"', 1)[1].split("</article>", 1)[0]


def test_the_report_is_in_plain_words(teacher_client: FlaskClient, played: MadeChild) -> None:
    html = report(teacher_client, played)
    text = article(html)
    assert "Sofía: Rat-a-Tat-Cat progress report" in text
    assert "What Sofía can do" in text
    assert "One thing Sofía is learning" in text
    assert "Something to try at home" in text
    assert re.search(r"\d+ times? out of \d+", text)
    # No charts and no machine text: no chart descriptions, shares in brackets or jargon.
    assert "data-chart" not in html and "lowest 100%" not in text
    assert "cat-cat" not in text and "%" not in text
    # Nothing about memory at Ultra-Peek, where every card is face up.
    assert "remember" not in text
    # The teacher's own sentence, printed as typed.
    assert '<textarea id="teacher-note"' in text


def test_the_report_in_spanish_has_no_english_left(
    app: Flask, teacher_client: FlaskClient, played: MadeChild
) -> None:
    english = article(report(teacher_client, played))
    chosen = teacher_client.post(
        f"/children/{played.id}/report/language?paper=letter", data={"language": "es"}
    )
    assert chosen.status_code == 302 and "paper=letter" in chosen.headers["Location"]
    assert fetch(app, Child, played.id).report_language == "es"
    spanish = article(report(teacher_client, played))
    assert 'lang="es"' in spanish
    assert "Sofía: informe de progreso de Rat-a-Tat-Cat" in spanish
    assert "Algo para probar en casa" in spanish
    assert re.search(r"\d+ (vez|veces) de \d+", spanish)
    assert re.search(r"del \d+ de \w+ de \d{4} al \d+ de \w+ de \d{4}", spanish)
    for message in report_messages():
        for piece in english_pieces(message):
            if piece in english:  # shown in English: must not be there in Spanish
                assert piece not in spanish, piece
    assert (
        teacher_client.post(
            f"/children/{played.id}/report/language", data={"language": "xx"}
        ).status_code
        == 400
    )


def test_too_few_games_are_said_so_without_figures(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    fill(app, classroom, [child], weeks=2, games=1)
    text = article(report(teacher_client, child))
    assert "too few for figures we can count on" in text
    assert not re.search(r"\d+ times? out of \d+", text)
    nothing = article(report(teacher_client, child, "?start=2026-01-05&end=2026-01-09"))
    assert "has not played in this period yet" in nothing
    assert "played 0 games" not in nothing and "plays at the Ultra-Peek level" in nothing
    assert "What Mia K. can do" not in nothing


def test_a_period_after_today_is_refused_not_printed(
    teacher_client: FlaskClient, child: MadeChild
) -> None:
    """A period that starts after today (next month picked by mistake): a 400 saying the dates
    are in the future, with the form to pick again, not a report ready to print saying the
    child has not played."""
    day = today()
    query = f"?start={day + timedelta(days=3)}&end={day + timedelta(days=34)}"
    response = teacher_client.get(f"/children/{child.id}/report{query}")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert (
        f"Those dates are in the future: choose a first day up to today, {day:%-d %b %Y}." in html
    )
    assert 'type="date"' in html
    assert "has not played in this period yet" not in html and '<article class="report"' not in html


def test_a_period_running_past_today_is_reported_up_to_today(
    teacher_client: FlaskClient, played: MadeChild
) -> None:
    """An end after today is clipped: the report covers the days up to today and says so."""
    day = today()
    start = day - timedelta(days=13)
    html = report(teacher_client, played, f"?start={start}&end={day + timedelta(days=20)}")
    assert f"{format_date(start, format='long', locale='en')} to " in article(html)
    assert f" to {format_date(day, format='long', locale='en')}" in article(html)
    assert f'name="end" value="{day.isoformat()}"' in html  # the form shows the period used


def test_a_faded_habit_is_not_what_the_child_is_learning_now(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    """The windows test's learner: all cats alike for 16 days, then right for 14."""
    from tests.web.helpers.windows import FIRST, LAST_SLIP_DAY, play_days

    play_days(app, classroom, child)
    end = FIRST + timedelta(days=29)
    text = article(report(teacher_client, child, f"?start={FIRST}&end={end}"))
    assert "as if they were the same" not in text
    slipping = article(report(teacher_client, child, f"?start={FIRST}&end={LAST_SLIP_DAY}"))
    # All cats alike for those 16 days: said as often as it was (not "sometimes"), with the
    # child's own most frequent slip, and the same two cards to try at home.
    found = re.search(
        r"most of the time Mia keeps a (\d) when a (\d) comes, as if they were the same",
        slipping,
    )
    assert found, slipping
    assert f"Put a {found[1]} and a {found[2]} face up" in slipping


@pytest.mark.parametrize(
    ("hits", "chances", "words"),
    [
        (0, 27, "most of the time"),  # the demo's Mia K.: 0 of 27 cat-cat pairs right
        (6, 27, "most of the time"),
        (7, 27, "often"),
        (13, 27, "often"),
        (14, 27, "sometimes"),
        (20, 27, "sometimes"),
    ],
)
def test_the_cat_versus_rat_habit_is_said_as_often_as_it_happens(
    app: Flask, hits: int, chances: int, words: str
) -> None:
    from classroom.dashboard.report import TOPICS, cat_versus_rat_topic
    from classroom.insights.measures import rate

    topic = TOPICS[cat_versus_rat_topic(rate(hits, chances, 5))]
    with app.test_request_context():
        said = topic.learning("Mia K.")
    assert f": {words} Mia K. treats them as the same." in said


@pytest.mark.parametrize("language", ["en", "es"])
def test_at_the_top_level_the_report_promises_no_harder_level(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
    language: str,
) -> None:
    """Standard is the hardest level: a child who plays it well is not "getting ready for a
    harder level", which does not exist (the demo's Theo A. was told so)."""
    from classroom.extensions import db

    child = make_child(classroom, "Theo A.")
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.level = "standard"
        row.report_language = language
        db.session.commit()
    fill(app, classroom, [child], weeks=4, games=20, seed=1)  # the "steady" story
    text = article(report(teacher_client, child))
    assert "harder level" not in text and "nivel más difícil" not in text
    full_game = {"en": "the full game well", "es": "bien el juego completo"}
    assert full_game[language] in text
    # What the child can do is not then what they are learning (never "remembers cards that
    # are face down: 35 times out of 35" and then "is learning ... remembering the cards
    # turned face down").
    remembers = {"en": "remembers cards that are face down", "es": "boca abajo:"}
    learning = {"en": "remembering the cards", "es": "recordar las cartas"}
    assert not (remembers[language] in text and learning[language] in text)


def test_at_standard_the_full_game_sentence_says_nothing_already_said_as_done() -> None:
    """At Standard with every measure strong, the one thing learned is the full game: with
    remembering face-down cards shown as done, only the moment to call is left to learn."""
    from types import SimpleNamespace

    from classroom.dashboard.report import topic_of
    from classroom.game import Level
    from classroom.insights import Move

    good = SimpleNamespace(value=1.0, above_chance=True, hits=35, chances=35)
    few = SimpleNamespace(value=None, above_chance=None, hits=0, chances=3)
    for memory, topic in ((good, "full_game_calling"), (few, "full_game")):
        data: Any = SimpleNamespace(
            active_flags=[],
            flags=[],
            summary=summary_of(good, Level.STANDARD, memory=memory),
            next_step=SimpleNamespace(move=Move.STAY),
        )
        assert topic_of(data, {"memory": True, "cubes": True, "typing": False}) == topic


def test_the_topic_is_the_weakest_measure_not_the_first_in_the_list() -> None:
    from types import SimpleNamespace

    from classroom.dashboard.report import topic_of
    from classroom.game import Level

    def rate(value: float | None) -> SimpleNamespace:
        return SimpleNamespace(value=value, above_chance=None, hits=0, chances=20)

    summary = summary_of(
        rate(None),
        Level.OUTSIDE_PEEK,
        accuracy=rate(0.75),  # comparing: not strong yet
        memory=rate(0.20),  # memory: much weaker
        counting=rate(1.0),
    )
    data: Any = SimpleNamespace(active_flags=[], flags=[], summary=summary)
    applies = {"memory": True, "cubes": True, "typing": False}
    assert topic_of(data, applies) == "memory"
    assert topic_of(data, applies | {"memory": False}) == "comparing"


def summary_of(figure: Any, level: Any = None, **others: Any) -> Any:
    """A stand-in for a child's summary: every measure the report reads is `figure`, unless
    named in `others` (accuracy, cat_cat, memory, counting, adding)."""
    from types import SimpleNamespace

    def of(name: str) -> Any:
        return others.get(name, figure)

    return SimpleNamespace(
        level=level,
        accuracy=of("accuracy"),
        # Telling which card is lower: "tells" unless named (None: not enough yet).
        telling=SimpleNamespace(tells=others.get("tells", True)),
        by_family={"cat-cat": of("cat_cat")},
        memory=SimpleNamespace(held=of("memory")),
        numerals=SimpleNamespace(overall=of("counting")),
        adding=SimpleNamespace(exact=of("adding")),
    )


def test_too_few_chances_are_not_getting_ready_for_a_harder_level() -> None:
    """A review found a report saying Mia "is getting ready for a harder level" in a week of
    four cat-cat comparisons, all slips: too few to judge is not ready."""
    from types import SimpleNamespace

    from classroom.dashboard.report import topic_of
    from classroom.game import Level
    from classroom.insights import Move

    few = SimpleNamespace(value=None, above_chance=None, hits=0, chances=4)
    summary = summary_of(few, Level.ULTRA_PEEK)
    applies = {"memory": False, "cubes": True, "typing": False}
    for move, topic in (
        (Move.STAY, "comparing"),
        (Move.DOWN, "comparing"),
        (Move.UP, "next_level"),
    ):
        data: Any = SimpleNamespace(
            active_flags=[], flags=[], summary=summary, next_step=SimpleNamespace(move=move)
        )
        assert topic_of(data, applies) == topic, move


def test_strong_everywhere_but_not_moving_up_is_practising_not_learning_to_compare() -> None:
    """A review found Zoe's report say "45 times out of 45" and then "Zoe is learning to keep
    the lower of two numbers every time". Strong wherever there are enough chances, with the
    next step not up (too few recent games, say), she practises to make it steady."""
    from types import SimpleNamespace

    from classroom.dashboard.report import TOPICS, topic_of
    from classroom.game import Level
    from classroom.insights import Move

    good = SimpleNamespace(value=1.0, above_chance=True, hits=45, chances=45)
    few = SimpleNamespace(value=None, above_chance=None, hits=0, chances=3)
    applies = {"memory": False, "cubes": True, "typing": False}
    for move, topic in ((Move.STAY, "steady"), (Move.DOWN, "steady"), (Move.UP, "next_level")):
        data: Any = SimpleNamespace(
            active_flags=[],
            flags=[],
            summary=summary_of(good, Level.PEEK),
            next_step=SimpleNamespace(move=move),
        )
        assert topic_of(data, applies) == topic, move
    # Nothing measured yet: practising comparisons, as before.
    data = SimpleNamespace(
        active_flags=[],
        flags=[],
        summary=summary_of(few, Level.PEEK),
        next_step=SimpleNamespace(move=Move.STAY),
    )
    assert topic_of(data, applies) == "comparing"
    assert "does well at this level" in TOPICS["steady"].learning("Zoe")


def test_a_flagged_habit_is_not_also_a_strength(app: Flask) -> None:
    """A review found Lily's memory both a strength ("85 of 103") and what she is learning,
    her memory flag being on."""
    from types import SimpleNamespace

    from classroom.dashboard.report import can_do
    from classroom.insights import FlagKind

    good = SimpleNamespace(value=0.85, above_chance=None, hits=85, chances=100)
    summary = summary_of(good)
    applies = {"memory": True, "cubes": True, "typing": True}
    with app.test_request_context():
        for kind, words in (
            (FlagKind.MEMORY, "remembers cards"),
            (FlagKind.CAT_VERSUS_RAT, "which of two small numbers"),
            (FlagKind.COUNTING, "counts out as many cubes"),
            (FlagKind.ADDING, "adds up four cards"),
        ):
            flag = SimpleNamespace(kind=kind)
            flagged: Any = SimpleNamespace(active_flags=[flag], summary=summary)
            unflagged: Any = SimpleNamespace(active_flags=[], summary=summary)
            assert any(words in line for line in can_do("Lily", unflagged, applies)), kind
            assert not any(words in line for line in can_do("Lily", flagged, applies)), kind


def test_a_child_who_does_not_yet_tell_which_card_is_lower_learns_that() -> None:
    """Issue 41: a habit such as "put every card in" is right whenever the card in hand is
    lower; the report never lists it as what the child can do, and says what they learn."""
    from types import SimpleNamespace

    from classroom.dashboard.report import can_do, topic_of

    good = SimpleNamespace(value=0.9, above_chance=True, hits=45, chances=50)
    summary = summary_of(good, tells=False)
    data: Any = SimpleNamespace(active_flags=[], flags=[], summary=summary)
    applies = {"memory": False, "cubes": False, "typing": False}
    assert topic_of(data, applies) == "telling"
    assert not any("keeps it and gives away" in line for line in can_do("Ava", data, applies))
    telling = summary_of(good)
    told: Any = SimpleNamespace(active_flags=[], flags=[], summary=telling)
    assert any("keeps it and gives away" in line for line in can_do("Ava", told, applies))


def test_a_figure_with_no_miss_is_not_what_the_child_is_learning() -> None:
    """5 of 5 cat-cat pairs right is too few to be clearly above chance, but nothing went
    wrong: the report does not say the child "does not yet keep the lower card every time"
    beside 43 of 43 comparisons right (Noah B. in the demo's October)."""
    from types import SimpleNamespace

    from classroom.dashboard.report import topic_of
    from classroom.game import Level
    from classroom.insights import Move

    every_one = SimpleNamespace(value=1.0, above_chance=False, hits=5, chances=5)
    strong = SimpleNamespace(value=1.0, above_chance=True, hits=43, chances=43)
    summary = summary_of(strong, Level.ULTRA_PEEK, cat_cat=every_one)
    data: Any = SimpleNamespace(
        active_flags=[], flags=[], summary=summary, next_step=SimpleNamespace(move=Move.STAY)
    )
    applies = {"memory": False, "cubes": True, "typing": False}
    assert topic_of(data, applies) == "steady"
    one_miss = SimpleNamespace(value=0.8, above_chance=False, hits=4, chances=5)
    data.summary = summary_of(strong, Level.ULTRA_PEEK, cat_cat=one_miss)
    assert topic_of(data, applies).startswith("cat_versus_rat")
