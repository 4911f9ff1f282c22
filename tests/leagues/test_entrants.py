"""League entrants on both backends (issue 32): pairs with a name, members and a captain;
one entrant per player and kind of league; a match between members counted for their
entrants; a substitute standing in recorded as such."""

from __future__ import annotations

import pytest

from leagues.entrants import entrant_size, entrant_sizes
from rules import registry
from storage import EntrantRefused, MatchSeat, Storage
from tests.leagues.helpers import GUILD, a_record

ANN, BOB, CY, DI, EVE = 101, 102, 103, 104, 105
PAIRS = [[0, 2], [1, 3]]


async def test_a_pair_has_a_name_members_and_a_captain(store: Storage) -> None:
    pair = await store.entrants.create(GUILD, "toy", 2, "  Jacks   High ", [ANN], at=1.0)
    assert (pair.name, pair.members, pair.captain_id, pair.complete) == (
        "Jacks High",
        (ANN,),
        ANN,
        False,
    )
    pair = await store.entrants.add_member(pair.id, BOB)
    assert pair.members == (ANN, BOB) and pair.complete
    pair = await store.entrants.set_captain(pair.id, BOB)
    assert pair.members == (BOB, ANN) and pair.captain_id == BOB
    assert await store.entrants.find(GUILD, "toy", 2, "jacks high") == pair
    assert [e.id for e in await store.entrants.of_user(GUILD, "toy", ANN)] == [pair.id]
    assert await store.entrants.for_members(GUILD, "toy", [BOB, ANN]) == pair
    assert await store.entrants.for_members(GUILD, "toy", [BOB]) is None
    pair = await store.entrants.remove_member(pair.id, BOB)
    assert (pair.members, pair.captain_id) == ((ANN,), ANN)  # the captaincy passes on


@pytest.mark.parametrize(
    ("step", "code"),
    [
        ("same name", "entrant_name_taken"),
        ("member taken", "entrant_member_taken"),
        ("full", "entrant_full"),
        ("too many", "entrant_size"),
        ("captain outside", "entrant_captain"),
        ("not a member", "entrant_not_member"),
        ("empty name", "entrant_name_length"),
    ],
)
async def test_refusals_carry_codes_and_change_nothing(
    store: Storage, step: str, code: str
) -> None:
    pair = await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, BOB])
    attempts = {
        "same name": lambda: store.entrants.create(GUILD, "toy", 2, "JACKS", [CY]),
        "member taken": lambda: store.entrants.create(GUILD, "toy", 2, "Nines", [CY, ANN]),
        "full": lambda: store.entrants.add_member(pair.id, CY),
        "too many": lambda: store.entrants.create(GUILD, "toy", 2, "Trio", [CY, DI, EVE]),
        "captain outside": lambda: store.entrants.create(
            GUILD, "toy", 2, "Nines", [CY], captain_id=DI
        ),
        "not a member": lambda: store.entrants.set_captain(pair.id, CY),
        "empty name": lambda: store.entrants.create(GUILD, "toy", 2, "   ", [CY]),
    }
    with pytest.raises(EntrantRefused) as refused:
        await attempts[step]()
    assert refused.value.code == code
    assert [e.name for e in await store.entrants.in_league(GUILD, "toy")] == ["Jacks"]
    assert (await store.entrants.get(pair.id)) == pair


async def test_a_player_may_be_in_a_pair_and_a_trio_and_free_after_retiring(
    store: Storage,
) -> None:
    pair = await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, BOB])
    trio = await store.entrants.create(GUILD, "toy", 3, "Jacks", [ANN, CY, DI])
    assert [e.id for e in await store.entrants.of_user(GUILD, "toy", ANN)] == [pair.id, trio.id]
    with pytest.raises(EntrantRefused) as refused:
        await store.entrants.remove_member(pair.id, BOB) and await store.entrants.remove_member(
            pair.id, ANN
        )
    assert refused.value.code == "entrant_last_member"
    gone = await store.entrants.retire(pair.id, at=5.0)
    assert not gone.active and gone.retired_at == 5.0
    again = await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, EVE])
    assert again.id != pair.id
    assert [e.id for e in await store.entrants.in_league(GUILD, "toy", size=2, retired=True)] == [
        pair.id,
        again.id,
    ]


def test_the_kind_of_entrant_comes_from_the_games_teams() -> None:
    """Pairs in 4-player Thunee and 304, trios in 6-player Thunee, players on their own
    in Tonk and Telefunken: read from each spec's teams, not from names."""
    sizes = {name: entrant_sizes(registry.get(name)) for name in registry.names()}
    assert sizes["thunee"] == {2: 1, 4: 2, 6: 3}
    assert sizes["304"][4] == 2
    assert set(sizes["tonk"].values()) == {1} and set(sizes["telefunken"].values()) == {1}
    assert entrant_size(registry.get("thunee"), 6) == 3


async def test_a_match_between_two_pairs_counts_for_both(store: Storage) -> None:
    jacks = await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, CY])
    nines = await store.entrants.create(GUILD, "toy", 2, "Nines", [BOB, DI])
    seats = [(ANN, "Ann"), (BOB, "Bob"), (CY, "Cy"), (DI, "Di")]
    outcome = await store.matches.record_finished(a_record(seats, [0, 2], teams=PAIRS))
    sides = await store.entrants.match_sides(outcome.match_id)
    assert [(s.entrant_id, s.team, s.outcome, s.rated, s.substitutes) for s in sides] == [
        (jacks.id, 0, "win", True, 0),
        (nines.id, 1, "loss", True, 0),
    ]
    assert sides[0].rating_after is not None and sides[0].rating_before is not None
    assert sides[0].rating_after > sides[0].rating_before
    assert [m.match_id for m in await store.entrants.matches(jacks.id)] == [outcome.match_id]
    record = await store.matches.get(outcome.match_id)
    assert record is not None
    assert [s.entrant_id for s in record.seats] == [jacks.id, nines.id, jacks.id, nines.id]


async def test_strangers_on_one_side_leave_the_match_to_the_players(store: Storage) -> None:
    await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, CY])
    seats = [(ANN, "Ann"), (BOB, "Bob"), (CY, "Cy"), (DI, "Di")]
    outcome = await store.matches.record_finished(a_record(seats, [0, 2], teams=PAIRS))
    assert outcome.rated  # the players' own standings still count it
    assert await store.entrants.match_sides(outcome.match_id) == []


async def test_a_substitute_stands_in_for_a_night_recorded_as_such(store: Storage) -> None:
    jacks = await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, CY])
    nines = await store.entrants.create(GUILD, "toy", 2, "Nines", [BOB, DI])
    record = a_record([(ANN, "Ann"), (BOB, "Bob"), (EVE, "Eve"), (DI, "Di")], [1, 3], teams=PAIRS)
    playing_for = {0: jacks.id, 1: nines.id, 2: jacks.id, 3: nines.id}
    record.seats = [
        MatchSeat(
            seat=s.seat,
            name=s.name,
            user_id=s.user_id,
            team=s.team,
            entrant_id=playing_for[s.seat],
            substitute=s.user_id == EVE,
        )
        for s in record.seats
    ]
    outcome = await store.matches.record_finished(record)
    sides = await store.entrants.match_sides(outcome.match_id)
    assert [(s.entrant_id, s.outcome, s.substitutes) for s in sides] == [
        (jacks.id, "loss", 1),
        (nines.id, "win", 0),
    ]
    assert await store.entrants.substitute_appearances(jacks.id) == [(outcome.match_id, 2, EVE)]
    # Standing in makes nobody a member.
    assert (await store.entrants.get(jacks.id)) == jacks
    assert await store.entrants.of_user(GUILD, "toy", EVE) == []


async def test_players_on_their_own_are_their_own_entrants(store: Storage) -> None:
    seats = [(ANN, "Ann"), (BOB, "Ann"), (None, "Computer")]
    # Open play before any check-in stays the players' own.
    first = await store.matches.record_finished(a_record(seats, [0], game="tonk"))
    assert await store.entrants.match_sides(first.match_id) == []
    ann = await store.entrants.individual(GUILD, "tonk", ANN, "Ann")
    bob = await store.entrants.individual(GUILD, "tonk", BOB, "Ann")
    assert await store.entrants.individual(GUILD, "tonk", ANN, "Ann") == ann
    assert ann.name != bob.name  # two players of one name stay apart
    outcome = await store.matches.record_finished(a_record(seats, [0], game="tonk"))
    sides = await store.entrants.match_sides(outcome.match_id)
    assert [(s.entrant_id, s.outcome) for s in sides] == [(ann.id, "win"), (bob.id, "loss")]
    # (the computer is no entrant)


async def test_a_nights_table_setting_names_each_seats_entrant(store: Storage) -> None:
    """A match night writes ``league_entrants`` into the table's settings; the recorded
    seats play for those entrants, a substitute marked (leagues.recording.seat_entrants)."""
    import random

    from leagues.recording import ENTRANTS_SETTING, build_match_record, seat_entrants
    from tests.leagues.helpers import manager_over, play_out
    from tests.tables.toy_game import GAMES

    manager, clock, _ = manager_over(store)
    state = await manager.create(
        channel_id=700, guild_id=GUILD, game="toy", host_id=ANN, host_name="Ann", seed=4
    )
    for user, name in ((BOB, "Bob"), (EVE, "Eve"), (DI, "Di")):
        await manager.join(state.id, user, name)
    await manager.start(state.id, ANN)
    await play_out(manager, clock, state.id, random.Random(2))
    table = await store.tables.get(state.id)
    engine = manager.match_of(state.id)
    assert table is not None and engine is not None
    by_user = {s.user_id: i for i, s in enumerate(table.seats) if s is not None}
    jacks = await store.entrants.create(GUILD, "toy", 2, "Jacks", [ANN, CY])
    nines = await store.entrants.create(GUILD, "toy", 2, "Nines", [BOB, DI])
    teams = GAMES.get("toy").teams(4)
    assert teams is not None
    team_of = {seat: i for i, team in enumerate(teams) for seat in team}
    assert team_of[by_user[ANN]] == team_of[by_user[EVE]]  # seats 0 and 2, by joining
    table.settings[ENTRANTS_SETTING] = {
        str(by_user[ANN]): {"entrant": jacks.id},
        str(by_user[EVE]): {"entrant": jacks.id, "substitute": True},
        str(by_user[BOB]): {"entrant": nines.id},
        str(by_user[DI]): {"entrant": nines.id},
        "x": {"entrant": "?"},
    }
    assert set(seat_entrants(table.settings)) == set(by_user.values())
    record = build_match_record(table, GAMES.get("toy"), engine, ended_at=clock.now(), actions=1)
    record.table_id = None  # the manager recorded this table already: record it afresh
    outcome = await store.matches.record_finished(record)
    sides = {s.entrant_id: s for s in await store.entrants.match_sides(outcome.match_id)}
    assert set(sides) == {jacks.id, nines.id}
    assert (sides[jacks.id].substitutes, sides[nines.id].substitutes) == (1, 0)
    assert await store.entrants.substitute_appearances(jacks.id) == [
        (outcome.match_id, by_user[EVE], EVE)
    ]
