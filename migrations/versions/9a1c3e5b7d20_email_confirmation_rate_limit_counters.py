"""Teachers' email_confirmed_at (existing accounts count as confirmed); rate_limit_counters

Revision ID: 9a1c3e5b7d20
Revises: 8e4b1f2a3c57
Create Date: 2026-11-23 16:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9a1c3e5b7d20'
down_revision = '8e4b1f2a3c57'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('teachers', schema=None) as batch_op:
        batch_op.add_column(sa.Column('email_confirmed_at', sa.DateTime(timezone=True), nullable=True))
    # Accounts made before addresses were confirmed stay usable as they were (the demo
    # teacher too): they count as confirmed from when they were made.
    op.execute("UPDATE teachers SET email_confirmed_at = created_at")

    op.create_table(
        'rate_limit_counters',
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key', name=op.f('pk_rate_limit_counters')),
    )
    with op.batch_alter_table('rate_limit_counters', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_rate_limit_counters_expires_at'), ['expires_at'], unique=False
        )


def downgrade():
    with op.batch_alter_table('rate_limit_counters', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_limit_counters_expires_at'))
    op.drop_table('rate_limit_counters')
    with op.batch_alter_table('teachers', schema=None) as batch_op:
        batch_op.drop_column('email_confirmed_at')
