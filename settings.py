"""Bot settings from the environment or ``.env`` (pydantic-settings); see ``.env.example``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from rules.plugin import KNOWN_LEVELS


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="CARDTABLE_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        env_ignore_empty=True,
    )

    discord_token: str = Field(default="", description="The bot token (Developer Portal > Bot).")
    database_url: str = Field(
        default="sqlite:///cardtable.sqlite3",
        description="sqlite:///path or postgresql://user:pass@host/db",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this guild only (instant, for dev)."
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    api_base_url: str | None = Field(
        default=None, description="Override Discord's REST base (tests point it at a fake)."
    )
    gateway_url: str | None = Field(
        default=None, description="Override Discord's gateway URL (tests point it at a fake)."
    )
    turn_timer_seconds: int = Field(default=90, ge=10, le=3600)
    timeouts_before_takeover: int = Field(default=2, ge=1, le=20)
    search_rollouts: int = Field(
        default=240, ge=1, le=100_000, description="Search player: rollouts per decision."
    )
    search_time_cap_ms: float = Field(
        default=250.0,
        ge=0,
        le=60_000,
        description="Search player: cap per decision in CPU ms of the deciding thread.",
    )
    # beginner by default: the searching levels decide in a thread that shares the
    # interpreter lock with the event loop, and at 500 /quickplay tables (club everywhere)
    # acknowledgements then missed Discord's deadline (393 of 2,191, 2 Dec 02:25, quiet
    # machine). A server or a table picks club or expert until decisions run in a process.
    default_level: str = Field(
        default="beginner",
        description="Level of computers added without naming one (a server's /config wins).",
    )
    takeover_level: str = Field(
        default="beginner",
        description="Level that plays for an away player at a table whose computers have none.",
    )
    table_edit_seconds: float = Field(
        default=1.0,
        ge=0.2,
        le=60,
        description="Least time between two edits of one table message (Discord allows ~5/5 s).",
    )
    picture_worker: Literal["process", "thread", "loop"] = Field(
        default="process",
        description="Where card pictures are drawn: a worker process (default; keeps the "
        "event loop's interpreter lock to itself), a worker thread, or inline on the event "
        "loop.",
    )
    turn_ping_seconds: int = Field(
        default=0,
        ge=0,
        description="Ping a player whose turn has waited this long (0: never ping).",
    )
    tables_in_threads: bool = Field(
        default=False, description="Open each table in a new thread of the channel."
    )
    pickup_channel_id: int | None = Field(
        default=None, description="Where pickup tables open (default: the last joiner's channel)."
    )
    pickup_fill_seconds: int = Field(
        default=0,
        ge=0,
        description="After this long in a pickup queue, computers fill the seats (0: never).",
    )
    event_loop: Literal["uvloop", "asyncio"] = Field(
        default="uvloop",
        description="The bot's event loop: uvloop where it is installed (Linux; less CPU "
        "per interaction), else asyncio's own; asyncio forces asyncio's own.",
    )
    par_worker: Literal["process", "thread", "off"] = Field(
        default="process",
        description="Where par replays run after a hand a human played with computers: a "
        "worker process (default), a worker thread, or not at all.",
    )
    computer_worker: Literal["process", "thread"] = Field(
        default="process",
        description="Where the searching computers (club, expert) decide: worker processes "
        "(default; the event loop keeps the interpreter lock to itself) or a thread of the "
        "bot (shares it: at 500 tables the acknowledgements then miss their deadline).",
    )
    computer_workers: int | None = Field(
        default=None,
        ge=1,
        le=64,
        description="How many worker processes the computers decide in (default: one per "
        "core; they run at a lower CPU priority than the bot).",
    )
    par_replays: int = Field(
        default=5, ge=1, le=50, description="Replays of a hand's deal behind each par."
    )
    stage_timings: str | None = Field(
        default=None,
        description="Benchmarks: write where every interaction's answer waited, by stage, "
        "to this JSON file at shutdown (cogs.stage_hooks).",
    )
    shard_ids: list[int] | None = None
    shard_count: int | None = None

    @field_validator("default_level", "takeover_level")
    @classmethod
    def _known_level(cls, level: str) -> str:
        if level not in KNOWN_LEVELS:
            raise ValueError(f"no computer level {level!r}; known: {', '.join(KNOWN_LEVELS)}")
        return level
