"""Comparisons with both kinds of error and a chance level: new key columns on choices, old
choices judged again, every daily tally rebuilt (docs/insights.md, "Old records")

Revision ID: 8d4e1f2a7b30
Revises: 7d4e9a1b2c30
Create Date: 2026-11-23 16:10:00.000000

The rebuild reads the tables with plain SQL (not the app's models, which may hold columns of
later revisions) and counts each row with the insights' own pure functions, so that a
newcomer's `flask db upgrade` leaves tallies that mean what the pages say.
"""
from collections import Counter
from datetime import timedelta

from alembic import op
import sqlalchemy as sa

from classroom.insights.choices import ChoiceFacts
from classroom.insights.records import CountRecord, LookRecord, RoundRecord
from classroom.insights.tallies import choice_counts, count_counts, look_counts, round_counts
from classroom.zones import DEFAULT_ZONE, local_day


# revision identifiers, used by Alembic.
revision = '8d4e1f2a7b30'
down_revision = '7d4e9a1b2c30'
branch_labels = None
depends_on = None

BATCH = 1000


def upgrade():
    with op.batch_alter_table('choices', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('judged', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(sa.Column('error', sa.String(length=12), nullable=True))
    bind = op.get_bind()
    judge_again(bind)
    rebuild_tallies(bind)


def downgrade():
    with op.batch_alter_table('choices', schema=None) as batch_op:
        batch_op.drop_column('error')
        batch_op.drop_column('judged')


def judge_again(bind):
    """Every stored choice judged as describe_choice judges one now: its facts whole and its
    key columns (a comparison, its error, right or not, distance, family pair)."""
    choices = sa.table(
        'choices',
        sa.column('id', sa.Integer),
        sa.column('facts', sa.JSON),
        sa.column('judged', sa.Boolean),
        sa.column('error', sa.String),
        sa.column('correct', sa.Boolean),
        sa.column('distance', sa.Integer),
        sa.column('family_pair', sa.String),
    )
    last = 0
    while True:
        rows = bind.execute(
            sa.select(choices.c.id, choices.c.facts)
            .where(choices.c.id > last)
            .order_by(choices.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        for row_id, stored in rows:
            facts = ChoiceFacts.from_dict({k: v for k, v in stored.items() if k != 'options'})
            bind.execute(
                choices.update()
                .where(choices.c.id == row_id)
                .values(
                    facts=facts.to_dict(),
                    judged=facts.judged,
                    error=facts.error,
                    correct=facts.correct,
                    distance=facts.distance,
                    family_pair=facts.family_pair,
                )
            )
        last = rows[-1][0]


def rebuild_tallies(bind):
    """Every daily tally recomputed from the recorded rows (what `flask tallies` does for a
    class, for every class at once), each on its class's local day."""
    meta = sa.MetaData()
    tables = {
        name: sa.Table(name, meta, autoload_with=bind)
        for name in ('choices', 'looks', 'counts', 'round_results', 'daily_tallies')
    }
    hits = Counter()
    chances = Counter()
    classes = sa.table('classes', sa.column('id', sa.Integer), sa.column('time_zone', sa.String))
    zones = dict(bind.execute(sa.select(classes.c.id, classes.c.time_zone)).all())

    def rows(name):
        return bind.execute(sa.select(tables[name])).mappings()

    for row in rows('choices'):
        _add_mapping(row, choice_counts(ChoiceFacts.from_dict(row['facts'])), zones, hits, chances)
    for row in rows('looks'):
        record = LookRecord(
            row['created_at'], row['table_id'] or '', row['child_id'], row['round_number'],
            row['turn_number'], row['position'], row['level'],
        )
        _add_mapping(row, look_counts(record), zones, hits, chances)
    for row in rows('counts'):
        record = CountRecord(
            row['created_at'], row['table_id'] or '', row['child_id'], row['round_number'],
            row['level'], tuple(row['numerals']), tuple(row['cubes']), row['typed_total'],
            row['true_total'], bool(row['corrected_by_hint']),
            cube_hint=bool(row.get('cube_hint') or False),
            total_hint=bool(row.get('total_hint') or False),
        )
        _add_mapping(row, count_counts(record), zones, hits, chances)
    for row in rows('round_results'):
        record = RoundRecord(
            row['created_at'], row['table_id'] or '', row['child_id'], row['round_number'],
            row['level'], row['score'], bool(row['won']), bool(row['called']),
        )
        _add_mapping(row, round_counts(record), zones, hits, chances)
    tallies = tables['daily_tallies']
    bind.execute(tallies.delete())
    values = [
        {
            'child_id': child_id, 'class_id': class_id, 'day': day, 'level': level, 'key': key,
            'week': day - timedelta(days=day.weekday()), 'hits': hits[where], 'chances': n,
        }
        for where, n in chances.items()
        for child_id, class_id, day, level, key in (where,)
    ]
    for start in range(0, len(values), BATCH):
        bind.execute(tallies.insert(), values[start:start + BATCH])


def _add_mapping(row, found, zones, hits, chances):
    """Add one row's counts (a row read as a mapping) to the two counters, on the local day
    of the row's class (its time zone, as classroom/progress/keep.py counts it)."""
    day = local_day(row['created_at'], zones.get(row['class_id']) or DEFAULT_ZONE)
    for key, hit, chance in found:
        where = (row['child_id'], row['class_id'], day, row['level'], key)
        hits[where] += hit
        chances[where] += chance
