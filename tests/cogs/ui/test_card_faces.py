"""Every card face of the three games: a 128×128 PNG under Discord's emoji size limit, its
name a valid emoji name that spells the card, and readable on both Discord themes (WCAG
contrast of 4.5:1 or more, read from the drawn picture itself)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from cogs.games.flip7.faces import FACES as FLIP7
from cogs.games.sequence.faces import FACES as SEQUENCE
from cogs.games.sinkorswim.faces import FACES as SINK_OR_SWIM
from cogs.ui.card_faces import (
    DARK_THEME,
    EDGE,
    INK,
    LIGHT_THEME,
    MIN_CONTRAST,
    SIZE,
    contrast,
    draw_face,
    stands_out,
)
from engines.flip7 import cards as flip7_cards
from engines.sequence_numbers.cards import FULL_DECK

EVERY_FACE = (*FLIP7, *SINK_OR_SWIM, *SEQUENCE)
EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
EMOJI_BYTES = 256 * 1024  # Discord refuses a larger emoji


def test_wcag_contrast_matches_the_standard():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_no_flat_colour_stands_out_from_both_themes():
    """Why a face has two colours: the best grey against both backgrounds stays under 4.5."""
    best = max(
        min(contrast((v, v, v), DARK_THEME), contrast((v, v, v), LIGHT_THEME)) for v in range(256)
    )
    assert 3.5 < best < MIN_CONTRAST


def test_every_card_of_each_game_has_one_face():
    assert len(FLIP7) == flip7_cards.KINDS == 27
    assert len(SINK_OR_SWIM) == 60 + 12 + 1  # weather cards, tide cards, the life belt
    assert len(SEQUENCE) == len(set(FULL_DECK)) == 98
    names = [face.name for face in EVERY_FACE]
    assert len(set(names)) == len(names)
    assert all(EMOJI_NAME.match(name) for name in names)
    assert {"f7_12", "f7_0", "f7_minus4", "sos_w37", "sos_t5", "seq_4plus3", "seq_plus"} <= set(
        names
    )


@pytest.mark.parametrize("face", EVERY_FACE, ids=lambda face: face.name)
def test_face_reads_on_both_themes(face):
    assert stands_out(face)
    image = Image.open(io.BytesIO(draw_face(face))).convert("RGBA")
    assert image.size == (SIZE, SIZE)
    edge = image.getpixel((SIZE // 2, EDGE // 2))[:3]
    card = image.getpixel((EDGE + 4, SIZE // 2))[:3]
    for theme in (DARK_THEME, LIGHT_THEME):
        assert max(contrast(edge, theme), contrast(card, theme)) >= MIN_CONTRAST
    assert contrast(INK, card) >= MIN_CONTRAST
    # the print is there: some pixels of the card are the ink
    inked = sum(1 for pixel in image.get_flattened_data() if pixel[:3] == INK)
    assert inked > 100


def test_faces_fit_discord_and_are_drawn_the_same_each_time():
    pictures = [draw_face(face) for face in EVERY_FACE]
    assert max(len(png) for png in pictures) < EMOJI_BYTES
    assert draw_face(FLIP7[12]) == pictures[12]
