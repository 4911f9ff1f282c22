"""Table-manager settings (the bot fills them from ``settings.Settings``)."""

from __future__ import annotations

from dataclasses import dataclass


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
    takeover_level: str = "heuristic"
    """The computer level that plays for a timed-out or away player."""
    default_level: str = "heuristic"
    """The level of computers added without naming one."""
    snapshot_every: int = 0
    """Store an engine snapshot every N actions (0: never; recovery replays the log)."""
