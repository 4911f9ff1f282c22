"""The heap keeper (cogs.heap): frozen objects leave the collector's passes, and the
periodic sweep still frees cyclic garbage that was frozen."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from collections.abc import Iterator

import pytest

from cogs.heap import HeapKeeper


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()


def test_frozen_cyclic_garbage_survives_collections_until_the_sweep() -> None:
    keeper = HeapKeeper()
    probe = cycle()  # alive only through its own cycle: garbage the collector would free
    gc.disable()  # no automatic pass between making the cycle and freezing it
    try:
        before = gc.get_freeze_count()
        gc.freeze()  # as keeper.freeze(), without its young pass (which would free it)
        assert gc.get_freeze_count() > before
        gc.collect()
        assert probe() is not None  # frozen: out of the collector's reach
        keeper.sweep()
        assert probe() is None
        assert keeper.sweeps == 1 and gc.get_freeze_count() > 0  # survivors frozen again
    finally:
        gc.enable()


def test_freeze_drops_young_garbage_first() -> None:
    keeper = HeapKeeper()
    probe = cycle()
    keeper.freeze()
    assert probe() is None  # freed by the young pass, not frozen
    assert keeper.freezes == 1


async def test_the_keeper_freezes_on_its_period_and_sweeps_on_its_own() -> None:
    keeper = HeapKeeper(freeze_every=0.01, sweep_every=0.05, sweep_floor=1 << 40)
    keeper.start()
    for _ in range(3000):  # waits for the outcome, not for a time (a loaded machine is slow)
        await asyncio.sleep(0.01)
        if keeper.freezes >= 3 and keeper.sweeps >= 1:
            break
    await keeper.stop()
    assert keeper.freezes >= 3 and keeper.sweeps >= 1


def test_no_freeze_while_interactions_are_in_flight() -> None:
    """Issue 29: an interaction in flight is a cycle; frozen, it would outlive its answer
    until the hourly sweep, so the keeper waits for a quieter moment."""
    in_flight = [5]
    keeper = HeapKeeper(in_flight=lambda: in_flight[0])
    assert keeper.due() is False and keeper.skipped == 1
    in_flight[0] = 1
    assert keeper.due() is True


def test_under_steady_load_the_freeze_is_put_off_only_most_skips_times() -> None:
    """Issue 37: a bot under load always has interactions in flight; put off for ever,
    no freeze ever came and every full collection scanned every table opened since."""
    keeper = HeapKeeper(in_flight=lambda: 50, most_skips=3)
    assert [keeper.due() for _ in range(8)] == [False, False, False, True] * 2
    assert keeper.skipped == 6


async def test_while_the_keeper_runs_cpython_makes_no_full_pass() -> None:
    """Issue 37: after a freeze CPython counts the old generation as nearly empty, so its
    "a quarter of it is new" rule let a full pass run every 10 middle passes. While the
    keeper runs only the keeper makes them; stopped, CPython's schedule is back."""
    before = gc.get_threshold()
    full_passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full_passes.append(1)

    keeper = HeapKeeper(freeze_every=60.0)
    gc.freeze()  # as the launcher does before the keeper starts
    gc.collect()  # the old generation CPython sees is now empty: its quarter rule is void
    keeper.start()
    gc.callbacks.append(count)
    try:
        threshold, middle, _ = before
        # Survivors of 30 middle passes (young passes are triggered by allocations):
        # without the keeper, CPython makes full passes among them.
        kept: list[list[int]] = [[] for _ in range(30 * middle * threshold)]
        assert full_passes == []
    finally:
        gc.callbacks.remove(count)
        await keeper.stop()
    del kept
    assert gc.get_threshold() == before


def test_the_keeper_sweeps_once_the_heap_has_grown_by_its_share() -> None:
    """The quarter rule, applied by the keeper over the whole heap (the frozen part CPython
    cannot see included)."""
    keeper = HeapKeeper(sweep_growth=0.5, sweep_floor=0)
    keeper.sweep()
    assert not keeper.grown()
    size = sys.getallocatedblocks()
    kept = [[n] for n in range(1000, size // 2 + 2000)]  # two blocks or more each
    keeper.freeze()
    assert keeper.grown()
    keeper.sweep()
    assert not keeper.grown() and keeper.sweeps == 2
    del kept


def test_the_growth_rule_never_walks_the_frozen_heap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the frozen objects walks all of them (a py-spy profile at 1,000 tables:
    16-50 ms, a pause of the loop each time): neither a freeze nor the growth rule does
    (issue 37)."""
    keeper = HeapKeeper(sweep_growth=0.5, sweep_floor=0)
    keeper.sweep()

    def walked() -> int:
        raise AssertionError("the frozen heap was walked")

    monkeypatch.setattr(gc, "get_freeze_count", walked)
    kept = [[n] for n in range(1000, sys.getallocatedblocks() // 2 + 2000)]
    keeper.freeze()
    assert keeper.grown()
    del kept
