"""What discord.py spends on the Message it builds from a click's answer the bot discards
(issue 37): ``edit_message`` asks Discord for the edited message back (``with_response=1``)
and discord.py parses it into an ``InteractionMessage``.

    python bench/reply_message_cost.py [--repeat N]

A real hand message: a Nigerian Thunee quickplay through the real bot and the fake
Discord (tests/e2e), its hand opened and refreshed; then that answer's body is parsed (by
discord.py's JSON parser) and built into a ``discord.Message`` N times. Prints CPU ms per
reply (``time.process_time``) for the parse alone, parse and Message, and the fake's side
(the payload and its JSON); the table message too (what a table edit returns).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord

from rules.registry import BUILTIN
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.fake_discord.server import json_bytes
from tests.e2e.harness import BotRunner


def per_call_ms(repeat: int, work: object) -> float:
    assert callable(work)
    started = time.process_time()
    for _ in range(repeat):
        work()
    return (time.process_time() - started) / repeat * 1000


async def main(repeat: int) -> None:
    fake = FakeDiscord()
    fake.check_spec = False
    await fake.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            runner = BotRunner(fake, Path(tmp) / "cost.sqlite3", games=BUILTIN)
            bot = await runner.start()
            try:
                user = runner.user("player")
                channel_id = fake.add_channel("table").id
                opened = await user.slash(
                    "quickplay", channel_id=channel_id, game="nigerian_thunee"
                )
                assert opened.message is not None, opened.text
                hand = (await user.click(opened.message, "My hand")).message
                assert hand is not None
                await user.click(hand, "Refresh")
                state = bot._connection
                channel = bot.get_channel(channel_id)
                table = fake.messages[opened.message.id]
                for what, message in (("hand", fake.messages[hand.id]), ("table", table)):
                    raw = json_bytes({"type": 7, "message": message.payload()}).decode()

                    def parse(raw: str = raw) -> None:
                        discord.utils._from_json(raw)

                    def build(raw: str = raw) -> None:
                        data = discord.utils._from_json(raw)
                        discord.Message(state=state, channel=channel, data=data["message"])  # type: ignore[arg-type]

                    def serve(message: FakeMessage = message) -> None:
                        json_bytes(message.payload())

                    print(
                        f"{what} message: {len(raw):,} bytes, {len(message.walk())} components;"
                        f" JSON by {'orjson' if discord.utils.HAS_ORJSON else 'json'}; CPU per "
                        f"reply: parse {per_call_ms(repeat, parse):.3f} ms, parse and Message "
                        f"{per_call_ms(repeat, build):.3f} ms; the fake's payload and JSON "
                        f"{per_call_ms(repeat, serve):.3f} ms"
                    )
            finally:
                await runner.stop()
    finally:
        await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300)
    asyncio.run(main(parser.parse_args().repeat))
