"""How the dashboards put figures into words: shares, trends, moves, weeks, and the plain
sentences of a parent's progress report. Presentation only; every figure comes from
`classroom.insights` through `classroom.progress`."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from classroom.game import Level, Power
from classroom.insights import Mean, Move, Rate, Trend
from classroom.insights.summary import ChildSummary
from classroom.zones import DEFAULT_ZONE, aware, local

# The trend as an arrow and in words: the arrow alone is never the only cue.
TREND_ARROWS = {Trend.UP: "↑", Trend.STEADY: "→", Trend.DOWN: "↓"}
TREND_WORDS = {Trend.UP: "going up", Trend.STEADY: "steady", Trend.DOWN: "going down"}
# The next step's arrow, before its words: up or down only, since "Next step: = Stay at Peek"
# read as a typo. The words say it all, so the arrow is hidden from screen readers.
MOVE_ARROWS = {Move.UP: "↑", Move.DOWN: "↓"}
MOVE_WORDS = {Move.UP: "Move up to", Move.STAY: "Stay at", Move.DOWN: "Move down to"}
FLAG_NAMES = {
    "cat_versus_rat": "Cat versus rat",
    "memory": "Memory",
    "counting": "Counting cubes",
    "adding": "Adding up",
    "calling": "Calling",
}


CUBE_SCORING = ("cubes", "cubes_and_total")
TYPED_SCORING = ("total", "cubes_and_total")


def applies(level: str, scoring: str, summary: ChildSummary) -> dict[str, bool]:
    """Which measures can apply to the child: at their level and way of scoring now (as the
    engine's level says: memory asked, looking allowed, SWAP cards in the deck), or because
    they had chances in the range (played at another level then); the others are left out."""
    here = Level.parse(level)
    return {
        "memory": here.asks_memory or summary.memory.held.chances > 0,
        "looks": here.allows_looking or summary.looks_per_turn.chances > 0,
        "swaps": Power.SWAP in here.powers or summary.swap_targeting.chances > 0,
        "cubes": scoring in CUBE_SCORING or summary.numerals.overall.chances > 0,
        "typing": scoring in TYPED_SCORING or summary.adding.exact.chances > 0,
    }


def percent(value: float | None) -> str:
    """ "85%", or "" for no figure."""
    return "" if value is None else f"{round(value * 100)}%"


def rate_text(rate: Rate) -> str:
    """ "85% (17 of 20)", or "not enough yet: 3 of 10 chances"."""
    if rate.value is None:
        return rate.text()
    return f"{percent(rate.value)} ({rate.text()})"


def error_text(rate: Rate) -> str:
    """ "3 of 40 comparisons; by chance about 9", or "not enough yet: 3 of 10 chances"."""
    if not rate.enough:
        return rate.text()
    by_chance = "" if rate.chance is None else f"; by chance about {round(rate.chance)}"
    return f"{rate.hits} of {rate.chances} comparisons{by_chance}"


def hint_text(rate: Rate) -> str:
    """ "in 3 of 20 rounds", or "not enough yet: 3 of 5 chances"."""
    if not rate.enough:
        return rate.text()
    return f"in {rate.hits} of {rate.chances} rounds"


def mean_text(mean: Mean) -> str:
    """ "1.4 (over 20)", or "not enough yet: 3 of 10 chances"."""
    return mean.text()


def monday_of(week: str) -> date:
    """The Monday of an ISO week written "2026-W07"."""
    year, number = week.split("-W")
    return date.fromisocalendar(int(year), int(number), 1)


def week_label(monday: date, today: date) -> str:
    """ "this week", "last week" or "week of 2 Nov"."""
    this_monday = today - timedelta(days=today.weekday())
    if monday == this_monday:
        return "this week"
    if monday == this_monday - timedelta(weeks=1):
        return "last week"
    return f"week of {monday:%-d %b}"


def capital(text: str) -> str:
    """The text with its first letter a capital (and the rest left alone, unlike str.title)."""
    return text[:1].upper() + text[1:]


def day_text(day: date) -> str:
    """ "20 Nov"."""
    return f"{day:%-d %b}"


def short_date(day: date) -> str:
    """ "Tue 3 Nov"."""
    return f"{day:%a %-d %b}"


def ago(when: datetime, now: datetime | None = None, time_zone: str = DEFAULT_ZONE) -> str:
    """ "just now", "1 minute ago", "12 minutes ago", or the class's local time of day."""
    when = aware(when)  # SQLite hands back UTC without its zone
    minutes = int(((now or datetime.now(UTC)) - when).total_seconds() // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return "1 minute ago" if minutes == 1 else f"{minutes} minutes ago"
    return f"at {local(when, time_zone):%H:%M}"


def long_date(day: date) -> str:
    """ "Monday 23 November"."""
    return f"{day:%A %-d %B}"
