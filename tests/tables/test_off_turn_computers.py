"""Computers take optional actions off turn (``ComputerPlayer.off_turn``): the manager asks
every computer seat that may act off turn once per call point, before the seats to act
move, and commits its answer like a computer's move.

The seats are humans who leave mid-hand (``leave``: a computer plays the seat from then
on), so a stacked deal reaches the exact position first.
"""

from __future__ import annotations

from typing import Any

from players import Situation
from players.heuristic import heuristic_for
from players.search import SearchBudget, search_for
from rules import registry
from rules.contract import Action
from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager
from tests.players.test_search_thunee_variants import REVOKE_DEAL, REVOKE_UNTIL_THIRD_TRICK
from tests.tables.conftest import seat_users
from tests.tables.test_off_turn import HANDS, PLAYS, SETUP

WE6_STEPS = SETUP + [
    (int(s), a if a == "indicator" else "play:" + a)
    for s, a in (p.split(":") for p in PLAYS.split())
]
"""WE-6 (dealer S = seat 0) up to S's TH at CP(15), where N (seat 2) becomes certain."""


def search_manager(storage: SqliteStorage, clock: FakeClock, delay: float = 0.0) -> TableManager:
    """A manager whose computers taking over a seat play the 304 search (small budget)."""
    manager = TableManager(
        storage, TableSettings(takeover_level="search", computer_delay=delay), clock
    )
    manager.players.register("search", lambda game: search_for(game, SearchBudget(12, 0)))
    return manager


async def we6_until_cp14(manager: TableManager, leave: bool = True, **options: Any) -> int:
    """WE-6 with N (user 3, seat 2) gone after W's KH at CP(14): a computer plays N
    (unless not ``leave``)."""
    state = await manager.create(
        channel_id=5,
        game="304",
        host_id=1,
        host_name="s",
        seed=7,
        options=options,
        deals=[{"dealer": 0, "hands": [h.split() for h in HANDS]}],
    )
    await seat_users(manager, state.id, [2, 3, 4])
    await manager.start(state.id, 1)
    for seat, action in WE6_STEPS[:-1]:
        await manager.act(state.id, seat + 1, action)
    if leave:
        await manager.leave(state.id, 3)
    assert manager.state(state.id).to_act == {0}
    return state.id


def caps_calls(manager: TableManager, table: int) -> dict[int, Any]:
    match = manager.match_of(table)
    assert match is not None
    return dict(match.calls)  # type: ignore[attr-defined]


async def finish_hand(manager: TableManager, table: int) -> dict[str, Any]:
    """The humans play their first legal card until the first hand is scored."""
    match = manager.match_of(table)
    assert match is not None
    while not match.hand_results:
        seat = min(match.to_act)
        await manager.act(table, seat + 1, match.legal_actions(seat)[0].id)
    return match.hand_results[0]


async def test_a_computer_calls_caps_off_turn_where_it_becomes_certain_T3_16_4(
    storage: SqliteStorage, clock: FakeClock
) -> None:
    """T3-16.4 / T3-16.8 / ED-25 (WE-6, strict deadline = 15): N becomes certain after
    S's TH, with E to play. The computer playing N calls Caps at that call point, off
    turn (asked only at its next turn, CP(16), it would be too late: Wrong Caps), and
    NS score the correct Caps with its bonus."""
    manager = search_manager(storage, clock)
    table = await we6_until_cp14(manager, caps_enforcement="strict")
    assert caps_calls(manager, table) == {}  # not certain at CP(14): no call
    await manager.act(table, 1, "play:10H")  # CP(15)
    log = await storage.actions.for_table(table)
    assert (log[-1].seat, log[-1].by) == (2, "search")
    assert log[-1].action_id.startswith("caps:")
    assert caps_calls(manager, table)[0][:2] == (2, 15)
    assert manager.state(table).to_act == {1}  # E still to play
    result = await finish_hand(manager, table)
    assert result["caps"]["0"] == "correct" and result["delta"] == 2
    await manager.close()


async def test_a_delayed_computer_answers_off_turn_before_a_click_takes_its_call_point(
    storage: SqliteStorage, clock: FakeClock
) -> None:
    """With ``computer_delay`` the off-turn answer waits like a computer's move; E's
    click arriving first has N answer at CP(15) all the same, then E's card is played."""
    manager = search_manager(storage, clock, delay=2.0)
    table = await we6_until_cp14(manager, caps_enforcement="strict")
    await manager.act(table, 1, "play:10H")
    assert caps_calls(manager, table) == {}  # the computer waits its delay
    await manager.act(table, 2, "play:AH")  # E does not
    assert caps_calls(manager, table)[0][:2] == (2, 15)
    log = await storage.actions.for_table(table)
    assert [(e.seat, e.action_id[:5]) for e in log[-2:]] == [(2, "caps:"), (1, "play:")]
    result = await finish_hand(manager, table)
    assert result["caps"]["0"] == "correct"
    await manager.close()


async def test_a_delayed_computer_answers_off_turn_when_its_delay_runs_out(
    storage: SqliteStorage, clock: FakeClock
) -> None:
    """The call at CP(15) comes ``computer_delay`` seconds later, and E's turn deadline
    (armed when S played) runs on unchanged."""
    manager = search_manager(storage, clock, delay=2.0)
    table = await we6_until_cp14(manager, caps_enforcement="strict")
    await manager.act(table, 1, "play:10H")
    deadline = manager.state(table).deadline
    assert deadline is not None
    await clock.advance(2.0)
    assert caps_calls(manager, table)[0][:2] == (2, 15)
    state = manager.state(table)
    assert state.to_act == {1} and state.deadline == deadline
    await manager.close()


async def test_ed_v9_a_computer_declares_a_marriage_off_turn(
    manager: TableManager, storage: SqliteStorage
) -> None:
    """ED-V9 (T3V-9, Maharashtra scoring): North holds KC and QC of open trump clubs; once
    his side wins trick 1 (S's JS) he may declare at that call point, though S is to
    lead. The computer playing North declares there, not at its next turn."""
    state = await manager.create(
        channel_id=6,
        game="304",
        host_id=1,
        host_name="s",
        seed=7,
        options={"maharashtra_scoring": True},
        deals=[
            {
                "dealer": 3,
                "hands": [
                    hand.split()
                    for hand in (
                        "JS 7C JD 9S 8S 9D AD 10D",
                        "KS 10C KD AS JH 9H 10H QD",
                        "JC 9C 8C AH KC QC 7S 7D",
                        "QS AC 8D 10S KH QH 8H 7H",
                    )
                ],
            }
        ],
    )
    table = state.id
    await seat_users(manager, table, [2, 3, 4])
    await manager.start(table, 1)
    steps = [
        (2, "no_cut"), (0, "pass"), (1, "pass"), (2, "bid:160"), (3, "pass"), (0, "pass"),
        (1, "pass"), (2, "trump:JC"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"),
        (2, "open"), (0, "play:JS"), (1, "play:KS"),
    ]  # fmt: skip
    for seat, action in steps:
        await manager.act(table, seat + 1, action)
    await manager.leave(table, 3)  # N's computer plays his only spade, 7S
    await manager.act(table, 4, "play:QS")  # S's jack wins trick 1
    log = await storage.actions.for_table(table)
    assert [(e.seat, e.action_id, e.by) for e in log[-3:]] == [
        (2, "play:7S", "beginner"),
        (3, "play:QS", "player"),
        (2, "marriage:C", "beginner"),
    ]
    match = manager.match_of(table)
    assert match is not None and match.marriages == [(2, 3)]  # type: ignore[attr-defined]
    assert manager.state(table).to_act == {0}


class CountingPlayer:
    """The heuristic, recording each off-turn question: (seat, seq, legal ids, to act)."""

    level = "counting"
    blocking = False

    def __init__(self, game: str, manager: TableManager) -> None:
        self.inner = heuristic_for(game, manager.games)
        self.manager = manager
        self.asked: list[tuple[int, int, tuple[str, ...], tuple[int, ...]]] = []

    def choose(self, situation: Situation) -> Action:
        return self.inner.choose(situation)

    def off_turn(self, situation: Situation) -> Action | None:
        (table,) = self.manager.open_tables() or [None]
        seq = self.manager.state(table).seq if table is not None else -1
        to_act = tuple(situation.view.get("to_act") or ())
        self.asked.append((situation.seat, seq, tuple(a.id for a in situation.legal), to_act))
        return self.inner.off_turn(situation)


async def test_only_seats_with_an_off_turn_action_are_asked_once_per_call_point(
    manager: TableManager,
) -> None:
    """Whole computers-only matches: a 304 seat is asked only when not to act and with
    an off-turn action legal (the calling side's Caps call while it has won every
    trick), at most once per ``seq``; a game without off-turn kinds (the toy game) is
    never asked."""
    players: dict[str, CountingPlayer] = {}

    def factory(name: str) -> CountingPlayer:
        players[name] = CountingPlayer(name, manager)
        return players[name]

    manager.players.register("counting", factory)
    for channel, game in enumerate(("304", "toy")):
        state = await manager.create(
            channel_id=channel, game=game, host_id=1, host_name="h", seed=3, join=False
        )
        await manager.start(state.id, 1, fill_with="counting", is_admin=True)
        assert manager.state(state.id).status == "finished"
    assert players["toy"].asked == []
    asked = players["304"].asked
    assert len(asked) > 20
    kinds = registry.get("304").off_turn_kinds
    for seat, _seq, legal, to_act in asked:
        assert legal and all(i.split(":")[0] in kinds for i in legal)
        assert seat not in to_act
    points = [(seat, seq) for seat, seq, _, _ in asked]
    assert len(points) == len(set(points))


async def test_th28_a_computer_challenges_a_certain_revoke_off_turn(
    manager: TableManager, storage: SqliteStorage
) -> None:
    """TH-28.2(a) / TH-21.2 (challenge mode): seats 1 and 2 showed no heart in trick 2;
    in trick 3 seat 3 plays 10S on the JH lead while the only unseen heart (10H) can be
    nowhere else. Seat 1 won the trick with a trump and is to collect; the computer
    playing seat 0, off turn, challenges seat 3 and the challenge is upheld."""
    state = await manager.create(
        channel_id=8,
        game="thunee",
        host_id=1,
        host_name="a",
        seed=1,
        options={"penalty_mode": "challenge"},
        deals=[{"dealer": 0, "hands": REVOKE_DEAL}],
    )
    table = state.id
    await seat_users(manager, table, [2, 3, 4])
    await manager.start(table, 1)
    steps = REVOKE_UNTIL_THIRD_TRICK
    for seat, action in steps:
        await manager.act(table, seat + 1, action)
    await manager.leave(table, 1)  # seat 0: a computer from now on (nothing sure yet)
    log = await storage.actions.for_table(table)
    assert log[-1].action_id == "play:JS"
    await manager.act(table, 4, "play:10S")  # the revoke
    log = await storage.actions.for_table(table)
    revoke = next(i for i, e in enumerate(log) if e.action_id == "play:10S")
    assert [(e.seat, e.action_id, e.by) for e in log[revoke : revoke + 2]] == [
        (3, "play:10S", "player"),
        (0, "challenge:3", "beginner"),
    ]  # (then the computer plays seat 0 in the next hand)
    match = manager.match_of(table)
    assert match is not None
    last = match.hand_results[-1]
    assert (last["offence"], last["offender"], last["balls_to"]) == ("revoke", 3, 0)


class OrderedCaps:
    """Calls Caps on its turn with its own order of the cards (T3-16.5: any order)."""

    level = "ordered"
    blocking = False

    def __init__(self, game: str) -> None:
        self.inner = heuristic_for(game)

    def choose(self, situation: Situation) -> Action:
        if any(a.kind == "caps" for a in situation.legal):
            return situation.spec.parse_action("caps:8C,9H,7H,8H")
        return self.inner.choose(situation)

    def off_turn(self, situation: Situation) -> Action | None:
        return None


async def test_a_computers_caps_call_stating_its_own_order_is_played_as_chosen_T3_16_5(
    storage: SqliteStorage, clock: FakeClock
) -> None:
    """T3-16.5: a Caps call may state any order of the caller's cards, not only the one
    listed among the legal actions (the engine's default order, 8C,9H,8H,7H here): the
    manager plays a computer's call as chosen instead of replacing it at random."""
    manager = TableManager(storage, TableSettings(takeover_level="ordered"), clock)
    manager.players.register("ordered", OrderedCaps)
    table = await we6_until_cp14(manager, leave=False)
    await manager.act(table, 1, "play:10H")
    await manager.act(table, 2, "play:AH")  # CP(16): N leads
    match = manager.match_of(table)
    assert match is not None
    assert "caps:8C,9H,7H,8H" not in {a.id for a in match.legal_actions(2)}
    assert caps_calls(manager, table) == {}  # N is a human until he leaves
    await manager.leave(table, 3)  # the computer plays N now: his turn
    log = await storage.actions.for_table(table)
    assert (log[-1].seat, log[-1].action_id, log[-1].by) == (2, "caps:8C,9H,7H,8H", "ordered")
    await manager.close()


class IllegalOffTurn:
    """Plays like the heuristic on turn; off turn it answers with actions it may not take:
    a card (not an off-turn kind) and a Caps call stating cards it does not hold."""

    level = "illegal"
    blocking = False

    def __init__(self, game: str) -> None:
        self.inner = heuristic_for(game)
        self.answers = 0

    def choose(self, situation: Situation) -> Action:
        return self.inner.choose(situation)

    def off_turn(self, situation: Situation) -> Action | None:
        self.answers += 1
        spec = situation.spec
        if self.answers % 2:
            return spec.parse_action("play:" + situation.view["hand"][0])
        return spec.parse_action("caps:AS,AH,AD,AC")


async def test_a_computers_illegal_off_turn_answer_is_refused_and_changes_nothing(
    storage: SqliteStorage, clock: FakeClock, caplog: Any
) -> None:
    """Bad input from a computer is treated like a player's: an off-turn answer that is
    not an off-turn kind, or a Caps call with cards the seat does not hold, is logged and
    dropped; nothing is applied or logged for the table, and play goes on (the humans
    still to act, then the whole match finishes)."""
    manager = TableManager(storage, TableSettings(takeover_level="illegal"), clock)
    players: list[IllegalOffTurn] = []

    def factory(game: str) -> IllegalOffTurn:
        players.append(IllegalOffTurn(game))
        return players[-1]

    manager.players.register("illegal", factory)
    table = await we6_until_cp14(manager)
    (player,) = players
    assert player.answers >= 1  # N was asked at CP(14): it may call Caps off turn there
    assert "illegal" in caplog.text
    log = await storage.actions.for_table(table)
    assert all(row.by != "illegal" for row in log)
    assert caps_calls(manager, table) == {}
    assert manager.state(table).to_act == {0}
    result = await finish_hand(manager, table)
    assert result["hand"] == 0
    rows = await storage.actions.for_table(table)
    assert "caps:AS,AH,AD,AC" not in {row.action_id for row in rows}
    assert len(caplog.records) >= 2  # each refused answer is reported
    await manager.close()
