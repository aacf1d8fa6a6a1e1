"""Ratings, seasons and match history as members use them: finish matches with members and
AI seats, then read the leaderboard and its pages, the provisional members, the stats, the
history and each match's story, start a new season, export, and restart the bot."""

from __future__ import annotations

import csv
import io

import discord
import pytest

import cogs.server.history
import cogs.server.standings
from cogs.app import create_bot
from cogs.desk.story import story_button
from cogs.wording.words import event_text, names_at_each
from tests.cogs.helpers import components, embed_text, selects
from tests.cogs.players import click_id, fresh, play_to_end, public_table

GAME = "flip7"


async def add_ai(host, channel) -> None:
    await click_id(host, public_table(channel, host), ":ai")


async def finish(world, names: list[str], ais: int = 0) -> None:
    """A Flip 7 match (goal 50) of these members and `ais` AI seats, played to its end."""
    people = [world.people[name] for name in names]
    host, channel = people[0], world.channel
    assert (await host.slash(channel, f"{GAME} start", goal=50)).acknowledged
    for person in people[1:]:
        await click_id(person, public_table(channel, host), ":join")
    for _ in range(ais):
        await add_ai(host, channel)
    await click_id(host, public_table(channel, host), ":start")
    await play_to_end(world.env, channel, people)


def private_pages(channel, viewer) -> list[discord.Message]:
    return [m for m in channel.history(viewer=viewer) if m.flags.ephemeral and m.embeds]


def page_buttons(message: discord.Message) -> dict[str, discord.Button]:
    """The page buttons by direction: ◀️ back, ▶️ next and, on a replay, ⏮️ first, ⏭️ last;
    a replay's buttons (labelled) by their labels too ("Next step", "Previous round")."""
    ways = {"▶️": "next", "◀️": "back", "⏮️": "first", "⏭️": "last"}
    found = {}
    for item in components(message):
        if isinstance(item, discord.Button) and (item.custom_id or "").startswith("pg:"):
            if str(item.emoji) in ways:
                found[ways[str(item.emoji)]] = item
            if item.label:
                found[item.label] = item
    return found


def moderator(world):
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(world.env.create_user("mod"), roles=[mods])


@pytest.fixture
async def played(world):
    """Five finished matches: alice and bob in all five (with an AI seat in four), carol in
    one; so alice and bob are ranked and carol is provisional."""
    for _ in range(4):
        await finish(world, ["alice", "bob"], ais=1)
    await finish(world, ["alice", "bob", "carol"])
    return world


@pytest.mark.game_seed(3)
async def test_the_leaderboard_ranks_by_rating_with_pages_and_provisional_members(
    played, monkeypatch
):
    world = played
    alice, bob, carol = (world.people[n] for n in ("alice", "bob", "carol"))
    storage = world.env.bot.storage
    rows = await storage.standings.leaderboard(world.guild.id, GAME, limit=50)
    assert [r.user_id for r in rows if not r.provisional] and rows[-1].user_id == carol.id
    assert rows[-1].provisional and rows[-1].games == 1

    board = await carol.slash(world.channel, "games leaderboard", game=GAME)
    assert board.acknowledged and not board.ephemeral
    text = embed_text(board.response)
    ranked = [r for r in rows if not r.provisional]
    assert [text.index(f"<@{r.user_id}>") for r in ranked] == sorted(
        text.index(f"<@{r.user_id}>") for r in ranked
    )  # highest conservative rating first
    first = ranked[0]
    assert f"`1.` <@{first.user_id}> — **{first.shown:,}** · 5 games" in text
    assert text.index("**Provisional**") < text.index(f"<@{carol.id}>")
    assert "season 1" in board.response.embeds[0].title
    assert not page_buttons(board.response.message)  # one page: no buttons
    (hard,) = (await storage.standings.ai_ratings(world.guild.id, GAME)).values()
    assert f"🤖 AI players, all-time: hard {hard.shown:,}" in text

    # Two rows a page: three members make two pages; the public board's ▶️ opens page 2
    # privately for whoever clicks, and ◀️ there turns that private copy back.
    monkeypatch.setattr(cogs.server.standings, "ROWS_PER_PAGE", 2)
    board = await alice.slash(world.channel, "games leaderboard", game=GAME, period="all")
    assert "all-time" in board.response.embeds[0].title
    assert "Page 1 of 2" in embed_text(board.response)
    assert page_buttons(board.response.message)["back"].disabled
    turned = await bob.click(
        board.response.message, custom_id=page_buttons(board.response.message)["next"].custom_id
    )
    assert turned.acknowledged and turned.ephemeral
    page_two = fresh(world.channel, bob, turned.response.id)
    shown = embed_text(page_two)
    assert "Page 2 of 2" in shown and f"<@{carol.id}>" in shown and "**Provisional**" in shown
    assert f"<@{alice.id}>" not in shown
    assert page_buttons(page_two)["next"].disabled
    back = await bob.click(page_two, custom_id=page_buttons(page_two)["back"].custom_id)
    assert back.acknowledged
    again = fresh(world.channel, bob, page_two.id)  # edited in place
    assert "Page 1 of 2" in embed_text(again) and f"<@{carol.id}>" not in embed_text(again)
    # Everyone else still sees the public board at its first page.
    assert "Page 1 of 2" in embed_text(fresh(world.channel, alice, board.response.id))


@pytest.mark.game_seed(3)
async def test_stats_show_each_games_rating_change_and_trend(played):
    world = played
    bob, dave = world.people["bob"], world.people["dave"]
    storage = world.env.bot.storage
    (row,) = (await storage.standings.member_ratings(world.guild.id, bob.id, season=False)).values()
    stats = await dave.slash(world.channel, "games stats", member=bob)
    assert stats.acknowledged and not stats.ephemeral
    message = stats.response.message
    text = embed_text(message)
    assert "bob's ratings" in text and "Flip 7" in text
    change = row.last_change
    sign = "±0" if change == 0 else f"+{change}" if change > 0 else f"−{-change}"
    assert f"Rating **{row.shown:,}** ({sign} in the last match)" in text
    assert "5 games" in text and "Provisional" not in text
    (picture,) = message.attachments
    assert picture.filename == "trend.png"
    assert (await picture.read()).startswith(b"\x89PNG")
    assert message.embeds[0].image.url == "attachment://trend.png"

    nothing = await dave.slash(world.channel, "games stats")
    assert (
        nothing.ephemeral
        and "dave hasn't finished a rated game here yet" in nothing.response.content
    )


@pytest.mark.game_seed(3)
async def test_history_pages_and_each_matchs_story_as_the_events_tell_it(played, monkeypatch):
    world = played
    alice, carol = world.people["alice"], world.people["carol"]
    storage = world.env.bot.storage
    monkeypatch.setattr(cogs.server.history, "PER_PAGE", 2)
    listed = await alice.slash(world.channel, "games history")
    assert listed.ephemeral
    first = listed.response.message
    assert "alice's matches" in embed_text(first) and "Page 1 of 3" in embed_text(first)
    matches = await storage.standings.history(world.guild.id, user_id=alice.id, limit=10)
    assert len(matches) == 5
    newest = matches[0]
    assert f"#{newest.match_id}" in embed_text(
        first
    ) and f"#{matches[2].match_id}" not in embed_text(first)
    turned = await alice.click(first, custom_id=page_buttons(first)["next"].custom_id)
    page_two = fresh(world.channel, alice, first.id)
    assert turned.acknowledged and "Page 2 of 3" in embed_text(page_two)
    assert f"#{matches[2].match_id}" in embed_text(page_two)

    # The oldest match, with an AI seat: its story, privately, page by page.
    oldest = matches[-1]
    last = await alice.click(page_two, custom_id=page_buttons(page_two)["next"].custom_id)
    assert last.acknowledged
    page_three = fresh(world.channel, alice, first.id)
    menu, _replays = selects(page_three)
    ref = next(o.value for o in menu.options if o.value.startswith(f"{oldest.match_id}."))
    opened = await alice.select(page_three, [ref], custom_id=menu.custom_id)
    assert opened.acknowledged and opened.ephemeral
    story = fresh(world.channel, alice, opened.response.id)
    summary = embed_text(story)
    assert f"the story of match {oldest.match_id}" in summary
    assert "Ada (AI, hard)" in summary and "**The end:** The game was played to the end;" in summary
    pages = [summary]
    while not page_buttons(story)["next"].disabled:
        assert (
            await alice.click(story, custom_id=page_buttons(story)["next"].custom_id)
        ).acknowledged
        story = fresh(world.channel, alice, story.id)
        pages.append(embed_text(story))
    told = "\n".join(pages)
    assert "Round 1" in pages[1] and "**The end:**" in pages[-1]

    # Every event the match logged is told, in order, in the words of /flip7 log.
    record = await storage.get_match(oldest.match_id)
    logged = [event for _v, event in await storage.standings.match_events(oldest.match_id)]
    texts = world.env.bot.get_cog("Desk").renderers[GAME].texts
    lines = [
        event_text(texts, event, names)
        for event, names in zip(logged, names_at_each(record.seats, logged), strict=True)
    ]
    at = 0
    for line in lines:
        at = told.index(line, at)
    assert any("Ada (AI)" in line for line in lines)

    # Another member opens the same story from its button, as the end-of-game message has it.
    channel = world.env.bot.get_channel(world.channel.id)
    view = discord.ui.View(timeout=None)
    view.add_item(story_button(ref))
    posted = await channel.send("story", view=view)
    message = fresh(world.channel, carol, posted.id)
    clicked = await carol.click(message, label="Match story")
    assert clicked.acknowledged and clicked.ephemeral
    assert f"the story of match {oldest.match_id}" in embed_text(clicked.response.message)

    # Old logs are cleared by retention: the story says so; the result still lists.
    await storage.standings.prune_events(world.env.bot.matches.clock() + 1)
    gone = await alice.select(page_three, [ref], custom_id=menu.custom_id)
    assert gone.ephemeral and "no longer kept" in gone.response.content
    nobody = await alice.slash(world.channel, "games history", member=world.people["dave"])
    assert (
        nobody.ephemeral
        and "dave has no finished matches in this server" in nobody.response.content
    )


@pytest.mark.game_seed(3)
async def test_a_new_season_fills_the_hall_and_starts_fresh_and_a_restart_keeps_it_all(
    played, settings, monkeypatch
):
    world = played
    monkeypatch.setattr(cogs.server.standings, "ROWS_PER_PAGE", 2)
    alice, bob = world.people["alice"], world.people["bob"]
    refused = await alice.slash(world.channel, "games season new")
    assert refused.ephemeral and "Only moderators" in refused.response.content
    empty_hall = await alice.slash(world.channel, "games season hall")
    assert empty_hall.ephemeral and "hall of fame is empty" in empty_hall.response.content
    old_board = await bob.slash(world.channel, "games leaderboard", game=GAME)
    ranked = [
        r
        for r in await world.env.bot.storage.standings.leaderboard(world.guild.id, GAME)
        if not r.provisional
    ]

    mod = moderator(world)
    begun = await mod.slash(world.channel, "games season new")
    assert begun.acknowledged and not begun.ephemeral
    announced = embed_text(begun.response)
    assert "Season 2 begins" in announced and "Season 1's best" in announced
    assert all(f"<@{r.user_id}> {r.shown:,}" in announced for r in ranked)

    # The new season's board is empty, and so is what the last season's board's button
    # leads to now; the all-time board carries on.
    fresh_board = await bob.slash(world.channel, "games leaderboard", game=GAME)
    assert fresh_board.ephemeral and "this season yet" in fresh_board.response.content
    old = old_board.response.message
    stale = await alice.click(old, custom_id=page_buttons(old)["next"].custom_id)
    assert stale.ephemeral and "this season yet" in stale.response.content
    all_time = await bob.slash(world.channel, "games leaderboard", game=GAME, period="all")
    assert f"<@{alice.id}>" in embed_text(all_time.response)

    await world.env.bot.shutdown_storage()
    await world.env.restart_bot(create_bot(settings))
    # A page button from before the restart still turns the page.
    board = all_time.response.message
    turned = await alice.click(board, custom_id=page_buttons(board)["next"].custom_id)
    assert turned.ephemeral and "Page 2 of 2" in embed_text(turned.response.message)
    hall = await bob.slash(world.channel, "games season hall")
    assert not hall.ephemeral and "Season 1" in embed_text(hall.response)
    assert all(f"<@{r.user_id}>" in embed_text(hall.response) for r in ranked)
    listed = await alice.slash(world.channel, "games history")
    assert listed.ephemeral and "alice's matches" in embed_text(listed.response.message)
    stats = await alice.slash(world.channel, "games stats")
    assert "This season" not in embed_text(stats.response.message)  # none yet in season 2

    refused = await alice.slash(world.channel, "games export")
    assert refused.ephemeral and "Only moderators" in refused.response.content
    exported = await mod.slash(world.channel, "games export")
    assert exported.acknowledged and exported.ephemeral
    (message,) = [
        m for m in world.channel.history(viewer=mod) if m.attachments and m.flags.ephemeral
    ]
    (attachment,) = message.attachments
    assert attachment.filename == f"results-{world.guild.id}.csv"
    table = list(csv.DictReader(io.StringIO((await attachment.read()).decode())))
    assert len(table) == 4 * 3 + 3  # a row per seat of every finished match
    assert {row["kind"] for row in table} == {"member", "ai"}
    assert {row["user_id"] for row in table if row["kind"] == "member"} == {
        str(world.people[n].id) for n in ("alice", "bob", "carol")
    }


@pytest.mark.game_seed(3)
async def test_a_reset_matchs_story_tells_the_time_out_and_the_reset(world, settings):
    alice, bob = world.people["alice"], world.people["bob"]
    channel = world.channel
    assert (await alice.slash(channel, f"{GAME} start", goal=50)).acknowledged
    await click_id(bob, public_table(channel, alice), ":join")
    await add_ai(alice, channel)
    await click_id(alice, public_table(channel, alice), ":start")
    await world.env.advance_time(settings.turn_timeout + 1)  # a member's turn runs out
    mod = moderator(world)
    assert (await mod.slash(channel, "games reset")).acknowledged

    listed = await bob.slash(channel, "games history")
    page = listed.response.message
    assert "ended early by a reset; no rating changed" in embed_text(page)
    menu, _replays = selects(page)
    opened = await bob.select(page, [menu.options[0].value], custom_id=menu.custom_id)
    story = fresh(channel, bob, opened.response.id)
    summary = embed_text(story)
    assert "**The end:** Moderator mod ended the game." in summary
    assert "– **alice**\n– **bob**\n– **Ada (AI, hard)**\n" in summary  # no place, no rating
    assert (await bob.click(story, custom_id=page_buttons(story)["next"].custom_id)).acknowledged
    told = embed_text(fresh(channel, bob, story.id))
    assert "ran out of time; the bot moved for them." in told, told
    assert not await world.env.bot.storage.standings.member_ratings(
        world.guild.id, bob.id, season=False
    )
    # Nothing rated in the server yet: the board and the stats say so, privately.
    board = await bob.slash(channel, "games leaderboard", game=GAME, period="all")
    assert board.ephemeral and "No rated Flip 7: With a Vengeance games in this server yet." in (
        board.response.content
    )
    stats = await bob.slash(channel, "games stats")
    assert (
        stats.ephemeral and "bob hasn't finished a rated game here yet." in stats.response.content
    )


@pytest.mark.game_seed(5)
async def test_a_game_without_rounds_is_told_in_parts_and_filtered_history(world):
    alice = world.people["alice"]
    channel = world.channel
    assert (await alice.slash(channel, "sequence start")).acknowledged
    await add_ai(alice, channel)
    await click_id(alice, public_table(channel, alice), ":start")
    await play_to_end(world.env, channel, [alice])

    none = await alice.slash(channel, "games history", game=GAME)
    assert none.ephemeral and "alice has no finished Flip 7: With a Vengeance matches" in (
        none.response.content
    )
    listed = await alice.slash(channel, "games history", game="sequence")
    page = listed.response.message
    assert "alice's Sequence Numbers matches" in embed_text(page)
    menu, _replays = selects(page)
    opened = await alice.select(page, [menu.options[0].value], custom_id=menu.custom_id)
    story = fresh(channel, alice, opened.response.id)
    assert "Ada (AI, hard)" in embed_text(story)
    assert (await alice.click(story, custom_id=page_buttons(story)["next"].custom_id)).acknowledged
    first_part = embed_text(fresh(channel, alice, story.id))
    assert "Moves 1–25" in first_part and "The game started with 2 players." in first_part
