"""What every game shares, played as members would: lobby buttons, time-outs, seats
handed to the AI and taken back, and commands where no game can be."""

from __future__ import annotations

import asyncio

import discord
import pytest
from simcord.backend.errors import OptionError

from bot.errors import Refusal
from cogs.ui.layout import Part
from tests.cogs.helpers import (
    BRUTAL_FLIP7_DECK,
    alice_makes_a_brutal_flip7,
    buttons,
    components,
    embed_text,
    part,
    pings,
    prompt,
    seat_three,
    table_of,
)


async def test_games_live_in_server_channels_a_dm_is_told_so(world):
    user = world.env.create_user("dmuser")
    for command in ("flip7 join", "games leaderboard", "games stats"):
        result = await user.slash(command)
        assert result.ephemeral, command
        assert "server channels" in result.response.content, command


async def test_a_double_click_on_add_ai_adds_one(world):
    channel, alice = world.channel, world.people["alice"]
    await alice.slash(channel, "flip7 start")
    lobby = table_of(channel, alice)
    stamp = int(buttons(lobby)["Add AI"].custom_id.split(":")[2])
    matches = world.env.bot.matches
    record = await matches.reads.open_match_in_channel(channel.id)
    answer = world.env.bot.get_cog("Desk").tables.publish  # redraw the table, as a click does

    await matches.act_in_lobby(record.id, alice.id, "alice", "ai", answer, stamp)
    with pytest.raises(Refusal, match=r"^stale_lobby_button$"):  # the second click of the pair
        await matches.act_in_lobby(record.id, alice.id, "alice", "ai", answer, stamp)
    assert len((await matches.reads.get_match(record.id)).seats) == 2
    assert (await alice.click(table_of(channel, alice), label="Add AI")).acknowledged
    seating = embed_text(table_of(channel, alice))
    assert "`3.` 🤖 Bao (AI)" in seating and "`4.`" not in seating


async def test_a_time_out_decides_every_step_of_a_swap_at_once(world, stacked_flip7, settings):
    stacked_flip7(["5", "9", "3", "Swap"])
    table = await seat_three(world)
    alice = world.people["alice"]
    assert (await alice.click(table, label="Hit")).acknowledged  # alice draws the Swap
    assert "alice: Swap, choose the first player." in embed_text(table_of(world.channel, alice))
    await world.env.advance_time(settings.turn_timeout + 1)
    table = table_of(world.channel, alice)
    text = embed_text(table)
    assert text.count("alice ran out of time") == 1
    assert "alice swapped" in text  # every step taken by the one time-out
    assert prompt(table) == "bob: hit or stay?"


async def test_flip7_round_end_says_why_until_every_member_had_a_turn(world, stacked_flip7):
    """The move that ends a round stays visible: each player's score with its cause, kept
    on the table until every member still in the next round has taken a turn; /flip7 log
    has the whole round, and the finished one beside it while the table still shows it."""
    stacked_flip7(["5", "5", "6", "5", "7", "8", "9"])
    table = await seat_three(world)
    people, channel = world.people, world.channel
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    assert (await alice.click(table, label="Hit")).acknowledged  # a second 5: bust
    log = await carol.slash(channel, "flip7 log")
    assert log.ephemeral
    story = log.response.embeds[0].description
    assert "alice was dealt 5." in story and "alice busted on a second 5." in story
    assert (await bob.click(table_of(channel, bob), label="Stay")).acknowledged
    assert (await carol.click(table_of(channel, carol), label="Stay")).acknowledged
    table = table_of(channel, alice)
    told = part(table, Part.EARLIER).split("\n")
    assert told[0] == "**Round 1: how it ended**"
    assert told[1].startswith("**alice** 0: ") and told[1].endswith("💥 on a second 5")
    assert told[2:] == ["**bob** 5: `5`", "**carol** 6: `6`"]  # staying goes unsaid
    assert "bob was dealt 7." in part(table, Part.STORY)  # the next round's deal is shown too
    log = (await carol.slash(channel, "flip7 log")).response.embeds[0]
    assert log.title.endswith("round 1 and 2") and "**Round 1**" in log.description
    assert "alice busted on a second 5." in log.description
    assert (await bob.click(table_of(channel, bob), label="Stay")).acknowledged
    assert "Round 1: how it ended" in embed_text(table_of(channel, alice))  # carol, alice next
    assert (await carol.click(table_of(channel, carol), label="Hit")).acknowledged
    assert "Round 1: how it ended" in embed_text(table_of(channel, alice))
    assert (await alice.click(table_of(channel, alice), label="Hit")).acknowledged
    assert "Round 1: how it ended" not in embed_text(table_of(channel, alice))
    log = (await carol.slash(channel, "flip7 log")).response.embeds[0]
    assert log.title.endswith("round 2") and "alice busted" not in log.description
    earlier = (await carol.slash(channel, "flip7 log", round=1)).response.embeds[0]
    assert "alice busted on a second 5." in earlier.description
    missing = await carol.slash(channel, "flip7 log", round=9)
    assert missing.ephemeral and "no round 9" in missing.response.content


async def test_a_turn_mentions_an_away_member_reminds_once_and_the_ping_goes(
    world, stacked_flip7, settings
):
    stacked_flip7(["5", "9", "3"])
    await seat_three(world)
    alice, bob = world.people["alice"], world.people["bob"]
    # alice just clicked Start, so she is at the table: no mention for her first turn.
    assert pings(world, bob) == []
    await world.env.advance_time(61)  # 29 s left: the one reminder, posted at 30 s left
    assert pings(world, bob) == [
        f"⏰ <@{alice.id}>, 30 seconds left to move in Flip 7: With a Vengeance; "
        "then the bot moves for you."
    ]
    assert (await alice.click(table_of(world.channel, alice), label="Stay")).acknowledged
    # Her reminder is gone; bob, who has not acted for a minute, is mentioned.
    assert pings(world, bob) == [f"<@{bob.id}>, it's your turn in Flip 7: With a Vengeance."]
    assert (await bob.click(table_of(world.channel, bob), label="Stay")).acknowledged
    assert not any(f"<@{bob.id}>" in ping for ping in pings(world, bob))


async def test_moderators_turn_pings_off_for_their_server(world, stacked_flip7):
    stacked_flip7(["5", "9", "3"])
    people = world.people
    refused = await people["bob"].slash(world.channel, "games reminders", on=False)
    assert refused.ephemeral and "Only moderators" in refused.response.content
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[mods])
    answer = await mod.slash(world.channel, "games reminders", on=False)
    assert answer.ephemeral and "off in this server" in answer.response.content
    await seat_three(world)
    await world.env.advance_time(61)
    assert pings(world, people["bob"]) == []


async def test_a_time_out_never_aims_a_flip_four_at_the_absent_player(
    world, stacked_flip7, settings
):
    """The bot moves for an absent member with the strong AI's judgement, never against
    them: Flip Four! goes to someone else, not to the first option on the list."""
    stacked_flip7(["5", "9", "3", "Flip Four!"])
    table = await seat_three(world)
    alice = world.people["alice"]
    assert (await alice.click(table, label="Hit")).acknowledged
    text = embed_text(table_of(world.channel, alice))
    assert "alice drew Flip Four!" in text and "alice: play Flip Four! on whom?" in text
    await world.env.advance_time(settings.turn_timeout + 1)
    text = embed_text(table_of(world.channel, alice))
    assert "alice ran out of time" in text
    assert "alice plays Flip Four! on bob." in text or "alice plays Flip Four! on carol." in text


async def test_the_zero_footer_names_the_player_once(world, stacked_flip7):
    stacked_flip7(["Zero", "9", "3"])
    table = await seat_three(world)
    assert part(table, Part.PROMPT).count("alice") == 1
    assert prompt(table) == "alice holds The Zero and must hit."
    assert "alice was dealt Zero." in embed_text(table)
    assert buttons(table)["Stay"].disabled


async def test_rules_follow_the_channels_match(world):
    alice = world.people["alice"]
    before = await alice.slash(world.channel, "flip7 rules")
    assert "(200)" in before.response.embeds[0].description  # no match: the defaults
    await alice.slash(world.channel, "flip7 start", goal=100, brutal=True)
    during = await alice.slash(world.channel, "flip7 rules")
    assert during.ephemeral
    text = during.response.embeds[0].description
    assert "(100)" in text and "(200)" not in text and "brutal" in text.lower()
    # Once the match is over (here: ended), the rules are still the ones it was played by.
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[mods])
    assert (await mod.slash(world.channel, "games reset")).ephemeral
    after = (await alice.slash(world.channel, "flip7 rules")).response.embeds[0].description
    assert "(100)" in after and "(200)" not in after


async def test_brutal_flip7_minus_15_is_explained_in_the_round_story(world, stacked_flip7):
    """In brutal mode a −15 from someone's Flip 7 is named on the table, not left as a
    mystery in the totals."""
    stacked_flip7(BRUTAL_FLIP7_DECK)
    await alice_makes_a_brutal_flip7(world)
    channel, alice = world.channel, world.people["alice"]
    table = table_of(channel, alice)
    (menu,) = [c for c in components(table) if isinstance(c, discord.SelectMenu)]
    bob_loses = next(o.value for o in menu.options if o.label == "−15 to bob")
    assert (await alice.select(table, [bob_loses], custom_id=menu.custom_id)).acknowledged
    table = table_of(channel, alice)
    text = embed_text(table)
    told = part(table, Part.EARLIER).split("\n")
    assert told[1].startswith("**alice** 43: ")
    assert told[1].endswith(" · Flip 7 took 15 from bob")
    assert told[2] == "**bob** 2: `2` · −15 from alice's Flip 7"
    assert "total −13" in part(table, Part.PLAYERS) and "-13" not in text  # a minus, as on cards


async def test_a_slow_move_is_deferred_and_still_shown(world, stacked_flip7):
    """A click whose work outlasts 2 s is acknowledged first (Discord allows 3 s), then the
    table is edited: no member ever sees "This interaction failed"."""
    stacked_flip7(["5", "9", "3"])
    table = await seat_three(world)
    alice = world.people["alice"]
    world.env.bot.storage.save = _slowed(world.env.bot.storage.save)
    result = await alice.click(table, label="Stay")
    assert result.acknowledged and result.deferred
    assert "alice stays." in embed_text(table_of(world.channel, alice))


async def test_each_slow_click_is_deferred_and_no_quick_one(world, stacked_flip7):
    """The deferral's one timer serves click after click: a quick click in between is
    answered directly, and a later slow one is still deferred."""
    stacked_flip7(["5", "9", "3"])
    await seat_three(world)
    people, storage = world.people, world.env.bot.storage
    save = storage.save
    for name, slow in (("alice", True), ("bob", False), ("carol", True)):
        storage.save = _slowed(save) if slow else save
        result = await people[name].click(table_of(world.channel, people[name]), label="Stay")
        assert result.acknowledged and result.deferred == slow, name
    # Everyone stayed, the last of them by a deferred click: the round ended on the table.
    assert "Round 1: how it ended" in embed_text(table_of(world.channel, people["alice"]))


async def test_a_slow_pick_from_a_private_hand_updates_that_hand(world):
    channel, people = world.channel, world.people
    await people["alice"].slash(channel, "sinkorswim start")
    for name in ("bob", "carol"):
        await people[name].click(table_of(channel, people["alice"]), label="Join")
    await people["alice"].click(table_of(channel, people["alice"]), label="Start")
    opened = await people["bob"].click(table_of(channel, people["bob"]), label="Pick a card")
    hand = opened.response.message
    card = next(c for c in components(hand) if (c.custom_id or "").startswith("mv:"))
    world.env.bot.storage.save = _slowed(world.env.bot.storage.save)
    result = await people["bob"].click(hand, custom_id=card.custom_id)
    assert result.acknowledged and result.deferred
    shown = next(m for m in channel.history(viewer=people["bob"]) if m.id == hand.id)
    assert f"You picked {card.label.split()[0]}" in embed_text(shown)


def _slowed(save):
    async def slow(*args, **kwargs):
        await asyncio.sleep(2.5)
        return await save(*args, **kwargs)

    return slow


def _synced_group(env, key: str) -> dict:
    return next(c for c in env.backend.commands[None].values() if c["name"] == key)


async def test_start_commands_and_hand_commands_follow_each_games_info(world):
    """`/<game> start` takes exactly the game's lobby options with their ranges, choices and
    defaults, plus the pace, place and practice every game has, and `hand` exists only where the
    game hides hands (GameInfo.hidden_hands)."""
    from bot.rules.pace import PACES
    from engines.base import GAMES

    for key, info in GAMES.items():
        if key == "nim":  # registered by another test's import; this bot has no Nim plug-in
            continue
        group = _synced_group(world.env, key)
        subcommands = {c["name"]: c for c in group["options"]}
        assert ("hand" in subcommands) == info.hidden_hands, key
        start = {o["name"]: o for o in subcommands["start"].get("options", [])}
        shared = {"pace", "where", "practice"}
        assert set(start) == {option.name for option in info.options} | shared, key
        assert start["practice"]["type"] == 5 and not start["practice"].get("required")  # bool
        assert [c["value"] for c in start["pace"]["choices"]] == list(PACES), key
        assert start["pace"].get("required", False) is False  # live unless chosen
        assert [c["value"] for c in start["where"]["choices"]] == ["thread", "channel"], key
        assert start["where"].get("required", False) is False  # as the server chose
        for option in info.options:
            synced = start[option.name]
            assert synced.get("required", False) is False  # every option has a default
            if option.low is not None:
                assert (synced["min_value"], synced["max_value"]) == (option.low, option.high)
            if option.choices:
                assert [c["value"] for c in synced["choices"]] == list(option.choices)
    # Discord itself refuses a value out of the engine's range, as SimCord does here.
    with pytest.raises(OptionError, match="must be ≥ 50"):
        await world.people["alice"].slash(world.channel, "flip7 start", goal=49)
