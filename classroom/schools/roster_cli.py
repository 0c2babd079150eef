"""`flask roster PATH`: preview, then import, a school's OneRoster 1.1 CSV files."""

from __future__ import annotations

from pathlib import Path

import click
from flask.cli import with_appcontext

from classroom.oneroster import RosterError, import_roster


@click.command("roster")
@with_appcontext
@click.argument("source", type=click.Path(exists=True, path_type=Path))
@click.option("--yes", is_flag=True, help="Import after the preview without asking.")
@click.option("--preview", "only_preview", is_flag=True, help="Show the preview and stop.")
def roster_command(source: Path, yes: bool, only_preview: bool) -> None:
    """Import classes, teachers and children from OneRoster 1.1 CSV files (orgs, classes,
    users, enrollments) in the folder or .zip SOURCE: first what would be added, changed or
    left as it is; then, once confirmed, all of it or (on any problem) nothing."""
    try:
        plan = import_roster(source, write=False)
    except RosterError as error:
        raise click.ClickException(str(error)) from None
    click.echo(plan.text())
    if only_preview or not (plan.added or plan.changed):
        if not (plan.added or plan.changed):
            click.echo("Nothing to import: the database already holds what the files say.")
        return
    if not yes and not click.confirm("Import this?", default=False):
        click.echo("Nothing was imported.")
        return
    try:
        done = import_roster(source, write=True)
    except RosterError as error:
        raise click.ClickException(f"{error} Nothing was imported.") from None
    click.echo(f"Imported: {len(done.added)} added, {len(done.changed)} changed.")
