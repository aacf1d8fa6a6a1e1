"""Fixtures for the Discord-layer tests."""

from types import SimpleNamespace

import pytest

from tests.conftest import NAMES


@pytest.fixture
def stacked_flip7(monkeypatch):
    """Flip 7 dealt from a stacked deck, the last seat dealing (so alice draws first)."""
    from bot.play.seating import Seating
    from engines.flip7 import new_game

    def deal(deck):
        def fake(self, record, info):
            names = [s.name for s in record.seats]
            return new_game(names, 1, deck=deck, dealer=len(names) - 1, **record.options)

        monkeypatch.setattr(Seating, "new_game", fake)

    return deal


@pytest.fixture
def delays():
    """Discord's delays for the `delayed` fixture: a shorter round trip than the bench's
    100 ms keeps the tests quick; a test may ask for others by overriding this fixture."""
    from bench.discord_delays import Delays

    return Delays(round_trip=0.03)


@pytest.fixture
def delayed(simcord_env, delays):
    """SimCord with Discord's round trips, rate limits and token lifetime put back
    (bench.discord_delays), the match locks' holds timed."""
    from bench.discord_delays import delayed_discord, watch_locks

    with delayed_discord(simcord_env, delays) as harness:
        watch_locks(harness, simcord_env.bot.matches)
        yield harness


@pytest.fixture
async def thread_world(simcord_env):
    """A server with the default: each game is played in a thread of its own."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    people = {name: guild.add_member(simcord_env.create_user(name)) for name in NAMES}
    return SimpleNamespace(env=simcord_env, guild=guild, channel=channel, people=people)
