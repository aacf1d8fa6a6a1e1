"""A real Chromium for the browser tests. Missing Chromium fails them loudly: never skipped."""

from __future__ import annotations

import pytest

from tests.browser.page import chromium


@pytest.fixture
async def browser():
    async with chromium() as launched:
        yield launched
