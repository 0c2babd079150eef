"""A download's file name keeps a child's or class's accents (issue 40): "Sofía" stays
"sofía", sent as RFC 5987 filename*=UTF-8'' beside a plain ASCII filename (RFC 6266)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

from flask.testing import FlaskClient

from classroom.csvfiles import ascii_name, attachment, file_slug
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher


def names(disposition: str) -> tuple[str, str]:
    """The ASCII filename and the decoded filename* of a Content-Disposition."""
    parts = dict(part.strip().split("=", 1) for part in disposition.split(";")[1:] if "=" in part)
    assert parts["filename*"].startswith("UTF-8''")
    return parts["filename"].strip('"'), unquote(parts["filename*"][len("UTF-8''") :])


def test_a_slug_keeps_accents_and_drops_only_what_is_not_a_letter() -> None:
    assert file_slug("Sofía R.") == "sofía-r"
    assert file_slug("Salle Éléonore / 2") == "salle-éléonore-2"
    assert file_slug("  ***  ") == "class"
    assert file_slug("", "child") == "child"


def test_the_header_has_an_ascii_fallback_and_the_real_name() -> None:
    header = attachment("sofía-r-7-data.zip")
    assert header.isascii()  # an HTTP header is ASCII; the accents travel percent-encoded
    assert names(header) == ("sofia-r-7-data.zip", "sofía-r-7-data.zip")
    assert ascii_name('a"b;c\\d.csv') == "a-b-c-d.csv"  # nothing that breaks the quoted name


def test_the_childs_zip_and_the_class_csv_keep_accents(
    teacher_client: FlaskClient,
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
    teacher: MadeTeacher,
) -> None:
    room = make_class(teacher, name="Salle Hélène")
    sofia = make_child(room, "Sofía R.")
    zipped = teacher_client.get(f"/children/{sofia.id}/data.zip")
    assert zipped.status_code == 200
    assert names(zipped.headers["Content-Disposition"]) == (
        f"sofia-r-{sofia.id}-data.zip",
        f"sofía-r-{sofia.id}-data.zip",
    )
    summary = teacher_client.get(f"/classes/{room.id}/export/summary.csv")
    assert summary.status_code == 200
    plain, real = names(summary.headers["Content-Disposition"])
    assert real.startswith("salle-hélène-summary-") and plain.startswith("salle-helene-summary-")
