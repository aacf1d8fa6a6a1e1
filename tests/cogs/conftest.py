"""Fixtures for the Discord-layer tests."""

import pytest


@pytest.fixture
def stacked_flip7(monkeypatch):
    """Flip 7 dealt from a stacked deck, the last seat dealing (so alice draws first)."""
    from bot.seating import Seating
    from engines.flip7 import new_game

    def deal(deck):
        def fake(self, record, info):
            names = [s.name for s in record.seats]
            return new_game(names, 1, deck=deck, dealer=len(names) - 1, **record.options)

        monkeypatch.setattr(Seating, "new_game", fake)

    return deal
