"""Telefunken's deal-6 exchange (TF-19) played by clicks through the fake Discord.

Dawson's dealer's choice (``dealer_choice_contracts``, TFV-EC-DD) lets the dealer name
contract 6 in the first deal, so the exchange comes two clicks after Start (no stacked
match needed). Each player then chooses cards in the hand menu and presses "Hand in ...",
one card at a time (a chosen card can be taken back), then "Hand in the chosen cards";
everyone gets back as many cards as they handed in.
"""

from __future__ import annotations

import secrets
from collections import Counter

import pytest

from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Reply, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, Seat, table_id_of, table_message
from tests.e2e.test_telefunken_play import press


def hand_cards(players: Players, number: int) -> list[str]:
    match = players.manager.match_of(players.table_id)
    assert match is not None
    return [str(c) for c in match.view(number)["hand"]]


async def select(user: SimulatedUser, hand: FakeMessage, position: int) -> Reply:
    (menu,) = [m for m in hand.selects() if str(m["custom_id"]).startswith("ct:h:")]
    reply = await user.choose(hand, str(menu["custom_id"]), [str(position)])
    assert reply.interaction.response_type == 7, reply.text
    return reply


async def hand_in(players: Players, seat: Seat, number: int, cards: list[str]) -> Reply:
    """Choose ``cards`` one by one (select it, press "Hand in <card>"), then hand them in."""
    for card in cards:
        await players.refresh(seat)
        assert seat.hand is not None
        await select(seat.user, seat.hand, hand_cards(players, number).index(card))
        await press(seat, seat.hand, f"give:{card}")
    reply = await players.refresh(seat)
    assert reply.message is not None
    chosen = shown_giving(reply.message)
    assert len(chosen) == len(cards), (chosen, cards)
    return await press(seat, reply.message, "handin")


def shown_giving(hand: FakeMessage) -> list[str]:
    """The cards the hand view lists under "Handing in" (none: no such line)."""
    for text in hand.text_displays():
        for line in text.split("\n"):
            if line.startswith("**Handing in** · "):
                return line.removeprefix("**Handing in** · ").split(", ")
    return []


async def test_tf_19_deal6_exchange_by_clicks(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TF-19: three users hand in 2, 0 and 1 cards by clicks; each gets as many back,
    hands stay at 11, the stock and the discard are untouched, then play starts."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 6)
    users = [runner.user(n) for n in ("alice", "bob", "carol")]
    opened = await users[0].slash(
        "play", game="telefunken", players=3, options="dealer_choice_contracts=true"
    )
    assert opened.message is not None and opened.message.buttons(), opened.text
    for user in users[1:]:
        await user.click(opened.message, "Join")
    await users[0].click(opened.message, "Start")
    players = Players(runner, users, table_id_of(opened.message))
    await players.open_hands()
    match = players.manager.match_of(players.table_id)
    assert match is not None

    def seat_of(number: int) -> Seat:
        state = players.manager.state(players.table_id)
        return players.seats[state.seats[number].user_id or 0]

    # The cutter cuts, then the dealer names contract 6 from the menu.
    (cutter,) = match.to_act
    await players.refresh(seat_of(cutter))
    await press(seat_of(cutter), seat_of(cutter).hand, "cut")  # type: ignore[arg-type]
    assert match.phase == "contract"
    (dealer,) = match.to_act
    await players.refresh(seat_of(dealer))
    await press(seat_of(dealer), seat_of(dealer).hand, "contract:6")  # type: ignore[arg-type]
    assert match.phase == "exchange" and match.to_act == {0, 1, 2}
    await runner.bot.table_messages.flush(players.table_id)  # type: ignore[union-attr]
    assert "Card exchange" in table_message(fake, players.table_id).text()

    before = {s: hand_cards(players, s) for s in range(3)}
    stock, discard = list(match.stock), list(match.discard)
    given = {0: before[0][:2], 1: [], 2: before[2][-1:]}

    # Alice changes her mind once: she chooses a third card, then keeps it.
    alice = seat_of(0)
    spare = before[0][5]
    await players.refresh(alice)
    assert alice.hand is not None
    await select(alice.user, alice.hand, before[0].index(spare))
    await press(alice, alice.hand, f"give:{spare}")
    await players.refresh(alice)
    assert len(shown_giving(alice.hand)) == 1
    await select(alice.user, alice.hand, before[0].index(spare))
    await press(alice, alice.hand, f"ungive:{spare}")

    for number in (0, 1, 2):
        reply = await hand_in(players, seat_of(number), number, given[number])
        assert reply.interaction.response_type == 7, reply.text
        if number < 2:
            assert match.phase == "exchange" and number not in match.to_act

    assert match.phase in ("draw", "buy", "play"), match.phase
    assert list(match.stock) == stock and list(match.discard) == discard
    for number in range(3):
        after = hand_cards(players, number)
        assert len(after) == 11
        kept = Counter(before[number]) - Counter(given[number])
        got = Counter(after) - kept
        assert sum(got.values()) == len(given[number]), (number, got)
        assert not kept - Counter(after)
    # Every card handed in went to someone (cards are conserved across the three hands).
    assert Counter(c for s in range(3) for c in hand_cards(players, s)) == Counter(
        c for s in range(3) for c in before[s]
    )
