"""Errors a player (or a front end) can cause at a table: values with a readable message.

Each message is English source text marked for translation (``N_``); a front end shows
``exc.translated(t)`` with the player's translator. Engine refusals arrive as
``IllegalMove`` (or ``BadOptions``) carrying the engine's ``IllegalAction``, translated by
its code and parameters (``i18n.refusals``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from i18n import N_
from i18n.refusals import refusal_text
from rules.contract import IllegalAction


class TableError(Exception):
    """Base of every table error; ``template`` is formatted with the keyword arguments."""

    template: ClassVar[str] = N_("That can't be done at this table.")

    def __init__(self, template: str | None = None, **params: Any) -> None:
        self.message_template = template or self.template
        self.params = params
        # Without params the template is plain text (an engine's message may hold braces).
        super().__init__(
            self.message_template.format(**params) if params else self.message_template
        )

    def translated(self, translate: Callable[[str], str]) -> str:
        return translate(self.message_template).format(**self.params)


class NoSuchTable(TableError):
    template = N_("There is no such table (it may have closed).")


class UnknownGame(TableError):
    template = N_("There is no game called {game}.")


class BadOptions(TableError):
    """The engine refused the options (or the player count) a table was opened with."""

    template = N_("Those options can't be played: {reason}")

    def __init__(self, refusal: IllegalAction) -> None:
        self.refusal = refusal
        super().__init__(reason=str(refusal))

    def translated(self, translate: Callable[[str], str]) -> str:
        return translate(self.template).format(reason=refusal_text(self.refusal, translate))


class OptionSyntax(TableError):
    template = N_("Those options can't be played: '{part}' should look like name=value")


class ChannelBusy(TableError):
    template = N_("This channel already has an open table.")


class TableRunning(TableError):
    template = N_("The table is already running.")


class TableNotRunning(TableError):
    template = N_("The game at this table is not running.")


class TableRestoring(TableError):
    template = N_("This table is being restored after a restart; try again in a moment.")


class TableClosed(TableError):
    template = N_("This table has closed.")


class SeatTaken(TableError):
    template = N_("Seat {seat} is taken.")


class NoSuchSeat(TableError):
    template = N_("There is no seat {seat} at this table.")


class TableFull(TableError):
    template = N_("The game is full.")


class TeamFull(TableError):
    template = N_("That team is full.")


class NoTeams(TableError):
    template = N_("This game is played without teams.")


class AlreadySeated(TableError):
    template = N_("You already have a seat at this table.")


class NotSeated(TableError):
    template = N_("You don't have a seat at this table.")


class NotYourSeat(NotSeated):
    template = N_("That is not your seat.")


class NotYourTurn(TableError):
    template = N_("It is not your turn.")


class AlreadyPlayed(TableError):
    template = N_("You already played that.")


class IllegalMove(TableError):
    """The engine refused the action: its ``IllegalAction`` (code, params, English)."""

    template = N_("You can't do that now.")

    def __init__(self, refusal: IllegalAction) -> None:
        self.refusal = refusal
        super().__init__(refusal.template)
        self.params = dict(refusal.params)
        self.args = (str(refusal),)  # str(exc) is the English sentence, as the engine's

    @property
    def code(self) -> str:
        return self.refusal.code

    def translated(self, translate: Callable[[str], str]) -> str:
        return refusal_text(self.refusal, translate)


class NotHost(TableError):
    template = N_("Only the host or an admin can do that.")


class NotEnoughPlayers(TableError):
    template = N_("Waiting for {missing} more player(s).")


class NotAComputer(TableError):
    template = N_("Seat {seat} does not hold a computer player.")


class UnknownPlayerLevel(TableError):
    template = N_("There is no computer player called {level}.")


class NotAway(TableError):
    template = N_("A computer is not playing for you.")


# -- issue 29: kicks, quarantine, stale views (kept together for an easy merge) ----------

QUOTE_MAX = 100
REASON_SHOWN = 100
"""Characters of a quarantine reason shown to players (the stored one is longer)."""
"""Characters of a user's (or an engine's) text an answer quotes at most: a 6,000-character
``options:`` must not make the answer longer than Discord takes."""


def quote(text: str, limit: int = QUOTE_MAX) -> str:
    """``text`` on one line, cut to ``limit`` characters (an ellipsis marks the cut)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


class Kicked(TableError):
    template = N_("You were removed from this table.")


class TableQuarantined(TableError):
    template = N_("This table could not be restored and was set aside; the channel is free.")


class StaleView(TableError):
    template = N_("That view was out of date, so nothing was played; here is the current one.")
