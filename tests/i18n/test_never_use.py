"""Each glossary's "Never use" table is the single list of terms a catalog must not hold."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def never_use(lang: str) -> list[str]:
    text = (ROOT / "locales" / lang / "GLOSSARY.md").read_text(encoding="utf-8")
    section = text.split("## Never use", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    terms = [row.split("|")[1].strip() for row in rows[1:]]
    return [t for t in terms if t and not set(t) <= {"-"}]


def offenders(lang: str) -> list[tuple[str, str]]:
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    found = []
    for term in never_use(lang):
        pattern = re.compile(rf"(?<!\w){re.escape(term)}(?!\w)", re.IGNORECASE)
        for message in catalog:
            raw = message.string
            strings = [raw] if isinstance(raw, str) else list(raw or ())
            if any(pattern.search(s or "") for s in strings):
                found.append((term, str(message.id)))
    return found


@pytest.mark.parametrize("lang", ["vi", "id"])
def test_never_use_table_is_read(lang: str) -> None:
    assert len(never_use(lang)) >= 5


def test_vi_one_term_for_rated_bot_self_reference_and_tense() -> None:
    assert offenders("vi") == []


def test_id_absen_channel_host_formats_and_rated() -> None:
    assert offenders("id") == []
