"""Off-turn actions through the manager (304's Caps call, T3-16.3 / ED-25): ``act``
accepts them from a seat outside ``to_act``; the seats to act keep their deadline."""

from __future__ import annotations

import pytest

from storage import SqliteStorage
from tables.clock import FakeClock
from tables.errors import NotYourTurn
from tables.manager import TableManager

# WE-6's deal (dealer S): users 1..4 sit at seats S=0, E=1, N=2, W=3.
HANDS = [
    "10S 10C 10H AD KS QS 8S 7S",
    "AS QC QH AH JD 9D KD 8D",
    "JC KC JH 9H 9C 8C 8H 7H",
    "JS 9S AC 7C KH 10D QD 7D",
]
SETUP = [
    (3, "no_cut"),
    (1, "pass"),
    (2, "bid:160"),
    (3, "pass"),
    (0, "pass"),
    (1, "pass"),
    (2, "trump:KC"),
    (2, "pass"),
    (3, "pass"),
    (0, "pass"),
    (1, "pass"),
    (2, "closed"),
]
PLAYS = "1:AS 2:indicator 3:9S 0:7S 2:JC 3:AC 0:10C 1:QC 2:9C 3:7C 0:AD 1:QH 2:JH 3:KH 0:10H"


async def we6_table(manager: TableManager) -> int:
    state = await manager.create(
        channel_id=5,
        game="304",
        host_id=1,
        host_name="s",
        seed=7,
        deals=[{"dealer": 0, "hands": [h.split() for h in HANDS]}],
    )
    for user in (2, 3, 4):
        await manager.join(state.id, user, f"user{user}")
    await manager.start(state.id, 1)
    steps = SETUP + [
        (int(s), a if a == "indicator" else "play:" + a)
        for s, a in (p.split(":") for p in PLAYS.split())
    ]
    for seat, action in steps:
        await manager.act(state.id, seat + 1, action)
    return state.id


async def test_a_caps_call_off_turn_is_accepted_and_keeps_the_turn_deadline(
    manager: TableManager, clock: FakeClock, storage: SqliteStorage
) -> None:
    table = await we6_table(manager)
    state = manager.state(table)
    assert state.to_act == {1}  # CP(15): E is to play; N (user 3) is certain (WE-6 a)
    deadline = state.deadline
    assert deadline is not None
    await clock.advance(20)
    view = manager.seat_view(table, 3)
    assert [a.kind for a in view.legal] == ["caps"] and view.deadline is None
    with pytest.raises(NotYourTurn):
        await manager.act(table, 3, "play:9H")  # only the optional call is open to N
    await manager.act(table, 3, "caps:9H,8H,7H,8C", seen_seq=view.seq)
    state = manager.state(table)
    assert state.to_act == {1} and state.deadline == deadline  # E's clock runs on
    log = await storage.actions.for_table(table)
    assert (log[-1].seat, log[-1].action_id) == (2, "caps:9H,8H,7H,8C")
    match = manager.match_of(table)
    assert match is not None and match.calls[0][:2] == (2, 15)  # type: ignore[attr-defined]
    await manager.act(table, 2, "play:AH")  # E plays; N's 9H then goes by the server
    assert manager.state(table).to_act == {3}
    await clock.advance(60)  # the timer waits on W alone and plays for him at his deadline
    assert manager.state(table).seq > len(log) + 1
