"""Which servers a process serves when the bot runs as several processes: Discord puts a
server on shard `(guild_id >> 22) % shard_count`, and each process runs some shards."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards this process runs, out of `count`."""

    count: int
    ids: tuple[int, ...]

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids


def shard_of(guild_id: int, count: int) -> int:
    return (guild_id >> 22) % count


def parse_shard_ids(raw: str, count: int) -> tuple[int, ...]:
    """`0-3`, `0,2` or `0-1,4`: the shard ids, sorted; ValueError says what is wrong."""
    ids: set[int] = set()
    for part in raw.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"{part!r} is not a shard id or a range like 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ValueError(f"the range {part!r} runs backwards")
        if last >= count:
            raise ValueError(f"shard {last} is not below SHARD_COUNT ({count})")
        overlap = ids & set(range(first, last + 1))
        if overlap:
            raise ValueError(f"shard {min(overlap)} is named twice")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


def serves(shards: Shards | None, guild_id: int) -> bool:
    """Whether a process running `shards` (None: every shard) serves the server: times its
    matches and shows them in Discord."""
    return shards is None or shards.owns(guild_id)
