"""Children and classes: the language of a child's own pages, and a class's default

Revision ID: 2dff23e29a74
Revises: c4f6b8d0e2a5
Create Date: 2026-11-29 00:30:00.000000

Every child and class already there keeps English; the teacher changes a child's language on
the child's page and the class's default (for children added later) on the class's settings.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '2dff23e29a74'
down_revision = 'c4f6b8d0e2a5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('language', sa.String(length=8), nullable=False, server_default='en')
        )
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('language', sa.String(length=8), nullable=False, server_default='en')
        )


def downgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.drop_column('language')
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.drop_column('language')
