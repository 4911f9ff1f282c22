"""The bot: a discord.py ``commands.Bot`` holding the services its cogs translate to."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.components import dispatch_click
from cogs.rate_limit_buckets import space_out_bucket_sweeps
from i18n.choice import LanguageChoices
from rules.registry import BUILTIN, GameRegistry
from settings import Settings

if TYPE_CHECKING:
    from cogs.controller import TableController
    from cogs.table_messages import TableMessages
    from cogs.turn_pings import TurnPings
    from tables.manager import TableManager

log = logging.getLogger(__name__)

ALWAYS_LOADED = ("cogs.rules_cog", "cogs.admin", "cogs.language_cog")
WITH_TABLES = ("cogs.play_cog", "cogs.pickup_cog", "cogs.league_cog", "cogs.config_cog")


class CardTableBot(commands.Bot):
    def __init__(
        self, *, settings: Settings, storage: Any, manager: TableManager | None, **options: Any
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            # Slash commands and clicks arrive as interactions whatever the intents; the
            # guild cache (names, locales, channels) is all the bot reads. Without the
            # message intents Discord does not send every message and edit in the bot's
            # servers to it, and nothing keeps a message cache.
            intents=discord.Intents(guilds=True),
            max_messages=None,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            **options,
        )
        space_out_bucket_sweeps(self.http)
        self.settings = settings
        self.storage = storage
        self.manager = manager
        self.games: GameRegistry = manager.games if manager is not None else BUILTIN
        """The games this bot hosts: its table manager's."""
        self.synced_commands: list[discord.app_commands.AppCommand] = []
        self.table_messages: TableMessages
        self.controller: TableController
        self.turn_pings: TurnPings | None = None
        self.languages = LanguageChoices(getattr(storage, "languages", None))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a table or hand component (``cogs.components.dispatch_click``)."""
        if self.manager is not None and interaction.type is discord.InteractionType.component:
            await dispatch_click(interaction)

    async def on_app_command_error(
        self,
        interaction: discord.Interaction[Any],
        error: discord.app_commands.AppCommandError,
    ) -> None:
        """Never leave a command unanswered ("This interaction failed")."""
        from cogs.controller import user_locale
        from cogs.responder import reply
        from i18n import translator
        from tables.errors import TableError

        t = translator(user_locale(interaction))
        original = getattr(error, "original", error)
        if isinstance(original, discord.HTTPException):
            # Discord refused our answer (e.g. too late: 10062): a second answer fails too.
            log.warning("Discord refused a command's answer: %s", original)
            return
        if isinstance(original, TableError):
            text = original.translated(t)
        elif isinstance(error, discord.app_commands.CheckFailure):
            text = t("You can't use that command here.")
        else:
            log.error("command failed", exc_info=original)
            text = t("Something went wrong; please try again.")
        try:
            await reply(interaction, content=text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report a command error to the user")

    async def setup_hook(self) -> None:
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.languages.load()
        from i18n.discord_commands import CatalogTranslator

        await self.tree.set_translator(CatalogTranslator())
        modules = list(ALWAYS_LOADED)
        if self.manager is not None:
            from cogs import table_pictures
            from cogs.controller import TableController
            from cogs.table_messages import TableMessages
            from cogs.turn_pings import TurnPings

            table_pictures.configure(self.settings.picture_worker)

            self.table_messages = TableMessages(
                self, self.manager, interval=self.settings.table_edit_seconds
            )
            self.table_messages.start()
            if self.settings.turn_ping_seconds > 0:
                self.turn_pings = TurnPings(
                    self,
                    self.manager,
                    float(self.settings.turn_ping_seconds),
                    self.table_messages.locale_for,
                )
                self.turn_pings.start()
            self.controller = TableController(self.manager, self.table_messages)
            modules += WITH_TABLES
        for module in modules:
            await self.load_extension(module)
        await self.sync_commands()

    async def close(self) -> None:
        if self.turn_pings is not None:
            self.turn_pings.close()
        if self.manager is not None and hasattr(self, "table_messages"):
            await self.table_messages.close()
        await super().close()

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        """To the dev guild (instant) when one is set, globally otherwise."""
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            self.synced_commands = await self.tree.sync(guild=guild)
        else:
            self.synced_commands = await self.tree.sync()
        log.info("synced %d commands", len(self.synced_commands))
        return self.synced_commands
