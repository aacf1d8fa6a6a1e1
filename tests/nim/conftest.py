"""Nim runs on the real bot as one more plugin, beside the three games."""

import pytest

from cogs.app import create_bot

NIM_PLUGIN = "tests.nim.plugin"


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings, extra_plugins=(NIM_PLUGIN,))
