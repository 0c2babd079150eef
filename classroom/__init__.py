"""Rat-a-Tat-Cat Classroom: children play at their level, teachers watch number sense grow."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then instance/config.py, then CLASSROOM_* variables, then tests."""
    from classroom import access, cli, coaches, errors, security, settings, static_files
    from classroom.assign import bp as assign_bp
    from classroom.auth import bp as auth_bp
    from classroom.check import bp as check_bp
    from classroom.check import teacher_bp as number_check_bp
    from classroom.child import bp as child_bp
    from classroom.child import language
    from classroom.children import bp as children_bp
    from classroom.classes import bp as classes_bp
    from classroom.counters import DatabaseStorage  # noqa: F401  (the limits' database://)
    from classroom.dashboard import bp as dashboard_bp
    from classroom.extensions import babel, csrf, db, limiter, login_manager, mail, migrate
    from classroom.groups import bp as groups_bp
    from classroom.main import bp as main_bp
    from classroom.play import bp as play_bp
    from classroom.schools.views import bp as schools_bp
    from classroom.signin import bp as signin_bp
    from classroom.watch import bp as watch_bp

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    instance_path = (test_config or {}).get("INSTANCE_PATH") or os.environ.get(
        "CLASSROOM_INSTANCE_PATH"
    )
    app = Flask(
        __name__,
        instance_path=instance_path or os.path.join(root, "instance"),
        instance_relative_config=True,
        template_folder=os.path.join(root, "templates"),
        static_folder=os.path.join(root, "static"),
    )
    app.config.from_object("classroom.config")
    app.config.from_pyfile("config.py", silent=True)
    settings.load_environment(app.config)
    if test_config is not None:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    settings.finish(app)

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(root, "migrations"))
    csrf.init_app(app)
    login_manager.init_app(app)
    access.init_app(app)
    limiter.init_app(app)
    mail.init_app(app)
    babel.init_app(
        app, default_locale="en", default_timezone="UTC", locale_selector=language.child_locale
    )
    language.init_app(app)
    security.init_app(app)
    static_files.init_app(app)
    errors.init_app(app)
    cli.init_app(app)
    coaches.init_app(app)

    for blueprint in (
        main_bp,
        auth_bp,
        classes_bp,
        children_bp,
        groups_bp,
        assign_bp,
        signin_bp,
        child_bp,
        play_bp,
        watch_bp,
        dashboard_bp,
        check_bp,
        number_check_bp,
        schools_bp,
    ):
        app.register_blueprint(blueprint)
    return app
