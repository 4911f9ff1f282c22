"""The fake Discord itself behaves like Discord where the bot could go wrong."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.limits import validate_message
from tests.e2e.harness import BotRunner


def button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


@pytest.mark.parametrize(
    ("payload", "where"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds"),
        ({"embeds": [{"description": "x" * 4000}, {"description": "y" * 2500}]}, "embeds"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
        ({"components": [row(button(f"b{i}")) for i in range(6)]}, "components"),
        ({"components": [row(*[button(f"b{i}") for i in range(6)])]}, "components.0.components"),
        ({"components": [row(button("x" * 101))]}, "components.0.components.0.custom_id"),
        ({"components": [row(button("same"), button("same"))]}, "components.0.components.1"),
        ({"components": [row(button("b", "L" * 81))]}, "components.0.components.0.label"),
        (
            {
                "components": [
                    row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    )
                ]
            },
            "components.0.components.0.options",
        ),
    ],
)
def test_limits_reject_what_discord_rejects(payload: dict[str, Any], where: str) -> None:
    errors = validate_message(payload)
    assert errors, payload
    assert any(line.startswith(where) for line in errors.flat()), errors.flat()


def test_limits_accept_a_full_but_legal_message() -> None:
    payload = {
        "content": "x" * 2000,
        "embeds": [{"title": "t" * 256, "fields": [{"name": "n", "value": "v"}] * 25}],
        "components": [row(*[button(f"r{r}b{b}", "L" * 80) for b in range(5)]) for r in range(5)],
    }
    assert not validate_message(payload), validate_message(payload).flat()


async def post(fake: FakeDiscord, path: str, body: dict[str, Any], method: str = "POST") -> Any:
    headers = {"Authorization": f"Bot {fake.bot_token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, json=body, headers=headers) as response,
    ):
        return response.status, await response.json(content_type=None)


async def test_invalid_form_body_answers_50035(fake: FakeDiscord) -> None:
    status, body = await post(
        fake, f"/channels/{fake.main_channel.id}/messages", {"content": "x" * 2001}
    )
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert "content" in body["errors"]
    assert fake.failures and "50035" in fake.failures[0]


async def test_channel_writes_beyond_five_in_five_seconds_get_429(fake: FakeDiscord) -> None:
    path = f"/channels/{fake.main_channel.id}/messages"
    statuses = [(await post(fake, path, {"content": str(i)}))[0] for i in range(5)]
    assert statuses == [200] * 5
    status, body = await post(fake, path, {"content": "sixth"})
    assert status == 429 and 0 < body["retry_after"] <= 5.0
    fake.clock.advance(5.0)
    assert (await post(fake, path, {"content": "later"}))[0] == 200


async def test_unknown_route_is_a_recorded_failure(fake: FakeDiscord) -> None:
    status, _ = await post(fake, "/guilds/1/bans/2", {}, method="PUT")
    assert status == 404
    assert fake.failures == ["unknown route PUT /api/v10/guilds/1/bans/2"]


async def test_interaction_token_expires_after_15_minutes_with_50027(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    reply = await alice.slash("rules", game="thunee")
    token = reply.interaction.token
    path = f"/webhooks/{fake.application_id}/{token}/messages/@original"
    status, _ = await post(fake, path, {"content": "still fresh"}, method="PATCH")
    assert status == 200
    fake.clock.advance(15 * 60 + 1)
    status, body = await post(fake, path, {"content": "too late"}, method="PATCH")
    assert status == 401 and body["code"] == 50027
    fake.failures.clear()


async def test_an_acknowledgement_after_three_seconds_is_refused(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    command = fake.command("rules")
    data = {
        "id": command["id"],
        "name": "rules",
        "type": 1,
        "guild_id": command["guild_id"],
        "options": [{"name": "game", "type": 3, "value": "thunee"}],
    }
    interaction = await fake.create_interaction(alice.user, 2, data, age=3.5)
    await fake.wait_for_call("POST /interactions/", interaction.id)
    assert interaction.response_type is None
    assert any("10062 Unknown interaction" in f for f in fake.failures)
    fake.failures.clear()
    del fake.interactions[interaction.id]  # unanswered on purpose
