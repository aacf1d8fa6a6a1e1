"""Sink or Swim in a channel: secret picks in ephemeral hands, the public table, the end (S4–S8)."""

import random
import re

import pytest

from bot.errors import Refusal
from bot.storage import MatchRecord, MatchStatus, Seat
from cogs.app import create_bot
from cogs.games.sinkorswim import SinkOrSwimRenderer
from cogs.games.sinkorswim.texts import TEXTS
from cogs.ui.components import parse_ref
from cogs.ui.layout import Part
from engines.base import GAMES
from engines.sink_or_swim import new_game
from engines.sink_or_swim.ai import timeout_move
from tests.cogs.helpers import buttons, components, embed_text, part, parts, table_of

GAME = "sinkorswim"
PLAYERS = ("alice", "bob", "carol")


async def open_table(world, names=PLAYERS, ai=0):
    channel, people = world.channel, world.people
    host = people[names[0]]
    assert (await host.slash(channel, "sinkorswim start")).acknowledged
    for name in names[1:]:
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    for _ in range(ai):
        assert (await host.click(table_of(channel, host), label="Add AI")).acknowledged
    assert (await host.click(table_of(channel, host), label="Start")).acknowledged
    record = await world.env.bot.storage.open_match_in_channel(channel.id)
    world.match = record.id
    return table_of(channel, host)


async def state(world):
    """The match record and the engine's game, read back from the database."""
    record = await world.env.bot.storage.get_match(world.match)
    return record, GAMES[GAME].from_dict(record.state)


async def open_hand(world, user):
    result = await user.click(table_of(world.channel, user), label="Pick a card")
    assert result.acknowledged and result.ephemeral
    return result.response.message


def card_button(hand, card):
    for item in components(hand):
        if (item.custom_id or "").endswith(f":p{card}"):
            return item
    raise AssertionError(f"no button for {card} in {embed_text(hand)}")


async def pick(world, user, card, hand=None):
    """Pick (or change to) `card` from the member's private hand; return the refreshed hand."""
    hand = hand or await open_hand(world, user)
    result = await user.click(hand, custom_id=card_button(hand, card).custom_id)
    assert result.acknowledged, embed_text(hand)
    answer = result.response
    assert answer.embeds or "game is over" in answer.content, answer.content
    return answer.message


def seat_user(world, record, seat):
    user_id = record.seats[seat].user_id
    return next(p for p in world.people.values() if p.id == user_id)


# -- what each member can see ---------------------------------------------------------------

# Scores, not cards: "3 points", "total 14", a round's "**ann** 15 · total", "+3", "−1".
SCORE = re.compile(r"[-−]?\d+ (?:pts?|points?)\b|total [-−]?\d+|\*\* [-−]?\d+ ·|[+−]\d+")
NUMBER = re.compile(r"(?<![\d<@:])\b(\d{1,2})\b(?![\d>])")


def visible_cards(message):
    """Weather-card numbers (13–60, beyond tide, trick and belt counts) a message shows,
    plus every card its buttons carry. Scores are left out: they are not cards."""
    texts = [message.content or ""]
    for embed in message.embeds:
        if "win" in (embed.title or "") or "leaderboard" in (embed.title or ""):
            continue  # the final standings: names and scores only
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f.name + "\n" + f.value for f in embed.fields]
    shown = parts(message)
    if "win" not in shown.get(Part.HEADING, ""):  # not the result: names and scores only
        texts += [text for part, text in shown.items() if part != Part.SCORES]
    found = {int(n) for n in NUMBER.findall(SCORE.sub("", "\n".join(texts))) if int(n) >= 13}
    for item in components(message):
        code = re.search(r":p(\d+)$", getattr(item, "custom_id", None) or "")
        if code:
            found.add(int(code.group(1)))
        if getattr(item, "label", None):
            found.update(int(n) for n in re.findall(r"\d+", item.label))
    return found


def assert_no_hand_leaks(world, record, game):
    """No member sees a card another seat still holds, unless the rules let them know it
    (a hand they held in an earlier round, a card already revealed): S3, S8."""
    members = [
        (seat, seat_user(world, record, seat))
        for seat, taken in enumerate(record.seats)
        if taken.user_id is not None
    ]
    members.append((None, world.people["dave"]))  # a spectator
    for seat, user in members:
        if seat is None:  # a spectator knows the cards revealed in tricks
            revealed = {card for trick in game.history for _, card in trick["plays"]}
            known = [revealed] * len(record.seats)
        else:
            known = game.view(seat).known_hands
        secret = set()
        for other in range(len(record.seats)):
            if other != seat:
                secret |= set(game.hand(other)) - set(known[other])
        for message in world.channel.history(viewer=user):
            leaked = visible_cards(message) & secret
            assert not leaked, f"{user.name} sees {leaked}: {embed_text(message)}"


# -- tests ----------------------------------------------------------------------------------


async def test_s4_full_game_with_private_picks_to_the_leaderboard(world):
    env, channel, people = world.env, world.channel, world.people
    alice = people["alice"]
    table = await open_table(world)
    text = embed_text(table)
    assert "round 1 of 3 · trick 1 of 12" in text and "Tide cards" in text
    assert "Waiting for alice, bob and carol to pick" in text
    chooser = random.Random(7)
    tricks = 0
    passing_told = []  # the table tells whose hand each player holds after a round (S7)
    while True:
        record, game = await state(world)
        if record.status == MatchStatus.FINISHED:
            break
        for seat in game.to_act():
            card = chooser.choice(game.hand(seat))
            hand = await pick(world, seat_user(world, record, seat), card)
            hand_text = embed_text(hand)
            if f"You picked {card}" in hand_text:  # still this trick: the pick waits
                assert "You may change it until the last pick is in" in hand_text
                public = embed_text(table_of(channel, alice))
                assert f"✅ **{game.names[seat]}**" in public
        tricks += 1
        record, game = await state(world)
        shown = embed_text(table_of(channel, alice))
        passing_told += [line for line in shown.split("\n") if "Hands pass to the left" in line]
        if record.status != MatchStatus.FINISHED:
            assert_no_hand_leaks(world, record, game)
    assert tricks >= 9  # at least three tricks in each of three rounds (S5)
    assert passing_told and all(
        "alice now holds" in line and "bob now holds" in line for line in passing_told
    ), passing_told
    (final,) = [m for m in channel.history(viewer=alice) if m.id == record.message_id]
    assert not components(final) and "final" in part(final, Part.HEADING)
    announcement = channel.history(viewer=alice)[-1]
    assert "R3:" in part(final, Part.SCORES) and "Game over" in part(final, Part.RESULT)
    assert not re.search(r"-\d", embed_text(final))  # "R1: ann −1", a typographic minus
    assert "win" not in embed_text(final)  # the win is announced once, below the table
    assert "win" in part(announcement, Part.HEADING) and "Rematch" in buttons(announcement)
    assert [m for m in channel.history(viewer=alice) if "win" in embed_text(m)] == [announcement]
    told = part(final, Part.EARLIER)  # the last round's points, explained
    assert told.startswith("**Round 3: how it ended**") and told.count(" · total ") == 3
    board = await alice.slash(channel, "games leaderboard", game=GAME)
    rows = board.response.embeds[0].description
    # Without a game, the board is the one this server finished last.
    latest = await alice.slash(channel, "games leaderboard")
    assert latest.response.embeds[0].title == board.response.embeds[0].title
    for name in PLAYERS:
        assert f"<@{people[name].id}>" in rows
    assert not (await people["bob"].slash(channel, "sinkorswim start")).ephemeral
    assert env.bot.storage is not None


async def test_s8_humans_and_ai_never_see_another_hand(world):
    """Two members and two AI seats play it out; after every pick each member's whole view
    of the channel (and a spectator's) is checked against the hands in the database."""
    channel, people = world.channel, world.people
    await open_table(world, names=("alice", "bob"), ai=2)
    assert "🤖" in embed_text(table_of(channel, people["alice"]))
    chooser = random.Random(3)
    while True:
        record, game = await state(world)
        if record.status == MatchStatus.FINISHED:
            break
        humans = [s for s in game.to_act() if record.seats[s].user_id]
        assert humans, "the table waits on nobody"
        seat = humans[0]
        await pick(world, seat_user(world, record, seat), chooser.choice(game.hand(seat)))
        record, game = await state(world)
        if record.status != MatchStatus.FINISHED:
            assert_no_hand_leaks(world, record, game)
    final = table_of(channel, people["alice"])  # the result, under the table
    assert "win" in part(final, Part.HEADING) and "Ada (AI)" in embed_text(final)


async def test_pick_change_resolves_with_the_changed_card(world):
    channel, people = world.channel, world.people
    await open_table(world)
    _, game = await state(world)
    first, second = game.hand(0)[0], game.hand(0)[-1]
    hand = await pick(world, people["alice"], first)
    assert f"You picked {first}" in embed_text(hand)
    assert card_button(hand, first).style.name == "success"
    hand = await pick(world, people["alice"], second, hand)  # from the same private message
    assert f"You picked {second}" in embed_text(hand)
    assert card_button(hand, first).style.name == "secondary"
    public = parts(table_of(channel, people["alice"]))
    # (the clock line is a timestamp, whose digits may happen to hold the card's)
    shown = {k: t for k, t in public.items() if k not in (Part.HEADING, Part.CLOCK)}
    below_heading = "\n".join(shown.values())
    assert str(second) not in below_heading and "✅ **alice**" in public[Part.PLAYERS]
    await pick(world, people["bob"], game.hand(1)[0])
    # Changing again through /sinkorswim hand works too, until the last pick is in.
    typed = await people["alice"].slash(channel, "sinkorswim hand")
    assert typed.ephemeral and f"You picked {second}" in embed_text(typed.response.message)
    await pick(world, people["carol"], game.hand(2)[0])
    _record, game = await state(world)
    assert (0, second) in game.view(None).last_trick.plays
    revealed = embed_text(table_of(channel, people["alice"]))
    assert f"alice **{second}**" in revealed and f"alice **{first}**" not in revealed


async def test_deadline_auto_picks_the_safe_card_once_per_trick(world):
    """The absent member's card is the time-out policy's (its lowest card that can't cost a
    belt, from their own view), played once for the trick."""
    env, channel, people = world.env, world.channel, world.people
    await open_table(world)
    _, game = await state(world)
    await pick(world, people["alice"], game.hand(0)[-1])
    await env.advance_time(60)
    await pick(world, people["bob"], game.hand(1)[-1])  # a later pick does not move the deadline
    _, game = await state(world)
    safe = timeout_move(game, 2).card
    table = embed_text(table_of(channel, people["alice"]))
    assert "Picks close <t:" in table and "Waiting for carol to pick" in table
    await env.advance_time(31)
    _record, game = await state(world)
    assert game.trick == 2 and (2, safe) in game.view(None).last_trick.plays
    text = embed_text(table_of(channel, people["alice"]))
    assert "⏰ carol ran out of time" in text and f"carol **{safe}**" in text
    # The next trick has a fresh deadline of its own (the first one fired at 90 s).
    await env.advance_time(88)
    assert (await state(world))[1].trick == 2
    await env.advance_time(2)
    assert (await state(world))[1].trick == 3


async def test_restart_mid_trick_keeps_the_picks_already_made(world, settings):
    env, channel, people = world.env, world.channel, world.people
    table = await open_table(world)
    _, game = await state(world)
    cards = [game.hand(0)[5], game.hand(1)[3], game.hand(2)[7]]
    await pick(world, people["alice"], cards[0])
    await pick(world, people["bob"], cards[1])
    await env.bot.shutdown_storage()
    await env.restart_bot(create_bot(settings))
    # The table from before the restart still says who is to pick, and opens a hand.
    assert "Waiting for carol to pick." in embed_text(table_of(channel, people["alice"]))
    result = await people["carol"].click(table, label="Pick a card")
    assert result.ephemeral and "Tap a card to pick it." in embed_text(result.response.message)
    await pick(world, people["carol"], cards[2], result.response.message)
    _record, game = await state(world)
    assert sorted(map(list, game.view(None).last_trick.plays)) == [
        [0, cards[0]],
        [1, cards[1]],
        [2, cards[2]],
    ]
    assert "round 1 of 3 · trick 2" in embed_text(table_of(channel, people["alice"]))


async def test_an_open_hand_follows_the_game_and_an_old_button_is_refused(world):
    """A private hand left open is redrawn when the trick resolves: it never shows a pick
    that has passed, and its buttons play the new trick. A button from before is refused."""
    people = world.people
    await open_table(world)
    _, game = await state(world)
    bob_hand = await open_hand(world, people["bob"])
    alice_hand = await pick(world, people["alice"], game.hand(0)[0])
    old_id = card_button(alice_hand, game.hand(0)[1]).custom_id
    assert "You picked" in embed_text(alice_hand)
    # Another player's pick does not make bob's menu stale.
    await pick(world, people["bob"], game.hand(1)[0], bob_hand)
    await pick(world, people["carol"], game.hand(2)[0])
    alice_hand = fresh_message(world, people["alice"], alice_hand.id)
    shown = embed_text(alice_hand)
    assert "trick 2" in shown and "You picked" not in shown and "Tap a card" in shown
    spare = game.hand(0)[1]
    played = await people["alice"].click(
        alice_hand, custom_id=card_button(alice_hand, spare).custom_id
    )
    assert played.acknowledged and "You picked" in embed_text(played.response)
    _record, game = await state(world)
    assert game.trick == 2 and game.picks[0] == spare
    # A click that was already on its way with the first trick's button changes nothing.
    _, ref, stamp, code = old_id.split(":")
    match_id, _database = parse_ref(ref)
    with pytest.raises(Refusal, match=r"^stale_button$"):
        await world.env.bot.matches.play(match_id, people["alice"].id, int(stamp), code, noop)


async def noop(change):
    return None


def fresh_message(world, user, message_id):
    return next(m for m in world.channel.history(viewer=user) if m.id == message_id)


async def test_strangers_commands_and_rules(world):
    channel, people = world.channel, world.people
    dave = people["dave"]
    early = await people["alice"].slash(channel, "sinkorswim hand")
    assert early.ephemeral and "No game is open" in early.response.content
    await people["alice"].slash(channel, "sinkorswim start")
    joined = await people["bob"].slash(channel, "sinkorswim join")
    assert joined.ephemeral and "bob joined" in joined.response.content
    left = await people["bob"].slash(channel, "sinkorswim leave")
    assert left.ephemeral and "bob left" in left.response.content
    assert buttons(table_of(channel, dave))["Start"].disabled  # 3 players at least (S2)
    for name in ("bob", "carol"):
        await people[name].click(table_of(channel, dave), label="Join")
    await people["alice"].click(table_of(channel, dave), label="Start")
    stranger = await dave.click(table_of(channel, dave), label="Pick a card")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    typed = await dave.slash(channel, "sinkorswim hand")
    assert typed.ephemeral and "not playing" in typed.response.content
    reposted = await dave.slash(channel, "sinkorswim table")
    assert not reposted.ephemeral and "Tide cards" in embed_text(reposted.response.message)
    wrong_game = await dave.slash(channel, "flip7 table")
    assert wrong_game.ephemeral and "/sinkorswim" in wrong_game.response.content
    rules = await dave.slash(channel, "sinkorswim rules")
    assert rules.ephemeral and "Sink or Swim" in rules.response.embeds[0].title


async def test_s5_eliminated_player_sees_their_hand_without_buttons():
    """Drawn straight from the renderer: an eliminated seat plays no more tricks this round."""
    game = new_game(list(PLAYERS), 5)
    game.eliminated[1] = True
    record = MatchRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game=GAME,
        host_id=1,
        status=MatchStatus.PLAYING,
        version=3,
        seats=[Seat(name, user_id=n + 1) for n, name in enumerate(PLAYERS)],
        options={},
        state=game.to_dict(),
    )
    renderer = SinkOrSwimRenderer(GAME, TEXTS)
    out = await renderer.private(record, game, 1)
    text = "\n".join([out.embeds[0].description, *(f.value for f in out.embeds[0].fields)])
    assert not out.items and "out of this round" in text
    assert str(game.hand(1)[-1]) in text  # the hand is still shown to its owner
    table = await renderer.table(record, game)
    assert table.layout is not None
    shown = {block.part: block.text for block in table.layout.texts()}
    assert "💀 ~~bob~~ · out of this round" in shown[Part.PLAYERS]
    assert shown[Part.PROMPT].startswith("**Waiting for alice and carol to pick.**")


async def test_three_missed_tricks_hand_the_seat_to_the_ai_and_a_pick_takes_it_back(
    world, settings
):
    """An absent player costs three trick timers, not a whole game of them (issue: every
    game hands a seat over the same way), and their next pick brings them back."""
    await open_table(world)
    people = world.people
    for missed in range(1, 4):
        _, game = await state(world)
        await pick(world, people["bob"], game.hand(1)[0])
        await pick(world, people["carol"], game.hand(2)[0])
        await world.env.advance_time(settings.turn_timeout + 1)
        text = embed_text(table_of(world.channel, people["bob"]))
        assert ("alice (AI)" in text) == (missed == 3), text
    assert "alice missed 3 turns in a row" in text  # named as she was when it happened
    assert "alice (AI) ran out of time" not in text
    record, game = await state(world)
    assert record.seats[0].ai == "hard"
    # The AI picks for alice now; her own pick from her hand makes the seat hers again.
    await pick(world, people["bob"], game.hand(1)[0])
    await pick(world, people["alice"], game.hand(0)[0])
    record, _ = await state(world)
    assert record.seats[0].ai is None
    assert "alice is back and plays their seat again." in embed_text(
        table_of(world.channel, people["bob"])
    )


@pytest.mark.game_seed(0)  # everyone plays their highest card: carol goes out in round 1
async def test_s6_the_table_explains_each_rounds_points_with_true_minus_signs(world):
    """Like Flip 7's round summary: every player's points, total and why, in the order they
    count (belts afloat, going out, the lowest tide), until the next trick is revealed."""
    channel, alice = world.channel, world.people["alice"]
    await open_table(world)
    while (game := (await state(world))[1]).round == 1:
        record, _ = await state(world)
        for seat in game.to_act():
            await pick(world, seat_user(world, record, seat), game.hand(seat)[-1])
    record, game = await state(world)
    stored = await world.env.bot.storage.events(record.id, 500)
    scored = [event.data for _, event in stored if event.kind == "round_score"]
    table = table_of(channel, alice)
    told = part(table, Part.EARLIER).split("\n")
    assert told[0] == "**Round 1: how it ended**" and len(told) == 1 + len(PLAYERS)
    assert any(data["eliminated"] for data in scored), "this seed sends a player out"
    for data, line in zip(scored, told[1:], strict=True):
        name = PLAYERS[data["seat"]]
        points, total = data["points"], data["total"]
        shown = f"{'−' if points < 0 else ''}{abs(points)} · total {'−' if total < 0 else ''}"
        assert line.startswith(f"**{name}** {shown}{abs(total)} — 🛟"), line
        belts = data["belts"]
        afloat = f"🛟 {belts} belt{'s' if belts > 1 else ''} afloat +{belts}"
        assert (afloat if belts else "🛟 no belt afloat") in line
        assert ("💀 out at trick" in line and line.endswith("with no belt left −1")) == data[
            "eliminated"
        ]
        if data["bonus"]:
            tide = data["tide"]
            assert (f"🌊 lowest tide ({tide}) +1" if tide else "🌊 no tide card") in line
        else:
            assert "🌊" not in line
    assert not re.search(r"-\d", embed_text(table)), "signs are typographic: −1, not -1"
    # The next reveal turns the page: the round's explanation gives way to the new trick.
    for seat in game.to_act():
        await pick(world, seat_user(world, record, seat), game.hand(seat)[0])
    assert not part(table_of(channel, alice), Part.EARLIER)
    assert "Round 2, trick 1 — revealed" in part(table_of(channel, alice), Part.TRICK)


@pytest.mark.game_seed(3)
async def test_i46_9_a_hand_keeps_each_card_with_its_belt_mark(world):
    """A hand's cards may wrap between cards only: a card and its belts ("47 ½🛟") are
    joined by a no-break space, and ½ to 🛟 by a word joiner, so a belt mark never starts
    a line of its own (the cards and the buttons alike)."""
    await open_table(world)
    hand = await open_hand(world, world.people["alice"])
    _record, game = await state(world)
    listed = hand.embeds[0].fields[0].value.split(" · ")
    assert len(listed) == len(game.hand(0))
    breakable = re.compile(r"[ \t\n]|½🛟")  # an ordinary space, or ½ and 🛟 unjoined
    assert [card for card in listed if breakable.search(card)] == []
    halves = [card for card in listed if "½" in card]
    wholes = [card for card in listed if "🛟" in card and "½" not in card]
    assert halves and wholes  # this deal holds both marks
    assert all(re.search("\\d\u00a0½\u2060🛟$", card) for card in halves), halves
    assert all(re.search("\\d\u00a0🛟$", card) for card in wholes), wholes
    labels = [item.label for item in components(hand) if "🛟" in (item.label or "")]
    assert labels and [label for label in labels if breakable.search(label)] == []
