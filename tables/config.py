"""Table-manager settings (the bot fills them from ``settings.Settings``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from players.budget import SearchBudget


@dataclass(frozen=True, slots=True)
class TableSettings:
    turn_seconds: float = 90.0
    """A seated player's time to act on their turn (tables may opt out: slow games)."""
    window_seconds: float = 20.0
    """How long a call/buy window (several seats may act at once) stays open."""
    timeouts_before_takeover: int = 2
    """Timeouts in one match after which a computer plays the seat until its owner returns."""
    computer_delay: float = 0.0
    """Seconds a computer waits before acting (0: at once, inside the triggering call)."""
    takeover_level: str = "beginner"
    """The computer level that plays for a timed-out or away player at a table with no
    computer seat of its own (else the table's computers' level plays for them)."""
    default_level: str = "beginner"
    """The level of computers added without naming one (a server's default wins)."""
    snapshot_every: int = 50
    """Store an engine snapshot every N actions (0: never) for engines whose snapshot
    holds their state (a rummy engine: 1.4 ms to restore against 84 ms to replay 400
    actions); recovery restores it and replays only the tail."""
    decision_workers: int = 0
    """Worker processes the searching computers decide in (``tables.deciders``); 0: a
    thread of this process (the tests, the console; the bot's default is one per core)."""
    search: SearchBudget = field(default_factory=SearchBudget)
    """What a searching computer may spend per decision (``search_rollouts``,
    ``search_time_cap_ms`` in the bot's settings), counted in rollouts and the deciding
    thread's CPU time; each level spends its share (``players.levels.LEVEL_WORK``)."""

    @classmethod
    def from_settings(cls, settings: Any) -> TableSettings:
        """From the bot's ``settings.Settings`` (``turn_timer_seconds``,
        ``timeouts_before_takeover``, ``search_rollouts`` and ``search_time_cap_ms``, and
        any of this class's own fields it defines)."""
        values: dict[str, Any] = {}
        if getattr(settings, "turn_timer_seconds", None):
            values["turn_seconds"] = float(settings.turn_timer_seconds)
        if getattr(settings, "timeouts_before_takeover", None):
            values["timeouts_before_takeover"] = int(settings.timeouts_before_takeover)
        if hasattr(settings, "search_rollouts") or hasattr(settings, "search_time_cap_ms"):
            default = SearchBudget()
            values["search"] = SearchBudget(
                int(getattr(settings, "search_rollouts", default.rollouts)),
                float(getattr(settings, "search_time_cap_ms", default.time_cap_ms)),
            )
        for name in cls.__dataclass_fields__:
            if name not in values and hasattr(settings, name):
                values[name] = getattr(settings, name)
        return cls(**values)
