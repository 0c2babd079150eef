"""The Alembic migrations form one line: every file has a revision id of its own (helpers
working side by side each make one, and two alike would make Alembic skip one), each revises
one that exists, and there is one head, the revision `flask db upgrade` ends at."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory

pytestmark = pytest.mark.any_database  # reads the migrations' files

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


def identifiers(path: Path) -> dict[str, object]:
    """A migration file's `revision` and `down_revision`, as written (not imported)."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
                    assert node.value is not None
                    found[target.id] = ast.literal_eval(node.value)
    return found


def test_no_two_migrations_share_a_revision_id_and_each_revises_one_that_exists() -> None:
    files = sorted((MIGRATIONS / "versions").glob("*.py"))
    assert files
    revisions = {path.name: identifiers(path) for path in files}
    ids = Counter(str(found.get("revision")) for found in revisions.values())
    assert [r for r, n in ids.items() if n > 1] == []
    for name, found in revisions.items():
        assert isinstance(found.get("revision"), str), name
        assert name.startswith(f"{found['revision']}_"), name  # the file is named for it
        down = found.get("down_revision")
        downs = down if isinstance(down, tuple | list) else (down,)
        assert all(d is None or d in ids for d in downs), (name, down)
    roots = [name for name, found in revisions.items() if found.get("down_revision") is None]
    assert len(roots) == 1, roots


def test_the_migrations_have_one_head() -> None:
    config = Config(str(MIGRATIONS / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS))
    heads = ScriptDirectory.from_config(config).get_heads()
    assert len(heads) == 1, heads
