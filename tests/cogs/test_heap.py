"""The heap keeper (cogs.heap): frozen objects leave the collector's passes, and the
periodic sweep still frees cyclic garbage that was frozen."""

from __future__ import annotations

import asyncio
import gc
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
    keeper = HeapKeeper(freeze_every=0.01, sweep_every=0.05)
    keeper.start()
    await asyncio.sleep(0.2)
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
