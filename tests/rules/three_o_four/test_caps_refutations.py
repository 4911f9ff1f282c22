"""The quick refutations asked before the ED-27 certainty search (T3-16.4 duty, T3-16.5
soundness) must never contradict the search itself: whenever a thin adversary finds no
winning order, the full search (given far more nodes) finds none either."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

from rules import registry
from rules.cards import Card, card_strs
from rules.random_play import choose
from rules.shuffle import LEGACY_DEAL_VERSION as LEGACY
from rules.three_o_four import actions as A
from rules.three_o_four.caps import (
    GREEDY_BUDGET,
    NODE_BUDGET,
    SUIT,
    THRIFTY,
    CapsJudge,
    Knowledge,
    OutOfBudget,
    Solver,
    State,
)
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.plain_lines import PlainLines
from tests.rules.three_o_four.helpers import call_points, offered, top_trump_open


def _full_answer(judge: CapsJudge, p: int, k: int) -> list[int] | str | None:
    solver = Solver(
        judge.knowledge(p, k),
        judge.m.players,
        judge.active,
        judge.m.layout.strength,
        NODE_BUDGET * 4,
    )
    try:
        return solver.run()
    except OutOfBudget:
        return "undecided"


def _full_verdict(
    judge: CapsJudge, p: int, k: int, order: list[int], budget: int = NODE_BUDGET * 100
) -> bool | None:
    """Does ``order`` win every trick in the full search at CP(k) (``budget`` nodes)?
    ``None`` when the search runs out of nodes first (too long to check)."""
    try:
        return judge.solver(p, k, budget).run(fixed=order) == order
    except OutOfBudget:
        return None


def _proof_confirmed(
    judge: CapsJudge, kn: Knowledge, p: int, k: int, where: tuple[int, int]
) -> bool:
    """Where ``cashing_order`` proves an order, the full search must find it winning too:
    True once confirmed, False when there is no proof or the search is too long to check
    here; a refuted proof fails the test (``where``: players and seed)."""
    order = judge.cashing_order(kn)
    if order is None:
        return False
    verdict = _full_verdict(judge, p, k, order)
    if verdict is None:
        return False
    assert verdict, (*where, p, k)
    return True


def _fixture(name: str) -> tuple[ThreeOFourMatch, dict[str, Any]]:
    """A match restored from ``fixtures/<name>.json`` (a snapshot just before its hand's
    last action), and the case (``seat`` and ``action``: that last action)."""
    case = json.loads((Path(__file__).parent / "fixtures" / f"{name}.json").read_text())
    match = registry.get("304").restore(case["snapshot"])
    assert isinstance(match, ThreeOFourMatch)
    return match, case


def _four_player_judge() -> CapsJudge:
    """A 4-player judge, for its quick proofs on constructed positions (they read only
    the rank order and the seats of the match)."""
    match = registry.get("304").new_match(4, None, seed=1, deal_version=LEGACY)
    assert isinstance(match, ThreeOFourMatch)
    return match.judge()


def _south(
    hand: str,
    trick: list[tuple[int, str]],
    to_play: int,
    unknown: str,
    free: list[int],
    tricks_left: int,
    trump: int,
    voids: list[int] | None = None,
    known: list[str] | None = None,
) -> Knowledge:
    """K(p, k) of South (seat 0) at a constructed 4-player position, trump known; cards
    written as in the actions (``"9C,7S"``, ``""`` for none)."""

    def cards(text: str) -> list[int]:
        return A.parse_order(text) if text else []

    return Knowledge(
        seat=0,
        hand=cards(hand),
        trick=[(seat, cards(card)[0], 0) for seat, card in trick],
        to_play=to_play,
        unknown=frozenset(cards(unknown)),
        free=free,
        must_trump=[0, 0, 0, 0],
        known=[frozenset(cards(c)) for c in known or ["", "", "", ""]],
        voids=voids or [0, 0, 0, 0],
        hidden_slots=[],
        tricks_left=tricks_left,
        trumps=[trump],
    )


def _full_search(judge: CapsJudge, kn: Knowledge, budget: int = NODE_BUDGET * 20) -> Solver:
    return Solver(kn, 4, [0, 1, 2, 3], judge.m.layout.strength, budget)


def test_ed27_thin_refutations_agree_with_the_full_search() -> None:
    spec = registry.get("304")
    refuted = decided = 0
    for players in (4, 6, 8):
        for seed in range(2):
            match = spec.new_match(players, None, seed=seed, deal_version=LEGACY)
            assert isinstance(match, ThreeOFourMatch)
            rng = random.Random(seed)
            asked: set[tuple[int, int, int]] = set()
            while not match.is_over:
                if match.phase == "play" and not match.trick and match.history:
                    judge = match.judge()
                    k = len(match.history)
                    team = match.trumper % 2
                    for p in judge.active:
                        if (match.hand_no, p, k) in asked or p % 2 != team:
                            continue
                        asked.add((match.hand_no, p, k))
                        if not judge.team_won_all_before(team, k) or not match._remaining(p):
                            continue
                        kn = judge.knowledge(p, k)
                        for replies, budget in ((THRIFTY, GREEDY_BUDGET), (1, GREEDY_BUDGET)):
                            if judge.thin_refutes(kn, replies, budget):
                                refuted += 1
                                answer = _full_answer(judge, p, k)
                                decided += answer != "undecided"
                                assert answer in (None, "undecided"), (players, seed, p, k)
                                break
                seat = next(iter(match.to_act))
                match.apply(seat, choose(spec, offered(match, seat), rng))
    assert refuted >= decided >= 40  # the property was exercised


def test_ed27_plain_lines_try_one_card_of_each_run_without_changing_an_answer() -> None:
    """``PlainLines`` tries only the highest of p's cards with no other live card between
    them (T3-16.4 duty check, ED-27): the same refutations as trying every card."""
    spec = registry.get("304")
    compared = refuted = 0
    for players, seed in ((4, 11), (6, 12), (8, 13)):
        match = spec.new_match(players, None, seed=seed, deal_version=LEGACY)
        assert isinstance(match, ThreeOFourMatch)
        rng = random.Random(seed)
        while not match.is_over and compared < 600 * (players // 2):
            if match.phase == "play":
                judge, k = match.judge(), len(match.history)
                for p in judge.active:
                    if not judge.team_won_all_before(p % 2, k) or not match._remaining(p):
                        continue
                    pruned = judge.plainly_refuted(p, k)
                    kn = judge.knowledge(p, k, actual=True)
                    plays = tuple((seat, card) for seat, card, _ in kn.trick if card is not None)
                    held = [kn.hand if s == p else kn.known[s] for s in range(players)]
                    every_card = PlainLines(
                        p, judge.active, kn.trumps[0], match.layout.strength, one_card_per_run=False
                    ).refuted(plays, kn.to_play, held, kn.tricks_left)
                    assert pruned == every_card, (players, seed, p, k)
                    compared += 1
                    refuted += pruned
            seat = next(iter(match.to_act))
            match.apply(seat, choose(spec, offered(match, seat), rng))
    assert compared > 300 and refuted > 100


def test_t3_16_5_a_sound_call_whose_proof_is_long_is_judged_correct() -> None:
    """T3-16.5 / ED-27: Sound(call) must not turn on the search's node limit. In this
    6-player hand (seed 113, default options) seat 0 calls Caps after the first trick with
    three cards whose stated order wins every trick in every consistent world; the proof
    visited 10,257 positions (3,499 since the revealed indicator counts as a known card of
    the trumper, T3-9.2; 998 since a position where p holds only the top trumps is a
    leaf, ``Solver.trumps_win_out``), and under the old limit of 4,000 the call was judged
    Wrong Caps (-2 tokens) although the team then won every trick. The judge now has no
    limit (docs/caps-ruling.md)."""
    match, case = _fixture("sound_call_needing_10257_positions")
    seat, k, order = match.calls[0]
    assert (seat, k, len(order)) == (0, 6, 3)
    judge = match.judge()
    solver = judge.solver(seat, k)
    assert solver.run(fixed=order) == order
    assert judge.sound(seat, k, list(order))
    match.apply(case["seat"], case["action"])
    result = match.hand_results[-1]
    assert result["tricks"] == [0, 0, 0, 0]  # the calling team won every trick
    assert result["caps"]["0"] == "correct" and result["delta"] > 0


def test_ed27_an_opponents_top_unplayed_trump_refutes_nothing_under_a_higher_one_on_the_table() -> (
    None
):
    """T3-16.4 / ED-27: "the highest unplayed trump wins whichever trick it is played to"
    is false in the trick in progress when a higher trump already lies there. In this
    6-player last trick (seed 16, random play, third hand) an opponent of seat 2 still
    holds the highest unplayed trump, but the trick's first card is a higher one, so seat 2
    is certain with his last card; the quick refutation used to call him uncertain (and a
    Caps call there Wrong Caps)."""
    spec = registry.get("304")
    match = spec.new_match(6, None, seed=16, deal_version=LEGACY)
    assert isinstance(match, ThreeOFourMatch)
    rng = random.Random(16)
    for _ in range(75):
        seat = next(iter(match.to_act))
        match.apply(seat, choose(spec, offered(match, seat), rng))
    assert (match.hand_no, len(match.history)) == (2, 19)
    judge, k, p = match.judge(), 19, 2
    trump, strength = match.trump, match.layout.strength
    unplayed = {
        card: s for s in judge.active for card in match._remaining(s) if card // 13 == trump
    }
    top = max(unplayed, key=lambda c: strength[c])
    assert unplayed[top] % 2 != p % 2  # an opponent holds the highest unplayed trump
    led = match.history[18][1]
    assert led // 13 == trump and strength[led] > strength[top]  # a higher one lies led
    assert not judge.opponents_trumps_unbeaten(p % 2, k)
    order = judge.certain(p, k)
    assert order == match._remaining(p)
    assert judge.sound(p, k, order)


def test_ed27_the_top_trump_refutations_agree_with_the_full_search() -> None:
    """T3-16.4 / ED-27: wherever ``opponents_trumps_unbeaten`` or ``top_trump_open`` says a
    member cannot be certain (every call point of random hands, mid-trick ones included),
    the full search with a large budget finds no winning order either."""
    spec = registry.get("304")
    refuted = decided = 0
    for players, seed in ((4, 21), (6, 22), (6, 16), (8, 24)):
        match = spec.new_match(players, None, seed=seed, deal_version=LEGACY)
        assert isinstance(match, ThreeOFourMatch)
        rng = random.Random(seed)
        while not match.is_over and match.hand_no < 6:
            if match.phase == "play" and match.history and not match.solo:
                judge, k = match.judge(), len(match.history)
                for p in judge.active:
                    team = p % 2
                    if team != match.trumper % 2 or not match._remaining(p):
                        continue
                    if not judge.team_won_all_before(team, k):
                        continue
                    full = judge.solver(p, k)
                    if judge.opponents_trumps_unbeaten(team, k) or top_trump_open(judge, full):
                        refuted += 1
                        answer = _full_answer(judge, p, k)
                        decided += answer != "undecided"
                        assert answer in (None, "undecided"), (players, seed, p, k)
            seat = next(iter(match.to_act))
            match.apply(seat, choose(spec, offered(match, seat), rng))
    assert refuted >= decided >= 40


TOP_CARDS = {
    2: "JC 9C AC TC JS 9S JH JD",  # North
    1: "KC QC 8C 7C AS TS KS QS",  # East
    3: "AH TH KH QH AD TD KD QD",  # West
    0: "8S 7S 9H 8H 7H 9D 8D 7D",  # South
}
"""North, first to lead, holds the four top trumps (clubs) and the top card of every other
suit he holds: leading his trumps draws East's four, then each card cashes."""


def top_cards_match(**options: object) -> ThreeOFourMatch:
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new

    m = new(E, TOP_CARDS, **options)
    act(m, (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:JC"))
    act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    assert isinstance(m, ThreeOFourMatch)
    return m


def test_t3_16_5_a_call_of_eight_top_cards_at_the_first_lead_is_correct() -> None:
    """T3-16.5 / ED-27: North leads and calls Caps before the first card with the four top
    trumps and the top card of every other suit he holds; the order draws East's four
    trumps, then cashes the rest. ``plainly_sound`` proves it at once (the full search
    needs ~0.2 s for it, and ran out of nodes under the old limit of 4,000)."""
    from tests.rules.three_o_four.helpers import N

    m = top_cards_match()
    judge = m.judge()
    order = A.parse_order("JC,9C,AC,10C,JS,9S,JH,JD")
    assert judge.plainly_sound(judge.knowledge(N, 0), order)
    assert not judge.plainly_sound(judge.knowledge(N, 0), [*order[4:], *order[:4]])
    m.apply(N, "caps:JC,9C,AC,10C,JS,9S,JH,JD")
    while m.hand_no == 0:
        seat = next(iter(m.to_act))
        m.apply(seat, m.legal_actions(seat)[0])
    result = m.hand_results[0]
    assert result["caps"]["0"] == "correct" and result["caps_bonus"]


def test_ed27_plainly_sound_orders_are_sound_in_the_full_search() -> None:
    """ED-27: wherever the quick proof accepts a seat's default order, the full search
    (given a large budget, where that is enough) finds the order winning in every world
    too."""
    spec = registry.get("304")
    proved = 0
    for players, seed in [(6, s) for s in range(30)] + [(8, s) for s in range(15)]:
        match = spec.new_match(players, None, seed=seed, deal_version=LEGACY)
        assert isinstance(match, ThreeOFourMatch)
        rng = random.Random(seed)
        while not match.is_over:
            if match.phase == "play" and not match.solo:
                judge, k = match.judge(), len(match.history)
                for p in judge.active:
                    cards = match._remaining(p)
                    if not cards or not judge.team_won_all_before(p % 2, k):
                        continue
                    order = judge.default_order(p, cards)
                    if judge.plainly_sound(judge.knowledge(p, k), order):
                        verdict = _full_verdict(judge, p, k, order, NODE_BUDGET * 20)
                        if verdict is None:
                            continue  # too long to check here
                        assert verdict, (players, seed, p, k)
                        proved += 1
            seat = next(iter(match.to_act))
            match.apply(seat, choose(spec, offered(match, seat), rng))
    assert proved >= 5


def test_ed27_proved_orders_win_in_the_full_search() -> None:
    """ED-27: wherever ``cashing_order`` proves an order (on lead, when the seat's first
    card surely wins the trick in progress, or with nothing but top trumps while another
    seat leads), the full search (given a large budget) finds that order winning in every
    world too. Random 4-player hands are steered away from Partner Close Caps so that they
    are played out."""
    kinds: dict[str, int] = {"lead": 0, "follow": 0, "other leads": 0}
    for players, seed, _match, judge, k, p in call_points(
        [(4, s) for s in range(30)] + [(6, s) for s in range(20)]
    ):
        kn = judge.knowledge(p, k)
        order = judge.cashing_order(kn)
        if order is None:
            continue
        kind = "follow" if kn.trick else "lead" if kn.to_play == p else "other leads"
        kinds[kind] += 1
        solver = judge.solver(p, k, NODE_BUDGET * 100)
        assert solver.run(fixed=order) == order, (players, seed, p, k)
    assert min(kinds.values()) >= 3, kinds


TRUMP_LEAD = {
    2: "KC QC 7C AS TS KS QS 7S",  # North: names clubs with 7C and leads it
    1: "AH TH KH QH AD TD KD QD",  # East
    3: "8C 8S 9H 8H 7H 9D 8D 7D",  # West
    0: "JC 9C AC TC JS 9S JH JD",  # South
}
"""South holds the top trump and the next three, and the top cards of the other suits he
holds; his partner North leads a trump to the first trick."""


def trump_lead_match(**options: object) -> ThreeOFourMatch:
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new

    m = new(E, TRUMP_LEAD, **options)
    act(m, (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:7C"))
    act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"), (N, "play:7C"))
    return m


def _play_hand_out(m: ThreeOFourMatch) -> None:
    while m.hand_no == 0:
        seat = next(iter(m.to_act))
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind in ("play", "indicator")))


def test_t3_16_4_certain_once_the_partners_lead_lets_the_top_trump_win() -> None:
    """T3-16.4 / ED-27: before the first card South is not certain (a fixed order cannot
    follow every suit his partner might lead), but once North leads a trump South's JC
    surely wins that trick, and then, on lead, his three trumps draw the three that may
    lie outside and his top cards cash. The old 2,000-position search ran out of nodes
    there (it needs ~14,000) and ruled "not certain"; ``cashing_order`` proves it at once,
    and the exact search (no budget) finds an order too. South never calls: Wrong Caps."""
    from tests.rules.three_o_four.helpers import S

    m = trump_lead_match()
    judge = m.judge()
    assert not judge.certain_exists(S, 0)
    assert judge.certain(S, 1, NODE_BUDGET) is None  # the old search runs out of nodes
    assert judge.certain(S, 1) is not None
    assert judge.certain_exists(S, 1)
    order = judge.cashing_order(judge.knowledge(S, 1))
    assert order == A.parse_order("JC,9C,AC,10C,JS,JH,JD,9S")
    assert judge.solver(S, 1, NODE_BUDGET * 20).run(fixed=order) == order
    _play_hand_out(m)
    result = m.hand_results[0]
    assert result["caps"]["0"] == "wrong" and result["delta"] == -2


def test_t3_16_8_a_call_after_the_trick_where_certainty_began_is_too_late_when_strict() -> None:
    """T3-16.8: South's certainty begins at CP(1) (above). Calling there is correct under
    strict enforcement; calling after the first trick is Wrong Caps (too late) under
    strict, and in time under the lenient deadline (ED-33: the end of that trick)."""
    from tests.rules.three_o_four.helpers import S, W, act

    m = trump_lead_match(caps_enforcement="strict")
    m.apply(S, "caps:JC,9C,AC,10C,JS,9S,JH,JD")
    _play_hand_out(m)
    assert m.hand_results[0]["caps"]["0"] == "correct"
    for enforcement, outcome in (("strict", "wrong"), ("lenient", "correct")):
        m = trump_lead_match(caps_enforcement=enforcement)
        act(m, (W, "play:8C"), (S, "play:JC"))
        m.apply(next(iter(m.to_act)), "play:QH")
        m.apply(S, "caps:9C,AC,10C,JS,9S,JH,JD")
        _play_hand_out(m)
        assert m.hand_results[0]["caps"]["0"] == outcome, enforcement


def test_t3_16_8_a_seat_holding_every_live_trump_is_certain_whatever_his_partner_leads() -> None:
    """T3-16.4 / T3-16.8 / ED-27: in this 8-player hand (seed 131, strict enforcement,
    random play, fourteenth hand) seat 1 holds JC and 8C, the only trumps left, when his
    partner (seat 7) is to lead the third trick (CP(16)): whatever is led, each of his
    cards is legal and wins. The old budgeted search ran out of nodes there (the exact
    one finds the order), and his call at
    CP(18) was judged correct; it is too late (strict: due at CP(k*)). He was certain
    earlier still, at CP(11) in the second trick: his partner's AC (a trump) holds that
    trick against the seats yet to play, so 7S may go there, and JC, 8C win the rest
    (the full search confirms it after 115,001 positions)."""
    match, case = _fixture("partner_leads_to_a_seat_holding_every_live_trump")
    assert match.calls[1][:2] == (1, 18)
    judge = match.judge()
    # ED-27a: more than twelve cards unseen (eight players): the cashing order;
    # the exact search's first order in ED-1 order is 8C JC (a leaf at once now,
    # ``Solver.trumps_win_out``)
    assert len(judge.knowledge(1, 16).unknown) > judge.many_unseen
    assert judge.certain(1, 16) == A.parse_order("JC,8C")
    assert judge.solver(1, 16).first_order() == A.parse_order("8C,JC")
    assert judge.cashing_order(judge.knowledge(1, 16)) == A.parse_order("JC,8C")
    assert judge.cashing_order(judge.knowledge(1, 11)) == A.parse_order("7S,JC,8C")
    assert judge.certain(1, 11, NODE_BUDGET) is None  # the old search runs out of nodes
    assert judge.certain(1, 11) is not None
    assert judge.first_certain(1, 18) == 11
    match.apply(case["seat"], case["action"])
    result = match.hand_results[-1]
    assert result["caps"]["1"] == "wrong" and result["delta"] == -2


def test_t3_16_8_strict_deadline_runs_from_a_certainty_only_the_quick_proof_finds() -> None:
    """T3-16.4 / T3-16.8: North is certain before the first card (CP(0)), though the
    old 2,000-position search ran out of nodes there; ``certain_exists`` proves it by the cashing
    order. Calling after the first trick is then too late under strict enforcement (the
    call is due at CP(k*) itself) and in time under the lenient deadline (ED-33: CP(4))."""
    from tests.rules.three_o_four.helpers import N, act

    for enforcement, outcome in (("strict", "wrong"), ("lenient", "correct")):
        m = top_cards_match(caps_enforcement=enforcement)
        judge = m.judge()
        assert judge.certain(N, 0, NODE_BUDGET) is None  # the old search runs out of nodes
        assert judge.certain(N, 0) is not None
        assert judge.certain_exists(N, 0)
        act(m, (N, "play:JC"))
        for _ in range(3):
            seat = next(iter(m.to_act))
            m.apply(seat, m.legal_actions(seat)[0])
        m.apply(N, "caps:9C,AC,10C,JS,9S,JH,JD")
        while m.hand_no == 0:
            seat = next(iter(m.to_act))
            m.apply(seat, m.legal_actions(seat)[0])
        assert m.hand_results[0]["caps"]["0"] == outcome, enforcement


DRAWN_TRUMPS = {
    2: "JC 9C AC 8C 7C JS JH JD",  # North
    1: "KC QC TC AS TS KS QS 9S",  # East
    3: "AH TH KH QH AD TD KD QD",  # West
    0: "8S 7S 9H 8H 7H 9D 8D 7D",  # South
}
"""North leads with the three top trumps, two low ones and the top card of each other suit:
three outside trumps, so three trump leads draw them all and his 8C and 7C then win."""


def test_t3_16_5_low_trumps_win_once_the_outside_trumps_are_drawn() -> None:
    """T3-16.5 / ED-27: North calls Caps before the first card with JC 9C AC, then 8C 7C,
    then JS JH JD. Each trump lead makes every seat holding a trump play one, so after
    three leads none of the three outside trumps can be left and the low trumps win, then
    the top cards. ``plainly_sound`` proves it at once; leading 8C before the third top
    trump is not proved (an outside trump may still beat it); the full search agrees."""
    from rules.three_o_four.caps import SOUND_BUDGET
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new

    m = new(E, DRAWN_TRUMPS)
    act(m, (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:JC"))
    act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    judge = m.judge()
    kn = judge.knowledge(N, 0)
    order = A.parse_order("JC,9C,AC,8C,7C,JS,JH,JD")
    early = A.parse_order("JC,9C,8C,AC,7C,JS,JH,JD")
    assert judge.plainly_sound(kn, order)
    assert not judge.plainly_sound(kn, early)
    assert judge.cashing_order(kn) == order
    assert judge.solver(N, 0, SOUND_BUDGET).run(fixed=order) == order
    assert judge.solver(N, 0, SOUND_BUDGET).run(fixed=early) is None
    m.apply(N, "caps:" + ",".join(card_strs(order)))
    _play_hand_out(m)
    result = m.hand_results[0]
    assert result["caps"]["0"] == "correct" and result["caps_bonus"]


def test_ed27_world_refutations_agree_with_the_full_search() -> None:
    """ED-27: wherever ``refuted_in_some_world`` finds an initial position with a
    completion where an opponent surely wins a trick (the top live trump with him, or
    every outside trump with him and more of them than p holds), the full search, given
    far more nodes, finds no winning order either. Counted where the older quick
    refutations (``top_trump_open``, ``plainly_refuted``) say nothing, for each kind."""
    kinds = {"top": 0, "outside": 0}
    for players, seed, _match, judge, k, p in call_points(
        [(4, s) for s in range(6)] + [(6, s) for s in range(4)] + [(8, s) for s in range(3)]
    ):
        full = judge.solver(p, k, NODE_BUDGET * 20)
        if top_trump_open(judge, full) or judge.plainly_refuted(p, k):
            continue
        if full.too_many_initial_states():
            continue
        states = full.initial_states()
        top = any(judge.top_trump_with_opponent(full, s) for s in states)
        outside = any(judge.outside_trumps_with_one_opponent(full, s) for s in states)
        assert judge.refuted_in_some_world(full) == (top or outside)
        if not (top or outside):
            continue
        try:
            assert full.run() is None, (players, seed, p, k)
        except OutOfBudget:
            continue  # too long to check here
        kinds["top" if top else "outside"] += 1
    assert min(kinds.values()) >= 3, kinds


OUTSIDE_TRUMPS = {
    2: "JC 9C AC JS 9S JH 9H JD",  # North: the three top trumps, then J and 9 of the rest
    1: "TC KC QC 8C 7C AS TS KS",  # East: the five other trumps
    3: "AH TH KH QH AD TD KD QD",  # West
    0: "QS 8S 7S 8H 7H 9D 8D 7D",  # South
}
"""North holds the top three trumps of eight: the five others may all be with one opponent."""


def test_t3_16_4_five_outside_trumps_with_one_opponent_beat_three_top_trumps() -> None:
    """T3-16.4 / ED-27: North, trumper with JC 9C AC, cannot be certain before the first
    card: in a world where one opponent holds all five other trumps, each of them can lose
    only to one of North's three, so one wins a trick. ``refuted_in_some_world`` says so at
    once (the top trump is North's, so the top-trump refutation does not); with a fourth
    trump (TC) in North's hand four outside trumps are not more than his, and it does not."""
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new

    def judge_for(hands: dict[int, str]) -> tuple[CapsJudge, Solver]:
        m = new(E, hands)
        act(m, (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:JC"))
        act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
        judge = m.judge()
        return judge, judge.solver(N, 0)

    judge, solver = judge_for(OUTSIDE_TRUMPS)
    states = solver.initial_states()
    assert any(judge.outside_trumps_with_one_opponent(solver, s) for s in states)
    assert not any(judge.top_trump_with_opponent(solver, s) for s in states)
    assert judge.refuted_in_some_world(solver)
    assert judge.certain(N, 0) is None
    four = dict(OUTSIDE_TRUMPS)
    four[2] = "JC 9C AC TC JS 9S JH JD"
    four[1] = "9H KC QC 8C 7C AS TS KS"
    judge, solver = judge_for(four)
    assert not judge.refuted_in_some_world(solver)


def _assert_consistent(kn: Knowledge, world: Knowledge, others: list[int]) -> None:
    """A world of K(p, k): each other seat keeps the cards it is known to hold and gets
    as many unknown cards as it has places for, none of a suit it has shown void in, and
    trumps in the places that must hold one (a hidden indicator); no card twice."""
    dealt: set[int] = set()
    (trump,) = world.trumps
    for s in others:
        new = world.known[s] - kn.known[s]
        assert kn.known[s] <= world.known[s] and new <= kn.unknown
        assert len(new) == kn.free[s] + kn.must_trump[s]
        assert sum(1 for c in new if SUIT[c] == trump) >= kn.must_trump[s]
        if not kn.must_trump[s]:
            assert not any(kn.voids[s] >> SUIT[c] & 1 for c in new), (s, sorted(new))
        assert not dealt & new
        dealt |= new


def test_ed27_strong_world_refutations_agree_with_the_full_search() -> None:
    """ED-27 / T3-16.5: ``strong_worlds`` are consistent worlds (each seat's cards fit its
    holding, voids respected), and wherever a plain adversary beats every order in one of
    them (certainty) or beats the seat's default order (soundness) while the real deal
    refutes nothing, the full search, given far more nodes, agrees."""
    counted: dict[tuple[int, str], int] = {}
    for players, seed, match, judge, k, p in call_points(((4, 0), (4, 1), (6, 0), (8, 0))):
        cards = match._remaining(p)
        full = judge.solver(p, k, NODE_BUDGET * 20)
        if full.too_many_initial_states():
            continue
        for world in judge.strong_worlds(full):
            _assert_consistent(full.kn, world, [s for s in judge.active if s != p])
        actual = judge.knowledge(p, k, actual=True)
        order = judge.default_order(p, cards)
        checks = []
        if not judge.plain_lines_refute(actual) and judge.refuted_in_a_strong_world(full):
            checks.append(("certain", None))
        if not any(
            judge.greedy_refutes_order(actual, order, thrifty=t) for t in (False, True)
        ) and judge.order_fails_in_a_strong_world(full, order):
            checks.append(("sound", order))
        for kind, fixed in checks:
            if counted.get((players, kind), 0) >= 6:
                continue  # enough of this kind checked at this size
            solver = judge.solver(p, k, NODE_BUDGET * 20)
            try:
                assert solver.run(fixed=fixed) is None, (players, seed, p, k, kind)
            except OutOfBudget:
                continue  # too long to check here
            counted[players, kind] = counted.get((players, kind), 0) + 1
    for kind in ("certain", "sound"):
        assert all(counted.get((n, kind), 0) >= 2 for n in (4, 6, 8)), counted


def _last_two_tricks(partner: str, east: str, unknown: str, west_free: int = 1) -> Knowledge:
    """4 players, clubs trump, two tricks left. North (seat 2) led QC and West (3) played
    10C; South (0, p) holds 9C and 7S and plays next, then East (1). North's one card left
    is ``partner``, known to South (the revealed indicator, say); East's cards known to
    South are ``east``; the other cards South cannot see are ``unknown``."""
    east_free = 2 - len(east.split(",")) if east else 2
    return _south(
        "9C,7S",
        [(2, "QC"), (3, "10C")],
        0,
        unknown,
        [0, east_free, 0, west_free],
        2,
        3,
        known=["", east, partner, ""],
    )


def test_t3_16_5_a_partners_known_top_trump_takes_the_last_trick_after_a_sure_winner() -> None:
    """T3-16.5 / ED-27: South's 9C surely wins the trick in progress (the only higher
    trump, JC, is North's, and North has played to it), and his 7S need not win the last
    trick: North's one card, JC, must be played to it and beats everything. The quick
    proof accepts 9C,7S and the full search agrees. With JC unknown (East may hold it), or
    known to be East's, the first card may lose: no proof, and the search finds the order
    failing."""
    judge = _four_player_judge()
    order = A.parse_order("9C,7S")

    def full(kn: Knowledge) -> list[int] | None:
        return _full_search(judge, kn, NODE_BUDGET).run(fixed=order)

    sure = _last_two_tricks(partner="JC", east="", unknown="AS,8S,7C")
    assert judge.plainly_sound(sure, order)
    assert full(sure) == order
    for kn in (
        _last_two_tricks(partner="AC", east="", unknown="AS,8S,JC"),
        _last_two_tricks(partner="AC", east="JC", unknown="AS,8S"),
    ):
        assert not judge.plainly_sound(kn, order)
        assert full(kn) is None
    # North's known card is a trump but not above every trump an opponent may hold
    weak = _last_two_tricks(partner="7C", east="", unknown="AS,8S,8C")
    assert not judge.plainly_sound(weak, order)
    assert full(weak) is None


def test_t3_16_5_an_8p_call_relying_on_the_partners_last_trump_is_correct() -> None:
    """T3-16.5 / ED-27: from a random 8-player match (bench playouts). Seat 6 calls Caps at
    CP(18) with 9C then 7S: clubs are trump, the trumper (seat 4, his partner) has led QC
    and keeps only the revealed indicator JC. 9C surely wins this trick and JC the last.
    The search alone ran out of its 50,000 nodes (0.7 s) and the call was charged Wrong
    Caps; the quick proof settles it at once: correct."""
    match, case = _fixture("partner_keeps_the_top_trump_for_the_last_trick")
    assert match.calls[0] == (6, 18, A.parse_order("9C,7S"))
    judge = match.judge()
    assert judge.plainly_sound(judge.knowledge(6, 18), A.parse_order("9C,7S"))
    match.apply(case["seat"], case["action"])
    result = match.hand_results[-1]
    assert result["caps"]["0"] == "correct" and result["delta"] > 0


def _dealt_out_lost(solver: Solver, state: State) -> bool:
    """The last trick dealt out seat by seat (every reply of the full adversary)."""
    if state[7] == 0:
        return False
    return any(adv is None or _dealt_out_lost(solver, adv) for adv in solver.replies(state))


class _RecordingSolver(Solver):
    """Keeps every last-trick answer it gives (before p's card is known)."""

    def last_trick_lost(self, state: State, p_card: Card | None = None) -> bool | None:
        answer = super().last_trick_lost(state, p_card)
        if p_card is None:
            self.seen.append((state, answer))
        return answer

    @property
    def seen(self) -> list[tuple[State, bool | None]]:
        return self.__dict__.setdefault("_seen", [])


class _DealingOutSolver(Solver):
    """Never decides the last trick at once: deals it out seat by seat."""

    def last_trick_lost(self, state: State, p_card: Card | None = None) -> bool | None:
        return None


def test_ed27_the_last_trick_decided_at_once_agrees_with_dealing_it_out() -> None:
    """ED-27: in the last trick, once p has played to it, the search decides at once whether
    an opponent can still win it (``Solver.last_trick_lost``: a matching of the unknown
    cards to the places left) instead of dealing every seat's card in turn. Every such
    position met by the searches at random 4, 6 and 8-player positions gets the same
    answer as dealing it out, and the searches find the same first winning order."""
    met: dict[int, list[int]] = {4: [0, 0], 6: [0, 0], 8: [0, 0]}
    for players, seed, _match, judge, k, p in call_points(
        [(4, s) for s in range(8)] + [(6, s) for s in range(3)] + [(8, s) for s in range(3)],
        when=lambda m: m.tricks_done >= m.n_tricks - 2,
    ):
        if met[players][0] >= 300:
            continue  # enough at this size
        kn, m = judge.knowledge(p, k), judge.m
        recording = _RecordingSolver(
            kn, m.players, judge.active, m.layout.strength, NODE_BUDGET * 5
        )
        try:
            found = recording.run()
        except OutOfBudget:
            continue
        for state, answer in recording.seen:
            assert answer == _dealt_out_lost(recording, state), (players, seed, p, k)
            met[players][0] += 1
            met[players][1] += bool(answer)
        plain = _DealingOutSolver(kn, m.players, judge.active, m.layout.strength, NODE_BUDGET * 5)
        with contextlib.suppress(OutOfBudget):
            assert plain.run() == found, (players, seed, p, k)
    # both answers met at every size
    assert all(total >= 20 and 0 < lost < total for total, lost in met.values()), met


def _partner_trumped(east_free: int, east_voids: int, unknown: str) -> Knowledge:
    """4 players, spades trump, three tricks left. West (seat 3) led AD, North (2, the
    partner of South) trumped with QS; South (0, p) holds KD, JS, 9S and plays next, then
    East (1). South cannot see ``unknown``; East has shown void in ``east_voids``."""
    return _south(
        "KD,JS,9S",
        [(3, "AD"), (2, "QS")],
        0,
        unknown,
        [0, east_free, 2, 2],
        3,
        0,
        voids=[0, east_voids, 0, 0],
    )


def test_t3_16_4_a_partners_card_holding_the_trick_lets_the_top_trumps_win_the_rest() -> None:
    """T3-16.4 / ED-27: North's QS holds the trick in progress when East, the one seat
    yet to play after South, cannot hold a higher trump (he has shown void in spades);
    South follows with KD and, whoever of his team leads next, his JS and 9S (the top
    live trumps) win the last two tricks. The quick proof finds KD,JS,9S and the full
    search agrees. If East may hold AS, 10S or KS, he may trump over QS: no proof, and
    no order wins in the full search."""
    judge = _four_player_judge()
    order = A.parse_order("KD,JS,9S")
    held = _partner_trumped(3, 1 << 0, "AS,10S,KS,7D,8D,9D,8H")
    assert judge.cashing_order(held) == order
    assert _full_search(judge, held).run(fixed=order) == order
    # East not void in spades: he may trump over QS
    open_trick = _partner_trumped(3, 0, "AS,10S,KS,7D,8D,9D,8H")
    assert judge.cashing_order(open_trick) is None
    assert _full_search(judge, open_trick).run() is None


def test_ed27_partner_held_tricks_proved_orders_win_in_the_full_search() -> None:
    """ED-27: wherever ``cashing_order`` proves an order because a card of the team holds
    the trick in progress (``_holds_trick``: a partner's, or his own when he has played to
    it already), the full search (given far more nodes, where that is enough) finds that
    order winning too; random 6p and 8p hands. Both kinds are met."""
    checked = {"partner's card": 0, "his own card": 0}
    for players, seed, _match, judge, k, p in call_points(
        [(6, s) for s in range(12)] + [(8, s) for s in range(12)], when=lambda m: m.trick
    ):
        kn = judge.knowledge(p, k)
        if len(kn.trumps) != 1:
            continue
        lead = kn.trick[0][1]
        if lead is None or not judge._holds_trick(kn, SUIT[lead], kn.trumps[0], keeps_lead=False):
            continue
        mine = any(s == p for s, _, _ in kn.trick)
        kind = "his own card" if mine else "partner's card"
        if _proof_confirmed(judge, kn, p, k, (players, seed)):
            checked[kind] += 1
    assert min(checked.values()) >= 5, checked


def test_t3_16_4_his_own_card_holding_the_trick_keeps_him_on_lead_to_cash_the_rest() -> None:
    """T3-16.4 / ED-27: South (seat 0, p) has led JH, the top heart, and East followed; no
    trump is left outside, so nobody yet to play (North, West) can beat it: South will
    lead again and JD, JC (the top of their suits) cash. Certain although he has already
    played to the trick: the quick proof finds JD,JC and the full search agrees. With a
    trump (9S) that West may hold, West may ruff JH: no proof, no winning order."""
    judge = _four_player_judge()
    order = A.parse_order("JD,JC")

    def position(unknown: str) -> Knowledge:
        # East has played to the trick: one card fewer than North and West
        return _south("JD,JC", [(0, "JH"), (1, "7H")], 2, unknown, [0, 2, 3, 3], 3, 0)

    held = position("9H,AH,9D,AD,8D,AC,QC,KC")
    assert judge.cashing_order(held) == order
    assert _full_search(judge, held).run(fixed=order) == order
    ruffed = position("9H,AH,9D,AD,8D,AC,QC,9S")
    assert judge.cashing_order(ruffed) is None
    assert _full_search(judge, ruffed).run() is None


def test_t3_16_4_a_partner_forced_to_keep_the_last_trump_takes_the_last_trick() -> None:
    """T3-16.4 / ED-27: clubs trump, two tricks left. North (South's partner) led 7C and
    West discarded; East and West have shown void in clubs, so the one live trump, 9C,
    can only be North's - his last card. South discards AD now (North's 7C holds the
    trick: East cannot trump) and QS in the last trick, which North's forced 9C takes.
    Certain, though South never wins a trick himself: the quick proof finds AD,QS and the
    full search agrees. If East may hold 9C, he may overtrump: no proof, no order."""
    judge = _four_player_judge()
    order = A.parse_order("AD,QS")
    clubs = 1 << 3

    def position(east_voids: int) -> Knowledge:
        voids = [0, east_voids, 0, clubs]
        return _south(
            "AD,QS", [(2, "7C"), (3, "KH")], 0, "9C,7H,8H,8D", [0, 2, 1, 1], 2, 3, voids=voids
        )

    forced = position(clubs)
    assert judge.cashing_order(forced) == order
    assert _full_search(judge, forced).run(fixed=order) == order
    loose = position(0)
    assert judge.cashing_order(loose) is None
    assert _full_search(judge, loose).run() is None


def test_ed27_orders_relying_on_a_partners_forced_last_trump_win_in_the_full_search() -> None:
    """ED-27: wherever ``cashing_order`` proves an order whose last card needs a partner
    to take the last trick with a trump every consistent world forces on him
    (``_partner_forced_to_take_last``), the full search (given far more nodes, where that
    is enough) finds the order winning too; random 6p and 8p hands."""
    checked = 0
    for players, seed, _match, judge, k, p in call_points(
        [(6, s) for s in range(40)] + [(8, s) for s in range(40)],
        when=lambda m: m.tricks_done >= m.n_tricks - 3,
    ):
        kn = judge.knowledge(p, k)
        if len(kn.trumps) != 1 or not judge._partner_forced_to_take_last(kn):
            continue
        if _proof_confirmed(judge, kn, p, k, (players, seed)):
            checked += 1
    assert checked >= 5, checked


TWO_TRUMPS_FOR_ONE = {
    2: "JC TC JS 9S AS JH 9H AH",  # North: the top trump, and the top of spades and hearts
    1: "9C AC 8C 7C TS KS QS 8S",  # East: the second and third trumps
    3: "AD TD KD QD TH KH QH 7S",  # West
    0: "KC QC 8H 7H JD 9D 8D 7D",  # South
}
"""Clubs trump. North and South hold JC, TC, KC, QC; East holds 9C and AC, each of which
only JC beats: one of them takes a trick whatever anyone plays."""


def test_ed27_opponent_trumps_the_team_cannot_each_beat_refute_every_call_point() -> None:
    """T3-16.4 / ED-27: every card is played before the hand ends, and a trump loses only
    to a higher one in its own trick, so East's 9C and AC need two North-South trumps above
    them and there is one (JC). The top trump is North's, so the old top-trump rule said
    nothing; the matching refutes certainty from the first lead on, for both members and
    at every call point while they win every trick, as the search in the real deal (every
    order of the member's cards against every line) confirms."""
    from tests.rules.three_o_four.helpers import E, N, S, W, act, new, play

    m = new(E, TWO_TRUMPS_FOR_ONE)
    act(m, (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:JC"))
    act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    judge = m.judge()
    checked = 0
    for step in ("N:JS", "W:7S", "S:8H", "E:TS", "N:JH", "W:QH", "S:7H", "E:8S", "N:9H"):
        k = len(m.history)
        assert judge.team_won_all_before(0, k)
        for p in (N, S):
            if not m._remaining(p):
                continue
            assert judge.opponents_trumps_unbeaten(0, k), k
            assert judge.certain(p, k) is None
            assert not judge.certain_exists(p, k)
            assert judge.solver(p, k, NODE_BUDGET * 50, actual=True).run() is None, (p, k)
            checked += 1
        play(m, step)
    assert checked == 18
    # the highest trump is still in North's hand: the top-trump rule alone refutes nothing
    assert {c for c in card_strs(m._remaining(N)) if c.endswith("C")} == {"JC", "10C"}
    # where the team's trumps match the opponents' (North's four top trumps), no refutation
    assert not top_cards_match().judge().opponents_trumps_unbeaten(0, 0)
