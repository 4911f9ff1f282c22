"""Autocomplete and modals in the fake Discord (issue 31): what a user types into a
command option before sending it, and what they write in a modal.

- ``autocomplete`` sends an APPLICATION_COMMAND_AUTOCOMPLETE interaction (type 4) with the
  focused option and returns the choices the bot answered with (callback type 8).
- ``modal_of`` reads the modal the bot opened (callback type 9) from the recorded calls;
  ``submit_modal`` sends the MODAL_SUBMIT interaction (type 5) that fills it in.

The fake's callback checks both answers against Discord's limits (``picker_limits``).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.fake_discord.model import FakeMessage
from tests.e2e.fake_discord.picker_limits import AUTOCOMPLETE, MODAL_SUBMIT, TEXT_INPUT
from tests.e2e.fake_discord.users import OPTION_TYPES, Reply, SimulatedUser


async def autocomplete(
    user: SimulatedUser,
    name: str,
    focused: str,
    *,
    subcommand: str | None = None,
    **options: Any,
) -> list[dict[str, Any]]:
    """Type into option ``focused`` of ``/name`` (the other options as already filled in)
    and return the choices Discord would list."""
    command = user.fake.command(name)
    opts: list[dict[str, Any]] = []
    for key, value in options.items():
        if value is None:
            continue
        option: dict[str, Any] = {"name": key, "type": OPTION_TYPES.get(type(value), 3)}
        # Discord sends what is being typed as a string, whatever the option's type.
        option["value"] = str(value) if key == focused else value
        if key == focused:
            option["focused"] = True
        opts.append(option)
    if subcommand is not None:
        opts = [{"name": subcommand, "type": 1, "options": opts}]
    data: dict[str, Any] = {"id": command["id"], "name": name, "type": 1, "options": opts}
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    interaction = await user.fake.create_interaction(user.user, AUTOCOMPLETE, data)
    await user.wait(interaction)
    body = _callback_body(user, interaction.id)
    assert body.get("type") == 8, body
    choices: list[dict[str, Any]] = body["data"]["choices"]
    return choices


def _callback_body(user: SimulatedUser, interaction_id: int) -> dict[str, Any]:
    calls = [
        c
        for c in user.fake.calls_matching("POST /interactions/")
        if c.interaction_id == interaction_id and c.status < 300
    ]
    assert calls, "the bot did not answer the interaction"
    body: dict[str, Any] = calls[-1].body
    return body


def modal_of(reply: Reply) -> dict[str, Any]:
    """The modal the bot opened in answer to ``reply``'s interaction."""
    body = _callback_body(SimulatedUser(reply.fake, reply.interaction.user), reply.interaction.id)
    assert body.get("type") == 9, f"the bot answered with {body.get('type')}, not a modal"
    modal: dict[str, Any] = body["data"]
    return modal


async def submit_modal(
    user: SimulatedUser, message: FakeMessage, modal: dict[str, Any], values: dict[str, str]
) -> Reply:
    """Fill in the text inputs of ``modal`` (opened from a component of ``message``) by
    custom_id and submit it."""
    rows = []
    for row in modal.get("components") or []:
        children = row.get("components") or [row.get("component") or {}]
        inputs = [
            {
                "type": TEXT_INPUT,
                "custom_id": c["custom_id"],
                "value": values.get(c["custom_id"], ""),
            }
            for c in children
            if c.get("type") == TEXT_INPUT
        ]
        rows.append({"type": 1, "components": inputs})
    data = {"custom_id": modal["custom_id"], "components": rows}
    interaction = await user.fake.create_interaction(user.user, MODAL_SUBMIT, data, message=message)
    return await user.wait(interaction)
