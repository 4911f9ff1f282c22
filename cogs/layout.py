"""A message as one Components v2 card (issue 31): title, picture, facts, history, buttons.

The renders (``table_view``, ``hand_view``) describe a message with an embed (title,
description, fields, footer, colour, image), which keeps them easy to read and to test; this
module lays that description out as a ``LayoutView``: one ``Container`` whose accent is the
embed's colour, holding

- the title and description (``TextDisplay``, the title as a small heading),
- the picture (``MediaGallery`` of the attachment), full width on a phone,
- the facts (the fields, one per line: "**Trump** ♥"),
- the history (the last hands in words),
- the footer (small text) and the buttons (``ActionRow``s, inside the card).

Discord's Components v2 limits hold by construction: at most ``TEXT_MAX`` characters of text
in all (the facts, the longest part, are cut to fit), at most ``COMPONENTS_MAX`` components
(the callers send at most five rows of five), no ``content`` and no embeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

TEXT_MAX = 4000
"""Characters of all the text displays of a message together."""
COMPONENTS_MAX = 40
"""Components of a message, nested ones included."""
CUT = "…"


def _facts(embed: discord.Embed) -> str:
    lines = []
    for field in embed.fields:
        name, value = field.name or "", field.value or ""
        if field.inline and "\n" not in value:
            lines.append(f"**{name}** · {value}")
        else:
            lines.append(f"**{name}**\n{value}")
    return "\n".join(lines)


def _fit(text: str, room: int) -> str:
    if len(text) <= room:
        return text
    return text[: max(0, room - len(CUT))] + CUT


def card(
    embed: discord.Embed,
    rows: Sequence[Sequence[discord.ui.Item[Any]]] = (),
    *,
    lead: str = "",
    history: Sequence[str] = (),
    history_title: str = "",
) -> discord.ui.LayoutView:
    """``embed`` and its button ``rows`` as one card; ``lead`` is a line above the title
    (what used to be the message's content, pings included); ``history`` the last events in
    words under ``history_title``."""
    head = "\n".join(p for p in (lead, f"### {embed.title}" if embed.title else "") if p)
    if embed.description:
        head += ("\n" if head else "") + embed.description
    facts = _facts(embed)
    past = "\n".join(history)
    if past and history_title:
        past = f"**{history_title}**\n{past}"
    footer = f"-# {embed.footer.text}" if embed.footer and embed.footer.text else ""
    # The facts give way first: the title, history and footer are short and always fit.
    head, past, footer = _fit(head, 1000), _fit(past, 1000), _fit(footer, 500)
    facts = _fit(facts, TEXT_MAX - len(head) - len(past) - len(footer))

    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=embed.colour)
    if head:
        container.add_item(discord.ui.TextDisplay(head))
    image = embed.image.url if embed.image else None
    if image:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(image)))
    for part in (facts, past):
        if part:
            container.add_item(discord.ui.Separator())
            container.add_item(discord.ui.TextDisplay(part))
    if footer:
        container.add_item(discord.ui.TextDisplay(footer))
    for row in rows:
        if row:
            container.add_item(discord.ui.ActionRow(*row))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    # Sent, never stored: its items are dispatched by custom_id (``components``).
    view.stop()
    return untied(view)


def untied(view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """``view`` without its items' references back to it and to their parents: only
    serialized and sent (never stored, never dispatched), it needs none, and with them
    every card was a cycle of ~40 objects that only the cycle collector frees (issue 37:
    at 1,000 tables most of the bot's cyclic garbage, feeding its full collections)."""
    for item in view.walk_children():
        item._view = None
        item._parent = None
    return view


def components_of(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The view as the request body's ``components`` (discord.py leaves it untyped)."""
    components: list[dict[str, Any]] = view.to_components()  # type: ignore[no-untyped-call]
    return components


def action_rows(components: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The action rows of a card, in order (tests read its buttons row by row)."""
    found: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == discord.ComponentType.action_row.value:
            found.append(component)
        else:
            found += action_rows(component.get("components") or [])
    return found
