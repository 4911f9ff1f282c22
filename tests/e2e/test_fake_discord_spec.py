"""The fake Discord checks every request body against Discord's published OpenAPI spec."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.model import UPLOADS
from tests.e2e.fake_discord.spec import allowance, spec_errors, spec_present
from tests.e2e.test_fake_discord import button, post, row

pytestmark = pytest.mark.skipif(
    not spec_present(), reason="../shared/discord-api-spec is not beside the checkout"
)

MESSAGES = "/channels/1/messages"


@pytest.mark.parametrize(
    "body",
    [
        {"content": 5},
        {"components": [row({"type": 2, "style": "blue", "custom_id": "b", "label": "x"})]},
        {"components": [{"type": 1, "components": "not a list"}]},
        {"flags": "ephemeral"},
        {"embeds": [{"title": "t", "color": "red"}]},
    ],
)
def test_spec_rejects_a_mistyped_body(body: dict[str, Any]) -> None:
    assert spec_errors("POST", MESSAGES, body)


def test_spec_accepts_what_the_bot_sends() -> None:
    body = {
        "content": "hello",
        "components": [row(button("ct:t:1:join"), button("ct:t:1:leave"))],
        "attachments": [{"id": "0", "filename": "table.png"}],
    }
    assert spec_errors("POST", MESSAGES, body) == []
    assert spec_errors("PATCH", MESSAGES + "/2", body) == []


def test_components_v2_layout_is_checked() -> None:
    good = {
        "flags": 1 << 15,
        "components": [
            {
                "type": 17,
                "components": [
                    {"type": 10, "content": "## table 1"},
                    {"type": 14, "divider": True, "spacing": 1},
                    row(button("ct:t:1:hand")),
                ],
            }
        ],
    }
    assert spec_errors("POST", MESSAGES, good) == []
    bad = {"flags": 1 << 15, "components": [{"type": 17, "components": [{"type": 10}]}]}
    assert spec_errors("POST", MESSAGES, bad)


def test_the_attachment_index_allowance() -> None:
    """discord.py sends an upload's index as an integer; the spec types it as a string."""
    sent = {"attachments": [{"id": 0, "filename": "table.png"}], UPLOADS: {}}
    assert spec_errors("PATCH", MESSAGES + "/2", sent)
    assert spec_errors("PATCH", MESSAGES + "/2", allowance(sent, UPLOADS)) == []


def test_interaction_callback_is_checked() -> None:
    path = "/interactions/1/token/callback"
    assert spec_errors("POST", path, {"type": 4, "data": {"content": "hi", "flags": 64}}) == []
    assert spec_errors("POST", path, {"type": 4, "data": {"content": ["hi"]}})


async def test_a_mistyped_body_answers_400_and_fails_the_test(fake: FakeDiscord) -> None:
    status, body = await post(
        fake, f"/channels/{fake.main_channel.id}/messages", {"content": "ok", "tts": "yes"}
    )
    assert status == 400 and body["code"] == 50035
    assert fake.failures and "spec" in fake.failures[-1]
    fake.failures.clear()
