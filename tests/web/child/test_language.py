"""A child's pages in the child's language (docs/languages.md): a setting of each child, the
class's default for new children, every message of a child's pages in the Spanish catalog, and
a Spanish child's pages (sign-in, home, choosing, a whole game, counting, results, the number
check) with no English left in what they read or hear."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from classroom.child.language import LANGUAGES
from classroom.extensions import db
from classroom.models import Child, Classroom, PlayTable
from classroom.pictures import SECRET_PICTURES
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch, sign_in_teacher
from tests.web.helpers.check import give
from tests.web.helpers.language import ROOT, messages, sources
from tests.web.helpers.tables import (
    child_client,
    game,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
)

CATALOGS = ROOT / "classroom" / "translations"
# A message inside an f-string is not found by `pybabel extract` (it stays English).
IN_AN_F_STRING = re.compile(r"""\bf(["'])[^"'\n]*\{[^}]*\b(gettext|_|ngettext|pgettext)\(""")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def catalog(language: str):  # type: ignore[no-untyped-def]
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def test_no_message_hides_in_an_f_string() -> None:
    """`pybabel extract` does not look inside f-strings: a message there was never in the
    catalog, and a Spanish child saw "Turn" and "Called!"."""
    for method, path in sources():
        if method == "python":
            hidden = [line for line in path.read_text().splitlines() if IN_AN_F_STRING.search(line)]
            assert hidden == [], path


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_message_of_a_childs_pages_is_translated(language: str) -> None:
    """Each message a child's pages use is in the catalog with a translation that is not
    fuzzy, empty or missing a plural form, and keeps to the English placeholders."""
    wanted = messages(child_only=True)
    assert len(wanted) > 300
    po = catalog(language)
    for message in wanted:
        entry = po.get(message)
        assert entry is not None, f"not in the {language} catalog: {message!r}"
        assert not entry.fuzzy, message
        translations = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(t.strip() for t in translations), f"not translated: {message!r}"
        originals = message if isinstance(message, tuple) else (message,)
        names = {name for text in originals for name in PLACEHOLDER.findall(text)}
        for text in translations:
            assert set(PLACEHOLDER.findall(text)) <= names, text


class Words(HTMLParser):
    """What a child reads or hears on a page: its text (not scripts or styles) and the
    attributes read aloud or to a screen reader."""

    SPOKEN = (
        "aria-label", "alt", "title", "data-say", "data-speak", "data-spoken", "data-read-now",
        "data-thought", "data-of-needed", "data-done", "data-not-yet", "data-read-aloud-on",
        "data-cube-one", "data-cube-many", "data-zero-words", "data-card-words",
        "data-place-words",
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.skip = 0
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "title"):
            self.skip += 1
        named = dict(attrs)
        if tag == "html":
            self.lang = named.get("lang") or ""
        for key in self.SPOKEN:
            value = named.get(key)
            if value and value.strip() and not (tag == "body" and key == "data-reader"):
                self.found.append(value.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "title") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.found.append(" ".join(data.split()))


def words_of(html: str) -> Words:
    parser = Words()
    parser.feed(html)
    return parser


def english_left(html: str, po: Any) -> list[str]:
    """The English of the catalog still on a page: a whole text or attribute that is an
    English message (a button's "Done"), or a telling piece of one (12 letters or more
    between its placeholders) inside a longer text."""
    english: set[str] = set()
    pieces: set[str] = set()
    for entry in po:
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for text in ids:
            if text in strings:
                continue  # the same in both languages ("Panda", "¡Rat-a-Tat-Cat!" aside)
            english.add(text)
            pieces.update(
                piece.strip(" .,:!?")
                for piece in PLACEHOLDER.split(text)[::2]
                if len(piece.strip(" .,:!?")) >= 12
                and not any(piece.strip(" .,:!?") in string for string in strings)
            )
    left = []
    for text in words_of(html).found:
        if text in english:
            left.append(text)
        left.extend(f"{piece!r} in {text!r}" for piece in pieces if piece in text)
    return left


def spanish_child(
    app: Flask, make_child: Callable[..., MadeChild], classroom: MadeClass, name: str = "Sofía"
) -> MadeChild:
    made = make_child(classroom, name)
    with app.app_context():
        row = db.session.get(Child, made.id)
        assert row is not None
        row.language = "es"
        db.session.commit()
    return made


def class_language(app: Flask, classroom: MadeClass, language: str) -> None:
    with app.app_context():
        room = db.session.get(Classroom, classroom.id)
        assert room is not None
        room.language = language
        db.session.commit()


def assert_spanish(html: str, where: str) -> None:
    po = catalog("es")
    assert words_of(html).lang == "es", where
    assert english_left(html, po) == [], where


def test_the_sign_in_pages_speak_the_classs_language(
    app: Flask, client: FlaskClient, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """Before a child is known: the class's default by its code, else the browser's language."""
    child = make_child(classroom, "Sofía")
    class_language(app, classroom, "es")
    code = classroom.join_code
    pages = {
        "pictures": client.get(f"/join/{code}"),
        "away": client.get(f"/join/{code}?away=1"),
        "secret": client.get(f"/join/{code}/{child.id}"),
    }
    wrong = next(p for p in SECRET_PICTURES if p != child.secret[0])  # never the first
    client.post(f"/join/{code}/{child.id}", data={"picked": wrong, "pick": SECRET_PICTURES[0]})
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.failed_tries = 99
        db.session.commit()
    pages["locked"] = client.get(f"/join/{code}/{child.id}")
    for where, response in pages.items():
        assert response.status_code == 200, where
        assert_spanish(response.get_data(as_text=True), where)
    assert "¡Busca tu dibujo!" in pages["pictures"].get_data(as_text=True)
    assert "Vamos a pedirle a tu profe" in pages["locked"].get_data(as_text=True)
    # No class known yet: the browser's Accept-Language, English without one.
    spanish = client.get("/join", headers={"Accept-Language": "es-MX,es;q=0.9,en;q=0.5"})
    assert_spanish(spanish.get_data(as_text=True), "join")
    english = client.get("/join", headers={"Accept-Language": "en-US"}).get_data(as_text=True)
    assert "Let's find your class" in english and 'lang="en"' in english


def test_its_me_page_and_a_wrong_secret_in_spanish(
    app: Flask, client: FlaskClient, make_class: Callable[..., MadeClass], teacher: MadeTeacher,
    make_child: Callable[..., MadeChild],
) -> None:  # fmt: skip
    no_secret = make_class(teacher, "Pre-K", secret_length=0)
    child = spanish_child(app, make_child, no_secret)
    class_language(app, no_secret, "es")
    html = client.get(f"/join/{no_secret.join_code}/{child.id}").get_data(as_text=True)
    assert_spanish(html, "its me")
    assert "¡Soy yo!" in html


def test_a_new_child_takes_the_classs_language(
    app: Flask, classroom: MadeClass, teacher: MadeTeacher, client: FlaskClient
) -> None:
    """The class's default applies to children added from then on; those already there keep
    theirs."""
    sign_in_teacher(client, teacher)
    before = client.post(f"/classes/{classroom.id}/children/new", data={"display_name": "Ana B."})
    assert before.status_code == 302
    edit = {"name": "Room 4", "grade": "Grade 1", "secret_length": "2", "time_zone": "UTC"}
    response = client.post(f"/classes/{classroom.id}/edit", data=edit | {"language": "es"})
    assert response.status_code == 302
    added = client.post(f"/classes/{classroom.id}/children/new", data={"display_name": "Luis P."})
    assert added.status_code == 302
    with app.app_context():
        by_name = {c.display_name: c.language for c in db.session.query(Child).all()}
        assert db.session.get(Classroom, classroom.id).language == "es"  # type: ignore[union-attr]
    assert by_name == {"Ana B.": "en", "Luis P.": "es"}
    # A class made with Spanish as its default starts its children in Spanish too.
    made = client.post(
        "/classes/new",
        data={"name": "Sala 2", "grade": "Kindergarten", "secret_length": "2", "language": "es"},
    )
    assert made.status_code == 302
    with app.app_context():
        assert db.session.query(Classroom).filter_by(name="Sala 2").one().language == "es"


def test_the_teacher_sets_a_childs_language_and_a_forged_one_is_refused(
    app: Flask, child: MadeChild, teacher: MadeTeacher, client: FlaskClient
) -> None:
    sign_in_teacher(client, teacher)
    page = client.get(f"/children/{child.id}").get_data(as_text=True)
    assert 'lang="en"' in page and "Language of Mia K.'s pages" in page
    assert client.post(f"/children/{child.id}/language", data={"language": "es"}).status_code == 302
    assert fetch(app, Child, child.id).language == "es"
    assert fetch(app, Child, child.id).report_language == "en"  # the report's is apart
    forged = client.post(f"/children/{child.id}/language", data={"language": "fr"})
    assert forged.status_code == 400
    assert "not one of the children&#39;s languages" in forged.get_data(as_text=True)
    assert fetch(app, Child, child.id).language == "es"
    # The teacher's own pages stay in English whatever the child's language.
    assert 'lang="en"' in client.get(f"/children/{child.id}").get_data(as_text=True)


def test_the_class_form_refuses_a_forged_language(
    app: Flask, classroom: MadeClass, teacher: MadeTeacher, client: FlaskClient
) -> None:
    sign_in_teacher(client, teacher)
    edit = {"name": "Room 4", "grade": "Grade 1", "secret_length": "2", "language": "xx"}
    response = client.post(f"/classes/{classroom.id}/edit", data=edit)
    assert response.status_code == 400
    assert "not one of the children&#39;s languages" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Classroom, classroom.id).language == "en"  # type: ignore[union-attr]


def test_a_spanish_childs_pages_have_no_english_left(
    app: Flask,
    classroom: MadeClass,
    teacher: MadeTeacher,
    make_child: Callable[..., MadeChild],
    client: FlaskClient,
) -> None:
    """Home, both choosing pages, a whole Standard game against a computer player (every
    board, story line, news and thought; "Remember these!"; counting with a wrong first try;
    the results and the end), and the number check, in Spanish, with no English left."""
    child = spanish_child(app, make_child, classroom)
    set_level(app, child, "standard", scoring="cubes_and_total")
    sign_in_teacher(client, teacher)
    give(client, classroom)
    tablet = child_client(app, child)
    for url in ("/me", "/play/computer", "/play/friends"):
        response = tablet.get(url)
        assert response.status_code == 200, url
        assert_spanish(response.get_data(as_text=True), url)
    assert "Jugar con la computadora" in tablet.get("/me").get_data(as_text=True)

    table_id = start_table(app, [child], ["solid"])
    with app.app_context():  # its computer player thinks aloud, in Spanish
        table = db.session.get(PlayTable, table_id)
        assert table is not None
        table.think_aloud = True
        db.session.commit()
    pages: list[str] = []
    news: list[str] = []
    for _ in range(400):
        version, status, _state = snapshot(app, table_id)
        if status == "finished":
            break
        pages.append(tablet.get(f"/play/tables/{table_id}").get_data(as_text=True))
        if status == "counting":
            pages.extend(count_wrong_then_right(app, tablet, table_id))
            continue
        answer = poll(tablet, table_id, version)
        news.extend(item["text"] for item in answer.get("news", []))
        pages.append(answer.get("html") or "")
        current = game(app, table_id)
        if current.current_seat == 0:
            legal = current.legal_actions()
            calling = [a for a in legal if a.kind.name == "CALL"]
            post_move(tablet, table_id, calling[0] if calling else legal[0], version)
    else:
        raise AssertionError("the game did not end")
    pages.append(tablet.get(f"/play/tables/{table_id}").get_data(as_text=True))
    # The teacher watching the same table reads it in English.
    watched = client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    assert 'lang="en"' in watched and "DRAW pile" in watched and "MAZO" not in watched
    everything = "\n".join(pages)
    for where, html in enumerate(pages):
        if "<html" in html:
            assert_spanish(html, f"table page {where}")
        assert english_left(html, catalog("es")) == [], where
    assert english_left("<p>" + "</p><p>".join(news) + "</p>", catalog("es")) == []
    assert any(line.startswith("Tabby: \u201c") for line in news), news  # a thought
    said = ("¡Recuerda estas cartas!", "Pon cubos en tus cartas", "¡Vamos a contar otra vez!")
    for words in said:
        assert words in everything, words
    assert "¡Se acabó el juego!" in pages[-1]

    check = tablet.get("/me").get_data(as_text=True)
    found = re.search(r'href="(/me/check/\d+)"', check)
    assert found is not None
    assert_spanish(tablet.get(found.group(1)).get_data(as_text=True), "check start")
    tablet.post(found.group(1) + "/start")
    item = tablet.get(found.group(1)).get_data(as_text=True)
    assert_spanish(item, "check item")


def count_wrong_then_right(app: Flask, tablet: FlaskClient, table_id: int) -> list[str]:
    """The child's count: a stack one too many first ("Let's count again"), then right; a
    typed total one too many first, then right. The pages it led to."""
    pages = []
    line = [int(c) for c in game(app, table_id).lines[0]]
    url = f"/play/tables/{table_id}/count"
    wrong = [n + (1 if place == 0 else 0) for place, n in enumerate(line)]
    for stacks in (wrong, line):
        data = {f"cubes_{p + 1}": str(n) for p, n in enumerate(stacks)} | {"press": "snap"}
        response = tablet.post(url, data=data)
        assert response.status_code == 303
        page = tablet.get(response.headers["Location"]).get_data(as_text=True)
        assert_spanish(page, "counting")
        pages.append(page)
    for total in (sum(line) + 1, sum(line)):
        response = tablet.post(url, data={"total": str(total)})
        assert response.status_code == 303
        page = tablet.get(response.headers["Location"]).get_data(as_text=True)
        assert_spanish(page, "typing the total")
        pages.append(page)
    return pages
