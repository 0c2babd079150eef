"""Every template keeps to the Content-Security-Policy (no inline script, no on* handlers, no
style attributes), and pages are usable without reading: pictures carry labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).parents[3] / "templates"
ALL = sorted(TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_template_has_no_inline_script_or_style(path: Path) -> None:
    text = path.read_text()
    for tag in re.findall(r"<script\b[^>]*>", text):
        assert "src=" in tag, f"inline <script> in {path.name}"
    assert not re.search(r"\son[a-z]+\s*=", text), f"an on* event attribute in {path.name}"
    assert not re.search(r"\sstyle\s*=", text), f"a style attribute in {path.name}"
    assert "<style" not in text


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_images_have_alt(path: Path) -> None:
    for tag in re.findall(r"<img\b[^>]*>", path.read_text(), flags=re.S):
        assert "alt=" in tag, f"<img> without alt in {path.name}: {tag}"


def test_templates_exist() -> None:
    assert len(ALL) > 20


def test_form_fields_render_valid_aria(teacher_client, child) -> None:  # type: ignore[no-untyped-def]
    """No attribute may render as the string "None" (axe flags it as invalid ARIA)."""
    page = teacher_client.get(f"/children/{child.id}/assignment").get_data(as_text=True)
    assert '="None"' not in page
    assert 'aria-describedby="reason-help"' in page
    invalid = teacher_client.post(
        f"/children/{child.id}/assignment", data={"rounds": "many"}
    ).get_data(as_text=True)
    assert 'aria-invalid="true"' in invalid
