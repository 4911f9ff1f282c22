"""/config through Discord: Manage Server only, engine-validated default options with
readable errors, and the settings applied to the next /play."""

from __future__ import annotations

from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner


async def test_config_is_refused_to_a_member_without_manage_server(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    member = runner.user("member")
    refused = await member.slash("config", subcommand="pings", on=False)
    assert refused.ephemeral
    assert refused.text == "Only members who can manage the server can change its settings."
    assert runner.bot is not None
    settings = await runner.bot.storage.guilds.get(fake.guild_id)
    assert settings.pings  # unchanged


async def test_server_settings_are_validated_stored_and_applied(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    bad = await admin.slash("config", subcommand="options", game="tonk", options="stake=0")
    assert bad.ephemeral and bad.text.startswith("Those options can't be played:")
    assert "stake takes a whole number from 1 to" in bad.text  # code option_range
    unknown = await admin.slash("config", subcommand="options", game="tonk", options="colour=red")
    assert "colour" in unknown.text
    good = await admin.slash("config", subcommand="options", game="tonk", options="hands=3")
    assert good.ephemeral and "Saved." in good.text
    assert "Default options for tonk: hands=3" in good.text
    timer = await admin.slash("config", subcommand="timer", seconds=5)
    assert "between 10 and" in timer.text
    await admin.slash("config", subcommand="timer", seconds=90, slow_games=False)
    await admin.slash("config", subcommand="pings", on=False)
    await admin.slash("config", subcommand="computers", count=False)
    shown = await admin.slash("config", subcommand="show")
    for line in (
        "Turn timer: 90 seconds",
        "Slow games: off",
        "Turn pings: off",
        "Matches with computers count: off",
    ):
        assert line in shown.text, shown.text
    assert runner.bot is not None
    league = await runner.bot.storage.leagues.settings(fake.guild_id)
    assert league.computers_count is False

    slow = await admin.slash("play", game="tonk", players=2, slow=True)
    assert slow.ephemeral and slow.text == "This server does not allow slow games."
    # The command was acknowledged publicly at once ("thinking"); the refusal took it back.
    assert slow.interaction.original_message_id is not None
    assert fake.messages[slow.interaction.original_message_id].deleted

    # The next table takes the server's default options and timer; the user's win.
    alice = runner.user("alice")
    opened = await alice.slash("play", game="tonk", players=2)
    assert opened.message is not None
    manager = runner.bot.manager
    assert manager is not None
    table = manager.table_in_channel(fake.main_channel.id)
    assert table is not None
    state = manager.state(table)
    assert state.options["hands"] == 3
    await alice.click(opened.message, "Cancel")

    # Tables only in another channel: this one refuses a new table.
    other = fake.add_channel("cards")
    await admin.slash("config", subcommand="channel", tables="only_here", channel_id=other.id)
    refused = await alice.slash("play", game="tonk", players=2)
    assert refused.ephemeral
    assert refused.text == "This server does not allow tables in this channel."
    allowed = await alice.slash("play", game="tonk", players=2, channel_id=other.id)
    assert allowed.message is not None and not allowed.ephemeral
