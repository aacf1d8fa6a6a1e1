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


# Public texts that speak to everyone at a lobby or a table (not found by a placeholder).
_TO_THE_TABLE = (
    "🎓 Practice table: unrated. On your turn, 💡 Hint privately tells you what the hard AI "
    "would do, and why.",
    "Press “Pick a card” to see your hand.",
)
_SPEAKS_TO_A_LIST = re.compile(r"\{(players|members)\}[,:].*\byou(r)?\b", re.IGNORECASE)


def _to_several(lang: str) -> list[tuple[str, list[str]]]:
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        english = message.id if isinstance(message.id, str) else (message.id or ("",))[0]
        if english and (english in _TO_THE_TABLE or _SPEAKS_TO_A_LIST.search(english)):
            raw = message.string
            found.append((english, [raw] if isinstance(raw, str) else list(raw or ())))
    return found


def test_id_texts_to_several_players_say_kalian() -> None:
    """A message to several players never says "kamu" (-mu): it says "kalian", or no pronoun
    when its list may hold a single name."""
    found = _to_several("id")
    assert len(found) >= 4
    one_reader = re.compile(r"(?<!\w)(kamu|\w+mu)(?!\w)", re.IGNORECASE)
    wrong = [(e, s) for e, strings in found for s in strings if one_reader.search(s)]
    assert wrong == []


def test_vi_texts_to_several_players_never_say_a_lone_ban() -> None:
    """Vietnamese says "các bạn" to several players, or no pronoun, never a lone "bạn"."""
    found = _to_several("vi")
    assert len(found) >= 4
    lone = re.compile(r"(?<!các )(?<!\w)bạn(?!\w)", re.IGNORECASE)
    wrong = [(e, s) for e, strings in found for s in strings if lone.search(s)]
    assert wrong == []
