"""The play pages' reusable pieces, rendered inside the app: cards (templates/play/_cards.html),
counting with cube bars (_cubes.html) and the speaker button (_speech.html), and the card art
in static/cards that tools/make_cards.py draws."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask, render_template_string

ROOT = Path(__file__).resolve().parents[3]
POWERS = ["peek", "swap", "draw2"]
# The power cards in Spanish carry their Spanish words (docs/languages.md).
CARD_FILES = (
    [f"{n}.svg" for n in range(10)]
    + [f"{p}.svg" for p in POWERS]
    + [f"{p}-es.svg" for p in POWERS]
    + ["back.svg"]
)
IMPORTS = (
    '{% from "play/_cards.html" import card, card_name %}'
    '{% from "play/_cubes.html" import count_cards, cube_bar, bars_side_by_side, type_total %}'
    '{% from "play/_speech.html" import speaker, read_aloud_toggle %}'
)


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.text = ""

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    def has(self, name: str) -> bool:
        return name in self.attrs

    @property
    def classes(self) -> list[str]:
        return (self.get("class") or "").split()


class Page(HTMLParser):
    """Every element of a fragment, in order, with the text directly inside it."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[Element] = []
        self._open: list[Element] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs))
        self.elements.append(element)
        if tag not in ("img", "input", "br", "meta", "link", "path", "circle"):
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i].tag == tag:
                del self._open[i:]
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element.text += data

    def find(self, tag: str | None = None, **attrs: str | None) -> list[Element]:
        return [
            e
            for e in self.elements
            if (tag is None or e.tag == tag)
            and all(
                k.rstrip("_").replace("_", "-") in e.attrs
                and e.get(k.rstrip("_").replace("_", "-")) == v
                for k, v in attrs.items()
            )
        ]

    def with_class(self, name: str) -> list[Element]:
        return [e for e in self.elements if name in e.classes]


def path_of(src: str | None) -> str:
    """A static address without its version (`?v=`, classroom/static_files.py)."""
    path, _, version = (src or "").partition("?v=")
    assert re.fullmatch(r"[0-9a-f]{12}", version), src  # every picture carries its version
    return path


def render(app: Flask, source: str, **context: Any) -> str:
    with app.test_request_context():
        return render_template_string(IMPORTS + source, **context)


def assert_csp_safe(html: str) -> None:
    """No inline script or style, and no on* handler attributes (the CSP forbids them)."""
    page = Page(html)
    assert not page.find("script")
    assert not page.find("style")
    for element in page.elements:
        for name in element.attrs:
            assert not name.startswith("on"), (element.tag, name)
            assert name != "style", element.tag


# ---- cards -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "alt", "src"),
    [
        (0, "0, the Statue of Cat Liberty", "cards/0.svg"),
        (1, "1, a cat", "cards/1.svg"),
        (4, "4, a cat", "cards/4.svg"),
        (6, "6, a cat", "cards/6.svg"),
        (7, "7, a rat", "cards/7.svg"),
        (8, "8, a rat", "cards/8.svg"),
        (9, "King Rat 9", "cards/9.svg"),
        (10, "PEEK card", "cards/peek.svg"),
        (11, "SWAP card", "cards/swap.svg"),
        (12, "DRAW 2 card", "cards/draw2.svg"),
        (None, "face-down card", "cards/back.svg"),
    ],
)
def test_card_is_a_picture_with_a_spoken_name(app: Flask, value: Any, alt: str, src: str) -> None:
    """R1's families: 0-6 cats, 7-9 rats (9 the King Rat), three power cards, and the back."""
    (img,) = Page(render(app, "{{ card(value) }}", value=value)).find("img")
    assert img.get("alt") == alt
    assert img.get("data-say") == alt
    assert path_of(img.get("src")) == "/static/" + src
    assert "card-md" in img.classes


def test_a_face_down_card_never_names_its_value(app: Flask) -> None:
    html = render(app, "{{ card(5, face_up=False) }}")
    (img,) = Page(html).find("img")
    assert img.get("alt") == "face-down card"
    assert path_of(img.get("src")) == "/static/cards/back.svg"
    # Nothing in it depends on the card (the version in its address is the back's own).
    assert html == render(app, "{{ card(8, face_up=False) }}")
    assert "5" not in html.replace(img.get("src") or "", "")


def test_card_sizes_place_number_and_label(app: Flask) -> None:
    html = render(
        app,
        '{{ card(4, size="lg", position=2) }}{{ card(3, size="sm", label="Your card, place 1") }}',
    )
    page = Page(html)
    first, second = page.find("img")
    assert first.get("alt") == "Place 2: 4, a cat"
    assert "card-lg" in first.classes
    (place,) = page.with_class("card-place")
    assert place.get("data-place") == "2" and place.text == ""  # drawn by play.css
    assert place.get("aria-hidden") == "true"
    assert second.get("alt") == "Your card, place 1"
    assert "card-sm" in second.classes
    assert_csp_safe(html)


def test_a_move_is_a_plain_form_with_its_fields_escaped(app: Flask) -> None:
    """pieces.move: the CSRF token, the table's version and the move's fields as hidden inputs;
    the button names the move for screen readers; nothing a name holds becomes markup."""
    html = render(
        app,
        '{% set move = play_move_for("/play/tables/3/move", "t<k>", 7) %}'
        '{{ move("swap", "", 2, 1, 4, "card-button", "Swap with Leo <b>\'s card", inner=card(5)) }}'
        '{{ move("end_turn", "Done & <off>") }}',
    )
    page = Page(html)
    swap, done = page.find("form")
    assert done.get("action") == swap.get("action")
    assert swap.get("action") == "/play/tables/3/move" and swap.has("data-move")
    fields = {i.get("name"): i.get("value") for i in page.find("input")[:6]}
    assert fields == {
        "csrf_token": "t<k>",
        "version": "7",
        "kind": "swap",
        "position": "2",
        "other_seat": "1",
        "other_position": "4",
    }
    first, second = page.find("button")
    assert first.get("aria-label") == "Swap with Leo <b>'s card"
    assert "card-button" in first.classes
    assert second.text == "Done & <off>" and not second.has("aria-label")
    assert "<b>" not in html and "<off>" not in html and "<k>" not in html
    assert len(page.find("img")) == 1  # the card the swap button shows


def test_a_seat_head_shows_the_badges_in_words(app: Flask) -> None:
    """pieces.seat_head: picture, name, and every badge as words (colour is never the only cue)."""
    seat = {
        "seat": 1,
        "colour": "grape",
        "picture": "owl",
        "name": "Ava <i>",
        "is_me": True,
        "on_turn": True,
        "away": True,
        "taken_out": False,
        "stand_in_name": "Kitten",
        "score": 12,
    }
    html = render(app, "{{ play_seat_head(seat, 1) }}", seat=SimpleNamespace(**seat))
    page = Page(html)
    (img,) = page.find("img")
    assert path_of(img.get("src")) == "/static/pictures/owl.svg" and "bg-grape" in img.classes
    assert page.with_class("seat-name-text")[0].text == "Ava <i> (you)"
    words = [page.with_class(c)[0].text for c in ("turn-badge", "away-badge", "called-badge")]
    assert words == ["Turn", "Away: Kitten plays", "Called!"]
    assert page.with_class("seat-score")[0].text == "12 points"
    assert "<i>" not in html
    # One point is a point (the words are read aloud to the child).
    for score, said in ((1, "1 point"), (0, "0 points")):
        one = Page(
            render(
                app,
                "{{ play_seat_head(seat, 1) }}",
                seat=SimpleNamespace(**seat | {"score": score}),
            )
        )
        assert one.with_class("seat-score")[0].text == said
    assert render(app, "{{ 1 | points }}, {{ 35 | points }}") == "1 point, 35 points"


def leo(**changes: Any) -> Any:
    """Leo's seat as another seat's board shows it: on turn, four cards face down."""
    from classroom.seatview.board import CardSlot, SeatBoard

    seat = SeatBoard(
        seat=1, name="Leo", picture="owl", colour="sky", kind="child", is_me=False,
        on_turn=True, cards=tuple(CardSlot(position=p, value=None) for p in range(1, 5)),
    )  # fmt: skip
    return replace(seat, **changes)


LINE = (
    '{% set move = play_move_for("/play/tables/3/move", "tok", 7) %}'
    "{{ play_other_line(seat, None, chosen, targets, move) }}"
)


def test_another_seats_line_offers_its_cards_to_swap_with_only_once_a_card_is_chosen(
    app: Flask,
) -> None:
    """pieces.other_line: the seat's head and its four cards (face down here: no value on the
    page); with one's own card 2 chosen to swap, exactly the target cards become buttons that
    swap with it, each named for the speaker; a seat out of the game says so."""
    seat = leo()
    plain = Page(render(app, LINE, seat=seat, chosen=None, targets={(1, 3)}))
    assert "on-turn" in plain.with_class("line-box")[0].classes
    assert plain.with_class("seat-name-text")[0].text == "Leo"
    assert len(plain.find("img")) == 5 and not plain.find("form")  # the picture, four cards
    assert not any(e.has("data-card") for e in plain.elements)
    chosen = Page(render(app, LINE, seat=seat, chosen=2, targets={(1, 3), (2, 1)}))
    assert len(chosen.find("form")) == 1  # one card of the line is a target
    fields = {i.get("name"): i.get("value") for i in chosen.find("input")}
    assert fields["kind"] == "swap" and fields["position"] == "2"
    assert (fields["other_seat"], fields["other_position"]) == ("1", "3")
    (button,) = chosen.find("button")
    assert button.get("aria-label") == "Swap with Leo's card, place 3, face-down card"
    gone = Page(render(app, LINE, seat=leo(cards=(), on_turn=False), chosen=None, targets=()))
    assert [e.text for e in gone.find("p")] == ["Out of the game"]


def test_a_line_without_buttons_is_drawn_once_for_every_board_that_shows_it_so(
    app: Flask,
) -> None:
    """pieces.other_line draws a line with no swap buttons once and gives it again to the
    next board that shows the seat the same (the other seats at a move, and the moves after
    it): exactly the HTML it draws; anything the seat shows differently draws it again."""
    from classroom.seatview import pieces
    from classroom.seatview.board import CardSlot

    with app.test_request_context():
        first = pieces.other_line(leo(), None, None, (), pieces.move_for("/m", "tok", 7))
        again = pieces.other_line(leo(), None, None, (), pieces.move_for("/m", "tok", 8))
        assert again is first  # another viewer's board, and the next version's
        assert first == pieces._line(leo(), None, None, (), None)
        changed = {
            "off turn": leo(on_turn=False),
            "a card face up": leo(cards=(CardSlot(1, 7), *leo().cards[1:])),
            "away": leo(stand_in_name="Kitten"),
            "a score": leo(score=12),
        }
        for what, seat in changed.items():
            drawn = pieces.other_line(seat, None, None, (), pieces.move_for("/m", "tok", 7))
            assert drawn != first, what
            assert drawn == pieces._line(seat, None, None, (), None), what
        called = pieces.other_line(leo(), 1, None, (), pieces.move_for("/m", "tok", 7))
        assert "Called!" in called and "Called!" not in first


def test_ones_own_cards_are_buttons_for_the_moves_the_turn_allows(app: Flask) -> None:
    """pieces.my_cards: a card the card in hand may replace is a "Put it here" button named
    for the speaker; one to choose for a SWAP (without JavaScript) is a link; a card one may
    turn over (Peek levels) has its Look button; a face-up card has none."""
    from classroom.seatview.board import Controls

    def slot(position: int) -> SimpleNamespace:
        face_up = position == 2
        return SimpleNamespace(
            position=position, value=5 if face_up else None, face_up=face_up, revealed=False,
            outside=False, may_look=position in (2, 3),
        )  # fmt: skip

    mine = SimpleNamespace(seat=0, cards=[slot(p) for p in range(1, 5)])
    urls = SimpleNamespace(page="/play/tables/3", look="/play/tables/3/look")
    template = (
        '{% set move = play_move_for("/play/tables/3/move", "tok", 7) %}'
        "{{ play_my_cards(mine, controls, chosen, urls, 'tok', move) }}"
    )
    controls = Controls(replace=(1, 2), swap=((4, 1, 1),))
    page = Page(render(app, template, mine=mine, controls=controls, chosen=None, urls=urls))
    buttons = [b.get("aria-label") for b in page.find("button", class_="card-button")]
    assert buttons == [
        "Put it here, in place 1 of your line (face-down card)",
        "Put it here, in place 2 of your line (5, a cat)",
    ]
    (swap,) = page.find("a")
    assert swap.get("href") == "/play/tables/3?mine=4"
    assert swap.get("data-swap-mine") == "4"  # table.js asks for the board with it chosen
    (look,) = page.find("form", class_="look-form")  # card 3: face down, may be turned over
    assert look.get("action") == "/play/tables/3/look"
    assert [i.get("value") for i in page.find("input", name="position")][-1] == "3"
    chosen = Page(render(app, template, mine=mine, controls=controls, chosen=4, urls=urls))
    assert not chosen.find("a") and "swap-chosen" in chosen.with_class("my-card")[3].classes


def test_card_name_for_the_speaker(app: Flask) -> None:
    assert render(app, "{{ card_name(9) }}|{{ card_name(2) }}|{{ card_name(7, False) }}") == (
        "King Rat 9|2, a cat|face-down card"
    )


def load_make_cards() -> Any:
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_s_picture_file_exists_and_a_news_line_names_it(app: Flask) -> None:
    """The server names each card's picture and gives its address (the page's news shows it
    as given, and a thinking computer player's face too)."""
    from classroom.seatview.cards import card_file, news_line
    from classroom.tables.story import StoryLine

    for value in range(13):
        assert f"{card_file(value)}.svg" in CARD_FILES
        assert f"{card_file(value, 'es')}.svg" in CARD_FILES
    assert card_file(12) == "draw2" and card_file(12, "es") == "draw2-es"
    with app.app_context():
        line = news_line(StoryLine("Kitten took the DRAW 2", card=12, seat=1))
        assert path_of(line["card_src"]) == "/static/cards/draw2.svg" and "picture_src" not in line
        assert "card_src" not in news_line(StoryLine("Mia called", card=None, seat=0))
        thought = StoryLine("Hmm, a 9!", card=None, seat=1, kind="thought", picture="kitten")
        assert path_of(news_line(thought)["picture_src"]) == "/static/pictures/kitten.svg"


def test_card_files_are_what_the_script_draws() -> None:
    """static/cards is tools/make_cards.py's output, committed: run the script after a change."""
    drawn = load_make_cards().render_all()
    assert sorted(drawn) == sorted(CARD_FILES)
    for name, text in drawn.items():
        assert (ROOT / "static" / "cards" / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("name", CARD_FILES)
def test_card_file_is_small_plain_svg(name: str) -> None:
    text = (ROOT / "static" / "cards" / name).read_text(encoding="utf-8")
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert len(text.encode()) < 4096
    assert "<script" not in text
    assert "<style" not in text
    assert " style=" not in text
    assert not re.search(r"\son[a-z]+=", text)
    assert "href=" not in text  # nothing fetched from elsewhere


# ---- counting on the cards ------------------------------------------------------------------


def test_count_cards_is_a_plain_form(app: Flask) -> None:
    html = render(
        app,
        '{{ count_cards([4, 0, 7, 2], "/play/count", "token-123", placed=[3, 0, 1, 2]) }}',
    )
    assert_csp_safe(html)
    page = Page(html)
    (form,) = page.find("form")
    assert form.get("method") == "post"
    assert form.get("action") == "/play/count"
    assert page.find("input", name="csrf_token")[0].get("value") == "token-123"
    for place, placed in enumerate([3, 0, 1, 2], 1):
        (field,) = page.find("input", name=f"cubes_{place}")
        assert field.get("type") == "hidden"
        assert field.get("value") == str(placed)
    presses = [b.get("value") for b in page.find("button", name="press")]
    # The 0 card takes no cubes: no "+ cube" (and nothing to take away).
    assert presses == ["add-1", "remove-1", "add-3", "remove-3", "add-4", "remove-4", "snap"]
    snap = page.find("button", value="snap")[0]
    assert snap.text == "Snap the bar!"
    plus = page.find("button", value="add-1")[0]
    assert plus.text == "+ cube on place 1"
    assert "No cubes on 0" in html


def test_count_cards_names_each_card_and_shows_countable_cubes(app: Flask) -> None:
    html = render(app, '{{ count_cards([4, 0, 7, 2], "/c", "t", placed=[3, 0, 7, 1]) }}')
    page = Page(html)
    groups = page.find("div", role="group")
    assert len(groups) == 4
    names = [page.find(id=g.get("aria-labelledby") or "")[0].text for g in groups]
    assert names == [
        "Your card, place 1, the 4: 3 cubes",
        "Your card, place 2, the 0: 0 cubes",
        "Your card, place 3, the 7: 7 cubes",
        "Your card, place 4, the 2: 1 cube",
    ]
    stacks = re.findall(
        r'<div class="cube-stack[^"]*" data-stack aria-hidden="true">(.*?)</div>', html
    )
    assert [s.count('class="cube ') for s in stacks] == [3, 0, 7, 1]
    # Groups of five: a gap after the fifth cube of the 7.
    assert stacks[2].count("cube-fifth") == 1
    alts = [img.get("alt") for img in page.find("img") if "card-img" in (img.get("class") or "")]
    assert alts == [
        "Place 1: 4, a cat",
        "Place 2: 0, the Statue of Cat Liberty",
        "Place 3: 7, a rat",
        "Place 4: 2, a cat",
    ]
    # Every cube button shows a picture beside its word (the picture has no words of its own).
    icons = [img for img in page.find("img") if "move-icon" in (img.get("class") or "")]
    assert icons and all(img.get("alt") == "" for img in icons)
    # The drag tray needs JavaScript (hidden where scripts do not run: no-script.css, so it
    # is there from the first paint where they do); "- cube" on an empty stack is marked
    # unavailable.
    tray = page.with_class("cube-tray")[0]
    assert tray.has("data-with-script") and not tray.has("hidden")
    assert not page.find("button", value="remove-1")[0].has("aria-disabled")
    empty = render(app, '{{ count_cards([4, 0, 7, 2], "/c", "t") }}')
    assert Page(empty).find("button", value="remove-1")[0].get("aria-disabled") == "true"


def test_count_cards_shows_the_views_hints(app: Flask) -> None:
    html = render(
        app,
        '{{ count_cards([4, 0, 7, 2], "/c", "t", placed=[3, 0, 7, 2], hint={1: "Card 1 says 4.",'
        ' 3: "Card 3 says 7."}) }}{{ count_cards([1, 1, 1, 1], "/c", "t", hint="Look again!") }}',
    )
    page = Page(html)
    # The sentences take the place of the "how" line: nothing grows a card's column.
    assert page.with_class("count-hint-cards")[0].text == "Card 1 says 4. Card 3 says 7."
    assert [e.text for e in page.find("p", data_hint=None)][:4] == ["", "", "", ""]
    marked = [e.get("data-place") for e in page.with_class("count-card-again")]
    assert marked == ["1", "3"]
    assert page.with_class("count-hint-top")[0].text == "Look again!"


def test_cube_bar_joins_the_stacks_without_adding_them_up(app: Flask) -> None:
    html = render(app, "{{ cube_bar([4, 0, 7, 2]) }}")
    assert_csp_safe(html)
    page = Page(html)
    (bar,) = page.find("div", role="img")
    assert bar.get("aria-label") == "Your bar of cubes: 4, 0, 7, 2 cubes"
    assert "13" not in html
    parts = page.with_class("bar-part")
    assert len(parts) == 4
    assert len(page.with_class("cube")) == 13
    # Each stack its own colour and pattern.
    assert set(page.with_class("cube-blue")) == {
        c for c in page.with_class("pattern-1") if "cube" in c.classes
    }
    shown = render(app, '{{ cube_bar([3, 2], colours="green", show_total=True) }}')
    assert len(Page(shown).with_class("cube-green")) == 5
    assert Page(shown).with_class("bar-total")[0].text == "5 cubes"


def test_bars_side_by_side_for_a_series(app: Flask) -> None:
    seats = [
        {"name": "Mia", "rounds": [12, 9], "you": True, "picture": "fox", "colour": "sky"},
        {"name": "Top Cat", "rounds": [20, 3], "total": 23, "winner": False},
        {"name": "Kitten", "rounds": [8, 6], "winner": True},
    ]
    html = render(app, "{{ bars_side_by_side(seats) }}", seats=seats)
    assert_csp_safe(html)
    page = Page(html)
    bars = page.with_class("seat-bar")
    assert len(bars) == 3
    assert [e.text for e in page.with_class("running-total")] == ["21", "23", "14"]
    summaries = [e.text for e in page.find("span", class_="visually-hidden")]
    assert summaries[0] == "Mia (you): round 1, 12 cubes; round 2, 9 cubes; total 21."
    assert summaries[2] == "Kitten: round 1, 8 cubes; round 2, 6 cubes; total 14, winning."
    # Round 1 blue and plain, round 2 orange and striped, each with its round number.
    assert len(page.with_class("cube-blue")) == 12 + 20 + 8 + 1  # + the key
    assert all("pattern-2" in c.classes for c in page.with_class("cube-orange"))
    assert [e.text for e in page.with_class("round-tag")] == ["1", "2"] * 3
    assert [e.text.strip() for e in page.find("li") if not e.classes] == ["Round 1", "Round 2"]
    assert len(page.with_class("winner-star")) == 1
    assert path_of(page.find("img")[0].get("src")) == "/static/pictures/fox.svg"


def test_one_rounds_bars_carry_no_round_number_beside_their_total(app: Flask) -> None:
    """A review at 768x1024 found a small "1" at the foot of each bar of one round, beside its
    total ("1" and "11"): one round's bars alone show no round number (their caption says the
    round); stacked rounds keep theirs."""
    seats = [{"name": "Ava", "rounds": [11]}, {"name": "Mia", "rounds": [25]}]
    html = render(
        app, '{{ bars_side_by_side(seats, caption="Round 2", first_round=2) }}', seats=seats
    )
    page = Page(html)
    assert not page.with_class("round-tag")
    assert [e.text for e in page.with_class("running-total")] == ["11", "25"]
    assert len(page.with_class("cube-orange")) == 11 + 25  # still round 2's own colour


def test_bars_can_wait_for_the_childs_own_total(app: Flask) -> None:
    seats = [{"name": "Mia", "rounds": [12, 9]}, {"name": "Kitten", "rounds": [8, 6]}]
    html = render(app, "{{ bars_side_by_side(seats, show_totals=False) }}", seats=seats)
    page = Page(html)
    assert not page.with_class("running-total")
    assert "21" not in html
    assert page.find("span", class_="visually-hidden")[0].text == (
        "Mia: round 1, 12 cubes; round 2, 9 cubes."
    )


def test_bars_for_one_round_have_no_round_key(app: Flask) -> None:
    html = render(app, '{{ bars_side_by_side([{"name": "Sam", "rounds": [11]}]) }}')
    assert "round-key" not in html
    assert "cubes-big" in html


def test_type_total_works_without_javascript(app: Flask) -> None:
    html = render(app, '{{ type_total("/play/total", "token-9") }}')
    assert_csp_safe(html)
    page = Page(html)
    (form,) = page.find("form")
    assert (form.get("method"), form.get("action")) == ("post", "/play/total")
    assert page.find("input", name="csrf_token")[0].get("value") == "token-9"
    (box,) = page.find("input", name="total")
    assert box.get("inputmode") == "numeric"
    assert page.find("label", for_="total-input")[0].text == "How many cubes in your bar?"
    keys = [b.get("data-key") for b in page.find("button", type="button")]
    assert sorted(keys) == sorted([*"0123456789", "clear"])
    keypad = page.find("div", data_keypad=None)[0]  # hidden where scripts do not run
    assert keypad.has("data-with-script") and not keypad.has("hidden")
    assert page.find("button", type="submit")[0].text == "That's my total"
    # "Clear" carries a picture like every other control a child who cannot read meets.
    clear = re.search(r'<button [^>]*data-key="clear">(.*?)</button>', html)
    assert clear and re.fullmatch(
        r'<img class="move-icon" src="[^"]*/icons/clear.svg\?v=\w+"[^>]*>Clear', clear[1]
    )
    assert (Path(app.static_folder or "") / "icons" / "clear.svg").is_file()


def test_the_counting_steps_pictures_show_no_number(app: Flask) -> None:
    """The only numbers on the counting step are the child's cards and what they count or
    type: a numeral drawn in a button's picture ("12" beside "That's my total") is one a child
    may copy, or take for the right answer."""
    icons = Path(app.static_folder or "") / "icons"
    for name in ("cube-add", "cube-remove", "snap", "clear", "total"):
        drawn = (icons / f"{name}.svg").read_text()
        texts = re.findall(r"<text[^>]*>(.*?)</text>", drawn, flags=re.S)
        assert not any(re.search(r"\d", text) for text in texts), (name, texts)


# ---- the speaker ------------------------------------------------------------------------------


def test_speaker_button_waits_for_speech_synthesis(app: Flask) -> None:
    html = render(app, '{{ speaker("Your turn: <draw> a card.") }}{{ read_aloud_toggle() }}')
    assert_csp_safe(html)
    page = Page(html)
    speaker, toggle = page.find("button")
    assert speaker.get("data-speak") == "Your turn: <draw> a card."
    assert "&lt;draw&gt;" in html  # escaped in the attribute
    assert speaker.has("hidden")
    assert speaker.text == "Read aloud"
    assert toggle.get("aria-pressed") == "false"
    assert toggle.has("hidden")


def test_play_css_respects_reduced_motion() -> None:
    css = (ROOT / "static" / "css" / "play.css").read_text(encoding="utf-8")
    assert "@media (prefers-reduced-motion: reduce)" in css


@pytest.mark.parametrize("name", ["cubes.js", "speech.js"])
def test_scripts_build_no_markup_from_strings(name: str) -> None:
    """The scripts make elements and set text, never HTML from strings (no way in for a name)."""
    js = (ROOT / "static" / "js" / name).read_text(encoding="utf-8")
    for risky in ("innerHTML", "outerHTML", "insertAdjacentHTML", "eval(", "document.write"):
        assert risky not in js
