"""What each Sink or Swim card looks like as an emoji (S2): the 60 weather cards, coloured
by the belts they carry (none, half, whole) with the belts marked under the number; the
tide cards 1–12; and the life belt."""

from __future__ import annotations

from cogs.ui.face import Face
from engines.sink_or_swim.cards import TIDE_DECK, WEATHER_CARDS, card_belts

NO_BELT = (200, 226, 255)
HALF_BELT = (168, 236, 214)
WHOLE_BELT = (255, 206, 168)
TIDE = (150, 214, 236)
BELT = (255, 178, 178)

_BY_BELTS = {0.0: (NO_BELT, ""), 0.5: (HALF_BELT, "½◯"), 1.0: (WHOLE_BELT, "◯")}


def weather(card: int) -> Face:
    colour, mark = _BY_BELTS[card_belts(card)]
    return Face(f"sos_w{card}", str(card), colour, mark)


def tide(card: int) -> Face:
    return Face(f"sos_t{card}", str(card), TIDE, "≈")


LIFE_BELT = Face("sos_belt", "◯", BELT)

FACES: tuple[Face, ...] = (
    *(weather(card) for card in WEATHER_CARDS),
    *(tide(card) for card in sorted(set(TIDE_DECK))),
    LIFE_BELT,
)
"""Every card of the game, once."""
