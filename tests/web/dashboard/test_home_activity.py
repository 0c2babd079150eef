"""Something to try at home fits each child's own finding (issue 40): it follows the child's
topic (the level they move up to, the card they forgot, the numeral they miscount, the moment
to call) and uses the child's own cards where the period shows some, in English and Spanish.
On the demo class five of twelve children were given the same activity; now no activity is
given to more than two, and only to two with the same finding."""

from __future__ import annotations

import html
import re
from collections import Counter

from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import select

from classroom.cli import DEMO_EMAIL, DEMO_PASSWORD
from classroom.extensions import db
from classroom.models import Child

GENERAL = "Play a card game where the lowest total wins, and add up your cards together at the end."


def at_home(page: str) -> str:
    """The report's "something to try at home" paragraph, as text."""
    part = page.split('<article class="report"', 1)[1].split("</article>", 1)[0]
    # Headed paragraphs: ... what the child is learning, at home, what comes next (last).
    paragraphs = re.findall(r"<h3>[^<]*</h3>\s*<p>([^<]*)</p>", part)
    return html.unescape(paragraphs[-2])


def test_the_demo_childrens_home_activities_are_their_own(
    app: Flask, runner: FlaskCliRunner
) -> None:
    assert runner.invoke(args=["demo"]).exit_code == 0
    client = app.test_client()
    client.post("/teacher/sign-in", data={"email": DEMO_EMAIL, "password": DEMO_PASSWORD})
    with app.app_context():
        children = list(db.session.scalars(select(Child).order_by(Child.id)))
    activities = {}
    for child in children:
        response = client.get(f"/children/{child.id}/report")
        assert response.status_code == 200
        activities[child.display_name] = at_home(response.get_data(as_text=True))
    counts = Counter(activities.values())
    assert max(counts.values()) <= 2, counts
    assert GENERAL not in counts  # the one activity five children shared
    # The child's own cards: Lily forgets a card once it is face down, and is asked to find it.
    lily = activities["Lily W."]
    assert re.search(r"one of them a (\d)\. Look at the \1 together", lily), lily
    # Moving up to Peek, the activity is about looking at face-down cards.
    assert "turn any card over to look" in activities["Noah B."]

    # In Spanish, the same own activities, translated.
    with app.app_context():
        for child in db.session.scalars(select(Child)):
            child.report_language = "es"
        db.session.commit()
        ids = {c.display_name: c.id for c in db.session.scalars(select(Child))}
    spanish = at_home(client.get(f"/children/{ids['Lily W.']}/report").get_data(as_text=True))
    card = re.search(r"one of them a (\d)", lily)
    assert card is not None
    assert f"una de ellas un {card[1]}. Miren juntos el {card[1]}" in spanish
    noah = at_home(client.get(f"/children/{ids['Noah B.']}/report").get_data(as_text=True))
    assert "dar la vuelta a cualquier carta" in noah
