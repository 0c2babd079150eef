"""What a seat sees now: its board (from its SeatView alone; a teacher watching sees every
card), drawn as the page's live part, and the story since the version the page has. `seen` is
the one builder of it: a move's answer, a refused move's, a look's, a poll's and a pushed
event's are each its parts (POLL, MOVE, REFUSED, LOOK)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app

from classroom.assignments import LEVEL_NAMES
from classroom.extensions import db
from classroom.models import Child, PlayTable, TableStatus
from classroom.security import csrf_for_forms
from classroom.tables.counting import seats_still_counting
from classroom.tables.faces import stand_in_names
from classroom.tables.loading import game_seen, stored_story
from classroom.tables.story import (
    StoryItem,
    StoryLine,
    face_up_for,
    redacted,
    tell,
    this_round,
    unspoiled,
)

from .board import Board, build_board
from .cards import news_line, story_item
from .notes import outside_look_for

STORY_LENGTH = 8  # sentences of the table story kept on the page
STORY_EVENTS = 40  # events read back to tell them


@dataclass(frozen=True)
class Urls:
    """Where a seat's page goes: itself, its poll, its moves, looks and counts, its stream."""

    page: str
    state: str
    move: str
    look: str
    count: str
    events: str | None = None  # the pushed updates' stream (classroom.play.push), when on


def level_notes(table: PlayTable) -> dict[int, str]:
    """For the teacher: the seats whose child is assigned another level than the table's."""
    notes = {}
    for row in table.seats:
        child = db.session.get(Child, row.child_id) if row.child_id is not None else None
        if child is not None and child.level != table.level:
            notes[row.seat] = (
                f"{row.name} is assigned {LEVEL_NAMES[child.level]} and plays this table at "
                f"{LEVEL_NAMES[table.level]}."
            )
    return notes


def board_for(
    table: PlayTable,
    seat: int | None,
    *,
    chosen_swap: int | None = None,
    revealed: dict[int, int] | None = None,
    story: bool = True,
    page: bool = False,
    outside: bool = True,
) -> Board:
    """The board a seat (or, with seat None, the teacher watching) may see now; with `story`
    False, without the story (a live update: the page keeps its own). `page`: a whole page,
    not a live update (Standard's outside look ends at the next whole page). `outside` False:
    the board is not shown (the round's results are), so no outside look is given."""
    game = game_seen(table)
    look = outside_look_for(table, seat, game, page=page) if outside else None
    # Judged once for every seat: is this child still adding up, and is another one (their
    # answer is then not on this child's screen either)? The teacher watching sees the same:
    # a bar as each child counts, "still counting" until then (a watch page may be on the
    # class's board, and a line's points are not the child's count).
    busy = seats_still_counting(table)
    counting = seat is not None and seat in busy
    others = busy - {seat}
    viewer = 0 if seat is None else seat
    view = game.view(viewer)
    events = None
    if story:
        events = redacted(this_round(stored_story(table.id, limit=STORY_EVENTS)), seat)
    moves = (
        seat is not None
        and table.status == TableStatus.PLAYING
        and table.seats[seat].stand_in is None
    )
    return build_board(
        table_id=table.id,
        version=table.version,
        status=table.status,
        seat_rows=table.seats,
        view=view,
        legal=game.legal_actions(seat) if moves else [],
        events=events,
        score_history=game.score_history,
        watch_lines=game.lines if seat is None else None,
        watch_hand=game.hand if seat is None else None,
        chosen_swap=chosen_swap,
        revealed=revealed,
        seat_notes=level_notes(table) if seat is None else None,
        outside=look.cards if look else None,
        outside_seconds=look.seconds_left if look else 0,
        counting=counting,
        others_counting=others,
        options=game.options,
    )


def fragment(
    table: PlayTable, seat: int | None, urls: Urls, board: Board | None = None, **kwargs: Any
) -> str:
    """The board for a live update (JSON): without the story, which comes as `story_lines`.
    `board`: the seat's board when the caller has just built it (board_for, story=False)."""
    # Drawn by the template itself, not render_template: the board asks nothing of the context
    # processors (who is signed in, and so on), and it is drawn for every seat at every move.
    template = current_app.jinja_env.get_template("play/_board.html")
    return template.render(
        board=board if board is not None else board_for(table, seat, story=False, **kwargs),
        urls=urls,
        csrf=csrf_for_forms(),
        table=table,
    )


def bars_now(board: Board) -> str | None:
    """The results' bars for a child who has counted while classmates still count (table.html's
    `data-results-bars`), drawn again for a live update: a classmate who has counted gets their
    bar on the page without a reload (table.js). None otherwise: the child still counts (no
    scores on their board), or nobody else does any more (the round is judged: who won, the
    kind word, on a whole page, which table.js then loads)."""
    if board.status != TableStatus.COUNTING or not board.score_history or not board.still_counting:
        return None
    results = current_app.jinja_env.get_template("play/_results.html").module
    return str(results.bars_now(board))  # type: ignore[attr-defined]


# The story after a version, at most so many items (stored_story, a move's own story, or one
# read shared by the event streams of a process: classroom.live.snapshots).
StorySince = Callable[[int, int], list[StoryItem]]

# The parts of `seen`'s answer each kind of answer sends: a poll's (and a pushed event's), a
# move's (its story lines also as `moves`, where the page shows the move happen; no news: the
# child made it), a refused move's (the board as it is, and the story the page missed), and a
# look's (the board with the card turned over).
POLL = ("version", "status", "changed", "html", "bars", "news", "story")
MOVE = ("version", "status", "html", "story", "moves")
REFUSED = ("version", "html", "story", "status")
LOOK = ("version", "status", "html")


def seen(
    table: PlayTable,
    seat: int | None,
    urls: Urls,
    since: int | None,
    *,
    story: StorySince | None = None,
    chosen_swap: int | None = None,
    revealed: dict[int, int] | None = None,
    board: bool = False,
) -> dict[str, Any]:
    """What seat `seat` (None: the teacher watching) sees of the table for a page at version
    `since`: the version and status, and when the page is behind (or `board`: always, as a
    move's, a refusal's or a look's answer) the board drawn for the seat (`html`), the
    results' bars while classmates count (`bars`), and the story since `since`, redacted for
    the seat: as news (`news`), as the story list's items (`story`) and as where each move
    happened (`moves`). The one answer of a move, a refusal, a look, a poll and a pushed
    event: each sends its part of it (POLL, MOVE, REFUSED, LOOK).

    `story`: where the story since a version comes from when the caller has it (a move's
    own, a snapshot's), else it is read. `chosen_swap`: the seat's own card tapped for a SWAP
    (`?mine=`); `revealed`: cards a look or a PEEK turned over just now, shown face up."""
    data: dict[str, Any] = {
        "version": table.version,
        "status": table.status,
        "changed": since != table.version,
    }
    if table.state is None or not (board or data["changed"]):
        return data
    drawn = board_for(table, seat, story=False, chosen_swap=chosen_swap, revealed=revealed)
    data["html"] = fragment(table, seat, urls, drawn)
    bars = bars_now(drawn)
    if bars is not None:
        data["bars"] = bars
    # A forced refresh (version -1, after a look) only redraws the board: no news.
    lines = story_since(table, seat, since, story) if since is not None and since >= 0 else []
    data["news"] = [news_line(line) for line in lines]
    data["story"] = story_items(lines)
    data["moves"] = [line.to_dict() for line in lines]
    return data


def answer(data: dict[str, Any], parts: tuple[str, ...]) -> dict[str, Any]:
    """The parts of `seen`'s answer that one kind of answer sends, in that order."""
    return {part: data[part] for part in parts if part in data}


def told(table_id: int, version: int, items: list[StoryItem]) -> StorySince:
    """The story since a version, known without a read after `version` (a move's own story,
    the whole of the version after it); read for any other."""

    def since(after: int, limit: int) -> list[StoryItem]:
        if after == version:
            return list(items)[-limit:]
        return stored_story(table_id, since_version=after, limit=limit)

    return since


NEWS_EVENTS = 20  # at most this many events are told in one live update


def story_since(
    table: PlayTable, seat: int | None, since: int, story: StorySince | None = None
) -> list[StoryLine]:
    """The story's new sentences for a page at version `since` (redacted for the seat)."""
    if since >= table.version:
        return []
    if story is not None:
        items = story(since, NEWS_EVENTS)
    else:
        items = stored_story(table.id, since_version=since, limit=NEWS_EVENTS)
    if seat is not None and seats_still_counting(table):
        items = unspoiled(items)
    seats = table.seats
    face_up = None if seat is None else face_up_for(game_seen(table).view(seat))
    names, pictures = [s.name for s in seats], [s.picture for s in seats]
    standing = stand_in_names(seats)
    return tell(redacted(items, seat), names, seat, pictures, face_up=face_up, standing=standing)


def story_items(lines: list[StoryLine]) -> list[str]:
    """The story lines as the page's story list shows them (table.js adds them)."""
    return [str(story_item(line)) for line in lines]
