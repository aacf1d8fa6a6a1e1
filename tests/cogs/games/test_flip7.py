"""Flip 7 in a channel, the way people play it: lobby, turns, choices, the end."""

import asyncio

import pytest
import simcord

from bot.errors import Refusal
from bot.play.sessions import load_game
from bot.storage import EndReason
from cogs.app import create_bot
from cogs.games.flip7.texts import TEXTS as FLIP7_TEXTS
from cogs.ui.components import parse_ref
from cogs.ui.layout import Part
from cogs.wording.command_mentions import command
from engines.base import GAMES
from tests.cogs.helpers import (
    BRUTAL_FLIP7_DECK,
    acting_name,
    alice_makes_a_brutal_flip7,
    buttons,
    components,
    embed_text,
    moves_open,
    part,
    prompt,
    round_score,
    selects,
    table_of,
)
from tests.cogs.players import open_game, press, public_table
from tests.conftest import tables_in_channels

SEATED = ("alice", "bob", "carol")


async def open_table(channel, people, names=("alice", "bob", "carol"), goal=50, **options):
    host = people[names[0]]
    result = await host.slash(channel, "flip7 start", goal=goal, **options)
    assert result.acknowledged
    for name in names[1:]:
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    assert (await host.click(table_of(channel, host), label="Start")).acknowledged
    return table_of(channel, host)


async def play_one(channel, people):
    """The acting member makes a sensible move from the table's own controls."""
    table = table_of(channel, people["alice"])
    actor = people[acting_name(table)]
    shown = buttons(table)
    if "Hit" in shown:
        stay_ok = not shown["Stay"].disabled
        label = "Stay" if stay_ok and round_score(table, actor.name) >= 18 else "Hit"
        result = await actor.click(table, label=label)
    else:
        (menu,) = selects(table)
        result = await actor.select(table, [menu.options[0].value], custom_id=menu.custom_id)
    assert result.acknowledged and not result.ephemeral, embed_text(table)
    return result


async def until_hit_or_stay(channel, people):
    """Resolve opening-deal choices until someone must Hit or Stay; return that table."""
    table = table_of(channel, people["alice"])
    while "Hit" not in buttons(table):
        await play_one(channel, people)
        table = table_of(channel, people["alice"])
    return table


async def first_turn(world, **options):
    """A 3-member table at its first Hit or Stay: (table message, acting member's name)."""
    await open_table(world.channel, world.people, **options)
    table = await until_hit_or_stay(world.channel, world.people)
    return table, acting_name(table)


async def play_to_end(env, channel, people, limit=600):
    for _ in range(limit):
        table = table_of(channel, people["alice"])
        if not moves_open(table):
            return table
        await play_one(channel, people)
    raise AssertionError("the game did not end")


async def test_whole_game_from_lobby_to_leaderboard(world):
    env = world.env
    channel = world.channel
    people = world.people
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    await alice.slash(channel, "flip7 start", goal=50)
    assert (await bob.click(table_of(channel, alice), label="Join")).acknowledged
    joined = await carol.slash(channel, "flip7 join")
    assert joined.ephemeral and "carol joined" in joined.response.content
    lobby = table_of(channel, alice)
    assert f"<@{carol.id}>" in part(lobby, Part.PLAYERS)
    early = await bob.click(lobby, label="Start")
    assert early.ephemeral and "Only the host" in early.response.content

    await alice.click(lobby, label="Start")
    table = table_of(channel, alice)
    text = embed_text(table)
    assert "round 1" in part(table, Part.HEADING)
    for name in ("alice", "bob", "carol"):
        assert name in text
    assert "draw pile" in text and "dealer" in text

    final = await play_to_end(env, channel, people)
    assert "win" in part(final, Part.HEADING)
    standings = part(final, Part.RESULT).split("\n")
    assert len(standings) == 3 and all(" points" in line for line in standings)
    assert standings[0].startswith("🥇") and "Rematch" in buttons(final)
    assert "/games leaderboard" in part(final, Part.FOOTNOTE)
    table = next(m for m in reversed(channel.history(viewer=alice)) if m.id != final.id)
    assert not components(table)  # the finished table keeps no buttons
    assert "win" not in embed_text(table)  # the result is shown once, in its own message
    assert "Game over" in part(table, Part.RESULT)
    summary = part(table, Part.EARLIER)
    assert "how it ended" in summary and "**alice** " in summary and "**carol** " in summary
    assert channel.history(viewer=alice)[-1].id == final.id

    board = await alice.slash(channel, "games leaderboard", game="flip7")
    assert not board.ephemeral
    rows = board.response.embeds[0].description
    for person in (alice, bob, carol):
        assert f"<@{person.id}>" in rows
    stats = await bob.slash(channel, "games stats")
    assert "1 game · " in embed_text(stats.response.message)
    # The channel is free again.
    again = await alice.slash(channel, "flip7 start")
    assert not again.ephemeral


async def test_a_second_start_in_a_channel_opens_a_second_lobby(world):
    channel = world.channel
    people = world.people
    first = await people["alice"].slash(channel, "flip7 start")
    second = await people["bob"].slash(channel, "flip7 start")
    assert not second.ephemeral and second.response.message.id != first.response.message.id
    lobbies = await world.env.bot.storage.open_matches_in_channel(channel.id)
    assert [r.host_id for r in lobbies] == [people["alice"].id, people["bob"].id]


async def test_stranger_and_wrong_player_clicks_change_nothing(world):
    channel = world.channel
    people = world.people
    table, actor = await first_turn(world)
    before = embed_text(table)
    stranger = await people["dave"].click(table, label="Hit")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    other = next(n for n in ("alice", "bob", "carol") if n != actor)
    wrong = await people[other].click(table, label="Hit")
    assert wrong.ephemeral and f"{actor}'s turn" in wrong.response.content
    assert embed_text(table_of(channel, people["alice"])) == before


async def test_match_lock_applies_one_of_two_clicks_racing_after_a_restart(world, settings):
    """The match lock's own test. Right after a restart nothing is cached, so each click
    first reads the match from the database: an await inside the critical section. Without
    the lock both clicks would read the same version and both apply, the second failing to
    save; with it the second waits, finds the move made and is refused as out of date.
    (SimCord runs one click at a time, so the race is run on the service.)"""
    env = world.env
    _, actor_name = await first_turn(world)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    actor = world.people[actor_name]
    matches = env.bot.matches
    record = await matches.reads.open_match_in_channel(world.channel.id)
    epoch = load_game(record).epoch()
    answered = []

    async def answer(change):
        answered.append(change.record.version)

    results = await asyncio.gather(
        matches.play(record.id, actor.id, epoch, "hit", answer),
        matches.play(record.id, actor.id, epoch, "hit", answer),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and refused[0].kind == "stale_button", results
    assert answered == [record.version + 1]
    assert (await matches.reads.get_match(record.id)).version == record.version + 1
    # The same old button once more, later (a double click arriving after the first answer).
    with pytest.raises(Refusal, match=r"^stale_button$"):
        await matches.play(record.id, actor.id, epoch, "hit", answer)


async def test_match_lock_shows_moves_in_the_order_they_happened(world):
    """A move's answer (the table's redraw) runs under the match lock: a reset arriving
    while a move's table is still being drawn waits for it, so the channel never shows the
    move's table over the ended game."""
    _, actor_name = await first_turn(world)
    actor = world.people[actor_name]
    matches = world.env.bot.matches
    record = await matches.reads.open_match_in_channel(world.channel.id)
    epoch = load_game(record).epoch()
    shown = []

    async def slow_redraw(change):
        shown.append(("move starts", change.record.version))
        await asyncio.sleep(0.2)  # a slow edit of the table message
        shown.append(("move drawn", change.record.version))

    async def reset_drawn(change):
        shown.append(("reset drawn", change.record.version))

    await asyncio.gather(
        matches.play(record.id, actor.id, epoch, "hit", slow_redraw),
        matches.end(record.id, EndReason.RESET_BY_HOST, "alice", reset_drawn),
    )
    moved = record.version + 1
    assert shown == [("move starts", moved), ("move drawn", moved), ("reset drawn", moved + 1)]


async def test_choice_select_is_for_the_chooser_alone(world):
    channel = world.channel
    people = world.people
    await open_table(channel, people, goal=1000)
    for _ in range(400):
        table = table_of(channel, people["alice"])
        if selects(table):
            break
        await play_one(channel, people)
    else:
        pytest.fail("no choice came up")
    chooser = acting_name(table)
    other = next(n for n in ("alice", "bob", "carol") if n != chooser)
    (menu,) = selects(table)
    refused = await people[other].select(table, [menu.options[0].value], custom_id=menu.custom_id)
    assert refused.ephemeral and f"{chooser}'s turn" in refused.response.content
    done = await people[chooser].select(table, [menu.options[0].value], custom_id=menu.custom_id)
    assert done.acknowledged and not done.ephemeral


async def test_reset_by_moderator_host_and_refused_for_others(world):
    env = world.env
    guild = world.guild
    channel = world.channel
    people = world.people
    mod_role = guild.create_role("mods", permissions=discord_permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mod_role])
    await open_table(channel, people)
    refused = await people["bob"].slash(channel, "games reset")
    assert refused.ephemeral and "Only the game's host or a moderator" in refused.response.content
    listed = await mod.slash(channel, "games list")
    assert listed.ephemeral and "Flip 7" in listed.response.embeds[0].description
    not_listed = await people["bob"].slash(channel, "games list")
    assert not_listed.ephemeral and "Only moderators" in not_listed.response.content
    done = await mod.slash(channel, "games reset")
    assert done.ephemeral and "You ended this game of Flip 7" in done.response.content
    table = table_of(channel, people["alice"])
    ended = "Moderator mod ended the game. No result was recorded."
    assert not components(table) and ended in embed_text(table)  # no button left
    # The host can end their own game.
    await open_table(channel, people)
    by_host = await people["alice"].slash(channel, "games reset")
    assert "You ended this game of Flip 7" in by_host.response.content
    assert "The host, alice, ended the game." in embed_text(table_of(channel, people["alice"]))
    nothing = await people["alice"].slash(channel, "games reset")
    assert nothing.ephemeral and "No game is open" in nothing.response.content


def discord_permissions(**flags):
    import discord

    return discord.Permissions(**flags)


async def test_finished_game_buttons_answer_briefly(world):
    env = world.env
    channel = world.channel
    people = world.people
    table, actor_name = await first_turn(world)
    actor = people[actor_name]
    hit_id = buttons(table)["Hit"].custom_id
    await people["alice"].slash(channel, "games reset")
    assert not components(table_of(channel, people["alice"]))  # the table lost its buttons
    # A click that was already on its way (SimCord only clicks visible buttons, so send it
    # the way the button handler does).
    _, ref, stamp, code = hit_id.split(":")
    match_id, _database = parse_ref(ref)

    async def answer(change):
        raise AssertionError("a finished match must not change")

    with pytest.raises(Refusal, match=r"^already_ended$"):
        await env.bot.matches.play(match_id, actor.id, int(stamp), code, answer)


async def test_restart_mid_round_continues_from_old_message(world, settings):
    env = world.env
    channel = world.channel
    people = world.people
    table, actor_name = await first_turn(world)
    before = embed_text(table)
    old_bot = env.bot
    await old_bot.shutdown_storage()

    await env.restart_bot(create_bot(settings))
    actor = people[actor_name]
    result = await actor.click(table, label="Hit")  # a button from before the restart
    assert result.acknowledged and not result.ephemeral
    after = embed_text(table_of(channel, people["alice"]))
    assert after != before
    # The new bot saved the Hit as the actor's draw, and the table tells it.
    storage = env.bot.storage
    record = await storage.open_match_in_channel(channel.id)
    first = next(e for v, e in await storage.events(record.id) if v == record.version)
    assert first.kind == "flip" and first.data["how"] == "hit"
    assert record.seats[first.data["seat"]].name == actor.name
    names = [seat.name for seat in record.seats]
    assert FLIP7_TEXTS.event(first, names).rstrip(".") in after


async def test_turn_deadline_stays_for_the_absent_player(world):
    env = world.env
    channel = world.channel
    people = world.people
    _, actor = await first_turn(world, goal=1000)
    await env.advance_time(60)
    assert acting_name(table_of(channel, people["alice"])) == actor  # not yet
    await env.advance_time(31)
    text = embed_text(table_of(channel, people["alice"]))
    assert f"{actor} ran out of time" in text


async def test_lobby_expires_when_nobody_starts(world):
    env = world.env
    channel = world.channel
    people = world.people
    await people["alice"].slash(channel, "flip7 start")
    await env.advance_time(901)
    lobby = table_of(channel, people["alice"])
    assert not components(lobby) and "closed" in part(lobby, Part.HEADING)
    fresh = await people["bob"].slash(channel, "flip7 start")
    assert not fresh.ephemeral


async def test_ai_seats_play_by_themselves_to_the_end(world):
    env = world.env
    channel = world.channel
    people = world.people
    alice = people["alice"]
    await alice.slash(channel, "flip7 start", goal=50)
    lobby = table_of(channel, alice)
    await alice.click(lobby, label="Add AI")
    await alice.click(table_of(channel, alice), label="Add AI")
    assert "Bao (AI)" in embed_text(table_of(channel, alice))
    await alice.click(table_of(channel, alice), label="Start")
    final = await play_to_end(env, channel, {"alice": alice})
    assert "win" in part(final, Part.HEADING)
    assert "Ada (AI)" in embed_text(final)


async def test_bad_options_are_refused_by_discord(world):
    channel = world.channel
    people = world.people
    with pytest.raises(simcord.OptionError):
        await people["alice"].slash(channel, "flip7 start", goal=10)


async def test_rules_are_private(world):
    channel = world.channel
    people = world.people
    result = await people["bob"].slash(channel, "flip7 rules")
    assert result.ephemeral and "Flip 7" in result.response.embeds[0].title


async def test_deadline_survives_a_restart(world, settings):
    env = world.env
    channel = world.channel
    people = world.people
    _, actor = await first_turn(world, goal=1000)
    await env.advance_time(60)
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))  # the timer task died with the old bot
    await env.advance_time(31)  # the stored deadline, 90 s after the last move, has passed
    text = embed_text(table_of(channel, people["alice"]))
    assert f"{actor} ran out of time" in text


async def test_leaving_mid_game_hands_the_seat_to_the_ai(world):
    env = world.env
    channel = world.channel
    people = world.people
    await open_table(channel, people, goal=50)
    left = await people["bob"].slash(channel, "flip7 leave")
    assert left.ephemeral and "the AI plays their seat" in left.response.content
    assert "bob left the game" in embed_text(table_of(channel, people["alice"]))
    rest = {"alice": people["alice"], "carol": people["carol"]}
    final = await play_to_end(env, channel, rest)
    assert "win" in part(final, Part.HEADING)
    board = await env.bot.storage.standings.leaderboard(world.guild.id, "flip7")
    # Everyone is rated; bob, who left, as the last of the table.
    assert {row.user_id for row in board} == {people[n].id for n in ("alice", "bob", "carol")}
    assert board[-1].user_id == people["bob"].id


async def test_game_ends_when_every_player_leaves(world):
    channel = world.channel
    people = world.people
    await open_table(channel, people, names=("alice", "bob"))
    await people["alice"].slash(channel, "flip7 leave")
    last = await people["bob"].slash(channel, "flip7 leave")
    assert "Everyone left" in last.response.content
    table = table_of(channel, people["alice"])
    assert not components(table) and "Every player left, so the game ended." in embed_text(table)
    assert not (await people["alice"].slash(channel, "flip7 start")).ephemeral


async def test_a_failing_command_answers_privately_instead_of_silence(world, caplog, monkeypatch):
    env = world.env

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(env.bot.storage.standings, "leaderboard_size", broken)
    result = await world.people["alice"].slash(world.channel, "games leaderboard")
    assert result.ephemeral and "Something went wrong" in result.response.content
    simcord.assert_error(env, RuntimeError, contains="disk on fire")
    assert any("command games leaderboard by user" in r.getMessage() for r in caplog.records)
    caplog.get_records("call").clear()  # expected and answered: not a swallowed error


async def test_a_failing_click_answers_and_loses_nothing(world, caplog, monkeypatch):
    env, channel, people = world.env, world.channel, world.people
    table, actor_name = await first_turn(world)
    actor = people[actor_name]
    storage = env.bot.storage
    before = await storage.open_match_in_channel(channel.id)
    real_save = storage.save

    async def failing_once(*args, **kwargs):
        monkeypatch.setattr(storage, "save", real_save)
        raise OSError("disk full")

    monkeypatch.setattr(storage, "save", failing_once)
    failed = await actor.click(table, label="Hit")
    assert failed.ephemeral and failed.response.content == (
        "Your move was not made: the bot couldn't save it, so nothing changed. "
        "Please try again in a moment."
    )
    assert (await storage.get_match(before.id)).version == before.version  # nothing half-saved
    assert any(
        f"click on match {before.id} by user {actor.id} in channel {channel.id} failed"
        in r.getMessage()
        for r in caplog.records
    )
    caplog.get_records("call").clear()  # expected and answered: not a swallowed error
    again = await actor.click(table_of(channel, people["alice"]), label="Hit")
    assert again.acknowledged and not again.ephemeral
    assert (await storage.get_match(before.id)).version == before.version + 1


async def test_a_choice_says_what_the_card_does_and_what_each_player_has(world, stacked_flip7):
    stacked_flip7(["6", "−4", "8", "9", "10", "11", "12"])  # alice 6, then bob draws −4
    channel, people = world.channel, world.people
    await open_table(channel, people)
    table = table_of(channel, people["alice"])
    assert prompt(table) == "bob: give −4 to whom?"
    assert "−4: takes 4 from their round score." in part(table, Part.PROMPT)
    (menu,) = selects(table)
    details = {option.label: option.description for option in menu.options}
    assert details["alice"] == "6 · this round 6 · total 0"
    assert details["bob"] == "— · this round 0 · total 0"


async def test_f13_the_table_shows_turn_rows_totals_dealer_pile_and_why(world, stacked_flip7):
    """F13: the table makes clear whose turn it is, every row with its round score and each
    game total, the dealer, the draw pile and the last thing that happened with its reason;
    a player who must aim a card is named and offered only the legal targets."""
    stacked_flip7(["9", "5", "3", "9", "Unlucky 7", "Discard"])  # alice busts, bob is wiped
    channel, people = world.channel, world.people
    await open_table(channel, people)
    for name in ("alice", "bob", "carol"):
        assert (await people[name].click(table_of(channel, people[name]), label="Hit")).acknowledged
    table = table_of(channel, people["alice"])
    assert part(table, Part.PLAYERS).split("\n") == [
        "▫️ **alice** 💥 busted · `9` `9` · **0** · total 0",
        "▫️ **bob** 🟢 in · `Unlucky 7` · **7** · total 0",
        "▶️ **carol** 🟢 in · `3` · **3** · total 0",
    ]
    record = await world.env.bot.storage.open_match_in_channel(channel.id)
    view = GAMES["flip7"].from_dict(record.state).view(None)
    assert record.seats[view.dealer].name == "carol"
    assert f"🃏 dealer **carol** · draw pile **{view.draw_pile}**" in part(table, Part.HEADING)
    story = part(table, Part.STORY).split("\n")
    assert {"alice busted on a second 9.", "Unlucky 7 wiped bob's row."} <= set(story)
    assert story[-1] == "carol drew Discard."
    assert prompt(table) == "carol: Discard, choose a player."
    (menu,) = selects(table)
    # alice busted: no legal target of a Discard, so she is not offered
    assert [option.label for option in menu.options] == ["bob", "carol"]
    chosen = await people["carol"].select(table, ["p1"], custom_id=menu.custom_id)
    assert chosen.acknowledged and not chosen.ephemeral
    table = table_of(channel, people["alice"])
    assert part(table, Part.STORY).split("\n")[-1] == "carol discarded bob's Unlucky 7."
    assert "▶️ **bob** 🟢 in · — · **0** · total 0" in part(table, Part.PLAYERS)
    assert prompt(table) == "bob: hit or stay?"


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        ("en-US", "**carol** 0: stayed with an empty row"),
        ("vi", "**carol** 0: đã Dừng lại với hàng bài trống"),
        ("id", "**carol** 0: stay dengan barisan kosong"),
    ],
)
async def test_i26_a_player_who_stayed_on_an_empty_row_is_told_so_in_the_summary(
    simcord_env, stacked_flip7, locale, told
):
    """carol is dealt −4, gives it to alice and stays holding nothing: round 1's summary
    says so in the server's language (it used to read "**carol** 0: ")."""
    stacked_flip7(["5", "6", "−4"])
    guild = simcord_env.create_guild(preferred_locale=locale)
    await tables_in_channels(simcord_env, guild)
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(simcord_env.create_user(n)) for n in SEATED)
    await open_game(channel, alice, [bob, carol], "flip7")
    await press(carol, public_table(channel, carol), "p0")  # the −4 to alice
    for person in (alice, bob, carol):
        await press(person, public_table(channel, person), "stay")
    summary = part(public_table(channel, alice), Part.EARLIER).split("\n")
    assert told in summary, summary


async def test_i46_9_a_target_menu_names_the_chooser_as_everyone_reads_it(world, stacked_flip7):
    """The menu of whom to aim a card at sits on the public table, where every member reads
    it: each option names its player, the chooser by their own name too, never "me". In
    brutal mode a Flip 7's bonus reads "+15 to alice" beside "−15 to bob"."""
    stacked_flip7(["9", "5", "3", "9", "Unlucky 7", "Discard"])  # carol draws Discard
    channel, people = world.channel, world.people
    await open_table(channel, people)
    for name in ("alice", "bob", "carol"):
        assert (await people[name].click(table_of(channel, people[name]), label="Hit")).acknowledged
    for reader in people.values():  # the same menu for the chooser, a player and a watcher
        table = table_of(channel, reader)
        assert not table.flags.ephemeral and prompt(table) == "carol: Discard, choose a player."
        (menu,) = selects(table)
        assert [option.label for option in menu.options] == ["bob", "carol"]


async def test_i46_9_a_flip7_bonus_names_who_gets_it(world, stacked_flip7):
    stacked_flip7(BRUTAL_FLIP7_DECK)
    await alice_makes_a_brutal_flip7(world)
    (menu,) = selects(table_of(world.channel, world.people["bob"]))
    assert sorted(option.label for option in menu.options) == [
        "+15 to alice",
        "−15 to bob",
        "−15 to carol",
    ]


async def test_i46_9_an_eight_seat_tables_round_keeps_its_first_events(world, stacked_flip7):
    """Eight seats leave room for five of the round's events: the list keeps the round's
    first events that a row can't show (alice dealt a Discard that found no target) with
    the latest, and says in a whole sentence how many it leaves out between them, rather
    than starting with "…"."""
    stacked_flip7(["Discard", "2", "3", "4", "5", "6", "8", "9", "10", "11"])
    channel, people = world.channel, dict(world.people)
    for name in ("gus", "hana"):
        people[name] = world.guild.add_member(world.env.create_user(name))
    names = ("alice", "bob", "carol", "dave", "erin", "frank", "gus", "hana")
    await open_table(channel, people, names=names, goal=200)
    first = ["alice was dealt Discard.", "Discard has no legal target and is discarded."]
    lines = part(table_of(channel, people["bob"]), Part.STORY).split("\n")
    assert lines[:3] == ["**This round**", *first]
    log = command("flip7 log")  # the command's mention, as the sentence holds it
    assert (
        lines[3]
        == f"-# 5 more events of this round are not shown here: {log} tells the whole round."
    )
    assert lines[4:] == ["frank was dealt 6.", "gus was dealt 8.", "hana was dealt 9."]
    alice = people["alice"]
    assert (await alice.click(table_of(channel, alice), label="Hit")).acknowledged
    lines = part(table_of(channel, people["bob"]), Part.STORY).split("\n")
    assert lines[1:3] == first and lines[-1] == "alice flipped 10."
    assert lines[3].startswith("-# 6 more events of this round are not shown here: ")
    assert "…" not in lines
