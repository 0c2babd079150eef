"""Request handling shared by a child's and a teacher's seat at a table: the page, the JSON
the page polls, moves, looks and counts. The blueprints decide who sits where; these turn
requests into service calls and responses."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import (
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext

from classroom.assignments import LEVEL_NAMES
from classroom.child.words import N_
from classroom.extensions import db
from classroom.game import Action, Game, IllegalAction, moves_card_at, peeked_cards
from classroom.models import Child, PlayTable, TableStatus
from classroom.play.cards import news_line, story_item
from classroom.security import csrf_for_forms
from classroom.tables import outside_look
from classroom.tables.away import seen_every
from classroom.tables.board import Board, build_board
from classroom.tables.computers import advance_computers
from classroom.tables.counting import (
    MAX_CUBES,
    Counted,
    count_step,
    counted_line,
    record_count,
    seats_still_counting,
)
from classroom.tables.errors import TableError, TableMovedOn
from classroom.tables.faces import stand_in_names
from classroom.tables.leaving import stopped_for_new_game
from classroom.tables.loading import game_seen, load_table, stored_events, stored_story
from classroom.tables.looks import look
from classroom.tables.moves import play_move
from classroom.tables.story import (
    StoryItem,
    StoryLine,
    face_up_for,
    redacted,
    tell,
    this_round,
    unspoiled,
)

STORY_LENGTH = 8  # sentences of the table story kept on the page
STORY_EVENTS = 40  # events read back to tell them
# The session key of a card to show face up on the next page only (a look or a PEEK sent
# without JavaScript); see remember_reveal.
REVEAL_KEY = "table_reveal"
# The session key of Standard's look at the outside cards (see outside_look_for).
OUTSIDE_KEY = "table_outside"
# The session key of the round whose results a child sees before the next round (between_rounds).
RESULTS_KEY = "table_results"


@dataclass(frozen=True)
class Urls:
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


def _outside_note(table: PlayTable, seat: int, round_number: int) -> dict[str, Any] | None:
    note = session.get(OUTSIDE_KEY)
    if not isinstance(note, dict):
        return None
    if (note.get("table"), note.get("seat"), note.get("round")) != (table.id, seat, round_number):
        return None
    return note


def outside_look_for(
    table: PlayTable, seat: int | None, game: Game, *, page: bool
) -> outside_look.OutsideLook | None:
    """Standard's look at the outside cards (R3.3) for this page, if it is on: given at the
    seat's first page of the round (recorded then), it lasts LOOK_SECONDS, or until the child
    taps "I remember" (end_outside_look), or, without JavaScript, until the next whole page.

    The session keeps where the look stands for this device (table, seat, round, when it
    began; never a card); the `looks` rows say whether the child had it already."""
    if seat is None or table.status != TableStatus.PLAYING or table.state is None:
        return None
    seat_row = table.seats[seat]
    round_number = game.round_number
    table_id = table.id
    note = _outside_note(table, seat, round_number)
    if (note is not None and note.get("ended")) or outside_look.remembered(seat_row, round_number):
        return None
    turns_before = (int_arg(note.get("turns")) or 0) if note is not None else 0
    if page and note is None:
        # A child who came late, their first turns played by a stand-in, still gets the look
        # before their own first turn (R3.3): asked only of a whole page with no look noted.
        turns_before = outside_look.played_for(table, seat_row, game)
    cards = outside_look.outside_cards(game, seat, turns_before)
    if not cards:
        return None
    noted = note.get("at") if note is not None else None
    if not page:
        # Only a whole page that shows the board starts the look (and its clock), and notes
        # when in this device's session: a live update goes by that note and asks nothing (it
        # may be answering a page that is about to reload to the round's results).
        if not isinstance(noted, (int, float)):
            return None
        started = datetime.fromtimestamp(noted, UTC)
    else:
        given = outside_look.given_at(table, seat_row, round_number)
        if given is None and isinstance(noted, (int, float)):
            given = datetime.fromtimestamp(noted, UTC)
        if given is None:
            given = outside_look.record_look(table, seat_row, game, cards)
            note = None
        elif note is not None and note.get("page"):
            session[OUTSIDE_KEY] = note | {"ended": True}
            return None
        started = given
    left = outside_look.seconds_left(started)
    if left <= 0:
        return None
    if note is None:
        note = {"table": table_id, "seat": seat, "round": round_number}
        note |= {"at": started.timestamp(), "page": False, "ended": False, "turns": turns_before}
    kept = note | ({"page": True} if page else {})
    if session.get(OUTSIDE_KEY) != kept:
        # Written only when it changes: a poll's answer that rewrote the same note could land
        # after "I remember" and put the older note back in the tablet's cookie.
        session[OUTSIDE_KEY] = kept
    return outside_look.OutsideLook(cards, left)


def end_outside_look(table: PlayTable, seat: int) -> None:
    """The child tapped "I remember": the outside cards turn face down on this device."""
    if table.state is None:
        return
    round_number = game_seen(table).round_number
    table_id = table.id
    # This device's note, and the seat's: a stream opened before the tap keeps the session it
    # had, and a poll sent before it may answer after it with the old note.
    note = _outside_note(table, seat, round_number) or {
        "table": table.id,
        "seat": seat,
        "round": round_number,
        "at": None,
        "page": True,
    }
    session[OUTSIDE_KEY] = note | {"ended": True}
    outside_look.note_remembered(table_id, seat, round_number)


def remember_reveal(table: PlayTable, seat: int, version: int, positions: list[int]) -> None:
    """A look or a PEEK without JavaScript: the next page shows the card face up, once.

    Only where the card is (table, seat, version, position) goes into the signed session
    cookie, never its value: the next page reads the card from the game, and pops the note,
    so the page after that (or a refresh) shows it face down again."""
    session[REVEAL_KEY] = {
        "table": table.id,
        "seat": seat,
        "version": version,
        "positions": positions,
    }


def take_reveal(table: PlayTable, seat: int | None) -> dict[int, int] | None:
    """The cards to show face up on this page, once (see remember_reveal); None if the note
    is for another table or seat, or the card may have moved since (a SWAP, a new round)."""
    note = session.pop(REVEAL_KEY, None)
    if not isinstance(note, dict) or seat is None or table.state is None:
        return None
    if note.get("table") != table.id or note.get("seat") != seat:
        return None
    since = int_arg(note.get("version"))
    positions = [p for p in note.get("positions", []) if isinstance(p, int) and 1 <= p <= 4]
    if since is None or not positions or table.status != TableStatus.PLAYING:
        return None
    if since != table.version:
        events = stored_events(table.id, since_version=since)
        if any(moves_card_at(e, seat, p) for e in events for p in positions):
            return None
    line = game_seen(table).lines[seat]
    return {p: int(line[p - 1]) for p in positions}


def int_arg(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


COUNT_AGAIN = N_("Let's count again!")
LOOK_AT_ONE = N_("Look at the card with the arrow.")
LOOK_AT_SEVERAL = N_("Look at the cards with the arrows.")


def counting_context(table: PlayTable, seat: int | None) -> dict[str, Any]:
    """What the counting part of the page needs: this seat's step, its "Let's count again"
    (decided by counting.record_count, kept on the seat) and the cubes to count along."""
    if table.state is None or table.status not in (TableStatus.COUNTING, TableStatus.FINISHED):
        return {}
    game = game_seen(table)
    step = None
    if seat is not None:
        step = count_step(table, table.seats[seat], game)
    line = [int(c) for c in game.lines[seat]] if seat is not None and game.lines[seat] else []
    placed = request.args.getlist("placed", type=int)
    if step is not None and step.cubes and step.cube_hint and len(placed) != 4:
        placed = [n or 0 for n in step.first_cubes or [0] * 4]  # the stacks as first snapped
    hint: dict[int, str] = {}
    if step is not None and step.cubes and step.cube_hint and len(placed) == len(line) == 4:
        wrong = [
            place
            for place, (value, n) in enumerate(zip(line, placed, strict=True), start=1)
            if n != value
        ]
        # The page points at each card to count again (an arrow and a glow): "Card 3 says 8"
        # was read by children as "the card showing 3".
        look = gettext(LOOK_AT_ONE if len(wrong) == 1 else LOOK_AT_SEVERAL)
        hint = dict.fromkeys(wrong, look)
    again = (
        step is not None and not step.done and (step.cube_hint if step.cubes else step.total_hint)
    )
    return {
        "count_step": step,
        "count_line": line,
        "count_again": gettext(COUNT_AGAIN) if again else None,
        "count_hint": hint or None,
        "count_placed": placed if len(placed) == 4 else None,
        # The wrong total the child typed, shown back beside the cubes to count along.
        "count_typed": step.first_total if step is not None and step.total_hint else None,
        "told": request.args.get("told") == "1",
    }


def remember_results(table_id: int, seat: int) -> None:
    """The child has counted: their next page shows the round's results, even when the same
    count dealt the next round (RESULTS_KEY; between_rounds)."""
    table = load_table(table_id)
    if table is None or table.state is None:
        return
    game = game_seen(table)
    # The count that dealt the next round counted the round before it.
    counted = game.round_number - 1 if table.status == TableStatus.PLAYING else game.round_number
    session[RESULTS_KEY] = {"table": table_id, "seat": seat, "round": counted}


def between_rounds(table: PlayTable, seat: int | None) -> dict[str, Any] | None:
    """The results of the round this child has just counted, when the next round is already
    dealt (they are shown before it, until "Next round!"); None otherwise."""
    note = session.get(RESULTS_KEY)
    if seat is None or not isinstance(note, dict) or table.state is None:
        return None
    if (note.get("table"), note.get("seat")) != (table.id, seat):
        return None
    if table.status == TableStatus.COUNTING:
        # The others are still counting: the results wait for the next round's deal, when
        # everyone's bars can be shown (a page meanwhile shows the child's own).
        return None
    if request.args.get("next") == "1" or table.status != TableStatus.PLAYING:
        session.pop(RESULTS_KEY, None)
        return None
    game = game_seen(table)
    round_number = int_arg(note.get("round")) or 0
    if not 1 <= round_number < game.round_number:
        session.pop(RESULTS_KEY, None)
        return None
    scores = game.score_history[round_number - 1]
    # The child's total over the rounds so far, which the results say in a series (R12).
    total = sum(row[seat] or 0 for row in game.score_history[:round_number] if seat < len(row))
    return {
        "round": round_number,
        # A game of a set number of rounds says how many ("Round 1 of 3 is over!", a dot a
        # round), so a child knows when it ends; a game to a points limit has no such number.
        "of": game.options.rounds_to_play,
        "score": scores[seat] if seat < len(scores) else None,
        "total": total,
    }


def render_page(
    table: PlayTable,
    seat: int | None,
    urls: Urls,
    *,
    message: str | None = None,
    status: int = 200,
    revealed: dict[int, int] | None = None,
    template: str = "play/table.html",
    extra: Mapping[str, Any] | None = None,
) -> tuple[str, int]:
    """The whole table page for a seat (or a teacher watching, seat None)."""
    context: dict[str, Any] = {
        "table": table,
        "seats": table.seats,
        "level_name": LEVEL_NAMES[table.level],
        "urls": urls,
        "message": message,
        "csrf": csrf_for_forms(),
        "me": seat,
        "home_url": url_for("main.index"),
    }
    if table.state is not None:
        chosen = int_arg(request.args.get("mine"))
        if revealed is None and request.method == "GET":
            revealed = take_reveal(table, seat)
        between = between_rounds(table, seat)
        # While the round's results are shown the board is not: its outside look waits.
        context["board"] = board_for(
            table,
            seat,
            chosen_swap=chosen,
            revealed=revealed,
            page=between is None,
            outside=between is None,
        )
        context.update(counting_context(table, seat))
        context["between"] = between
        stopped_by = stopped_for_new_game(table) if table.status == TableStatus.FINISHED else None
        if stopped_by is not None:
            # Why it stopped, in the story's own words for this seat (or the teacher watching).
            [why] = tell([stopped_by], [s.name for s in table.seats], seat)
            context["stopped_words"] = why.text
        if between is not None:
            context["told"] = request.args.get("told") == "1"
            if context["told"] and seat is not None:
                # After a miscount the results count together with the child, as the game's
                # end does: the line as counted (the next round is dealt, so from its record).
                context["told_line"] = counted_line(table, seat, between["round"])
            # The results have no live board: the page says now and then that it is still
            # there (static/js/here.js), so a child reading them is not taken for away.
            context["here_every_ms"] = int(1000 * seen_every())
    context.update(extra or {})
    return render_template(template, **context), status


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


def state_json(
    table_id: int, seat: int | None, urls: Urls, table: PlayTable | None = None
) -> Response:
    """What the page polls: the version, and when it changed, the fresh board and the newest
    story (redacted for the seat). `table` may be given when this request has just read it:
    the usual poll, where nothing moves, then reads the table once."""
    since = int_arg(request.args.get("version"))
    chosen = int_arg(request.args.get("mine"))
    return jsonify(state_data(table_id, seat, urls, since, table, chosen))


def state_data(
    table_id: int,
    seat: int | None,
    urls: Urls,
    since: int | None,
    table: PlayTable | None,
    chosen_swap: int | None = None,
) -> dict[str, Any]:
    """The answer to a page at version `since` (a poll's, or a pushed event's): the version
    and status, and when it changed, the fresh board and the newest story for the seat."""
    if advance_computers(table_id, table) or table is None:
        table = load_table(table_id)
    assert table is not None
    return table_data(table, seat, urls, since, chosen_swap=chosen_swap)


# The story after a version, at most so many items (stored_story, or one read shared by the
# event streams of a process: classroom.live.snapshots).
StorySince = Callable[[int, int], list[StoryItem]]


def table_data(
    table: PlayTable,
    seat: int | None,
    urls: Urls,
    since: int | None,
    story: StorySince | None = None,
    chosen_swap: int | None = None,
) -> dict[str, Any]:
    """state_data's answer from a table already read, with nothing left to play on it.
    `chosen_swap`: the seat's own card tapped for a SWAP (`?mine=`), which its board shows."""
    data: dict[str, Any] = {"version": table.version, "status": table.status}
    if since == table.version or table.state is None:
        data["changed"] = since != table.version
        return data
    data["changed"] = True
    board = board_for(table, seat, story=False, chosen_swap=chosen_swap)
    data["html"] = fragment(table, seat, urls, board)
    bars = bars_now(board)
    if bars is not None:
        data["bars"] = bars
    # A forced refresh (version -1, after a look) only redraws the board: no news.
    lines = story_since(table, seat, since, story) if since is not None and since >= 0 else []
    data["news"] = [news_line(line) for line in lines]
    data["story"] = story_items(lines)
    return data


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


def wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def action_from_form(form: Mapping[str, Any]) -> Action:
    return Action.from_dict(
        {k: form.get(k) for k in ("kind", "position", "other_seat", "other_position")}
    )


def handle_move(
    table: PlayTable,
    seat: int,
    urls: Urls,
) -> Any:
    """A move posted from the page (plain form or fetch): applied in one transaction, or
    refused with the engine's sentence (4xx) or "The table has moved on" (409). Its commit
    tells every page's stream of it (classroom.live.publish)."""
    table_id = table.id  # read before a commit or rollback expires `table`
    expected = int_arg(request.form.get("version"))
    try:
        action = action_from_form(request.form)
        if expected is None:
            raise TableError("The move came without the table's version")
        result = play_move(table_id, seat, action, expected, table)
    except TableMovedOn as moved:
        return _refused(table_id, seat, urls, str(moved), 409, since=expected)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422, since=expected)
    revealed = peeked_cards(result.events, seat)
    fresh = table  # as the move's transaction left it (classroom.tables.moves.commit_state)
    if wants_json():
        # The move's own story is the news: nothing else can have happened in between (its
        # events, and the seat's own good choice, GoodChoice).
        names = [s.name for s in fresh.seats]
        told = redacted(list(result.story), seat)
        face_up = face_up_for(game_seen(fresh).view(seat))
        told = unspoiled(told) if seats_still_counting(fresh) else told
        lines = tell(told, names, seat, face_up=face_up, standing=stand_in_names(fresh.seats))
        return jsonify(
            {
                "ok": True,
                "version": fresh.version,
                "status": fresh.status,
                "html": fragment(fresh, seat, urls, revealed=revealed),
                "story": story_items(lines),
                # Where the move happened, so the page shows it (table.js); no news lines.
                "moves": [line.to_dict() for line in lines],
            }
        )
    if revealed:
        # Without JavaScript the PEEKed card shows on the next page only (Post/Redirect/Get:
        # a refresh must not show it again, nor send the move again).
        remember_reveal(fresh, seat, result.version, sorted(revealed))
    return redirect(urls.page, code=303)


def _refused(
    table_id: int, seat: int, urls: Urls, message: str, code: int, since: int | None = None
) -> Any:
    """The move was not made: the message, with the table as it is now (`since`: the version
    of the page that sent it, whose story the answer brings up to date). A refusal a child
    may meet is in the catalog (classroom/child/words.py REFUSALS), so in their language."""
    db.session.rollback()
    message = gettext(message)
    fresh = load_table(table_id)
    assert fresh is not None
    if wants_json():
        body: dict[str, Any] = {"ok": False, "message": message, "version": fresh.version}
        if fresh.state is not None:
            body["html"] = fragment(fresh, seat, urls)
            lines = story_since(fresh, seat, since) if since is not None and since >= 0 else []
            body["story"] = story_items(lines)
        body["status"] = fresh.status
        return jsonify(body), code
    return render_page(fresh, seat, urls, message=message, status=code)


def handle_look(table: PlayTable, seat: int, urls: Urls) -> Any:
    """A look at one's own card (Peek levels): shown on the returned page, recorded."""
    table_id = table.id  # read before a commit or rollback expires `table`
    if request.form.get("remembered") == "1":
        # "I remember": Standard's look at the outside cards ends (nothing is recorded).
        end_outside_look(table, seat)
        if wants_json():
            return jsonify(
                {
                    "ok": True,
                    "version": table.version,
                    "status": table.status,
                    "html": fragment(table, seat, urls),
                }
            )
        return redirect(urls.page, code=303)
    position = int_arg(request.form.get("position"))
    try:
        if position is None:
            raise TableError("Which card? Tap one of your cards")
        card = look(table_id, seat, position)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422)
    fresh = load_table(table_id)
    assert fresh is not None
    revealed = {position: card}
    if wants_json():
        return jsonify(
            {
                "ok": True,
                "version": fresh.version,
                "status": fresh.status,
                "html": fragment(fresh, seat, urls, revealed=revealed),
            }
        )
    remember_reveal(fresh, seat, fresh.version, [position])
    return redirect(urls.page, code=303)


def _with_stacks(page_url: str, stacks: list[int]) -> str:
    """The counting page again with these stacks on the cards (each kept to 0..MAX_CUBES)."""
    return page_url + "?" + "&".join(f"placed={max(0, min(MAX_CUBES, n))}" for n in stacks)


def handle_count(table: PlayTable, seat: int, urls: Urls) -> Any:
    """Counting at the end of a round: cube presses (no JavaScript) re-show the form; a snap
    or a typed total goes to counting.record_count, which says whether it is recorded or a
    "Let's count again" comes first (the browser never decides that)."""
    table_id = table.id  # read before a commit or rollback expires `table`
    form = request.form
    stacks = [int_arg(form.get(f"cubes_{p}")) or 0 for p in range(1, 5)]
    press = str(form.get("press", ""))
    try:
        if press.startswith(("add-", "remove-")):
            place = int_arg(press.split("-", 1)[1])
            if place is None or not 1 <= place <= 4:
                raise TableError("Which card? Tap + or - under a card")
            stacks[place - 1] += 1 if press.startswith("add-") else -1
            return redirect(_with_stacks(urls.page, stacks), code=303)
        if press == "snap":
            stacks = [max(0, min(MAX_CUBES, n)) for n in stacks]
            counted = record_count(table_id, seat, cubes=stacks)
            if counted is Counted.AGAIN:
                return redirect(_with_stacks(urls.page, stacks), code=303)
        else:
            total = int_arg(str(form.get("total", "")).strip())
            if total is None:
                raise TableError("Type your total with the numbers")
            counted = record_count(table_id, seat, total=total)
    except TableMovedOn as moved:
        return _refused(table_id, seat, urls, str(moved), 409)
    except (IllegalAction, ValueError) as refused:
        return _refused(table_id, seat, urls, str(refused), 422)
    if counted in (Counted.DONE, Counted.SHOWN):
        remember_results(table_id, seat)
    return redirect(urls.page + ("?told=1" if counted is Counted.SHOWN else ""), code=303)
