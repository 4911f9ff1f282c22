"""Closed-trump play (T3-9 to T3-14), PCC (T3-15) and the constructed cases of §22."""

from __future__ import annotations

import pytest

from rules.contract import IllegalAction
from tests.conformance.checks import card_strings_in
from tests.rules.three_o_four.helpers import (
    SPEC,
    E,
    N,
    S,
    W,
    act,
    card,
    cards,
    fingerprint,
    ids,
    new,
    play,
    plays,
)

# Fixture F1: the start of trick 3, trump hearts hidden, trumper W with indicator QH.
F1 = {
    N: "7S KS 9D 8C 7C AH",
    W: "JD 9C AC TD 8D",
    S: "JS QS 8S TC KD 7H",
    E: "JC QC QD 7D 8H 9H",
}


def f1(leader: str = "N", **options: object):  # type: ignore[no-untyped-def]
    """Reach F1 by a stacked deal: W bids 160 and plays closed; tricks 1 and 2 keep trump
    hidden (only non-trumps go face down); ``leader`` (N or E) wins trick 2."""
    if leader == "N":
        first = {E: "KH AD", N: "TH 9S", W: "KC AS", S: "JH TS"}
        tricks = "E:KH N:TH W:KC S:JH  S:TS E:AD N:9S W:AS"
    else:
        first = {E: "JH 9S", N: "TH TS", W: "KC AD", S: "KH AS"}
        tricks = "E:JH N:TH W:KC S:KH  E:9S N:TS W:AD S:AS"
    hands = {}
    for seat in (S, E, N, W):
        rest = F1[seat].split()
        extra = ["QH"] if seat == W else []
        all_cards = extra + first[seat].split() + rest
        hands[seat] = " ".join(all_cards)
    m = new(S, hands, **options)
    act(m, (E, "pass"), (N, "pass"), (W, "bid:160"), (S, "pass"), (E, "pass"), (N, "pass"))
    act(m, (W, "trump:QH"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "pass"), (W, "closed"))
    play(m, tricks)
    assert m.hidden and m.tricks_done == 2
    for seat, text in F1.items():
        assert sorted(m.view(seat)["hand"]) == sorted(card(c) for c in text.split())
    return m


def test_tc5_face_down_cards_without_trump() -> None:
    """TC-5 (T3-11.2, T3-11.3, T3-11.4, T3-11.8, T3-11.9, T3-11.10, T3-18): no trump, S wins."""
    m = f1()
    before = list(m.points)
    play(m, "N:7S")
    expected = ["play:JD", "play:9C", "play:AC", "play:10D", "play:8D", "indicator"]
    assert plays(m, W) == sorted(expected)
    play(m, "W:9C")
    assert m.public_view()["trick"][1] == {"seat": W, "card": None, "face_down": True}
    assert m.public_view()["trick_sources"][1] == "hand"
    assert plays(m, S) == ["play:8S", "play:JS", "play:QS"]
    play(m, "S:QS")
    assert len(plays(m, E)) == 6  # and, his team having lost a trick, a doomed Caps call:
    assert [i for i in ids(m, E) if not i.startswith("play:")] == ["caps:JC,QC,QD,7D,9H,8H"]
    play(m, "E:QD")
    assert m.hidden and m.trick_winners[-1] == 0
    assert m.points[0] - before[0] == 24
    assert "QD" in [p["card"] for p in m.view(W)["last_trick"]]
    for seat in (N, S):
        assert [p["card"] for p in m.view(seat)["last_trick"]] == ["7S", None, "QS", None]
    assert [p["card"] for p in m.public_view()["last_trick"]] == ["7S", None, "QS", None]
    assert [p["card"] for p in m.view(E)["last_trick"]] == ["7S", None, "QS", "QD"]
    assert m.view(N)["trump"] is None and m.view(W)["trump"] == "H"


def test_tc6_a_face_down_trump_forces_the_reveal() -> None:
    """TC-6 (T3-11.9(c), T3-11.11, ED-18): E's 8H turns up, W's 9C stays down, QH to W."""
    m = f1()
    before = list(m.points)
    play(m, "N:7S W:9C S:QS E:8H")
    assert m.revealed and not m.indicator_down
    assert sorted(m.view(W)["hand"]) == sorted(["JD", "AC", "10D", "8D", "QH"])
    assert [p["card"] for p in m.view(N)["last_trick"]] == ["7S", None, "QS", "8H"]
    assert m.trick_winners[-1] == 1 and m.points[1] - before[1] == 22
    play(m, "E:JC")
    assert m.public_view()["trick"][0]["card"] == "JC"
    for seat in (N, W, S):  # T3-11.11: face up from now on
        for _a in ids(m, seat):
            pass
    play(m, "N:8C")
    assert m.public_view()["trick"][1] == {"seat": N, "card": "8C", "face_down": False}


def test_tc7_cutting_with_the_indicator() -> None:
    """TC-7 (T3-11.4(a), T3-11.8): W cuts with the indicator; QH beats 8H; trump open."""
    m = f1()
    play(m, "N:7S W:ind")
    assert m.public_view()["trick_sources"][1] == "indicator"
    assert m.public_view()["trick"][1]["card"] is None
    play(m, "S:QS E:8H")
    assert m.trick_winners[-1] == 1 and m.leader == W and m.revealed
    assert [p["card"] for p in m.public_view()["last_trick"]] == ["7S", "QH", "QS", "8H"]


def test_tc8_trump_led_while_the_trumper_holds_only_the_indicator() -> None:
    """TC-8 (T3-11.6): W may not play the indicator on a trump lead; E's 9H wins."""
    m = f1("E")
    play(m, "E:9H")
    assert plays(m, N) == ["play:AH"]
    play(m, "N:AH")
    assert plays(m, W) == sorted(["play:JD", "play:9C", "play:AC", "play:10D", "play:8D"])
    play(m, "W:8D S:7H")
    assert m.trick_winners[-1] == 1 and m.hidden and m.leader == E


def test_tc9_indicator_lead_limits() -> None:
    """TC-9 (T3-11.5, T3-11.12, ED-20): never led before the last trick; face up in it."""
    m = f1()
    play(m, "N:9D W:JD S:KD E:QD")
    assert m.leader == W and m.hidden
    assert plays(m, W) == sorted(["play:9C", "play:AC", "play:10D", "play:8D"])


def test_tc9_indicator_alone_in_the_last_trick_is_played_face_up() -> None:
    """TC-9 second part (T3-11.4(b), T3-11.12, ED-20): hearts are only ever led or
    followed, so trump is still hidden in trick 8, where W's last card is the indicator."""
    m = new(
        E,
        {
            N: "JH 9H AH TH JS 9S AS TS",
            W: "QH QC 8C 7C KD QD 8D 7D",
            S: "KH 8H KS QS 8S 7S JD 9D",
            E: "7H JC 9C AC TC KC AD TD",
        },
    )
    act(m, (N, "pass"), (W, "bid:160"), (S, "pass"), (E, "pass"), (N, "pass"))
    act(m, (W, "trump:QH"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "pass"), (W, "closed"))
    play(m, "N:JH W:QC S:KH E:7H  N:9H W:8C S:8H E:JC  N:AH W:7C S:JD E:9C")
    play(m, "N:TH W:KD S:9D E:AC  N:JS W:QD S:KS E:TC  N:9S W:8D S:QS E:KC")
    play(m, "N:AS W:7D S:8S E:AD  N:TS")
    assert m.hidden and m.hands[W] == [] and m.indicator_down
    assert plays(m, W) == ["indicator"]
    play(m, "W:ind")
    assert m.revealed and m.public_view()["trick"][1] == {
        "seat": W,
        "card": "QH",
        "face_down": False,
    }
    play(m, "S:7S E:TD")
    assert m.hand_results[0]["tricks"] == [0] * 7 + [1]  # the revealed QH wins trick 8


def test_tc10_first_trick_lead_limit() -> None:
    """TC-10 (T3-9.4, T3-11.7, ED-14, ED-17): the closed trumper may not lead trump first."""
    hands = {
        E: "TH JH 9H AS KS 7D 8C QC",
        N: "JS 9S TS QS JD 9D AD TD",
        W: "8S 7S KD QD 8D JC 9C AC",
        S: "AH KH QH 8H 7H TC KC 7C",
    }
    m = new(S, hands)
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:TH"))
    act(m, (E, "pass"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "closed"))
    assert plays(m, E) == sorted(["play:AS", "play:KS", "play:7D", "play:8C", "play:QC"])
    m = new(S, hands)
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:TH"))
    act(m, (E, "pass"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "open"))
    assert len(plays(m, E)) == 8 and "play:10H" in plays(m, E)


def test_tc10_closed_not_offered_when_every_hand_card_is_trump() -> None:
    """TC-10 (ED-14): claim mode, the trumper leads with seven trumps in hand: OPEN only."""
    hands = {
        E: "TH JH 9H AH KH QH 8H 7H",
        N: "JS 9S TS QS JD 9D AD TD",
        W: "8S 7S KD QD 8D JC 9C AC",
        S: "AS KS 7D 8C QC TC KC 7C",
    }
    m = new(S, hands, spoilt_trumps_mode="claim")
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:TH"))
    act(m, (E, "pass"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert ids(m, E) == ["open"]


def test_tc10_pcc_bidder_leading_closed_may_not_lead_trump() -> None:
    """TC-10 (ED-17): a PCC bidder at W leading trick 1 in a closed hand."""
    hands = {
        E: "JS 9S TS QS JD 9D AD TD",
        N: "8S 7S KD QD 8D JC 9C AC",
        W: "TH JH AS KS 9H 7D 8C QC",
        S: "AH KH QH 8H 7H TC KC 7C",
    }
    m = new(S, hands)
    act(m, (E, "pass"), (N, "pass"), (W, "bid:160"), (S, "pass"), (E, "pass"), (N, "pass"))
    act(m, (W, "trump:TH"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "bid:PCC"))
    assert m.trumper == N and m.sitting_out == {S}
    m = new(S, hands)
    act(m, (E, "pass"), (N, "pass"), (W, "bid:160"), (S, "pass"), (E, "pass"), (N, "pass"))
    act(m, (W, "trump:TH"), (W, "bid:PCC"), (S, "pass"), (E, "pass"), (N, "pass"))
    act(m, (W, "trump:TH"), (W, "closed"))
    assert m.to_act == {W} and m.sitting_out == {E}
    assert plays(m, W) == sorted(["play:AS", "play:KS", "play:7D", "play:8C", "play:QC"])


def test_tc11_reveal_after_trick_one_for_250_or_more() -> None:
    """TC-11 (T3-12): at 250 the indicator is shown after trick 1; at 240 it stays hidden."""
    hands = {
        E: "AS QC QH AH JD 9D KD 8D",
        N: "JC KC JH 9H 9C 8C 8H 7H",
        W: "JS 9S AC 7C KH TD QD 7D",
        S: "TS TC TH AD KS QS 8S 7S",
    }
    for contract, shown in ((250, True), (240, False)):
        m = new(S, hands)
        act(m, (E, "pass"), (N, f"bid:{min(contract, 240)}"), (W, "pass"), (S, "pass"))
        act(m, (E, "pass"), (N, "trump:KC"))
        act(m, (N, f"bid:{contract}" if contract >= 250 else "pass"), (W, "pass"))
        act(m, (S, "pass"), (E, "pass"))
        if contract >= 250:
            act(m, (N, "trump:KC"))
        act(m, (N, "closed"))
        play(m, "E:AD N:8H W:TD S:7S" if False else "E:AS N:7H W:9S S:7S")
        assert m.revealed is shown
        if shown:
            assert "KC" in m.view(N)["hand"] and m.public_view()["trump"] == "C"


def test_tc12_exhausted_trumps() -> None:
    """TC-12 (T3-13, ED-21): after JC draws no club, N must lead his other clubs."""
    hands = {
        N: "JC 9C 8C AH KC QC 7S 7D",
        S: "JS 7C JD 9S 8S 9D AD TD",
        E: "KS TC KD AS JH 9H TH QD",
        W: "QS AC 8D TS KH QH 8H 7H",
    }
    m = new(W, hands)
    act(m, (S, "pass"), (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:JC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    play(m, "S:JS E:KS N:7S W:QS")
    play(m, "S:7C E:TC N:KC W:AC")
    play(m, "W:8D S:JD E:KD N:7D")
    play(m, "S:9S E:AS N:QC W:TS")
    assert m.leader == N and not m.exhausted
    play(m, "N:JC W:7H S:8S E:QD")
    assert m.exhausted
    assert plays(m, N) == ["play:8C", "play:9C"]
    play(m, "N:9C W:8H S:9D E:JH")
    assert plays(m, N) == ["play:8C"]
    play(m, "N:8C W:QH S:AD E:9H")
    assert plays(m, N) == ["play:AH"]


def test_tc12_hidden_exhausted_flag_and_pcc_never_sets_it() -> None:
    """TC-12 closed variant: the flag is set while trump stays hidden; never under PCC."""
    hands = {
        N: "8C JC 9C AC TC KC QC AH",
        S: "7C JS 9S AS TS JD 9D AD",
        E: "KS QS 8S 7S KD QD 8D 7D",
        W: "JH 9H TH KH QH 8H 7H TD",
    }
    m = new(W, hands, spoilt_trumps_mode="claim")
    act(m, (S, "pass"), (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:8C"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "closed"))
    play(m, "S:7C E:KS N:QC W:JH")
    assert m.hidden and m.leader == N and not m.exhausted
    play(m, "N:JC W:9H S:JS E:QS")
    assert m.hidden and m.exhausted
    assert plays(m, N) == ["play:10C", "play:9C", "play:AC", "play:KC"]
    m = new(W, hands, spoilt_trumps_mode="claim")
    act(m, (S, "pass"), (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:8C"), (N, "bid:PCC"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:8C"), (N, "open"))
    play(m, "N:JC W:9H E:QS")
    assert m.tricks_done == 1 and not m.exhausted


def test_tc13_spoilt_trumps_auto_and_claim() -> None:
    """TC-13 (T3-14, ED-22, ED-23): no spade with E or W."""
    hands = {
        S: "JS 9S AS TS JD 9D AD TD",
        E: "JH 9H TH KH QD 8D 7D KD",
        N: "KS QS 8S 7S JC 9C AC TC",
        W: "AH QH 8H 7H KC QC 8C 7C",
    }
    m = new(W, hands)
    act(m, (S, "bid:160"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "trump:JS"))
    act(m, (S, "pass"), (E, "pass"), (N, "pass"), (W, "pass"))
    assert m.hand_results[-1]["outcome"] == "spoilt"
    assert m.dealer == W and m.tokens == [11, 11] and m.phase == "cut"
    m = new(W, hands, spoilt_trumps_mode="claim")
    act(m, (S, "bid:160"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "trump:JS"))
    act(m, (S, "pass"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "open"))
    assert m.to_act == {S} and "claim_spoilt" in ids(m, S)
    play(m, "S:JD")
    assert m.to_act == {E} and m.off_turn == {S, N, W}
    assert ids(m, W) == ["claim_spoilt"] and "claim_spoilt" in ids(m, N)
    act(m, (W, "claim_spoilt"))  # ED-23: any seat, at any call point, off turn too
    assert m.hand_results[-1]["outcome"] == "spoilt" and m.dealer == W
    hands[W], hands[N] = "AH QH 8H 7S KC QC 8C 7C", "KS QS 8S 7H JC 9C AC TC"
    m = new(W, hands, spoilt_trumps_mode="claim")
    act(m, (S, "bid:160"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "trump:JS"))
    act(m, (S, "pass"), (E, "pass"), (N, "pass"), (W, "pass"), (S, "open"))
    act(m, (S, "claim_spoilt"))
    assert m.phase == "play" and not m.hand_results
    assert "claim_spoilt" not in ids(m, S) and m.to_act == {S}


def test_tc14_pcc_play() -> None:
    """TC-14 (T3-15, ED-24): E's PCC; W sits out; tricks of 3; N wins trick 2: EW pay 5."""
    hands = {
        E: "JS 9S AS TS JD 9D AD QD",
        N: "KS QS 8S 7S JC 9C KD TD",
        W: "JH 9H TH KH QH 8H 7H AH",
        S: "AC TC KC QC 8C 7C 8D 7D",
    }
    m = new(S, hands)
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:JS"))
    act(m, (E, "bid:PCC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:JS"))
    act(m, (E, "open"))
    assert m.sitting_out == {W} and m.to_act == {E}
    assert not any(a.startswith("caps") for a in ids(m, E))
    assert not m.off_turn and ids(m, W) == []  # INV-21: no Caps; W takes no part
    play(m, "E:AD")
    assert m.to_act == {N}
    play(m, "N:KD")
    assert m.to_act == {S}
    play(m, "S:7D")
    assert m.tricks_done == 1 and m.leader == E
    play(m, "E:QD N:TD S:8D")
    assert m.hand_results[-1]["delta"] == -5 and m.tokens == [16, 6]
    assert m.hand_results[-1]["tricks"] == [1, 0]


def test_t3_15_1_the_pcc_partners_cards_are_shown_once_the_hand_is_over() -> None:
    """T3-15.1 / T3-18.2 / INV-24: W's eight cards, laid aside for E's PCC, are in no
    view but his own during the play; once the hand is over they are shown to everyone
    (an event, the hand's result, and the views until the next deal)."""
    hands = {
        E: "JS 9S AS TS JD 9D AD QD",
        N: "KS QS 8S 7S JC 9C KD TD",
        W: "JH 9H TH KH QH 8H 7H AH",
        S: "AC TC KC QC 8C 7C 8D 7D",
    }
    w_cards = cards(hands[W])
    m = new(S, hands)
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:JS"))
    act(m, (E, "bid:PCC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:JS"))
    act(m, (E, "open"))
    play(m, "E:AD N:KD S:7D")
    for seat in (S, E, N):
        assert not set(w_cards) & set(card_strings_in(m.view(seat)))
    assert not set(w_cards) & set(card_strings_in(m.public_view()))
    assert sorted(m.view(W)["hand"]) == sorted(w_cards)
    events = m.apply(E, "play:QD")
    events += m.apply(N, "play:10D")
    events += m.apply(S, "play:8D")  # N wins trick 2: the hand is over (ED-24)
    kinds = [e.kind for e in events]
    assert kinds.index("sitting_out_shown") < kinds.index("hand_scored")
    (shown,) = [e for e in events if e.kind == "sitting_out_shown"]
    assert shown.visible_to is None and shown.data["hands"] == {str(W): w_cards}
    assert m.hand_results[-1]["sitting_out_hands"] == {str(W): w_cards}
    assert m.phase == "cut" and m.public_view()["sitting_out_shown"] == {str(W): w_cards}
    m.apply(m._turn_seat(), "no_cut")  # the next deal: the old hand is no longer shown
    assert "sitting_out_shown" not in m.public_view()


def test_t3_18_2_no_hand_is_shown_after_an_ordinary_hand() -> None:
    """T3-18.2: only a sitting-out partner's cards are shown; WE-6's hand shows none."""
    from tests.rules.three_o_four.test_caps import ALL_PLAYS, we6

    m = we6(caps_enforcement="claims_only")
    play(m, " ".join(ALL_PLAYS[:-1]))
    who, what = ALL_PLAYS[-1].split(":")
    assert who == "E"  # E plays the last card of the hand
    events = m.apply(E, "play:" + card(what))
    assert any(e.kind == "hand_scored" for e in events)
    assert not any(e.kind == "sitting_out_shown" for e in events)
    assert "sitting_out_hands" not in m.hand_results[0]
    assert "sitting_out_shown" not in m.public_view()


def test_tc20_only_the_last_trick_can_be_reviewed() -> None:
    """TC-20 (T3-10.7, INV-26): trick 3 is reviewable during trick 4, not after it."""
    m = f1()
    play(m, "N:7S W:9C S:QS E:QD")
    play(m, "S:JS")
    assert [p["card"] for p in m.public_view()["last_trick"]] == ["7S", None, "QS", None]
    play(m, "E:7D N:KS W:8D")
    last = m.public_view()["last_trick"]
    assert [p["seat"] for p in last] == [S, E, N, W]
    # ``played`` is the seats' memory of what they saw (for computer players), not a
    # review: nothing a UI shows holds trick 3 any more.
    shown = {k: v for k, v in m.public_view().items() if k != "played"}
    assert "7S" not in str(shown)


def test_rejected_plays_change_nothing() -> None:
    """ED-16: an illegal play is refused with a message; the state does not move."""
    m = f1()
    before = fingerprint(m)
    for seat, action in ((N, "play:JD"), (W, "play:JD"), (N, "indicator"), (N, "play:ZZ")):
        with pytest.raises(IllegalAction):
            m.apply(seat, action)
        assert fingerprint(m) == before


def test_t3_19_timeout_defaults() -> None:
    """T3-19 (ED-39, ED-15): pass, no cut, the indicator rule, CLOSED, the cheapest card."""
    m = f1()
    assert m.timeout_action(N) is not None
    assert m.timeout_action(N).id == "play:7S"  # 0 points, lowest rank, spades first
    play(m, "N:7S")
    assert m.timeout_action(W).id == "play:8D"  # a hand card, not the indicator
    assert m.timeout_action(E) is None  # not his turn: nothing is made for him
    hands = {
        E: "AS QC QH AH JD 9D KD 8D",
        N: "JC KC JH 9H 9C 8C 8H 7H",
        W: "JS 9S AC 7C KH TD QD 7D",
        S: "TS TC TH AD KS QS 8S 7S",
    }
    m = new(S, hands)
    assert m.timeout_action(E).id == "pass"
    act(m, (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    assert m.timeout_action(N).id == "trump:9H"  # hearts hold the most points: its lowest
    act(m, (N, "trump:KC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"))
    assert m.timeout_action(N).id == "closed"
    fresh = SPEC.new_match(4, seed=3)
    assert fresh.timeout_action((fresh.dealer - 1) % 4).id == "no_cut"  # type: ignore[attr-defined]
