"""The table inside Discord (issue 47, item 3): the Activity's page in Debian's Chromium,
inside a stand-in Discord client that speaks the Embedded App SDK's messages
(tests/activity/discord_client.py), against Discord's OAuth2 stood in for by the test
(tests/activity/discord_stand_in.py): the whole way from the handshake to the member's page,
and the ways in that are refused, each in one line, with nothing changed."""

from __future__ import annotations

import json

import aiohttp
from playwright.async_api import Frame, Page, expect

from bot.storage import MatchStatus
from tests.activity.discord_client import Launch, activity_in_discord, open_activity, user_of
from tests.browser.page import TIMEOUT_MS
from tests.cogs.players import click_id, public_table


async def started_in_a_thread(world, names=("alice", "bob")):
    """A Flip 7 opened in the games channel by the first name, joined by the others and
    started: its match (the channel's newest), played in its own thread."""
    host, *others = (world.people[n] for n in names)
    await host.slash(world.channel, "flip7 start", goal=50)
    for person in others:
        await click_id(person, public_table(world.channel, host), ":join")
    await click_id(host, public_table(world.channel, host), ":start")
    match = (await world.env.bot.storage.open_matches_in_channel(world.channel.id))[-1]
    assert match.status == MatchStatus.PLAYING and match.thread_id is not None
    return match


def signed_in(world, name: str) -> str:
    """The member's code and token, as Discord's OAuth2 gives them; the code."""
    person = world.people[name]
    world.oauth.codes[f"code-{name}"] = f"token-{name}"
    world.oauth.owners[f"token-{name}"] = user_of(person)
    return f"code-{name}"


def launch_in(world, channel_id: int, code: str, name: str, locale: str = "en-US") -> Launch:
    return Launch(
        client_id=str(world.env.bot.application_id),
        channel_id=str(channel_id),
        guild_id=str(world.guild.id),
        code=code,
        user=user_of(world.people[name]),
        locale=locale,
    )


async def browser_page(browser) -> Page:
    page = await browser.new_page(viewport={"width": 800, "height": 600})
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    return page


async def opened(frame: Frame) -> str:
    """What the page the Activity opened says (the link it was given), once it is open."""
    said = frame.page.frame_locator("#activity").locator("#opened")
    await said.wait_for()
    return await said.inner_text()


async def refused_line(frame: Frame) -> str:
    """The one line the Activity shows when it is refused, once it shows it."""
    html = frame.page.frame_locator("#activity").locator("html[data-state=refused]")
    await html.wait_for()
    return await html.locator("#status").inner_text()


async def test_i47_3_the_activity_opens_the_members_own_table_in_its_thread(world, table, browser):
    match = await started_in_a_thread(world)
    page = await browser_page(browser)
    frame = await open_activity(
        page, table, launch_in(world, match.thread_id, signed_in(world, "alice"), "alice")
    )
    # The member's own page, for this match, in their language (their Discord app's).
    assert await opened(frame) == f"member.{match.id}.{world.people['alice'].id}.en"
    assert frame.url.startswith(table + "m/")  # opened in the same frame
    assert "frame_id=f-1" in frame.url and "instance_id=i-1" in frame.url  # Discord's query
    said = await page.evaluate("window.said")
    handshake = said[0]
    assert handshake["opcode"] == 0
    assert handshake["payload"]["client_id"] == str(world.env.bot.application_id)
    assert handshake["payload"]["frame_id"] == "f-1"
    commands = {s["payload"]["cmd"]: s["payload"]["args"] for s in said if s["opcode"] == 1}
    assert commands["AUTHORIZE"] == {
        "client_id": str(world.env.bot.application_id),
        "response_type": "code",
        "scope": ["identify"],
        "prompt": "none",
    }
    assert commands["AUTHENTICATE"] == {"access_token": "token-alice"}
    # The bot exchanged the code with its client secret, then asked whose token it is.
    (exchange,) = world.oauth.asked_for("token")
    assert exchange == {
        "client_id": str(world.env.bot.application_id),
        "client_secret": "activity-client-secret",
        "grant_type": "authorization_code",
        "code": "code-alice",
    }
    assert world.oauth.asked_for("me") == [{"token": "token-alice"}]


async def test_i47_3_under_discords_proxy_every_address_goes_through_its_url_mapping(
    world, table, browser
):
    match = await started_in_a_thread(world)
    page = await browser_page(browser)
    launch = launch_in(world, match.thread_id, signed_in(world, "bob"), "bob")
    async with activity_in_discord(page, table, launch) as (frame, proxied):
        link = f"member.{match.id}.{world.people['bob'].id}.en"
        assert await opened(frame) == link
        socket = page.frame_locator("#activity").locator("#socket")
        await expect(socket).to_have_text("heard hello")  # the page's socket went through
    origin = f"https://{world.env.bot.application_id}.discordsays.com"
    # The root, the script, the two requests, the member's page and its socket: each
    # reached the table's /table/ through the mapping; the page's own under /.proxy/.
    paths = [
        (asked.split(".discordsays.com")[1].split("?")[0], target.removeprefix(table).split("?")[0])
        for asked, target in proxied
    ]
    assert paths == [
        ("/", ""),
        ("/static/activity.js", "static/activity.js"),
        ("/.proxy/activity/token", "activity/token"),
        ("/.proxy/activity/session", "activity/session"),
        (f"/.proxy/m/{link}", f"m/{link}"),
        ("/.proxy/ws", "ws"),
    ]
    assert proxied[-1][0].startswith(origin.replace("https", "wss"))


async def test_i47_3_a_member_without_a_seat_opens_the_watchers_table(world, table, browser):
    match = await started_in_a_thread(world)
    page = await browser_page(browser)
    # Opened from the channel (the Entry Point in the App Launcher): its thread's match.
    frame = await open_activity(
        page, table, launch_in(world, world.channel.id, signed_in(world, "carol"), "carol")
    )
    assert await opened(frame) == f"watch.{match.id}"


async def test_i47_3_a_bad_code_is_refused_in_one_line(world, table, browser):
    match = await started_in_a_thread(world)
    signed_in(world, "alice")
    page = await browser_page(browser)
    launch = launch_in(world, match.thread_id, "code-forged", "alice")
    frame = await open_activity(page, table, launch)
    line = await refused_line(frame)
    assert line == "Discord didn't confirm who you are: close the table and open it again."
    assert "/table/activity?" in frame.url  # nothing opened
    assert [f["code"] for f in world.oauth.asked_for("token")] == ["code-forged"]
    assert world.oauth.asked_for("me") == []  # no token, so nobody to ask about
    assert (await world.env.bot.storage.get_match(match.id)).version == match.version


async def test_i47_3_a_token_for_another_member_is_refused(world, table, browser):
    match = await started_in_a_thread(world)
    page = await browser_page(browser)
    # alice's code and token, but the page claims bob (AUTHENTICATE named him).
    launch = launch_in(world, match.thread_id, signed_in(world, "alice"), "bob")
    frame = await open_activity(page, table, launch)
    line = await refused_line(frame)
    assert line == ("This sign-in is another Discord account's: close the table and open it again.")
    assert "/table/activity?" in frame.url
    assert world.oauth.asked_for("me") == [{"token": "token-alice"}]
    assert (await world.env.bot.storage.get_match(match.id)).version == match.version


async def test_i47_3_a_channel_with_no_game_is_refused_in_the_members_language(
    world, table, browser
):
    match = await started_in_a_thread(world)
    page = await browser_page(browser)
    launch = launch_in(world, world.chat.id, signed_in(world, "alice"), "alice", locale="vi")
    frame = await open_activity(page, table, launch)
    line = await refused_line(frame)
    assert line == ("Ở đây không có ván nào đang chơi. Hãy bắt đầu một ván, rồi mở lại bàn chơi.")
    assert "/table/activity?" in frame.url
    assert (await world.env.bot.storage.get_match(match.id)).version == match.version


async def test_i47_3_from_a_channel_with_several_games_the_members_own_else_one_line(
    world, table, browser
):
    await started_in_a_thread(world, ("alice", "bob"))
    carols = await started_in_a_thread(world, ("carol", "dave"))
    # carol plays in one of the channel's two games: that one opens.
    page = await browser_page(browser)
    launch = launch_in(world, world.channel.id, signed_in(world, "carol"), "carol")
    frame = await open_activity(page, table, launch)
    assert await opened(frame) == f"member.{carols.id}.{world.people['carol'].id}.en"
    # erin plays in neither: which to watch is not hers to guess, nor the bot's.
    page = await browser_page(browser)
    launch = launch_in(world, world.channel.id, signed_in(world, "erin"), "erin")
    frame = await open_activity(page, table, launch)
    assert await refused_line(frame) == (
        "Several games are being played here: open the table from your game's own thread, "
        "with its Open the table button."
    )
    assert "/table/activity?" in frame.url


async def test_i47_3_someone_outside_the_server_finds_no_game_there(world, table, browser):
    match = await started_in_a_thread(world)
    stranger = world.env.create_user("stranger")  # never joined the server
    world.people["stranger"] = stranger
    page = await browser_page(browser)
    launch = launch_in(world, match.thread_id, signed_in(world, "stranger"), "stranger")
    frame = await open_activity(page, table, launch)
    assert await refused_line(frame) == (
        "No game is being played here. Start one, then open the table again."
    )
    assert "/table/activity?" in frame.url


async def test_i47_3_opened_outside_discord_the_page_says_so_in_one_line(world, table, browser):
    page = await browser_page(browser)
    await page.set_extra_http_headers({"Accept-Language": "id-ID,id;q=0.9,en;q=0.5"})
    await page.goto(table + "activity")  # no Discord around it: the SDK can't start
    await expect(page.locator("html[data-state=refused] #status")).to_have_text(
        "Meja tidak bisa dibuka: tutup lalu coba lagi."
    )
    assert await page.locator("html").get_attribute("lang") == "id"
    assert world.oauth.asked == []


async def test_i47_3_garbage_and_oversized_requests_are_refused_in_one_line(world, table):
    match = await started_in_a_thread(world)
    signed_in(world, "alice")
    not_confirmed = "Discord didn't confirm who you are: close the table and open it again."
    async with aiohttp.ClientSession() as client:
        for path, body in (
            ("activity/token", b"not json"),
            ("activity/token", json.dumps(["code-alice"]).encode()),
            ("activity/token", json.dumps({"code": "code-alice", "pad": "x" * 5000}).encode()),
            ("activity/session", b"{"),
            ("activity/session", json.dumps({"access_token": 7}).encode()),
        ):
            async with client.post(table + path, data=body) as answer:
                assert (answer.status, await answer.json()) == (401, {"text": not_confirmed})
    # Nothing reached Discord, and the match is as it was.
    assert world.oauth.asked == []
    assert (await world.env.bot.storage.get_match(match.id)).version == match.version
