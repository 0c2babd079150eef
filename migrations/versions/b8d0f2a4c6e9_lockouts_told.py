"""Lock-outs told: when a teacher's account and a child's sign-in were locked, and the failed
sign-ins of an email since its teacher last signed in

Revision ID: b8d0f2a4c6e9
Revises: a1c3e5f7b9d2
Create Date: 2026-11-28 21:20:00.000000

A teacher whose account's limit was used up by wrong passwords is told at the next sign-in
(and by email where mail is configured) when, how many tries and from how many addresses
(keyed digests); the class page says when a child's secret pictures locked them out.
"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b8d0f2a4c6e9'
down_revision = 'a1c3e5f7b9d2'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('teachers', sa.Column('locked_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('children', sa.Column('locked_at', sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        'sign_in_failures',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('account', sa.String(length=64), nullable=False),
        sa.Column('address', sa.String(length=64), nullable=False),
        sa.Column('failed_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(
        op.f('ix_sign_in_failures_account'), 'sign_in_failures', ['account'], unique=False
    )
    op.create_index(
        op.f('ix_sign_in_failures_failed_at'), 'sign_in_failures', ['failed_at'], unique=False
    )


def downgrade():
    op.drop_index(op.f('ix_sign_in_failures_failed_at'), table_name='sign_in_failures')
    op.drop_index(op.f('ix_sign_in_failures_account'), table_name='sign_in_failures')
    op.drop_table('sign_in_failures')
    # The table is rebuilt on SQLite: keep its AUTOINCREMENT (migration a1c3e5f7b9d2).
    with op.batch_alter_table(
        'children', table_kwargs={'sqlite_autoincrement': op.get_bind().dialect.name == 'sqlite'}
    ) as batch:
        batch.drop_column('locked_at')
    with op.batch_alter_table('teachers') as batch:
        batch.drop_column('locked_at')
