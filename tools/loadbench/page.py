"""Reading the app's pages the way a browser sees them, and choosing a child's next move.

Everything here works on the HTML the app sends (templates/play/_board.html, table.html, the
sign-in pages): the forms a page offers are the moves a child may make, exactly as the page
itself posts them (static/js/table.js). No game rule is repeated here; the page says what is
legal. Pure functions, no network: the driver (driver.py) does the requests.
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import dataclass, field
from typing import Any

_ATTR = re.compile(r'([\w-]+)(?:="([^"]*)")?')
_INPUT = re.compile(r"<input\b([^>]*)>")
_MOVE_FORM = re.compile(r'<form class="move-form"([^>]*)>(.*?)</form>', re.S)
_BOARD = re.compile(r"<(?:div|section)\b[^>]*\bdata-board\b[^>]*>")
_CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')
_SWAP_LINK = re.compile(r'href="[^"]*\?mine=(\d)"')
_OTHER_ON_TURN = re.compile(r'<div class="line-box on-turn">.*?data-seat="(\d+)"', re.S)
_MY_LINE = re.compile(r'<section class="my-line[^"]*"[^>]*>(.*?)</section>', re.S)
_DATA_CARD = re.compile(r'data-card="(\d+)"')
# A page with a live region that listens to its table's event stream (templates/play/_live.html):
# a browser opens one EventSource for each such page it opens.
EVENTS_MARK = "data-events-url="
# A classmate still adding up the round (a bar not drawn yet, templates/play/_cubes.html): a page
# showing the results with one waits on them, and table.js draws each bar as it comes.
STILL_COUNTING = "data-still-counting"
_COUNT_FORM = re.compile(r'<form class="count-form"[^>]*action="([^"]*)"')
_COUNT_CARD = re.compile(r'data-place="(\d)" data-value="(\d+)"')
_TOTAL_FORM = re.compile(r'<form class="total-form"[^>]*action="([^"]*)"')
_START_FORM = re.compile(r'<form method="post" action="([^"]*)" class="start-form">')
_NEXT_ROUND = re.compile(r'<a class="button big next-round" href="([^"]*)"')
_JOIN_FORM = re.compile(r'<form method="post" action="([^"]*/play/tables/(\d+)/join)">')


def attributes(tag_body: str) -> dict[str, str]:
    """The attributes of one tag (`name="x" value="y"`), unescaped; bare ones map to ""."""
    return {k: html.unescape(v or "") for k, v in _ATTR.findall(tag_body)}


def inputs(fragment: str) -> dict[str, str]:
    """The named inputs of a piece of HTML and their values."""
    found: dict[str, str] = {}
    for body in _INPUT.findall(fragment):
        attrs = attributes(body)
        if "name" in attrs:
            found[attrs["name"]] = attrs.get("value", "")
    return found


def csrf_token(text: str) -> str | None:
    """The first CSRF token on a page (every form of the app carries the same one)."""
    match = _CSRF.search(text)
    if match is None:
        return None
    return html.unescape(match.group(1) or match.group(2))


@dataclass(frozen=True)
class MoveForm:
    """One move button of the board: where it posts and the fields it sends."""

    action: str
    fields: dict[str, str]

    @property
    def kind(self) -> str:
        """The move's kind (draw, take_discard, replace, ...)."""
        return self.fields.get("kind", "")


@dataclass(frozen=True)
class BoardPage:
    """What the driver needs from a board (the fragment, or a page that contains one)."""

    version: int | None
    status: str
    my_turn: bool
    moves: list[MoveForm] = field(default_factory=list)
    swap_from: list[int] = field(default_factory=list)
    on_turn: int | None = None  # another seat on turn, as the page shows it
    my_cards: list[int] = field(default_factory=list)  # my face-up cards (round over)


def read_board(text: str) -> BoardPage:
    """The board's version, status, whether it is my turn and the moves it offers."""
    match = _BOARD.search(text)
    if match is None:
        return BoardPage(None, "", False)
    attrs = attributes(match.group(0)[1:-1])
    version = int(attrs["data-version"]) if attrs.get("data-version", "").isdigit() else None
    moves = [
        MoveForm(attributes(head).get("action", ""), inputs(body))
        for head, body in _MOVE_FORM.findall(text)
    ]
    other = _OTHER_ON_TURN.search(text)
    mine = _MY_LINE.search(text)
    return BoardPage(
        version=version,
        status=attrs.get("data-status", ""),
        my_turn=attrs.get("data-my-turn") == "yes",
        moves=moves,
        swap_from=sorted({int(p) for p in _SWAP_LINK.findall(text)}),
        on_turn=int(other.group(1)) if other else None,
        my_cards=[int(c) for c in _DATA_CARD.findall(mine.group(1))] if mine else [],
    )


@dataclass(frozen=True)
class CountPage:
    """The counting form a page shows at the end of a round, if any."""

    action: str
    cubes: list[int] | None  # the four card values to stack cubes on; None: type a total


# A card shown face up for a moment (a PEEK, a look): table.js asks for the board again 3 s
# later (`hideRevealed`), and the server's answer shows it face down.
REVEALED = "card-revealed"
REVEAL_SECONDS = 3.0
# Standard's look at the outside cards at a round's start: table.js asks for the board again
# when it is over (`watchOutsideLook`: the seconds left, and 0.3 s more).
_OUTSIDE_LOOK = re.compile(r'\bdata-outside-look="(\d+)"')


def asks_again_in(text: str) -> float | None:
    """In how many seconds table.js asks for this board again by itself (a forced refresh,
    `state?version=-1`), without any news: the first of a card shown face up for a moment
    and the end of Standard's look at the outside cards; None when it does not."""
    waits = [REVEAL_SECONDS] if REVEALED in text else []
    outside = _OUTSIDE_LOOK.search(text)
    if outside is not None and int(outside.group(1)) > 0:
        waits.append(int(outside.group(1)) + 0.3)
    return min(waits) if waits else None


def answer_reloads(waiting: bool, status: str, data: dict[str, Any]) -> bool:
    """Does table.js load the page again for this newer answer (`data`) to a page showing
    `status`? It does when the table's status changed or it still waits for players, and on
    the results while classmates count (`waiting`) unless the answer draws their bars again
    (`bars`, sent while someone still counts)."""
    if data.get("status") != status or status == "open":
        return True
    return waiting and status == "counting" and not data.get("bars")


def read_count(text: str) -> CountPage | None:
    """The count form on a table page (cube bars first, or the typed total), or None."""
    cubes = _COUNT_FORM.search(text)
    if cubes is not None:
        values = [int(v) for _, v in sorted(_COUNT_CARD.findall(text))]
        return CountPage(html.unescape(cubes.group(1)), values)
    total = _TOTAL_FORM.search(text)
    if total is not None:
        return CountPage(html.unescape(total.group(1)), None)
    return None


def next_round_url(text: str) -> str | None:
    """The "Next round!" button of a round's results (shown, with no board, to a child who
    has counted until they tap it), if the page is those results."""
    match = _NEXT_ROUND.search(text)
    return html.unescape(match.group(1)) if match else None


def start_url(text: str) -> str | None:
    """Where the waiting page's "Start the game" form posts, if it has one."""
    match = _START_FORM.search(text)
    return html.unescape(match.group(1)) if match else None


def join_url(text: str, table_id: int) -> str | None:
    """Where the friends page's "Sit here" form for that table posts, if it is listed."""
    for action, found in _JOIN_FORM.findall(text):
        if int(found) == table_id:
            return html.unescape(action)
    return None


def secret_page_url(text: str, child_id: int) -> str | None:
    """The link to a child's secret-picture page on the class's picture page."""
    match = re.search(rf'href="(/join/[^"/]+/{child_id})"', text)
    return html.unescape(match.group(1)) if match else None


@dataclass(frozen=True)
class Habits:
    """How a simulated child chooses among the moves the page offers."""

    call: float = 0.05  # call "Rat-a-Tat-Cat" at the end of a turn
    take: float = 0.3  # take the DISCARD card rather than draw
    keep: float = 0.6  # put a drawn card in the line rather than discard it
    swap: float = 0.5  # use a SWAP rather than say "No thanks"


def choose(board: BoardPage, rng: random.Random, habits: Habits = Habits()) -> MoveForm | int:
    """The next move: one of the board's forms, or a position (1-4) of my line to choose for
    a SWAP (`?mine=N`: the board with it chosen), as the child taps a card of theirs."""
    by_kind: dict[str, list[MoveForm]] = {}
    for move in board.moves:
        by_kind.setdefault(move.kind, []).append(move)
    if not by_kind and not board.swap_from:
        raise LookupError("my turn, but the page offers no move")
    if "call" in by_kind and "end_turn" in by_kind:
        return by_kind["call" if rng.random() < habits.call else "end_turn"][0]
    if "swap" in by_kind:  # my card is chosen for the SWAP: tap one of theirs
        return rng.choice(by_kind["swap"])
    if board.swap_from and "decline_swap" in by_kind:
        if rng.random() < habits.swap:
            return rng.choice(board.swap_from)
        return by_kind["decline_swap"][0]
    if "take_discard" in by_kind and "draw" in by_kind:
        return by_kind["take_discard" if rng.random() < habits.take else "draw"][0]
    if "replace" in by_kind and "discard" in by_kind:
        if rng.random() < habits.keep:
            return rng.choice(by_kind["replace"])
        return by_kind["discard"][0]
    return rng.choice([m for moves in by_kind.values() for m in moves])
