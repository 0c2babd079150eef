"""The school page: every class of a school in one table, for its coach."""

from __future__ import annotations

from flask import current_app, render_template

from classroom.access import teacher_blueprint
from classroom.assignments import LEVEL_NAMES
from classroom.coaches import coached_school_or_404
from classroom.dashboard import words
from classroom.dashboard.views import school_year_start
from classroom.progress import DateRange
from classroom.schools.summary import ORDER, class_line
from classroom.zones import today_in

bp = teacher_blueprint("schools", __name__)


@bp.get("/schools/<int:school_id>")
def school_page(school_id: int) -> str:
    """Per class of the school: levels, comparisons, flags, moves up this term, the number
    check; each class opens its overview."""
    school = coached_school_or_404(school_id)
    max_tries = int(current_app.config["CHILD_MAX_TRIES"])
    lines = []
    for classroom in school.classes:
        day = today_in(classroom.time_zone)
        term = DateRange(school_year_start(day), day)
        lines.append(class_line(classroom, term, day, max_tries))
    return render_template(
        "schools/school.html",
        school=school,
        lines=lines,
        levels=ORDER,
        level_names=LEVEL_NAMES,
        words=words,
    )
