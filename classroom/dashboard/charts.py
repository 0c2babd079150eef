"""The figures of each chart, as small JSON-safe dicts that static/js/dashboard-charts.js hands
to Chart.js (read from a data-chart attribute: the CSP allows no inline script).

A share with too few chances is None here and a gap in the chart, never a point: the page's
table or sentence next to the chart says "not enough yet" instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from classroom.insights import Rate, WeekPoint
from classroom.insights.counting import Numerals


def share(rate: Rate) -> float | None:
    """A share as a whole percentage for a chart, or None below the minimum."""
    value = rate.value
    return None if value is None else round(value * 100)


def chance_share(rate: Rate) -> float | None:
    """A figure's chance level as a whole percentage, or None below the minimum or without."""
    value = rate.chance_value
    return None if value is None else round(value * 100)


def week_axis(weeks: Sequence[WeekPoint]) -> list[str]:
    """The x axis of a weekly chart: each week's Monday, "2 Nov"."""
    return [f"{point.monday:%-d %b}" for point in weeks]


def chart(
    kind: str, title: str, labels: Sequence[str], series: Mapping[str, Sequence[Any]]
) -> dict[str, Any]:
    """One chart: "line" or "bar", with its title, x labels and named series of percentages."""
    return {
        "type": kind,
        "title": title,
        "labels": list(labels),
        "series": [{"label": name, "values": list(values)} for name, values in series.items()],
        "unit": "%",
        "max": 100,
    }


def comparisons_by_week(weeks: Sequence[WeekPoint]) -> dict[str, Any]:
    """Comparison accuracy overall and on cat-cat pairs, week by week."""
    return chart(
        "line",
        "Comparisons right, per week",
        week_axis(weeks),
        {
            "All comparisons": [share(w.comparisons) for w in weeks],
            "Cat-cat pairs": [share(w.cat_cat) for w in weeks],
            "All comparisons, by chance": [chance_share(w.comparisons) for w in weeks],
        },
    )


def memory_by_week(weeks: Sequence[WeekPoint]) -> dict[str, Any]:
    """Choices that held a seen card in memory, week by week."""
    return chart(
        "line",
        "Memory held, per week",
        week_axis(weeks),
        {"Memory choices right": [share(w.memory_held) for w in weeks]},
    )


def counting_by_week(weeks: Sequence[WeekPoint]) -> dict[str, Any]:
    """Cube stacks right and typed totals exact, week by week."""
    return chart(
        "line",
        "Counting and adding right, per week",
        week_axis(weeks),
        {
            "Cube bars right": [share(w.cubes) for w in weeks],
            "Totals right": [share(w.totals_exact) for w in weeks],
        },
    )


def groups(title: str, rates: Mapping[str, Rate], label: str) -> dict[str, Any]:
    """A bar chart of shares by group (distance 1, 2, 3, 4+; ratio; family pair; numeral),
    with a second bar for each comparison figure's chance level."""
    series = {label: [share(r) for r in rates.values()]}
    if any(r.chance is not None for r in rates.values()):
        series["By chance"] = [chance_share(r) for r in rates.values()]
    return chart("bar", title, list(rates), series)


def numerals(found: Numerals) -> dict[str, Any]:
    """Cube bars right per numeral 1-9."""
    return groups(
        "Cube bars right, per number",
        {str(n): rate for n, rate in found.per_numeral.items()},
        "Cube bars right",
    )


def sentence(spec: Mapping[str, Any], listed: int = 8) -> str:
    """A chart's figures in words, its text alternative where a table would not fit.

    Up to `listed` points each figure is named; a longer series (a school year of weeks) is
    told by its first and last figures, its lowest and highest, and how many points had too
    few chances, so that the sentence still fits on a printed page.
    """
    unit = spec["unit"]
    parts = []
    for series in spec["series"]:
        points = list(zip(spec["labels"], series["values"], strict=True))
        known = [(label, value) for label, value in points if value is not None]
        if len(points) <= listed:
            figures = ", ".join(
                f"{label} " + ("not enough yet" if value is None else f"{value}{unit}")
                for label, value in points
            )
        elif not known:
            figures = "not enough yet in any of them"
        else:
            low = min(known, key=lambda point: point[1])
            high = max(known, key=lambda point: point[1])
            figures = (
                f"from {known[0][1]}{unit} ({known[0][0]}) to {known[-1][1]}{unit} "
                f"({known[-1][0]}), lowest {low[1]}{unit} ({low[0]}), highest "
                f"{high[1]}{unit} ({high[0]}); {len(points) - len(known)} of {len(points)} "
                "without enough chances for a figure"
            )
        parts.append(f"{series['label']}: {figures}.")
    return " ".join(parts)
