"""The board's repeated pieces as HTML: a move's form, a card of a line, a seat's head. The board
(templates/play/_board.html) calls them as `move`, `slot_card` and `seat_head`.

Written in Python rather than as Jinja macros for the reason cards.py is: a board calls them
some thirty times and is drawn again for every seat at every move, and a Jinja macro call costs
more than the HTML it writes (docs/performance.md, "Load benchmark")."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache, partial
from typing import Any

from flask import current_app
from flask_babel import get_locale, gettext, pgettext
from markupsafe import Markup, escape

from classroom.seatview.cards import _static_path, card, card_name, points
from classroom.static_files import versioned


def move(
    url: str,
    csrf: str,
    version: int,
    kind: str,
    label: str = "",
    position: int | None = None,
    other_seat: int | None = None,
    other_position: int | None = None,
    cls: str = "move-button",
    say: str | None = None,
    inner: Markup | None = None,
    picture: str | None = None,
) -> Markup:
    """One move as a plain form (table.js sends it by fetch): the button shows `inner` (a card)
    or `label`, with the `picture` (static/icons) beside the word for a child who cannot read
    yet, and is named by `say` for screen readers when given."""
    fields = [
        f'<input type="hidden" name="csrf_token" value="{escape(csrf)}">',
        f'\n    <input type="hidden" name="version" value="{escape(version)}">',
        f'\n    <input type="hidden" name="kind" value="{escape(kind)}">',
    ]
    if position is not None:
        fields.append(f'<input type="hidden" name="position" value="{escape(position)}">')
    if other_seat is not None:
        fields.append(
            f'<input type="hidden" name="other_seat" value="{escape(other_seat)}">'
            f'<input type="hidden" name="other_position" value="{escape(other_position)}">'
        )
    named = f' aria-label="{escape(say)}"' if say else ""
    shown = inner if inner is not None else escape(label)
    if picture:
        shown = icon(picture) + shown if inner is None else shown + caption(picture, label)
    return Markup(
        f'<form class="move-form" method="post" action="{escape(url)}" data-move>\n    '
        + "".join(fields)
        + f'\n    <button type="submit" class="{escape(cls)}"{named}>{shown}</button>\n  </form>'
    )


def icon(name: str, size: int = 40) -> Markup:
    """A control's picture (static/icons/<name>.svg); its word is beside it, so no alt text."""
    static = _static_path(current_app._get_current_object())  # type: ignore[attr-defined]
    return Markup(
        f'<img class="move-icon" src="{versioned(static, f"icons/{escape(name)}.svg")}" alt="" '
        f'width="{size}" height="{size}">'
    )


def caption(picture: str, label: str) -> Markup:
    """The picture and word under a card that is a control ("Draw", "Put here")."""
    word = f"<span>{escape(label)}</span>"
    return Markup(f'<span class="move-caption">{icon(picture, 32)}{word}</span>')


def move_for(url: str, csrf: str, version: int) -> Callable[..., Markup]:
    """`move` for one board: its forms post to `url` with this CSRF token and version."""
    return partial(move, url, csrf, version)


def slot_card(seat: Any, slot: Any, size: str, label: str) -> Markup:
    """A card of a seat's line, with its seat and place (and its value only when face up for
    this page: table.js reads data-card, so a hidden card must not carry one)."""
    revealed = " card-revealed" if slot.revealed else ""
    revealed += " card-outside" if slot.outside else ""
    value = f' data-card="{escape(slot.value)}"' if slot.face_up else ""
    picture = card(slot.value, size=size, label=label, position=slot.position)
    return Markup(
        f'<span class="card-wrap{revealed}" data-seat="{escape(seat.seat)}" '
        f'data-position="{escape(slot.position)}"{value}>{picture}</span>'
    )


def picture_src(picture: str) -> str:
    """The address of a child's or a computer player's picture (static/pictures)."""
    static = _static_path(current_app._get_current_object())  # type: ignore[attr-defined]
    return versioned(static, f"pictures/{picture}.svg")


def other_line(
    seat: Any,
    caller: int | None,
    chosen_swap: int | None,
    targets: Collection[tuple[int, int]],
    move: Callable[..., Markup],
) -> Markup:
    """Another seat's head and line; with a card of one's own chosen to swap (`chosen_swap`),
    the cards it may swap with (`targets`: seat and place) are `move` buttons."""
    if chosen_swap is None:
        # No buttons: the line is what the seat shows (a frozen SeatBoard) and nothing of the
        # page's own, the same for the other seats' boards at a move and at the next moves
        # until that seat's line changes: drawn once (docs/performance.md, "Lines drawn once").
        static = _static_path(current_app._get_current_object())  # type: ignore[attr-defined]
        return _still_line(static, str(get_locale()), seat, caller)
    return _line(seat, caller, chosen_swap, targets, move)


@lru_cache(maxsize=2048)  # a school's live tables' lines, a few kilobytes each
def _still_line(static: str, language: str, seat: Any, caller: int | None) -> Markup:
    # `static` keys the cache by app (card() and seat_head() read it from the app), and
    # `language` by the page's language (the words are in it).
    return _line(seat, caller, None, (), None)


def _line(
    seat: Any,
    caller: int | None,
    chosen_swap: int | None,
    targets: Collection[tuple[int, int]],
    move: Callable[..., Markup] | None,
) -> Markup:
    cards = []
    for slot in seat.cards:
        label = gettext(
            "%(name)s's card, place %(place)s, %(card)s",
            name=seat.name,
            place=slot.position,
            card=card_name(slot.value),
        )
        picture = slot_card(seat, slot, "sm", label)
        if move is not None and chosen_swap is not None and (seat.seat, slot.position) in targets:
            say = gettext("Swap with %(card)s", card=label)
            picture = move(
                "swap", gettext("Swap"), chosen_swap, seat.seat, slot.position, "card-button", say,
                inner=picture, picture="swap",
            )  # fmt: skip
        cards.append(picture)
    out = gettext("Out of the game")
    line = "".join(cards) if cards else f"<p>{escape(out)}</p>"
    on_turn = " on-turn" if seat.on_turn else ""
    return Markup(
        f'<div class="line-box{on_turn}">\n      {seat_head(seat, caller)}\n'
        f'      <div class="line">{line}\n      </div>\n    </div>'
    )


def my_cards(
    mine: Any,
    controls: Any,
    chosen_swap: int | None,
    urls: Any,
    csrf: str,
    move: Callable[..., Markup],
) -> Markup:
    """The cards of one's own line: each a `move` button when the turn may use it (put the
    card in hand there, PEEK at it), a link to choose it for a SWAP (`data-swap-mine`:
    table.js asks for the board with it chosen instead of loading the page), and under a
    card one may turn over (Peek levels) its Look button."""
    replace, peek = controls.replace, controls.peek
    swap_from = controls.swap_from if chosen_swap is None else ()
    parts = []
    for slot in mine.cards:
        position = slot.position
        name = card_name(slot.value)
        picture = slot_card(
            mine,
            slot,
            "md",
            gettext("Your card, place %(place)s, %(card)s", place=position, card=name),
        )
        # The move this card is a button for: its kind, word, spoken name and picture.
        button = None
        if position in replace:
            say = gettext(
                "Put it here, in place %(place)s of your line (%(card)s)", place=position, card=name
            )
            button = ("replace", gettext("Put it here"), say, "place")
        elif position in peek:
            say = gettext("Peek at place %(place)s", place=position)
            button = ("peek", pgettext("move", "Peek"), say, "peek")  # not the level
        if button is not None:
            kind, label, say, icon_name = button
            shown = move(
                kind, label, position, cls="card-button", say=say, inner=picture, picture=icon_name
            )
        elif position in swap_from:
            named = gettext("Swap your card in place %(place)s", place=position)
            swap = gettext("Swap")
            shown = Markup(
                f'<a class="card-button" href="{escape(urls.page)}?mine={position}" '
                f'data-swap-mine="{position}" '
                f'aria-label="{escape(named)}">'
                f'{picture}<span class="move-caption">{icon("swap", 32)}'
                f"<span>{escape(swap)}</span></span></a>"
            )
        else:
            shown = picture
        look = ""
        if slot.may_look and not slot.face_up:
            at_place = gettext("at place %(place)s", place=position)
            look_word = gettext("Look")
            look = (
                f'\n        <form class="look-form" method="post" action="{escape(urls.look)}" '
                f'data-move>\n          <input type="hidden" name="csrf_token" '
                f'value="{escape(csrf)}">\n          <input type="hidden" name="position" '
                f'value="{position}">\n          <button type="submit" class="look-button">'
                f"{icon('look', 32)}<span>{escape(look_word)}</span>"
                f'<span class="visually-hidden"> {escape(at_place)}'
                "</span></button>\n        </form>"
            )
        chosen = " swap-chosen" if chosen_swap == position else ""
        parts.append(f'\n      <div class="my-card{chosen}">{shown}{look}\n      </div>')
    return Markup("".join(parts))


def seat_head(seat: Any, caller: int | None) -> Markup:
    """A seat's picture, name and badges (on turn, away, called, the round's score)."""
    colour = f" bg-{escape(seat.colour)}" if seat.colour else ""
    picture = picture_src(seat.picture)
    parts = [
        '<div class="seat-head">\n    ',
        f'<img class="avatar-mini{colour}" src="{escape(picture)}" alt="" width="48" height="48">',
        f'\n    <span class="seat-name-text">{escape(seat.name)}',
        " " + escape(gettext("(you)")) if seat.is_me else "",
        "</span>",
    ]
    if seat.on_turn:
        turn = gettext("Turn")
        parts.append(f'<span class="turn-badge">{escape(turn)}</span>')
    if seat.away:
        plays = gettext("%(computer)s plays", computer=seat.stand_in_name)
        badge = plays if seat.taken_out else gettext("Away: %(who)s", who=plays)
        parts.append(f'<span class="away-badge">{escape(badge)}</span>')
    if caller == seat.seat:
        called = gettext("Called!")
        parts.append(f'<span class="called-badge">{escape(called)}</span>')
    if seat.score is not None:
        parts.append(f'<span class="seat-score">{escape(points(seat.score))}</span>')
    parts.append("\n  </div>")
    return Markup("".join(parts))
