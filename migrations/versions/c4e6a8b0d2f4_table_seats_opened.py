"""Table seats: when the child first opened the table's page

Revision ID: c4e6a8b0d2f4
Revises: b3d5f7a9c1e2
Create Date: 2026-11-23 16:55:00.000000

A seat made before this column existed counts as opened once it was seen.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4e6a8b0d2f4'
down_revision = 'b3d5f7a9c1e2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opened_at', sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE table_seats SET opened_at = last_seen_at")


def downgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.drop_column('opened_at')
