"""A card's picture and spoken name, and a line of the table story, as HTML for the templates
(play/_cards.html exports the first two as `card` and `card_name`) and for the story lines a
live update sends (table.js adds them to the page's story).

Written in Python rather than as Jinja macros because a board has some twenty cards and is
drawn again for every seat at every move: the macros, with two `url_for` calls per card, were
a third of a board's rendering (docs/performance.md, "Load benchmark")."""

from __future__ import annotations

from functools import lru_cache

from flask import Flask, current_app
from flask_babel import get_locale, gettext, ngettext
from markupsafe import Markup, escape

from classroom.game import Power, is_power
from classroom.game import family as card_family
from classroom.static_files import versioned
from classroom.tables.story import StoryLine


def points(score: int) -> str:
    """A score in words as a child hears them read: "1 point", "0 points", "12 points"."""
    return ngettext("%(num)d point", "%(num)d points", score)


# The languages whose words the power cards' pictures carry (tools/make_cards.py: peek-es.svg).
POWER_CARD_LANGUAGES = frozenset({"es"})


def card_file(value: int, language: str = "en") -> str:
    """The picture of a card face up, static/cards/NAME.svg (drawn by tools/make_cards.py):
    "4", "peek", "swap", "draw2"; a power card with the words of the page's `language` where
    it has its own ("peek-es")."""
    if not is_power(value):
        return str(value)
    name = Power(value).label.lower().replace(" ", "")
    return f"{name}-{language}" if language in POWER_CARD_LANGUAGES else name


def news_line(line: StoryLine) -> dict[str, object]:
    """A story line for the page's news (table.js): its words, and the addresses of its card's
    picture and of a thinking computer player's face (the page builds no address itself)."""
    data = line.to_dict()
    static = _static_path(current_app._get_current_object())  # type: ignore[attr-defined]
    if line.card is not None:
        file = card_file(line.card, str(get_locale() or "en"))
        data["card_src"] = versioned(static, f"cards/{file}.svg")
    if line.picture is not None:
        data["picture_src"] = versioned(static, f"pictures/{line.picture}.svg")
    return data


def card_name(value: int | None, face_up: bool = True) -> str:
    """The name a screen reader or the speaker says for a card, in the page's language: "4, a
    cat", "King Rat 9"."""
    if value is None or not face_up:
        return gettext("face-down card")
    if value == 0:
        return gettext("0, the Statue of Cat Liberty")
    if value == 9:
        return gettext("King Rat 9")
    if value == Power.PEEK:
        return gettext("PEEK card")
    if value == Power.SWAP:
        return gettext("SWAP card")
    if value == Power.DRAW_2:
        return gettext("DRAW 2 card")
    if card_family(value) == "rat":
        return gettext("%(value)s, a rat", value=value)
    return gettext("%(value)s, a cat", value=value)


def card(
    value: int | None,
    face_up: bool = True,
    size: str = "md",
    label: str | None = None,
    position: int | None = None,
) -> Markup:
    """A card's <img> (the back when `value` is None or not `face_up`), named by `label` or by
    its own name, with the place number under it when `position` is given."""
    static = _static_path(current_app._get_current_object())  # type: ignore[attr-defined]
    if isinstance(label, Markup):
        label = label.unescape()  # escaped once more in the HTML, as any other label
    if label is None:
        # Named here, not in the cache: the name is in the page's language.
        name = card_name(value, face_up)
        label = (
            gettext("Place %(place)s: %(card)s", place=position, card=name) if position else name
        )
    language = str(get_locale() or "en")
    return _card_html(static, value, face_up, size, label, position, language)


@lru_cache(maxsize=8)
def _static_path(app: Flask) -> str:
    # Flask works the path out from the static folder at every call; it is the same all along.
    return app.static_url_path or ""


@lru_cache(maxsize=4096)
def _card_html(
    static: str,
    value: int | None,
    face_up: bool,
    size: str,
    label: str,
    position: int | None,
    language: str,
) -> Markup:
    # A few hundred distinct cards (values, sizes, labels, places) make up every board.
    shown = value is not None and face_up
    if not shown:
        family, file = "back", "back"
    else:
        assert value is not None
        family = "power" if is_power(value) else str(card_family(value))
        file = card_file(value, language)
    name = label
    size = escape(size)
    img = Markup(
        f'<img class="card-img card-{size} card-{family}" '
        f'src="{versioned(static, f"cards/{file}.svg")}" '
        f'alt="{escape(name)}" width="120" height="168" data-say="{escape(name)}">'
    )
    if not position:
        return img
    return Markup(
        f'<span class="card-slot card-slot-{size}">{img}'
        f'<span class="card-place" aria-hidden="true" data-place="{escape(position)}"></span>'
        "</span>"
    )


def story_item(line: StoryLine) -> Markup:
    """One line of the table story: the public card it is about, if any, and the sentence;
    `data-kind` is the event's kind (static/js/sounds.js plays a sound for it); `data-good`
    marks the reader's own right comparison (static/js/owl.js cheers it). A computer
    player's thought shows its picture, and `data-thought` is what speech.js reads."""
    if line.kind == "thought":
        return _thought_item(line)
    picture = card(line.card, size="sm") if line.card is not None else Markup("")
    kind = f' data-kind="{escape(line.kind)}"' if line.kind else ""
    good = " data-good" if line.good else ""
    return Markup(f"<li{kind}{good}>{picture}<span>{escape(line.text)}</span></li>")


def _thought_item(line: StoryLine) -> Markup:
    static = _static_path(current_app._get_current_object())  # type: ignore[attr-defined]
    face = (
        f'<img class="thought-face" '
        f'src="{versioned(static, f"pictures/{escape(line.picture)}.svg")}" alt="" '
        'width="40" height="40">'
        if line.picture
        else ""
    )
    return Markup(
        f'<li class="thought" data-kind="thought" data-thought="{escape(line.text)}">{face}'
        f'<span class="thought-bubble">{escape(line.text)}</span></li>'
    )
