"""Fixtures a test module imports to run its tests, the borrowed ones too, with the bot on
PostgreSQL: the settings point at a real server, and each test checks it played there."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.storage import PostgresStorage

__all__ = ["on_postgresql", "settings"]


@pytest.fixture
def settings(settings, postgres_url):
    return replace(settings, database_url=postgres_url)


@pytest.fixture(autouse=True)
def on_postgresql(world):
    yield
    assert isinstance(world.env.bot.storage, PostgresStorage)
