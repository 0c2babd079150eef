"""Table seats: the round in which the child tapped "I remember" (Standard's outside look)

Revision ID: a2d4f6b8c0e3
Revises: c0e2a4b6d8f1
Create Date: 2026-11-28 21:30:00.000000

Kept on the seat so no later update, stream or reload of that round shows the look again.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a2d4f6b8c0e3'
down_revision = 'c0e2a4b6d8f1'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('remembered_round', sa.Integer(), nullable=False, server_default='0')
        )


def downgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.drop_column('remembered_round')
