"""A fake Discord on loopback for end-to-end tests (shared/design/testing.md)."""

from tests.e2e.fake_discord.model import FakeMessage, FakeUser
from tests.e2e.fake_discord.server import FakeDiscord
from tests.e2e.fake_discord.users import Reply, SimulatedUser

__all__ = ["FakeDiscord", "FakeMessage", "FakeUser", "Reply", "SimulatedUser"]
