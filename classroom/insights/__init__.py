"""Number-sense insights: pure functions from recorded choices to measures (no Flask).

`choices.describe_choice` judges one choice against what the child could have known (R13);
the play side stores its facts with every move, and its looks, counts and round results as
`records`, made by `recording`. The measures (`comparison`, `memory`, `counting`,
`calling`), `trends`, `readiness`, the dashboard row (`summary.child_summary`) and the class
grid (`grid.pair_grid`) take sequences of those records. `simulate` plays children with known
habits (classroom/game/players/habits.py) through the engine (validation, demo data).
docs/insights.md describes every measure.
"""

from .choices import ChoiceFacts, ChoiceKind, Outcome, describe_choice
from .grid import PairGrid, pair_grid
from .measures import Flag, FlagKind, Mean, Rate
from .readiness import Move, Recommendation, readiness_of
from .records import ChoiceRecord, CountRecord, LookRecord, RoundRecord, iso_week
from .summary import ChildSummary, Trend, child_summary
from .trends import WeekPoint, weekly

__all__ = [
    "ChildSummary",
    "ChoiceFacts",
    "ChoiceKind",
    "ChoiceRecord",
    "CountRecord",
    "Flag",
    "FlagKind",
    "LookRecord",
    "Mean",
    "Move",
    "Outcome",
    "PairGrid",
    "Rate",
    "Recommendation",
    "RoundRecord",
    "Trend",
    "WeekPoint",
    "child_summary",
    "describe_choice",
    "iso_week",
    "pair_grid",
    "readiness_of",
    "weekly",
]
