""" "Who needs you today" at the top of the class page: a few children, each with its reason in
one line, newest first, each linking to the child's page (docs/dashboards.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from classroom.extensions import db
from classroom.game.players.habits import Habit
from classroom.models import AssignmentChange, Child
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.habits import names_and_reasons, play


def test_who_needs_you_lists_each_child_with_one_reason_newest_first(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    steady = make_child(classroom, "Ava")  # plays well every day: not listed
    locked = make_child(classroom, "Ben")
    quiet = make_child(classroom, "Cleo")
    never = make_child(classroom, "Dev")
    slipping = make_child(classroom, "Eli")
    play(app, classroom, steady, Habit.CORRECT, list(range(1, 20)))
    play(app, classroom, locked, Habit.CORRECT, list(range(1, 6)))
    play(app, classroom, quiet, Habit.CORRECT, [12, 13, 14])
    # Right for three weeks, then all cats alike this week: a flag new this week.
    play(app, classroom, slipping, Habit.CORRECT, list(range(8, 22)))
    play(app, classroom, slipping, Habit.CATS_ALIKE, list(range(1, 7)))
    with app.app_context():
        db.session.execute(update(Child).where(Child.id == locked.id).values(failed_tries=3))
        # Everyone joined the class two months ago (a child new this week is not listed).
        db.session.execute(update(Child).values(created_at=datetime.now(UTC) - timedelta(weeks=8)))
        # Everyone's level was set five weeks ago.
        db.session.execute(
            update(AssignmentChange).values(changed_at=datetime.now(UTC) - timedelta(weeks=5))
        )
        db.session.commit()
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    listed = names_and_reasons(html)
    names = [name for name, _ in listed]
    reasons = dict(listed)
    # Ava is right every day for weeks: the teacher's move to make, in its own line.
    assert "Ava" not in reasons
    assert (
        f'<strong>Ready to move up:</strong>\n    <a href="/children/{steady.id}/progress">Ava</a>'
        " to Peek." in html
    )
    assert reasons["Ben"] == "cannot sign in: too many wrong secret pictures"
    assert reasons["Cleo"].startswith("no games since ")
    assert reasons["Dev"] == "no games yet"
    assert reasons["Eli"].startswith("new this week: treats all cats alike")
    # Newest first: today's lock, this week's flag, the quiet child, the one who never played.
    assert names == ["Ben", "Eli", "Cleo", "Dev"]
    for child in (locked, quiet, never, slipping):
        assert f'href="/children/{child.id}/progress"' in html


def test_a_child_new_this_week_who_has_not_played_is_not_listed(
    teacher_client: FlaskClient, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """On a class's first day every child has "no games yet": that is not news."""
    make_child(classroom, "Ava")
    make_child(classroom, "Ben")
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert names_and_reasons(html) == []
    # Nor does the page say "everyone has played this week" (a new teacher's first look).
    assert "everyone has played" not in html
    assert "No one has played yet: the children are all new this week." in html


def test_a_new_child_who_has_not_played_is_named_not_counted_as_played(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """One child plays, a child added this week has not: the page names the new child
    rather than say that everyone played; beside a list, in a line under it."""
    steady = make_child(classroom, "Ava")
    play(app, classroom, steady, Habit.CORRECT, [1, 2])  # too few to move: not listed
    with app.app_context():
        db.session.execute(
            update(Child)
            .where(Child.id == steady.id)
            .values(created_at=datetime.now(UTC) - timedelta(weeks=8))
        )
        db.session.execute(
            update(AssignmentChange).values(changed_at=datetime.now(UTC) - timedelta(weeks=1))
        )
        db.session.commit()
    make_child(classroom, "Ben")
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert names_and_reasons(html) == []
    assert (
        "everyone has played this week except the new child (Ben), who has not played yet."
    ) in re.sub(r"<[^>]+>", "", html)
    # A name stays on one line: "Ben O." never splits at its initial.
    assert '(<span class="name">Ben</span>)' in html
    locked = make_child(classroom, "Cleo")
    with app.app_context():
        db.session.execute(update(Child).where(Child.id == locked.id).values(failed_tries=3))
        db.session.commit()
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert names_and_reasons(html) == [("Cleo", "cannot sign in: too many wrong secret pictures")]
    assert "New this week, no games yet: Ben." in html


def test_no_one_needs_you_in_an_empty_class(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert "Who needs you today" in html
    assert "No children yet: add them below, then print their sign-in cards." in html
    assert "No one stands out today" not in html


def test_a_child_at_chance_is_listed(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """Tapping at random for two weeks: the comparisons are about what chance would give."""
    tapper = make_child(classroom, "Fay")
    play(app, classroom, tapper, Habit.RANDOM, list(range(1, 15)))
    reasons = dict(
        names_and_reasons(teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True))
    )
    assert reasons["Fay"].startswith(
        "at chance: comparisons about what tapping at random would give"
    )
    assert re.search(r"right \d+ of \d+; by chance about \d+", reasons["Fay"])


def test_a_child_held_only_by_too_few_games_is_told_so(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """All right, at the same level for 8 weeks, but one game in the last 2 weeks: too few
    comparisons to move is the reason (user test: Zoe P. "without moving forward" at 40 of
    40 right), not "without moving forward"."""
    zoe = make_child(classroom, "Zoe")
    play(app, classroom, zoe, Habit.CORRECT, [3, 16, 17, 18, 19, 20])
    with app.app_context():
        db.session.execute(
            update(AssignmentChange).values(changed_at=datetime.now(UTC) - timedelta(weeks=8))
        )
        db.session.commit()
    reasons = dict(
        names_and_reasons(teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True))
    )
    assert re.fullmatch(
        r"needs more games: \d+ comparisons at Ultra-Peek in the last 2 weeks, where a move "
        r"needs 20 \(at Ultra-Peek for 8 weeks\)",
        reasons["Zoe"],
    ), reasons["Zoe"]
    assert "without moving forward" not in reasons["Zoe"]


def test_a_child_held_by_another_measure_is_told_which() -> None:
    """At Outside Peek for weeks, comparisons right but choices against cards seen: the line
    says what holds the child (the page's reason to stay), not a bare "without moving
    forward" that a teacher read as "not learning" beside 98 % right (a review, Lily W.)."""
    from classroom.game import Level
    from classroom.insights import Move, Recommendation
    from classroom.insights.measures import rate
    from classroom.progress.attention import stuck_text

    right = "367 of 377 comparisons right in the last 2 weeks (by chance about 145)"
    missing = "10 of 55 choices went against a card they had seen"
    held = Recommendation(
        Move.STAY,
        Level.OUTSIDE_PEEK,
        f"Stay at Outside Peek: {right}; {missing}.",
        held_by=missing,
        right=right,
    )
    # What holds the child first: led by "367 of 377 right", the line still hid it (a review).
    assert stuck_text("at Outside Peek for 8 weeks", held) == (
        "at Outside Peek for 8 weeks without moving forward: 10 of 55 choices went against a "
        "card they had seen; 367 of 377 comparisons right in the last 2 weeks (by chance "
        "about 145)."
    )
    few = Recommendation(
        Move.STAY,
        Level.PEEK,
        "Stay at Peek: ...",
        too_few=rate(13, 13, 20),
        span="in the last 2 weeks",
    )
    assert stuck_text("at Peek for 8 weeks", few) == (
        "needs more games: 13 comparisons in the last 2 weeks, where a move needs 20 "
        "(at Peek for 8 weeks)"
    )


def test_a_child_held_with_an_active_flag_is_told_the_flag_first() -> None:
    """A child at the same level for weeks whose comparisons in the last 2 weeks are about
    what tapping at random gives, with an active cat-versus-rat flag: the flag, the cause a
    teacher can act on, comes before the comparisons it explains (issue 40, Mia K.)."""
    from classroom.game import Level
    from classroom.insights import Move, Recommendation

    evidence = (
        "24 of 40 comparisons right at Ultra-Peek in the last 2 weeks (by chance about 19), "
        "about what tapping at random would give"
    )
    from classroom.progress.attention import stuck_text

    step = Recommendation(Move.STAY, Level.ULTRA_PEEK, f"Stay at Ultra-Peek: {evidence}")
    flag = 'treats all cats alike, for example "kept a 6 when a 1 came"'
    text = stuck_text("at Ultra-Peek for 8 weeks", step, flagged=flag)
    assert text == f"at Ultra-Peek for 8 weeks without moving forward: {flag}; {step.evidence}"
    assert text.index("treats all cats alike") < text.index("tapping at random")


def test_a_child_at_the_top_level_is_not_without_moving_forward(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A review found Theo, at Standard with every comparison right, listed "at Standard for 8
    weeks without moving forward": there is no level above Standard to move to."""
    theo = make_child(classroom, "Theo")
    make_child(classroom, "Ava")
    with app.app_context():
        db.session.execute(update(Child).where(Child.id == theo.id).values(level="standard"))
        db.session.commit()
    # Steady, not improving: right every time, every day for four weeks, at their levels.
    play(app, classroom, theo, Habit.CORRECT, list(range(1, 29)), level="standard")
    with app.app_context():
        db.session.execute(
            update(AssignmentChange).values(changed_at=datetime.now(UTC) - timedelta(weeks=8))
        )
        db.session.execute(update(Child).values(created_at=datetime.now(UTC) - timedelta(weeks=9)))
        db.session.commit()
    reasons = dict(
        names_and_reasons(teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True))
    )
    assert "Theo" not in reasons, reasons.get("Theo")
    assert "Ava" in reasons  # the class page does list others (Ava has no games yet)


def test_no_gap_before_the_colon_of_a_reason() -> None:
    """The name and ": reason" sit in one line of text: the list item is no flex box, whose gap
    would put a space before the colon ("Zoe P. : ..."; user test)."""
    css = Path("static/css/app.css").read_text(encoding="utf-8")
    rule = re.search(r"\.needs-list li \{([^}]*)\}", css)
    assert rule is not None
    assert "flex" not in rule.group(1) and "grid" not in rule.group(1)


def test_the_children_ready_to_move_up_are_grouped_by_level() -> None:
    """One line under the list: the names by the level they would move up to, in the
    levels' order."""
    from classroom.game import Level
    from classroom.progress.attention import NeedsYou, Ready

    needs = NeedsYou(
        [],
        0,
        ready=[
            Ready(1, "Sam R.", Level.OUTSIDE_PEEK),
            Ready(2, "Ava T.", Level.PEEK),
            Ready(3, "Ruby S.", Level.STANDARD),
            Ready(4, "Finn D.", Level.PEEK),
        ],
    )
    grouped = [(level, [r.name for r in rs]) for level, rs in needs.ready_by_level()]
    assert grouped == [
        (Level.PEEK, ["Ava T.", "Finn D."]),
        (Level.OUTSIDE_PEEK, ["Sam R."]),
        (Level.STANDARD, ["Ruby S."]),
    ]


def flagged_before_this_week(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild], name: str
) -> MadeChild:
    """A child of the class for 8 weeks whose games raise a cats-alike flag, all before this
    week: a flag still on, but no news."""
    child = make_child(classroom, name)
    play(app, classroom, child, Habit.CATS_ALIKE, list(range(1, 20)))
    with app.app_context():
        db.session.execute(update(Child).values(created_at=datetime.now(UTC) - timedelta(weeks=8)))
        db.session.commit()
    return child


def test_a_flag_from_before_this_week_is_said_not_hidden(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A review found "No one stands out today: no new flags" beside a flag still on from the
    week before on the overview: the page says there is nothing new, and who is still
    flagged, with the way to see why."""
    eli = flagged_before_this_week(app, classroom, make_child, "Eli")
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert names_and_reasons(html) == []  # no news
    assert "No one stands out today" not in html
    assert "Nothing new today: no new flags, everyone has played this week" in html
    assert (
        "Still flagged from before this week (each child's page says why): "
        f'<a href="/children/{eli.id}/progress">Eli</a>.'
    ) in html
    # Without the flag, the page says no one stands out, and names nobody.
    fine = make_child(classroom, "Ava")
    play(app, classroom, fine, Habit.CORRECT, list(range(1, 20)))
    with app.app_context():
        db.session.execute(
            update(Child).where(Child.id == eli.id).values(archived_at=datetime.now(UTC))
        )
        db.session.execute(update(Child).values(created_at=datetime.now(UTC) - timedelta(weeks=8)))
        db.session.commit()
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert "Still flagged" not in html


def test_a_new_flag_gives_the_childs_own_example_as_their_page_does(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A review found "Mia K.: new this week: treats all cats alike (keeps a 4 when a 3
    comes)", a textbook case read as Mia's own, while her slips were a 6 kept when a 1 or a 2
    came and her page's flag said so: the line gives the example her page gives."""
    mia = make_child(classroom, "Mia K.")
    play(app, classroom, mia, Habit.CORRECT, list(range(8, 22)))
    play(app, classroom, mia, Habit.CATS_ALIKE, list(range(1, 7)))
    with app.app_context():
        db.session.execute(update(Child).values(created_at=datetime.now(UTC) - timedelta(weeks=8)))
        db.session.commit()
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    reasons = {name: unescape(reason) for name, reason in names_and_reasons(html)}
    progress = teacher_client.get(f"/children/{mia.id}/progress").get_data(as_text=True)
    own = re.search(r"for example &#34;([^&]+)&#34;", progress)
    assert own is not None
    assert re.fullmatch(
        rf'new this week: treats all cats alike, for example "{own.group(1)}" '
        r"\(seen \w{3} \d{1,2} \w{3}\)",
        reasons["Mia K."],
    ), reasons["Mia K."]
    assert "keeps a 4 when a 3 comes" not in html


def test_a_flag_without_a_slip_of_its_own_gives_no_example() -> None:
    """Cube bars, typed totals and calls have no single slip to quote: the line names the
    flag and no made-up example; a flag with the child's own slip gives that one."""
    from classroom.insights import Flag, FlagKind
    from classroom.progress.attention import flag_text

    counting = Flag(FlagKind.COUNTING, "Cube stacks matched their card 5 of 12 times; ...")
    assert flag_text(counting) == "cube bars not as long as the number"
    memory = Flag(FlagKind.MEMORY, "6 of 20 choices went against ...", "put a 6 on their 1")
    assert flag_text(memory) == (
        'choices went against cards they had seen, for example "put a 6 on their 1"'
    )


def test_a_name_that_ends_a_sentence_gets_one_full_stop(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    """A review found "New this week, no games yet: Ben O..": a name with an initial's full
    stop ends the sentence without a second one (the `full_stop` filter)."""
    eli = flagged_before_this_week(app, classroom, make_child, "Eli B.")
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert (
        "Still flagged from before this week (each child's page says why): "
        f'<a href="/children/{eli.id}/progress">Eli B.</a></p>'
    ) in html
    locked = make_child(classroom, "Cleo")
    make_child(classroom, "Ben O.")
    with app.app_context():
        db.session.execute(update(Child).where(Child.id == locked.id).values(failed_tries=3))
        db.session.commit()
    html = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert "New this week, no games yet: Ben O.</p>" in html
    assert ".." not in html.split('id="needs-heading"', 1)[1].split("</section>", 1)[0]
