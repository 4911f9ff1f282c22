"""South African Thunee and 304 through Discord, by clicks (run once their engines are
registered; until then they are skipped)."""

from __future__ import annotations

import random
import secrets

import pytest

from rules import registry
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, table_id_of, table_message


def needs(game: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        game not in registry.names(), reason=f"the {game} engine is not registered yet"
    )


async def seat_four(runner: BotRunner, game: str) -> Players:
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    opened = await users[0].slash("play", game=game)
    assert opened.message is not None, opened.text
    lobby = opened.message
    for user, team in zip(users[1:], (2, 1, 2), strict=True):
        await user.click(lobby, f"Sit in team {team}")
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    await players.open_hands()
    return players


@needs("thunee")
async def test_four_users_play_a_full_thunee_match(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 7)
    players = await seat_four(runner, "thunee")
    actions = await players.play_until_over(random.Random(5))
    state = players.manager.state(players.table_id)
    assert state.status == "finished" and state.result is not None
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    final = table_message(fake, players.table_id)
    assert "The match is over" in final.text() and "Winners:" in final.text()
    per_action = players.rest_calls_per_action()
    print(f"\nThunee: {actions} clicked actions, {per_action:.3f} REST calls per action")
    assert per_action <= 1.1


@needs("304")
async def test_a_304_hand_with_a_closed_trump_and_a_face_down_cut(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 304)
    players = await seat_four(runner, "304")
    # The trumper keeps the trump closed; nobody asks for redeals or calls caps.
    players.avoid = ("open", "redeal", "caps", "claim_spoilt")
    rng = random.Random(3)
    saw_closed = saw_face_down = False
    match = players.manager.match_of(players.table_id)
    assert match is not None
    while not match.hand_results:
        state = players.manager.state(players.table_id)
        seat = players.seats[state.seats[min(state.to_act)].user_id or 0]
        reply = await players.refresh(seat)
        text = reply.text
        saw_closed = saw_closed or "closed (the indicator is face down)" in text
        saw_face_down = saw_face_down or "🂠" in text
        await players.act(seat, rng)
        assert players.running()
    result = match.hand_results[0]
    assert result["mode"] == "closed", result
    assert saw_closed and saw_face_down


@pytest.mark.parametrize(
    ("game", "seats"), [("nigerian_thunee", 4), ("thunee", 2), ("thunee", 6), ("304", 6)]
)
async def test_computers_added_from_the_lobby_fill_any_table_size(
    fake: FakeDiscord, runner: BotRunner, game: str, seats: int
) -> None:
    if game not in registry.names() or seats not in registry.get(game).player_counts:
        pytest.skip(f"no {game} engine for {seats} players yet")
    alice = runner.user("alice")
    opened = await alice.slash("play", game=game, players=seats)
    assert opened.message is not None, opened.text
    lobby = opened.message
    for _ in range(seats - 1):
        added = await alice.click(lobby, custom_id=f"ct:t:{table_id_of(lobby)}:computer:beginner")
        assert added.interaction.response_type == 7
    assert lobby.text().count("🤖") == seats - 1
    await alice.click(lobby, "Start")
    players = Players(runner, [alice], table_id_of(lobby))
    await players.open_hands()
    seat = players.seats[alice.id]
    rng = random.Random(seats)
    for _ in range(12):
        if not players.running():
            break
        await players.refresh(seat)
        await players.act(seat, rng)
    assert seat.actions >= 1
