"""Children: the language of their parent reports

Revision ID: b3d5f7a9c1e2
Revises: 8d4e1f2a7b30
Create Date: 2026-11-23 16:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3d5f7a9c1e2'
down_revision = '8d4e1f2a7b30'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('report_language', sa.String(length=8), nullable=False, server_default='en')
        )


def downgrade():
    with op.batch_alter_table('children', schema=None) as batch_op:
        batch_op.drop_column('report_language')
