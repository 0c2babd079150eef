"""Classes: a time zone of their own (their days and times are local ones)

Revision ID: 8e4b1f2a3c57
Revises: 8e4b1d2f6a30
Create Date: 2026-11-23 16:00:00.000000

Every class made before this keeps UTC, the zone its tallies were kept in, so no tally needs
rebuilding here; changing a class's zone on its form rebuilds that class's tallies.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '8e4b1f2a3c57'
down_revision = '8e4b1d2f6a30'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('time_zone', sa.String(length=64), nullable=False, server_default='UTC')
        )


def downgrade():
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.drop_column('time_zone')
