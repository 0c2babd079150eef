"""Play tables: the seat whose own page made the move that led to the table's version

Revision ID: e6a8c0d2f4b7
Revises: d5f7a9b1c3e6
Create Date: 2026-11-25 14:45:00.000000

Written by every version bump (empty unless a child's page moved), so a pushed update need not
send a child's page the board its own move has just answered with (docs/play.md).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e6a8c0d2f4b7'
down_revision = 'd5f7a9b1c3e6'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('moved_by', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.drop_column('moved_by')
