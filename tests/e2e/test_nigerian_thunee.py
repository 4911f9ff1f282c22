"""A full Nigerian Thunee match played by four simulated users clicking in Discord."""

from __future__ import annotations

import random
import secrets

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, choices, table_id_of, table_message


async def test_four_users_play_a_nigerian_thunee_match_to_the_end(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table's seed is the only randomness besides the users' seeded clicks.
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20261130)
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    opened = await users[0].slash("play", game="nigerian_thunee")
    assert opened.message is not None
    lobby = opened.message
    assert "Nigerian Thunee" in lobby.text()
    # Teams are picked by buttons: alice and carol in team 1, bob and dan in team 2.
    await users[1].click(lobby, "Sit in team 2")
    await users[2].click(lobby, "Sit in team 1")
    await users[3].click(lobby, "Sit in team 2")
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    state = players.manager.state(players.table_id)
    assert state.teams == ((0, 2), (1, 3))
    assert [s.user_id for s in state.seats] == [users[0].id, users[1].id, users[2].id, users[3].id]

    await players.open_hands()
    bidder = players.seats[state.seats[min(state.to_act)].user_id or 0]
    await players.refresh(bidder)
    assert bidder.hand is not None
    # Bidding offers 1..8 and Pass: more than a row of buttons, so a menu with the labels.
    menu_labels = [o["label"] for m in bidder.hand.selects() for o in m["options"]]
    assert {"Bid 1", "Bid 8", "Pass"} <= set(menu_labels) or any(
        b["label"] == "Keep cards" for b in bidder.hand.buttons()
    )
    assert all(value is not None or cid.startswith("ct:a:") for cid, value in choices(bidder.hand))

    # Users keep their cards and leave the bidding to one player, so hands score quickly.
    players.avoid = ("throw_in", "bid:5", "bid:6", "bid:7", "bid:8")
    actions = await players.play_until_over(random.Random(11))
    assert actions >= 2 * 32  # at least two hands of eight tricks were played by clicks
    # Unplayable cards were greyed out with the engine's reason (NG-10.2 follow suit).
    assert any(line.startswith("Greyed cards: You must follow") for line in players.seen_lines)
    assert not players.running()
    result = players.manager.state(players.table_id).result
    assert result is not None and max(result["scores"]) >= 16
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    final = table_message(fake, players.table_id)
    winners = [users[s].mention for s in result["winners"]]
    assert "The match is over" in final.text()
    assert "Winners:" in final.text()
    assert all(u.user.username in final.text() for u in (users[s] for s in result["winners"]))
    assert winners
    assert "Last hand" in final.text() and "Hand " in final.text()

    rematch = await users[1].click(final, "Rematch")
    assert rematch.message is not None and not rematch.ephemeral
    new_table = table_id_of(rematch.message)
    assert new_table != players.table_id
    again = players.manager.state(new_table)
    assert again.status == "running"
    assert [s.user_id for s in again.seats] == [u.id for u in users]
    per_action = players.rest_calls_per_action()
    latencies = sorted(
        i.ack_latency for i in fake.interactions.values() if i.ack_latency is not None
    )
    p50, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]
    print(
        f"\nNigerian Thunee: {actions} clicked actions, {per_action:.3f} REST calls per action, "
        f"INTERACTION_CREATE -> callback p50 {p50 * 1000:.1f} ms p99 {p99 * 1000:.1f} ms"
    )
    assert per_action <= 1.1
