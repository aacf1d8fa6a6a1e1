"""The README's pictures stay true: `scripts/screenshots` takes them from seeded games, and
the same picture taken twice is the same file, byte for byte."""

from __future__ import annotations

from docs.make_screenshots import lobby


async def test_a_picture_taken_twice_is_the_same_bytes(browser, tmp_path):
    first = await lobby(browser, tmp_path / "first.png")
    second = await lobby(browser, tmp_path / "second.png")
    assert first.read_bytes() == second.read_bytes()
    assert first.stat().st_size > 10_000  # a real picture of a page, not an empty file
