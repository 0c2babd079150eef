"""The parent report in plain words, in the child's report language (Flask-Babel catalogs in
classroom/translations): what the child can do, one thing they are learning and one thing to
try at home. No chart, no figure from too few chances (the report says so instead), and
nothing about a measure that does not apply at the child's level (docs/dashboards.md, "The
progress report")."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask_babel import format_date, gettext, ngettext

from classroom.game import Level
from classroom.insights import Move, Rate
from classroom.progress import ChildProgress

STRONG = 0.8  # a share at least this high is something the child can do
LANGUAGES = {"en": "English", "es": "Español"}  # a new language: its catalog and a line here
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class ParentReport:
    """Every sentence of the report, already in the report's language."""

    title: str
    period: str
    intro: str
    few_games: str | None  # said when there are too few chances for figures
    can_do: list[str]
    learning: str
    at_home: str
    next_step: str


def level_for_parents(level: Level) -> str:
    """What a level means, for a parent who has never seen the game."""
    return {
        Level.ULTRA_PEEK: gettext(
            "every card is face up, so the game is all about comparing numbers"
        ),
        Level.PEEK: gettext(
            "cards are face down, but children may look at their own cards at any time"
        ),
        Level.OUTSIDE_PEEK: gettext(
            "children may look at their two outside cards; the middle two they must remember"
        ),
        Level.STANDARD: gettext(
            "the full game: one look at the start, then children remember their cards"
        ),
    }[level]


def times(rate: Rate) -> str:
    """ "17 times out of 20"; only called with enough chances."""
    return ngettext(
        "%(num)d time out of %(chances)d",
        "%(num)d times out of %(chances)d",
        rate.hits,
        chances=rate.chances,
    )


def strong(rate: Rate) -> bool:
    """Enough chances, and right often enough to call it something the child can do (and,
    for a comparison figure, clearly better than tapping at random would give)."""
    return rate.value is not None and rate.value >= STRONG and rate.above_chance is not False


def can_do(name: str, data: ChildProgress, applies: dict[str, bool]) -> list[str]:
    """The things the child does well, each with its figure (enough chances only); never a
    habit whose flag is on, which the report tells as what the child is learning."""
    s = data.summary
    flagged = {state.kind.value for state in data.active_flags}
    found = []
    # A habit such as "put every card in" is right whenever the card in hand is lower: it is
    # not something the child can do until they tell which card is lower.
    if strong(s.accuracy) and s.telling.tells is not False:
        found.append(
            gettext(
                "When a lower card comes, %(name)s keeps it and gives away a higher one: "
                "%(times)s.",
                name=name,
                times=times(s.accuracy),
            )
        )
    cat_cat = s.by_family["cat-cat"]
    if strong(cat_cat) and "cat_versus_rat" not in flagged:
        found.append(
            gettext(
                "%(name)s can tell which of two small numbers (0 to 6) is lower: %(times)s.",
                name=name,
                times=times(cat_cat),
            )
        )
    if applies["memory"] and strong(s.memory.held) and "memory" not in flagged:
        found.append(
            gettext(
                "%(name)s remembers cards that are face down: %(times)s.",
                name=name,
                times=times(s.memory.held),
            )
        )
    if applies["cubes"] and strong(s.numerals.overall) and "counting" not in flagged:
        found.append(
            gettext(
                "%(name)s counts out as many cubes as the number on a card: %(times)s.",
                name=name,
                times=times(s.numerals.overall),
            )
        )
    if applies["typing"] and strong(s.adding.exact) and "adding" not in flagged:
        found.append(
            gettext(
                "%(name)s adds up four cards to the right total: %(times)s.",
                name=name,
                times=times(s.adding.exact),
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class Topic:
    """One thing a child can be learning: how to say it, and what to try at home."""

    learning: Callable[[str], str]
    at_home: Callable[[], str]


def cat_cards_at_home() -> str:
    """The thing to try at home for a child who treats two cat cards (0-6) alike."""
    return gettext(
        "Put two cards from 0 to 6 face up, such as 3 and 4, and ask: which is lower? "
        "Then let your child ask you."
    )


# Below these shares of cat-cat pairs right, the habit is "often", then "most of the time".
OFTEN, MOSTLY = 0.5, 0.25


def cat_versus_rat_topic(cat_cat: Rate) -> str:
    """The cat-versus-rat topic worded by how often the child gets two cat cards right."""
    if cat_cat.value is not None and cat_cat.value < MOSTLY:
        return "cat_versus_rat_mostly"
    if cat_cat.value is not None and cat_cat.value < OFTEN:
        return "cat_versus_rat_often"
    return "cat_versus_rat"


def lowest_total_game() -> str:
    """The thing to try at home once comparing is secure: a game of low totals, added up."""
    return gettext(
        "Play a card game where the lowest total wins, and add up your cards together at the end."
    )


TOPICS: dict[str, Topic] = {
    "cat_versus_rat": Topic(
        lambda name: gettext(
            "%(name)s is learning to compare two small numbers, such as 3 and 4: "
            "sometimes %(name)s treats them as the same.",
            name=name,
        ),
        cat_cards_at_home,
    ),
    # The same habit, said as often as it happens: "sometimes" beside a child who got 0 of 27
    # cat-cat pairs right told a parent less than the child's page tells the teacher.
    "cat_versus_rat_often": Topic(
        lambda name: gettext(
            "%(name)s is learning to compare two small numbers, such as 3 and 4: "
            "often %(name)s treats them as the same.",
            name=name,
        ),
        cat_cards_at_home,
    ),
    "cat_versus_rat_mostly": Topic(
        lambda name: gettext(
            "%(name)s is learning to compare two small numbers, such as 3 and 4: "
            "most of the time %(name)s treats them as the same.",
            name=name,
        ),
        cat_cards_at_home,
    ),
    "memory": Topic(
        lambda name: gettext(
            "%(name)s is learning to remember cards once they are turned face down.",
            name=name,
        ),
        lambda: gettext(
            "Lay four cards face down, look at one together, and a little later ask: "
            "what was that card?"
        ),
    ),
    "counting": Topic(
        lambda name: gettext(
            "%(name)s is learning to count out exactly as many cubes as the number on a card.",
            name=name,
        ),
        lambda: gettext(
            "Build towers of blocks or spoons as tall as a number, and count them together, "
            "touching each one."
        ),
    ),
    "adding": Topic(
        lambda name: gettext("%(name)s is learning to add up four numbers to a total.", name=name),
        lambda: gettext(
            "Add up the numbers on three or four cards together, with fingers or small "
            "objects, and check the total twice."
        ),
    ),
    "calling": Topic(
        lambda name: gettext(
            "%(name)s is learning when to end the game: with the lowest total, not too early.",
            name=name,
        ),
        lambda: gettext(
            "In any game where the lowest total wins, talk about when it is a good time to "
            "stop: is my total low enough?"
        ),
    ),
    # Right often by a habit (every card put in, or kept), not by comparing: the teacher's
    # pages say "does not yet tell which card is lower", and so does the report.
    "telling": Topic(
        lambda name: gettext(
            "%(name)s does not yet tell which card is lower: %(name)s is learning to look at "
            "the number on each card before choosing which one to keep.",
            name=name,
        ),
        lambda: gettext(
            'Play "which is lower?" with two cards at a time; the one who says the lower '
            "number keeps both."
        ),
    ),
    "comparing": Topic(
        lambda name: gettext(
            "%(name)s is learning to keep the lower of two numbers every time.", name=name
        ),
        lambda: gettext(
            'Play "which is lower?" with two cards at a time; the one who says the lower '
            "number keeps both."
        ),
    ),
    # Every measure with enough chances is strong, and the next step is not up yet (too few
    # recent games to judge, say): practising to make it steady, not "learning to compare".
    "steady": Topic(
        lambda name: gettext(
            "%(name)s does well at this level and is practising to make it steady before "
            "the next one.",
            name=name,
        ),
        lowest_total_game,
    ),
    "next_level": Topic(
        lambda name: gettext(
            "%(name)s is getting ready for a harder level of the game.", name=name
        ),
        lowest_total_game,
    ),
    # Standard is the hardest level: there is no harder one to get ready for.
    "full_game": Topic(
        lambda name: gettext(
            "%(name)s is learning to play the full game well: remembering the cards "
            "turned face down, and choosing the right moment to say Rat-a-Tat-Cat.",
            name=name,
        ),
        lowest_total_game,
    ),
    # The same, once "remembers cards that are face down: 35 times out of 35" is said above:
    # "learning ... remembering the cards" would contradict it.
    "full_game_calling": Topic(
        lambda name: gettext(
            "%(name)s plays the full game well and keeps practising it: choosing the right "
            "moment to say Rat-a-Tat-Cat.",
            name=name,
        ),
        lowest_total_game,
    ),
}


def topic_of(data: ChildProgress, applies: dict[str, bool]) -> str:
    """The one thing the child is learning: an active flag first, then the weakest measure
    with enough chances, then the next level when the child is ready for it (at Standard, the
    top, the full game), else comparing numbers at this level."""
    topic = _topic_of(data, applies)
    if topic == "cat_versus_rat":
        return cat_versus_rat_topic(data.summary.by_family["cat-cat"])
    return topic


def _topic_of(data: ChildProgress, applies: dict[str, bool]) -> str:
    for state in data.active_flags:
        return state.kind.value
    if data.summary.telling.tells is False:
        return "telling"
    # A habit whose flag has faded is behind the child: not what they are learning now.
    faded = {state.kind.value for state in data.flags if not state.active}
    s = data.summary
    weak = [
        ("comparing", s.accuracy, True),
        ("cat_versus_rat", s.by_family["cat-cat"], True),
        ("memory", s.memory.held, applies["memory"]),
        ("counting", s.numerals.overall, applies["cubes"]),
        ("adding", s.adding.exact, applies["typing"]),
    ]
    learning = [
        (rate.value, topic)
        for topic, rate, applied in weak
        # A figure with no miss is not what the child is learning, even where it is too
        # short to be clearly above chance (5 of 5 cat-cat pairs): "does not yet keep the
        # lower card every time" would be false.
        if applied
        and topic not in faded
        and rate.value is not None
        and not strong(rate)
        and rate.hits < rate.chances
    ]
    if learning:
        # The weakest; on a tie, the first in the list above (min keeps the first).
        return min(learning, key=lambda pair: pair[0])[1]
    if s.level is Level.STANDARD:
        remembers = applies["memory"] and strong(s.memory.held)  # said in what the child can do
        return "full_game_calling" if remembers else "full_game"
    # "Getting ready for a harder level" only when the evidence says so (the next step is up).
    if data.next_step.move is Move.UP:
        return "next_level"
    # Strong wherever there are enough chances: "learning to keep the lower of two numbers"
    # would contradict "45 times out of 45" above it. Too few
    # chances to judge anything is practising comparisons at this level.
    measured = [rate for _, rate, applied in weak if applied and rate.value is not None]
    return "steady" if measured else "comparing"


SLIP = re.compile(r"kept an? (\d+) when an? (\d+) came")
HOW_OFTEN = {
    "cat_versus_rat": "sometimes",
    "cat_versus_rat_often": "often",
    "cat_versus_rat_mostly": "most of the time",
}


def own_slip(data: ChildProgress) -> tuple[int, int] | None:
    """The child's most frequent cat-cat slip of the period as (card kept, card that came):
    the report's example is the child's own, not a fixed "3 and 4"."""
    for text, _ in Counter(e.text for e in data.summary.cats.examples).most_common():
        found = SLIP.search(text)
        if found:
            return int(found[1]), int(found[2])
    return None


def knows_more(check: Any) -> tuple[int, int] | None:
    """The number check's "Which is more?" right and asked, when the child does well at it
    (the check the report shows); None otherwise."""
    if check is None:
        return None
    more = check.shown.result.comparisons
    if not more.chances or more.hits / more.chances < STRONG:
        return None
    return more.hits, more.chances


def reconciled(name: str, topic: str, data: ChildProgress, check: Any) -> tuple[str, str] | None:
    """What the child is learning and what to try at home, when the game's habit is about
    comparing: told with the child's own slip, and beside a number check the child does well
    at, as one story ("knows which is more, but in the game keeps a 6 when a 1 comes")."""
    if not topic.startswith("cat_versus_rat") and topic != "comparing":
        return None
    slip = own_slip(data)
    more = knows_more(check)
    if slip is None and more is None:
        return None
    how = {
        "sometimes": gettext("sometimes"),
        "often": gettext("often"),
        "most of the time": gettext("most of the time"),
    }.get(HOW_OFTEN.get(topic, "sometimes"), gettext("sometimes"))
    if slip is None:
        assert more is not None
        learning = gettext(
            "%(name)s knows which of two numbers is more (%(hits)d of %(chances)d right in the "
            "number check), but in the game does not yet keep the lower card every time.",
            name=name,
            hits=more[0],
            chances=more[1],
        )
        return learning, TOPICS[topic].at_home()
    kept, came = slip
    if more is None:
        learning = gettext(
            "%(name)s is learning to compare two small numbers: %(how)s %(name)s keeps a "
            "%(kept)d when a %(came)d comes, as if they were the same.",
            name=name,
            how=how,
            kept=kept,
            came=came,
        )
    else:
        learning = gettext(
            "%(name)s knows which of two numbers is more (%(hits)d of %(chances)d right in the "
            "number check), but in the game %(how)s keeps a %(kept)d when a %(came)d comes, "
            "though the %(came)d is lower: knowing it and using it in play are two steps.",
            name=name,
            hits=more[0],
            chances=more[1],
            how=how,
            kept=kept,
            came=came,
        )
    at_home = gettext(
        "Put a %(kept)d and a %(came)d face up and ask: which is lower? Then let your child "
        "ask you with two other cards.",
        kept=kept,
        came=came,
    )
    return learning, at_home


MEMORY_CARD = re.compile(r"(?:on their|though their) (\d+)")


def remembered_card(data: ChildProgress) -> int | None:
    """The card the child most often forgot once face down (the one a memory slip went
    against: "put a 6 on their 1" forgot the 1)."""
    found = Counter(
        int(m[1]) for e in data.summary.memory.contradictions if (m := MEMORY_CARD.search(e.text))
    )
    return found.most_common(1)[0][0] if found else None


def hardest_numeral(data: ChildProgress) -> int | None:
    """The numeral whose cube stacks the child got right least often (enough chances only);
    on a tie, the larger one."""
    rates = [
        (rate.value, -n, n)
        for n, rate in data.summary.numerals.per_numeral.items()
        if rate.value is not None and rate.value < 1
    ]
    return min(rates)[2] if rates else None


def next_level_at_home(level: Level) -> str:
    """Something to try at home that gets a child ready for the level they move up to."""
    if level is Level.PEEK:
        return gettext(
            "Lay four cards face down in a row. Your child may turn any card over to look, "
            "then points to the highest card and swaps it for a new one from the pile."
        )
    if level is Level.OUTSIDE_PEEK:
        return gettext(
            "Lay four cards face down, look at the two in the middle together once, then "
            "ask a little later: what were the middle two cards?"
        )
    return gettext(
        "Lay four cards face down, look at the two cards at the ends together once, and "
        "play a few turns: can your child still say what they were?"
    )


def level_up(data: ChildProgress) -> Level:
    """The level a child ready to move up goes to: the next step's, or the one after theirs
    when the next step names their own (a move up judged on an earlier level's window)."""
    level, target = data.summary.level, data.next_step.level
    if target.number > level.number:
        return target
    return next((lv for lv in Level if lv.number == level.number + 1), level)


LINE_MISS = 1.0  # a placement at least this far off (in line units) is worth trying at home


def line_miss(check: Any) -> tuple[int, int] | None:
    """The numeral the child placed furthest from its place in the number check the report
    shows, with the line's end, when it was at least LINE_MISS off; None otherwise."""
    if check is None:
        return None
    placed = [a for a in check.shown.answers if a.correct is None and a.error is not None]
    if not placed:
        return None
    worst = max(placed, key=lambda a: (a.error, a.item.target))
    if worst.error < LINE_MISS:
        return None
    return worst.item.target, worst.item.line_max


def with_own(activity: str, data: ChildProgress, check: Any) -> str:
    """The activity, then the child's own cards: their most frequent cat-cat slip of the
    period, else the numeral they placed furthest off in the number check, when there is one."""
    slip = own_slip(data)
    if slip is not None:
        return (
            activity
            + " "
            + gettext(
                "Now and then put a %(kept)d and a %(came)d face up and ask: which is lower? "
                "It is a pair your child sometimes still mixes up.",
                kept=slip[0],
                came=slip[1],
            )
        )
    miss = line_miss(check)
    if miss is None:
        return activity
    numeral, end = miss
    return (
        activity
        + " "
        + gettext(
            "Also draw a line from 0 to %(end)d and find together where %(n)d goes: in the "
            "number check, %(n)d was the number placed furthest from its place.",
            end=end,
            n=numeral,
        )
    )


def own_at_home(topic: str, data: ChildProgress, check: Any = None) -> str | None:
    """Something to try at home that fits the child's own finding, with the child's own
    cards where the period shows one; None where the topic's general activity fits best."""
    if topic == "memory" and (card := remembered_card(data)) is not None:
        return gettext(
            "Lay four cards face down, one of them a %(card)d. Look at the %(card)d together, "
            "then a little later ask: where is the %(card)d?",
            card=card,
        )
    if topic == "counting" and (numeral := hardest_numeral(data)) is not None:
        return gettext(
            "Build a tower of %(n)d blocks or spoons, touching each one as you count, and "
            "check it against a card with %(n)d on it.",
            n=numeral,
        )
    if topic == "next_level":
        return with_own(next_level_at_home(level_up(data)), data, check)
    if topic == "steady":
        own = with_own(lowest_total_game(), data, check)
        return None if own == lowest_total_game() else own
    if topic in ("full_game", "full_game_calling"):
        return gettext(
            "In a game where the lowest total wins, before anyone stops, add up your cards "
            "together and ask: is my total low enough to stop now?"
        )
    return None


def period_text(start: date, end: date) -> str:
    """ "2 November 2026 to 29 November 2026" in the report's language."""
    return gettext(
        "%(start)s to %(end)s",
        start=format_date(start, format="long"),
        end=format_date(end, format="long"),
    )


def next_step_text(name: str, data: ChildProgress) -> str:
    """What comes next, said softly: the teacher decides."""
    step = data.next_step
    if step.move is Move.UP:
        return gettext(
            "%(name)s looks ready to try the next level, %(level)s: %(what)s.",
            name=name,
            level=step.level.label,
            what=level_for_parents(step.level),
        )
    if step.move is Move.DOWN:
        return gettext(
            "A little more practice at %(level)s will help: %(what)s.",
            level=step.level.label,
            what=level_for_parents(step.level),
        )
    return gettext("%(name)s keeps practising at %(level)s.", name=name, level=step.level.label)


def first_name(display_name: str) -> str:
    """The name a letter to the child's own family uses: "Mia" of the class's "Mia K." (a
    last word that is an initial is left out); a name without one stays whole."""
    words = display_name.split()
    if len(words) > 1 and re.fullmatch(r"\w\.?", words[-1]):
        return " ".join(words[:-1])
    return display_name


def parent_report(
    full_name: str,
    class_name: str,
    data: ChildProgress,
    applies: dict[str, bool],
    check: Any = None,
) -> ParentReport:
    """The report's sentences in the current locale (the caller forces the child's): the
    title names the child as the class does ("Mia K."), the sentences by first name."""
    name = first_name(full_name)
    s = data.summary
    games = ngettext("%(num)d game", "%(num)d games", s.games)
    intro = gettext(
        "In Rat-a-Tat-Cat each player holds four cards and tries to end with the lowest "
        "total. %(name)s played %(games)s in this period, at the %(level)s level: %(what)s.",
        name=name,
        games=games,
        level=s.level.label,
        what=level_for_parents(s.level),
    )
    if len(data.levels) > 1:
        # A child moved in the period: each level with its days, the latest one explained (a
        # report about October said "at the Peek level" of a child moved up in November).
        intro = gettext(
            "In Rat-a-Tat-Cat each player holds four cards and tries to end with the lowest "
            "total. %(name)s played %(games)s in this period, at more than one level: "
            "%(levels)s. At %(level)s, %(what)s.",
            name=name,
            games=games,
            levels=gettext(", then ").join(
                gettext(
                    "%(level)s from %(first)s to %(last)s",
                    level=span.level.label,
                    first=format_date(span.first, format="long"),
                    last=format_date(span.last, format="long"),
                )
                for span in data.levels
            ),
            level=data.levels[-1].level.label,
            what=level_for_parents(data.levels[-1].level),
        )
    elif data.levels and data.levels[0].level is not s.level:
        # One level played, and another one set after it within the period.
        intro = gettext(
            "In Rat-a-Tat-Cat each player holds four cards and tries to end with the lowest "
            "total. %(name)s played %(games)s in this period, at the %(level)s level: %(what)s.",
            name=name,
            games=games,
            level=data.levels[0].level.label,
            what=level_for_parents(data.levels[0].level),
        )
    if not s.games:
        # Not "played 0 games": the sentence below says there is nothing to tell yet.
        intro = gettext(
            "In Rat-a-Tat-Cat each player holds four cards and tries to end with the lowest "
            "total. %(name)s plays at the %(level)s level: %(what)s.",
            name=name,
            level=s.level.label,
            what=level_for_parents(s.level),
        )
    few = None
    if not s.games:
        few = gettext(
            "%(name)s has not played in this period yet, so there is nothing to tell yet.",
            name=name,
        )
    elif not s.accuracy.enough:
        few = gettext(
            "%(name)s has played only a few games in this period: too few for figures we can "
            "count on. What follows is what we saw so far.",
            name=name,
        )
    chosen = topic_of(data, applies)
    topic = TOPICS[chosen]
    learning, at_home = reconciled(name, chosen, data, check) or (
        topic.learning(name),
        own_at_home(chosen, data, check) or topic.at_home(),
    )
    return ParentReport(
        title=gettext("%(name)s: Rat-a-Tat-Cat progress report", name=full_name),
        period=f"{class_name} · {period_text(data.range.start, data.range.end)}",
        intro=intro,
        few_games=few,
        can_do=can_do(name, data, applies),
        learning=learning,
        at_home=at_home,
        next_step=next_step_text(name, data),
    )
