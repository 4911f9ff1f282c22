"""Caps (T3-16): certainty, soundness, deadlines and outcomes; WE-6, WE-6a, WE-7."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cards import card_str, parse_card
from rules.contract import IllegalAction
from tests.rules.three_o_four.helpers import E, N, S, W, act, new, offered, play

WE6 = {
    E: "AS QC QH AH JD 9D KD 8D",
    N: "JC KC JH 9H 9C 8C 8H 7H",
    W: "JS 9S AC 7C KH TD QD 7D",
    S: "TS TC TH AD KS QS 8S 7S",
}
TRICKS = [
    "E:AS N:ind W:9S S:7S",
    "N:JC W:AC S:TC E:QC",
    "N:9C W:7C S:AD E:QH",
    "N:JH W:KH S:TH E:AH",
    "N:9H W:TD S:8S E:8D",
    "N:8H W:QD S:QS E:KD",
    "N:7H W:7D S:KS E:9D",
    "N:8C W:JS S:TS E:JD",
]
ALL_PLAYS = " ".join(TRICKS).split()


def we6(**options: Any):  # type: ignore[no-untyped-def]
    m = new(S, WE6, **options)
    act(m, (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:KC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "closed"))
    return m


def play_upto(m, k: int) -> None:  # type: ignore[no-untyped-def]
    """Play cards until CP(k), skipping cards the server already played for a caller."""
    while len(m.history) < k:
        item = ALL_PLAYS[len(m.history)]
        play(m, item)


def play_rest(m) -> None:  # type: ignore[no-untyped-def]
    hand = m.hand_no
    while m.hand_no == hand and not m.is_over:
        play(m, ALL_PLAYS[len(m.history)])


def test_we6_the_deal_itself() -> None:
    """WE-6 (T3-11.4(a), T3-11.9(c), T3-16.1): N cuts with the indicator and wins all 304."""
    m = we6(caps_enforcement="claims_only")
    play_upto(m, 4)
    assert m.revealed and m.trick_winners == [0] and m.points[0] == 34
    play_upto(m, 31)
    play(m, ALL_PLAYS[31])
    assert m.hand_results[0]["points"] == [304, 0]
    assert m.hand_results[0]["tricks"] == [0] * 8


def test_we6_certainty_arises_at_cp15() -> None:
    """WE-6 expected certainty (T3-16.4, ED-27, ED-32): false up to CP(14), true at CP(15)."""
    m = we6()
    play_upto(m, 15)
    judge = m.judge()
    for k in range(0, 15):
        assert judge.certain(N, k) is None, k
        assert judge.certain(S, k) is None, k
    order = judge.certain(N, 15)
    assert order is not None  # ED-29: the first in ED-1 order is 8C, 9H, 7H, 8H
    assert [card_str(c) for c in order] == ["8C", "9H", "7H", "8H"]
    assert judge.sound(N, 15, [parse_card(c) for c in ("9H", "8H", "7H", "8C")])
    assert not judge.sound(N, 15, [parse_card(c) for c in ("8H", "9H", "7H", "8C")])
    assert judge.deadline(15) == 16  # ED-33: the lenient deadline for k* = 15
    # ED-25 / ED-32: N may call at CP(15) although it is E's turn, so k* = 15.
    assert judge.first_certain_member(0, 15) == (15, N)
    assert judge.first_certain(0, 14) is None
    assert N not in m.to_act and N in m.off_turn
    assert [a.kind for a in m.legal_actions(N)] == ["caps"]


def test_we6_strict_deadline_is_k_star() -> None:
    """WE-6 deadlines (T3-16.8, ED-33): strict = 15, lenient = 16."""
    m = we6(caps_enforcement="strict")
    play_upto(m, 15)
    assert m.judge().deadline(15) == 15


@pytest.mark.parametrize(
    ("case", "call_at", "order", "enforcement", "delta", "tokens"),
    [
        ("a", 15, "9H,8H,7H,8C", "lenient", 2, [13, 9]),
        ("a", 15, "9H,8H,7H,8C", "strict", 2, [13, 9]),
        ("b", 16, "9H,8H,7H,8C", "lenient", 2, [13, 9]),
        ("b", 16, "9H,8H,7H,8C", "strict", -2, [9, 13]),
        ("c", 12, "JH,9H,8H,7H,8C", "lenient", -2, [9, 13]),
        ("c", 12, "JH,9H,8H,7H,8C", "strict", -2, [9, 13]),
        ("d", 17, "8H,7H,8C", "lenient", -2, [9, 13]),
        ("d", 17, "8H,7H,8C", "strict", -2, [9, 13]),
        ("e", None, "", "lenient", -2, [9, 13]),
        ("e", None, "", "strict", -2, [9, 13]),
        ("e", None, "", "claims_only", 1, [12, 10]),
        ("f", 15, "8H,9H,7H,8C", "lenient", -2, [9, 13]),
        ("f", 15, "8H,9H,7H,8C", "strict", -2, [9, 13]),
    ],
)
def test_we6_outcomes(
    case: str, call_at: int | None, order: str, enforcement: str, delta: int, tokens: list[int]
) -> None:
    """WE-6 cases a-f (T3-16.3, ED-25, T3-16.5, T3-16.7, T3-16.8, T3-16.9, T3-16.10,
    T3-17.4, ED-29, ED-33), with the seed's numbers: a, N calls at CP(15) (after S's TH,
    E's turn); b, at CP(16) (his lead: in time only under the lenient deadline); c, at
    CP(12), too early; d, at CP(17) after leading 9H, too late; e, never; f, at CP(15)
    with the unsound order 8H first (no trick is lost, still Wrong Caps)."""
    m = we6(caps_enforcement=enforcement)
    if call_at is not None:
        play_upto(m, call_at)
        m.apply(N, "caps:" + order)
        assert m.calls[0][1] == call_at
        exposed = m.view(W)["exposed"][str(N)]
        assert exposed and order.split(",")[-len(exposed) :] == exposed
    play_rest(m)
    result = m.hand_results[0]
    assert result["tricks"] == [0] * 8
    assert result["delta"] == delta, (case, result)
    assert m.tokens == tokens


def test_t3_16_3_partner_calls_off_turn_and_the_server_plays_his_cards() -> None:
    """T3-16.3 / ED-25 / ED-28: S calls at CP(16), N's lead, not his turn; his cards are
    public at once and played from his order when his turns come. S could not be sure
    (he cannot see N's hearts), so the call is unsound: Wrong Caps, -2 (T3-16.7(a))."""
    m = we6()
    play_upto(m, 16)
    assert m.to_act == {N} and S in m.off_turn and E not in m.off_turn
    assert [a.kind for a in m.legal_actions(S)] == ["caps"]
    assert m.legal_actions(E) == []  # the opponents may not call (T3-16.2)
    with pytest.raises(IllegalAction, match="not your turn"):
        m.apply(E, "caps:JD,9D,KD,8D,9D")
    m.apply(S, "caps:8S,QS,KS,10S")
    order = [parse_card(c) for c in ("8S", "QS", "KS", "10S")]
    assert m.to_act == {N} and m.calls[0] == (S, 16, order)
    assert m.view(E)["exposed"] == {str(S): ["8S", "QS", "KS", "10S"]}
    assert S not in m.off_turn and N not in m.off_turn  # one call per team (ED-30)
    play(m, "N:9H W:10D")
    assert card_str(m.history[-1][1]) == "8S" and m.to_act == {E}  # S's card, by the server
    play_rest(m)
    result = m.hand_results[0]
    assert result["tricks"] == [0] * 8 and result["caps"]["0"] == "wrong"
    assert result["delta"] == -2 and m.tokens == [9, 13]


def test_we6a_a_trick_lost_after_calling() -> None:
    """WE-6a (T3-16.6, ED-31, T3-17.4 row 7): an unsound call at CP(12), W wins trick 6."""
    hands = {
        E: "AS QC QH JD 9D KD 8D QD",
        N: "JC KC JH 9H 9C 8C 8H 7H",
        W: "JS 9S AC 7C KH AH TH 7D",
        S: "TS TC AD KS QS 8S 7S TD",
    }
    m = new(S, hands)
    act(m, (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:KC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "closed"))
    play(m, "E:AS N:ind W:9S S:7S N:JC W:AC S:TC E:QC N:9C W:7C S:AD E:QH")
    m.apply(N, "caps:JH,9H,8H,7H,8C")
    assert m.history[-1][1] is not None and len(m.history) == 13  # N's JH auto-played
    play(m, "W:KH S:TD E:8D")
    play(m, "W:TH S:8S E:9D")
    play(m, "W:AH S:QS E:QD")
    result = m.hand_results[0]
    assert result["caps"]["0"] == "lost" and result["delta"] == -5
    assert m.tokens == [6, 16] and result["tricks"] == [0, 0, 0, 0, 0, 1]


def test_we7_all_the_points_are_not_caps() -> None:
    """WE-7 (T3-16.1): 304 points in seven tricks is no Caps; contract 200 made: +2."""
    hands = {
        S: "JC 9C AC TC 7D JD 9D AD",
        N: "7S KC QC 8C 7C JS 9S AS",
        E: "8D TD KD QD JH 9H AH TH",
        W: "8S TS KS QS KH QH 8H 7H",
    }
    m = new(W, hands, spoilt_trumps_mode="claim")
    act(m, (S, "bid:200"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "trump:JC"))
    act(m, (S, "pass"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "open"))
    play(m, "S:7D E:8D N:7S W:8S")
    assert m.trick_winners == [1] and m.points == [0, 0]
    play(m, "E:TD N:7C W:TS S:AD")
    play(m, "N:JS W:KS S:9D E:KD")
    play(m, "N:9S W:QS S:JD E:QD")
    play(m, "N:AS W:KH S:TC E:JH")
    play(m, "S:JC E:9H N:KC W:QH")
    play(m, "S:9C E:AH N:QC W:8H")
    play(m, "S:AC E:TH N:8C W:7H")
    result = m.hand_results[0]
    assert result["points"] == [304, 0] and result["made"]
    assert result["caps"]["0"] == "none" and result["delta"] == 2 and m.tokens == [13, 9]


def we6_with_w_as_trumper(**options: Any):  # type: ignore[no-untyped-def]
    """The WE-6 cards, but W wins the auction at 220 with the hidden 7C: NS defend."""
    m = new(S, WE6, **options)
    act(m, (E, "pass"), (N, "pass"), (W, "bid:220"), (S, "pass"), (E, "pass"), (N, "pass"))
    act(m, (W, "trump:7C"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "pass"), (W, "closed"))
    return m


EXTERNAL_PLAYS = " ".join(
    [
        "E:AS N:KC W:9S S:7S N:JC W:AC S:TC E:QC N:9C W:7C S:AD E:QH N:JH W:KH S:TH E:AH",
        "N:9H W:TD S:8S E:8D N:8H W:QD S:QS E:KD N:7H W:7D S:KS E:9D N:8C W:JS S:TS E:JD",
    ]
).split()


def play_external(m, upto: int | None = None) -> None:  # type: ignore[no-untyped-def]
    hand = m.hand_no
    while m.hand_no == hand and not m.is_over and (upto is None or len(m.history) < upto):
        play(m, EXTERNAL_PLAYS[len(m.history)])


@pytest.mark.parametrize(
    ("mode", "call_at", "order", "ns_tokens"),
    [
        ("modern", 16, "9H,8H,7H,8C", 15),  # EW pay lose(220) + 1 = 4
        ("legacy", 16, "9H,8H,7H,8C", 19),  # EW pay 8
        ("modern", 12, "JH,9H,8H,7H,8C", 9),  # too early: NS pay 2
    ],
)
def test_tc18_external_caps_in_play(mode: str, call_at: int, order: str, ns_tokens: int) -> None:
    """TC-18 (T3V-3, T3-16.2, ED-V3): the trumper's opponents call Caps."""
    m = we6_with_w_as_trumper(external_caps=mode)
    play_external(m, call_at)
    m.apply(N, "caps:" + order)
    play_external(m)
    assert m.hand_results[0]["tricks"] == [0] * 8
    assert m.tokens[0] == ns_tokens and sum(m.tokens) == 22


def test_tc18_external_caps_off_rejects_the_call() -> None:
    """TC-18 last case (T3-16.2): without the variant the opponents may not call."""
    m = we6_with_w_as_trumper()
    play_external(m, 16)
    assert N not in m.to_act or not any(a.kind == "caps" for a in m.legal_actions(N))
    with pytest.raises(IllegalAction):
        m.apply(N, "caps:9H,8H,7H,8C")


def test_t3_16_caps_order_not_required_uses_the_server_order() -> None:
    """ED-29: with ``caps_order_required`` off, ``caps`` alone lets the server choose."""
    m = we6(caps_order_required=False)
    play_upto(m, 16)
    m.apply(N, "caps")
    assert [card_str(c) for c in m.calls[0][2]] == ["8C", "7H", "8H", "9H"]  # ED-1 order
    play_rest(m)
    assert m.hand_results[0]["delta"] == 2


def test_t3_16_one_call_per_team_and_bad_orders() -> None:
    """ED-30 and T3-16.5: a call lists every remaining card; a team calls once."""
    m = we6()
    play_upto(m, 15)
    with pytest.raises(IllegalAction, match="not your turn"):
        m.apply(N, "play:9H")  # E is to play at CP(15): only the call is open to N
    play_upto(m, 16)
    with pytest.raises(IllegalAction):
        m.apply(N, "caps:9H,8H,7H")
    with pytest.raises(IllegalAction):
        m.apply(N, "caps:9H,8H,7H,8C,8C")
    m.apply(N, "caps:9H,8H,7H,8C")
    assert not any(a.kind == "caps" for a in m.legal_actions(S))


def test_t3_16_4_quick_refutation_agrees_with_the_search() -> None:
    """T3-16.4 / ED-27: the plain-adversary refutation tried before the certainty search
    never rejects a player the search finds certain (at WE-6's CP(16), N is certain and
    not refuted; in seeded random hands every refuted call point has no winning order)."""
    import random

    from rules import registry
    from rules.random_play import choose
    from rules.three_o_four.caps import OutOfBudget

    m = we6()
    play_upto(m, 16)
    assert not m.judge().plainly_refuted(N, 16)
    assert m.judge().certain(N, 16) is not None

    spec = registry.get("304")
    refuted = searched = 0
    for players, seed in ((4, 3), (6, 4), (8, 5)):
        match = spec.new_match(players, None, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if match.is_over:
                break
            seat = next(iter(match.to_act))
            if match.phase == "play":
                judge, k = match.judge(), len(match.history)
                if judge.plainly_refuted(seat, k):
                    refuted += 1
                    try:
                        assert judge.solver(seat, k, budget=10000).run() is None
                        searched += 1
                    except OutOfBudget:
                        pass
            match.apply(seat, choose(spec, offered(match, seat), rng))
    assert searched > 10 and refuted > 10


def test_t3_16_9_the_hand_end_rulings_prepared_before_the_last_card() -> None:
    """T3-16.9 / WE-6 case e: ``prepare`` offers work only for the hand's last card; done
    first (a table runs it off the event loop), it leaves the ruling ready, and the last
    card then scores as without it (never called: Wrong Caps, -2)."""
    m = we6()
    play_upto(m, 30)
    assert m.prepare(S, m.legal_actions(S)[0]) is None  # not the last card
    play_upto(m, 31)
    last = m.legal_actions(E)
    work = m.prepare(E, last[0])
    assert work is not None
    work()
    assert m.judge()._rulings  # the ruling is ready before the card
    play(m, ALL_PLAYS[31])
    assert m.hand_results[0]["caps"]["0"] == "wrong" and m.hand_results[0]["delta"] == -2
