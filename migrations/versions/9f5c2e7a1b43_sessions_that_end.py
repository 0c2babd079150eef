"""Sessions that end: teacher_sessions (one row per signed-in device) and
children.session_version

Revision ID: 9f5c2e7a1b43
Revises: 9a1c3e5b7d20
Create Date: 2026-11-23 16:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9f5c2e7a1b43'
down_revision = '9a1c3e5b7d20'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'teacher_sessions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('teacher_id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ['teacher_id'], ['teachers.id'],
            name=op.f('fk_teacher_sessions_teacher_id_teachers'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_teacher_sessions')),
        sa.UniqueConstraint('token', name=op.f('uq_teacher_sessions_token')),
    )
    with op.batch_alter_table('teacher_sessions', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_teacher_sessions_teacher_id'), ['teacher_id'], unique=False
        )
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('session_version', sa.Integer(), server_default='0', nullable=False)
        )


def downgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.drop_column('session_version')
    with op.batch_alter_table('teacher_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_teacher_sessions_teacher_id'))
    op.drop_table('teacher_sessions')
