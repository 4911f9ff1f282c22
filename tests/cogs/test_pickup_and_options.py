"""Pickup queues and the /play options text, without Discord."""

from __future__ import annotations

import pytest

from cogs.pickup import AlreadyQueued, Entry, PickupQueues
from cogs.play_cog import parse_options
from tables.errors import OptionSyntax


def entry(user: int, channel: int = 1) -> Entry:
    return Entry(user, f"u{user}", channel)


def test_a_queue_releases_exactly_the_first_n_players_in_order() -> None:
    queues = PickupQueues()
    assert queues.join(9, "304", entry(1), needed=4) is None
    assert queues.join(9, "304", entry(2), needed=4) is None
    assert queues.join(9, "thunee", entry(3), needed=4) is None  # another game's queue
    assert queues.join(9, "304", entry(4, channel=2), needed=4) is None
    group = queues.join(9, "304", entry(5, channel=2), needed=4)
    assert group is not None and [e.user_id for e in group] == [1, 2, 4, 5]
    assert {g: [e.user_id for e in q] for g, q in queues.queued(9).items()} == {"thunee": [3]}


def test_queues_are_per_server_and_a_user_queues_once() -> None:
    queues = PickupQueues()
    queues.join(1, "tonk", entry(7), needed=2)
    assert queues.join(2, "tonk", entry(7), needed=2) is None  # another server
    with pytest.raises(AlreadyQueued):
        queues.join(1, "tonk", entry(7), needed=2)
    assert queues.leave(1, "tonk", 7) and not queues.leave(1, "tonk", 7)
    assert [e.user_id for e in queues.take(2, "tonk")] == [7]
    assert queues.queued(2) == {}


def test_options_text_becomes_typed_values() -> None:
    assert parse_options("target_balls=13, blind_bid=yes; cut_method=table") == {
        "target_balls": 13,
        "blind_bid": True,
        "cut_method": "table",
    }
    assert parse_options(None) == {} and parse_options("  ") == {}
    with pytest.raises(OptionSyntax, match="name=value"):
        parse_options("target_balls")
