"""The play pages' pieces in a real browser, before the play pages exist: a child counts with
cubes (tap, drag, + / - cube), snaps the bar (the server, not the page, hints), sees
everyone's bars and types the total; the same with JavaScript off; the speaker; axe-core.

The pages come from a harness blueprint registered only on this test's app (the product has
no such route): it renders the macros inside base.html the way a play page includes them, and
plays the part of the play view (applies + / - cube, records what was posted).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Blueprint, redirect, render_template_string, request, url_for
from playwright.sync_api import expect

from tests.web.browser.conftest import LiveServer, axe_violations

SCREENSHOTS = Path("/tmp/play-components")
LINE = [4, 0, 7, 2]
TOKEN = "harness-token"
TABLET = {"width": 768, "height": 1024}

PAGE = """{% extends "base.html" %}
{% from "play/_cubes.html" import count_cards, cube_bar, bars_side_by_side, type_total %}
{% from "play/_speech.html" import speaker, read_aloud_toggle %}
{% block title %}Count your cubes{% endblock %}
{% block head %}
  <link rel="stylesheet" href="{{ url_for('static', filename='css/play.css') }}">
  <script src="{{ url_for('static', filename='js/cubes.js') }}" defer></script>
  <script src="{{ url_for('static', filename='js/speech.js') }}" defer></script>
{% endblock %}
{% block content %}
  <h1>Round over!</h1>
  <div class="actions">{{ speaker(say) }} {{ read_aloud_toggle() }}</div>
  {% if counts is none %}
    {{ count_cards(line, url_for('harness.count'), token, placed=placed) }}
  {% elif total is none %}
    <h2>Your bar</h2>
    {{ cube_bar(counts) }}
    {{ type_total(url_for('harness.total'), token) }}
    {{ bars_side_by_side(seats, show_totals=False) }}
  {% else %}
    <p class="total-said">You said {{ total }}.</p>
    {{ bars_side_by_side(seats) }}
  {% endif %}
{% endblock %}
"""

CARDS_PAGE = """{% extends "base.html" %}
{% from "play/_cards.html" import card %}
{% block title %}Cards{% endblock %}
{% block head %}
  <link rel="stylesheet" href="{{ url_for('static', filename='css/play.css') }}">
{% endblock %}
{% block content %}
  <h1>Cards</h1>
  {% for size in ["lg", "md", "sm"] %}
  <h2>Size {{ size }}</h2>
  <div class="actions">
    {% for value in range(13) %}{{ card(value, size=size) }}{% endfor %}{{ card(None, size=size) }}
  </div>
  {% endfor %}
  <h2>A line</h2>
  <div class="actions">
    {% for value in [3, None, None, 9] %}
    <button type="button" class="secondary">{{ card(value, position=loop.index) }}</button>
    {% endfor %}
  </div>
{% endblock %}
"""


def harness(posts: list[dict[str, str]]) -> Blueprint:
    bp = Blueprint("harness", __name__, url_prefix="/harness")

    def page(counts: list[int] | None = None, placed: list[int] | None = None, total: Any = None):
        counts_or_none = counts
        counts = counts or []
        seats = [
            {"name": "Mia", "rounds": [9, sum(counts)], "you": True, "picture": "fox"},
            {"name": "Top Cat", "rounds": [14, 21], "picture": "topcat", "colour": "sky"},
            {"name": "Kitten", "rounds": [6, 5], "picture": "kitten", "winner": True},
        ]
        return render_template_string(
            PAGE,
            line=LINE,
            placed=placed,
            counts=counts_or_none,
            total=total,
            seats=seats,
            token=TOKEN,
            say="Put cubes on your cards: one cube for each.",
        )

    @bp.route("/cards")
    def cards() -> Any:
        """Every card at every size, as a play page would show a line."""
        return render_template_string(CARDS_PAGE)

    @bp.route("/count", methods=["GET", "POST"])
    def count() -> Any:
        """The counting form; a post applies + / - cube (as the play view will) or snaps."""
        if request.method == "GET":
            return page()
        posts.append(request.form.to_dict())
        assert request.form["csrf_token"] == TOKEN
        placed = [int(request.form[f"cubes_{p}"]) for p in range(1, 5)]
        press = request.form.get("press", "")
        if press == "snap":
            return redirect(url_for("harness.bar", c=",".join(map(str, placed))))
        kind, _, place = press.partition("-")
        i = int(place) - 1
        if kind == "add" and LINE[i] != 0:
            placed[i] = min(12, placed[i] + 1)
        elif kind == "remove":
            placed[i] = max(0, placed[i] - 1)
        return page(placed=placed)

    @bp.route("/bar")
    def bar() -> Any:
        """The snapped bar, everyone's bars and the total keypad."""
        return page(counts=[int(c) for c in request.args["c"].split(",")])

    @bp.route("/total", methods=["POST"])
    def total() -> Any:
        """What the child typed."""
        posts.append(request.form.to_dict())
        return page(counts=[4, 0, 7, 2], total=request.form["total"])

    return bp


@pytest.fixture
def posts() -> list[dict[str, str]]:
    return []


@pytest.fixture
def server(make_app: Any, posts: list[dict[str, str]]) -> Iterator[LiveServer]:
    # An app of its own (any override makes one): a blueprint cannot be added to the shared
    # test app once it has answered a request.
    app = make_app(COMPONENT_HARNESS=True)
    app.register_blueprint(harness(posts))
    with LiveServer(app) as live:
        yield live


@pytest.fixture
def tablet(chromium: Any) -> Iterator[Any]:
    """A 768-pixel-wide tablet page; speech is recorded instead of spoken."""
    context = chromium.new_context(viewport=TABLET, has_touch=False)
    context.add_init_script(
        """
        window.__said = [];
        if (window.speechSynthesis) {
          window.speechSynthesis.speak = function (u) { window.__said.push(u.text); };
          window.speechSynthesis.cancel = function () {};
        }
        """
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.console_errors = errors
    yield page
    context.close()


def axe_findings(page: Any) -> list[dict[str, Any]]:
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["html"][:120] for n in v["nodes"]]}
        for v in axe_violations(page)
    ]


def shot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    return path


def card(page: Any, place: int) -> Any:
    return page.locator(f".count-card[data-place='{place}']")


def cubes_on(page: Any, place: int) -> int:
    return int(card(page, place).locator("input[data-cubes]").input_value())


def test_counting_with_cubes_snapping_and_typing_the_total(
    tablet: Any, server: LiveServer, posts: list[dict[str, str]]
) -> None:
    page = tablet
    page.goto(server.url + "/harness/count")
    expect(page.get_by_text("Tap a card's stack, or drag a cube onto it.")).to_be_visible()

    # Place 1, the 4: four taps on its stack, one cube each, at once (no page load).
    for _ in range(4):
        card(page, 1).locator("[data-stack]").click()
    assert cubes_on(page, 1) == 4
    assert card(page, 1).locator(".cube").count() == 4
    expect(page.get_by_role("group", name="Your card, place 1, the 4: 4 cubes")).to_be_visible()
    # One too many: no hint while placing (the snap is the child's own first try, and the
    # server says whether to count again); "- cube" takes it back.
    card(page, 1).locator("[data-stack]").click()
    assert card(page, 1).locator("[data-hint]").inner_text() == ""
    page.get_by_role("button", name="\N{MINUS SIGN} cube on place 1").click()
    assert cubes_on(page, 1) == 4

    # Place 2, the 0: it takes no cubes.
    card(page, 2).locator("[data-stack]").click()
    assert cubes_on(page, 2) == 0
    assert card(page, 2).locator("[data-hint]").inner_text() == "The 0 card gets no cubes."

    # Place 3, the 7: six cubes with the keyboard (a slip), on the "+ cube" button.
    plus3 = page.get_by_role("button", name="+ cube on place 3")
    plus3.focus()
    for _ in range(3):
        page.keyboard.press("Enter")
    for _ in range(3):
        page.keyboard.press("Space")
    assert cubes_on(page, 3) == 6
    assert card(page, 3).locator(".cube-fifth").count() == 1  # groups of five

    # Place 4, the 2: two cubes dragged from the tray.
    tray_cube = page.locator("[data-tray-cube]")
    stack4 = card(page, 4).locator("[data-stack]")
    for _ in range(2):
        box = tray_cube.bounding_box()
        target = stack4.bounding_box()
        page.mouse.move(box["x"] + 10, box["y"] + 10)
        page.mouse.down()
        page.mouse.move(target["x"] + 30, target["y"] + 60, steps=6)
        page.mouse.up()
    assert cubes_on(page, 4) == 2
    assert page.url.endswith("/harness/count")
    assert posts == []  # all of that happened in the page

    # Every control is at least 44 x 44 CSS pixels.
    for control in page.locator(".count-form button:visible, .speaker-button").all():
        box = control.bounding_box()
        assert box["width"] >= 44
        assert box["height"] >= 44, control.inner_text()

    # The 7 short: the cubes on the page say nothing yet; the snap posts the stacks as they
    # are (the server decides about "Let's count again"; no `hinted` from the browser).
    assert card(page, 3).locator("[data-hint]").inner_text() == ""
    plus3.click()
    page.get_by_role("button", name="Snap the bar!").click()
    page.wait_for_url("**/harness/bar?c=4,0,7,2")
    assert posts[-1]["press"] == "snap"
    assert "hinted" not in posts[-1]
    assert [posts[-1][f"cubes_{p}"] for p in range(1, 5)] == ["4", "0", "7", "2"]

    bar = page.get_by_role("img", name="Your bar of cubes: 4, 0, 7, 2 cubes")
    assert bar.locator(".cube").count() == 13
    assert page.locator(".seat-bar").count() == 3
    assert page.locator(".running-total").count() == 0  # no totals before the child's own
    # Bars stand on one line: the bottoms are level, so the shortest shows the winner.
    boxes = [b.bounding_box() for b in page.locator(".bars-row .cube-bar").all()]
    bottoms = {round(box["y"] + box["height"]) for box in boxes}
    assert len(bottoms) == 1

    # The keypad types the total.
    expect(page.locator("[data-keypad]")).to_be_visible()
    for key in ["1", "4", "Clear", "1", "3"]:
        page.get_by_role("button", name=key, exact=True).click()
    assert page.get_by_label("How many cubes in your bar?").input_value() == "13"
    assert axe_findings(page) == []
    shot(page, "bar-keypad-768.png")
    page.get_by_role("button", name="That's my total").click()
    expect(page.get_by_text("You said 13.")).to_be_visible()
    assert posts[-1]["total"] == "13"
    assert page.locator(".running-total").all_inner_texts() == ["22", "35", "11"]
    summary = "Kitten: round 1, 6 cubes; round 2, 5 cubes; total 11, winning."
    assert page.get_by_text(summary).count() == 1
    assert axe_findings(page) == []
    shot(page, "bars-totals-768.png")
    assert page.console_errors == []


def test_counting_works_without_javascript(
    chromium: Any, server: LiveServer, posts: list[dict[str, str]]
) -> None:
    context = chromium.new_context(viewport=TABLET, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(server.url + "/harness/count")
        expect(page.locator("[data-cube-tray]")).not_to_be_visible()
        expect(page.locator(".speaker-button")).not_to_be_visible()  # no speech without JS
        expect(page.get_by_text("No cubes on 0")).to_be_visible()
        for _ in range(4):
            page.get_by_role("button", name="+ cube on place 1").click()
        page.get_by_role("button", name="+ cube on place 4").click()
        page.get_by_role("button", name="+ cube on place 4").click()
        page.get_by_role("button", name="\N{MINUS SIGN} cube on place 4").click()
        assert [p["press"] for p in posts] == ["add-1"] * 4 + ["add-4", "add-4", "remove-4"]
        expect(page.get_by_role("group", name="Your card, place 1, the 4: 4 cubes")).to_be_visible()
        assert card(page, 1).locator(".cube").count() == 4
        assert card(page, 4).locator(".cube").count() == 1
        shot(page, "count-no-js-768.png")

        page.get_by_role("button", name="Snap the bar!").click()
        page.wait_for_url("**/harness/bar?c=4,0,0,1")
        expect(page.locator("[data-keypad]")).not_to_be_visible()
        page.get_by_label("How many cubes in your bar?").fill("5")
        page.get_by_role("button", name="That's my total").click()
        expect(page.get_by_text("You said 5.")).to_be_visible()
    finally:
        context.close()


def test_the_counting_keypad_and_tray_are_there_before_the_script_runs(
    tablet: Any, server: LiveServer
) -> None:
    """The page does not jump as it loads: the cube tray and the keypad are laid out from the
    first paint, not shown by cubes.js a moment later (a review saw "That's my total" pushed
    350 px down on the tablet). Held here: cubes.js never comes."""
    page = tablet
    page.route("**/js/cubes.js", lambda route: route.abort())
    page.goto(server.url + "/harness/count")
    expect(page.locator("[data-cube-tray]")).to_be_visible()
    snap = page.get_by_role("button", name="Snap the bar!").bounding_box()
    page.goto(server.url + "/harness/bar?c=4,0,7,2")
    expect(page.locator("[data-keypad]")).to_be_visible()
    button = page.get_by_role("button", name="That's my total").bounding_box()
    page.unroute("**/js/cubes.js")
    for url, name, before in (
        ("/harness/count", "Snap the bar!", snap),
        ("/harness/bar?c=4,0,7,2", "That's my total", button),
    ):
        page.goto(server.url + url)
        expect(page.locator("form.js, [data-keypad-form]").first).to_be_visible()
        after = page.get_by_role("button", name=name).bounding_box()
        assert before is not None and after is not None and after["y"] == before["y"], name


def test_speaker_and_read_aloud(tablet: Any, server: LiveServer) -> None:
    page = tablet
    page.goto(server.url + "/harness/count")
    speaker = page.get_by_role("button", name="Read aloud", exact=True)
    expect(speaker).to_be_visible()
    speaker.click()
    assert page.evaluate("window.__said") == ["Put cubes on your cards: one cube for each."]

    # Read aloud starts on where nobody is signed in (as on the sign-in pages); turned off,
    # tapping a card says nothing; on: it says the card's name, and the tap still does its job
    # (a cube on place 1).
    toggle = page.locator("[data-read-aloud]")
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    said = len(page.evaluate("window.__said"))
    page.get_by_alt_text("Place 1: 4, a cat").click()
    assert len(page.evaluate("window.__said")) == said
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.get_by_alt_text("Place 3: 7, a rat").click()
    card(page, 1).locator("[data-stack]").click()
    assert page.evaluate("window.__said")[-1] == "Place 3: 7, a rat"
    assert cubes_on(page, 1) == 1
    assert page.console_errors == []


def test_speaker_hidden_without_speech_synthesis(chromium: Any, server: LiveServer) -> None:
    context = chromium.new_context(viewport=TABLET)
    context.add_init_script("delete window.speechSynthesis; window.speechSynthesis = undefined;")
    page = context.new_page()
    try:
        page.goto(server.url + "/harness/count")
        expect(page.locator("[data-cube-tray]")).to_be_visible()  # cubes.js ran
        expect(page.locator(".speaker-button")).not_to_be_visible()
        expect(page.locator("[data-read-aloud]")).not_to_be_visible()
    finally:
        context.close()


def test_reduced_motion_drops_cubes_without_animation(chromium: Any, server: LiveServer) -> None:
    context = chromium.new_context(viewport=TABLET, reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(server.url + "/harness/count")
        card(page, 1).locator("[data-stack]").click()
        cube = card(page, 1).locator(".cube-new")
        assert cube.evaluate("c => getComputedStyle(c).animationName") == "none"
    finally:
        context.close()


def test_cards_at_every_size(tablet: Any, server: LiveServer) -> None:
    page = tablet
    page.goto(server.url + "/harness/cards")
    images = page.locator("img.card-img")
    assert images.count() == 14 * 3 + 4
    for image in images.all():
        assert image.evaluate("i => i.complete && i.naturalWidth > 0"), image.get_attribute("src")
        box = image.bounding_box()
        assert box["width"] >= 44
        assert box["height"] >= 44
    expect(page.get_by_role("button", name="Place 4: King Rat 9")).to_be_visible()
    expect(page.get_by_role("button", name="Place 2: face-down card")).to_be_visible()
    assert axe_findings(page) == []
    shot(page, "cards-768.png")
    assert page.console_errors == []
