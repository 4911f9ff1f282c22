"""Calls, contracts and units won (issue 32), from known stacked-deal hands, summed per
entrant and per player on both backends. Which calls exist is the plugin's to say."""

from __future__ import annotations

from typing import Any

from leagues.stats import match_tallies
from rules import registry
from rules.plugin import GamePlugin
from storage import MatchRecord, StatLine, Storage
from tests.leagues.helpers import GUILD, a_record
from tests.rules.three_o_four.helpers import N
from tests.rules.three_o_four.test_caps import play_external, we6_with_w_as_trumper
from tests.rules.thunee.helpers import new
from tests.rules.thunee.test_ex10_khanuck import (
    DEAL_39,
    DEAL_40,
    LAST_39,
    LAST_40,
    PLAYS_39,
    PLAYS_40,
    _khanuck,
)

A1, B1, A2, B2 = 301, 302, 303, 304  # seats 0..3: Aces hold 0 and 2, Bells 1 and 3
TEAMS = [[0, 2], [1, 3]]


def plugin(game: str) -> GamePlugin:
    return registry.BUILTIN.plugin(game)


def recorded(game: str, hands: list[dict[str, Any]], winners: list[int]) -> MatchRecord:
    record = a_record(
        [(A1, "a1"), (B1, "b1"), (A2, "a2"), (B2, "b2")], winners, game=game, teams=TEAMS
    )
    record.hand_results = hands
    record.tallies, record.side_tallies = match_tallies(hands, 4, TEAMS, plugin(game).tally_reader)
    return record


def as_dict(lines: list[StatLine]) -> dict[str, tuple[int, int]]:
    return {line.stat: (line.attempted, line.made) for line in lines}


async def test_thunee_khanuck_jodi_and_balls_from_the_ex10_deals(store: Storage) -> None:
    """EX-10 (TH-16.4, TH-16.10): seat 1 calls Khanuck twice, made at 39 and not at 40;
    both hands show Jodis (TH-14) on each side; the balls go to the hand's winners."""
    aces = await store.entrants.create(GUILD, "thunee", 2, "Aces", [A1, A2])
    bells = await store.entrants.create(GUILD, "thunee", 2, "Bells", [B1, B2])
    made = _khanuck(new(DEAL_39, jodi_hold_rule="dealt"), PLAYS_39, LAST_39, "D:20", False)
    failed = _khanuck(new(DEAL_40), PLAYS_40, LAST_40, "S:20", False)
    assert (made["outcome"], failed["outcome"]) == ("call_success", "call_failure")
    await store.matches.record_finished(recorded("thunee", [made], [1, 3]))
    await store.matches.record_finished(recorded("thunee", [failed], [0, 2]))

    stats = store.entrant_standings
    assert as_dict(await stats.entrant_stats(GUILD, "thunee", bells.id)) == {
        "khanuck": (2, 1),
        "jodi": (2, 2),
        "trump": (2, 1),  # seat 1 made trump both times; the hand went its way once
        "won:balls": (0, 3),
    }
    assert as_dict(await stats.entrant_stats(GUILD, "thunee", aces.id)) == {
        "jodi": (2, 2),
        "won:balls": (0, 4),
    }
    # The caller's own record has the call; a partner shares only what the team won.
    assert as_dict(await stats.player_stats(GUILD, "thunee", B1)) == {
        "khanuck": (2, 1),
        "jodi": (2, 2),
        "trump": (2, 1),
        "won:balls": (0, 3),
    }
    assert as_dict(await stats.player_stats(GUILD, "thunee", B2)) == {"won:balls": (0, 3)}
    # Every stat a Thunee hand records has a name in the plugin, translated by the front end.
    names = plugin("thunee").stats
    assert {"khanuck", "jodi", "trump", "thunee", "double"} <= set(names)


async def test_304_contract_and_external_caps_from_the_we6_cards(store: Storage) -> None:
    """TC-18 (T3V-3, T3-16.9): W's 220 fails; N calls Caps for the other team, correct,
    and that team takes the tokens."""
    aces = await store.entrants.create(GUILD, "304", 2, "Aces", [A1, A2])
    bells = await store.entrants.create(GUILD, "304", 2, "Bells", [B1, B2])
    m = we6_with_w_as_trumper(external_caps="modern")
    play_external(m, 16)
    m.apply(N, "caps:9H,8H,7H,8C")
    play_external(m)
    await store.matches.record_finished(recorded("304", [m.hand_results[0]], [0, 2]))
    stats = store.entrant_standings
    assert as_dict(await stats.entrant_stats(GUILD, "304", bells.id)) == {
        "contract": (1, 0),
        "contract:220": (1, 0),
    }
    assert as_dict(await stats.entrant_stats(GUILD, "304", aces.id)) == {
        "caps": (1, 1),
        "won:tokens": (0, 4),
    }
    # Caps is the team's: both members' records have it.
    assert as_dict(await stats.player_stats(GUILD, "304", A2))["caps"] == (1, 1)
    assert as_dict(await stats.player_stats(GUILD, "304", B2))["contract"] == (1, 0)


async def test_a_match_that_does_not_count_adds_no_stats(store: Storage) -> None:
    record = recorded("thunee", [], [0, 2])
    record.tallies, record.side_tallies = [(0, "jodi", 1, 1)], [(0, "jodi", 1, 1)]
    record.guild_id = None
    await store.matches.record_finished(record)
    assert await store.entrant_standings.player_stats(GUILD, "thunee", A1) == []


async def test_the_table_manager_records_the_plugins_stats(store: Storage) -> None:
    """A Thunee match played through the manager: the player's stats are what the plugin
    reads in the engine's own hand results (the manager hands its registry to recording)."""
    import random

    from tests.leagues.helpers import manager_over, play_out

    manager, clock, _ = manager_over(store)
    state = await manager.quick_play(
        channel_id=600, guild_id=GUILD, game="thunee", user_id=11, name="Ada", seed=3
    )
    await play_out(manager, clock, state.id, random.Random(5))
    engine = manager.match_of(state.id)
    assert engine is not None and engine.is_over
    seats, _ = match_tallies(engine.hand_results, 4, TEAMS, plugin("thunee").tally_reader)
    expected = {stat: (a, m) for seat, stat, a, m in seats if seat == 0}
    assert "trump" in {stat for _, stat, _, _ in seats}  # someone made trump every hand
    assert as_dict(await store.entrant_standings.player_stats(GUILD, "thunee", 11)) == expected
