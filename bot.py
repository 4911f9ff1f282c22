"""Entry point, installed as the ``cardtable`` command (``python bot.py`` does the same):

    cardtable [run]              run the Discord bot (until SIGINT or SIGTERM)
    cardtable console GAME ...   play in the terminal against computer players
    cardtable migrate            bring the database's schema up to date, then exit
    cardtable sync-commands      sync the slash commands with Discord now, then exit

Settings -> Storage -> TableManager -> Bot with cogs -> run (docs/architecture.md). A start
that cannot succeed prints one line naming what to fix and exits non-zero.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from pydantic import ValidationError

from i18n import translator
from rules import registry
from settings import Settings

NO_TOKEN_EXIT = 2
USAGE_EXIT = 2
USAGE = (
    "usage: cardtable [run] | console GAME [--players N] [--lang LANG] ... | migrate"
    " | sync-commands"
)
SECRET_SETTINGS = frozenset({"discord_token"})


def no_token_message() -> str:
    t = translator(None)
    return t(
        "No Discord token: set CARDTABLE_DISCORD_TOKEN in the environment or in .env "
        "(copy .env.example). Get a token from https://discord.com/developers/applications "
        "> your application > Bot > Reset Token.\n"
        "To play in this terminal instead: cardtable console GAME (games: {games})."
    ).format(games=", ".join(registry.names()))


def settings_error(exc: ValidationError) -> str:
    """One line naming each bad environment variable (``CARDTABLE_...``), its value (never
    a secret's) and what is wrong with it."""
    prefix = str(Settings.model_config.get("env_prefix", ""))
    problems = []
    for error in exc.errors():
        field = str(error["loc"][0]) if error["loc"] else "?"
        name = prefix + field.upper()
        value = "" if field in SECRET_SETTINGS else f"={error.get('input')!s}"
        problems.append(f"{name}{value}: {error['msg']}")
    return "Bad setting: " + "; ".join(problems)


def load_settings(**overrides: Any) -> Settings | None:
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        print(settings_error(exc), file=sys.stderr)
        return None


def run_console(argv: list[str]) -> int:
    try:
        from players.budget import SearchBudget
        from tables.console import main as console_main
    except ImportError as exc:
        print(
            f"Missing dependency {exc.name!r}: install Card Table first "
            "(make setup, or pip install .)",
            file=sys.stderr,
        )
        return 1
    try:
        settings = Settings()
        search = SearchBudget(settings.search_rollouts, settings.search_time_cap_ms)
    except ValidationError:
        search = None  # the console needs no other setting: the search keeps its defaults
    result: int = console_main(argv, search=search)
    return result


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("run", [])
    if command == "console":
        return run_console(rest)
    if command in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if command not in ("run", "migrate", "sync-commands"):
        print(USAGE, file=sys.stderr)
        return USAGE_EXIT
    settings = load_settings()
    if settings is None:
        return USAGE_EXIT
    logging.basicConfig(level=settings.log_level, format="%(levelname)s %(name)s: %(message)s")
    from cogs import launcher

    if command == "migrate":
        return launcher.run_migrate(settings)
    if not settings.discord_token:
        print(no_token_message(), file=sys.stderr)
        if command == "run" and sys.stdin.isatty() and sys.stdout.isatty():
            from players.budget import SearchBudget
            from tables.console import offer_and_play

            search = SearchBudget(settings.search_rollouts, settings.search_time_cap_ms)
            played = offer_and_play(search=search)
            if played is not None:
                return played
        return NO_TOKEN_EXIT
    if command == "sync-commands":
        return launcher.run_sync_commands(settings)
    return launcher.run_bot(settings)


def cli() -> None:
    """The ``cardtable`` console script."""
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    cli()
