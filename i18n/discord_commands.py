"""Slash command names and descriptions in the reader's Discord language.

discord.py asks an ``app_commands.Translator`` for every command string when it syncs
the tree. Descriptions come from the catalog (they are marked with ``N_`` in the cogs);
names come from ``NAMES`` (Discord requires lowercase names without spaces). Only Discord
locales that map to a catalog language are localised: Spanish (es-ES, es-419); Persian has
no Discord locale (``discord.Locale`` lists none), so command names and descriptions stay
English there. What the bot answers while a command is typed (autocomplete choices) and the
settings view are drawn per interaction in the player's language (``/language``, else the
server's, else the Discord locale), so a Persian player reads those in Persian.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from i18n import SOURCE_LANGUAGE, normalise, translator

NAME_LOCATIONS = frozenset(
    {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }
)
NAMES: dict[str, dict[str, str]] = {
    "es": {
        "play": "jugar",
        "quickplay": "partida-rapida",
        "table": "mesa",
        "status": "estado",
        "spectate": "mirar",
        "rules": "reglas",
        "stop": "detener",
        "kick": "expulsar",
        "pickup": "cola",
        "join": "unirse",
        "leave": "salir",
        "language": "idioma",
        "sync": "sincronizar",
        "game": "juego",
        "players": "jugadores",
        "options": "opciones",
        "member": "miembro",
        "server": "servidor",
        "defaults": "predeterminadas",
        "settings": "ajustes",
        "slow": "lenta",
        "config": "configurar",
        "show": "mostrar",
        "timer": "temporizador",
        "seconds": "segundos",
        "slow_games": "partidas_lentas",
        "threads": "hilos",
        "pings": "avisos",
        "pictures": "imágenes",
        "on": "activar",
        "channel": "canal",
        "tables": "mesas",
        "computers": "computadoras",
        "count": "cuentan",
        "leaderboard": "clasificación",
        "by": "orden",
        "season": "temporada",
        "new": "nueva",
        "name": "nombre",
        "stats": "estadísticas",
        "user": "usuario",
        "history": "historial",
        "match": "partida",
        "id": "número",
        "quarantined": "apartadas",
        "level": "nivel",
        "computer_level": "nivel_computadoras",
        "days": "días",
        "duplicate": "duplicado",
        "start": "empezar",
        "deals": "manos",
        "hours": "horas",
        "event": "evento",
        "close": "cerrar",
        "review": "revisar",
        "reports": "informes",
        "report": "informe",
        "pair": "pareja",
        "create": "crear",
        "team": "equipo",
        "partner": "compañero",
        "third": "tercero",
        "add": "añadir",
        "remove": "quitar",
        "captain": "capitán",
        "retire": "retirar",
        "list": "lista",
        "league": "liga",
        "page": "página",
        "log": "registro",
        "swiss": "suiza",
        "record": "ficha",
        "export": "exportar",
        "night": "noche",
        "open": "abrir",
        "format": "formato",
        "rounds": "rondas",
        "best_of": "al_mejor_de",
        "walkover_minutes": "minutos_de_espera",
        "absent": "ausente",
        "substitute": "suplente",
        "sub": "suplir",
    }
}
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translate_command_text(string.message, str(locale), context.location)


def translate_command_text(
    text: str, locale: str, location: app_commands.TranslationContextLocation
) -> str | None:
    """The localised text, or None to keep the English (discord.py's convention)."""
    language = normalise(locale)
    if language == SOURCE_LANGUAGE or not locale.startswith(language):
        return None
    if location in NAME_LOCATIONS:
        name = NAMES.get(language, {}).get(text)
        return name if name is not None and VALID_NAME.match(name) else None
    translated = translator(language)(text)
    return str(translated)[:100] if translated != text else None
