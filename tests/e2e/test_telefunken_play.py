"""A Telefunken deal by clicks: cut, draws, a buy race between two users, the contract
melded, lay-offs, discards and going out, every move through the rummy hand view."""

from __future__ import annotations

import secrets
from collections import Counter
from typing import Any

import pytest

from cogs.rummy_view import cards_named
from rules.contract import Action
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, Seat, table_id_of, table_message

PREFERENCE = ("goout", "meld", "lay", "discard", "draw", "cut", "contract", "keepall", "pass")


def pick(legal: list[Action]) -> Action:
    for kind in PREFERENCE:
        found = [a for a in legal if a.kind == kind]
        if found:
            return found[0]
    return legal[0]


async def click_action(players: Players, seat: Seat, number: int, action: Action) -> Any:
    """Play ``action`` through the hand view: select its cards, then press its button."""
    await players.refresh(seat)
    hand_message = seat.hand
    assert hand_message is not None
    match = players.manager.match_of(players.table_id)
    assert match is not None
    hand = [str(c) for c in match.view(number)["hand"]]
    named = Counter(cards_named(action)) & Counter(hand)
    if named:
        menu = next(m for m in hand_message.selects() if str(m["custom_id"]).startswith("ct:h:"))
        positions: list[str] = []
        for card in named.elements():
            i = next(i for i, c in enumerate(hand) if c == card and str(i) not in positions)
            positions.append(str(i))
        chosen = await seat.user.choose(hand_message, str(menu["custom_id"]), positions)
        assert chosen.interaction.response_type == 7, chosen.text
    return await press(seat, hand_message, action.id)


async def press(seat: Seat, message: FakeMessage, action_id: str) -> Any:
    for b in message.buttons():
        custom_id = str(b.get("custom_id", ""))
        if custom_id.startswith("ct:a:") and custom_id.split(":", 4)[4] == action_id:
            return await seat.user.click_custom_id(message, custom_id)
    for menu in message.selects():
        values = [str(o["value"]) for o in menu.get("options", [])]
        if str(menu["custom_id"]).startswith("ct:s:") and action_id in values:
            return await seat.user.choose(message, str(menu["custom_id"]), [action_id])
    raise AssertionError(f"{action_id} is not offered: {message.text()}")


async def test_a_telefunken_deal_with_a_buy_race_a_contract_and_going_out(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 21)
    users = [runner.user(n) for n in ("alice", "bob", "carol")]
    opened = await users[0].slash("play", game="telefunken", players=3)
    assert opened.message is not None and opened.message.buttons(), opened.text
    for user in users[1:]:
        await user.click(opened.message, "Join")
    await users[0].click(opened.message, "Start")
    players = Players(runner, users, table_id_of(opened.message))
    await players.open_hands()
    match = players.manager.match_of(players.table_id)
    assert match is not None
    kinds: Counter[str] = Counter()
    race: tuple[int, int] | None = None  # the race's winner and loser
    clicks = 0
    while not match.hand_results and clicks < 2000:
        state = players.manager.state(players.table_id)
        public = match.public_view()
        window = public.get("buy_window")
        if window and race is None and len(state.to_act) == 2:
            # Both users press Buy, the later in the priority order first (TF-25): the
            # earlier one wins the card; the other's claim comes to nothing.
            first, second = window["order"]
            before_sizes, before_chips = list(public["hand_sizes"]), list(public["chips"])
            for number in (second, first):
                seat = players.seats[state.seats[number].user_id or 0]
                await players.refresh(seat)
                assert seat.hand is not None
                assert "Priority: " in seat.hand.text() and "Buy window" in seat.hand.text()
                reply = await click_action(players, seat, number, Action(kind="buy"))
                assert reply.interaction.response_type == 7, reply.text
                clicks += 1
            after = match.public_view()
            assert after["chips"][first] == before_chips[first] - 1
            assert after["chips"][second] == before_chips[second]
            assert after["hand_sizes"][second] == before_sizes[second]
            assert after["hand_sizes"][first] > before_sizes[first]
            race = (first, second)
            continue
        number = min(state.to_act)
        seat = players.seats[state.seats[number].user_id or 0]
        action = pick(match.legal_actions(number))
        reply = await click_action(players, seat, number, action)
        assert reply.interaction.response_type == 7, (action.id, reply.text)
        kinds[action.kind] += 1
        clicks += 1
    assert match.hand_results, kinds
    assert kinds["meld"] >= 1 and kinds["discard"] >= 1, kinds
    assert race is not None, "no buy race happened"
    print(f"\nTelefunken deal by clicks: {clicks} clicks, {dict(kinds)}")
    result = match.hand_results[0]
    went_out = result["went_out"]
    assert result["hands"][went_out] == [] and result["scores"][went_out] == 0, result
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    assert "Melds" in table_message(fake, players.table_id).text()
