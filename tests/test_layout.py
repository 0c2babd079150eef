"""The tests are laid out like the code (docs/testing.md): tests/web's test modules sit in a
folder of the package they test, and a test module imports what it shares from a helper
module or a conftest, never from another test module (whose tests would then be collected
twice over, or its helper lost when it moves)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_database  # reads the source

TESTS = Path(__file__).resolve().parent


def test_no_test_module_imports_from_another_test_module() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            if module and module.rsplit(".", 1)[-1].startswith("test_"):
                found.append(f"{path.relative_to(TESTS.parent)}: from {module}")
    assert found == [], "move these into a helper module (tests/web/helpers/):\n" + "\n".join(found)


def test_the_web_tests_sit_in_the_folder_of_their_package() -> None:
    flat = sorted(path.name for path in (TESTS / "web").glob("test_*.py"))
    assert flat == [], f"put these in a folder of tests/web by the package they test: {flat}"
