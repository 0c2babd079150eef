"""Children: read aloud, a setting of each child (on for every child)

Revision ID: b3e5a7c9d1f4
Revises: a2d4f6b8c0e3
Create Date: 2026-11-28 21:05:00.000000

Every child, those already on a roster too, starts with read-aloud on: the teacher turns it
off for a child who reads.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3e5a7c9d1f4'
down_revision = 'a2d4f6b8c0e3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('read_aloud', sa.Boolean(), nullable=False, server_default=sa.true())
        )


def downgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.drop_column('read_aloud')
