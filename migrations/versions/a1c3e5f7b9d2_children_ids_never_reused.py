"""Children: an id is never given again (SQLite AUTOINCREMENT)

Revision ID: a1c3e5f7b9d2
Revises: f7b9d1e3a5c8
Create Date: 2026-11-28 14:30:00.000000

A child's id is kept in their tablet's session cookie. Without AUTOINCREMENT SQLite gives a new
row the largest id plus one, so a child added after the newest child was deleted took that
child's id, and the deleted child's tablet (its cookie at session version 0, as the new
child's) was signed in as the new child, perhaps in another teacher's class. The table is
rebuilt with AUTOINCREMENT (Alembic's batch mode; env.py turns foreign keys off for it, so
nothing that points at a child is touched). PostgreSQL's sequences never give an id twice:
nothing to do there.
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a1c3e5f7b9d2'
down_revision = 'f7b9d1e3a5c8'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        'children', recreate='always', table_kwargs={'sqlite_autoincrement': True}
    ):
        pass


def downgrade():
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        'children', recreate='always', table_kwargs={'sqlite_autoincrement': False}
    ):
        pass
