"""Who reads what, in which language, played as members would.

The mechanism is tested with tagged pseudo-languages standing in for Vietnamese and
Indonesian ("⟦vi:…⟧", "⟦id:…⟧"), so each text shows whose catalog worded it; the tests at
the end play on the real catalogs and need the translators' work."""

from __future__ import annotations

import re
from types import SimpleNamespace

import discord
import pytest

from cogs.app import create_bot
from cogs.wording import i18n
from cogs.wording.commands_i18n import valid_name
from cogs.wording.i18n import LANGUAGES
from cogs.wording.language import MEMBER_LANGUAGE, SERVER_LANGUAGE
from engines.base import GAMES
from playground.sim_locales import client_locales
from tests.cogs.helpers import components
from tests.cogs.players import (
    open_game,
    play_step,
    play_to_end,
    public_table,
    seen_by,
    shown_text,
)
from tests.conftest import tables_in_channels
from tests.i18n.catalogs import english_fragments, pseudo_translations

CLIENTS = {"ann": "en-US", "bao": "vi", "citra": "id"}
TAGGED = ("vi", "id")


@pytest.fixture
def tagged():
    """Vietnamese and Indonesian read as tagged pseudo-languages for this test."""
    for language in TAGGED:
        i18n.install(language, pseudo_translations(language))
    yield
    for language in TAGGED:
        i18n.forget(language)


async def _server(env, preferred_locale: str = "en-US", clients=CLIENTS):
    guild = env.create_guild(preferred_locale=preferred_locale)
    await tables_in_channels(env, guild)
    channel = guild.create_text_channel("games")
    people = {}
    for name, locale in clients.items():
        people[name] = guild.add_member(env.create_user(name))
        client_locales(env).set(people[name], locale)
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    return SimpleNamespace(env=env, guild=guild, channel=channel, people=people, mod=mod)


def _tags(text: str) -> set[str]:
    return {language for language in TAGGED if f"⟦{language}:" in text} | (
        {"en"} if "⟦" not in text else set()
    )


async def test_each_member_reads_privately_in_their_language_and_the_table_in_the_servers(
    tagged, simcord_env
):
    place = await _server(simcord_env, preferred_locale="vi")
    channel, people = place.channel, place.people
    ann, bao, citra = people["ann"], people["bao"], people["citra"]
    await open_game(channel, ann, [bao, citra], "sinkorswim")
    for _ in range(3):  # three tricks, each member picking from their own hand
        await play_step(simcord_env, channel, list(people.values()))
    for person in people.values():
        refused = await person.slash(channel, "flip7 table")  # no Flip 7 game here
        assert refused.ephemeral
        for command in ("sinkorswim rules", "sinkorswim log", "sinkorswim hand"):
            assert (await person.slash(channel, command)).ephemeral
    for name, person in people.items():
        public, private = seen_by(channel, person)
        assert public and all(_tags(text) == {"vi"} for text in public), public[-1]
        own = CLIENTS[name].split("-")[0]
        assert len(private) >= 4  # the refused table, the rules, the log and one live hand
        assert all(_tags(text) == {own} for text in private), (name, private)


async def test_a_member_may_choose_their_own_language(tagged, simcord_env):
    place = await _server(simcord_env, clients={"ann": "fr"})  # not one of ours
    ann, channel = place.people["ann"], place.channel
    rules = await ann.slash(channel, "flip7 rules")
    assert _tags(shown_text(rules.response.message)) == {"en"}  # the server's language
    chosen = await ann.slash(channel, "games mylanguage", language="id")
    assert chosen.ephemeral and _tags(chosen.response.content) == {"id"}
    rules = await ann.slash(channel, "flip7 rules")
    assert _tags(shown_text(rules.response.message)) == {"id"}
    assert await MEMBER_LANGUAGE.read(simcord_env.bot.storage, ann.id) == "id"


async def test_the_servers_language_is_a_moderators_and_survives_a_restart(
    tagged, simcord_env, settings
):
    place = await _server(simcord_env)
    channel, people = place.channel, place.people
    ann, bao = people["ann"], people["bao"]
    await open_game(channel, ann, [bao], "flip7", goal=200)
    assert _tags(shown_text(public_table(channel, ann))) == {"en"}
    refused = await bao.slash(channel, "games language", language="id")
    assert refused.ephemeral and _tags(refused.response.content) == {"vi"}  # Bao's own
    assert "⟦vi:" in refused.response.content
    assert await SERVER_LANGUAGE.read(simcord_env.bot.storage, place.guild.id) is None
    chosen = await place.mod.slash(channel, "games language", language="id")
    assert chosen.ephemeral
    await play_step(simcord_env, channel, list(people.values()))  # the next table edit
    assert _tags(shown_text(public_table(channel, ann))) == {"id"}
    await simcord_env.bot.shutdown_storage()
    await simcord_env.restart_bot(create_bot(settings))
    await play_step(simcord_env, channel, list(people.values()))
    assert _tags(shown_text(public_table(channel, ann))) == {"id"}
    await place.mod.slash(channel, "games language", language="auto")
    await play_step(simcord_env, channel, list(people.values()))
    assert _tags(shown_text(public_table(channel, ann))) == {"en"}  # the server's own: en-US


def _walk(command: dict) -> list[dict]:
    """A synced command and everything under it that Discord names: groups, subcommands,
    options and choices."""
    found = [command]
    for option in command.get("options", []):
        found += _walk(option)
    for choice in command.get("choices", []) or []:
        found.append(choice)
    return found


def _synced(env) -> list[dict]:
    """Every named thing of the synced tree but the language choices, which name each
    language in itself ("Tiếng Việt") for every reader."""
    return [
        item
        for command in env.backend.commands[None].values()
        for item in _walk(command)
        if item.get("value") not in LANGUAGES
    ]


async def test_the_synced_commands_carry_vietnamese_and_indonesian_names(tagged, simcord_env):
    await simcord_env.bot.tree.sync()  # again, now with the tagged catalogs
    items = _synced(simcord_env)
    assert len(items) > 40
    for item in items:
        for language in TAGGED:
            name = item["name_localizations"][language]
            if "description" not in item:  # a choice: a phrase, not a name
                assert name.startswith(f"⟦{language}:"), item
                continue
            assert item["name"] == valid_name(item["name"])
            assert name.startswith(language) and name == valid_name(name), name
            assert item["description_localizations"][language].startswith(f"⟦{language}:")


async def test_the_real_catalogs_name_every_command_option_and_choice(simcord_env):
    missing = [
        (item["name"], language)
        for item in _synced(simcord_env)
        for language in TAGGED
        if language not in (item.get("name_localizations") or {})
        or ("description" in item and language not in (item.get("description_localizations") or {}))
    ]
    assert not missing, missing[:10]


def _english_in(texts: list[str], fragments: set[str]) -> list[str]:
    return [piece for text in texts for piece in fragments if piece in text]


@pytest.mark.parametrize(
    ("language", "key", "options"),
    [("vi", "flip7", {"goal": 50}), ("id", "sinkorswim", {}), ("id", "sequence", {})],
)
async def test_a_whole_game_shows_no_english(simcord_env, language, key, options):
    """Every public and private text of a whole game, on a server in `language` whose
    members' apps are in it too, holds no English source text."""
    clients = {name: language for name in CLIENTS}
    place = await _server(simcord_env, preferred_locale=language, clients=clients)
    channel, people = place.channel, list(place.people.values())
    await open_game(channel, people[0], people[1:], key, **options)
    await play_to_end(simcord_env, channel, people)
    for person in people:
        await person.slash(channel, f"{key} rules")
    fragments = english_fragments()
    for person in people:
        public, private = seen_by(channel, person)
        assert not _english_in(public + private, fragments)


async def test_a_bystanders_click_is_refused_in_their_language(tagged, simcord_env):
    place = await _server(simcord_env)
    channel, people = place.channel, place.people
    ann, bao, citra = people["ann"], people["bao"], people["citra"]
    await open_game(channel, ann, [bao], "flip7", goal=200)
    table = public_table(channel, ann)
    # A bystander's click on the table's first button (Hit, or a seat's own button when the
    # deal opened on a choice and the table offers a menu instead).
    buttons = [c for c in components(table) if c.custom_id]
    move = next((c for c in buttons if isinstance(c, discord.Button)), None)
    if move is not None:
        refused = await citra.click(table, custom_id=move.custom_id)
    else:
        (menu,) = buttons
        refused = await citra.select(table, [menu.options[0].value], custom_id=menu.custom_id)
    assert refused.ephemeral and _tags(refused.response.content) == {"id"}
    joined = await citra.slash(channel, "flip7 join")  # too late: the game has started
    assert joined.ephemeral and _tags(joined.response.content) == {"id"}
    assert _tags(shown_text(public_table(channel, ann))) == {"en"}


@pytest.mark.parametrize("server", ["vi", "id"])
async def test_hands_stay_private_in_every_language(tagged, simcord_env, server):
    """The leak scan, whatever the languages: after every pick, a card button a member
    can see is one of their own cards, and no public message carries one."""
    place = await _server(simcord_env, preferred_locale=server)
    channel, people = place.channel, list(place.people.values())
    await open_game(channel, people[0], people[1:], "sinkorswim")
    storage = simcord_env.bot.storage
    private_cards = 0
    while await play_step(simcord_env, channel, people):
        record = await storage.open_match_in_channel(channel.id)
        if record is None:
            break
        game = GAMES["sinkorswim"].from_dict(record.state)
        for person in people:
            own = set(game.hand(record.seat_of(person.id)))
            for message in channel.history(viewer=person):
                cards = {
                    int(found.group(1))
                    for item in components(message)
                    if (found := re.search(r":p(\d+)$", getattr(item, "custom_id", "") or ""))
                }
                assert cards <= (own if message.flags.ephemeral else set()), person.name
                private_cards += len(cards)
    assert private_cards > 100  # the hands were there to leak
