"""The one-tap level move on a child's page: the recommendation's level, with its sentence as
the reason in the level history; a stale page or a forged level changes nothing."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.extensions import db
from classroom.models import AssignmentChange, Child
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch, sign_in_teacher
from tests.web.helpers.dashboard import fill, page


@pytest.fixture
def ready(app: Flask, classroom: MadeClass, child: MadeChild) -> MadeChild:
    """A child who compares well: two weeks of steady play at Ultra-Peek (ready for Peek)."""
    fill(app, classroom, [child], weeks=2, games=16)
    return child


# The next step's heading: the arrow is hidden from screen readers, the words say it.
UP_TO_PEEK = '<span aria-hidden="true">↑</span> Move up to <span class="level-name">Peek</span>'


def history(app: Flask, child: MadeChild) -> list[AssignmentChange]:
    with app.app_context():
        rows = db.session.query(AssignmentChange).filter_by(child_id=child.id).all()
        for row in rows:
            db.session.expunge(row)
        return rows


def move_form(html: str) -> dict[str, str]:
    """The hidden fields of the page's move button."""
    form = html.split('/progress/move"', 1)[1].split("</form>", 1)[0]
    return dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', form))


def test_the_recommended_move_is_one_tap_and_kept_in_the_history(
    app: Flask, teacher_client: FlaskClient, ready: MadeChild
) -> None:
    html = page(teacher_client, f"/children/{ready.id}/progress")
    assert f"Next step: {UP_TO_PEEK}</h2>" in html
    assert ">Move to Peek</button>" in html
    sentence = re.search(r"<p>(Move up to Peek: [^<]+)</p>", html)
    assert sentence is not None
    form = move_form(html)
    assert form["level"] == "peek" and form["from_level"] == "ultra_peek"
    response = teacher_client.post(f"/children/{ready.id}/progress/move", data=form)
    assert response.status_code == 302
    assert response.headers["Location"].startswith(f"/children/{ready.id}/progress?start=")
    assert fetch(app, Child, ready.id).level == "peek"
    last = max(history(app, ready), key=lambda change: change.id)
    assert last.before is not None and last.before["level"] == "ultra_peek"
    assert last.after["level"] == "peek"
    assert last.reason == sentence.group(1)
    after = page(teacher_client, response.headers["Location"])
    assert f"{ready.display_name} now plays at Peek." in after
    assert sentence.group(1) in after  # in the level history on the page


def test_a_stale_page_is_409_and_changes_nothing(
    app: Flask, teacher_client: FlaskClient, ready: MadeChild
) -> None:
    form = move_form(page(teacher_client, f"/children/{ready.id}/progress"))
    first = teacher_client.post(f"/children/{ready.id}/progress/move", data=form)
    assert first.status_code == 302
    changes = len(history(app, ready))
    # The same page's button again: the child is no longer at the level it showed.
    again = teacher_client.post(f"/children/{ready.id}/progress/move", data=form)
    assert again.status_code == 409
    text = again.get_data(as_text=True)
    assert "already plays at Peek" in text and "Nothing was changed." in text
    assert fetch(app, Child, ready.id).level == "peek"
    assert len(history(app, ready)) == changes


def test_someone_else_changing_the_level_makes_the_page_stale(
    app: Flask, teacher_client: FlaskClient, ready: MadeChild
) -> None:
    form = move_form(page(teacher_client, f"/children/{ready.id}/progress"))
    with app.app_context():
        row = db.session.get(Child, ready.id)
        assert row is not None
        row.level = "standard"
        db.session.commit()
    response = teacher_client.post(f"/children/{ready.id}/progress/move", data=form)
    assert response.status_code == 409
    assert fetch(app, Child, ready.id).level == "standard"


@pytest.mark.parametrize(
    ("level", "status"),
    [
        ("standard", 409),  # a real level, but not the one recommended
        ("ultra_peek", 409),
        ("wizard", 400),  # not a level at all
        ("", 400),
    ],
)
def test_a_forged_level_changes_nothing(
    app: Flask, teacher_client: FlaskClient, ready: MadeChild, level: str, status: int
) -> None:
    changes = len(history(app, ready))
    response = teacher_client.post(
        f"/children/{ready.id}/progress/move", data={"level": level, "from_level": "ultra_peek"}
    )
    assert response.status_code == status
    assert "Nothing was changed." in response.get_data(as_text=True) or status == 400
    assert fetch(app, Child, ready.id).level == "ultra_peek"
    assert len(history(app, ready)) == changes


def test_no_move_is_offered_or_made_without_the_evidence(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    html = page(teacher_client, f"/children/{child.id}/progress")
    assert "Next step: no games yet" in html
    assert "Move to" not in html
    response = teacher_client.post(
        f"/children/{child.id}/progress/move", data={"level": "peek", "from_level": "ultra_peek"}
    )
    assert response.status_code == 409
    assert fetch(app, Child, child.id).level == "ultra_peek"


def test_the_move_needs_the_csrf_token(
    make_app: Callable[..., Flask], teacher: MadeTeacher, classroom: MadeClass, child: MadeChild
) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    fill(app, classroom, [child], weeks=2, games=16)
    client = app.test_client()
    sign_in_teacher(client, teacher)
    html = page(client, f"/children/{child.id}/progress")
    form = move_form(html)
    assert form.get("csrf_token")
    without = {k: v for k, v in form.items() if k != "csrf_token"}
    assert client.post(f"/children/{child.id}/progress/move", data=without).status_code == 400
    assert fetch(app, Child, child.id).level == "ultra_peek"
    assert client.post(f"/children/{child.id}/progress/move", data=form).status_code == 302
    assert fetch(app, Child, child.id).level == "peek"


def test_two_taps_at_once_move_the_child_once(
    make_app: Callable[..., Flask], app: Flask, teacher: MadeTeacher, ready: MadeChild
) -> None:
    """Two app instances (as two server processes) take the same move at the same moment."""
    client = app.test_client()
    sign_in_teacher(client, teacher)
    form = move_form(page(client, f"/children/{ready.id}/progress"))
    changes = len(history(app, ready))
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def tap(instance: Flask) -> None:
        tapper = instance.test_client()
        sign_in_teacher(tapper, teacher)
        barrier.wait()
        statuses.append(tapper.post(f"/children/{ready.id}/progress/move", data=form).status_code)

    threads = [threading.Thread(target=tap, args=(make_app(),)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(statuses) == [302, 409]
    assert fetch(app, Child, ready.id).level == "peek"
    assert len(history(app, ready)) == changes + 1


def test_a_past_period_offers_no_move_and_a_forged_one_changes_nothing(
    app: Flask, teacher_client: FlaskClient, ready: MadeChild
) -> None:
    """A review found "Move to ..." on a page of a past period: the child moved today with the
    old evidence kept as "the last 2 weeks". A past period's next step is shown as history."""
    from datetime import timedelta

    from tests.web.helpers.dashboard import today

    end = today() - timedelta(days=3)
    start = end - timedelta(days=27)
    html = page(teacher_client, f"/children/{ready.id}/progress?start={start}&end={end}")
    assert f"Next step: {UP_TO_PEEK}</h2>" in html
    assert ">Move to Peek</button>" not in html
    assert "This was the next step on" in html and "see the next step today" in html
    changes = len(history(app, ready))
    form = move_form(page(teacher_client, f"/children/{ready.id}/progress"))
    form |= {"start": start.isoformat(), "end": end.isoformat()}
    refused = teacher_client.post(f"/children/{ready.id}/progress/move", data=form)
    assert refused.status_code == 409
    assert "That page showed an earlier period" in refused.get_data(as_text=True)
    assert fetch(app, Child, ready.id).level == "ultra_peek"
    assert len(history(app, ready)) == changes
