"""Rummy play by clicks: select cards in the hand menu, then meld, hit, discard or drop.

The players choose their moves with the engine's help (which meld to make), but every move
goes through the hand view: the card menu, then the button the selection brings up.
"""

from __future__ import annotations

import asyncio
import random
import secrets

import pytest

from rules.contract import IllegalAction
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Reply, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, table_id_of, table_message


async def start_tonk(runner: BotRunner, options: str) -> Players:
    users = [runner.user(n) for n in ("alice", "bob")]
    opened = await users[0].slash("play", game="tonk", players=2, options=options)
    assert opened.message is not None and opened.message.buttons(), opened.text
    lobby = opened.message
    await users[1].click(lobby, "Join")
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    await players.open_hands()
    return players


def card_menu(hand: FakeMessage) -> dict[str, object]:
    (menu,) = [m for m in hand.selects() if str(m["custom_id"]).startswith("ct:h:")]
    return menu


def button_for(hand: FakeMessage, action_id: str) -> str:
    """The custom_id of the hand view's button that plays ``action_id``."""
    for b in hand.buttons():
        custom_id = str(b.get("custom_id", ""))
        if custom_id.startswith("ct:a:") and custom_id.split(":", 4)[4] == action_id:
            return custom_id
    raise AssertionError(f"no button for {action_id}: {[b.get('label') for b in hand.buttons()]}")


async def select_cards(user: SimulatedUser, hand: FakeMessage, cards: list[str]) -> Reply:
    """Pick ``cards`` in the hand menu (by position; a card may be held twice)."""
    menu = card_menu(hand)
    hand_cards = [str(c) for c in hand_list(hand)]
    positions: list[str] = []
    for card in cards:
        i = next(i for i, c in enumerate(hand_cards) if c == card and str(i) not in positions)
        positions.append(str(i))
    reply = await user.choose(hand, str(menu["custom_id"]), positions)
    assert reply.interaction.response_type == 7, reply.text
    return reply


HAND_OF: dict[int, list[str]] = {}
"""The cards of each hand view message, as the engine holds them (set before selecting)."""


def hand_list(hand: FakeMessage) -> list[str]:
    return HAND_OF[hand.id]


async def play_turn(players: Players, user_id: int, prefer_drop: bool = False) -> str:
    """The user to act refreshes, then plays one action through the view; returns its id."""
    seat = players.seats[user_id]
    await players.refresh(seat)
    assert seat.hand is not None
    match = players.manager.match_of(players.table_id)
    assert match is not None
    state = players.manager.state(players.table_id)
    number = next(i for i, s in enumerate(state.seats) if s.user_id == user_id)
    HAND_OF[seat.hand.id] = list(match.view(number)["hand"])
    legal = match.legal_actions(number)
    ids = [a.id for a in legal]
    if prefer_drop and "drop" in ids:
        choice = "drop"
    elif "draw:stock" in ids:
        choice = "draw:stock"
    else:
        melds = [a for a in legal if a.kind in ("spread", "hit")]
        discards = [a for a in legal if a.kind == "discard"]
        chosen = melds[0] if melds else discards[0]
        choice = chosen.id
        cards = [c.split(">")[0] for c in chosen.value.split(",")]
        await select_cards(seat.user, seat.hand, cards)
    reply = await seat.user.click_custom_id(seat.hand, button_for(seat.hand, choice))
    assert reply.interaction.response_type == 7, reply.text
    return choice


async def test_a_tonk_match_by_clicks_melds_hits_and_discards(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 11)
    players = await start_tonk(runner, "hands=2, tonk_on_deal=50_only")
    played: list[str] = []
    while players.running() and len(played) < 400:
        state = players.manager.state(players.table_id)
        (seat,) = state.to_act
        user_id = state.seats[seat].user_id
        assert user_id is not None
        played.append(await play_turn(players, user_id))
    state = players.manager.state(players.table_id)
    assert state.status == "finished", played[-10:]
    assert any(p.startswith("spread:") for p in played), played
    assert any(p.startswith("discard:") for p in played)
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    final = table_message(fake, players.table_id).text()
    assert "The match is over" in final


async def test_a_tonk_hand_with_a_drop_and_a_refused_meld(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 5)
    players = await start_tonk(runner, "hands=1, tonk_on_deal=50_only")
    match = players.manager.match_of(players.table_id)
    assert match is not None
    state = players.manager.state(players.table_id)
    (number,) = state.to_act
    user_id = state.seats[number].user_id
    assert user_id is not None
    seat = players.seats[user_id]
    assert seat.hand is not None
    await players.refresh(seat)
    hand = list(match.view(number)["hand"])
    HAND_OF[seat.hand.id] = hand
    # Before drawing, three cards can't be spread: the engine says why, only to this user.
    selected = await select_cards(seat.user, seat.hand, hand[:3])
    assert selected.message is not None
    built = "spread:" + ",".join(hand[:3])
    refused = await seat.user.click_custom_id(seat.hand, button_for(seat.hand, built))
    assert refused.ephemeral
    try:
        expected = str(match.explain_illegal(number, match.spec.parse_action(built)))
    except IllegalAction as exc:
        expected = str(exc)
    assert refused.text == expected
    assert match.hand_results == []
    # The Drop button ends the hand (TK-40).
    assert await play_turn(players, user_id, prefer_drop=True) == "drop"
    assert match.hand_results and match.hand_results[0]["outcome"] in ("drop", "caught")
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    assert "Melds" in table_message(fake, players.table_id).text() or not players.running()


@pytest.mark.parametrize("game", ["tonk", "telefunken"])
async def test_random_clicks_on_rummy_hands_never_break_the_view(
    fake: FakeDiscord, runner: BotRunner, game: str
) -> None:
    """The load benchmark's users (select a card, press anything) at a rummy quickplay."""
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game=game)
    assert opened.message is not None and opened.message.buttons(), opened.text
    players = Players(runner, [alice], table_id_of(opened.message))
    await players.open_hands()
    seat = players.seats[alice.id]
    rng = random.Random(4)
    for _ in range(40):
        if not players.running():
            break
        state = players.manager.state(players.table_id)
        if not any(state.seats[s].user_id == alice.id for s in state.to_act):
            await asyncio.sleep(0.01)
            continue
        await players.refresh(seat)
        await players.act(seat, rng)
    assert seat.actions >= 10
