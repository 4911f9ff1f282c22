"""The bot: a discord.py ``commands.Bot`` holding the services its cogs translate to."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.backlog import Backlog, BoundedTree, TooLate
from cogs.components import dispatch_click
from cogs.log_redaction import redact_library_logs
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
WITH_TABLES = (
    "cogs.play_cog",
    "cogs.pickup_cog",
    "cogs.league_cog",
    "cogs.config_cog",
    "cogs.duplicate_cog",
    "cogs.reports",
    "cogs.entrants_cog",
    "cogs.night_cog",
)


class CardTableBot(commands.Bot):
    def __init__(
        self,
        *,
        settings: Settings,
        storage: Any,
        manager: TableManager | None,
        sync_on_start: bool = True,
        **options: Any,
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
            tree_cls=BoundedTree,
            **options,
        )
        redact_library_logs(settings.discord_token)
        self.backlog = Backlog()
        """Interactions being worked on, commands and clicks (``cogs.backlog``)."""
        assert isinstance(self.tree, BoundedTree)
        self.tree.backlog = self.backlog
        space_out_bucket_sweeps(self.http)
        self.settings = settings
        self.storage = storage
        self.manager = manager
        self.games: GameRegistry = manager.games if manager is not None else BUILTIN
        """The games this bot hosts: its table manager's."""
        self.synced_commands: list[discord.app_commands.AppCommand] = []
        self.sync_on_start = sync_on_start
        self.table_messages: TableMessages
        self.controller: TableController
        self.turn_pings: TurnPings | None = None
        self.languages = LanguageChoices(getattr(storage, "languages", None))
        self.library_items: list[type[discord.ui.DynamicItem[Any]]] = []
        """Dynamic items registered with discord.py (``add_dynamic_items``: the league's
        page buttons), which discord.py dispatches itself."""

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.library_items.extend(items)

    def dispatched_by_library(self, interaction: discord.Interaction[Any]) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        return isinstance(custom_id, str) and any(
            item.__discord_ui_compiled_template__.fullmatch(custom_id)
            for item in self.library_items
        )

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a table or hand component (``cogs.components.dispatch_click``)."""
        if (
            self.manager is not None
            and interaction.type is discord.InteractionType.component
            and not self.dispatched_by_library(interaction)
        ):

            async def click() -> None:
                await dispatch_click(interaction)

            await self.backlog.run(interaction, click)

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
        if isinstance(original, TooLate):
            return  # expired before it was acknowledged: nothing was done, nobody to tell
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
                self,
                self.manager,
                interval=self.settings.table_edit_seconds,
                lull=self.backlog.lull,
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
        if self.sync_on_start and self.syncs_commands():
            await self.sync_commands(force=False)

    async def close(self) -> None:
        if self.turn_pings is not None:
            self.turn_pings.close()
        if self.manager is not None and hasattr(self, "table_messages"):
            await self.table_messages.close()
        await super().close()

    def syncs_commands(self) -> bool:
        """Whether this process syncs the commands: one process per application does, the
        one running shard 0 (or the only one), so shard processes never race each other."""
        shard_ids = self.settings.shard_ids
        return shard_ids is None or 0 in shard_ids

    def _command_target(self) -> tuple[discord.Object | None, str]:
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            return None, "global"
        return discord.Object(id=guild_id), f"guild:{guild_id}"

    async def command_tree_hash(self, guild: discord.Object | None) -> str:
        """A hash of what ``tree.sync(guild=...)`` would send (translations included) and to
        which application, so a change of any command, text or catalog syncs again."""
        translator = self.tree.translator
        commands = self.tree._get_all_commands(guild=guild)
        if translator is not None:
            payload = [await c.get_translated_payload(self.tree, translator) for c in commands]
        else:
            payload = [c.to_dict(self.tree) for c in commands]
        text = json.dumps([self.application_id, payload], sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_commands(self, *, force: bool = True) -> list[discord.app_commands.AppCommand]:
        """To the dev guild (instant) when one is set, globally otherwise. Without ``force``
        only when the tree differs from the one last synced (its hash is kept in the
        database): a start with unchanged commands makes no sync call."""
        guild, target = self._command_target()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        repository = getattr(self.storage, "command_sync", None)
        tree_hash = await self.command_tree_hash(guild)
        unchanged = (
            not force
            and repository is not None
            and await repository.synced_hash(target) == tree_hash
        )
        if unchanged:
            log.info("slash commands unchanged since the last sync (%s)", target)
            return self.synced_commands
        self.synced_commands = await self.tree.sync(guild=guild)
        if repository is not None:
            await repository.save(target, tree_hash)
        log.info("synced %d commands (%s)", len(self.synced_commands), target)
        return self.synced_commands
