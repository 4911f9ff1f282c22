"""Stage timings of an interaction (tables.stages, issue 37): each wait lands in its own
stage, ``act`` excludes the lock and commit waits timed inside it, and nothing is added
once the interaction is acknowledged."""

from __future__ import annotations

import asyncio

from tables import stages


async def test_waits_land_in_their_stages_and_act_excludes_lock_and_commit() -> None:
    recorder = stages.StageRecorder()
    trace = recorder.begin("click", gateway=0.004)
    token = stages.current.set(trace)
    lock = asyncio.Lock()
    try:
        await lock.acquire()
        loop = asyncio.get_running_loop()
        loop.call_later(0.02, lock.release)
        stages.mark_started()
        with stages.timed("act"):
            async with stages.timed_lock(lock):
                with stages.timed("commit"):
                    await asyncio.sleep(0.01)
        recorder.finish(trace)
        with stages.timed("commit"):  # after the acknowledgement: not counted
            await asyncio.sleep(0.01)
    finally:
        stages.current.reset(token)
    click = recorder.samples["click"]
    assert click["gateway"] == [0.004]
    assert click["lock"][0] >= 0.015  # waited for the release
    assert click["commit"][0] >= 0.009 and len(click["commit"]) == 1
    assert click["act"][0] < click["lock"][0]  # the lock and commit waits taken out
    total = click["total"][0]
    parts = sum(click[s][0] for s in ("dispatch", "lock", "act", "commit", "other"))
    assert abs(parts - total) < 1e-6


def test_no_trace_no_cost_and_summary_counts_stages_not_met_as_zero() -> None:
    with stages.timed("commit"):
        pass  # no interaction being timed: nothing recorded anywhere
    summary = stages.summary(
        {"total": [0.010, 0.020, 0.030, 0.040], "lock": [0.008], "gateway": [0.0] * 4}
    )
    assert summary.startswith("(4) ")
    assert "lock 0.0/8.0" in summary and "total 25.0/40.0" in summary


def test_the_timeline_places_each_interaction_in_its_window_of_the_run() -> None:
    """The stages of the arrival burst and of the steady play, read apart (issue 37)."""
    recorder = stages.StageRecorder()
    first = recorder.begin("click", gateway=0.001)
    recorder.finish(first)
    later = recorder.begin("click", gateway=0.002)
    later.at = first.at + 12.0  # as if parsed 12 s into the run
    recorder.finish(later)
    windows = stages.by_window(recorder.timeline, start=first.at - 1.0, window=10.0)
    assert sorted(windows) == [0, 1]
    assert windows[0]["gateway"] == [0.001] and windows[1]["gateway"] == [0.002]
    assert len(recorder.timeline) == 2 and all("total" in w for _, w in recorder.timeline)
