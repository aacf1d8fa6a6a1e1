"""Counted words take the reader's plural forms from the catalog (Sink or Swim said
"1 belts afloat"), and numbers are written the reader's way."""

from __future__ import annotations

from cogs.games.sinkorswim.texts import TEXTS as SINK
from cogs.wording import i18n
from cogs.wording.words import points
from engines.base import Event

NAMES = ["Ann", "Bao", "Citra"]


def _afloat(belts: int) -> str:
    data = {"seat": 0, "eliminated": False, "belts": belts, "bonus": False, "points": belts}
    return SINK.event(Event("round_score", {**data, "total": 9}), NAMES)


def test_one_belt_is_singular_in_english():
    with i18n.reading("en"):
        assert "(1 belt afloat)" in _afloat(1)
        assert "(2 belts afloat)" in _afloat(2)
        assert points(1) == "1 point" and points(-3) == "−3 points"


def test_numbers_are_written_the_readers_way():
    with i18n.reading("en"):
        assert i18n.number(1000) == "1,000"
    with i18n.reading("vi"):
        assert i18n.number(1000) == "1.000"
    with i18n.reading("id"):
        assert i18n.number(1000) == "1.000"


def test_vietnamese_and_indonesian_have_one_plural_form():
    for language in ("vi", "id"):
        plural = i18n.catalog(language).plural  # from the catalog's Plural-Forms header
        assert {plural(n) for n in (0, 1, 2, 5, 21)} == {0}, language
    assert {i18n.catalog("en").plural(n) for n in (1, 2)} == {0, 1}
