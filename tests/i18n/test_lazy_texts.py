"""No text is looked up at import: a module constant looked up then would stay in the
language of whoever imported it. Module and class bodies mark texts with `lazy_gettext`;
`_()` and `ngettext()` run inside functions, for the reader of the message being built."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2]
LOOKUPS = {"_", "ngettext", "pgettext"}


def _eager_lookups(tree: ast.AST) -> list[int]:
    """Lines where a module or class body calls a look-up (not inside any function)."""
    found: list[int] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            called = isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
            if called and child.func.id in LOOKUPS:  # type: ignore[union-attr]
                found.append(child.lineno)
            visit(child)

    visit(tree)
    return found


def test_no_text_is_looked_up_at_import():
    eager = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "cogs").rglob("*.py"))
        if (lines := _eager_lookups(ast.parse(path.read_text())))
    }
    assert not eager, eager


def test_the_check_finds_an_eager_constant():
    assert _eager_lookups(ast.parse("TITLE = _('Sink or Swim')\n")) == [1]
    assert _eager_lookups(ast.parse("class T:\n    title = _('Nim')\n")) == [2]
    assert _eager_lookups(ast.parse("def title():\n    return _('Nim')\n")) == []
