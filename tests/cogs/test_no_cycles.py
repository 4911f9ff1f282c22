"""A table card and a sent picture are freed by reference counting alone (issue 37): at
1,000 tables they were most of the bot's cyclic garbage, which only the cycle collector's
passes free."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import discord
import pytest

from cogs import custom_ids
from cogs.components import TableButton
from cogs.layout import card, components_of
from cogs.table_pictures import attachments


@pytest.fixture
def no_collector() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def test_a_card_is_freed_without_the_collector(no_collector: None) -> None:
    embed = discord.Embed(title="Table 7", description="Your turn")
    embed.set_image(url="attachment://table.png")
    button = TableButton.build(
        custom_ids.table_id(7, "refresh"), "Refresh", discord.ButtonStyle.secondary
    )
    view = card(embed, [[button]], lead="hi", history=["one"], history_title="Past")
    sent = components_of(view)
    assert any(c.get("components") for c in sent)  # still a whole card once untied
    gone = weakref.ref(view)
    del view, button
    assert gone() is None


def test_a_sent_picture_is_freed_without_the_collector(no_collector: None) -> None:
    [file] = attachments(b"\x89PNG picture", "table.png")
    buffer = file.fp
    file.reset()
    buffer.close()  # what aiohttp does after sending it: the stub, so a retry can resend
    assert not buffer.closed and buffer.read() == b"\x89PNG picture"
    file.close()  # discord.py's cleanup puts the real close back
    gone = weakref.ref(buffer)
    del file, buffer
    assert gone() is None
