"""Daily tallies rebuilt with the signal-detection trials of drawn cards ("sdt:..."), so that
discrimination and bias (docs/insights.md, "Telling which card is lower") count every choice
already stored

Revision ID: d9e1f3a5b7c2
Revises: b8d0f2a4c6e9
Create Date: 2026-11-28 21:30:00.000000

Nothing in the schema changes and no choice is judged again: every choice's facts already say
whether its card was drawn, whether it was lower than the highest known card and whether it
was put in. The tallies are recomputed from the stored rows with the insights' own pure
functions, as migration d5f7a9b1c3e6 does (its `rebuild_tallies`, read from its file:
revision files are not a package).

Downgrade changes nothing: older code never asks for the new keys.
"""
import importlib.util
from pathlib import Path

# revision identifiers, used by Alembic.
revision = 'd9e1f3a5b7c2'
down_revision = 'b8d0f2a4c6e9'
branch_labels = None
depends_on = None

REBUILD_FROM = 'd5f7a9b1c3e6_discard_card_and_calls_judged_again.py'


def upgrade():
    from alembic import op

    path = Path(__file__).with_name(REBUILD_FROM)
    spec = importlib.util.spec_from_file_location('rebuild_d5f7a9b1c3e6', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.rebuild_tallies(op.get_bind())


def downgrade():
    # The schema is unchanged and older code reads the extra tallies as it reads none.
    pass
