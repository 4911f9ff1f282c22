"""custom_id formats. State travels in the custom_id, so a button works after a restart.

- ``ct:t:<table>:<verb>[:<arg>]``   a table-message button (join, start, hand, ...)
- ``ct:a:<table>:<seq>:<action>``  play an engine action id seen at log position ``seq``
- ``ct:i:<table>:<seq>:<index>``   the same, by index in the legal actions (ids too long)
- ``ct:s:<table>:<seq>:<n>``       a select menu whose values are action ids
- ``ct:c:<table>:<n>``             a card the seat cannot play now (disabled)
- ``ct:h:<table>:<seq>:<n>``       a rummy hand's card menu (values are hand positions)
"""

from __future__ import annotations

CUSTOM_ID_MAX = 100

TABLE_TEMPLATE = r"ct:t:(?P<table>\d+):(?P<verb>[a-z_]+)(?::(?P<arg>[-\w]+))?"
ACTION_TEMPLATE = r"ct:a:(?P<table>\d+):(?P<seq>\d+):(?P<action>.+)"
INDEX_TEMPLATE = r"ct:i:(?P<table>\d+):(?P<seq>\d+):(?P<index>\d+)"
SELECT_TEMPLATE = r"ct:s:(?P<table>\d+):(?P<seq>\d+):(?P<n>\d+)"
CARD_TEMPLATE = r"ct:c:(?P<table>\d+):(?P<n>\d+)"
HAND_TEMPLATE = r"ct:h:(?P<table>\d+):(?P<seq>\d+):(?P<n>\d+)"


def table_id(table: int, verb: str, arg: str | int | None = None) -> str:
    return f"ct:t:{table}:{verb}" + ("" if arg is None else f":{arg}")


def action_id(table: int, seq: int, action: str, index: int) -> str:
    """The button id for an action; falls back to its index when the id would not fit."""
    custom_id = f"ct:a:{table}:{seq}:{action}"
    if len(custom_id) <= CUSTOM_ID_MAX:
        return custom_id
    return f"ct:i:{table}:{seq}:{index}"


def select_id(table: int, seq: int, n: int) -> str:
    return f"ct:s:{table}:{seq}:{n}"


def card_id(table: int, n: int) -> str:
    return f"ct:c:{table}:{n}"


def hand_select_id(table: int, seq: int, n: int) -> str:
    return f"ct:h:{table}:{seq}:{n}"
