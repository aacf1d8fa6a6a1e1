"""Sequence Numbers in a channel: lobby and teams, the board picture, hands played from
ephemeral views, deadlines and hand-overs — what each member can see along the way."""

import io
import re

import discord
import pytest
from PIL import Image, ImageDraw, ImageFont

from cogs.games.sequence.board import FREE_FILL, FREE_LABEL, LABEL_FONTS, NUMBER, cell_centre
from cogs.ui.layout import Part
from cogs.wording import i18n
from engines.base import GAMES
from engines.sequence_numbers import Exchange
from engines.sequence_numbers.actions import Pass
from engines.sequence_numbers.ai import choose
from engines.sequence_numbers.cards import label as card_label
from tests.cogs.helpers import (
    acting_name,
    buttons,
    components,
    embed_text,
    moves_open,
    part,
    pictures,
    prompt,
    selects,
    table_of,
)


async def open_table(channel, people, names=("alice", "bob"), ais=0, **options):
    host = people[names[0]]
    assert (await host.slash(channel, "sequence start", **options)).acknowledged
    for name in names[1:]:
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    for _ in range(ais):
        assert (await host.click(table_of(channel, host), label="Add AI")).acknowledged
    started = await host.click(table_of(channel, host), label="Start")
    assert started.acknowledged and not started.ephemeral
    return table_of(channel, host)


async def current_game(env, channel):
    record = await env.bot.storage.open_match_in_channel(channel.id)
    return record, GAMES["sequence"].from_dict(record.state)


def board_of(channel, viewer):
    """The newest public table message (not the lobby, not the result announcement)."""
    for message in reversed(channel.history(viewer=viewer)):
        if part(message, Part.HEADING).startswith("## Sequence Numbers\n"):
            return message
    raise AssertionError("no table message")


def fresh(channel, person, message_id):
    """The ephemeral message as `person` sees it now (clicks edit it in place)."""
    return next(m for m in channel.history(viewer=person) if m.id == message_id)


async def press(person, message, code):
    """Click the button, or pick the select option, that carries move `code`."""
    for item in components(message):
        if isinstance(item, discord_button()) and item.custom_id.endswith(f":{code}"):
            result = await person.click(message, custom_id=item.custom_id)
            break
    else:
        menu = next(m for m in selects(message) if code in [o.value for o in m.options])
        result = await person.select(message, [code], custom_id=menu.custom_id)
    assert result.acknowledged, code
    assert not (result.response and "out of date" in (result.response.content or ""))
    return result


def discord_button():
    import discord

    return discord.Button


async def open_hand(channel, person):
    result = await person.click(table_of(channel, person), label="Your hand")
    assert result.acknowledged and result.ephemeral
    return fresh(channel, person, result.response.id)


async def play_turn(env, channel, people, hands_seen=None):
    """The acting member plays the move a strong AI would pick, step by step in their hand."""
    table = board_of(channel, people["alice"])
    person = people[acting_name(table)]
    record, game = await current_game(env, channel)
    action = choose(game, record.seat_of(person.id), "strong")
    hand = await open_hand(channel, person)
    if hands_seen is not None:
        hands_seen.setdefault(person.name, set()).add(hand.id)
    if isinstance(action, Exchange | Pass):  # one step: exchange a dead card, or pass (G9)
        await press(person, hand, action.code)
        return
    await press(person, hand, f"c.{action.card}")
    hand = fresh(channel, person, hand.id)
    if any(i.custom_id.endswith(f":r.{action.cell[0]}") for i in buttons(hand).values()):
        await press(person, hand, f"r.{action.cell[0]}")
        hand = fresh(channel, person, hand.id)
    await press(person, hand, action.code)


async def board_png(message):
    (attachment,) = message.attachments
    assert attachment.filename == "board.png"
    # The picture's description tells what it shows, for members who can't see it.
    assert attachment.description.startswith("Sequence Numbers board. ")
    assert "Last card: " in attachment.description
    # Shown large: a media gallery right in the table's container, at its full width.
    ((holder, item),) = pictures(message)
    assert isinstance(holder, discord.Container) and item.media.url.endswith("board.png")
    gallery = next(c for c in holder.children if isinstance(c, discord.MediaGalleryComponent))
    assert gallery.id == Part.PICTURE and item.description == attachment.description
    data = await attachment.read()
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (880, 880)
    return data


def assert_hands_private(channel, people, game, hands_seen):
    """No member sees another's hand view; no public message names a card in any hand."""
    for name, person in people.items():
        shown = channel.history(viewer=person)
        private = {m.id for m in shown if m.flags.ephemeral}
        assert private <= hands_seen.get(name, set()), name
        if any("shuffled into a new draw pile" in embed_text(m) for m in shown):
            continue  # a played card may be back in a hand after a reshuffle
        public = "\n".join(embed_text(m) for m in shown if not m.flags.ephemeral)
        assert "Your hand " not in public
        for hand in game.hands:
            for card in hand:
                if card not in ("P", "M"):
                    label = card_label(card)
                    assert f"**{label}**" not in public and f"`{label}`" not in public


async def play_to_end(env, channel, people, hands_seen, turns):
    """Members play turn by turn, hands checked private before each; return the last table."""
    for _ in range(turns):
        table = board_of(channel, people["alice"])
        if not moves_open(table):
            return table
        _, game = await current_game(env, channel)
        assert_hands_private(channel, people, game, hands_seen)
        await play_turn(env, channel, people, hands_seen)
    pytest.fail("the game did not end")


async def test_two_player_game_played_from_hand_views_to_the_end(world):
    env, channel, people = world.env, world.channel, world.people
    table = await open_table(channel, people)
    text = embed_text(table)
    assert "🔵 **alice** — 0/1 SEQUENCE" in text and "🟠 **bob** — 0/1 SEQUENCE" in text
    assert "📚 draw pile 94 cards" in part(table, Part.HEADING)
    first = acting_name(table)
    assert prompt(table) == f"{first}: your turn — tap “Your hand” to play."
    marked = [line for line in part(table, Part.PLAYERS).split("\n") if line.startswith("▶️")]
    assert len(marked) == 1 and f"**{first}**" in marked[0]  # whose turn, at a glance
    first_png = await board_png(table)
    hands_seen: dict[str, set[int]] = {}
    await play_turn(env, channel, people, hands_seen)
    table = board_of(channel, people["alice"])
    assert "🃏 Last card: " in part(table, Part.HEADING) and " on " in part(table, Part.HEADING)
    assert await board_png(table) != first_png  # a new picture after the move
    record, _ = await current_game(env, channel)
    table = await play_to_end(env, channel, people, hands_seen, turns=200)
    final = embed_text(table)
    ended = await env.bot.storage.get_match(record.id)
    game = GAMES["sequence"].from_dict(ended.state)
    (winner,) = game.winners()
    won = game.sequences[game.team_of(winner)]
    # One SEQUENCE wins (G1), and the card that makes it may complete two at once (G8).
    assert won >= 1
    assert "SEQUENCE (" in final and "Game over" in part(table, Part.RESULT)
    result = channel.history(viewer=people["carol"])[-1]
    unit = "SEQUENCE" if won == 1 else "SEQUENCES"
    assert f"{record.seats[winner].name} wins!" in part(result, Part.HEADING)
    first_line = part(result, Part.RESULT).splitlines()[0]
    assert first_line == f"🥇 **{record.seats[winner].name}** — {won} {unit}", first_line
    # The win is announced once: by the result message, not again on the table.
    assert [m.id for m in channel.history(viewer=people["carol"]) if "win" in embed_text(m)] == [
        result.id
    ]
    await board_png(table)  # the final board stays on the table


async def test_four_player_team_game_with_humans_and_ai(world):
    env, channel, people = world.env, world.channel, world.people
    table = await open_table(channel, people, names=("alice", "bob", "carol"), ais=1)
    text = embed_text(table)
    assert "**Team Blue** (alice, carol) — 0/2 SEQUENCES" in text
    assert "**Team Orange** (bob, Ada (AI)) — 0/2 SEQUENCES" in text
    hands_seen: dict[str, set[int]] = {}
    table = await play_to_end(env, channel, people, hands_seen, turns=300)
    final = embed_text(table)
    # One card can complete two SEQUENCES at once, so a team may finish with three.
    assert "win" not in final and "Game over" in final  # announced once, below
    result = channel.history(viewer=people["alice"])[-1]
    assert re.search(r" win!$", part(result, Part.HEADING))
    first = part(result, Part.RESULT).splitlines()[0]
    assert re.fullmatch(r"🥇 \*\*(alice and carol|bob and Ada \(AI\))\*\* — [23] SEQUENCES", first)
    assert set(hands_seen) == {"alice", "bob", "carol"}


async def test_lobby_shows_teams_and_refuses_five(world):
    channel, people = world.channel, world.people
    alice = people["alice"]
    await alice.slash(channel, "sequence start")
    for name in ("bob", "carol", "dave"):
        await people[name].click(table_of(channel, alice), label="Join")
    lobby = embed_text(table_of(channel, alice))
    assert "🔵 alice, carol\n🟠 bob, dave\n*2 SEQUENCES win*" in lobby
    await people["erin"].slash(channel, "sequence join")
    lobby = embed_text(table_of(channel, alice))
    assert "Five players can't split into equal teams" in lobby
    refused = await alice.click(table_of(channel, alice), label="Start")
    assert refused.ephemeral
    assert refused.response.content == (
        "Five players can't split into equal teams: play with 2, 3, 4 or 6."
    )
    assert "lobby" in part(table_of(channel, alice), Part.HEADING)  # still open: fix the count
    await alice.click(table_of(channel, alice), label="Add AI")
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    text = embed_text(table_of(channel, alice))
    assert "**Team Blue** (alice, carol, erin)" in text and "(bob, dave, Ada (AI))" in text


async def test_six_players_in_three_teams_of_two(world):
    channel, people = world.channel, world.people
    alice = people["alice"]
    await alice.slash(channel, "sequence start", teams=3)
    for _ in range(3):
        await alice.click(table_of(channel, alice), label="Add AI")
    lobby = embed_text(table_of(channel, alice))
    assert "Three teams of two need 6 players: 2 more (or add AI players)." in lobby
    early = await alice.click(table_of(channel, alice), label="Start")
    assert early.ephemeral and "2 teams, not 3" in early.response.content
    for _ in range(2):
        await alice.click(table_of(channel, alice), label="Add AI")
    lobby = embed_text(table_of(channel, alice))
    assert "🔵 alice, Cleo (AI)\n🟠 Ada (AI), Dara (AI)\n🟢 Bao (AI), Eli (AI)" in lobby
    await alice.click(table_of(channel, alice), label="Start")
    text = embed_text(table_of(channel, alice))
    assert "🟢 **Team Green** (Bao (AI), Eli (AI)) — 0/2 SEQUENCES" in text


async def test_hand_view_steps_back_and_refuses_bad_clicks(world):
    env, channel, people = world.env, world.channel, world.people
    table = await open_table(channel, people)
    actor = people[acting_name(table)]
    waiter = people["bob" if actor.name == "alice" else "alice"]
    stranger = await people["carol"].click(table, label="Your hand")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    waiting = await open_hand(channel, waiter)
    assert not components(waiting) and f"Waiting for {actor.name}" in embed_text(waiting)
    assert "`" in waiting.embeds[0].description and "→" in waiting.embeds[0].description
    older = await open_hand(channel, actor)  # a first hand view, left open
    typed = await actor.slash(channel, "sequence hand")
    assert typed.ephemeral and "Choose a card to play." in embed_text(typed.response.message)
    hand = fresh(channel, actor, typed.response.id)
    _, game = await current_game(env, channel)
    card = next(c for c in game.hands[game.turn] if c not in ("P", "M"))
    await press(actor, hand, f"c.{card}")
    step = fresh(channel, actor, hand.id)
    assert "Choose where to play" in embed_text(step) and "Back" in buttons(step)
    await press(actor, step, "back")
    assert "Choose a card to play." in embed_text(fresh(channel, actor, hand.id))
    # The first hand view, superseded by /sequence hand, is gone: one live hand at a time.
    assert older.id not in [message.id for message in channel.history(viewer=actor)]
    rules = await waiter.slash(channel, "sequence rules")
    assert rules.ephemeral and "SEQUENCE" in rules.response.embeds[0].description


async def test_a_waiting_hand_says_it_updates_itself_and_it_does(world):
    """The hand tells the truth: an open hand is redrawn as the game moves, so the member
    need not open it again when their turn comes."""
    env, channel, people = world.env, world.channel, world.people
    table = await open_table(channel, people)
    waiter = people["bob" if acting_name(table) == "alice" else "alice"]
    waiting = await open_hand(channel, waiter)
    footer = waiting.embeds[0].footer.text
    assert footer.endswith("This hand updates itself on your turn.") and not components(waiting)
    assert "Open your hand again" not in embed_text(waiting)
    await play_turn(env, channel, people)
    assert acting_name(board_of(channel, waiter)) == waiter.name
    redrawn = fresh(channel, waiter, waiting.id)
    assert "Choose a card to play." in embed_text(redrawn) and components(redrawn)


async def test_deadline_lets_the_ai_play_for_an_absent_player(world):
    env, channel, people = world.env, world.channel, world.people
    await open_table(channel, people, names=("alice",), ais=1)
    table = board_of(channel, people["alice"])
    assert acting_name(table) == "alice"  # the AI's opening move (if any) is already made
    assert "⏱️ <t:" in embed_text(table)
    before = await board_png(table)
    await env.advance_time(60)
    assert acting_name(board_of(channel, people["alice"])) == "alice"  # not yet
    await env.advance_time(31)
    table = board_of(channel, people["alice"])
    assert "alice ran out of time; the bot moved for them." in embed_text(table)
    assert acting_name(table) == "alice" and await board_png(table) != before
    _, game = await current_game(env, channel)
    assert game.last_move is not None


async def test_choosing_and_going_back_does_not_stretch_the_turn(world):
    """Steps inside one turn (a card, then Back) keep the turn's deadline."""
    env, channel, people = world.env, world.channel, world.people
    await open_table(channel, people, names=("alice",), ais=1)
    alice = people["alice"]
    hand = await open_hand(channel, alice)
    _, game = await current_game(env, channel)
    first_card = game.decision(game.to_act()[0]).options[0].code
    clock = re.compile(r"⏱️ <t:(\d+):R>")
    (shown,) = clock.findall(embed_text(board_of(channel, alice)))
    await env.advance_time(60)
    await press(alice, hand, first_card)
    await press(alice, fresh(channel, alice, hand.id), "back")
    # The table shows the real deadline, not one restarted by the steps.
    assert clock.findall(embed_text(board_of(channel, alice))) == [shown]
    await env.advance_time(31)  # 91 s after the turn began, though 31 s after the last click
    assert "alice ran out of time" in embed_text(board_of(channel, alice))


async def test_three_missed_turns_hand_the_seat_to_the_ai(world):
    env, channel, people = world.env, world.channel, world.people
    await open_table(channel, people, names=("alice", "bob"))
    table = board_of(channel, people["alice"])
    absent = acting_name(table)
    present = people["bob" if absent == "alice" else "alice"]
    for missed in range(1, 4):
        assert acting_name(board_of(channel, present)) == absent
        await env.advance_time(91)
        text = embed_text(board_of(channel, present))
        # Events name the seat as it was then: the member ran out of time, not the AI.
        assert f"{absent} ran out of time" in text
        assert f"{absent} (AI) ran out of time" not in text
        if missed < 3:
            assert "missed" not in text
            await play_turn(env, channel, people)
    text = embed_text(board_of(channel, present))
    assert f"{absent} missed 3 turns in a row; the AI plays their seat until they are back." in text
    assert f"**{absent} (AI)**" in text  # the seat's row says who plays it now
    record, _ = await current_game(env, channel)
    assert record.seats[record.seat_of(people[absent].id)].ai == "hard"
    hand = await open_hand(channel, people[absent])
    assert "The AI plays your seat now" in embed_text(hand) and not components(hand)

    # The member comes back with the table's button and plays their own seat again.
    back = await people[absent].click(board_of(channel, present), label="I'm back: my seat")
    assert back.acknowledged
    record, _ = await current_game(env, channel)
    assert record.seats[record.seat_of(people[absent].id)].ai is None
    text = embed_text(board_of(channel, present))
    assert f"{absent} is back and plays their seat again." in text
    assert "I'm back: my seat" not in buttons(board_of(channel, present))


@pytest.fixture
def stacked(monkeypatch):
    """Deal from a stacked deck, alice first: she gets deck[0::2], bob deck[1::2]."""
    from bot.play.seating import Seating
    from engines.sequence_numbers import new_game

    def deal(deck):
        def fake(self, record, spec):
            return new_game([s.name for s in record.seats], 1, deck=deck, first=0)

        monkeypatch.setattr(Seating, "new_game", fake)

    return deal


@pytest.mark.game_seed(5)
async def test_a_move_restarts_the_count_of_missed_turns(world):
    """Only three missed turns *in a row* hand a seat to the AI: a member who misses two,
    plays, then misses two more keeps the seat; the third miss after the move hands it over."""
    env, channel, people = world.env, world.channel, world.people
    await open_table(channel, people, names=("alice", "bob"))
    absent = acting_name(board_of(channel, people["alice"]))
    present = people["bob" if absent == "alice" else "alice"]

    async def miss_then_answer() -> str:
        assert acting_name(board_of(channel, present)) == absent
        await env.advance_time(91)
        return embed_text(board_of(channel, present))

    for _ in range(2):
        assert f"{absent} ran out of time" in await miss_then_answer()
        await play_turn(env, channel, people)
    await play_turn(env, channel, people)  # the absent member plays once
    await play_turn(env, channel, people)
    for _ in range(2):
        text = await miss_then_answer()
        assert f"{absent} ran out of time" in text and "missed" not in text
        await play_turn(env, channel, people)
    record, _ = await current_game(env, channel)
    assert record.seats[record.seat_of(people[absent].id)].ai is None
    assert "missed 3 turns in a row" in await miss_then_answer()
    record, _ = await current_game(env, channel)
    assert record.seats[record.seat_of(people[absent].id)].ai == "hard"


async def test_plus_by_row_minus_and_a_dead_card_exchange(world, stacked):
    channel, people = world.channel, world.people
    alice, bob = people["alice"], people["bob"]
    stacked(["P", "P", "M", "a7", "a44", "a8", "a9", "a10", "a11", "a12"])
    await open_table(channel, people)
    hand = await open_hand(channel, alice)
    assert "`Plus` ➕ any empty cell" in embed_text(hand)
    assert "`18 + 26` = **44** → A2 · G5" in embed_text(hand)
    await press(alice, hand, "c.P")
    rows = fresh(channel, alice, hand.id)
    assert "Choose a row for your Plus." in embed_text(rows)
    assert {"Row A", "Row J", "Back"} <= set(buttons(rows))
    await press(alice, rows, "back")
    await press(alice, fresh(channel, alice, hand.id), "c.P")
    await press(alice, fresh(channel, alice, hand.id), "r.A")
    cells = fresh(channel, alice, hand.id)
    (menu,) = selects(cells)
    assert [o.label for o in menu.options][:2] == ["Plus on A2", "Plus on A3"]
    await press(alice, cells, "P.A2")
    table = board_of(channel, bob)
    assert "alice: **Plus** on A2" in embed_text(table)

    bob_hand = await open_hand(channel, bob)
    await press(bob, bob_hand, "c.P")
    await press(bob, fresh(channel, bob, bob_hand.id), "r.G")
    await press(bob, fresh(channel, bob, bob_hand.id), "P.G5")

    hand = await open_hand(channel, alice)
    text = embed_text(hand)
    assert "`18 + 26` = **44** → ~~A2~~ · ~~G5~~ 💀 dead — exchange it first" in text
    exchange = buttons(hand)["Exchange dead card 18 + 26"]
    assert str(exchange.emoji) == "♻️"
    await press(alice, hand, "x.a44")
    hand = fresh(channel, alice, hand.id)
    assert "18 + 26" not in embed_text(hand) and "Choose a card to play." in embed_text(hand)
    assert "alice exchanged the dead card 18 + 26." in embed_text(board_of(channel, bob))
    await press(alice, hand, "c.M")
    minus = fresh(channel, alice, hand.id)
    assert "Choose the opponent chip to remove." in embed_text(minus)
    assert "Minus: remove G5 (bob)" in buttons(minus)
    await press(alice, minus, "M.G5")
    text = embed_text(board_of(channel, bob))
    assert "alice: **Minus**, removed G5" in text
    assert "alice played Minus and removed bob's chip from G5." in text
    assert "Waiting for bob" in embed_text(fresh(channel, alice, hand.id))


async def test_hand_view_keeps_working_after_a_restart(world, settings):
    env, channel, people = world.env, world.channel, world.people
    table = await open_table(channel, people)
    actor = people[acting_name(table)]
    record, game = await current_game(env, channel)
    action = choose(game, record.seat_of(actor.id), "strong")
    hand = await open_hand(channel, actor)
    await env.bot.shutdown_storage()
    from cogs.app import create_bot

    await env.restart_bot(create_bot(settings))
    if isinstance(action, Exchange):
        await press(actor, hand, action.code)
        return
    await press(actor, hand, f"c.{action.card}")
    await press(actor, fresh(channel, actor, hand.id), action.code)
    assert f"{actor.name}: **" in embed_text(board_of(channel, actor))
    assert acting_name(board_of(channel, actor)) != actor.name


async def test_g9_a_first_player_with_only_minus_cards_passes_from_the_hand(world, stacked):
    """Four Minus cards and an empty board: no play, no exchange (G9). The hand offers
    Pass, so the table never freezes."""
    others = iter(["a7", "a8", "a9", "a10", "a11", "a12", "a13", "a14", "a15", "a16", "a17", "a18"])
    # Dealt one card each in seat order: alice gets every fourth card, all four Minus cards.
    stacked([card for _ in range(4) for card in ("M", next(others), next(others), next(others))])
    env, channel, people = world.env, world.channel, world.people
    await open_table(channel, people, names=("alice", "bob", "carol", "dave"))
    hand = await open_hand(channel, people["alice"])
    assert "Pass" in buttons(hand)
    await press(people["alice"], hand, "pass")
    _, game = await current_game(env, channel)
    assert game.to_act() == [1]
    assert "alice has no legal move and passes" in embed_text(board_of(channel, people["bob"]))


async def test_the_log_of_a_game_without_rounds_is_the_game_so_far(world):
    env, channel, people = world.env, world.channel, world.people
    await open_table(channel, people, names=("alice", "bob"))
    await play_turn(env, channel, people)
    log = await people["bob"].slash(channel, "sequence log")
    assert log.ephemeral
    shown = log.response.embeds[0]
    assert shown.title == "Sequence Numbers — the game so far"
    assert "The game started with 2 players." in shown.description
    assert " played " in shown.description or " removed " in shown.description


def _corner_label(png: bytes) -> Image.Image:
    return _corner_label_of(Image.open(io.BytesIO(png)))


def _corner_label_of(board: Image.Image) -> Image.Image:
    """The word under the star of the board's top-left free corner, as the picture has it."""
    cx, cy = cell_centre(0, 0)
    return board.convert("RGB").crop((cx - 38, cy + 14, cx + 38, cy + 37))


def _label_drawn(word: str) -> Image.Image:
    """`word` as the corner's label draws it: on the free cell's colour, centred."""
    image = Image.new("RGB", (76, 23), FREE_FILL)
    font = ImageFont.truetype(str(next(p for p in LABEL_FONTS if p.exists())), 13)
    ImageDraw.Draw(image).text((38, 11), word, fill=NUMBER, font=font, anchor="mm")
    return image


def _apart(one: Image.Image, other: Image.Image) -> float:
    """How far two crops are apart: the mean difference of their channels (the board is
    saved with a palette, so its colours are a step off the drawn ones)."""
    pairs = zip(one.tobytes(), other.tobytes(), strict=True)
    return sum(abs(a - b) for a, b in pairs) / len(one.tobytes())


async def test_i46_9_the_board_picture_words_its_free_corners_in_the_tables_language(world):
    """The board's free corners say FREE on an English table, and the Vietnamese catalog's
    word once a moderator makes the server Vietnamese and the table is shown again: the
    picture's words follow the table's language."""
    alice = world.people["alice"]
    await open_table(world.channel, world.people)
    english = _corner_label(await board_png(board_of(world.channel, alice)))
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[mods])
    assert (await mod.slash(world.channel, "games language", language="vi")).acknowledged
    assert (await alice.slash(world.channel, "sequence table")).acknowledged
    table = next(
        m
        for m in reversed(world.channel.history(viewer=alice))
        if any(a.filename == "board.png" for a in m.attachments)
    )
    vietnamese = Image.open(io.BytesIO(await table.attachments[0].read()))
    vietnamese = _corner_label_of(vietnamese)
    with i18n.reading("vi"):
        word = str(FREE_LABEL)
    assert word == "TỰ DO"
    assert _apart(english, _label_drawn("FREE")) < 2
    assert _apart(vietnamese, _label_drawn(word)) < 2
    assert _apart(vietnamese, _label_drawn("FREE")) > 10
