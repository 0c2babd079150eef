"""Schools and their coaches: every class belongs to a school

Revision ID: e7a9c1b3d5f0
Revises: d9e1f3a5b7c2
Create Date: 2026-11-28 21:30:00.000000

A school holds classes, and a coach reads every class of a school. Existing classes are given
one school per owning teacher ("Ms Demo's school"), which holds all the classes that teacher
owns: a teacher's classes are most often in one school, and a school's coach is added to it
afterwards (`flask coach`).
"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'e7a9c1b3d5f0'
down_revision = 'd9e1f3a5b7c2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'schools',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_schools')),
    )
    op.create_table(
        'school_coaches',
        sa.Column('school_id', sa.Integer(), nullable=False),
        sa.Column('teacher_id', sa.Integer(), nullable=False),
        sa.Column('added_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ['school_id'], ['schools.id'],
            name=op.f('fk_school_coaches_school_id_schools'), ondelete='CASCADE',
        ),
        sa.ForeignKeyConstraint(
            ['teacher_id'], ['teachers.id'],
            name=op.f('fk_school_coaches_teacher_id_teachers'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('school_id', 'teacher_id', name=op.f('pk_school_coaches')),
    )
    with op.batch_alter_table('school_coaches') as batch:
        batch.create_index(batch.f('ix_school_coaches_teacher_id'), ['teacher_id'])
    with op.batch_alter_table('classes') as batch:
        batch.add_column(sa.Column('school_id', sa.Integer(), nullable=True))

    bind = op.get_bind()
    classes = sa.table('classes', sa.column('id', sa.Integer), sa.column('school_id', sa.Integer))
    schools = sa.table(
        'schools',
        sa.column('id', sa.Integer),
        sa.column('name', sa.String),
        sa.column('created_at', sa.DateTime(timezone=True)),
    )
    owners = bind.execute(
        sa.text(
            "SELECT c.id, t.id, t.name FROM classes c "
            "LEFT JOIN class_teachers m ON m.class_id = c.id AND m.role = 'owner' "
            "LEFT JOIN teachers t ON t.id = m.teacher_id ORDER BY c.id"
        )
    ).all()
    made: dict[object, int] = {}
    now = sa.func.now()
    for class_id, teacher_id, teacher_name in owners:
        key = teacher_id if teacher_id is not None else ('class', class_id)
        if key not in made:
            name = f"{teacher_name}'s school" if teacher_name else "School"
            made[key] = bind.execute(
                schools.insert().values(name=name[:120], created_at=now).returning(schools.c.id)
            ).scalar_one()
        bind.execute(
            classes.update().where(classes.c.id == class_id).values(school_id=made[key])
        )

    with op.batch_alter_table('classes') as batch:
        batch.alter_column('school_id', existing_type=sa.Integer(), nullable=False)
        batch.create_index(batch.f('ix_classes_school_id'), ['school_id'])
        batch.create_foreign_key(
            batch.f('fk_classes_school_id_schools'), 'schools', ['school_id'], ['id']
        )


def downgrade():
    with op.batch_alter_table('classes') as batch:
        batch.drop_constraint(batch.f('fk_classes_school_id_schools'), type_='foreignkey')
        batch.drop_index(batch.f('ix_classes_school_id'))
        batch.drop_column('school_id')
    with op.batch_alter_table('school_coaches') as batch:
        batch.drop_index(batch.f('ix_school_coaches_teacher_id'))
    op.drop_table('school_coaches')
    op.drop_table('schools')
