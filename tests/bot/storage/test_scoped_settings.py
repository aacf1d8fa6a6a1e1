"""Scoped settings (issue 48, item 3): a server's, a channel's and a member's keys, each a
JSON value, on both backends; a new kind of setting needs no migration."""

from __future__ import annotations

import pytest

from bot.storage.doors import CHANNEL, MEMBER, SERVER
from bot.storage.setting import Setting, SettingTaken, is_text, owners
from cogs.desk.presenters.pings import NOTIFY_HOW, REMINDERS
from cogs.desk.threads import TABLES_WHERE
from cogs.wording.language import MEMBER_LANGUAGE, SERVER_LANGUAGE


async def test_i48_3_each_scope_keeps_its_own_keys_and_none_removes_one(any_storage):
    await any_storage.set_scoped(SERVER, 1, "house.flip7", {"options": {"goal": 150}})
    await any_storage.set_scoped(CHANNEL, 1, "house.flip7", {"pace": "daily"})
    await any_storage.set_scoped(MEMBER, 1, "quiet", {"from": "22:00"})
    await any_storage.set_scoped(SERVER, 1, "queue_minutes", 45)
    assert await any_storage.scoped(SERVER, 1) == {
        "house.flip7": {"options": {"goal": 150}},
        "queue_minutes": 45,
    }
    assert await any_storage.scoped(CHANNEL, 1) == {"house.flip7": {"pace": "daily"}}
    assert await any_storage.scoped(MEMBER, 1) == {"quiet": {"from": "22:00"}}
    assert await any_storage.scoped(SERVER, 2) == {}
    await any_storage.set_scoped(SERVER, 1, "queue_minutes", 30)  # replaced, not added
    await any_storage.set_scoped(SERVER, 1, "house.flip7", None)
    assert await any_storage.scoped(SERVER, 1) == {"queue_minutes": 30}
    await any_storage.set_scoped(SERVER, 1, "never.set", None)  # removing nothing is fine


# -- issue 49, item 4: a server's and a member's settings as scoped keys ----------------

OLD_SETTINGS = (  # guild_settings and member_settings as schema 21 left them, with rows
    "CREATE TABLE guild_settings (guild_id BIGINT PRIMARY KEY, "
    "reminders INTEGER NOT NULL DEFAULT 1, language TEXT, tables_where TEXT)",
    "CREATE TABLE member_settings (user_id BIGINT PRIMARY KEY, language TEXT, notify TEXT)",
    "INSERT INTO guild_settings VALUES (1, 0, 'vi', 'channel'), (2, 1, NULL, NULL)",
    "INSERT INTO guild_settings VALUES (3, 1, 'id', 'thread')",
    "INSERT INTO member_settings VALUES (100, 'id', 'dm'), (101, NULL, NULL)",
    "INSERT INTO member_settings VALUES (102, NULL, 'off')",
)


async def _as_schema_21_left_it(backend) -> None:
    """The database rewound to before migration 022: its settings in the old tables."""
    if backend.name == "sqlite":
        await backend.execute("PRAGMA user_version = 21")
    else:
        await backend.execute("UPDATE meta SET value = '21' WHERE key = 'schema'")
    for statement in OLD_SETTINGS:
        await backend.execute(statement)


async def _old_tables_left(backend) -> int:
    where = "sqlite_master" if backend.name == "sqlite" else "information_schema.tables"
    column = "name" if backend.name == "sqlite" else "table_name"
    return await backend.fetchval(
        f"SELECT COUNT(*) FROM {where} WHERE {column} IN ('guild_settings', 'member_settings')"
    )


async def test_i49_4_migration_22_moves_the_old_settings_into_scoped_keys(backend):
    store = await backend.open()
    await store.set_scoped(SERVER, 1, "house.flip7", {"pace": "daily"})  # kept as it was
    await store.close()
    await _as_schema_21_left_it(backend)
    assert await _old_tables_left(backend) == 2
    store = await backend.open()
    try:
        assert await store.scoped(SERVER, 1) == {
            "house.flip7": {"pace": "daily"},
            "language": "vi",
            "reminders": False,
            "tables_where": "channel",
        }
        assert await store.scoped(SERVER, 2) == {}  # all defaults: nothing to keep
        assert await store.scoped(SERVER, 3) == {"language": "id", "tables_where": "thread"}
        assert await store.scoped(MEMBER, 100) == {"language": "id", "notify": "dm"}
        assert await store.scoped(MEMBER, 101) == {}
        assert await store.scoped(MEMBER, 102) == {"notify": "off"}
        # Read as the modules that own them read them, defaults included.
        assert [await REMINDERS.read(store, guild) for guild in (1, 2, 3)] == [False, True, True]
        assert await SERVER_LANGUAGE.read(store, 1) == "vi"
        assert await TABLES_WHERE.read(store, 2) is None
        assert await MEMBER_LANGUAGE.read(store, 100) == "id"
        assert await NOTIFY_HOW.read(store, 102) == "off"
        assert await _old_tables_left(backend) == 0  # one place for settings
    finally:
        await store.close()


async def test_i49_4_a_new_member_setting_is_one_declaration_and_no_migration(any_storage):
    """A setting no table knows: declared here with its default, kept and read back."""
    colour = Setting(MEMBER, "i49.test_colour", "red", __name__, accepts=is_text)
    assert await colour.read(any_storage, 7) == "red"  # the default, nothing stored
    await colour.write(any_storage, 7, "blue")
    assert (await colour.read(any_storage, 7), await colour.read(any_storage, 8)) == ("blue", "red")
    await any_storage.set_scoped(MEMBER, 8, "i49.test_colour", 12)  # not a colour
    assert await colour.read(any_storage, 8) == "red"
    await colour.write(any_storage, 7, None)  # back to the default
    assert await any_storage.scoped(MEMBER, 7) == {}


def test_i49_4_a_key_is_owned_by_the_one_module_that_declares_it():
    assert owners()[(SERVER, "tables_where")] == "cogs.desk.threads"
    assert owners()[(MEMBER, "notify")] == "cogs.desk.presenters.pings"
    Setting(SERVER, "tables_where", None, "cogs.desk.threads")  # its owner again: fine
    with pytest.raises(SettingTaken, match=r"cogs\.desk\.threads"):
        Setting(SERVER, "tables_where", "thread", "cogs.somewhere_else")
    with pytest.raises(ValueError, match="no scope"):
        Setting("planet", "tables_where", None, __name__)
