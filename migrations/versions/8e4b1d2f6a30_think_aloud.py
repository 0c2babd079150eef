"""Computer players who think aloud: the child's assignment option and the table's setting

Revision ID: 8e4b1d2f6a30
Revises: 7d3a9c4e5f12
Create Date: 2026-11-23 16:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '8e4b1d2f6a30'
down_revision = '7d3a9c4e5f12'
branch_labels = None
depends_on = None


def upgrade():
    # Every child assigned before keeps "level": on at Ultra-Peek, off at the other levels.
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('think_aloud', sa.String(length=5), server_default='level', nullable=False)
        )
        batch_op.create_check_constraint(
            op.f('ck_children_think_aloud'), "think_aloud IN ('level', 'on', 'off')"
        )
    # Tables already open or in play keep quiet computer players.
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('think_aloud', sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade():
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.drop_column('think_aloud')
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_children_think_aloud'), type_='check')
        batch_op.drop_column('think_aloud')
