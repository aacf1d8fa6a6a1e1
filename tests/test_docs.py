"""What the docs tell a reader stays true: every rule in docs/rules/ has a test named for
it, the Sequence board and deck there are the ones the engine plays, .env.example names
every setting the bot reads, and the README's links lead somewhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from bot.core.settings import load_settings
from engines.sequence_numbers.board import FREE, NUMBERS, ROWS
from engines.sequence_numbers.cards import label

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
RULE_HEADING = re.compile(r"^## ([FSG]\d+)\. ", re.MULTILINE)
TEST_NAME = re.compile(r"^\s*(?:async\s+)?def (test_\w+)", re.MULTILINE)


def rule_ids() -> list[str]:
    return [
        rule for doc in sorted(RULES.glob("*.md")) for rule in RULE_HEADING.findall(doc.read_text())
    ]


def defined_test_names() -> set[str]:
    return {
        name
        for path in (ROOT / "tests").rglob("test_*.py")
        for name in TEST_NAME.findall(path.read_text(encoding="utf-8"))
    }


def test_the_rules_keep_their_ids_f1_to_f13_s1_to_s8_g1_to_g10():
    expected = [f"F{n}" for n in range(1, 14)] + [f"G{n}" for n in range(1, 11)]
    expected += [f"S{n}" for n in range(1, 9)]
    assert sorted(rule_ids()) == sorted(expected)


def test_every_rule_in_the_docs_has_a_test_named_for_it():
    names = defined_test_names()
    untested = [
        rule for rule in rule_ids() if not any(n.startswith(f"test_{rule.lower()}_") for n in names)
    ]
    assert not untested, f"no test named test_<id>_… for {untested}"


def markdown_rows(text: str, header: str) -> Iterator[list[str]]:
    """The cells of each row of the table whose header row starts with `header`."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            return
        yield [cell.strip() for cell in line.strip("|").split("|")]


def test_g3_g4_the_documented_board_and_deck_are_the_engines():
    text = (RULES / "sequence-numbers.md").read_text()
    board = list(markdown_rows(text, "|   | 1 |"))
    assert [row[0] for row in board] == list(ROWS)
    shown = [[0 if cell == "★" else int(cell) for cell in row[1:]] for row in board]
    assert shown == [list(row) for row in NUMBERS] and FREE == 0
    cards = {}
    for row in markdown_rows(text, "| answer |"):
        for answer, addition, subtraction in (row[:3], row[3:]):
            cards[int(answer)] = (addition, subtraction)
    assert cards == {n: (label(f"a{n}"), label(f"s{n}")) for n in range(1, 49)}


class ReadingLog(dict[str, str]):
    """The environment given to load_settings, noting every name it asks for."""

    def __init__(self, values: dict[str, str]) -> None:
        super().__init__(values)
        self.asked: set[str] = set()

    def get(self, key, default=None):  # type: ignore[override]
        self.asked.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> str:
        self.asked.add(key)
        return super().__getitem__(key)


def settings_read() -> set[str]:
    """Every variable load_settings reads, on each of its paths (SQLite and PostgreSQL,
    sharded and not)."""
    asked: set[str] = set()
    for extra in ({}, {"DATABASE_URL": "postgresql://u@h/d", "SHARD_COUNT": "2", "SHARD_IDS": "0"}):
        env = ReadingLog({"DISCORD_TOKEN": "t", **extra})
        load_settings(env)
        asked |= env.asked
    return asked


def test_i26_env_example_names_and_explains_every_setting_the_bot_reads():
    lines = (ROOT / ".env.example").read_text().split("\n")
    read = settings_read()
    assert {"DISCORD_TOKEN", "CREATE_DATABASE", "SHARD_IDS", "DATABASE_PATH"} <= read
    for name in sorted(read):
        at = next((i for i, line in enumerate(lines) if re.match(rf"#? ?{name}=", line)), None)
        assert at is not None, f".env.example does not name {name}"
        block = []
        for line in reversed(lines[:at]):  # the comment lines right above it
            if not line.startswith("#"):
                break
            block.append(line)
        assert any(not re.match(r"# ?[A-Z_]+=", line) for line in block), f"{name} has no comment"


def test_i26_the_readme_is_short_and_its_links_lead_to_files():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.split()) < 2000
    for doc in (ROOT / "README.md", *(ROOT / "docs").rglob("*.md")):
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", doc.read_text()):
            if not target.startswith("http"):
                assert (doc.parent / target).exists(), f"{doc.name} links to a missing {target}"


# bench/ modules a person runs, not a part another bench starts (the live table's pages).
BENCH_PARTS = {"live_clients"}
BENCH_COMMAND = re.compile(r"python -m bench\.([a-z_]+)")


def _benches_run_by_hand() -> set[str]:
    found = {p.stem for p in (ROOT / "bench").glob("*.py") if "__main__" in p.read_text()}
    return found - BENCH_PARTS


def _benches_not_named(text: str) -> set[str]:
    return _benches_run_by_hand() - set(BENCH_COMMAND.findall(text))


def test_i49_6_every_bench_is_in_the_figures_with_its_command_and_every_command_runs_a_bench():
    figures = (ROOT / "docs" / "FIGURES.md").read_text()
    assert _benches_not_named(figures) == set()
    # The check can fail: a page that names no bench misses every one of them.
    assert {"interactions", "ai_strength"} <= _benches_not_named("no figures here")
    for doc in (ROOT / "README.md", *(ROOT / "docs").rglob("*.md")):
        for module in BENCH_COMMAND.findall(doc.read_text()):
            assert (ROOT / "bench" / f"{module}.py").exists(), f"{doc.name}: bench.{module}"


SOURCE_PATH = re.compile(r"\b((?:bot|cogs|engines|tests|bench|playground)/[\w/]+\.py)\b")


def _paths_missing(text: str) -> set[str]:
    return {path for path in SOURCE_PATH.findall(text) if not (ROOT / path).exists()}


def test_i49_6_every_source_file_the_docs_name_is_there():
    for doc in (ROOT / "README.md", *(ROOT / "docs").rglob("*.md")):
        assert _paths_missing(doc.read_text()) == set(), doc.name
    # The check can fail: a file moved away is missed.
    assert _paths_missing("see `cogs/desk/pages.py`") == {"cogs/desk/pages.py"}
