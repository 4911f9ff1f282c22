"""One component of a hand view, before it becomes a discord.py item."""

from __future__ import annotations

from dataclasses import dataclass

import discord


@dataclass(frozen=True)
class Slot:
    """A button (``action`` None for a disabled card) or a select (``options`` given)."""

    custom_id: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    options: tuple[tuple[str, str], ...] = ()  # (value, label) for a select
    chosen: frozenset[str] = frozenset()
    """Values shown as already chosen (a card menu's current selection)."""
    multi: bool = False
    """A multi-select (pick several cards) instead of a one-choice menu."""
