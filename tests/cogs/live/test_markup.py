"""Issue 47, item 2: the tables' Discord markdown as the live table's HTML. Every piece of
text is escaped once as it is written out (a member's name full of markup shows as typed and
runs nothing), cards become their pictures with their words as the alt text."""

from __future__ import annotations

from cogs.live.markup import plain, to_html
from cogs.ui.components import CARD_CLOSE, CARD_OPEN, CARD_SPLIT
from cogs.wording.names import shown
from tests.cogs.helpers import table_of
from tests.cogs.live.pages import Socket

HOSTILE = "<script>x</script>**b**_i_`c`&"  # within a name's 32 characters


def test_i47_2_markdown_becomes_html_and_nothing_typed_becomes_markup():
    name = shown(HOSTILE)  # as every table writes a member's name
    html = to_html(f"## Round 1\n▶️ **{name}** · *7* ~~x~~\n-# small print\n- one\n- two\n> said")
    assert "<h4>Round 1</h4>" in html and "<em>7</em>" in html and "<s>x</s>" in html
    assert (
        '<p class="small">small print</p>' in html and "<ul><li>one</li><li>two</li></ul>" in html
    )
    assert "<blockquote>said</blockquote>" in html
    # The name reads as typed: its tags, stars, underscores and backticks are not markup.
    assert "<script>" not in html
    assert "<strong>&lt;script&gt;x&lt;/script&gt;**b**_i_`c`&amp;</strong>" in html


def test_i47_2_a_card_is_its_picture_with_its_words_for_screen_readers():
    card = f"{CARD_OPEN}f7_7{CARD_SPLIT}0{CARD_SPLIT}**7**{CARD_CLOSE}"
    sum_card = f"{CARD_OPEN}seq_3plus4{CARD_SPLIT}1{CARD_SPLIT}`3 + 4`{CARD_CLOSE}"
    html = to_html(f"Ann flipped {card}; Bao played {sum_card}.")
    assert '<img class="card" src="../card/f7_7.png" alt="7" title="7">' in html
    assert 'alt="3 + 4"' in html and '<span class="card-words"><code>3 + 4</code></span>' in html
    assert (
        plain(f"Ann flipped {card} <t:5:R> </flip7 log:12>") == "Ann flipped 7 <t:5:R> /flip7 log"
    )


async def test_i47_2_a_name_full_of_markup_shows_as_typed_on_the_page(world, live):
    people = world.people
    host = people["alice"]
    odd = world.guild.add_member(world.env.create_user("odd", global_name=HOSTILE))
    await host.slash(world.channel, "flip7 start")
    for member in (people["bob"], odd):
        assert (await member.click(table_of(world.channel, host), label="Join")).acknowledged
    assert (await host.click(table_of(world.channel, host), label="Start")).acknowledged
    record = (await world.env.bot.storage.open_matches())[0]
    socket = await Socket.open(live, live.links.member(record.id, odd.id, "en"))
    frame = await socket.table_at(record.version)
    page = frame["html"]["table"] + "".join(frame["happened"])
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;**b**" in page
    assert frame["you"] == f"You play as {HOSTILE}."  # the page writes it as text
    await socket.close()
