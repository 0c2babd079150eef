"""Children: turns before a computer player may call (None: the level's number)

Revision ID: c4f6b8d0e2a5
Revises: b3e5a7c9d1f4
Create Date: 2026-11-28 22:00:00.000000

At a table with the child, computer players do not call Rat-a-Tat-Cat before the child has
had this many turns of the round, so the child makes more choices a game.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4f6b8d0e2a5'
down_revision = 'b3e5a7c9d1f4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.add_column(sa.Column('turns_before_call', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.drop_column('turns_before_call')
