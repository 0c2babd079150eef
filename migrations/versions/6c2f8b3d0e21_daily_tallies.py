"""Daily tallies: each child's insights counts per day, level and key

Revision ID: 6c2f8b3d0e21
Revises: 5b1e7a2c9d10
Create Date: 2026-11-22 10:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '6c2f8b3d0e21'
down_revision = '5b1e7a2c9d10'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('daily_tallies',
    sa.Column('child_id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('level', sa.String(length=20), nullable=False),
    sa.Column('key', sa.String(length=120), nullable=False),
    sa.Column('class_id', sa.Integer(), nullable=False),
    sa.Column('week', sa.Date(), nullable=False),
    sa.Column('hits', sa.Integer(), nullable=False),
    sa.Column('chances', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['child_id'], ['children.id'], name=op.f('fk_daily_tallies_child_id_children'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_daily_tallies_class_id_classes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('child_id', 'day', 'level', 'key', name=op.f('pk_daily_tallies'))
    )
    with op.batch_alter_table('daily_tallies', schema=None) as batch_op:
        batch_op.create_index('ix_daily_tallies_class_child_key', ['class_id', 'child_id', 'key', 'day', 'hits', 'chances'], unique=False)


def downgrade():
    with op.batch_alter_table('daily_tallies', schema=None) as batch_op:
        batch_op.drop_index('ix_daily_tallies_class_child_key')

    op.drop_table('daily_tallies')
