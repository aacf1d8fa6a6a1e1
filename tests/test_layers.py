"""The layers the design promises, checked on the source: imports run cogs -> bot ->
engines, engines import no Discord, and the platform names no particular game."""

from __future__ import annotations

import ast
from pathlib import Path

from engines.base import GAMES

ROOT = Path(__file__).parents[1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_engines_import_neither_the_bot_nor_discord():
    for path in _sources("engines"):
        assert not _imports(path) & {"bot", "cogs", "discord"}, path


def test_bot_imports_no_cog():
    for path in _sources("bot"):
        assert "cogs" not in _imports(path), path


def test_the_platform_names_no_game():
    """bot/ and the shared cogs serve every registered game without naming one."""
    assert {"flip7", "sinkorswim", "sequence"} <= set(GAMES)
    shared = [*_sources("bot"), *sorted((ROOT / "cogs").glob("*.py"))]
    for path in shared:
        text = path.read_text().lower()
        for key in GAMES:
            assert f'"{key}"' not in text and f"'{key}'" not in text, (path, key)
        for package in ("engines.flip7", "engines.sink_or_swim", "engines.sequence_numbers"):
            assert package not in text, (path, package)
