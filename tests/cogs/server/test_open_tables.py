"""`/games open` (issue 48, item 1): every lobby of the server with a free seat, in pages,
each with a Join button that seats the member wherever the lobby is; a lobby that filled,
closed or started since the list was drawn gets one line and the list as it is now."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from cogs.server.open_tables import LIVE_FOR
from cogs.ui.layout import Part
from playground.sim_locales import client_locales
from tests.cogs.helpers import components, part, walk
from tests.cogs.players import click_id, fresh


@pytest.fixture
def settings(settings):
    """Room for every lobby a member opens here (the default limit is ten per member), and
    lobbies that stay open while a list stops following them (past LIVE_FOR)."""
    return replace(settings, member_match_limit=30, lobby_timeout=3 * LIVE_FOR)


def open_list(channel: Any, viewer: Any) -> discord.Message:
    """The newest private list of open tables `viewer` sees in `channel`."""
    for message in reversed(channel.history(viewer=viewer)):
        if message.flags.ephemeral and _heading(message) is not None:
            return message
    raise AssertionError("no list of open tables")


def _heading(message: discord.Message) -> str | None:
    try:
        text = part(message, Part.HEADING)
    except (KeyError, StopIteration, AssertionError):
        return None
    return text if text.startswith("## ") else None


def entries(message: discord.Message) -> list[tuple[str, discord.Button]]:
    """Each lobby of the list: its text and its Join button (the section's accessory)."""
    found = []
    for item in walk(message.components):
        accessory = getattr(item, "accessory", None)
        if isinstance(accessory, discord.Button):
            text = " ".join(child.content for child in item.children)
            found.append((text, accessory))
    return found


def notice(message: discord.Message) -> str:
    return part(message, Part.NOTICE)


async def drained(world) -> None:
    """What a change shows goes out after the lock, from the match's sender, and the lists
    that follow the lobbies are redrawn after it: wait for both."""
    await world.env.bot.get_cog("Desk").senders.drain()
    await world.env.bot.get_cog("OpenTableCommands").open_tables.settled()


async def lobby_in(world, channel, host, key="flip7", **options) -> Any:
    """`host` opens a lobby of `key` in `channel`; its record."""
    assert (await host.slash(channel, f"{key} start", **options)).acknowledged
    return (await world.env.bot.matches.reads.open_matches_in_channel(channel.id))[-1]


async def record_of(world, match_id: int):
    return await world.env.bot.matches.reads.get_match(match_id)


async def test_i48_1_open_lists_lobbies_of_two_channels_and_joins_one_elsewhere(thread_world):
    """Lobbies in two channels (one to be played in a thread of its own and started from
    the server's house rules, one in its channel), a match under way in its thread and a
    lobby in a channel the asker can't see: the list holds the two lobbies, oldest first,
    with all a member needs to choose; Join seats the member in the other channel's lobby,
    answers with a link to it, and the lobby's own message shows them seated."""
    world = thread_world
    env, guild, games = world.env, world.guild, world.channel
    alice, bob, carol, dave, erin = (
        world.people[n] for n in ("alice", "bob", "carol", "dave", "erin")
    )
    cards = guild.create_text_channel("cards")
    frank, seen = world.people["frank"], discord.PermissionOverwrite(view_channel=True)
    hidden = guild.create_text_channel(
        "mods",
        overwrites={
            guild.default_role: discord.PermissionOverwrite(view_channel=False),
            frank: seen,
            dave: seen,
            env.bot.user: seen,
        },
    )
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    assert (await mod.slash(games, "games house flip7", goal=150, brutal=True)).acknowledged
    flip = await lobby_in(world, games, alice)
    sink = await lobby_in(world, cards, bob, "sinkorswim", where="channel")
    under_way = await lobby_in(world, cards, carol)
    await click_id(dave, fresh(cards, carol, under_way.message_id), ":join")
    await click_id(carol, fresh(cards, carol, under_way.message_id), ":start")
    await drained(world)
    assert (await record_of(world, under_way.id)).thread_id is not None
    await lobby_in(world, hidden, dave)

    answer = await erin.slash(games, "games open")
    assert answer.ephemeral
    listed = open_list(games, erin)
    texts = [text for text, _button in entries(listed)]
    assert len(texts) == 2, texts
    assert "Flip 7" in texts[0] and "Sink or Swim" in texts[1]  # the longest waiting first
    assert "1 of 24 seats taken, 23 free" in texts[0] and "1 of 5 seats taken, 4 free" in texts[1]
    assert "**Flip 7: With a Vengeance** · live · goal 150 · brutal mode\n" in texts[0]
    assert "\nHouse rules: goal 150 · brutal mode\n" in texts[0]
    assert f"<#{games.id}>, played in a thread of its own" in texts[0]
    assert f"in <#{cards.id}> ·" in texts[1]
    assert "Host alice" in texts[0] and "Host bob" in texts[1]
    assert f"opened <t:{int(flip.created_at)}:R>" in texts[0]
    assert "2 lobbies in this server have a free seat" in part(listed, Part.HEADING)

    join = entries(listed)[1][1]
    joined = await erin.click(listed, custom_id=join.custom_id)
    assert joined.acknowledged
    await drained(world)
    listed = fresh(games, erin, listed.id)
    record = await record_of(world, sink.id)
    assert [seat.user_id for seat in record.seats] == [bob.id, erin.id]
    link = f"https://discord.com/channels/{guild.id}/{cards.id}/{record.message_id}"
    said = f"✅ You're seated at the Sink or Swim lobby in <#{cards.id}>: [go to it]({link})"
    assert notice(listed) == said
    (_flip, _first), (sink_text, button) = entries(listed)
    assert "2 of 5 seats taken, 3 free" in sink_text
    assert button.label == "You're in" and button.disabled
    table = fresh(cards, bob, sink.message_id)
    assert f"<@{erin.id}>" in part(table, Part.PLAYERS)
    footnote = part(table, Part.FOOTNOTE)
    assert footnote.startswith("-# Listed in") and "games open" in footnote

    # Joined from the list, erin is seated in the thread the Flip 7 lobby moves to as well.
    joined = await erin.click(listed, custom_id=entries(listed)[0][1].custom_id)
    assert joined.acknowledged and "Flip 7" in notice(fresh(games, erin, listed.id))
    await click_id(alice, fresh(games, alice, flip.message_id), ":start")
    await drained(world)
    thread = (await record_of(world, flip.id)).thread_id
    assert thread is not None and erin.id in env.backend.get_thread(thread).thread_members
    listed = fresh(games, erin, listed.id)
    refreshed = await erin.click(listed, custom_id=components(listed)[-1].custom_id)  # 🔄
    assert refreshed.acknowledged
    assert [t for t, _b in entries(fresh(games, erin, listed.id))] == [sink_text]

    # Frank sees the channel erin can't, and its lobby with the others (but his own).
    assert (await frank.slash(hidden, "games open")).acknowledged
    theirs = entries(open_list(hidden, frank))
    assert len(theirs) == 2 and f"in <#{hidden.id}>" in theirs[1][0]
    # Hidden from frank since his list was drawn: its Join says so and seats nobody.
    await frank.slash(games, "games open")
    from_games = open_list(games, frank)
    place = env.bot.get_channel(hidden.id)
    await place.set_permissions(await place.guild.fetch_member(frank.id), overwrite=None)
    hidden_join = entries(from_games)[1][1]
    assert (await frank.click(from_games, custom_id=hidden_join.custom_id)).acknowledged
    assert notice(fresh(games, frank, from_games.id)) == (
        "⚠️ That lobby is in a channel you can't see."
    )


async def test_i48_1_a_full_a_closed_and_a_started_lobby_get_one_line_and_the_list_as_it_is(
    thread_world,
):
    """A list drawn before its lobbies changed, and no longer followed (its token has run
    out): Join on one that filled, one cancelled and one started each answers with one
    clear line, seats nobody, and shows the list as it is now, without that lobby; a button
    of a database the bot no longer runs on is refused."""
    world = thread_world
    games = world.channel
    alice, bob, carol, dave, erin = (
        world.people[n] for n in ("alice", "bob", "carol", "dave", "erin")
    )
    full = await lobby_in(world, games, alice, "sinkorswim")
    closed = await lobby_in(world, games, bob)
    started = await lobby_in(world, games, carol)
    olds = []  # three lists drawn now, each clicked once after the lobbies changed
    for _list in range(3):
        assert (await erin.slash(games, "games open")).acknowledged
        olds.append(open_list(games, erin))
    assert len({old.id for old in olds}) == 3 and all(len(entries(old)) == 3 for old in olds)
    await world.env.advance_time(LIVE_FOR + 60)

    for _seat in range(4):  # Sink or Swim seats five
        await click_id(alice, fresh(games, alice, full.message_id), ":ai")
    await click_id(bob, fresh(games, bob, closed.message_id), ":cancel")
    await click_id(dave, fresh(games, dave, started.message_id), ":join")
    await click_id(carol, fresh(games, carol, started.message_id), ":start")
    await drained(world)
    assert all(len(entries(fresh(games, erin, old.id))) == 3 for old in olds)  # not redrawn

    lines = []
    for n, old in enumerate(olds):
        button = entries(old)[n][1]
        assert (await erin.click(old, custom_id=button.custom_id)).acknowledged
        listed = fresh(games, erin, old.id)
        lines.append(notice(listed))
        assert entries(listed) == []  # none of the three has a free seat now
        assert "No lobby in this server has a free seat right now" in part(listed, Part.HEADING)
    assert lines == [
        "⚠️ The table is full (5 players).",
        "⚠️ This game has already ended.",
        "⚠️ This game has already started; the next one is yours!",
    ]
    for match_id in (full.id, closed.id, started.id):
        assert erin.id not in [s.user_id for s in (await record_of(world, match_id)).seats]

    elsewhere = discord.ui.Button(custom_id=f"opj:{full.id}.ffff0000:0", label="Join")
    view = discord.ui.View(timeout=None)
    view.add_item(elsewhere)
    posted = await world.env.bot.get_channel(games.id).send("an old list", view=view)
    refused = await erin.click(fresh(games, erin, posted.id), custom_id=elsewhere.custom_id)
    assert refused.ephemeral and "no longer keeps" in refused.response.content


async def test_i48_1_open_pages_twelve_lobbies_and_keeps_its_page_as_they_close(thread_world):
    """Twelve lobbies in three channels come in three pages, oldest first; ▶️ and ◀️ turn
    them in place; when lobbies close, the list follows them (a page past the new end
    becomes the last one); once it no longer follows (its token ran out), 🔄 does."""
    world = thread_world
    guild, games = world.guild, world.channel
    alice, bob, erin = world.people["alice"], world.people["bob"], world.people["erin"]
    places = [games, guild.create_text_channel("two"), guild.create_text_channel("three")]
    opened = [await lobby_in(world, places[n % 3], alice if n % 2 else bob) for n in range(12)]
    assert (await erin.slash(games, "games open")).acknowledged
    listed = open_list(games, erin)

    def ids(message) -> list[int]:
        return [
            int(button.custom_id.split(":")[1].split(".")[0]) for _t, button in entries(message)
        ]

    def turn(message, emoji):
        return next(c for c in components(message) if str(c.emoji) == emoji)

    seen = [ids(listed)]
    assert "Page 1 of 3" in part(listed, Part.FOOTNOTE) and turn(listed, "◀️").disabled
    for _page in range(2):
        assert (await erin.click(listed, custom_id=turn(listed, "▶️").custom_id)).acknowledged
        listed = fresh(games, erin, listed.id)
        seen.append(ids(listed))
    assert [len(page) for page in seen] == [5, 5, 2]
    assert [i for page in seen for i in page] == [r.id for r in opened]  # the oldest first
    assert "Page 3 of 3" in part(listed, Part.FOOTNOTE) and turn(listed, "▶️").disabled
    back = await erin.click(listed, custom_id=turn(listed, "◀️").custom_id)
    assert back.acknowledged and ids(fresh(games, erin, listed.id)) == seen[1]
    listed = fresh(games, erin, listed.id)  # on page 2 again

    for n, record in enumerate(opened[:8]):  # the eight oldest close: four lobbies are left
        host = alice if n % 2 else bob
        await click_id(host, fresh(places[n % 3], host, record.message_id), ":cancel")
    await drained(world)
    listed = fresh(games, erin, listed.id)  # followed, so redrawn: page 2 is gone
    assert ids(listed) == [record.id for record in opened[8:]]
    assert "4 lobbies in this server have a free seat" in part(listed, Part.HEADING)
    assert not any(str(c.emoji) in ("◀️", "▶️") for c in components(listed))  # one page

    await world.env.advance_time(LIVE_FOR + 60)  # its token has run out: no longer followed
    await click_id(alice, fresh(places[2], alice, opened[11].message_id), ":cancel")
    await drained(world)
    assert ids(fresh(games, erin, listed.id)) == [record.id for record in opened[8:]]
    assert (await erin.click(listed, custom_id=turn(listed, "🔄").custom_id)).acknowledged
    assert ids(fresh(games, erin, listed.id)) == [record.id for record in opened[8:11]]


async def test_i48_1_a_shown_list_follows_seats_filling_and_lobbies_opening(thread_world):
    """While a member looks at the list, it follows the server's lobbies without a click:
    a seat taken shows, a new lobby appears, and a lobby that filled or started goes."""
    world = thread_world
    games = world.channel
    alice, bob, carol, dave, erin = (
        world.people[n] for n in ("alice", "bob", "carol", "dave", "erin")
    )
    sink = await lobby_in(world, games, alice, "sinkorswim")
    assert (await erin.slash(games, "games open")).acknowledged
    listed = open_list(games, erin)
    assert ["1 of 5 seats taken" in text for text, _button in entries(listed)] == [True]

    await click_id(bob, fresh(games, bob, sink.message_id), ":join")
    await drained(world)
    assert "2 of 5 seats taken, 3 free" in entries(fresh(games, erin, listed.id))[0][0]

    flip = await lobby_in(world, games, carol)
    await drained(world)
    texts = [text for text, _button in entries(fresh(games, erin, listed.id))]
    assert len(texts) == 2 and "Flip 7" in texts[1] and "Host carol" in texts[1]

    for _seat in range(3):  # Sink or Swim seats five
        await click_id(alice, fresh(games, alice, sink.message_id), ":ai")
    await click_id(dave, fresh(games, dave, flip.message_id), ":join")
    await click_id(carol, fresh(games, carol, flip.message_id), ":start")
    await drained(world)
    listed = fresh(games, erin, listed.id)
    assert entries(listed) == []
    assert "No lobby in this server has a free seat right now" in part(listed, Part.HEADING)


async def test_i48_1_a_join_from_a_list_keeps_its_line_while_the_others_follow(thread_world):
    """Two members look at the list; one joins from it: their answer's line stays on their
    list as the lists are redrawn, and the other's list shows the seat taken."""
    world = thread_world
    games = world.channel
    alice, erin, frank = world.people["alice"], world.people["erin"], world.people["frank"]
    sink = await lobby_in(world, games, alice, "sinkorswim")
    assert (await frank.slash(games, "games open")).acknowledged
    assert (await erin.slash(games, "games open")).acknowledged
    theirs, hers = open_list(games, frank), open_list(games, erin)
    assert (await erin.click(hers, custom_id=entries(hers)[0][1].custom_id)).acknowledged
    await drained(world)
    hers, theirs = fresh(games, erin, hers.id), fresh(games, frank, theirs.id)
    assert notice(hers).startswith("✅ You're seated at the Sink or Swim lobby")
    assert "2 of 5 seats taken" in entries(hers)[0][0] and entries(hers)[0][1].disabled
    assert "2 of 5 seats taken" in entries(theirs)[0][0] and not entries(theirs)[0][1].disabled
    assert [seat.user_id for seat in (await record_of(world, sink.id)).seats][-1] == erin.id


async def test_i48_1_open_in_a_dm_and_with_no_lobby_says_so(thread_world):
    world = thread_world
    answer = await world.env.create_user("dmuser").slash("games open")
    assert answer.ephemeral and "server channels, not in DMs" in answer.response.content
    assert (await world.people["erin"].slash(world.channel, "games open")).acknowledged
    listed = open_list(world.channel, world.people["erin"])
    assert entries(listed) == []
    heading = part(listed, Part.HEADING)
    assert "No lobby in this server has a free seat right now. Open one with" in heading
    assert "/flip7 start" in heading and "/sinkorswim start" in heading


@pytest.mark.parametrize(
    ("locale", "heading", "seats", "joined"),
    [
        ("vi", "Phòng chờ còn chỗ", "1/5 chỗ đã có người, còn 4 chỗ trống", "Bạn đã vào phòng chờ"),
        ("id", "Lobi dengan kursi kosong", "1 dari 5 kursi terisi, 4 kosong", "Kamu sudah duduk"),
    ],
)
async def test_i48_1_open_reads_in_the_members_language(
    thread_world, locale, heading, seats, joined
):
    """A member whose Discord is in Vietnamese or Indonesian reads the list, its Join's
    answer and its buttons in their language; the lobby itself stays in the server's."""
    world = thread_world
    bob, erin = world.people["bob"], world.people["erin"]
    client_locales(world.env).set(erin, locale)
    sink = await lobby_in(world, world.channel, bob, "sinkorswim")
    assert (await erin.slash(world.channel, "games open")).acknowledged
    listed = open_list(world.channel, erin)
    assert part(listed, Part.HEADING).startswith(f"## {heading}\n")
    ((text, button),) = entries(listed)
    assert seats in text and button.label in ("Tham gia", "Gabung")
    assert (await erin.click(listed, custom_id=button.custom_id)).acknowledged
    listed = fresh(world.channel, erin, listed.id)
    assert notice(listed).startswith(f"✅ {joined}")
    assert entries(listed)[0][1].label in ("Đã tham gia", "Sudah gabung")
    await drained(world)
    lobby = fresh(world.channel, bob, sink.message_id)
    assert "Listed in" in part(lobby, Part.FOOTNOTE)  # the server reads English
