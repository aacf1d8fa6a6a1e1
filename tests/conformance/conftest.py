"""The conformance suite runs on the real bot with every plug-in, Nim included, so each
game's texts and renderer are the ones members would see."""

import pytest

from cogs.app import create_bot

NIM_PLUGIN = "tests.nim.plugin"


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings, extra_plugins=(NIM_PLUGIN,))
