"""Play tables: the game stored as it is, not compressed (PostgreSQL)

Revision ID: f7b9d1e3a5c8
Revises: e6a8c0d2f4b7
Create Date: 2026-11-27 17:40:00.000000

Every move writes a table's whole game again (about 8.6 KB, most of it the shuffler's state,
random numbers that hardly compress): compressing it was half of the UPDATE's CPU on the
server. Rows written before keep their compressed copy until their next move rewrites them.
SQLite has no such setting: nothing to do there.
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'f7b9d1e3a5c8'
down_revision = 'e6a8c0d2f4b7'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE play_tables ALTER COLUMN state SET STORAGE EXTERNAL")


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE play_tables ALTER COLUMN state SET STORAGE EXTENDED")
