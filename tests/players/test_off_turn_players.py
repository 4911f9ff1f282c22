"""What each computer level answers off turn (``ComputerPlayer.off_turn``): 304's Caps
call, marriages and spoilt claims, Thunee challenges; the random level never."""

from __future__ import annotations

import random

import pytest

from players import RandomPlayer, Situation
from players.heuristic import heuristic_for
from players.search import SearchBudget, search_for
from rules.contract import Deal
from rules.thunee.spec import SPEC as THUNEE
from tests.players.search_matches import situation
from tests.players.test_search_304 import assert_view_knowledge_is_the_judges
from tests.players.test_search_thunee_variants import REVOKE_DEAL, REVOKE_UNTIL_THIRD_TRICK
from tests.rules.three_o_four.helpers import SPEC, E, N, S, W, act, new, play
from tests.rules.three_o_four.test_caps import play_rest, play_upto, we6
from tests.rules.three_o_four.test_variants import marriage_match

TINY = SearchBudget(rollouts=8, time_cap_ms=0)


def test_search_calls_caps_off_turn_exactly_when_certain_we6_T3_16_4() -> None:
    """WE-6 (T3-16.4, ED-25, ED-27): off turn at CP(13) and CP(14) North is not certain;
    at CP(15), E to play, he is, and calls with the winning order; correct, +2."""
    m = we6()
    search = search_for("304", TINY)
    for k in (13, 14):
        play_upto(m, k)
        assert N not in m.to_act and N in m.off_turn
        assert search.off_turn(situation(m, N)) is None, k
    play_upto(m, 15)
    assert m.to_act == {E}
    call = search.off_turn(situation(m, N))
    assert call is not None and call.kind == "caps"  # (with an order the judge upholds)
    m.apply(N, call)
    play_rest(m)
    result = m.hand_results[0]
    assert result["caps"]["0"] == "correct" and result["delta"] == 2


@pytest.mark.parametrize("seed", range(3))
def test_caps_knowledge_off_turn_is_the_judges(seed: int) -> None:
    """ED-27: a seat's knowledge read from its view off turn (another seat to play, a
    trick in progress) is exactly the judge's K(p, k), the seat to play included."""
    rng = random.Random(seed)
    match = SPEC.new_match(4, seed=seed)
    heuristic = heuristic_for("304")
    compared = 0
    steps = 0
    while not match.is_over and steps < 1500:
        for seat in sorted(match.off_turn):
            sit = situation(match, seat, steps)
            if any(a.kind == "caps" for a in sit.legal):
                mine = assert_view_knowledge_is_the_judges(match, sit)
                assert mine.to_play != seat
                compared += 1
        seat = min(match.to_act)
        sit = situation(match, seat, steps)
        action = heuristic.choose(sit)
        if match.phase == "play" and rng.random() < 0.2:
            action = rng.choice([a for a in sit.legal if a.kind != "caps"])
        match.apply(seat, action)
        steps += 1
    assert compared >= 10


def test_heuristic_and_search_declare_a_marriage_off_turn_ED_V9() -> None:
    """ED-V9: North may declare off turn once NS have won a trick; both levels do, the
    random level lets it pass."""
    m = marriage_match()
    play(m, "S:JS E:KS N:7S W:QS")
    assert m.to_act == {S}
    sit = situation(m, N)
    assert {a.kind for a in sit.legal} == {"caps", "marriage"}  # (NS won every trick)
    for level in (heuristic_for("304"), search_for("304", TINY)):
        answer = level.off_turn(sit)
        assert answer is not None and answer.id == "marriage:C"
    assert RandomPlayer().off_turn(sit) is None


def spoilt_match() -> object:
    """ED-23 claim mode: N (trumper, open clubs) and S hold all eight clubs; E and W
    none, so the hand is spoilt (ED-22) but not cancelled until someone claims."""
    hands = {
        S: "AC TC QC 7C TS KS QS 8S",
        E: "9H AH TH KH JD 9D AD TD",
        N: "JC KC 9C 8C JS 9S AS JH",
        W: "QH 8H 7H 7S KD QD 8D 7D",
    }
    m = new(S, hands, spoilt_trumps_mode="claim")
    act(m, (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:KC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    return m


def test_heuristic_claims_spoilt_trumps_only_once_proven_ED_23() -> None:
    """ED-22 / ED-23: a defender claims when his own cards and his partner's shown void
    in trumps (on N's trump lead) prove that no defender held one: E after W's 7S, W
    after E's JD; not before, and the trumper's side never. The claim is upheld."""
    m = spoilt_match()
    heuristic = heuristic_for("304")
    play(m, "E:9H N:JH W:QH S:8S")  # N wins trick 1 and leads trumps
    play(m, "N:JC")
    for seat in (E, W, S):
        assert heuristic.off_turn(situation(m, seat)) is None, seat
    play(m, "W:7S")  # W shows he has no club
    assert heuristic.off_turn(situation(m, S)) is None  # (the trumper's side)
    claim = heuristic.off_turn(situation(m, E))
    assert claim is not None and claim.id == "claim_spoilt"
    assert heuristic.off_turn(situation(m, W)) is None  # E has not shown his void yet
    m.apply(E, claim)  # type: ignore[attr-defined]
    assert m.hand_results[-1]["outcome"] == "spoilt"  # type: ignore[attr-defined]


def test_th28_off_turn_challenges_only_a_certain_fault() -> None:
    """TH-28 / TH-21.2 (REVOKE_DEAL): seat 3's 10S on the JH lead is a revoke seat 0 can
    be sure of (the only unseen heart can be nowhere else): the heuristic and the
    search playing seat 0 challenge it off turn; seat 2 cannot be sure and does not;
    nor does seat 0 challenge seat 1's lawful trump."""
    match = THUNEE.new_match(
        4, {"penalty_mode": "challenge"}, seed=1, deals=[Deal(dealer=0, hands=REVOKE_DEAL)]
    )
    script = REVOKE_UNTIL_THIRD_TRICK
    for seat, action in script:
        match.apply(seat, action)
    players = [heuristic_for("thunee"), search_for("thunee", TINY)]
    before = Situation.at(match, 0, random.Random(1))
    assert [a.id for a in before.legal] == ["challenge:1"]
    assert all(p.off_turn(before) is None for p in players)
    match.apply(3, "play:10S")
    assert match.to_act == {1} and {0, 2} <= match.off_turn
    for p in players:
        answer = p.off_turn(Situation.at(match, 0, random.Random(1)))
        assert answer is not None and answer.id == "challenge:3"
        assert p.off_turn(Situation.at(match, 2, random.Random(1))) is None
    assert RandomPlayer().off_turn(Situation.at(match, 0, random.Random(1))) is None
