"""Tonk (rules/tonk.py) against shared/rules/tonk.md: the worked examples E1-E17 with their
numbers, then every TK rule and TKV variant by id."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import registry
from rules.cards import parse_card, parse_cards
from rules.contract import IllegalAction
from rules.random_play import play_out, random_step
from rules.rummy import find_melds, make_run, make_set
from rules.tonk import (
    DRAW_STOCK,
    SPEC,
    TONK_ORDER,
    Tonk,
    TonkOptions,
    cut_for_deal,
    drop_payments,
    everyone_pays,
    hoyle_points,
    may_hold_spread,
    meld_rules,
    showdown_payments,
)
from tests.conformance.checks import run_match
from tests.rules.tonk_helpers import legal_ids, play, stacked_deal, stacked_match


def rejected(match: Tonk, seat: int, action: str, message: str | None = None) -> str:
    before = (match.snapshot(), match.view(seat), match.public_view())
    with pytest.raises(IllegalAction, match=message) as info:
        match.apply(seat, action)
    assert (match.snapshot(), match.view(seat), match.public_view()) == before
    return str(info.value)


# -- §11 worked examples ----------------------------------------------------------------


def test_e1_tk2_two_to_four_players() -> None:
    """E1 / TK-2: 1 or 5 players rejected; 2, 3, 4 accepted."""
    for bad in (1, 5):
        with pytest.raises(IllegalAction, match="2, 3, 4 players"):
            SPEC.new_match(bad)
    for good in (2, 3, 4):
        assert SPEC.new_match(good, seed=1).players == good


def test_e2_tk3_one_deck_no_jokers() -> None:
    """E2 / TK-3: 52 unique cards, no jokers."""
    match = SPEC.new_match(2, seed=3)
    deck = match.deck()
    assert len(deck) == 52 and len(set(deck)) == 52 and "*" not in deck
    with pytest.raises(IllegalAction, match="no jokers"):
        SPEC.parse_action("spread:*,7C,7D")


def test_e3_tk4_tk31_aces_low_kings_high() -> None:
    """E3 / TK-4 / TK-31: A-2-3 and J-Q-K runs; Q-K-A and K-A-2 invalid; K cuts over Q."""
    rules = meld_rules(TonkOptions())
    assert make_run(parse_cards(["AS", "2S", "3S"]), rules) is not None
    assert make_run(parse_cards(["JS", "QS", "KS"]), rules) is not None
    assert make_run(parse_cards(["QS", "KS", "AS"]), rules) is None
    assert make_run(parse_cards(["KS", "AS", "2S"]), rules) is None
    strength = TONK_ORDER.strength
    assert strength[parse_card("KH")] > strength[parse_card("QS")]
    assert strength[parse_card("AH")] < strength[parse_card("2S")]
    # TK-10 cut: a K beats a Q, an A loses to a 2.
    assert cut_for_deal([parse_cards(["QS"]), parse_cards(["KD"])]) == 1
    assert cut_for_deal([parse_cards(["AS"]), parse_cards(["2D"])]) == 1


def test_e4_tk5_tk32_wild_twos_in_spreads() -> None:
    """E4 / TK-5 / TK-32: 7C-7D-2S book, 5H-2C-7H run (2 = 6H), 7C-2D-2S rejected."""
    rules = meld_rules(TonkOptions())
    assert make_set(parse_cards(["7C", "7D", "2S"]), rules) is not None
    run = make_run(parse_cards(["5H", "2C", "7H"]), rules)
    assert run is not None and run.stands_for(1) == parse_card("6H")
    assert make_set(parse_cards(["7C", "2D", "2S"]), rules) is None
    match = stacked_match(
        2, 1, {0: "7C,7D,2S,5H,7H", 1: "3D,4D,5D,6D,8D"}, upcard="KC", stock_top="2D"
    )
    play(match, "0 draw:stock")
    ids = legal_ids(match)
    assert "spread:7D,7C,2D" in ids and "spread:5H,2D,7H" in ids
    rejected(match, 0, "spread:7C,2D,2S", "not a spread")
    play(match, "0 spread:5H,2D,7H")
    spread = match.public_view()["spreads"][0]
    assert spread["cards"] == ["5H", "2D", "7H"] and spread["wild"] == [False, True, False]
    assert spread["label"] == "5♥ 2♦(6♥) 7♥"  # the wild states the card it stands for
    play(match, "0 spread:7D,7C,2S")  # the other 2 serves the book


def test_e5_tk6_tk40_successful_drop() -> None:
    """E5 / TK-6 / TK-40: dropper 6, B 9, C 12 -> +2S, -S, -S (3-card hands to reach them)."""
    match = stacked_match(
        3, 2, {0: "AS,2C,3S", 1: "4H,3D,2H", 2: "5C,4C,3C"}, upcard="KC", hand_size=3
    )
    play(match, "0 drop")
    result = match.hand_results[0]
    assert result["outcome"] == "drop" and result["counts"] == [6, 9, 12]
    assert result["payments"] == [2, -1, -1]
    assert match.ledger == [2, -1, -1]


def test_e6_tk15_tonk_on_the_deal_at_49() -> None:
    """E6 / TK-15: KS QD JC 10H 9S = 49 to A, 3 players -> A +4S, B -2S, C -2S, no play."""
    match = stacked_match(3, 2, {0: "KS,QD,JC,10H,9S"}, upcard="2C")
    result = match.hand_results[0]
    assert result["outcome"] == "tonk_on_deal" and result["winner"] == 0
    assert result["payments"] == [4, -2, -2]
    assert match.is_over and match.actions_applied == []  # no play (INV-TK-6)
    staked = stacked_match(3, 2, {0: "KS,QD,JC,10H,9S"}, upcard="2C", stake=5)
    assert staked.ledger == [20, -10, -10]  # TK-8: settled at 2S with S = 5


def test_e7_tk15_two_tonks_void_the_deal() -> None:
    """E7: two players dealt 50 -> void, no payments, the next dealer is next_seat(dealer)."""
    match = stacked_match(3, 1, {0: "KS,KH,KD,KC,QS", 1: "QH,QD,QC,JS,JH"}, upcard="2C", hands=2)
    result = match.hand_results[0]
    assert result["outcome"] == "void_deal" and result["payments"] == [0, 0, 0]
    assert match.ledger == [0, 0, 0]
    assert match.hand_number == 2 and match.dealer == 2  # TK-11


def test_e8_tk40_caught_dropper_pays_equal_or_lower() -> None:
    """E8: dropper A 5, B 7, C 5 -> A pays 2 to C: A -2, B 0, C +2."""
    match = stacked_match(
        3, 2, {0: "AS,AH,3S", 1: "4S,2H,AD", 2: "AC,2C,2S"}, upcard="KC", hand_size=3
    )
    play(match, "0 drop")
    result = match.hand_results[0]
    assert result["counts"] == [5, 7, 5] and result["outcome"] == "caught"
    assert match.ledger == [-2, 0, 2]


def test_e9_tk40_caught_dropper_pays_each_lower() -> None:
    """E9: dropper A 8, B 3, C 8 -> A pays 2 to B and 2 to C: A -4, B +2, C +2."""
    match = stacked_match(
        3, 2, {0: "3S,3H,2C", 1: "AS,AH,AD", 2: "4C,2D,2H"}, upcard="KC", hand_size=3
    )
    play(match, "0 drop")
    assert match.hand_results[0]["counts"] == [8, 3, 8]
    assert match.ledger == [-4, 2, 2]


def test_e10_tk19_tk42_tonk_out_by_spreading_and_hitting() -> None:
    """E10 / TK-19 / TK-42: 4 players, hand emptied by a spread and hits -> +6S, -2S each."""
    match = stacked_match(4, 3, {0: "5H,6H,7H,8H,9H"}, upcard="KC", stock_top="10H")
    play(match, "0 draw:stock", "0 spread:5H,6H,7H", "0 hit:8H>m1", "0 hit:9H>m1")
    assert not match.hand_results
    play(match, "0 hit:10H>m1")
    result = match.hand_results[0]
    assert result["outcome"] == "tonk_out" and result["payments"] == [6, -2, -2, -2]


def test_e11_tk43_out_on_the_last_discard() -> None:
    """E11 / TK-43: 4 players, out on the last discard -> +3S, -S each."""
    match = stacked_match(4, 3, {0: "5H,6H,7H,8H,9H"}, upcard="KC", stock_top="KS")
    play(match, "0 draw:stock", "0 spread:5H,6H,7H,8H,9H", "0 discard:KS")
    result = match.hand_results[0]
    assert result["outcome"] == "out_on_discard" and result["payments"] == [3, -1, -1, -1]


@pytest.mark.parametrize(("players", "stock"), [(2, 41), (3, 36), (4, 31)])
def test_e12_tk14_stock_size_after_the_deal(players: int, stock: int) -> None:
    """E12 / TK-14 / INV-TK-2: stock 41, 36, 31; one upcard; 5 cards each."""
    for seed in range(5):
        match = SPEC.new_match(players, {"tonk_on_deal": "off"}, seed=seed)
        view = match.public_view()
        assert view["stock_size"] == stock and view["discard_size"] == 1
        assert view["hand_sizes"] == [5] * players


def test_e13_tk7_tk33_tk36_count_at_a_drop() -> None:
    """E13 / TK-7 / TK-33 / TK-36: {2C, KD, AH} counts 2 + 10 + 1 = 13."""
    match = stacked_match(2, 1, {0: "2C,KD,AH", 1: "KS,KH,QS"}, upcard="3C", hand_size=3)
    play(match, "0 drop")
    assert match.hand_results[0]["counts"] == [13, 30]
    assert match.hand_results[0]["revealed"]["0"] == ["2C", "KD", "AH"]


def test_e14_tk30_book_holds_at_most_four() -> None:
    """E14 / TK-30: hitting 2C on 9C 9D 9H 9S is rejected."""
    match = stacked_match(2, 1, {0: "9C,9D,9H,9S,2C"}, upcard="KC", stock_top="4D")
    play(match, "0 draw:stock", "0 spread:9S,9H,9D,9C")
    assert not any(i.startswith("hit:2C") for i in legal_ids(match))
    rejected(match, 0, "hit:2C>m1", "does not fit")


def test_e15_tk16_tk40_no_drop_after_drawing() -> None:
    """E15 / TK-16 / INV-TK-7: a drop after drawing is rejected."""
    match = stacked_match(2, 1, {0: "AS,AH,AD,AC,2C"}, upcard="KC")
    assert legal_ids(match) == ["drop", "draw:stock", "draw:discard"]
    play(match, "0 draw:stock")
    rejected(match, 0, "drop", "only at the start of your turn")


def _hoyle_e16() -> Tonk:
    return stacked_match(
        3,
        2,
        {
            0: "3S,4S,5S,7H,7D,7C,KC",
            1: "8S,9S,10S,JH,JD,JS,3H",
            2: "8C,9C,10C,QH,QD,QS,KD",
        },
        upcard="6H",
        stock_top="4D,QC,6D",
        hoyle=True,
    )


def test_e16_tkv_hoyle_6_tunker_doubled_when_beaten() -> None:
    """E16 / TKV-HOYLE-6: tunker 4, others 3 and 10 -> tunker scores 8, others 3 and 10."""
    match = _hoyle_e16()
    play(match, "0 draw:stock", "0 tunk:KC")
    assert match.phase == "final_draw" and match.to_act == {1}  # TKV-HOYLE-5 order
    play(match, "1 draw:stock", "1 discard:QC", "2 draw:stock", "2 discard:6D")
    result = match.hand_results[0]
    assert result["outcome"] == "tunk" and result["counts"] == [4, 3, 10]
    assert result["doubled"] is True
    assert result["points"] == [8, 3, 10] and match.scores == [8, 3, 10]
    assert hoyle_points([4, 3, 10], 0) == ([8, 3, 10], True)
    assert hoyle_points([4, 4, 10], 0) == ([4, 4, 10], False)  # a tie is not "lower"


def test_e17_tkv_hoyle_4_tunk_at_five_not_six() -> None:
    """E17 / TKV-HOYLE-4: 5 unmatched points after the discard allow TUNK; 6 do not."""
    five = stacked_match(2, 1, {0: "3S,4S,5S,7H,7D,7C,KC"}, upcard="6H", stock_top="5D", hoyle=True)
    play(five, "0 draw:stock")
    assert "tunk:KC" in legal_ids(five)
    six = stacked_match(2, 1, {0: "3S,4S,5S,7H,7D,7C,KC"}, upcard="6H", stock_top="6D", hoyle=True)
    play(six, "0 draw:stock")
    assert not any(i.startswith("tunk") for i in legal_ids(six))
    rejected(six, 0, "tunk:KC", "5 or fewer unmatched")


# -- TK rules -----------------------------------------------------------------------------


def test_tk1_registered_rummy_game() -> None:
    """TK-1: Tonk is a draw-and-discard rummy game registered as "tonk"."""
    spec = registry.get("tonk")
    assert spec.name == "tonk" and spec.title == "Tonk" and spec.teams(3) is None
    match = spec.new_match(2, seed=2)
    kinds = {a.kind for a in match.legal_actions(next(iter(match.to_act)))}
    assert {"draw"} <= kinds


def test_tk8_tk46_ledger_is_zero_sum_and_scaled_by_stake() -> None:
    """TK-8 / TK-46: every settlement is zero-sum; S scales every payout."""
    assert everyone_pays(1, 4, 2) == [-2, 6, -2, -2]
    assert sum(drop_payments([5, 7, 5], 0, 3)) == 0
    assert drop_payments([5, 7, 5], 0, 3) == [-6, 0, 6]
    assert showdown_payments([4, 9, 12], 2) == [4, -2, -2]


def test_tk9_tk12_turn_order_is_clockwise_from_the_dealers_left() -> None:
    """TK-9 / TK-12 / INV-TK-9: the dealer's left plays first; turns go to s+1."""
    match = stacked_match(3, 0, {}, upcard="KC")
    assert match.to_act == {1}
    play(match, "1 draw:stock")
    card = match.hands[1][-1]
    match.apply(1, f"discard:{match.deck()[card]}")
    assert match.to_act == {2}
    two = stacked_match(2, 1, {}, upcard="KC")
    assert two.to_act == {0}  # with 2 players the non-dealer starts


def test_tk10_first_dealer_by_cut() -> None:
    """TK-10: each draws a card with the PRNG; the highest (K high, A low) deals; ties redraw."""
    assert cut_for_deal([parse_cards(["KS"]), parse_cards(["KD"])]) is None
    for seed in range(30):
        match = SPEC.new_match(4, {"tonk_on_deal": "off"}, seed=seed)
        cut = match.public_view()["cut_for_deal"]
        lasts = {s: cards[-1] for s, cards in enumerate(cut) if len(cards) == max(map(len, cut))}
        strengths = {s: TONK_ORDER.strength[parse_card(c)] for s, c in lasts.items()}
        assert max(strengths, key=lambda s: strengths[s]) == match.dealer
        assert list(strengths.values()).count(max(strengths.values())) == 1


def test_tk11_dealer_passes_left() -> None:
    """TK-11: the next hand is dealt by next_seat(dealer)."""
    match = stacked_match(3, 1, {0: "AS,AH,AD,AC,2C"}, upcard="KC", hands=3)
    play(match, "2 drop")
    assert match.hand_number == 2 and match.dealer == 2
    assert match.hand_results[0]["dealer"] == 1


def test_tk13_tk14_deal_and_stacked_deal_validation() -> None:
    """TK-13 / TK-14: 5 cards each, an upcard, the rest stock; bad stacked deals rejected."""
    match = SPEC.new_match(3, {"tonk_on_deal": "off"}, seed=4)
    zones = match.card_zones()
    assert [len(zones[f"hand{s}"]) for s in range(3)] == [5, 5, 5]
    assert len(zones["discard"]) == 1 and len(zones["stock"]) == 36
    deal = stacked_deal(2, 0, {}, upcard="KC")
    bad = deal.model_copy(update={"hands": [deal.hands[0][:4], deal.hands[1]]})
    with pytest.raises(IllegalAction, match="must get 5 cards"):
        SPEC.new_match(2, seed=1, deals=[bad])
    dup = deal.model_copy(update={"upcard": deal.hands[0][0]})
    with pytest.raises(IllegalAction, match="52 cards once"):
        SPEC.new_match(2, seed=1, deals=[dup])


def test_tk15_checked_only_for_five_card_hands() -> None:
    """TK-15: skipped when hand_size is not 5 (and 'off' skips it)."""
    hand = "KS,QD,JC,10H,9S"
    assert stacked_match(3, 2, {0: hand}, upcard="2C", tonk_on_deal="off").hand_results == []
    six = stacked_match(3, 2, {0: hand + ",8S"}, upcard="2C", hand_size=6)
    assert six.hand_results == [] and six.phase == "draw"


def test_tk17_draw_from_the_discard_pile_is_free_and_the_upcard_is_takeable() -> None:
    """TK-17: the first player may take the upcard; taking the discard has no condition."""
    match = stacked_match(2, 1, {0: "AS,3H,5D,7C,9S"}, upcard="KC")
    play(match, "0 draw:discard")
    assert parse_card("KC") in match.hands[0]
    assert match.public_view()["discard_size"] == 0
    assert match.public_view()["taken_discard"] == "KC"


def test_tk18_spreads_and_hits_in_any_order_and_number() -> None:
    """TK-18 / TK-34: spread, hit another's spread, spread again, in one turn."""
    match = stacked_match(
        2,
        1,
        {0: "5H,6H,7H,KS,KD,AC,3S", 1: "8H,9C,9D,9S,QC,3D,4D"},
        upcard="4C",
        stock_top="KH,2S",
        hand_size=7,
    )
    play(match, "0 draw:stock", "0 spread:KS,KH,KD", "0 spread:5H,6H,7H", "0 discard:AC")
    # Seat 1 hits seat 0's run before spreading anything of their own (TK-34).
    play(match, "1 draw:stock", "1 hit:8H>m2", "1 spread:9S,9D,9C")
    view = match.public_view()
    assert [s["owner"] for s in view["spreads"]] == [0, 0, 1]  # TK-35: spreads stay put
    assert view["spreads"][1]["cards"] == ["5H", "6H", "7H", "8H"]
    # a wild 2 hitting a run names the end
    assert {"hit:2S>m2:low", "hit:2S>m2:high", "hit:2S>m1"} <= set(legal_ids(match))


def test_tk20_no_discarding_the_card_just_taken() -> None:
    """TK-20: the card taken from the discard pile may not be discarded the same turn."""
    match = stacked_match(2, 1, {0: "AS,3H,5D,7C,9S"}, upcard="KC")
    play(match, "0 draw:discard")
    assert "discard:KC" not in legal_ids(match)
    rejected(match, 0, "discard:KC", "just took it")
    play(match, "0 discard:9S")
    assert match.to_act == {1}


def test_tk20_the_taken_card_may_go_if_it_is_the_only_card() -> None:
    """TK-20 engine decision: a hand of only the taken card may discard it (else stuck)."""
    match = stacked_match(2, 1, {0: "5H,6H,7H"}, upcard="KC", hand_size=3)
    play(match, "0 draw:discard", "0 spread:5H,6H,7H")
    assert legal_ids(match) == ["discard:KC"]
    play(match, "0 discard:KC")
    assert match.hand_results[0]["outcome"] == "out_on_discard"


def test_tk21_timeout_draws_and_discards_the_drawn_card() -> None:
    """TK-21: the engine draws from the stock, makes no spread, discards the drawn card."""
    match = stacked_match(2, 1, {0: "5H,6H,7H,KS,KD"}, upcard="AC", stock_top="KH")
    action = match.timeout_action()
    assert action is DRAW_STOCK
    match.apply(0, action)
    after = match.timeout_action()
    assert after is not None and after.id == "discard:KH"  # never a spread, never a drop


def test_tk31_tk34_runs_extend_to_the_ace_low_only() -> None:
    """TK-31 / TK-34: hit at either end, never past A low or K high."""
    match = stacked_match(
        2,
        1,
        {0: "2H,3H,4H,QS,KS", 1: "AH,5H,JS,9D,9C"},
        upcard="4C",
        stock_top="JD,AS",
        twos_wild=False,
    )
    play(match, "0 draw:stock", "0 spread:2H,3H,4H", "0 discard:JD")
    play(match, "1 draw:stock")
    ids = legal_ids(match)
    assert "hit:AH>m1" in ids and "hit:5H>m1" in ids
    play(match, "1 hit:AH>m1", "1 discard:9D")
    assert match.public_view()["spreads"][0]["cards"] == ["AH", "2H", "3H", "4H"]


def test_tk32_two_naturals_and_never_taken_back() -> None:
    """TK-32: at least two naturals; no action moves a wild once laid."""
    match = stacked_match(2, 1, {0: "7C,2D,2S,2H,KD"}, upcard="AC", stock_top="9S")
    play(match, "0 draw:stock")
    ids = legal_ids(match)
    assert not any(i.startswith("spread") and "7C" in i for i in ids)
    assert "spread:2S,2H,2D" in ids  # a book of 2s: natural 2s
    kinds = {i.split(":")[0] for i in ids}
    assert kinds <= {"spread", "hit", "discard"}


def test_tk33_two_in_hand_counts_two_or_the_configured_value() -> None:
    """TK-33: an unmelded 2 counts 2 by default; wild_two_hand_value changes it."""
    rules = meld_rules(TonkOptions())
    assert rules.points[parse_card("2C")] == 2
    assert meld_rules(TonkOptions(wild_two_hand_value=15)).points[parse_card("2C")] == 15
    match = stacked_match(
        2, 1, {0: "2C,KD,AH", 1: "KS,KH,QS"}, upcard="3C", hand_size=3, wild_two_hand_value=20
    )
    play(match, "0 drop")
    assert match.hand_results[0]["counts"] == [31, 30]


def test_tk36_spread_cards_do_not_count() -> None:
    """TK-36: only cards in hand count at a drop."""
    match = stacked_match(
        2, 1, {0: "KS,KH,KD,AH,AC", 1: "QS,QH,JC,JD,3S"}, upcard="4C", stock_top="5D"
    )
    play(match, "0 draw:stock", "0 spread:KS,KH,KD", "0 discard:5D")
    play(match, "1 draw:stock", "1 discard:" + match.deck()[match.hands[1][-1]])
    play(match, "0 drop")
    result = match.hand_results[0]
    assert result["counts"][0] == 2 and result["outcome"] == "drop"


def test_tk41_drop_ends_the_hand_for_everyone() -> None:
    """TK-41 / TK-45: after a drop no one plays on in that hand; the next hand is dealt."""
    match = stacked_match(3, 2, {0: "AS,AH,AD,AC,2C"}, upcard="KC", hands=2)
    play(match, "0 drop")
    assert [r["outcome"] for r in match.hand_results] == ["drop"]
    assert match.hand_number == 2 and match.phase == "draw"
    assert match.public_view()["spreads"] == []


def _exhaust_stock(match: Tonk) -> None:
    hand = match.hand_number
    while match.hand_number == hand and not match.is_over:
        action = match.timeout_action()
        assert action is not None
        match.apply(next(iter(match.to_act)), action)


def test_tk44_stock_exhausted_showdown_unique_lowest_wins() -> None:
    """TK-44: a turn ending on an empty stock -> showdown; the unique lowest gets S each."""
    match = stacked_match(
        4,
        3,
        {
            0: "AS,2S,3S,4S,5S,6S,7S,8S,9S,10S,JS,AH",
            1: "QS,2H,3H,4H,5H,6H,7H,8H,9H,10H,JH,KH",
            2: "AD,2D,3D,4D,5D,6D,7D,8D,9D,10D,JD,KD",
            3: "AC,2C,3C,4C,5C,6C,7C,8C,9C,10C,JC,KC",
        },
        upcard="KS",
        stock_top="QH,QD,QC",
        hand_size=12,
    )
    assert match.public_view()["stock_size"] == 3
    _exhaust_stock(match)
    result = match.hand_results[0]
    assert result["outcome"] == "showdown" and result["counts"] == [66, 84, 75, 75]
    assert result["payments"] == [3, -1, -1, -1]


def test_tk44_showdown_tie_pays_nobody_and_other_stock_out_rules() -> None:
    """TK-44: a shared lowest pays nobody; ``void`` voids; ``reshuffle`` turns the pile."""
    hands = {
        0: "AS,2S,3S,4S,5S,6S,7S,8S,9S,10S,JS,KS",
        1: "AH,2H,3H,4H,5H,6H,7H,8H,9H,10H,JH,KH",
        2: "AD,2D,3D,4D,5D,6D,7D,8D,9D,10D,JD,KD",
        3: "AC,2C,3C,4C,5C,6C,7C,8C,9C,10C,JC,KC",
    }
    tie = stacked_match(4, 3, hands, upcard="QS", stock_top="QH,QD,QC", hand_size=12)
    _exhaust_stock(tie)
    assert tie.hand_results[0]["payments"] == [0, 0, 0, 0]
    void = stacked_match(
        4, 3, hands, upcard="QS", stock_top="QH,QD,QC", hand_size=12, stock_out="void"
    )
    _exhaust_stock(void)
    assert void.hand_results[0]["outcome"] == "stock_void"
    assert void.hand_results[0]["payments"] == [0, 0, 0, 0]
    again = stacked_match(
        4, 3, hands, upcard="QS", stock_top="QH,QD,QC", hand_size=12, stock_out="reshuffle"
    )
    for seat in (0, 1, 2):
        again.apply(seat, "draw:stock")
        again.apply(seat, f"discard:{again.deck()[again.hands[seat][-1]]}")
    view = again.public_view()
    assert view["stock_size"] == 3 and view["discard_size"] == 1  # all but the top discard
    assert again.hand_results == [] and again.to_act == {3}


def test_tk45_tk46_every_outcome_pays_as_the_table_says() -> None:
    """TK-45 / TK-46: the outcome table (each outcome's payments, stake 1, 3 players)."""
    assert everyone_pays(0, 3, 2) == [4, -2, -2]  # tonk on the deal / tonk out
    assert everyone_pays(0, 3, 1) == [2, -1, -1]  # out on the last discard
    assert drop_payments([3, 5, 9], 0, 1) == [2, -1, -1]  # successful drop
    assert drop_payments([5, 5, 9], 0, 1) == [-2, 2, 0]  # caught
    assert showdown_payments([3, 5, 9], 1) == [2, -1, -1]
    assert showdown_payments([3, 3, 9], 1) == [0, 0, 0]


def test_tk47_session_of_h_hands_ranked_by_ledger() -> None:
    """TK-47: the session lasts ``hands`` hands; winners are the best ledger."""
    match = SPEC.new_match(3, {"hands": 4}, seed=12)
    play_out(match, random.Random(1))
    assert match.is_over and len(match.hand_results) == 4
    result = match.result
    assert result is not None and result["scores"] == match.ledger
    best = max(match.ledger)
    assert result["winners"] == [s for s in range(3) if match.ledger[s] == best]


# -- TKV variants -------------------------------------------------------------------------


def test_tkv_nowild_twos_are_plain_cards() -> None:
    """TKV-NOWILD: 2s are ordinary cards worth 2; 7C-7D-2S is no book."""
    match = stacked_match(2, 1, {0: "7C,7D,2S,3S,4S"}, upcard="KC", stock_top="9H", twos_wild=False)
    play(match, "0 draw:stock")
    ids = legal_ids(match)
    assert "spread:2S,3S,4S" in ids
    assert not any("7C" in i and i.startswith("spread") for i in ids)


def test_tkv_opt_1_hit_and_hold() -> None:
    """TKV-OPT-1: after another player hits your spread you may not drop next turn."""
    match = stacked_match(
        2,
        1,
        {0: "5H,6H,7H,AS,AD", 1: "8H,KC,KD,QC,QD"},
        upcard="JC",
        stock_top="3C,4C,9C",
        hit_penalty=True,
        hands=2,
    )
    play(match, "0 draw:stock", "0 spread:5H,6H,7H", "0 discard:3C")
    play(match, "1 draw:stock", "1 hit:8H>m1", "1 discard:4C")
    assert "drop" not in legal_ids(match)
    assert match.public_view()["drop_blocked"] == [0]
    rejected(match, 0, "drop", "spread was hit")
    play(match, "0 draw:stock", "0 discard:9C")
    play(match, "1 draw:stock", "1 discard:" + match.deck()[match.hands[1][-1]])
    assert "drop" in legal_ids(match)  # the start of the second turn after the hit


def test_tkv_opt_1_stacked_penalty_counts_each_hit() -> None:
    """TKV-OPT-1 (stacked): two hits by others -> two turns without a drop."""
    match = stacked_match(
        3,
        2,
        {0: "5H,6H,7H,AS,AD", 1: "8H,KC,KD,QC,QD", 2: "9H,JC,JD,3C,3D"},
        upcard="JS",
        stock_top="4C,4D,4S,5C,5D,5S,6C",
        hit_penalty=True,
        hit_penalty_stacks=True,
    )
    play(match, "0 draw:stock", "0 spread:5H,6H,7H", "0 discard:4C")
    play(match, "1 draw:stock", "1 hit:8H>m1", "1 discard:4D")
    play(match, "2 draw:stock", "2 hit:9H>m1", "2 discard:4S")
    assert "drop" not in legal_ids(match)
    play(match, "0 draw:stock", "0 discard:5C", "1 draw:stock", "1 discard:5D")
    play(match, "2 draw:stock", "2 discard:5S")
    assert "drop" not in legal_ids(match)  # the second hit's turn
    play(match, "0 draw:stock", "0 discard:6C", "1 draw:stock")
    play(match, "1 discard:" + match.deck()[match.hands[1][-1]])
    play(match, "2 draw:stock", "2 discard:" + match.deck()[match.hands[2][-1]])
    assert "drop" in legal_ids(match)


def test_tkv_opt_2_discard_must_be_used() -> None:
    """TKV-OPT-2: take the discard only to spread or hit it at once."""
    useless = stacked_match(2, 1, {0: "AS,3H,5D,7C,9S"}, upcard="KC", discard_must_be_used=True)
    assert "draw:discard" not in legal_ids(useless)
    match = stacked_match(2, 1, {0: "KS,KD,5D,7C,9S"}, upcard="KC", discard_must_be_used=True)
    play(match, "0 draw:discard")
    ids = legal_ids(match)
    assert ids and all(i.startswith("spread") and "KC" in i for i in ids)
    rejected(match, 0, "discard:9S", "First spread or hit")
    play(match, "0 spread:KS,KD,KC")
    assert "discard:9S" in legal_ids(match)


def test_tkv_opt_3_other_payments_for_a_caught_dropper() -> None:
    """TKV-OPT-3: (a) 2S to the lowest only; (b) everyone's stake to the lowest."""
    counts = [8, 3, 8, 5]
    assert drop_payments(counts, 0, 1) == [-6, 2, 2, 2]
    assert drop_payments(counts, 0, 1, "lowest_only") == [-2, 2, 0, 0]
    assert drop_payments(counts, 0, 1, "all_stakes_to_lowest") == [-3, 3, 0, 0]
    # several share the lowest: the first after the dropper receives
    assert drop_payments([8, 8, 3, 3], 3, 1, "lowest_only") == [0, 0, 2, -2]
    match = stacked_match(
        3,
        2,
        {0: "3S,3H,2C", 1: "AS,AH,AD", 2: "4C,2D,2H"},
        upcard="KC",
        hand_size=3,
        caught_payment="all_stakes_to_lowest",
    )
    play(match, "0 drop")
    assert match.ledger == [-2, 2, 0]


def test_tkv_opt_4_tonk_on_fifty_only() -> None:
    """TKV-OPT-4: a 49 no longer wins on the deal; a 50 still does."""
    forty_nine = stacked_match(3, 2, {0: "KS,QD,JC,10H,9S"}, upcard="2C", tonk_on_deal="50_only")
    assert forty_nine.hand_results == []
    fifty = stacked_match(3, 2, {0: "KS,QD,JC,10H,10S"}, upcard="2C", tonk_on_deal="50_only")
    assert fifty.hand_results[0]["outcome"] == "tonk_on_deal"


def test_tkv_opt_5_winner_deals() -> None:
    """TKV-OPT-5: the winner of a hand deals the next one."""
    match = stacked_match(3, 1, {2: "AS,AH,AD,AC,2C"}, upcard="KC", hands=2, winner_deals=True)
    play(match, "2 drop")
    assert match.hand_results[0]["winner"] == 2 and match.dealer == 2


def test_tkv_opt_6_one_hit_per_turn() -> None:
    """TKV-OPT-6: once you hit a spread you may add only to that spread this turn."""
    match = stacked_match(
        2,
        1,
        {0: "5H,6H,7H,KS,KD,AC,3S", 1: "8H,9H,4C,KC,QC,3D,4D"},
        upcard="JD",
        stock_top="KH,2S",
        hand_size=7,
        one_hit_per_turn=True,
    )
    play(match, "0 draw:stock", "0 spread:KS,KH,KD", "0 spread:5H,6H,7H", "0 discard:AC")
    play(match, "1 draw:stock")
    assert "hit:KC>m1" in legal_ids(match)
    play(match, "1 hit:8H>m2")
    ids = legal_ids(match)
    assert "hit:9H>m2" in ids and "hit:KC>m1" not in ids
    rejected(match, 1, "hit:KC>m1", "Only one hit a turn")


def test_tkv_opt_7_high_court_values() -> None:
    """TKV-OPT-7: J 11, Q 12, K 13; the 49/50 tonk must be off."""
    rules = meld_rules(TonkOptions(high_court_values=True, tonk_on_deal="off"))
    assert [rules.points[parse_card(c)] for c in ("JS", "QS", "KS", "AS")] == [11, 12, 13, 1]
    with pytest.raises(IllegalAction, match="tonk_on_deal"):
        SPEC.new_match(2, {"high_court_values": True})


def test_tkv_opt_8_deal_size_by_table() -> None:
    """TKV-OPT-8: 7 cards with 2 players, 5 with 3-4; the 49/50 check only for 5."""
    two = SPEC.new_match(2, {"deal_size_by_table": True}, seed=1)
    assert two.public_view()["hand_sizes"] == [7, 7] and two.public_view()["stock_size"] == 37
    three = SPEC.new_match(3, {"deal_size_by_table": True, "tonk_on_deal": "off"}, seed=1)
    assert three.public_view()["hand_sizes"] == [5, 5, 5]
    seven = stacked_match(2, 1, {0: "KS,QD,JC,10H,9S,8S,7S"}, upcard="2C", deal_size_by_table=True)
    assert seven.hand_results == []


def test_tkv_hoyle_1_seven_cards_and_the_upcard() -> None:
    """TKV-HOYLE-1: 7 cards each, an upcard the first player may take."""
    match = SPEC.new_match(4, {"hoyle": True}, seed=3)
    view = match.public_view()
    assert view["hand_sizes"] == [7] * 4 and view["stock_size"] == 52 - 28 - 1
    assert "draw:discard" in legal_ids(match)


def test_tkv_hoyle_2_no_spreads_during_play() -> None:
    """TKV-HOYLE-2: draw, then discard (or tunk); no spreads, hits or drops."""
    match = _hoyle_e16()
    assert "drop" not in legal_ids(match)
    play(match, "0 draw:stock")
    kinds = {i.split(":")[0] for i in legal_ids(match)}
    assert kinds == {"discard", "tunk"}
    rejected(match, 0, "spread:7H,7D,7C", "nobody spreads")


def test_tkv_hoyle_3_matched_cards() -> None:
    """TKV-HOYLE-3: groups of 3-4 with two naturals, sequences ace low, 2s wild."""
    match = stacked_match(
        2, 1, {0: "QS,KS,AS,7H,7D,2C,5C"}, upcard="6H", stock_top="3D", hoyle=True
    )
    play(match, "0 draw:stock")
    # 7H 7D 2C is matched; Q-K-A is not a sequence, so no tunk is possible.
    assert not any(i.startswith("tunk") for i in legal_ids(match))
    ok = stacked_match(2, 1, {0: "JS,QS,KS,7H,7D,2C,AC"}, upcard="6H", stock_top="3D", hoyle=True)
    play(ok, "0 draw:stock")
    assert {"tunk:3D", "tunk:AC"} <= set(legal_ids(ok))


def test_tkv_hoyle_5_final_round_lays_off_on_the_tunker() -> None:
    """TKV-HOYLE-5: each other player has one last turn and may hit the tunker's melds."""
    match = stacked_match(
        3,
        2,
        {0: "3S,4S,5S,7H,7D,7C,KC", 1: "6S,9S,10S,JH,JD,JS,3H", 2: "7S,9C,10C,QH,QD,QS,KD"},
        upcard="6H",
        stock_top="4D,QC,6D",
        hoyle=True,
    )
    play(match, "0 draw:stock", "0 tunk:KC")
    view = match.public_view()
    assert view["tunker_unmatched"] == ["4D"]
    run = next(s["number"] for s in view["spreads"] if "3S" in s["cards"])
    book = next(s["number"] for s in view["spreads"] if "7H" in s["cards"])
    play(match, "1 draw:stock")
    assert f"hit:6S>m{run}" in legal_ids(match)
    play(match, f"1 hit:6S>m{run}", "1 discard:QC", "2 draw:stock", f"2 hit:7S>m{book}")
    play(match, "2 discard:6D")
    result = match.hand_results[0]
    # seat 1 keeps 9S 10S + JH JD JS + 3H: 22; seat 2 9C 10C QQQ KD: 29; tunker 4
    assert result["counts"] == [4, 22, 29] and result["doubled"] is False
    assert result["arrangement"]["1"]["unmatched"] == ["10S", "9S", "3H"]


def test_tkv_hoyle_5_no_lay_off_when_the_tunker_has_no_deadwood() -> None:
    """TKV-HOYLE-5: a tunker with no unmatched cards can't be laid off on."""
    clean = stacked_match(
        2,
        1,
        {0: "3S,4S,5S,7H,7D,7C,KC", 1: "6S,9S,10S,JH,JD,JS,3H"},
        upcard="6H",
        stock_top="7S,QC",
        hoyle=True,
    )
    play(clean, "0 draw:stock", "0 tunk:KC")
    assert clean.public_view()["tunker_unmatched"] == []
    play(clean, "1 draw:stock")
    assert not any(i.startswith("hit") for i in legal_ids(clean))
    rejected(clean, 1, "hit:6S>m1", "only the tunker's spreads")


def hoyle_result(target: int) -> dict[str, object]:
    """Seat 0 wins on 4 points against 10 (lowest wins, in points, against ``target``)."""
    return {
        "winners": [0],
        "winner_team": None,
        "scores": [4, 10],
        "eliminated": [1],
        "hands": 1,
        "score": {
            "unit": "points",
            "by": "seat",
            "values": [4, 10],
            "target": target,
            "lower_wins": True,
        },
    }


def test_tkv_hoyle_7_elimination_and_last_player_wins() -> None:
    """TKV-HOYLE-7: 100 or more is out; the last player left wins."""
    match = stacked_match(
        2,
        1,
        {0: "3S,4S,5S,7H,7D,7C,KC", 1: "8S,9S,10S,JH,JD,JS,KH"},
        upcard="6H",
        stock_top="4D,QC",
        hoyle=True,
        hoyle_target=10,
    )
    play(match, "0 draw:stock", "0 tunk:KC", "1 draw:stock", "1 discard:QC")
    assert match.hand_results[0]["points"] == [4, 10]
    assert match.is_over and match.result == hoyle_result(target=10)
    hand = match.hand_results[0]  # the common core: seat 0 tunked and won; points are bad
    assert hand["why"] == {"code": "tunk", "params": {"winner": 0, "actor": 0, "counts": [4, 10]}}
    assert hand["winners"] == [0]
    assert [(a["index"], a["amount"], a["unit"]) for a in hand["awards"]] == [
        (0, 4, "points"),
        (1, 10, "points"),
    ]


def test_tkv_hoyle_7_everyone_out_lowest_total_wins() -> None:
    """TKV-HOYLE-7 engine decision: all reach the target together -> lowest total wins."""
    match = stacked_match(
        2,
        1,
        {0: "3S,4S,5S,7H,7D,7C,KC", 1: "8S,9S,10S,JH,JD,JS,KH"},
        upcard="6H",
        stock_top="4D,QC",
        hoyle=True,
        hoyle_target=3,
    )
    play(match, "0 draw:stock", "0 tunk:KC", "1 draw:stock", "1 discard:QC")
    assert match.result == hoyle_result(target=3)


def test_tkv_hoyle_3_requires_wild_twos() -> None:
    """TKV-HOYLE-3: Hoyle's matched cards use wild 2s; TKV-NOWILD with it is refused."""
    with pytest.raises(IllegalAction, match="wild 2s"):
        SPEC.new_match(2, {"hoyle": True, "twos_wild": False})


def test_tkv_hoyle_8_stock_exhausted_voids_the_hand() -> None:
    """TKV-HOYLE-8: the stock runs out in normal play -> void, no score, redeal."""
    match = SPEC.new_match(4, {"hoyle": True, "hoyle_knock_limit": 0}, seed=5)
    hand = match.hand_number
    while match.hand_number == hand:
        action = match.timeout_action()
        assert action is not None
        match.apply(next(iter(match.to_act)), action)
    assert match.hand_results[0]["outcome"] == "stock_void"
    assert match.scores == [0, 0, 0, 0]


# -- action ids ---------------------------------------------------------------------------


def test_malformed_dynamic_ids_are_rejected_clearly() -> None:
    for bad, message in [
        ("spread:", "not a Tonk action"),
        ("spread:3S,ZZ,2D", "not a card"),
        ("spread:3S,3H", "3 to 13 cards"),
        ("spread:3S,3S,3H", "same card twice"),
        ("hit:7C", "not a hit"),
        ("hit:7C>m0", "not a hit"),
        ("hit:7C>m2:middle", "not a hit"),
        ("hit:1C>m2", "not a card"),
        ("tunk:ZZ", "not a Tonk action"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            SPEC.parse_action(bad)


def test_books_are_accepted_in_any_card_order() -> None:
    assert SPEC.parse_action("spread:2D,3H,3S").id == "spread:3S,3H,2D"
    assert SPEC.parse_action("spread:2H,2C,4H").id == "spread:2H,2C,4H"  # a run stays
    action = SPEC.parse_action("hit:2C>m3:high")
    assert action.label == "Hit 2♣ on spread 3 (high end)"


def test_spread_written_in_the_wrong_order_gets_a_hint() -> None:
    match = stacked_match(2, 1, {0: "7C,5H,2S,7H,KD"}, upcard="AC", stock_top="9S")
    play(match, "0 draw:stock")
    message = rejected(match, 0, "spread:7H,5H,2S")
    assert "spread:5H,2S,7H" in message


def test_quick_spread_test_never_misses_a_spread() -> None:
    """``may_hold_spread`` is False only for hands with no TK-30..TK-32 spread."""
    rng = random.Random(4)
    deck = list(range(52))
    skipped = 0
    for wild in (True, False):
        rules = meld_rules(TonkOptions(twos_wild=wild))
        for _ in range(1500):
            hand = rng.sample(deck, rng.randint(3, 8))
            if not may_hold_spread(hand, wild):
                skipped += 1
                assert find_melds(hand, rules, wild_for_held_natural=True) == []
    assert skipped > 600


def test_legal_spread_list_stays_small() -> None:
    """The enumerated spreads stay few: the worst 6-card hand of four 2s is bounded."""
    match = stacked_match(2, 1, {0: "2S,2H,2D,2C,5H"}, upcard="AC", stock_top="6H")
    play(match, "0 draw:stock")
    spreads = [i for i in legal_ids(match) if i.startswith("spread")]
    assert len(spreads) == len(set(spreads)) and len(spreads) <= 25
    # wild 2s are interchangeable: 5H 6H with one wild uses the 2 of clubs
    assert "spread:2C,5H,6H" in spreads and "spread:2D,5H,6H" not in spreads
    message = rejected(match, 0, "spread:2D,5H,6H")
    assert "2♣, 2♦, 2♥, 2♠" in message
    counter = Counter(i.split(":")[0] for i in legal_ids(match))
    assert counter["discard"] == 6


def test_snapshot_is_the_contract_log_and_restores() -> None:
    """INV-TK-11: the snapshot (kept incrementally) is the contract's identity + log."""
    match = SPEC.new_match(3, {"hands": 2}, seed=21)
    rng = random.Random(2)
    for _ in range(25):
        if match.is_over:
            break
        match.apply(*random_step(match, rng))
    snap = match.snapshot()
    assert snap["actions"] == [[s, a] for s, a in match.actions_applied]
    assert set(snap) == {"game", "players", "options", "seed", "deals", "actions"}
    again = SPEC.restore(snap)
    assert again.public_view() == match.public_view()
    assert [again.view(s) for s in range(3)] == [match.view(s) for s in range(3)]


def test_tkv_hoyle_7_the_hand_is_won_by_the_lowest_count_when_the_tunker_goes_out() -> None:
    """TKV-HOYLE-6/7: the lowest count wins the hand even when the hand puts the tunker
    out (a 4-player Hoyle match found by the conformance soak: the tunker, beaten and
    doubled, and two others went out, and the winner was looked for in the turn order
    from the tunker among the players still in, where it could not be found)."""
    options = {
        "twos_wild": True, "tonk_on_deal": "49_or_50", "stock_out": "reshuffle",
        "hit_penalty": True, "hit_penalty_stacks": True, "discard_must_be_used": True,
        "caught_payment": "lowest_only", "winner_deals": True, "one_hit_per_turn": True,
        "high_court_values": False, "deal_size_by_table": False, "hoyle": True,
    }  # fmt: skip
    match = run_match(registry.get("tonk"), 4, options, 1542, 10**9)
    assert match.is_over
    tunks = [h for h in match.hand_results if h["outcome"] == "tunk"]
    assert any(h["tunker"] in h["eliminated"] for h in tunks)  # the case
    for hand in tunks:
        counts = hand["counts"]
        assert counts[hand["winner"]] == min(counts)
    last = match.hand_results[-1]
    assert match.result["winners"] == [last["winner"]] == [2]
