"""The four-card auction (T3-6), the eight-card round (T3-8) and their worked examples."""

from __future__ import annotations

import pytest

from rules.contract import IllegalAction
from rules.three_o_four.auction import ladder
from rules.three_o_four.options import Options, layout_for
from tests.rules.three_o_four.helpers import SPEC, E, N, S, W, act, fingerprint, ids, new

WE6_HANDS = {
    E: "AS QC QH AH JD 9D KD 8D",
    N: "JC KC JH 9H 9C 8C 8H 7H",
    W: "JS 9S AC 7C KH TD QD 7D",
    S: "TS TC TH AD KS QS 8S 7S",
}


def rejected(match, seat: int, action: str) -> None:  # type: ignore[no-untyped-def]
    before = fingerprint(match)
    with pytest.raises(IllegalAction):
        match.apply(seat, action)
    assert fingerprint(match) == before


def test_we1_four_card_auction_after_south_deals() -> None:
    """WE-1 (T3-6.4, T3-6.6, T3-6.7, T3-6.8, T3-6.11): E 160, N 170, W pass, S 180 rejected."""
    m = new(S, WE6_HANDS)
    assert m.to_act == {E}
    act(m, (E, "bid:160"), (N, "bid:170"), (W, "pass"))
    rejected(m, S, "bid:180")
    s_bids = [a for a in ids(m, S) if a.startswith("bid:")]
    assert s_bids == [f"bid:{v}" for v in range(200, 301, 10)]
    act(m, (S, "pass"))
    rejected(m, E, "bid:180")
    assert min((a for a in ids(m, E) if a.startswith("bid:")), key=lambda x: x) == "bid:200"
    act(m, (E, "bid:200"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert m.phase == "trump" and m.trumper == E and m.contract == 200
    assert m.to_act == {E}


def test_we2_partner_requests_and_skipped_high_bidder() -> None:
    """WE-2 (T3-6.9, T3-6.10): asks count as a turn for both; E's own turn is skipped."""
    m = new(E, WE6_HANDS)
    assert m.to_act == {N}
    act(m, (N, "pass"), (W, "ask:1"))
    assert m.to_act == {E}
    act(m, (E, "bid:160"))
    assert m.auction4 is not None and m.auction4.high == 160 and m.auction4.high_seat == E
    assert m.auction4.spoken[W] and m.auction4.spoken[E] and m.auction4.passes == 0
    act(m, (S, "bid:170"))
    rejected(m, E, "bid:180")
    act(m, (E, "pass"), (N, "pass"), (W, "ask:1"))
    rejected(m, E, "bid:190")
    act(m, (E, "bid:200"), (S, "pass"))
    assert m.to_act == {N}  # E's turn skipped (ED-10)
    assert m.auction4.passes == 1
    act(m, (N, "pass"))
    assert "ask:1" in ids(m, W)  # ED-9
    act(m, (W, "pass"))
    assert m.trumper == E and m.contract == 200 and m.phase == "trump"


def test_we3_spoken_shorthand() -> None:
    """WE-3 (T3-6.14, ED-12): 60/70/80/90 read as 160..190; still checked as usual."""
    assert SPEC.parse_action("bid:60").id == "bid:160"
    assert SPEC.parse_action("bid:70").id == "bid:170"
    assert SPEC.parse_action("bid:80").id == "bid:180"
    assert SPEC.parse_action("bid:90").id == "bid:190"
    assert SPEC.parse_action("bid:200").id == "bid:200"
    m = new(S, WE6_HANDS)
    act(m, (E, "bid:60"), (N, "bid:170"), (W, "pass"))
    rejected(m, S, "bid:60")


def _we1_to_indicator(indicator: str = "AS") -> object:
    m = new(S, WE6_HANDS)
    act(m, (E, "bid:160"), (N, "bid:170"), (W, "pass"), (S, "pass"))
    act(m, (E, "bid:200"), (N, "pass"), (W, "pass"), (S, "pass"))
    act(m, (E, f"trump:{indicator}"))
    return m


def test_we4_raising_your_own_contract() -> None:
    """WE-4 (T3-8.2, T3-8.5, T3-8.7, T3-8.9): E raises 200 to 250, takes the indicator back."""
    m = _we1_to_indicator()
    assert m.phase == "second_bidding" and m.to_act == {E}
    assert len(m.hands[E]) == 7 and m.indicator_down
    act(m, (E, "bid:250"))
    rejected(m, N, "bid:250")
    act(m, (N, "pass"))
    assert ids(m, W) == ["pass"]
    rejected(m, W, "bid:260")
    act(m, (W, "pass"), (S, "pass"))
    assert m.trumper == E and m.contract == 250 and m.phase == "trump"
    assert len(m.hands[E]) == 8 and "trump:AS" in ids(m, E)  # may choose the same card


def test_we4_alternatives_all_pass_and_partner_of_trumper_bids() -> None:
    """WE-4 alternatives A and B (T3-8.6, ED-13)."""
    m = _we1_to_indicator()
    act(m, (E, "pass"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert m.contract == 200 and m.trumper == E and m.indicator_down and m.phase == "mode"
    m = _we1_to_indicator()
    act(m, (E, "pass"), (N, "pass"), (W, "bid:250"), (S, "pass"))
    assert m.trumper == W and m.contract == 250 and len(m.hands[E]) == 8


def test_we5_deck_arithmetic_and_minimum_bid() -> None:
    """WE-5 (T3-2.1, T3-2.2, T3-2.3, T3-2.4, T3-6.3, ED-7): 304 points, 76 a suit, 160 up."""
    layout = layout_for(4, Options())
    assert len(layout.deck) == 32 and layout.total == 304
    for suit in range(4):
        assert sum(layout.points[c] for c in layout.deck if c // 13 == suit) == 76
    by_strength = sorted(layout.deck, key=lambda c: -layout.strength[c])
    spades = [c for c in by_strength if c // 13 == 0]
    from rules.cards import card_str

    assert [card_str(c) for c in spades] == ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"]
    assert [layout.points[c] for c in spades] == [30, 20, 11, 10, 3, 2, 0, 0]
    bids = ladder(layout, 10)
    assert bids[0] == 160 and bids[-1] == 300 and bids == tuple(range(160, 301, 10))


def test_tc1_redeal_eligibility() -> None:
    """TC-1 (T3-6.13, ED-11, T3-5.2): only the dealer's right, first, under 15 points."""
    hands = dict(WE6_HANDS)
    hands[E], hands[S] = "AS KH 8D 7C JD 9D KD QD", "TS TC TH AD KS QS 8S 7S"
    hands[N] = "JC KC JH 9H 9C 8C 8H 7H"
    hands[W] = "JS 9S AC AH QH TD 8S 7D".replace("8S", "QC")
    m = new(S, hands)
    assert "redeal" in ids(m, E)
    act(m, (E, "redeal"))
    assert m.dealer == S and m.redeals == 1 and m.phase == "cut"
    assert m.hand_results[-1]["outcome"] == "redeal" and m.tokens == [11, 11]
    hands[E] = "TS KH QD 7C JD 9D KD 8D"
    hands[S] = "AS TC TH AD KS QS 8S 7S"
    m = new(S, hands)
    assert "redeal" not in ids(m, E)
    hands[E] = "AS KH 8D 7C JD 9D KD QD"
    hands[S] = "TS TC TH AD KS QS 8S 7S"
    for first in ("pass", "bid:160", "ask:3"):
        m = new(S, hands)
        act(m, (E, first))
        if first == "ask:3":
            act(m, (W, "pass"))
        assert all("redeal" not in ids(m, s) for s in range(4))


def test_tc2_all_pass_moves_the_deal() -> None:
    """TC-2 (T3-6.12): four passes cancel the hand; no tokens; the next dealer is E."""
    m = new(S, WE6_HANDS)
    act(m, (E, "pass"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert m.hand_results[-1]["outcome"] == "all_pass"
    assert m.tokens == [11, 11] and m.dealer == E and m.phase == "cut"


def _eight_card_round(contract: int) -> object:
    m = new(E, WE6_HANDS)
    act(m, (N, f"bid:{contract}"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:KC"))
    assert m.phase == "second_bidding" and m.to_act == {N}
    return m


def test_tc3_eight_card_legality() -> None:
    """TC-3 (T3-8.3, T3-8.5, T3-8.11): over 260, PCC ends the bidding, partner restriction."""
    m = _eight_card_round(260)
    n_bids = [a for a in ids(m, N) if a.startswith("bid:")]
    assert n_bids[0] == "bid:270" and n_bids[-1] == "bid:PCC"
    act(m, (N, "bid:270"))
    w_bids = [a for a in ids(m, W) if a.startswith("bid:")]
    assert w_bids[0] == "bid:280" and "bid:PCC" in w_bids
    act(m, (W, "bid:PCC"))
    assert ids(m, S) == ["pass"]
    act(m, (S, "pass"))
    assert ids(m, E) == ["pass"]
    m = _eight_card_round(300)
    assert ids(m, N) == ["pass", "bid:PCC"]


def test_tc4_indicator_handover() -> None:
    """TC-4 (T3-8.7): the old indicator returns; the new trumper chooses from 8 cards."""
    hands = dict(WE6_HANDS)
    m = new(S, hands)
    act(m, (E, "pass"), (N, "bid:200"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:9H"))
    assert len(m.hands[N]) == 7
    act(m, (N, "pass"), (W, "pass"), (S, "pass"), (E, "bid:250"))
    assert len(m.hands[N]) == 8 and "9H" in [c for c in m.view(N)["hand"]]
    assert m.trumper == E and m.phase == "trump" and len(ids(m, E)) == 8
    act(m, (E, "trump:JD"))
    assert m.trump == 2 and m.view(E)["trump"] == "D"


def test_tc17_steps_of_five_above_200() -> None:
    """TC-17 (T3V-2, ED-V2): 205 legal after 200, 165 never; 255 over a 250 contract."""
    m = new(S, WE6_HANDS, bid_step_above_200=5)
    act(m, (E, "bid:200"))
    assert "bid:205" in ids(m, N) and "bid:165" not in ids(m, N)
    rejected(m, N, "bid:165")
    m = new(E, WE6_HANDS, bid_step_above_200=5)
    act(m, (N, "bid:250"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:KC"))
    assert "bid:255" in ids(m, N)
    m = new(S, WE6_HANDS)
    act(m, (E, "bid:200"))
    rejected(m, N, "bid:205")
    m = new(E, WE6_HANDS)
    act(m, (N, "bid:250"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "trump:KC"))
    rejected(m, N, "bid:255")


def test_tc19_asking_a_partner_who_holds_the_high_bid() -> None:
    """TC-19 (ED-9): W asks E who holds 160; E may raise to 200+ or pass (W's pass)."""
    m = new(S, WE6_HANDS)
    act(m, (E, "bid:160"), (N, "pass"), (W, "ask:1"))
    bids = [a for a in ids(m, E) if a.startswith("bid:")]
    assert bids[0] == "bid:200" and "pass" in ids(m, E)
    act(m, (E, "pass"))
    assert m.auction4 is not None and m.auction4.passes == 2 and m.to_act == {S}


def test_t3_7_indicator_from_the_first_four_cards_only() -> None:
    """T3-7 (T3-7.1, T3-7.2, T3-7.3, T3-7.4, T3-5.7, T3-5.9): the trumper chooses from his
    4 cards; nobody sees a second-batch card before; the indicator is not in his hand and
    only he knows it."""
    m = new(S, WE6_HANDS)
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert sorted(ids(m, E)) == sorted(["trump:AS", "trump:QC", "trump:QH", "trump:AH"])
    for seat in range(4):
        assert len(m.view(seat)["hand"]) == 4
        assert "JD" not in str(m.view(seat)) and "JD" not in str(m.public_view())
    act(m, (E, "trump:QH"))
    assert m.view(E)["indicator"] == "QH" and "QH" not in m.view(E)["hand"]
    assert len(m.view(E)["hand"]) == 7 and all(len(m.view(s)["hand"]) == 8 for s in (N, W, S))
    for seat in (N, W, S):
        assert "QH" not in str(m.view(seat)) and m.view(seat)["trump"] is None
    assert m.public_view()["indicator_on_table"] and m.public_view()["trump"] is None


def test_t3_1_and_t3_3_seats_teams_and_direction() -> None:
    """T3-1 (T3-1.1, T3-1.4) and T3-3 (ED-2): partners opposite, team = seat mod 2, play
    goes to seat + 1 (counter-clockwise); the hand runs cut, bidding, trump, second
    bidding, mode, play."""
    assert SPEC.teams(4) == ((0, 2), (1, 3)) and SPEC.player_counts == (4, 6, 8)
    m = SPEC.new_match(4, {"first_dealer": 3}, seed=2)
    phases = [m.phase]
    assert m.to_act == {2}  # the dealer's left (prev seat) cuts
    m.apply(2, "no_cut")
    assert m.to_act == {0}  # the dealer's right (next seat) speaks first
    while m.phase == "bidding":
        seat = next(iter(m.to_act))
        m.apply(seat, "bid:160" if seat == 0 and not m.bid_log else "pass")
    phases.append(m.phase)
    m.apply(0, m.legal_actions(0)[0])
    phases.append(m.phase)
    for seat in (0, 1, 2, 3):
        assert m.to_act == {seat}
        m.apply(seat, "pass")
    phases.append(m.phase)
    assert phases[:3] == ["cut", "trump", "second_bidding"]
    assert phases[3] in ("mode", "cut")  # "cut" only if the deal was spoilt
