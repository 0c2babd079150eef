"""What a table page shows of its cards, read from the page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from flask import Flask

from classroom.game import SeatView
from classroom.tables.loading import stored_events

CARD_SRC = re.compile(r"/static/cards/([a-z0-9]+)\.svg")


FILES = {"peek": 10, "swap": 11, "draw2": 12}


class Cards(HTMLParser):
    """Every card picture of a page: the wrapper's data (seat, position, pile, card) and the
    picture's src and alt, and whether it is in the story."""

    def __init__(self) -> None:
        super().__init__()
        self.wraps: list[dict[str, Any]] = []
        self.images: list[dict[str, Any]] = []
        self._wrap: dict[str, Any] | None = None
        self._spans = 0  # spans open inside the current card-wrap
        self._sections: list[bool] = []  # open sections: is it the story?

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section":
            self._sections.append("story" in (a.get("class") or "").split())
        if tag == "span":
            if self._wrap is not None:
                self._spans += 1
            elif "card-wrap" in (a.get("class") or ""):
                self._wrap = {"attrs": a, "images": []}
                self.wraps.append(self._wrap)
                self._spans = 0
        if tag == "img" and "card-img" in (a.get("class") or ""):
            image = {
                "src": a.get("src"),
                "alt": a.get("alt"),
                "say": a.get("data-say"),
                "story": any(self._sections),
                "wrapped": self._wrap is not None,
            }
            self.images.append(image)
            if self._wrap is not None:
                self._wrap["images"].append(image)

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._sections:
            self._sections.pop()
        if tag == "span" and self._wrap is not None:
            if self._spans == 0:
                self._wrap = None
            else:
                self._spans -= 1


def value_of(src: str) -> int | None:
    match = CARD_SRC.search(src)
    assert match, src
    name = match.group(1)
    if name == "back":
        return None
    return FILES.get(name) if name in FILES else int(name)


def check_page(
    html: str,
    view: SeatView,
    revealed: dict[int, int] | None = None,
    public_events: set[int] | None = None,
) -> None:
    """Every card on the page is one this seat may see now, and nothing more. The story may
    picture cards of public events (`public_events`: cards everyone saw happen)."""
    parser = Cards()
    parser.feed(html)
    revealed = revealed or {}
    public = set(view.discard_pile) | ({view.discard_top} - {None})
    for wrap in parser.wraps:
        attrs = wrap["attrs"]
        shown = attrs.get("data-card")
        (image,) = wrap["images"]
        value = value_of(image["src"])
        if attrs.get("data-pile") == "discard":
            assert shown is not None and int(shown) == view.discard_top == value
            continue
        if attrs.get("data-pile") == "hand":
            expected = view.hand
        else:
            seat, position = int(attrs["data-seat"]), int(attrs["data-position"])
            expected = view.shown[seat][position - 1]
            if expected is None and "card-outside" in (attrs.get("class") or ""):
                # Standard's look at the outside cards (R3.3): only the seat's own outside
                # cards, before its first turn ends, and only as it knows them.
                assert view.level.value == "standard" and seat == view.seat
                assert position in (1, 4) and view.turns_taken[seat] == 0
                expected = view.known[seat][position - 1]
                assert expected is not None
            if expected is None and seat == view.seat and position in revealed:
                assert position in view.may_look or view.level.value != "ultra_peek"
                expected = revealed[position]
        if expected is None:
            assert shown is None, f"a face-down card carries data-card={shown}"
            assert value is None, f"a face-down card shows {image['src']}"
            assert "face-down" in image["alt"] and "face-down" in image["say"]
        else:
            assert shown is not None and int(shown) == int(expected) == value
    for image in parser.images:
        if image["story"]:
            # The story only pictures cards everyone saw happen (never a private draw or PEEK).
            value = value_of(image["src"])
            everyone_saw = (public_events or set()) | public
            assert value is None or value in everyone_saw, "a story card nobody saw"
        else:
            # Outside the board's card wrappers: only the counting form, once all is face up.
            assert image["wrapped"] or value_of(image["src"]) is None or view.round_over


def public_cards(app: Flask, table_id: int) -> set[int]:
    """Every card named by an event that was not private: what everyone saw happen."""
    with app.app_context():
        events = stored_events(table_id)
    cards = {int(e.card) for e in events if not e.private and e.card is not None}
    return cards | {int(e.replaced_by) for e in events if e.replaced_by is not None}
