"""Deal-phase actions one table repeats from another: a duplicate night's second table
(``tables.linked``) must hold the same cards as the first, and a human's cut at the first
(``GamePlugin.deal_phases``) changes them. The first table's deal-phase actions, hand by
hand, are stored on the second as its ``deal_script`` setting; when a computer there is
to act in a deal phase, the manager plays the script's next action for that hand and seat
(when it is legal; the computer's own choice otherwise), so the same seed and the same
cuts deal the same cards with the seats turned."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.contract import snapshot_deal_version
from rules.registry import BUILTIN, GameRegistry

SETTING = "deal_script"
"""The table setting: ``{"<hand index>": [[seat, action id], ...]}``."""

Script = dict[str, list[list[Any]]]


def deal_script(snapshot: Mapping[str, Any], registry: GameRegistry = BUILTIN) -> Script:
    """The deal-phase actions of a stored match (``tables.linked.table_snapshot``), by
    hand: replayed from its seed and log, each action taken while the match was in one of
    the plugin's deal phases."""
    plugin = registry.plugin(snapshot["game"])
    match = plugin.spec.new_match(
        snapshot["players"],
        snapshot["options"],
        snapshot["seed"],
        snapshot.get("deals") or (),
        deal_version=snapshot_deal_version(snapshot),
    )
    script: Script = {}
    for seat, action_id in snapshot.get("actions", ()):
        if match.is_over:
            break
        if match.phase in plugin.deal_phases:
            script.setdefault(str(len(match.hand_results)), []).append([seat, action_id])
        match.apply(seat, action_id)
    return script


def next_scripted(
    script: Mapping[str, Sequence[Sequence[Any]]], hand: int, used: int, seat: int
) -> str | None:
    """The script's action for ``seat`` when ``used`` of hand ``hand``'s entries have been
    played; None when the script has no more for the hand, or the next is another seat's."""
    entries = script.get(str(hand)) or ()
    if used >= len(entries):
        return None
    entry_seat, action_id = entries[used]
    return str(action_id) if int(entry_seat) == seat else None
