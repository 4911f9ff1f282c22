"""Simulated Discord users: they type slash commands and click what they can see."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from tests.e2e.fake_discord.model import FakeInteraction, FakeMessage, FakeUser
from tests.e2e.fake_discord.server import FakeDiscord

OPTION_TYPES = {str: 3, int: 4, bool: 5}


def fixed_choices(command: dict[str, Any], subcommand: str | None) -> dict[str, list[Any]]:
    """Option name -> the only values Discord's client lets a user send, for the options
    synced with ``choices`` (an autocomplete option takes whatever is typed)."""
    options: list[dict[str, Any]] = command.get("options") or []
    if subcommand is not None:
        options = next((o.get("options") or [] for o in options if o["name"] == subcommand), [])
    return {o["name"]: [c["value"] for c in o["choices"]] for o in options if o.get("choices")}


@dataclass
class Reply:
    """What a user got back from one interaction."""

    interaction: FakeInteraction
    message: FakeMessage | None
    fake: FakeDiscord

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def text(self) -> str:
        return self.message.text() if self.message else ""

    @property
    def followups(self) -> list[FakeMessage]:
        return [self.fake.messages[i] for i in self.interaction.followup_ids]


class SimulatedUser:
    def __init__(self, fake: FakeDiscord, user: FakeUser) -> None:
        self.fake = fake
        self.user = user

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    async def slash(
        self,
        name: str,
        *,
        subcommand: str | None = None,
        channel_id: int | None = None,
        **options: Any,
    ) -> Reply:
        """Type ``/name [subcommand] option:value...`` and wait for the bot's answer."""
        command = self.fake.command(name)
        offered = fixed_choices(command, subcommand)
        opts: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for key, value in options.items():
            if value is None:
                continue
            if key in offered and value not in offered[key]:
                raise AssertionError(f"/{name} {key}: Discord offers only {offered[key]}")
            if isinstance(value, SimulatedUser):
                # A user option: Discord sends the id and the resolved user and member.
                member = value.user.member_payload()
                user = member.pop("user")
                resolved.setdefault("users", {})[user["id"]] = user
                resolved.setdefault("members", {})[user["id"]] = member
                opts.append({"name": key, "type": 6, "value": user["id"]})
            else:
                opts.append({"name": key, "type": OPTION_TYPES.get(type(value), 3), "value": value})
        if subcommand is not None:
            opts = [{"name": subcommand, "type": 1, "options": opts}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": opts,
        }
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        interaction = await self.fake.create_interaction(self.user, 2, data, channel_id=channel_id)
        return await self.wait(interaction)

    async def click(
        self, message: FakeMessage, label: str | None = None, *, custom_id: str | None = None
    ) -> Reply:
        """Click a button on a message this user can see, by its label or custom_id."""
        button = message.button(label) if custom_id is None else {"custom_id": custom_id, "type": 2}
        if button.get("disabled"):
            raise AssertionError(f"button {label!r} is disabled")
        return await self.click_custom_id(message, str(button["custom_id"]))

    async def click_custom_id(self, message: FakeMessage, custom_id: str) -> Reply:
        """Click the component ``custom_id``; like Discord, only an enabled one on the message."""
        self._check_visible(message)
        button = next((b for b in message.buttons() if b.get("custom_id") == custom_id), None)
        if button is None or button.get("disabled"):
            raise AssertionError(f"no enabled button {custom_id!r} on that message")
        data = {"custom_id": custom_id, "component_type": 2}
        interaction = await self.fake.create_interaction(self.user, 3, data, message=message)
        return await self.wait(interaction)

    async def choose(self, message: FakeMessage, custom_id: str, values: list[str]) -> Reply:
        """Pick ``values`` in the select menu ``custom_id``."""
        self._check_visible(message)
        menu = next((m for m in message.selects() if m.get("custom_id") == custom_id), None)
        offered = {str(o.get("value")) for o in (menu or {}).get("options", [])}
        if menu is None or not set(values) <= offered:
            raise AssertionError(f"no menu {custom_id!r} offering {values} on that message")
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        interaction = await self.fake.create_interaction(self.user, 3, data, message=message)
        return await self.wait(interaction)

    async def submit_modal(self, opened: FakeInteraction, *values: str) -> Reply:
        """Fill in the modal the bot answered ``opened`` with (its text inputs in order,
        whether in rows or labels) and submit it, as Discord sends it (type 5)."""
        modal = opened.modal
        if modal is None:
            raise AssertionError("the bot answered with no modal")
        given = list(values)
        filled: list[dict[str, Any]] = []
        for component in modal.get("components") or []:
            inner = component.get("component") or (component.get("components") or [{}])[0]
            answer = {"type": 4, "custom_id": inner.get("custom_id"), "value": given.pop(0)}
            if component.get("type") == 18:
                filled.append({"type": 18, "component": answer})
            else:
                filled.append({"type": 1, "components": [answer]})
        data = {"custom_id": modal.get("custom_id"), "components": filled}
        interaction = await self.fake.create_interaction(
            self.user, 5, data, channel_id=opened.channel_id, message=opened.message
        )
        return await self.wait(interaction)

    def _check_visible(self, message: FakeMessage) -> None:
        if message.visible_to is not None and message.visible_to != self.user.id:
            raise AssertionError("a user cannot click on another user's ephemeral message")

    async def wait(self, interaction: FakeInteraction) -> Reply:
        """Wait for the acknowledgement and, after a defer, for the deferred answer."""
        try:
            await asyncio.wait_for(interaction.acked.wait(), self.fake.ack_deadline + 1)
        except TimeoutError:
            self.fake.failures.append(f"interaction {interaction.id} was never acknowledged")
            raise AssertionError("the bot did not acknowledge the interaction") from None
        if not interaction.settled.is_set():
            await asyncio.wait_for(interaction.settled.wait(), self.fake.settle_timeout)
        message = None
        if interaction.original_message_id is not None:
            message = self.fake.messages[interaction.original_message_id]
        if message is not None and message.deleted:
            # The acknowledgement was taken back for a private answer: that is the reply.
            deadline = asyncio.get_running_loop().time() + self.fake.settle_timeout
            while not interaction.followup_ids:
                if asyncio.get_running_loop().time() > deadline:
                    raise AssertionError("the bot took its answer back and said nothing")
                await asyncio.sleep(0.005)
            message = self.fake.messages[interaction.followup_ids[-1]]
        return Reply(interaction, message, self.fake)
