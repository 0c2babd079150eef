"""Counts: whether "count again" was shown for the cubes and for the typed total

Revision ID: 7d3a9c4e5f12
Revises: 6c2f8b3d0e21
Create Date: 2026-11-23 15:50:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7d3a9c4e5f12'
down_revision = '6c2f8b3d0e21'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('counts', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('cube_hint', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column('total_hint', sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade():
    with op.batch_alter_table('counts', schema=None) as batch_op:
        batch_op.drop_column('total_hint')
        batch_op.drop_column('cube_hint')
