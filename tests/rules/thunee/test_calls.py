"""Thunee-type contracts, Jodi, Double and Khanuck on stacked deals
(shared/rules/thunee.md TH-11 to TH-18, THV-4, THV-7, THV-8, THV-11, THV-12)."""

from __future__ import annotations

from rules.thunee.match import ThuneeMatch
from tests.rules.thunee.helpers import (
    DEAL_15,
    DEAL_A,
    DEAL_K,
    DEAL_T,
    SCRIPT_A,
    SCRIPT_K_FIVE,
    SCRIPT_K_REST,
    SCRIPT_T_FIVE,
    act,
    deal,
    ids,
    new,
    pass_poll,
    play,
    to_play,
)


def _to_calls(match: ThuneeMatch, trump_card: str) -> ThuneeMatch:
    act(match, match.cutter, "no_cut")
    act(match, match.trumper, f"trump:{trump_card}")
    pass_poll(match, "bidding")
    return match


def test_th12_8_window_order_tm_first_then_counting_team() -> None:
    """TH-12.8 / TH-12.3 / TH-12.4 / TH-11: TM, his partner, then the counting team from
    TM's right; a seat holding one suit only (seat 3 here) is passed automatically."""
    match = _to_calls(new(DEAL_T), "JH")
    order = []
    while match.phase == "calls":
        order.append(match.turn)
        assert ids(match, match.turn) == ["call:thunee", "pass"]
        act(match, match.turn, "pass")
    assert order == [1, 2, 0]
    royals = _to_calls(new(DEAL_T, royals=True), "JH")
    assert ids(royals, 1) == ["call:thunee", "call:royals", "pass"]


def test_th12_thunee_success_gives_four_balls() -> None:
    """TH-12.1 / TH-12.5 / TH-12.9 / TH-12.10 / TH-19.3: the caller leads, his first card
    fixes trump, the bid is ignored and six tricks won give his team 4 balls."""
    match = new(DEAL_T)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JH")
    act(match, 2, "bid:10")
    pass_poll(match, "bidding")
    act(match, 2, "trump:10D")
    assert match.turn == 2 and match.phase == "calls"
    act(match, 2, "pass")
    act(match, 0, "pass")
    act(match, 1, "call:thunee")
    assert match.contract == {"kind": "thunee", "caller": 1, "late": False}
    assert match.turn == 1 and "trump_card" not in match.view(2)
    play(match, "9S")
    assert match.public_view()["trump"] == "S"
    play(match, "10S", "JC", "QS")
    play(match, "JS", "KD", "9C", "KS")
    play(match, "AS", "QD", "AC", "10H", "JH", "KH", "10C", "JD")
    play(match, "9H", "QH", "KC", "9D", "AH", "10D", "QC", "AD")
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("contract_success", 1, 4)
    assert result["tricks"] == [1] * 6 and result["jodis"] == [] and "count" not in result


def _ex15_to_trick_two(**options: object) -> ThuneeMatch:
    match = _to_calls(new(DEAL_15, **options), "JS")
    act(match, 1, "call:thunee")
    play(match, "JS", "JD", "JC", "10S", "KH")
    return match


def test_ex15_partner_catch_eight_balls() -> None:
    """EX-15 / TH-12.11 / TH-12.12 / TH-26.1: seat 3 must follow with AH and beats his
    partner's KH: the hand stops, the opponents gain 8."""
    match = _ex15_to_trick_two()
    play(match, "QH")
    assert ids(match, 3) == ["play:AH"]
    play(match, "AH")
    result = match.hand_results[-1]
    assert result["outcome"] == "contract_partner_catch"
    assert (result["balls_to"], result["balls"]) == (0, 8)


def test_ex15_thv4_partner_catch_six_balls() -> None:
    """EX-15 / THV-4: the same partner catch costs 6."""
    match = _ex15_to_trick_two(thunee_partner_catch_balls=6)
    play(match, "QH", "AH")
    assert match.hand_results[-1]["balls"] == 6


def test_ex15_first_beating_card_decides_and_play_stops() -> None:
    """EX-15 / TH-12.11 / TH-23.2 / AMB-13: seat 2's 9H beats KH first: 4 balls to the
    opponents; seat 3 never plays."""
    match = _ex15_to_trick_two()
    play(match, "9H")
    result = match.hand_results[-1]
    assert result["outcome"] == "contract_failure" and result["balls"] == 4
    assert result["balls_to"] == 0 and match.hand_number == 2


def test_ex32_royals_reverses_ranking_in_play() -> None:
    """EX-32 / THV-12.1 / THV-12.2 / THV-12.3 / THV-12.4 / THV-12.6: in Royals the J is
    lowest: seat 1 leads JS (trump S) and seat 0's 10S beats it: 4 balls to team 0."""
    match = _to_calls(new(DEAL_15, royals=True), "JS")
    act(match, 1, "call:royals")
    play(match, "JS", "JD", "JC")
    assert match.strength[9] == 1  # JS is the lowest card
    play(match, "10S")
    result = match.hand_results[-1]
    assert result["contract"]["kind"] == "royals"
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("contract_failure", 0, 4)


def test_th20_annulment_applies_to_thunee() -> None:
    """TH-20.1 / TH-20.2: the caller's first lead makes clubs trump and his opponents hold
    no club among their dealt cards: the hand is void, nobody scores, same dealer."""
    no_clubs = deal(
        0,
        "JS 9S AS 10S KS QS",
        "JC 9C AC 10C KC JH",
        "JD 9D AD 10D KD QD",
        "QC 9H AH 10H KH QH",
    )
    match = _to_calls(new(no_clubs), "10C")
    act(match, 1, "call:thunee")
    play(match, "JC")
    result = match.hand_results[-1]
    assert result["outcome"] == "annulled" and result["contract"]["caller"] == 1
    assert match.score.balls == [0, 0] and match.dealer == 0 and match.phase == "cut"


def test_thv11_blind_thunee_hidden_cards_and_six_balls() -> None:
    """THV-11.1 / THV-11.2 / THV-11.3 / THV-11.4: called on four cards between bidding and
    the final deal; the last two stay face down until four tricks are won; 6 balls."""
    match = new(DEAL_T, blind_thunee=True)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JH")
    pass_poll(match, "bidding")
    assert match.phase == "blind_calls" and match.turn == 1
    assert ids(match, 1) == ["call:blind_thunee", "pass"]
    act(match, 1, "call:blind_thunee")
    assert match.phase == "play" and match.turn == 1  # no W4 after a blind contract
    assert match.view(1)["hand"] == ["JH", "9H", "AH", "JS"]
    assert ids(match, 1) == ["play:JH", "play:9H", "play:AH", "play:JS"]
    assert match.public_view()["blind_face_down"] == 2
    play(match, "JH", "KH", "KC", "10H")
    play(match, "9H", "QH", "QC", "KS")
    play(match, "AH", "10S", "AC", "QS")
    play(match, "JS", "10D", "10C", "JD")
    assert match.view(1)["hand"] == ["9S", "AS"]
    play(match, "9S", "KD", "9C", "9D", "AS", "QD", "JC", "AD")
    result = match.hand_results[-1]
    assert result["contract"]["kind"] == "blind_thunee"
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("contract_success", 1, 6)


def test_ex22_blind_thunee_eight_and_agreed_partner_catch() -> None:
    """EX-22 / THV-11.4: success 8 with blind_thunee_balls=8; a blind partner catch costs
    the agreed number (here 5); Blind Royals (THV-12.5) reverses the ranking."""
    reordered = deal(
        0,
        *(" ".join(h) for h in DEAL_15.hands[:1]),
        "JS 9S KH KS QS 10D",
        *(" ".join(h) for h in DEAL_15.hands[2:]),
    )
    match = new(reordered, blind_thunee=True, blind_partner_catch_balls=5)
    act(match, 3, "no_cut")
    act(match, 1, "trump:JS")
    pass_poll(match, "bidding")
    act(match, 1, "call:blind_thunee")
    play(match, "JS", "JD", "JC", "10S", "KH", "QH", "AH")
    assert match.hand_results[-1]["balls"] == 5
    assert match.hand_results[-1]["outcome"] == "contract_partner_catch"
    eight = new(DEAL_T, blind_thunee=True, blind_thunee_balls=8)
    act(eight, 3, "no_cut")
    act(eight, 1, "trump:JH")
    pass_poll(eight, "bidding")
    act(eight, 1, "call:blind_thunee")
    play(eight, "JH", "KH", "KC", "10H", "9H", "QH", "QC", "KS", "AH", "10S", "AC", "QS")
    play(eight, "JS", "10D", "10C", "JD", "9S", "KD", "9C", "9D", "AS", "QD", "JC", "AD")
    assert eight.hand_results[-1]["balls"] == 8
    royal = new(DEAL_15, blind_royals=True)
    act(royal, 3, "no_cut")
    act(royal, 1, "trump:JS")
    pass_poll(royal, "bidding")
    assert ids(royal, 1) == ["call:blind_royals", "pass"]
    act(royal, 1, "call:blind_royals")
    play(royal, "JS", "JD", "JC", "10S")
    assert royal.hand_results[-1]["outcome"] == "contract_failure"
    assert royal.hand_results[-1]["balls"] == 6


def test_th13_late_thunee_mariyal_continue_and_unsafe() -> None:
    """TH-13.1 / TH-13.2 / TH-13.3 / TH-13.4 / TH-13.6: after the first card, W4 passers
    other than the leader may call late; seat 0 (10H under a heart lead) is unsafe; seat 1
    (J-9-A of hearts) is safe, continues, and the leader takes his card back."""
    match = _to_calls(new(DEAL_T, thunee_timing="window_plus_late"), "JH")
    pass_poll(match, "calls")
    play(match, "KH")
    assert match.phase == "late_thunee" and match.turn == 1
    act(match, 1, "pass")
    act(match, 0, "call:thunee")
    assert match.phase == "play" and match.turn == 3 and match.contract is None
    late = _to_calls(new(DEAL_T, thunee_timing="window_plus_late"), "JH")
    pass_poll(late, "calls")
    play(late, "KH")
    act(late, 1, "call:thunee")
    assert late.phase == "late_choice" and ids(late, 1) == ["late:continue", "late:withdraw"]
    act(late, 1, "late:continue")
    assert "KH" in late.view(2)["hand"] and late.turn == 1
    assert late.contract == {"kind": "thunee", "caller": 1, "late": True}
    withdrawn = _to_calls(new(DEAL_T, thunee_timing="window_plus_late"), "JH")
    pass_poll(withdrawn, "calls")
    play(withdrawn, "KH")
    act(withdrawn, 1, "call:thunee", "late:withdraw")
    assert withdrawn.phase == "late_thunee" and withdrawn.turn == 0
    act(withdrawn, 0, "pass")
    assert withdrawn.phase == "play" and withdrawn.turn == 3 and withdrawn.contract is None


def test_th14_jodi_window_values_and_secrecy() -> None:
    """TH-14.3 / TH-14.4 / TH-14.5 / TH-14.6 / TH-14.8 / TH-32: after team 0's first trick
    seat 2 (winner) then seat 0 are polled; a 20 may keep its suit secret, a 40 is trump;
    Jodis join the count: 81 + 20 + 40 - 10 = 131 wins."""
    match = to_play(new(DEAL_A), "JH")
    play(match, *SCRIPT_A[:3])
    match.apply(match.turn, f"play:{SCRIPT_A[3]}")
    assert match.phase == "jodi" and match.turn == 2
    assert ids(match, 2) == ["jodi:C:20", "jodi:C:20:shown", "pass"]
    act(match, 2, "jodi:C:20")
    assert match.turn == 0 and ids(match, 0) == ["jodi:H:40", "pass"]
    act(match, 0, "jodi:H:40")
    public = match.public_view()["jodis"]
    assert public == [{"seat": 2, "value": 20, "suit": None}, {"seat": 0, "value": 40, "suit": "H"}]
    assert match.view(2)["my_jodi_suits"] == ["C"] and match.view(0)["my_jodi_suits"] == ["H"]
    assert match.phase == "play"
    play(match, *SCRIPT_A[4:8])
    assert match.phase == "play"  # team 0's second trick opens no window
    play(match, *SCRIPT_A[8:])
    result = match.hand_results[-1]
    assert [j["value"] for j in result["jodis"]] == [20, 40]
    assert result["count"]["own_jodi"] == 60 and result["count"]["total"] == 131
    assert (result["outcome"], result["balls"]) == ("counting_team_won", 1)


def test_th14_jodi_dealt_rule() -> None:
    """TH-14.5 (jodi_hold_rule='dealt'): cards held at the final deal count even after they
    were played; under 'in_hand' (TH-14.8) seat 1's played K-Q of spades give no window."""
    in_hand = to_play(new(DEAL_A), "JH")
    play(in_hand, *SCRIPT_A[:12])
    assert in_hand.phase == "play"
    dealt = to_play(new(DEAL_A, jodi_hold_rule="dealt"), "JH")
    play(dealt, *SCRIPT_A[:11])
    dealt.apply(dealt.turn, f"play:{SCRIPT_A[11]}")
    assert dealt.phase == "jodi" and dealt.turn == 1
    assert ids(dealt, 1) == ["jodi:S:20", "jodi:S:20:shown", "pass"]
    act(dealt, 1, "jodi:S:20:shown")
    assert dealt.turn == 3 and ids(dealt, 3) == ["jodi:D:20", "jodi:D:20:shown", "pass"]


def test_th15_double_success_two_balls() -> None:
    """TH-15.1 / TH-15.2 / TH-15.6 / TH-15.7 / TH-15.9 / TH-18.3 / INV-14: offered just
    before seat 1's last card after his team won tricks 1-5; all six won: 2 balls."""
    match = to_play(new(DEAL_T), "JH")
    play(match, *SCRIPT_T_FIVE)
    assert ids(match, 1) == ["play:AS", "call:double"]
    act(match, 1, "call:double")
    assert ids(match, 1) == ["play:AS"]
    play(match, "AS", "10D", "JC", "9D")
    result = match.hand_results[-1]
    assert result["call"] == {"kind": "double", "caller": 1}
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_success", 1, 2)


def test_th17_corner_forbids_double_and_challenge_mode_penalises_it() -> None:
    """EX-16 / TH-17.2 / TH-17.4 / TH-27.3 / INV-22: team 1 on 11 is not offered Double;
    with challenge enforcement the call is possible and gives the opponents 4 balls."""
    match = to_play(new(DEAL_T), "JH")
    match.score.balls = [3, 11]
    play(match, *SCRIPT_T_FIVE)
    assert ids(match, 1) == ["play:AS"]
    loose = new(DEAL_T, penalty_mode="challenge")
    to_play(loose, "JH")
    loose.score.balls = [3, 11]
    for card in SCRIPT_T_FIVE:
        loose.apply(loose.turn, f"play:{card}")
        if loose.phase == "trick_open":
            loose.apply(loose.collector, "collect")
        while loose.phase == "jodi":
            loose.apply(loose.turn, "pass")
    assert "call:double" in ids(loose, 1)
    act(loose, 1, "call:double")
    result = loose.hand_results[-1]
    assert (result["outcome"], result["offence"], result["balls_to"], result["balls"]) == (
        "penalty",
        "cornered_double",
        0,
        4,
    )
    assert loose.score.balls == [7, 11]


def _khanuck_hand(**options: object) -> ThuneeMatch:
    match = to_play(new(DEAL_K, **options), "JH")
    for card in SCRIPT_K_FIVE[:4]:
        match.apply(match.turn, f"play:{card}")
    assert match.phase == "jodi" and match.turn == 0
    act(match, 0, "pass")
    for card in SCRIPT_K_FIVE[4:]:
        match.apply(match.turn, f"play:{card}")
    assert match.phase == "jodi" and match.turn == 1
    act(match, 1, "jodi:H:50")
    play(match, *SCRIPT_K_REST)
    return match


def test_th16_khanuck_success_three_balls() -> None:
    """TH-16.1 / TH-16.2 / TH-16.3 / TH-16.4 / TH-16.9 / INV-15: the trump team declared
    50; the opponents took 35 in one trick; seat 1 wins the last: 35 - 50 - 10 < 0: 3 balls."""
    match = _khanuck_hand()
    assert ids(match, 1) == ["play:QH", "call:khanuck"]  # no Double: trick 1 was lost
    act(match, 1, "call:khanuck")
    play(match, "QH", "10S", "JC", "QS")
    result = match.hand_results[-1]
    assert result["call"] == {"kind": "khanuck", "caller": 1}
    assert result["khanuck_count"] == 35 - 50 - 10 and result["card_points"][0] == 35
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_success", 1, 3)


def test_thv8_khanuck_raises_target_to_13() -> None:
    """THV-8.1: any Khanuck call makes the match a 13-ball game (the corner becomes 12)."""
    match = _khanuck_hand(khanuck_raises_target=True)
    act(match, 1, "call:khanuck")
    assert match.score.target == 13
    play(match, "QH", "10S", "JC", "QS")
    assert match.hand_results[-1]["target_balls"] == 13


def test_thv7_khanuck_without_jodi_and_failure() -> None:
    """THV-7 / TH-16.5 / TH-16.7: without the Jodi rule seat 1 may call Khanuck on DEAL_A;
    the opponents' 81 points make the count 71, not below 0: 4 balls to team 0."""
    strict = to_play(new(DEAL_A), "JH")
    play(strict, *SCRIPT_A[:20])
    assert "call:khanuck" not in ids(strict, 1)
    match = to_play(new(DEAL_A, khanuck_requires_jodi=False), "JH")
    play(match, *SCRIPT_A[:20])
    act(match, 1, "call:khanuck")
    play(match, *SCRIPT_A[20:])
    result = match.hand_results[-1]
    assert result["khanuck_count"] == 81 - 10
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_failure", 0, 4)


def test_th15_9_doomed_double_offered_and_failed() -> None:
    """TH-15.9 / TH-18.4 / AMB-18: with allow_doomed_calls a Double that cannot succeed is
    offered and scores as a failure (4 to the opponents)."""
    match = to_play(new(DEAL_A, allow_doomed_calls=True), "JH")
    play(match, *SCRIPT_A[:20])
    act(match, 1, "call:double")
    play(match, *SCRIPT_A[20:])
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_failure", 0, 4)


def test_th18_contract_closes_jodi_and_last_trick_windows() -> None:
    """TH-18.1 / TH-18.2 / TH-14.9 / INV-16: in a Thunee hand no Jodi window opens."""
    match = _to_calls(new(DEAL_T), "JH")
    act(match, 1, "call:thunee")
    play(match, "9S", "10S", "JC", "QS")
    assert match.phase == "play" and match.turn == 1  # no Jodi poll after trick 1
