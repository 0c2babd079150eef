"""How the dashboards put figures into words: shares, trends, moves, weeks, and the plain
sentences of a parent's progress report. Presentation only; every figure comes from
`classroom.insights` through `classroom.progress`."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from classroom.game import Level
from classroom.insights import Mean, Move, Rate, Trend
from classroom.insights.summary import ChildSummary

# The trend as an arrow and in words: the arrow alone is never the only cue.
TREND_ARROWS = {Trend.UP: "↑", Trend.STEADY: "→", Trend.DOWN: "↓"}
TREND_WORDS = {Trend.UP: "going up", Trend.STEADY: "steady", Trend.DOWN: "going down"}
MOVE_ARROWS = {Move.UP: "↑", Move.STAY: "=", Move.DOWN: "↓"}
MOVE_WORDS = {Move.UP: "Move up", Move.STAY: "Stay", Move.DOWN: "Move down"}
FLAG_NAMES = {
    "cat_versus_rat": "Cat versus rat",
    "memory": "Memory",
    "counting": "Counting cubes",
    "adding": "Adding up",
    "calling": "Calling",
}
# What each level means, for a parent who has never seen the game's teacher notes.
LEVEL_FOR_PARENTS = {
    Level.ULTRA_PEEK: "every card is face up, so the game is all about comparing numbers",
    Level.PEEK: "cards are face down, but children may look at their own cards at any time",
    Level.OUTSIDE_PEEK: "children may look at their two outside cards; the middle two they "
    "must remember",
    Level.STANDARD: "the full game: one look at the start, then children remember their cards",
}


def percent(value: float | None) -> str:
    """ "85%", or "" for no figure."""
    return "" if value is None else f"{round(value * 100)}%"


def rate_text(rate: Rate) -> str:
    """ "85% (17 of 20)", or "not enough yet: 3 of 10 chances"."""
    if rate.value is None:
        return rate.text()
    return f"{percent(rate.value)} ({rate.text()})"


def mean_text(mean: Mean) -> str:
    """ "1.4 (over 20)", or "not enough yet: 3 of 10 chances"."""
    return mean.text()


def trend_text(trend: Trend | None) -> str:
    """ "↑ going up", or a sentence saying there is too little to tell."""
    if trend is None:
        return "not enough yet to tell"
    return f"{TREND_ARROWS[trend]} {TREND_WORDS[trend]}"


def move_text(move: Move, level: Level) -> str:
    """ "↑ Move up to Peek", "= Stay at Peek"."""
    joint = "at" if move is Move.STAY else "to"
    return f"{MOVE_ARROWS[move]} {MOVE_WORDS[move]} {joint} {level.label}"


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


def short_date(day: date) -> str:
    """ "Tue 3 Nov"."""
    return f"{day:%a %-d %b}"


def ago(when: datetime, now: datetime | None = None) -> str:
    """ "just now", "1 minute ago", "12 minutes ago", or the time of day (UTC) when longer."""
    if when.tzinfo is None:  # SQLite hands back UTC without its zone
        when = when.replace(tzinfo=UTC)
    minutes = int(((now or datetime.now(UTC)) - when).total_seconds() // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return "1 minute ago" if minutes == 1 else f"{minutes} minutes ago"
    return f"at {when.astimezone(UTC):%H:%M} UTC"


def times(count: int) -> str:
    """ "once", "twice", "5 times"."""
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def of_times(rate: Rate) -> str:
    """ "17 of 20 times (85%)" for a parent; the caller checks there are enough chances."""
    return f"{rate.hits} of {rate.chances} times ({percent(rate.value)})"


def report_sentences(name: str, summary: ChildSummary) -> list[tuple[str, str]]:
    """The progress report in plain words: (heading, sentence) pairs a parent understands."""
    out: list[tuple[str, str]] = []
    accuracy = summary.accuracy
    if accuracy.value is None:
        out.append(
            (
                "Choosing the lower card",
                f"Not enough games yet to say how often {name} keeps the lower card "
                f"({accuracy.chances} of the {accuracy.minimum} chances needed).",
            )
        )
    else:
        out.append(
            (
                "Choosing the lower card",
                f"When a lower card came, {name} kept it and gave away a higher one "
                f"{of_times(accuracy)}. In this game the lowest total wins, so that is the "
                "right choice.",
            )
        )
    cats = summary.cats
    if cats.flag is not None:
        example = cats.examples[-1].text if cats.examples else "kept a 4 when a 3 came"
        out.append(
            (
                "Cats and rats",
                f"The cards 0 to 6 have cats on them and 7 to 9 rats. {name} sees that a cat "
                f"is lower than a rat, but sometimes treats all the cats as the same (for "
                f"example, {example}). At home, ask: which is lower, 3 or 4?",
            )
        )
    elif cats.cat_cat.value is not None:
        out.append(
            (
                "Cats and rats",
                f"{name} also compares two cat cards (0 to 6) well: right "
                f"{of_times(cats.cat_cat)}.",
            )
        )
    held = summary.memory.held
    if held.value is not None:
        out.append(
            (
                "Remembering cards",
                f"With a card face down, {name} remembered what it was {of_times(held)}.",
            )
        )
    cubes = summary.numerals.overall
    if cubes.value is not None:
        practise = ", ".join(str(n) for n in summary.numerals.miscounted)
        more = f" The numbers to practise: {practise}." if practise else ""
        out.append(
            (
                "Counting",
                f"{name} built a cube bar as long as the number on the card "
                f"{of_times(cubes)}.{more}",
            )
        )
    exact = summary.adding.exact
    if exact.value is not None:
        out.append(
            (
                "Adding up",
                f"{name} added their four cards and typed the right total {of_times(exact)}.",
            )
        )
    return out


def next_step(name: str, summary: ChildSummary) -> str:
    """What comes next, for a parent: the teacher decides, so it is said softly."""
    recommendation = summary.recommendation
    here = summary.level
    if recommendation.move is Move.UP:
        return (
            f"{name} looks ready for the next level, {recommendation.level.label}: "
            f"{LEVEL_FOR_PARENTS[recommendation.level]}."
        )
    if recommendation.move is Move.DOWN:
        return (
            f"A little more practice at {recommendation.level.label} will help: "
            f"{LEVEL_FOR_PARENTS[recommendation.level]}."
        )
    return f"{name} keeps practising at {here.label}."
