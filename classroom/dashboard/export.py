"""The CSV exports of a class: one row per child (the overview's summary), and every recorded
choice in a date range, streamed. UTF-8 with a byte-order mark (so that a spreadsheet reads
"Sofía" as written), times in the class's zone with their offset; `columns.py` says what
every column holds (the column guide page).

Shares are written only where there were enough chances (the insights' minimums); the hits
and chances behind them are always written, so a spreadsheet can do its own sums.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sqlalchemy import select

from classroom.check.service import DoneCheck
from classroom.csvfiles import BOM, line, text
from classroom.extensions import db
from classroom.game import card_label
from classroom.insights import Mean, Rate
from classroom.insights.comparison import DISTANCES, FAMILY_PAIRS, RATIOS
from classroom.insights.counting import NUMERALS
from classroom.insights.discrimination import Discrimination, Telling
from classroom.insights.fading import FlagState
from classroom.models import Child, ChoiceRow
from classroom.progress import ChildRow, DateRange
from classroom.zones import DEFAULT_ZONE, local, offset_text

POSITIONS = (1, 2, 3, 4)
FLAGS = ("cat_versus_rat", "memory", "counting", "adding", "calling")


def share(value: float | None) -> str:
    """A share to three decimals ("0.85"), or empty when there were too few chances."""
    return "" if value is None else f"{value:.3f}"


def rate_cells(rate: Rate) -> list[Any]:
    """hits, chances, share (empty below the minimum)."""
    return [rate.hits, rate.chances, share(rate.value)]


def rate_columns(name: str) -> list[str]:
    """The three column names of a rate."""
    return [f"{name}_right", f"{name}_chances", f"{name}_share"]


def compared_cells(rate: Rate) -> list[Any]:
    """hits, chances, share, chance level (hits by chance, 1 decimal), above chance (1/0)."""
    chance = "" if rate.chance is None else f"{rate.chance:.1f}"
    return [*rate_cells(rate), chance, flag(rate.above_chance)]


def compared_columns(name: str) -> list[str]:
    """The five column names of a comparison figure with its chance level."""
    return [*rate_columns(name), f"{name}_by_chance", f"{name}_above_chance"]


def mean_cells(mean: Mean) -> list[Any]:
    """total, chances, mean (empty below the minimum)."""
    return [f"{mean.total:g}", mean.chances, share(mean.value)]


def telling_groups(telling: Telling) -> list[Discrimination]:
    """The discriminations a summary row writes, in the order of `TELLING_GROUPS`."""
    return [
        telling.overall,
        telling.near,
        *(telling.by_distance[d] for d in DISTANCES),
        *(telling.by_family[f] for f in FAMILY_PAIRS),
    ]


# Column prefixes of those discriminations: overall, cards 1-2 apart, per distance, per pair.
TELLING_GROUPS = [
    "telling",
    "telling_near",
    *(f"telling_distance_{d.replace('+', '_plus')}" for d in DISTANCES),
    *(f"telling_{f.replace('-', '_')}" for f in FAMILY_PAIRS),
]
TELLING_PARTS = (
    "lower_put_in",
    "lower",
    "higher_put_in",
    "higher",
    "d_prime",
    "d_prime_low",
    "tells",
)


def telling_cells(found: Discrimination, tells: bool | None = None) -> list[Any]:
    """Hits, signal trials, false alarms, noise trials, d' and its lower bound (3 decimals;
    empty below the minimum, "-inf" where a rate's bound reaches 0 or 1), tells (1/0; the
    child's verdict, `Telling.tells`, for the overall block)."""
    bounds = found.bounds
    d = found.d_prime
    return [
        found.hits,
        found.signal,
        found.false_alarms,
        found.noise,
        "" if d is None else f"{d:.3f}",
        "" if bounds is None else f"{bounds[0]:.3f}",
        flag(found.tells if tells is None else tells),
    ]


# The number check's figures in the summary, for its first check and its latest one.
CHECK_PARTS = (
    "date",
    "line_error_percent",
    "more_right",
    "more_asked",
    "numerals_found",
    "numerals_asked",
)


def check_cells(done: DoneCheck | None) -> list[Any]:
    """One check's cells: its day, line error %, "Which is more?" right and asked, numerals
    found and asked; all empty without a check."""
    if done is None:
        return [""] * len(CHECK_PARTS)
    result = done.result
    return [
        done.when.date().isoformat(),
        "" if result.pae is None else f"{result.pae:.1f}",
        result.comparisons.hits,
        result.comparisons.chances,
        result.found.hits,
        result.found.chances,
    ]


SUMMARY_COLUMNS = [
    "child_id",
    "child",
    "level",
    "levels_played",
    "range_start",
    "range_end",
    "games",
    "minutes_played",
    *compared_columns("comparisons"),
    "trend",
    *compared_columns("omissions"),
    *compared_columns("commissions"),
    *(c for d in DISTANCES for c in compared_columns(f"distance_{d.replace('+', '_plus')}")),
    *(c for r in RATIOS for c in compared_columns(f"ratio_{r}")),
    *(c for f in FAMILY_PAIRS for c in compared_columns(f.replace("-", "_"))),
    "telling_words",
    "telling_bias_c",
    *(f"{group}_{part}" for group in TELLING_GROUPS for part in TELLING_PARTS),
    *rate_columns("cat_cat_matched"),
    "cat_cat_matched_by_cat_rat",
    *rate_columns("best_replacement"),
    *rate_columns("memory_held"),
    "looks",
    "peek_turns",
    "looks_per_turn",
    *rate_columns("swap_took_low_card"),
    *rate_columns("cube_bars"),
    *(c for n in NUMERALS for c in rate_columns(f"cube_bars_{n}")),
    *rate_columns("totals_exact"),
    *rate_columns("totals_off_by_one"),
    "total_error_sum",
    "totals_typed",
    "mean_total_error",
    *rate_columns("count_again_cubes"),
    *rate_columns("count_again_total"),
    *rate_columns("called_when_lowest"),
    *rate_columns("called_rounds_won"),
    *(f"flag_{kind}" for kind in FLAGS),
    "recommendation",
    "recommended_level",
    "recommendation_sentence",
    "number_checks",
    *(f"number_check_{which}_{part}" for which in ("first", "latest") for part in CHECK_PARTS),
]


def flag_text(state: FlagState) -> str:
    """A flag's cell: its sentence and when last seen, or that it has faded since."""
    if state.last_seen is None:
        return state.flag.sentence
    if state.active:
        return f"{state.flag.sentence} (last seen {state.last_seen.isoformat()})"
    if getattr(state, "quiet", False):
        return f"not now, {state.seen_text()}: {state.flag.sentence}"
    return f"faded, not seen since {state.last_seen.isoformat()}: {state.flag.sentence}"


def summary_lines(
    rows: Sequence[ChildRow],
    dates: DateRange,
    checks: Mapping[int, Sequence[DoneCheck]] | None = None,
) -> Iterator[str]:
    """The class summary: a header, then one line per child, with the number checks each
    child finished by the range's last day (`checks`, oldest first, by child id)."""
    yield BOM + line(SUMMARY_COLUMNS)
    for row in rows:
        done = [d for d in (checks or {}).get(row.child_id, []) if d.when.date() <= dates.end]
        s = row.summary
        flags = {str(state.kind): flag_text(state) for state in row.flags}
        cells: list[Any] = [
            row.child_id,
            text(row.name),
            s.level.value,
            "; ".join(
                f"{span.level.value} {span.first.isoformat()} to {span.last.isoformat()}"
                for span in row.levels
            ),
            dates.start.isoformat(),
            dates.end.isoformat(),
            s.games,
            row.minutes,
            *compared_cells(s.accuracy),
            "" if s.trend is None else s.trend.value,
            *compared_cells(s.errors.omission),
            *compared_cells(s.errors.commission),
            *(c for d in DISTANCES for c in compared_cells(s.by_distance[d])),
            *(c for r in RATIOS for c in compared_cells(s.by_ratio[r])),
            *(c for f in FAMILY_PAIRS for c in compared_cells(s.by_family[f])),
            s.telling.text(),
            "" if s.telling.overall.bias is None else f"{s.telling.overall.bias:.3f}",
            *telling_cells(s.telling.overall, s.telling.tells),
            *(c for found in telling_groups(s.telling)[1:] for c in telling_cells(found)),
            *rate_cells(s.cats.matched),
            f"{s.cats.matched_expected:.1f}" if s.cats.matched.enough else "",
            *rate_cells(s.best),
            *rate_cells(s.memory.held),
            *mean_cells(s.looks_per_turn),
            *rate_cells(s.swap_targeting),
            *rate_cells(s.numerals.overall),
            *(c for n in NUMERALS for c in rate_cells(s.numerals.per_numeral[n])),
            *rate_cells(s.adding.exact),
            *rate_cells(s.adding.off_by_one),
            *mean_cells(s.adding.mean_error),
            *rate_cells(s.hints.cubes),
            *rate_cells(s.hints.total),
            *rate_cells(s.calling.lowest_at_call),
            *rate_cells(s.calling.won),
            *(flags.get(kind, "") for kind in FLAGS),
            row.next_step.move.value,
            row.next_step.level.value,
            row.next_step.sentence,
            len(done),
            *check_cells(done[0] if done else None),
            *check_cells(done[-1] if done else None),
        ]
        yield line(cells)


# The choice export: the row's key columns, then the stored ChoiceFacts flattened.
KEY_COLUMNS = [
    "choice_id",
    "when",
    "date",
    "local_time",
    "child_id",
    "child",
    "table_id",
    "round",
    "turn",
    "level",
    "kind",
    "action",
    "outcome",
    "chance",
    "judged",
    "correct",
    "error",
    "distance",
    "family_pair",
    "hand",
    "highest_known",
    "needed_memory",
]
FACT_COLUMNS = [
    "hand_from_discard",
    *(f"known_{p}" for p in POSITIONS),
    *(f"on_screen_{p}" for p in POSITIONS),
    *(f"true_{p}" for p in POSITIONS),
    "position",
    "replaced_known",
    "replaced_true",
    "best_positions",
    "other_seat",
    "other_position",
    "other_known",
    "other_true",
    "called",
    "true_score",
    "rank",
    "seats_in_play",
    "memory_age",
    "options",
    "right_options",
]
CHOICE_COLUMNS = KEY_COLUMNS + FACT_COLUMNS


def card(value: Any) -> str:
    """A card as the teacher names it ("4", "PEEK", "DRAW 2"); empty for none."""
    return "" if value is None else card_label(int(value))


def flag(value: bool | None) -> str:
    """A yes/no cell: "1", "0", or empty where it does not apply."""
    return "" if value is None else "1" if value else "0"


def per_position(values: Sequence[Any], convert: Any) -> list[str]:
    """Four cells, one per position of the line (empty past the end of a shorter line)."""
    return [convert(values[i]) if i < len(values) else "" for i in range(len(POSITIONS))]


def choice_cells(row: ChoiceRow, name: str, time_zone: str = DEFAULT_ZONE) -> list[Any]:
    """One recorded choice as the cells of CHOICE_COLUMNS (its time in the class's zone)."""
    facts = row.facts
    return [
        row.id,
        offset_text(row.created_at, time_zone),
        # A spreadsheet reads these two as a date and a time (it reads the ISO stamp as text).
        local(row.created_at, time_zone).date().isoformat(),
        local(row.created_at, time_zone).strftime("%H:%M:%S"),
        row.child_id,
        text(name),
        row.table_id,
        row.round_number,
        row.turn_number,
        row.level,
        row.kind,
        row.action,
        row.outcome,
        flag(row.chance),
        flag(row.judged),
        flag(row.correct),
        row.error,
        row.distance,
        row.family_pair,
        card(row.hand),
        row.highest_known,
        flag(row.needed_memory),
        flag(facts.get("hand_from_discard")),
        *per_position(facts.get("known_line", []), card),
        *per_position(facts.get("on_screen", []), flag),
        *per_position(facts.get("true_line", []), card),
        facts.get("position"),
        card(facts.get("replaced_known")),
        card(facts.get("replaced_true")),
        " ".join(str(p) for p in facts.get("best_positions", [])),
        facts.get("other_seat"),
        facts.get("other_position"),
        card(facts.get("other_known")),
        card(facts.get("other_true")),
        flag(facts.get("called")),
        facts.get("true_score"),
        facts.get("rank"),
        facts.get("seats_in_play"),
        facts.get("memory_age"),
        facts.get("options"),
        facts.get("right_options"),
    ]


def choice_lines(class_id: int, dates: DateRange, time_zone: str = DEFAULT_ZONE) -> Iterator[str]:
    """Every choice of the class's children in the range (the class's own days), oldest first,
    a batch at a time."""
    yield BOM + line(CHOICE_COLUMNS)
    query = (
        select(ChoiceRow, Child.display_name)
        .join(Child, Child.id == ChoiceRow.child_id)
        .where(ChoiceRow.class_id == class_id)
        .where(
            ChoiceRow.created_at >= dates.since(time_zone),
            ChoiceRow.created_at < dates.until(time_zone),
        )
        .order_by(ChoiceRow.created_at, ChoiceRow.id)
        .execution_options(yield_per=500)
    )
    for row, name in db.session.execute(query):
        yield line(choice_cells(row, name, time_zone))
