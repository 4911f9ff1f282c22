"""Two-player Thunee on stacked deals (shared/rules/thunee.md §14, TH2-1 to TH2-12, TH2-A,
TH2-B, EX-25). Dealer 0; seat 1 is the non-dealer: cutter, trumper and first to receive.

A two-player ``Deal`` lists each seat's twelve cards in the order received: 4, 2, then the
second half's 4, 2 (two deals), or the face-down row of 6, then 4, 2 (face up)."""

from __future__ import annotations

import random

from rules.cards import CARD_STRINGS, card_strs
from rules.random_play import random_step
from rules.thunee.cardplay import POINTS
from rules.thunee.dealing import DECK, lay_out_two
from rules.thunee.scoring import ordinary_balls, ordinary_count
from tests.conformance.checks import card_strings_in
from tests.rules.thunee.helpers import act, deal, ids, new_n, pass_poll, play, play_any

# EX-25: seat 0 bids 10, declares a 20 Jodi in spades after trick 1 and wins trick 12.
DEAL_25 = deal(
    0,
    "KS QS JH 9H AH 10H KH QH JC 9C AC 10C",
    "JD 9D AD 10D KD QD JS 9S AS 10S KC QC",
)
FIRST_HALF_25 = ["JD", "JH", "9H", "9D", "AH", "AD", "10H", "10D", "KS", "KD", "QS", "QD"]
SECOND_HALF_25 = ["JC", "QC", "9C", "KC", "AC", "JS", "10C", "9S", "QH", "AS"]

# Face up: seat 0's row JD 9D AD KS QS QC; seat 1's row 10D JC 9C AC 10C KC.
DEAL_UP = deal(
    0,
    "JD 9D AD KS QS QC KD QD KH QH AS 9H",
    "10D JC 9C AC 10C KC JH AH 10H JS 9S 10S",
)


def bid_ten_and_lay(match: object, trumper_card: str, bidder_card: str) -> None:
    """No cut; the trumper lays a card; the dealer bids 10, the trumper passes; the dealer
    lays his card; the W4 window passes."""
    act(match, 1, "no_cut")  # type: ignore[arg-type]
    act(match, 1, f"trump:{trumper_card}")  # type: ignore[arg-type]
    act(match, 0, "bid:10")  # type: ignore[arg-type]
    act(match, 1, "pass")  # type: ignore[arg-type]
    act(match, 0, f"trump:{bidder_card}")  # type: ignore[arg-type]
    pass_poll(match, "calls")  # type: ignore[arg-type]


def test_th2_1_seats_cutter_trumper_and_batches_non_dealer_first() -> None:
    """TH2-1 / TH2-2 / TH2-A.1 / TH2-B.1: the non-dealer cuts, chooses trump and receives
    each batch first; 24 cards, 304 points."""
    match = new_n(2, DEAL_25)
    assert match.spec.teams(2) == ((0,), (1,))
    assert (match.dealer, match.cutter, match.trumper) == (0, 1, 1)
    assert match.to_act == {1} and match.phase == "cut"
    pack = list(range(24))
    assert lay_out_two(pack, 0, "two_deals") == [
        [4, 5, 6, 7, 10, 11, 16, 17, 18, 19, 22, 23],
        [0, 1, 2, 3, 8, 9, 12, 13, 14, 15, 20, 21],
    ]
    assert lay_out_two(pack, 1, "face_up")[1] == [6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 22, 23]
    assert sum(POINTS[c] for c in DECK) == 304


def test_th2_3_trumper_lays_a_card_last_card_and_redeal_are_options() -> None:
    """TH2-3: by default the non-dealer may only lay one of his four cards face down;
    ``two_player_last_card`` and ``two_player_redeal`` add the other TH-7 choices."""
    match = new_n(2, DEAL_25)
    act(match, 1, "no_cut")
    assert ids(match, 1) == ["trump:JD", "trump:9D", "trump:AD", "trump:10D"]
    bad = deal(
        0,
        "JS 9S AS 10S JH 9H AH 10H KH JC 9C AC",
        "QS QH KD KC 10S JD 9D AD 10D QD 10C QC".replace("10S", "KS"),
    )
    opts = new_n(2, bad, two_player_last_card=True, two_player_redeal=True)
    act(opts, 1, "no_cut")
    assert ids(opts, 1)[-2:] == ["last_card", "redeal"]
    act(opts, 1, "redeal")
    assert opts.hand_results[-1]["outcome"] == "redeal" and opts.dealer == 0


def test_th2_4_bids_alternate_up_the_ladder() -> None:
    """TH2-4 / TH2-5: the dealer may open with 10; then the players alternate one rung up
    until one passes; the final bidder lays a card; then two more cards each."""
    match = new_n(2, DEAL_25)
    act(match, 1, "no_cut")
    act(match, 1, "trump:JD")
    assert match.to_act == {0} and ids(match, 0) == ["bid:10", "pass"]
    act(match, 0, "bid:10")
    assert ids(match, 1) == ["bid:20", "pass"]
    act(match, 1, "bid:20")
    act(match, 0, "bid:30")
    act(match, 1, "pass")
    assert match.phase == "trump" and match.to_act == {0}
    act(match, 0, "trump:JH")
    assert [len(match.view(s)["hand"]) for s in (0, 1)] == [5, 6]  # JH lies face down
    assert match.tm == 0 and match.high_bid == 30


def test_ex25_two_deals_count_needs_145() -> None:
    """EX-25 / TH2-7 / TH2-8 / TH2-9 / TH2-A.2 / TH2-A.3 / TH2-A.4 / TH2-A.5: TM bid 10,
    declared a 20 Jodi and won trick 12: the counting player needs 125 - 10 + 20 + 10 = 145.
    Jodi windows count tricks per half; trick 6 earns no last-trick 10; same trump after
    the second deal, and the trick-6 winner leads trick 7."""
    match = new_n(2, DEAL_25)
    bid_ten_and_lay(match, "JD", "JH")
    assert match.turn == 1  # TH2-A.2: TM's opponent leads
    act(match, 1, "play:JD")
    act(match, 0, "play:JH")
    assert match.phase == "jodi" and ids(match, 0) == ["jodi:S:20", "jodi:S:20:shown", "pass"]
    act(match, 0, "jodi:S:20")
    play(match, *FIRST_HALF_25[2:])
    assert len(match.tricks) == 6 and match.hand_number == 1
    assert match.view(0)["hand"] == ["KH", "QH", "JC", "9C", "AC", "10C"]
    assert match.turn == 0 and match.view(1)["trump"] == "H"  # same trump, winner leads
    act(match, 0, "play:JC")
    act(match, 1, "play:QC")
    assert match.phase == "jodi" and ids(match, 0) == ["jodi:H:40", "pass"]  # 1st of half 2
    act(match, 0, "pass")
    play(match, *SECOND_HALF_25[2:])
    assert "call:double" in ids(match, 0) and "call:khanuck" not in ids(match, 0)
    play(match, "KH", "10S")
    result = match.hand_results[-1]
    count = result["count"]
    assert (count["target"], count["bid"], count["trump_team_jodi"]) == (125, 10, 20)
    assert count["last_trick"] == -10 and count["needed_card_points"] == 145
    assert len(result["tricks"]) == 12 and result["card_points"] == [304, 0]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("trump_team_won", 0, 1)
    # the same arithmetic at the boundary: 145 wins the counting player 2 balls (a bid)
    won = ordinary_count(145, 10, 0, 20, False, 125)
    lost = ordinary_count(144, 10, 0, 20, False, 125)
    assert won.counting_team_wins and won.total == 125 and not lost.counting_team_wins
    assert ordinary_balls(True, True, False) == 2


def test_th2_10_double_on_trick_twelve() -> None:
    """TH2-10: the player who won tricks 1-11 may Double before his trick-12 card: 2 balls."""
    match = new_n(2, DEAL_25)
    bid_ten_and_lay(match, "JD", "JH")
    play(match, *FIRST_HALF_25, *SECOND_HALF_25)
    act(match, 0, "call:double")
    play(match, "KH", "10S")
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("call_success", 0, 2)


def test_th2_6_thunee_six_tricks_and_th2_11_annulment() -> None:
    """TH2-6 / TH2-11: TM is polled first (seat 1 holds one suit and is passed); a Thunee
    is six tricks from the hands, 4 balls, the other twelve cards ignored. By default a
    Thunee hand is annulled when the opponent's six cards hold no trump; ``never`` plays it;
    ``always`` annuls an ordinary hand too."""
    match = new_n(2, DEAL_25, two_player_annul="never")
    act(match, 1, "no_cut")
    act(match, 1, "trump:JD")
    act(match, 0, "pass")
    assert match.phase == "calls" and match.to_act == {0}
    act(match, 0, "call:thunee")
    play(match, "JH", "JD", "9H", "9D", "AH", "AD", "10H", "10D", "KS", "KD", "QS", "QD")
    result = match.hand_results[-1]
    assert (result["outcome"], result["balls_to"], result["balls"]) == ("contract_success", 0, 4)
    assert len(result["tricks"]) == 6 and len(match.tricks) == 0
    default = new_n(2, DEAL_25)
    act(default, 1, "no_cut")
    act(default, 1, "trump:JD")
    act(default, 0, "pass")
    act(default, 0, "call:thunee")
    act(default, 0, "play:JH")
    assert default.hand_results[-1]["outcome"] == "annulled"
    ordinary = new_n(2, DEAL_25)
    bid_ten_and_lay(ordinary, "JD", "JH")
    act(ordinary, 1, "play:JD")
    assert ordinary.hand_number == 1  # thunee_only: an ordinary hand is not annulled
    always = new_n(2, DEAL_25, two_player_annul="always")
    bid_ten_and_lay(always, "JD", "JH")
    act(always, 1, "play:JD")
    assert always.hand_results[-1]["outcome"] == "annulled"


def test_th2_12_no_undercut_with_two_players() -> None:
    """TH2-12 / TH-21: the second card of a trick follows suit if able, else anything."""
    for seed in range(3):
        for method in ("two_deals", "face_up"):
            match = new_n(2, seed=seed, two_player_method=method)
            rng = random.Random(seed)
            while match.hand_number < 3 and not match.is_over:
                if match.phase == "play" and len(match.trick) == 1:
                    seat = match.turn
                    led = match.trick[0] // 13
                    hand = match.hands[seat]
                    follow = [c for c in hand if c // 13 == led]
                    plays = [a.value for a in match.legal_actions(seat) if a.kind == "play"]
                    assert sorted(plays) == sorted(card_strs(follow or hand))
                seat, action = random_step(match, rng)
                match.apply(seat, action)


def _lay_row(match: object, seat: int, cards: list[str]) -> None:
    for card in cards:
        act(match, seat, f"lay:{card}")  # type: ignore[arg-type]


def test_th2_b_face_up_layout_visibility_and_follow_suit() -> None:
    """TH2-B.1 to TH2-B.6: the rows are dealt first; after trick 1 each player covers five
    face-down cards and one turns up; face-up cards are public and playable, face-down ones
    are shown to nobody; a covered card turns up when the trick ends; following suit is
    judged on the face-up cards only."""
    match = new_n(2, DEAL_UP, two_player_method="face_up")
    act(match, 1, "no_cut")
    assert match.view(1)["hand"] == ["JH", "AH", "10H", "JS"]
    assert match.card_zones()["face_down:0"] == ["JD", "9D", "AD", "KS", "QS", "QC"]
    act(match, 1, "trump:JH")
    act(match, 0, "pass")
    pass_poll(match, "calls")
    assert match.turn == 0  # TH2-B.4
    play(match, "AS", "10S")
    assert match.phase == "layout" and match.to_act == {1}  # the non-dealer lays first
    assert ids(match, 1) == ["lay:JH", "lay:AH", "lay:10H", "lay:JS", "lay:9S", "lay:open"]
    _lay_row(match, 1, ["JH", "AH", "10H", "JS", "9S"])  # the 6th (KC) turns up by itself
    assert match.to_act == {0}
    _lay_row(match, 0, ["9H", "KD", "QD", "KH", "QH"])
    assert match.phase == "play" and match.turn == 0
    rows = match.public_view()["rows"]
    assert [p["up"] for p in rows[0]] == ["9H", "KD", "QD", "KH", "QH", "QC"]
    assert [p["down"] for p in rows[0]] == [True] * 5 + [False]
    assert match.view(0)["hand"] == [] and match.view(1)["hand"] == []
    hidden = {"JD", "9D", "AD", "KS", "QS", "10D", "JC", "9C", "AC", "10C"}
    for view in [match.public_view(), match.view(0), match.view(1)]:
        assert not hidden & set(card_strings_in(view))
    play(match, "9H")
    assert ids(match, 1) == ["play:JH", "play:AH", "play:10H"]  # hearts face up
    act(match, 1, "play:AH")
    # trick 2 ends: JD (under 9H) and JC (under AH) turn up; seat 0 may declare
    assert [p["up"] for p in match.public_view()["rows"][1]][:2] == ["JH", "JC"]
    assert match.phase == "jodi"
    act(match, 0, "jodi:H:40")
    act(match, 0, "pass")
    play(match, "JD")
    # seat 1 holds 10D face down but no diamond face up: any face-up card may be played
    assert len([i for i in ids(match, 1) if i.startswith("play:")]) == 6
    act(match, 1, "play:JS")
    assert match.phase == "play" and match.turn == 0  # the diamond Jodi chance has lapsed
    play_any(match)
    result = match.hand_results[-1]
    assert len(result["tricks"]) == 12 and result["count"]["target"] == 125
    assert [(j["seat"], j["value"]) for j in result["jodis"]] == [(0, 40)]
    zones = match.card_zones()
    assert sorted(c for cards in zones.values() for c in cards) == sorted(
        CARD_STRINGS[c] for c in DECK
    )


def test_th2_b_7_face_up_jodi_value_is_fixed_when_it_appears() -> None:
    """TH2-B.7: K and Q of diamonds face up with the J still face down: a 20, and it stays
    20 when the JD turns up; declared the next time the player wins a trick."""
    match = new_n(2, DEAL_UP, two_player_method="face_up")
    act(match, 1, "no_cut")
    act(match, 1, "trump:JH")
    act(match, 0, "pass")
    pass_poll(match, "calls")
    play(match, "AS", "10S")
    _lay_row(match, 1, ["JH", "AH", "10H", "JS", "9S"])
    _lay_row(match, 0, ["9H", "KD", "QD", "KH", "QH"])
    play(match, "9H")
    act(match, 1, "play:AH")
    assert "JD" in [p["up"] for p in match.public_view()["rows"][0]]
    assert ids(match, 0) == ["jodi:H:40", "jodi:D:20", "jodi:D:20:shown", "pass"]
    act(match, 0, "jodi:D:20:shown")
    assert ids(match, 0) == ["jodi:H:40", "pass"]
    act(match, 0, "pass")
    assert match.public_view()["jodis"] == [{"seat": 0, "value": 20, "suit": "D"}]
