"""Views of the teacher dashboards: the class overview (with its live "Today" panel), a child's
progress page with the one-tap level move, the printable report, and the CSV exports."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any, cast

from flask import (
    Response,
    flash,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import force_locale, format_date
from markupsafe import Markup
from sqlalchemy import update
from sqlalchemy.engine import CursorResult
from werkzeug.wrappers import Response as BaseResponse

from classroom.access import child_or_404, teacher, teacher_blueprint
from classroom.assignments import LEVEL_NAMES, Assignment, assign, describe_change
from classroom.check.columns import CSV_GUIDE
from classroom.check.results import child_checks, class_changes, report_check
from classroom.check.service import done_checks
from classroom.coaches import readable_child_or_404, readable_class_or_404, reads_only
from classroom.csvfiles import csv_response, file_slug
from classroom.dashboard import charts, columns, export, pairs, sorting, words
from classroom.dashboard.report import LANGUAGES, first_name, parent_report
from classroom.extensions import db
from classroom.forms import ConfirmForm
from classroom.game import Level
from classroom.insights import Move
from classroom.insights.comparison import (
    DISTANCES,
    FAMILY_PAIRS,
    RATIO_LABELS,
    RATIO_WORDS,
    RATIOS,
)
from classroom.insights.measures import MIN_GRID_CELL
from classroom.models import LEVELS, Child, Classroom
from classroom.progress import DateRange, activity_today, child_progress, overview
from classroom.progress import recommendation as recommendation_for
from classroom.progress.attention import last_played
from classroom.progress.term import term_view
from classroom.zones import DEFAULT_ZONE, today_in

bp = teacher_blueprint("dashboard", __name__)

PAPERS = ("a4", "letter")
KEPT = ("sort", "dir", "paper", "view")  # query arguments a new date range keeps
TODAY_POLL_MS = 5000  # how often the overview's "Today" panel asks for news
SCHOOL_YEAR_STARTS = (8, 1)  # month, day: a school year is taken to start on 1 August


class BadDates(ValueError):
    """The start or end of a date range could not be used; the message says why. `day` is
    today in the class's time zone, for the quick ranges offered instead."""

    def __init__(self, message: str, day: date) -> None:
        super().__init__(message)
        self.day = day


@bp.errorhandler(BadDates)
def bad_dates(error: BadDates) -> tuple[str, int]:
    """A page's dates could not be read: say why, and offer the range form again."""
    day = error.day
    return render_template(
        "dashboard/bad_dates.html",
        message=str(error),
        start=request.args.get("start", ""),
        end=request.args.get("end", ""),
        quick=quick_ranges(day),
        keep=kept_args(),
    ), 400


def today(time_zone: str | None) -> date:
    """Today in the class's own time zone (the default zone for a class without one)."""
    return today_in(time_zone or DEFAULT_ZONE)


def chosen_dates(day: date) -> DateRange:
    """The range of ?start=&end= (the last four weeks when neither is given)."""
    try:
        return DateRange.parse(request.args.get("start"), request.args.get("end"), day)
    except ValueError as error:
        raise BadDates(str(error), day) from None


def school_year_start(day: date) -> date:
    """The first day of the school year `day` falls in."""
    month, first = SCHOOL_YEAR_STARTS
    year = day.year if (day.month, day.day) >= (month, first) else day.year - 1
    return date(year, month, first)


def quick_ranges(day: date) -> list[tuple[str, DateRange]]:
    """The quick choices next to the date inputs."""
    return [
        ("This week", DateRange(day - timedelta(days=day.weekday()), day)),
        ("Last 4 weeks", DateRange.last_days(day, 28)),
        ("This school year", DateRange(school_year_start(day), day)),
    ]


def kept_args() -> dict[str, str]:
    """The page's other query arguments (sort, paper), kept when the range changes."""
    return {k: v for k, v in request.args.items() if k in KEPT}


def range_args(dates: DateRange) -> dict[str, str]:
    """A range as query arguments."""
    return {"start": dates.start.isoformat(), "end": dates.end.isoformat()}


def page_url(**changes: str) -> str:
    """This page's address with its kept arguments and the changes given (a range, a sort)."""
    args = {**(request.view_args or {}), **kept_args(), **changes}
    return url_for(request.endpoint or "main.index", **args)


@bp.context_processor
def helpers() -> dict[str, Any]:
    """The words and names every dashboard template uses."""
    return {
        "words": words,
        "level_names": LEVEL_NAMES,
        "range_args": range_args,
        "page_url": page_url,
        "chart_sentence": charts.sentence,
        "distances": DISTANCES,
        "family_pairs": FAMILY_PAIRS,
        "ratios": RATIOS,
        "ratio_words": RATIO_WORDS,
    }


def range_context(dates: DateRange, day: date) -> dict[str, Any]:
    """What the date range form needs."""
    return {"dates": dates, "today": day, "quick": quick_ranges(day), "keep": kept_args()}


@bp.get("/classes/<int:class_id>/overview")
def class_overview(class_id: int) -> str:
    """The class at a glance: every child's row, the class's card pairs, and today's play."""
    classroom = readable_class_or_404(class_id)
    day = today(classroom.time_zone)
    dates = chosen_dates(day)
    data = overview(classroom, dates, day)
    sort, direction = sorting.chosen(request.args)
    grid = data.grid
    shown, folded = sorting.shown_columns(data.rows)
    return render_template(
        "dashboard/overview.html",
        data=data,
        rows=sorting.sort_rows(data.rows, sort, direction),
        sort=sort,
        direction=direction,
        columns=shown,
        folded=folded,
        next_direction=sorting.next_direction,
        grid_rows=(grid_rows := pairs.grid_rows(grid)),
        # No comparison in the dates (a new class, a holiday): a sentence, not an empty grid.
        grid_chances=sum(cell.chances for row in grid_rows for cell in row),
        worst=[pairs.worst_text(cell) for cell in grid.worst(8)],
        cards=pairs.CARDS,
        grid_minimum=MIN_GRID_CELL,
        poll_ms=TODAY_POLL_MS,
        number_check_changes=class_changes(classroom.active_children),
        read_only=reads_only(classroom),
        # The term view is read on demand: it reads its two windows' tallies and levels again.
        term=term_view(classroom, data) if request.args.get("view") == "term" else None,
        **today_context(classroom, day),
        **range_context(dates, day),
    )


def today_context(classroom: Classroom, day: date) -> dict[str, Any]:
    """The "Today" panel: the class's play today, a line per child who made choices."""
    activity = activity_today(classroom, day)
    names = {child.id: child for child in classroom.active_children}
    playing = sorted(
        ((names[ident], count) for ident, count in activity.per_child.items() if ident in names),
        key=lambda pair: (-pair[1], pair[0].display_name.casefold()),
    )
    return {"activity": activity, "playing": playing, "classroom": classroom}


@bp.get("/classes/<int:class_id>/today")
def class_today(class_id: int) -> str | Response:
    """Just the "Today" panel, for the overview to fetch every few seconds while children play;
    a teacher who opens its address (a link shared, the browser's history) gets the overview,
    at its Today panel, not a bare piece of a page."""
    classroom = readable_class_or_404(class_id)
    if request.headers.get("Sec-Fetch-Mode") == "navigate":
        return redirect(url_for("dashboard.class_overview", class_id=class_id) + "#today-heading")
    day = today(classroom.time_zone)
    return render_template("dashboard/_today.html", **today_context(classroom, day))


@bp.get("/classes/<int:class_id>/export/summary.csv")
def summary_csv(class_id: int) -> Response:
    """The class overview as a CSV file: one row per child (docs/dashboards.md lists columns)."""
    classroom = readable_class_or_404(class_id)
    day = today(classroom.time_zone)
    dates = chosen_dates(day)
    rows = sorting.sort_rows(overview(classroom, dates, day).rows, "name", "asc")
    name = f"{file_slug(classroom.name)}-summary-{dates.start}-{dates.end}.csv"
    checks = done_checks([row.child_id for row in rows], classroom.time_zone)
    return csv_response(export.summary_lines(rows, dates, checks), name)


@bp.get("/classes/<int:class_id>/export/choices.csv")
def choices_csv(class_id: int) -> Response:
    """Every recorded choice of the class in the range as a CSV file, streamed."""
    classroom = readable_class_or_404(class_id)
    dates = chosen_dates(today(classroom.time_zone))
    name = f"{file_slug(classroom.name)}-choices-{dates.start}-{dates.end}.csv"
    # The rows are read while the response is sent, so the request (and its session) must last.
    lines = export.choice_lines(classroom.id, dates, classroom.time_zone)
    return csv_response(stream_with_context(lines), name)


@bp.get("/exports/guide")
def column_guide() -> str:
    """What every column of the two CSV files holds, linked beside each download."""
    return render_template(
        "dashboard/column_guide.html",
        summary=[(name, columns.SUMMARY_GUIDE[name]) for name in export.SUMMARY_COLUMNS],
        choices=[(name, columns.CHOICE_GUIDE[name]) for name in export.CHOICE_COLUMNS],
        number_check=list(CSV_GUIDE.items()),
    )


def child_context(child: Child, dates: DateRange, day: date) -> dict[str, Any]:
    """Everything a child's page and report show."""
    data = child_progress(child, dates, day)
    summary = data.summary
    return {
        "child": child,
        "data": data,
        "summary": summary,
        "flags": {state.kind.value: state for state in data.flags},
        # The level and way of adding up of the period's last day, not today's (a report
        # about October after a move in November tells October).
        "applies": words.applies(summary.level.value, data.scoring, summary),
        "slips": [
            (words.week_label(words.monday_of(slip.week), day), slip.sentence())
            for slip in data.slips
        ],
        "history": [
            (change, describe_change(change.before, change.after)) for change in data.history
        ],
        "charts": {
            "comparisons": charts.comparisons_by_week(data.weeks),
            "memory": charts.memory_by_week(data.weeks),
            "counting": charts.counting_by_week(data.weeks),
            "distance": charts.groups(
                "Comparisons right, by distance", summary.by_distance, "Right"
            ),
            "ratio": charts.groups(
                "Comparisons right, by ratio of the smaller card to the larger",
                {RATIO_LABELS[g]: r for g, r in summary.by_ratio.items()},
                "Right",
            ),
            "family": charts.groups(
                "Comparisons right, by family pair", summary.by_family, "Right"
            ),
            "numerals": charts.numerals(summary.numerals),
        },
        "number_check": child_checks(child),
        # A coach reads the page: no move, no language to keep, no sign-in page to open.
        "read_only": reads_only(child.classroom),
        **range_context(dates, day),
    }


@bp.get("/children/<int:child_id>/progress")
def child_page(child_id: int) -> str:
    """One child's progress over weeks, their slips and strengths, and the level move."""
    child = readable_child_or_404(child_id)
    day = today(child.classroom.time_zone)
    dates = chosen_dates(day)
    context = child_context(child, dates, day)
    if not context["summary"].games:
        # No games in the range: the page says when the child last played (and offers the four
        # weeks up to it) instead of a screenful of empty charts and "not enough yet".
        last = last_played(child.class_id, [child.id]).get(child.id)
        context["last_played"] = last
        if last is not None:
            context["last_range"] = DateRange(last - timedelta(days=27), last)
    return render_template("dashboard/child.html", **context)


# Time zones of the Americas, where paper is US Letter; elsewhere A4 (a class's region is
# known by its zone: a class in Chicago prints on Letter).
LETTER_ZONES = ("America/", "US/", "Canada/", "Brazil/", "Chile/", "Mexico/", "Cuba", "Jamaica")


def region_paper(time_zone: str | None) -> str:
    """The paper a class's region prints on: Letter in the Americas, else A4."""
    zone = time_zone or DEFAULT_ZONE
    return "letter" if zone.startswith(LETTER_ZONES) or zone == "Pacific/Honolulu" else "a4"


def chosen_paper(time_zone: str | None) -> str:
    """?paper= when it names a paper, else the class's region's."""
    paper = request.args.get("paper", "")
    return paper if paper in PAPERS else region_paper(time_zone)


def report_context(child: Child, dates: DateRange, day: date) -> dict[str, Any]:
    """Everything one child's report shows, its sentences in the child's report language."""
    context = child_context(child, dates, day)
    language = child.report_language if child.report_language in LANGUAGES else "en"
    # The report's number check is the period's, or says it is from before it.
    checked = report_check(context["number_check"], dates.start, dates.end)
    with force_locale(language):
        return {
            **context,
            "report": parent_report(
                child.display_name,
                child.classroom.name,
                context["data"],
                context["applies"],
                checked,
            ),
            "language": language,
            "first_name": first_name(child.display_name),
            "printed": format_date(day, format="long"),
            "report_check": checked,
        }


@bp.get("/children/<int:child_id>/report")
def report(child_id: int) -> str:
    """A one-page progress report for a parent, in the child's report language, for printing
    on A4 or US Letter paper (the class's region's unless chosen)."""
    child = readable_child_or_404(child_id)
    day = today(child.classroom.time_zone)
    dates = chosen_dates(day)
    context = report_context(child, dates, day)
    with force_locale(context["language"]):
        return render_template(
            "dashboard/report.html",
            paper=chosen_paper(child.classroom.time_zone),
            languages=LANGUAGES,
            **context,
        )


@bp.get("/classes/<int:class_id>/reports")
def class_reports(class_id: int) -> str:
    """Every active child's report of the class in one page to print, one child a page, each
    in the child's report language, on the class's region's paper unless chosen."""
    classroom = readable_class_or_404(class_id)
    day = today(classroom.time_zone)
    dates = chosen_dates(day)
    articles = []
    used = []
    for child in classroom.active_children:
        context = report_context(child, dates, day)
        with force_locale(context["language"]):
            articles.append(
                Markup(render_template("dashboard/_report_article.html", batch=True, **context))
            )
        used.append(LANGUAGES[context["language"]])
    return render_template(
        "dashboard/reports.html",
        classroom=classroom,
        articles=articles,
        languages_used=", ".join(sorted(set(used))) or "none yet",
        paper=chosen_paper(classroom.time_zone),
        paper_from_region=request.args.get("paper") not in PAPERS,
        **range_context(dates, day),
    )


@bp.post("/children/<int:child_id>/report/language")
def report_language(child_id: int) -> BaseResponse | tuple[str, int]:
    """Choose the language of a child's reports (kept for the child)."""
    child = child_or_404(child_id)
    language = request.form.get("language", "")
    if not ConfirmForm().validate_on_submit():
        return refused(child, "This page had expired. Please open it again and retry.", 400)
    if language not in LANGUAGES:
        return refused(
            child, "That is not one of the report's languages. Nothing was changed.", 400
        )
    child.report_language = language
    db.session.commit()
    flash(f"{child.display_name}'s reports are now in {LANGUAGES[language]}.", "success")
    args = {k: v for k, v in request.args.items() if k in ("start", "end", "paper")}
    return redirect(url_for("dashboard.report", child_id=child.id, **args))


def refused(child: Child, message: str, status: int) -> tuple[str, int]:
    """A level move that was not made: say why, and lead back to a fresh page."""
    db.session.rollback()
    return render_template("dashboard/move_refused.html", child=child, message=message), status


@bp.post("/children/<int:child_id>/progress/move")
def move_level(child_id: int) -> BaseResponse | tuple[str, int]:
    """Move the child to the level their recommendation names, with its sentence as the reason.

    The page sends the level it showed the child at: if that is no longer the child's level
    (someone moved them meanwhile), or the evidence no longer recommends this move, nothing
    changes and the teacher sees why (409).
    """
    child = child_or_404(child_id)
    if not ConfirmForm().validate_on_submit():
        return refused(child, "This page had expired. Please open it again and retry.", 400)
    wanted, shown = request.form.get("level"), request.form.get("from_level")
    if wanted not in LEVELS or shown not in LEVELS:
        return refused(child, "That is not one of the four levels. Nothing was changed.", 400)
    # One guarded UPDATE first: it locks the child's row (PostgreSQL) or the database
    # (SQLite) and matches only while the child is still at the level the page showed, so two
    # teachers tapping at once cannot both move the child.
    guard = cast(
        CursorResult[Any],
        db.session.execute(
            update(Child)
            .where(Child.id == child.id, Child.level == shown)
            .values(level=Child.level)
            .execution_options(synchronize_session=False)
        ),
    )
    if guard.rowcount != 1:
        db.session.rollback()
        db.session.refresh(child)
        return refused(
            child,
            f"{child.display_name} already plays at {LEVEL_NAMES[child.level]}: someone changed "
            "the level after this page was opened. Nothing was changed.",
            409,
        )
    db.session.refresh(child)
    day = today(child.classroom.time_zone)
    shown_dates = shown_range(day)
    if shown_dates.as_of(day) < day:
        # The move is made today and its reason says "the last 2 weeks": the evidence of a
        # past period cannot stand for that (the page offers no button there).
        db.session.rollback()
        return refused(
            child,
            "That page showed an earlier period: a move is made on the last 2 weeks up to "
            "today. Open the child's page for today and decide there. Nothing was changed.",
            409,
        )
    recommendation = recommendation_for(child, shown_dates, day)
    if recommendation.move is Move.STAY or recommendation.level is not Level(wanted):
        return refused(
            child,
            "The evidence no longer recommends that move "
            f"({recommendation.sentence}) Nothing was changed.",
            409,
        )
    assign(
        [child],
        replace(Assignment.of(child), level=wanted),
        teacher(),
        reason=recommendation.sentence,
    )
    db.session.commit()
    flash(f"{child.display_name} now plays at {LEVEL_NAMES[wanted]}.", "success")
    return redirect(url_for("dashboard.child_page", child_id=child.id, **range_back(day)))


def shown_range(day: date) -> DateRange:
    """The range the page showed (sent with the move), or the default one."""
    try:
        return DateRange.parse(request.form.get("start"), request.form.get("end"), day)
    except ValueError:
        return DateRange.last_days(day)


def range_back(day: date) -> dict[str, Any]:
    """The range the page showed (sent with the move), if it is a good one."""
    start, end = request.form.get("start"), request.form.get("end")
    try:
        return range_args(DateRange.parse(start, end, day)) if start and end else {}
    except ValueError:
        return {}
