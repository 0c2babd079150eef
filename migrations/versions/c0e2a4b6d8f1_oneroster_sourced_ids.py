"""OneRoster sourcedIds on schools, classes, teachers and children

Revision ID: c0e2a4b6d8f1
Revises: e7a9c1b3d5f0
Create Date: 2026-11-28 21:40:00.000000

A roster import (`flask roster`, docs/dashboards.md "Rosters from a file") matches what it has
imported before by the school information system's ids, so a second import of the same files
changes nothing. A child's id is not unique: a child moved between classes keeps an archived
row in the class they left. Columns are added without rebuilding a table (children keeps its
SQLite AUTOINCREMENT).
"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c0e2a4b6d8f1'
down_revision = 'e7a9c1b3d5f0'
branch_labels = None
depends_on = None

TABLES = (('schools', True), ('classes', True), ('teachers', True), ('children', False))


def upgrade():
    for table, unique in TABLES:
        op.add_column(table, sa.Column('sourced_id', sa.String(length=255), nullable=True))
        op.create_index(op.f(f'ix_{table}_sourced_id'), table, ['sourced_id'], unique=unique)


def downgrade():
    for table, _ in TABLES:
        op.drop_index(op.f(f'ix_{table}_sourced_id'), table_name=table)
        if table == 'children' and op.get_bind().dialect.name == 'sqlite':
            with op.batch_alter_table(
                table, recreate='always', table_kwargs={'sqlite_autoincrement': True}
            ) as batch:
                batch.drop_column('sourced_id')
        else:
            with op.batch_alter_table(table) as batch:
                batch.drop_column('sourced_id')
