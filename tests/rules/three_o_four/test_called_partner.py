"""T3V-8, the Maharashtra called-partner game (ED-V8, and the engine's scoring decision
for T3V-8.4 in ``rules.three_o_four.called_partner``)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalAction
from rules.three_o_four import called_partner
from tests.rules.three_o_four.helpers import SPEC, E, N, S, W, act, ids, new, play

# The WE-6 cards (dealer S, so E speaks and leads first).
HANDS = {
    E: "AS QC QH AH JD 9D KD 8D",
    N: "JC KC JH 9H 9C 8C 8H 7H",
    W: "JS 9S AC 7C KH TD QD 7D",
    S: "TS TC TH AD KS QS 8S 7S",
}
OPEN_TRICKS = [
    "E:AS N:KC W:9S S:7S",
    "N:JC W:AC S:TC E:QC",
    "N:9C W:7C S:AD E:QH",
    "N:JH W:KH S:TH E:AH",
    "N:9H W:TD S:8S E:8D",
    "N:8H W:QD S:QS E:KD",
    "N:7H W:7D S:KS E:9D",
    "N:8C W:JS S:TS E:JD",
]


def test_t3v8_1_the_holder_of_the_named_card_is_the_partner() -> None:
    """T3V-8.1 / T3V-8.3 / ED-V8: with eight cards each the auction runs without the
    under-200 restrictions; N wins at 160, places KC and names AH: E holds it, so N and E
    are partners. Only E knows until AH is played face up. N takes all 304: the pair made
    160 (band +1, T3-17.4), so S and W each pay 1 token to a member of the pair."""
    m = new(S, HANDS, maharashtra_partner=True)
    assert m.phase == "bidding" and all(len(h) == 8 for h in m.hands)  # T3V-8.3
    assert "ask:3" not in ids(m, E) and "redeal" not in ids(m, E) and "bid:FC" in ids(m, E)
    act(m, (E, "bid:160"), (N, "bid:170"), (W, "bid:180"))  # no restriction A or B
    with pytest.raises(IllegalAction):
        m.apply(S, "bid:180")
    act(m, (S, "pass"), (E, "pass"), (N, "bid:190"), (W, "pass"), (S, "pass"), (E, "pass"))
    assert m.trumper == N and m.contract == 190 and m.phase == "trump"
    act(m, (N, "trump:KC"))
    assert m.phase == "partner" and m.to_act == {N}
    named = ids(m, N)
    assert len(named) == 24 and "partner:JC" not in named and "partner:KC" not in named
    events = m.apply(N, "partner:AH")
    assert m.pair == {N, E}
    (public,) = [e for e in events if e.kind == "partner_card_named"]
    assert public.visible_to is None and public.data == {"seat": N, "card": "AH"}
    (private,) = [e for e in events if e.kind == "partner_called"]
    assert private.visible_to == {E}
    act(m, (N, "open"))
    assert m.public_view()["partner_card"] == "AH"
    assert [m.view(s)["partner"] for s in (S, E, N, W)] == [None, E, None, None]
    for trick in OPEN_TRICKS[:3]:
        play(m, trick)
    play(m, "N:JH W:KH S:TH")
    assert m.view(N)["partner"] is None
    play(m, "E:AH")  # the named card face up: everyone knows the pair
    assert all(m.view(s)["partner"] == E for s in range(4)) and m.public_view()["partner"] == E
    assert m.public_view()["tricks_won"] == [0, 0, 4, 0]
    for trick in OPEN_TRICKS[4:]:
        play(m, trick)
    result = m.hand_results[0]
    assert result["partner"] == E and result["partner_card"] == "AH"
    assert result["points"] == [0, 0, 304, 0] and result["pair_points"] == 304
    assert result["made"] and result["delta"] == 1
    assert result["token_changes"] == [-1, 1, 1, -1] and m.tokens == [10, 12, 12, 10]
    assert result["tricks"] == [N] * 8


def test_t3v8_3_full_court_ends_the_auction_and_is_lost_on_the_first_trick_lost() -> None:
    """T3V-8.3 / ED-V8: Full Court ranks above 300 and ends the auction; the pair must win
    every trick (the hand ends at the first one lost, as ED-24); it pays the PCC row, 5
    tokens each. No Caps is offered (ED-V8: no Caps duty)."""
    m = new(S, HANDS, maharashtra_partner=True)
    act(m, (E, "bid:FC"))
    assert m.trumper == E and m.phase == "trump" and m.public_view()["contract"] == "FC"
    act(m, (E, "trump:JD"), (E, "partner:JC"), (E, "open"))
    assert m.pair == {E, N}
    assert not any(a.kind == "caps" for s in range(4) for a in m.legal_actions(s))
    assert not m.off_turn
    play(m, "E:AS N:8C W:9S S:7S")  # W's 9S beats AS: a trick lost
    result = m.hand_results[0]
    assert result["contract"] == "FC" and not result["made"] and result["delta"] == -5
    assert result["token_changes"] == [5, -5, -5, 5] and m.tokens == [16, 6, 6, 16]


def test_t3v8_2_half_court_window_then_play_with_the_partner() -> None:
    """T3V-8.2 / ED-V8: after four cards, one round from the dealer's right may declare
    Half Court; the first to do so wins it, nothing more is dealt, and he plays the four
    tricks with the partner his named card gives him (all four seats play)."""
    m = new(S, HANDS, maharashtra_partner=True, half_court=True)
    assert m.phase == "half_court" and m.to_act == {E} and ids(m, E) == ["pass", "bid:HC"]
    assert all(len(h) == 4 for h in m.hands)
    act(m, (E, "pass"), (N, "bid:HC"))
    assert m.trumper == N and m.phase == "trump" and len(m.stock) == 16
    assert not m.sitting_out
    act(m, (N, "trump:KC"))
    assert len(ids(m, N)) == 28  # any card he does not hold, dealt or not
    act(m, (N, "partner:AS"), (N, "open"))
    assert m.pair == {N, E}
    play(m, "E:AS N:JH W:JS S:10S")  # W's JS wins (clubs are trump): the Half Court is lost
    result = m.hand_results[0]
    assert result["contract"] == "HC" and len(result["tricks"]) == 1 and not result["made"]
    assert result["delta"] == -5 and m.tokens == [16, 6, 6, 16]


def test_t3v8_2_nobody_declares_half_court_and_the_deal_is_completed() -> None:
    """T3V-8.2 / T3V-8.3: four passes in the window: the second batch, then the auction."""
    m = new(S, HANDS, maharashtra_partner=True, half_court=True)
    act(m, (E, "pass"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert m.phase == "bidding" and all(len(h) == 8 for h in m.hands) and m.to_act == {E}
    assert "bid:HC" not in ids(m, E) and "bid:FC" in ids(m, E)


def test_t3v8_a_named_card_nobody_holds_leaves_the_bidder_alone() -> None:
    """ED-V8 engine decision (T3V-8.4): in a Half Court hand the named card may be one of
    the sixteen undealt; the bidder then plays alone and settles with each of the three."""
    m = new(S, HANDS, maharashtra_partner=True, half_court=True)
    act(m, (E, "bid:HC"), (E, "trump:AS"), (E, "partner:JD"), (E, "open"))
    assert m.pair == {E} and all(m.view(s)["partner"] is None for s in range(4))
    play(m, "E:QC N:JC W:AC S:10C")  # N wins
    # E owes 5 to each of the three but holds 11: the last is paid 1 (ED-37)
    assert m.hand_results[0]["token_changes"] == [5, -11, 5, 1]
    assert m.tokens == [16, 0, 16, 12] and m.is_over  # a player with no token: the end
    assert m.result == {
        "winners": [S, N],
        "winner_team": None,
        "tokens": [16, 0, 16, 12],
        "hands": 1,
        "score": {
            "unit": "tokens",
            "by": "seat",
            "values": [16, 0, 16, 12],
            "target": None,
            "lower_wins": False,
        },
    }


def test_t3v8_4_payments_and_match_end() -> None:
    """T3V-8.4 has no scoring: the engine decision pays one to one between the two sides
    (ED-37 caps a payment at what the payer holds; the bank mode pays nobody)."""
    assert called_partner.payments({2, 1}, 4, True, 1) == [(0, 1), (3, 2)]
    assert called_partner.payments({2, 1}, 4, False, 3) == [(1, 0), (2, 3)]
    assert called_partner.payments({0}, 4, True, 4) == [(1, 0), (2, 0), (3, 0)]
    tokens = [1, 11, 11, 11]
    assert called_partner.settle(tokens, [(0, 1), (3, 2)], 3, "transfer") == [-1, 1, 3, -3]
    assert tokens == [0, 12, 14, 8] and called_partner.winners(tokens) == [2]
    tokens = [5, 5, 5, 5]
    assert called_partner.settle(tokens, [(0, 1)], 2, "bank") == [-2, 0, 0, 0]
    assert tokens == [3, 5, 5, 5] and called_partner.winners(tokens) is None


def test_t3v8_options_that_do_not_fit_are_rejected() -> None:
    """T3V-8.1: four players; the Tamil Nadu mode and T3V-9 marriages (team scoring) do
    not combine with a called partner."""
    with pytest.raises(IllegalAction, match="Maharashtra"):
        SPEC.new_match(6, {"maharashtra_partner": True})
    with pytest.raises(IllegalAction, match="Maharashtra"):
        SPEC.new_match(4, {"maharashtra_partner": True, "tamil_nadu": True})
    with pytest.raises(IllegalAction, match="Maharashtra"):
        SPEC.new_match(4, {"maharashtra_partner": True, "maharashtra_scoring": True})
    m = SPEC.new_match(4, {"maharashtra_partner": True}, seed=1)
    assert m.public_view()["tokens"] == [11, 11, 11, 11]
