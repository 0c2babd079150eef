"""Who needs the teacher today: the few children to look at now, each with its reason in one
line, newest first (the top of the class page; docs/dashboards.md, "Who needs you today").

The evidence is the overview's (single choices summed into tallies): the last four weeks up
to today in the class's own days, against the same four weeks as they stood a week ago.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from sqlalchemy import func, select

from classroom.extensions import db
from classroom.game import Level
from classroom.insights import Flag, Move, Recommendation, Trend
from classroom.models import Child, Classroom, DailyTally
from classroom.zones import local_day

from .levels import assignment_changes
from .pages import DateRange, overview

QUIET_DAYS = 7  # no games for this many days: worth a word
STUCK_DAYS = 21  # at the same level this long without moving forward
SHOWN = 6  # the list stays short: the overview has everyone
MANY_GAMES = 10  # games in 2 weeks, a game a school day: a child this busy needs longer games


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one child is on the list, and the day it dates from (for newest first)."""

    child_id: int
    name: str
    picture: str
    colour: str
    text: str
    since: date

    @classmethod
    def of(cls, child: Child, text: str, since: date) -> Reason:
        """A child's reason."""
        return cls(child.id, child.display_name, child.picture, child.colour, text, since)


@dataclass(frozen=True, slots=True)
class Ready:
    """A child the next step says to move up: the teacher's move to make."""

    child_id: int
    name: str
    level: Level  # the level to move up to


@dataclass(frozen=True, slots=True)
class NeedsYou:
    """The children to look at today, newest reason first, and how many more there were."""

    reasons: list[Reason]
    more: int
    # Children added in the last QUIET_DAYS who have not played yet: not a worry, but the
    # page must not say "everyone has played this week" while they have not.
    new_not_played: list[str] = field(default_factory=list)
    children: int = 0  # active children in the class (none: there is no one to look at yet)
    # Ready to move up, in one line under the list (names by level), so that the children the
    # overview says to move up are here too, without pushing out the children something is
    # wrong with (one line each would).
    ready: list[Ready] = field(default_factory=list)
    # Children whose flags are all from before this week and still on: no news, but the page
    # must not say "no one stands out" as if none were.
    still_flagged: list[tuple[int, str]] = field(default_factory=list)  # child id, name

    def ready_by_level(self) -> list[tuple[Level, list[Ready]]]:
        """The children ready to move up, grouped by the level they would move up to."""
        levels = sorted({r.level for r in self.ready}, key=list(Level).index)
        return [(level, [r for r in self.ready if r.level is level]) for level in levels]


FLAG_WORDS = {
    "cat_versus_rat": "treats all cats alike",
    "memory": "choices went against cards they had seen",
    "counting": "cube bars not as long as the number",
    "adding": "typed totals not right",
    "calling": 'calls "Rat-a-Tat-Cat" without the lowest score',
}


def flag_text(flag: Flag) -> str:
    """The flag in a few words, with the child's own example where the flag has one."""
    words = FLAG_WORDS[flag.kind.value]
    # The child's page's example, never a textbook case: beside a child's name "(keeps a 4
    # when a 3 comes)" reads as theirs, even when their slips were a 6 kept when a 1 came.
    return f'{words}, for example "{flag.example}"' if flag.example else words


def level_since(child_ids: list[int], time_zone: str) -> dict[int, date]:
    """The day each child's level last changed (or they were added), in the class's days."""
    found: dict[int, date] = {}
    for child_id, when, before, after in reversed(assignment_changes(child_ids)):
        if child_id in found:
            continue
        if before is None or before.get("level") != after.get("level"):
            found[child_id] = local_day(when, time_zone)
    return found


def last_played(class_id: int, child_ids: list[int]) -> dict[int, date]:
    """Each child's last day with a recorded choice."""
    rows = db.session.execute(
        select(DailyTally.child_id, func.max(DailyTally.day))
        .where(
            DailyTally.class_id == class_id,
            DailyTally.child_id.in_(child_ids),
            DailyTally.key == "choice",
        )
        .group_by(DailyTally.child_id)
    )
    return {int(child_id): day for child_id, day in rows}


def games_in(class_id: int, child_ids: list[int], first: date, last: date) -> dict[int, int]:
    """Each child's games between two days (any level)."""
    rows = db.session.execute(
        select(DailyTally.child_id, func.sum(DailyTally.chances))
        .where(
            DailyTally.class_id == class_id,
            DailyTally.child_id.in_(child_ids),
            DailyTally.key == "game",
            DailyTally.day.between(first, last),
        )
        .group_by(DailyTally.child_id)
    )
    return {int(child_id): int(n or 0) for child_id, n in rows}


def stuck_text(
    at: str, step: Recommendation, games: int = 0, plays_most: bool = False, flagged: str = ""
) -> str:
    """Why a child has stayed at a level so long, in one line ("at Peek for 8 weeks"): too
    few recent comparisons to decide a move is "needs more games" (the true reason is "play
    more", docs/dashboards.md); otherwise the page's own reason to stay follows, since a
    bare "without moving forward" reads as "not learning" beside 98 % right when memory is
    what holds the child. What holds the child (a reason to stay, an active flag) comes
    first, the comparisons after it: led by "367 of 377 right", the line would hide it."""
    few = step.too_few
    if few is not None and plays_most:
        # More games would not help a child who already plays as much as anyone: each game
        # gives them too few comparisons (a short game, an early call).
        return (
            f"needs more choices per game: {few.chances} comparisons {step.span} from "
            f"{games} {'game' if games == 1 else 'games'}, among the most "
            f"in the class, where a move needs {few.minimum} ({at})"
        )
    if few is not None:
        # The child's count first and the need after it: "14 of the 20 comparisons a move
        # needs at Peek in the last 2 weeks" is hard to read.
        return (
            f"needs more games: {few.chances} comparisons {step.span}, where a move needs "
            f"{few.minimum} ({at})"
        )
    if step.held_by:
        return f"{at} without moving forward: {step.held_by}; {step.right}."
    if flagged:
        # An active flag is the cause a teacher can act on: named before the comparisons,
        # which it explains (all cats alike reads as "about what tapping at random gives").
        return f"{at} without moving forward: {flagged}; {step.evidence}"
    return f"{at} without moving forward: {step.evidence}"


def needs_you(classroom: Classroom, today: date, max_tries: int) -> NeedsYou:
    """The children to look at today, each with one reason, newest first."""
    children = classroom.active_children
    if not children:
        return NeedsYou([], 0)
    ids = [child.id for child in children]
    now = {row.child_id: row for row in overview(classroom, DateRange.last_days(today), today).rows}
    week_ago = today - timedelta(days=7)
    before = {
        row.child_id: {state.kind for state in row.active_flags}
        for row in overview(classroom, DateRange.last_days(week_ago), week_ago).rows
    }
    since = level_since(ids, classroom.time_zone)
    played = last_played(classroom.id, ids)
    fortnight = games_in(classroom.id, ids, today - timedelta(days=13), today)
    played_games = sorted(n for n in fortnight.values() if n)
    # "Among the most": at least the games of the child three quarters up the class, and at
    # least a game a school day; fewer games is "needs more games", whatever the others do.
    many = max(MANY_GAMES, played_games[(len(played_games) * 3) // 4] if played_games else 0)
    found: list[Reason] = []
    waiting: list[str] = []
    ready: list[Ready] = []
    still_flagged: list[tuple[int, str]] = []
    for child in children:
        row = now[child.id]
        if row.active_flags:
            still_flagged.append((child.id, child.display_name))  # taken back if one is new

        if child.failed_tries >= max_tries:
            found.append(Reason.of(child, "cannot sign in: too many wrong secret pictures", today))
            continue
        new = [s for s in row.active_flags if s.kind not in before.get(child.id, set())]
        if new:
            still_flagged.remove((child.id, child.display_name))
            state = max(new, key=lambda s: s.last_seen or today)
            day = state.last_seen or today
            found.append(
                Reason.of(
                    child,
                    f"new this week: {flag_text(state.flag)} (seen {day:%a %-d %b})",
                    day,
                )
            )
            continue
        last = played.get(child.id)
        # A child added this week who has not played yet is simply new: on a class's first
        # day every child would otherwise be "no games yet" and the list would say nothing.
        joined = local_day(child.created_at, classroom.time_zone)
        if last is None and (today - joined).days < QUIET_DAYS:
            waiting.append(child.display_name)
            continue
        if last is None or (today - last).days >= QUIET_DAYS:
            text = "no games yet" if last is None else f"no games since {last:%a %-d %b}"
            found.append(Reason.of(child, text, last or date.min))
            continue
        accuracy = row.summary.accuracy
        if accuracy.above_chance is False:
            chance = f"comparisons {accuracy.verdict()} ({accuracy.chance_text()}, last 4 weeks)"
            flagged = row.active_flags
            if flagged:
                # The flag is the cause a teacher can act on; the comparisons at chance follow
                # from it (cat-rat 41 of 41, cat-cat 0 of 27 reads as "at random").
                state = flagged[0]
                text = f"{flag_text(state.flag)}; {chance}"
            else:
                text = ("below chance: " if accuracy.below_chance else "at chance: ") + chance
            found.append(Reason.of(child, text, last))
            continue
        if row.next_step.move is Move.DOWN:
            found.append(
                Reason.of(
                    child, f"finds {row.summary.level.label} hard: {row.next_step.sentence}", today
                )
            )
            continue
        step = row.next_step
        if step.move is Move.UP:
            ready.append(Ready(child.id, child.display_name, step.level))
            continue
        level_day = since.get(child.id)
        stuck = level_day is not None and (today - level_day).days >= STUCK_DAYS
        # The top level has no level to move forward to: staying there is no news.
        top = row.summary.level is list(Level)[-1]
        if stuck and not top and step.move is Move.STAY and row.summary.trend is not Trend.UP:
            weeks = (today - level_day).days // 7
            at = f"at {row.summary.level.label} for {weeks} weeks"
            games = fortnight.get(child.id, 0)
            plays_most = games >= many
            flagged = flag_text(row.active_flags[0].flag) if row.active_flags else ""
            found.append(
                Reason.of(child, stuck_text(at, step, games, plays_most, flagged), level_day)
            )
    found.sort(key=lambda r: (r.since, r.name.casefold()), reverse=True)
    shown = found[:SHOWN]
    return NeedsYou(shown, max(0, len(found) - SHOWN), waiting, len(children), ready, still_flagged)
