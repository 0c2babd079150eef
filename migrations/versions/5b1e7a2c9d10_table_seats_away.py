"""Table seats: last seen, a computer player standing in for a child who left, taken out

Revision ID: 5b1e7a2c9d10
Revises: 4cd51b6af535
Create Date: 2026-11-23 09:12:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5b1e7a2c9d10'
down_revision = '4cd51b6af535'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('stand_in', sa.String(length=12), nullable=True))
        batch_op.add_column(sa.Column('away_since', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column('taken_out', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.create_check_constraint(
            op.f('ck_table_seats_stand_in'), "stand_in IN ('beginner', 'solid', 'strong')"
        )


def downgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_table_seats_stand_in'), type_='check')
        batch_op.drop_column('taken_out')
        batch_op.drop_column('away_since')
        batch_op.drop_column('stand_in')
        batch_op.drop_column('last_seen_at')
