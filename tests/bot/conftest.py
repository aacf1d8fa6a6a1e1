"""Storage fixtures parametrised over both backends."""

from __future__ import annotations

import pytest

from tests.bot.backends import BACKENDS, backend_for


@pytest.fixture(params=BACKENDS)
def backend(request, tmp_path):
    return backend_for(request, tmp_path)


@pytest.fixture
async def any_storage(backend):
    store = await backend.open()
    yield store
    await store.close()
