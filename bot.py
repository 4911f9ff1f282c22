"""Entry point: ``python bot.py`` runs the Discord bot; ``python bot.py console GAME`` plays
in the terminal against computer players through the same table manager.

Settings -> Storage -> TableManager -> Bot with cogs -> run (shared/design/architecture.md).
"""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from i18n import translator
from rules import registry
from settings import Settings

NO_TOKEN_EXIT = 2


def no_token_message() -> str:
    t = translator(None)
    return t(
        "No Discord token: set CARDTABLE_DISCORD_TOKEN in the environment or in .env "
        "(copy .env.example). Get a token from https://discord.com/developers/applications "
        "> your application > Bot > Reset Token.\n"
        "To play in this terminal instead: python bot.py console GAME "
        "(games: {games})."
    ).format(games=", ".join(registry.names()))


def run_console(argv: list[str]) -> int:
    try:
        from players.budget import SearchBudget  # type: ignore[import-not-found]
        from tables.console import main as console_main  # type: ignore[import-not-found]
    except ImportError:
        print(translator(None)("The terminal console is not available in this build."))
        return 1
    try:
        settings = Settings()
        search = SearchBudget(settings.search_rollouts, settings.search_time_cap_ms)
    except ValidationError:
        search = None  # the console needs no other setting: the search keeps its defaults
    result: int = console_main(argv, search=search)
    return result


def main(argv: list[str]) -> int:
    if argv and argv[0] == "console":
        return run_console(argv[1:])
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"Bad settings: {exc}", file=sys.stderr)
        return NO_TOKEN_EXIT
    logging.basicConfig(level=settings.log_level)
    if not settings.discord_token:
        print(no_token_message(), file=sys.stderr)
        if sys.stdin.isatty() and sys.stdout.isatty():
            try:
                from tables.console import offer_and_play  # type: ignore[import-not-found]
            except ImportError:
                return NO_TOKEN_EXIT
            played: int | None = offer_and_play()
            if played is not None:
                return played
        return NO_TOKEN_EXIT
    try:
        from cogs.launcher import run_bot  # type: ignore[import-not-found]
    except ImportError:
        print(translator(None)("The Discord front end is not available in this build."))
        return 1
    result: int = run_bot(settings)
    return result


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
