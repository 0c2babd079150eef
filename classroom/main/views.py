"""Views of the public front."""

from flask import Blueprint, render_template

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> str:
    """Landing page: what the app is for, and the way in for teachers and for children."""
    return render_template("main/index.html")
