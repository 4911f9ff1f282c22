"""Simulated players at a table: they read the table message, open their hand, click.

Whose turn it is comes from the table manager's state: the same fact the table message's
"▶" marker shows, without waiting for the coalesced edit (a user would wait a second).
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

from tables.manager import TableManager
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Reply, SimulatedUser
from tests.e2e.harness import BotRunner

ACTION_PREFIXES = ("ct:a:", "ct:i:")
SELECT_PREFIX = "ct:s:"
HAND_PREFIX = "ct:h:"


def table_message(
    fake: FakeDiscord, table_id: int | None = None, channel_id: int | None = None
) -> FakeMessage:
    """The newest table message in the channel, or anywhere for a given ``table_id``."""
    prefix = "ct:t:" if table_id is None else f"ct:t:{table_id}:"
    if table_id is not None and channel_id is None:
        candidates = [m for m in fake.messages.values() if not m.ephemeral and not m.deleted]
    else:
        candidates = fake.channel_messages(channel_id)
    for message in sorted(candidates, key=lambda m: -m.id):
        if any(str(b.get("custom_id", "")).startswith(prefix) for b in message.buttons()):
            return message
    raise AssertionError("no table message in the channel")


def table_id_of(message: FakeMessage) -> int:
    for b in message.buttons():
        custom_id = str(b.get("custom_id", ""))
        if custom_id.startswith("ct:t:"):
            return int(custom_id.split(":")[2])
    raise AssertionError("not a table message")


def choices(message: FakeMessage) -> list[tuple[str, str | None]]:
    """Every action a hand view offers: (custom_id, None) buttons, (select_id, value).
    A rummy hand's card menu is not one: choosing cards only shows what they can do."""
    out: list[tuple[str, str | None]] = []
    for b in message.buttons():
        custom_id = str(b.get("custom_id", ""))
        if custom_id.startswith(ACTION_PREFIXES) and not b.get("disabled"):
            out.append((custom_id, None))
    for s in message.selects():
        if str(s.get("custom_id", "")).startswith(HAND_PREFIX):
            continue
        for option in s.get("options", []):
            out.append((str(s["custom_id"]), str(option["value"])))
    return out


async def select_a_card(user: SimulatedUser, hand: FakeMessage, rng: random.Random) -> bool:
    """In a rummy hand, often (always when nothing else is offered) choose one card in the
    card menu first, which brings up what it can do; True if a card was chosen."""
    menus = [m for m in hand.selects() if str(m["custom_id"]).startswith(HAND_PREFIX)]
    if not menus or (rng.random() >= 0.7 and choices(hand)):
        return False
    menu = menus[0]
    value = str(rng.choice(menu["options"])["value"])
    await user.choose(hand, str(menu["custom_id"]), [value])
    return True


@dataclass
class Seat:
    user: SimulatedUser
    hand: FakeMessage | None = None
    clicks: int = 0
    actions: int = 0
    action_interactions: list[int] = field(default_factory=list)


class Players:
    def __init__(self, runner: BotRunner, users: list[SimulatedUser], table_id: int) -> None:
        self.runner = runner
        self.fake = runner.fake
        self.table_id = table_id
        self.seats = {u.id: Seat(u) for u in users}
        self.seen_lines: set[str] = set()
        """Every line of text the players' refreshed hand views showed."""
        self.avoid: tuple[str, ...] = ()
        """Action id fragments users avoid when they can (e.g. a throw-in ends hands early)."""

    @property
    def manager(self) -> TableManager:
        assert self.runner.bot is not None and self.runner.bot.manager is not None
        return self.runner.bot.manager

    async def open_hands(self) -> None:
        message = table_message(self.fake, self.table_id)
        for seat in self.seats.values():
            reply = await seat.user.click(message, "My hand")
            assert reply.ephemeral and reply.message is not None
            seat.hand = reply.message

    async def refresh(self, seat: Seat) -> Reply:
        assert seat.hand is not None
        reply = await seat.user.click(seat.hand, "Refresh")
        seat.clicks += 1
        self.seen_lines.update(reply.text.splitlines())
        return reply

    async def act(self, seat: Seat, rng: random.Random) -> Reply:
        """Click one of the offered actions at random (never an avoided kind if avoidable)."""
        assert seat.hand is not None
        if await select_a_card(seat.user, seat.hand, rng):
            seat.clicks += 1
        options = choices(seat.hand)
        assert options, f"{seat.user.user.username} has nothing to do: {seat.hand.text()}"
        preferred = [o for o in options if not any(k in (o[1] or o[0]) for k in self.avoid)]
        options = preferred or options
        custom_id, value = rng.choice(options)
        if value is None:
            reply = await seat.user.click_custom_id(seat.hand, custom_id)
        else:
            reply = await seat.user.choose(seat.hand, custom_id, [value])
        seat.clicks += 1
        seat.actions += 1
        seat.action_interactions.append(reply.interaction.id)
        return reply

    def rest_calls_per_action(self) -> float:
        """REST calls caused by action clicks plus every table-message write, per action."""
        ids = {i for seat in self.seats.values() for i in seat.action_interactions}
        by_actions = sum(1 for c in self.fake.calls if c.interaction_id in ids)
        table_writes = len(self.fake.calls_matching("PATCH /channels/")) + len(
            self.fake.calls_matching("POST /channels/")
        )
        actions = sum(seat.actions for seat in self.seats.values())
        return (by_actions + table_writes) / max(actions, 1)

    def running(self) -> bool:
        return bool(self.manager.state(self.table_id).status == "running")

    async def play_until_over(self, rng: random.Random, max_actions: int = 5000) -> int:
        """Each seat to act refreshes its hand and clicks a legal choice; returns actions."""
        actions = 0
        while self.running() and actions < max_actions:
            state = self.manager.state(self.table_id)
            owners = [state.seats[s].user_id for s in sorted(state.to_act)]
            humans = [self.seats[u] for u in owners if u is not None and u in self.seats]
            if not humans:
                await asyncio.sleep(0.01)
                continue
            seat = humans[0]
            await self.refresh(seat)
            if not choices(seat.hand):  # type: ignore[arg-type]
                continue
            await self.act(seat, rng)
            actions += 1
        return actions
