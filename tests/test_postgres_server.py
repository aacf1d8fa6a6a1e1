"""The test session's PostgreSQL server: real, reachable through its socket only."""

from __future__ import annotations

import asyncpg


async def test_the_server_listens_on_its_socket_only(postgres_url, postgres_server):
    db = await asyncpg.connect(postgres_url)
    try:
        assert await db.fetchval("SHOW listen_addresses") == ""
        assert await db.fetchval("SHOW unix_socket_directories") == str(postgres_server.root)
        assert await db.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 0
        assert int(await db.fetchval("SHOW server_version_num")) >= 130000
    finally:
        await db.close()
