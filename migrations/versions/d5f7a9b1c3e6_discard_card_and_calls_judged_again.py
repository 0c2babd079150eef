"""A card taken from the DISCARD pile is judged with the take, and calls carry their table's
chance of being lowest: every stored choice judged again, every daily tally rebuilt
(docs/insights.md, "A card taken from the DISCARD pile" and "Calling")

Revision ID: d5f7a9b1c3e6
Revises: c4e6a8b0d2f4
Create Date: 2026-11-25 04:00:00.000000

Nothing in the schema changes. A card taken from the DISCARD pile that was higher than every
card the child could know, and was then put on one of them, used to count as no comparison
(no right placing, and it may not be thrown away); leaving it on the pile is now its right
option, so those choices become wrong comparisons (commissions), and their facts, key columns
and tallies change. Calls now add a "callchance" tally (the chance of being lowest at that
many seats), which the calling flag compares with. As migration 8d4e1f2a7b30 does, the rows
are read with plain SQL (not the app's models, which may hold columns of later revisions) and
judged and counted with the insights' own pure functions, so that `flask db upgrade` leaves
tallies that mean what the pages say.

Downgrade changes nothing, on purpose: the schema is the same, and the code before this
revision reads the new judgements and tallies as they are (the new "callchance" key is one it
never asks for). The old judgement cannot be given back without the old rule, and it was the
flaw (a habit of putting every DISCARD card on the highest card looked perfect); a downgrade
that judged again would need that rule kept alive here only to restore it.
"""
from collections import Counter
from datetime import timedelta

import sqlalchemy as sa
from alembic import op

from classroom.insights.choices import ChoiceFacts
from classroom.insights.records import CountRecord, LookRecord, RoundRecord
from classroom.insights.tallies import choice_counts, count_counts, look_counts, round_counts
from classroom.zones import DEFAULT_ZONE, local_day

# revision identifiers, used by Alembic.
revision = 'd5f7a9b1c3e6'
down_revision = 'c4e6a8b0d2f4'
branch_labels = None
depends_on = None

BATCH = 1000
# The facts the judgement gives; stored facts without them are judged again by
# ChoiceFacts.from_dict (classroom/insights/choices.py, comparison_of).
JUDGEMENT = ('judged', 'options', 'right_options', 'error')


def upgrade():
    bind = op.get_bind()
    judge_again(bind)
    rebuild_tallies(bind)


def downgrade():
    # See the module's docstring: the schema is unchanged and the old judgement was the flaw.
    pass


def judge_again(bind):
    """Every stored choice judged as describe_choice judges one now: its facts whole and its
    key columns (a comparison, its error, right or not, distance, family pair). Only rows
    whose judgement changes are written."""
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
            facts = ChoiceFacts.from_dict({k: v for k, v in stored.items() if k not in JUDGEMENT})
            new = facts.to_dict()
            if all(stored.get(k) == new[k] for k in (*JUDGEMENT, 'distance', 'family_pair')):
                continue
            bind.execute(
                choices.update()
                .where(choices.c.id == row_id)
                .values(
                    facts=new,
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
