"""Turns clicks into ``TableManager`` calls and their results into messages.

Every handler answers within Discord's deadline with one REST call where it can: a lobby
click edits the table message itself (type 7), an action edits the hand view it came from,
"My hand" opens an ephemeral hand view. A refusal (not your seat, not your turn, table
over, a stale or repeated click) is an ephemeral one-line reply and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs import custom_ids
from cogs.backlog import TooLate, acknowledge_if_behind
from cogs.components import TableButton
from cogs.hand_view import render_hand
from cogs.layout import card
from cogs.report_modal import open_report
from cogs.responder import picture_terms, reply, update, within_deadline
from cogs.rummy_view import parse_selection
from cogs.table_messages import TableMessages
from cogs.table_pictures import hand_picture
from cogs.table_view import Rendered, render_table
from i18n import translator
from i18n.choice import LanguageChoices
from i18n.refusals import refusal_text
from rules.contract import IllegalAction
from rules.plugin import LEVELS
from storage import TableStatus
from tables.errors import NoSuchTable, StaleView, TableError
from tables.manager import TableManager
from tables.stages import timed
from tables.table import SeatView, TableState

log = logging.getLogger(__name__)

Translate = Callable[[str], str]

HAND_VIEW_VERBS = frozenset({"refresh", "watch"})
"""Table-button verbs that rewrite the clicked message with a private view: honoured only
on an ephemeral message (``TableController.on_own_hand_view``)."""


def user_locale(interaction: discord.Interaction[Any]) -> str:
    """The language for this player's own (ephemeral) messages: their ``/language``, else
    the server's, else their Discord locale."""
    choices: LanguageChoices | None = getattr(interaction.client, "languages", None)
    if choices is None:
        return str(interaction.locale)
    return choices.for_player(interaction.user.id, interaction.guild_id, str(interaction.locale))


def server_locale(interaction: discord.Interaction[Any]) -> str:
    """The language for what everyone in the server reads (a thread name, a table message)."""
    discord_locale = str(interaction.guild_locale or interaction.locale)
    choices: LanguageChoices | None = getattr(interaction.client, "languages", None)
    if choices is None:
        return discord_locale
    return choices.for_server(interaction.guild_id, discord_locale)


def display_name(interaction: discord.Interaction[Any]) -> str:
    return interaction.user.display_name


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server (or Administrator): from the permissions Discord sends with the
    interaction, else from the member's roles in the cached guild."""
    for perms in (interaction.permissions, getattr(interaction.user, "guild_permissions", None)):
        if perms is not None and (perms.manage_guild or perms.administrator):
            return True
    return False


class TableController:
    def __init__(self, manager: TableManager, messages: TableMessages) -> None:
        self.manager = manager
        self.messages = messages

    # -- errors ----------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction[Any], text: str) -> None:
        """An ephemeral one-line answer; nothing else changes."""
        await reply(interaction, content=text, ephemeral=True)

    async def refuse_unknown(self, interaction: discord.Interaction[Any]) -> None:
        """A component id the bot never drew (forged, mangled, or from a retired layout)."""
        t = translator(user_locale(interaction))
        try:
            await self.refuse(interaction, t("That button is no longer in use."))
        except discord.HTTPException:
            log.warning("could not refuse an unknown component")

    @staticmethod
    def on_own_hand_view(interaction: discord.Interaction[Any]) -> bool:
        """The click comes from an ephemeral message: a hand view (or a spectator view)
        only its one viewer can see and click. A hand-view id delivered on the public table
        message is refused: answering it would write a private hand into public view."""
        message = interaction.message
        return message is not None and message.flags.ephemeral

    async def refuse_off_hand_view(self, interaction: discord.Interaction[Any]) -> None:
        t = translator(user_locale(interaction))
        await self.refuse(interaction, t("That button works only in your own hand view."))

    async def guarded(
        self,
        interaction: discord.Interaction[Any],
        handler: Callable[[Translate], Awaitable[None]],
        *,
        update: bool = True,
        ephemeral: bool = True,
    ) -> None:
        """Run a click's handler, its refusals answered in one line. An interaction that
        arrives late is acknowledged first (``update``: as an edit of the clicked message),
        and one Discord no longer takes is not handled at all (``cogs.backlog``)."""
        t = translator(user_locale(interaction))
        try:
            await acknowledge_if_behind(interaction, update=update, ephemeral=ephemeral)
            await self.messages.pictures.load(interaction.guild_id)
            await handler(t)
        except TooLate:
            return
        except TableError as exc:
            await self.refuse(interaction, exc.translated(t))
        except discord.HTTPException:
            log.exception("Discord refused an answer")
        except Exception:
            log.exception("click handler failed")
            if not interaction.response.is_done():
                await self.refuse(interaction, t("Something went wrong; please try again."))

    # -- table-message and hand-view buttons -------------------------------------------

    async def on_table_button(
        self, interaction: discord.Interaction[Any], table_id: int, verb: str, arg: str | None
    ) -> None:
        handlers: dict[str, Callable[[Translate], Awaitable[None]]] = {
            "join": lambda t: self._lobby_change(
                interaction, table_id, self._join(interaction, table_id)
            ),
            "leave": lambda t: self._lobby_change(
                interaction, table_id, self.manager.leave(table_id, interaction.user.id)
            ),
            "computer": lambda t: self._lobby_change(
                interaction, table_id, self._add_computer(interaction, table_id, arg)
            ),
            "start": lambda t: self._lobby_change(
                interaction,
                table_id,
                self.manager.start(table_id, interaction.user.id, is_admin=is_admin(interaction)),
            ),
            "cancel": lambda t: self._lobby_change(
                interaction,
                table_id,
                self.manager.stop(table_id, interaction.user.id, is_admin=is_admin(interaction)),
            ),
            "team": lambda t: self._lobby_change(
                interaction, table_id, self._sit(interaction, table_id, "team", int(arg or 0))
            ),
            "seat": lambda t: self._lobby_change(
                interaction, table_id, self._sit(interaction, table_id, "seat", int(arg or 0))
            ),
            "hand": lambda t: self._open_hand(interaction, table_id, t),
            "refresh": lambda t: self._refresh_hand(interaction, table_id, t),
            "spectate": lambda t: self.spectate(interaction, table_id, t),
            "watch": lambda t: self._watch(interaction, table_id, t),
            "rematch": lambda t: self._rematch(interaction, table_id, t),
            "report": lambda t: open_report(
                interaction, self.manager, table_id, arg, user_locale(interaction)
            ),
        }
        handler = handlers.get(verb)
        if handler is None or (verb in ("team", "seat") and not (arg or "").isdigit()):
            await self.refuse_unknown(interaction)
            return
        if verb in HAND_VIEW_VERBS and not self.on_own_hand_view(interaction):
            await self.refuse_off_hand_view(interaction)
            return
        replies = verb in ("hand", "spectate", "rematch", "report")  # not an edit
        await self.guarded(interaction, handler, update=not replies, ephemeral=verb != "rematch")

    async def _add_computer(
        self, interaction: discord.Interaction[Any], table_id: int, level: str | None
    ) -> TableState:
        """A computer of the level the button names (a lobby drawn before levels had
        buttons names none: the server's default level, else the bot's)."""
        if level not in LEVELS:
            level = None
            if interaction.guild_id is not None:
                guild = await self.manager.storage.guilds.get(interaction.guild_id)
                level = guild.computer_level
        return await self.manager.add_computer(table_id, interaction.user.id, level=level)

    async def _join(self, interaction: discord.Interaction[Any], table_id: int) -> TableState:
        return await self.manager.join(table_id, interaction.user.id, display_name(interaction))

    async def _sit(
        self, interaction: discord.Interaction[Any], table_id: int, how: str, which: int
    ) -> TableState:
        user = interaction.user.id
        state = self.manager.state(table_id)
        if not any(s.user_id == user for s in state.seats):
            await self.manager.join(table_id, user, display_name(interaction))
        if how == "team":
            return await self.manager.choose_team(table_id, user, which)
        return await self.manager.choose_seat(table_id, user, which)

    async def _lobby_change(
        self, interaction: discord.Interaction[Any], table_id: int, work: Awaitable[TableState]
    ) -> None:
        await within_deadline(interaction, work, update=True)
        rendered = await self.messages.render(table_id, **picture_terms(interaction))
        message = interaction.message
        if message is not None and message.flags.ephemeral is False:
            self.messages.register(table_id, message.channel.id, message.id, rendered.key)
            await update(interaction, **rendered.kwargs())
        else:
            self.messages.mark_dirty(table_id)
            await reply(interaction, content="✓", ephemeral=True)

    def grey_reason(self, view: SeatView, t: Translate) -> str:
        """Why some cards are greyed out, in the engine's words ("You must follow hearts.")
        when the seat may play some cards but not others."""
        played = [a for a in view.legal if a.kind == "play"]
        hand = [str(c) for c in view.view.get("hand") or []]
        playable = {a.value for a in played}
        greyed = [c for c in hand if c not in playable]
        match = self.manager.match_of(view.table_id)
        if not played or not greyed or match is None:
            return ""
        try:
            action = match.spec.parse_action(f"play:{greyed[0]}")
        except IllegalAction:
            return ""
        return t("Greyed cards: {reason}").format(
            reason=refusal_text(match.explain_illegal(view.seat, action), t)
        )

    async def _open_hand(
        self, interaction: discord.Interaction[Any], table_id: int, t: Translate
    ) -> None:
        view = self.manager.seat_view(table_id, interaction.user.id)
        state = self.manager.state(table_id)
        picture = await self._hand_picture(interaction, state, view)
        hand = render_hand(
            view, state, t, self.grey_reason(view, t), picture=picture, known=self.manager.games
        )
        await reply(interaction, ephemeral=True, **hand.kwargs(t))

    async def _hand_picture(
        self, interaction: discord.Interaction[Any], state: TableState, view: SeatView
    ) -> bytes | None:
        """Drawn on a worker thread (``cogs.table_pictures``): the loop answers other
        clicks meanwhile; the answer waits for it only while Discord's deadline allows."""
        if not self.messages.pictures.on(state.guild_id):
            return None
        return await hand_picture(view, **picture_terms(interaction))

    async def _refresh_hand(
        self, interaction: discord.Interaction[Any], table_id: int, t: Translate, notice: str = ""
    ) -> None:
        state = self.manager.state(table_id)
        if state.status is not TableStatus.RUNNING:
            closed = render_table(state, t)
            await update(
                interaction,
                content=None,
                embed=None,
                view=card(closed.embed, lead=t("This table has closed.")),
                attachments=[],
            )
            return
        view = self.manager.seat_view(table_id, interaction.user.id)
        notice = "\n".join(n for n in (notice, self.grey_reason(view, t)) if n)
        picture = await self._hand_picture(interaction, state, view)
        hand = render_hand(view, state, t, notice, picture=picture, known=self.manager.games)
        await update(interaction, **hand.kwargs(t))

    def _spectator_kwargs(self, table_id: int, rendered: Rendered, t: Translate) -> dict[str, Any]:
        """The public table as a card with one Refresh button (no other button works
        from a private copy)."""
        refresh = TableButton.build(
            custom_ids.table_id(table_id, "watch"),
            t("Refresh"),
            discord.ButtonStyle.secondary,
        )
        view = card(
            rendered.embed,
            [[refresh]],
            history=rendered.history,
            history_title=rendered.history_title,
        )
        return {"content": None, "embed": None, "view": view, "attachments": rendered.attachments()}

    async def spectate(
        self, interaction: discord.Interaction[Any], table_id: int, t: Translate
    ) -> None:
        """The public table, privately, with a Refresh button (no hand is ever shown)."""
        rendered = await self.messages.render(
            table_id, user_locale(interaction), **picture_terms(interaction)
        )
        await reply(interaction, ephemeral=True, **self._spectator_kwargs(table_id, rendered, t))

    async def _watch(
        self, interaction: discord.Interaction[Any], table_id: int, t: Translate
    ) -> None:
        """Refresh a spectator's private view in place."""
        rendered = await self.messages.render(
            table_id, user_locale(interaction), **picture_terms(interaction)
        )
        await update(interaction, **self._spectator_kwargs(table_id, rendered, t))

    async def _rematch(
        self, interaction: discord.Interaction[Any], table_id: int, t: Translate
    ) -> None:
        state = await within_deadline(
            interaction, self.manager.rematch(table_id, interaction.user.id), ephemeral=False
        )
        await self.post_table(interaction, state)

    async def post_table(self, interaction: discord.Interaction[Any], state: TableState) -> None:
        """Answer with the new table's message (not ephemeral) and remember it."""
        rendered = await self.messages.render(state.id, **picture_terms(interaction))
        message_id = await reply(interaction, ephemeral=False, **rendered.kwargs())
        if message_id is not None:
            self.messages.register(state.id, state.channel_id, message_id, rendered.key)

    # -- actions -----------------------------------------------------------------------

    async def on_action(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, action_id: str
    ) -> None:
        if not self.on_own_hand_view(interaction):
            await self.refuse_off_hand_view(interaction)
            return

        async def handler(t: Translate) -> None:
            try:
                with timed("act"):
                    await within_deadline(
                        interaction,
                        self.manager.act(table_id, interaction.user.id, action_id, seen_seq=seq),
                        update=True,
                    )
            except StaleView as stale:
                # Drawn for an older log position: nothing played; the current view, with
                # one line saying so, replaces it (issue 29).
                await self._refresh_hand(interaction, table_id, t, stale.translated(t))
                return
            await self._refresh_hand(interaction, table_id, t)

        await self.guarded(interaction, handler)

    async def on_indexed_action(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, index: int
    ) -> None:
        if not self.on_own_hand_view(interaction):
            await self.refuse_off_hand_view(interaction)
            return

        async def handler(t: Translate) -> None:
            view = self.manager.seat_view(table_id, interaction.user.id)
            if view.seq != seq or not 0 <= index < len(view.legal):
                await self._refresh_hand(interaction, table_id, t, StaleView().translated(t))
                return
            await self.on_action(interaction, table_id, seq, view.legal[index].id)

        await self.guarded(interaction, handler)

    async def on_hand_select(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, values: list[str]
    ) -> None:
        """Cards chosen in a rummy hand's menu: show what can be done with exactly those."""
        if not self.on_own_hand_view(interaction):
            await self.refuse_off_hand_view(interaction)
            return

        async def handler(t: Translate) -> None:
            view = self.manager.seat_view(table_id, interaction.user.id)
            if view.seq != seq:
                await self._refresh_hand(interaction, table_id, t, StaleView().translated(t))
                return
            hand = [str(c) for c in view.view.get("hand") or []]
            selected = parse_selection(values, hand)
            state = self.manager.state(table_id)
            picture = await self._hand_picture(interaction, state, view)
            rendered = render_hand(
                view, state, t, selected=selected, picture=picture, known=self.manager.games
            )
            await update(interaction, **rendered.kwargs(t))

        await self.guarded(interaction, handler)

    def table_here(self, channel_id: int | None) -> int:
        table_id = self.manager.table_in_channel(channel_id) if channel_id else None
        if table_id is None:
            raise NoSuchTable()
        return table_id
