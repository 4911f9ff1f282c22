"""What the manager publishes to its subscribers (the Discord cogs, the console, tests)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Event

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """Something changed at a table.

    ``kind``: ``"lobby"`` (seats changed), ``"started"``, ``"action"`` (one logged action and
    the engine's events), ``"away"`` / ``"back"`` (a computer took over or handed back
    ``seat``), ``"finished"``, ``"stopped"``, ``"released"`` (a closed table left memory:
    forget whatever is kept for it).
    """

    table_id: int
    kind: str
    seq: int = 0
    seat: int | None = None
    action_id: str | None = None
    by: str | None = None
    """``"player"``, ``"timeout"`` or the computer level that acted."""
    events: tuple[Event, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def events_for(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator sees only public ones)."""
        return [
            e
            for e in self.events
            if e.visible_to is None or (seat is not None and seat in e.visible_to)
        ]


Listener = Callable[[TableUpdate], None]
"""Called synchronously, in order, under the table's lock: it must not block (queue work)."""


class Publisher:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add a listener; returns the function that removes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def publish(self, update: TableUpdate) -> None:
        for listener in list(self._listeners):
            try:
                listener(update)
            except Exception:  # a broken front end must not break the table
                log.exception("table listener failed on %s", update.kind)
