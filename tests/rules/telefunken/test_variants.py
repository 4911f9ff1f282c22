"""telefunken.md §14: local options and the national variants (TFV-*)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from i18n import translator
from rules.cards import JOKER, card_str, parse_card, parse_cards
from rules.contract import IllegalAction
from rules.plugins.telefunken import PLUGIN
from rules.random_play import play_out
from rules.rummy import is_wild_capable, make_run, make_set
from rules.telefunken import SPEC, TelefunkenMatch
from rules.telefunken.variants import (
    PERU1_RUNS,
    PERU2_RUNS,
    WITTIG_SETS,
    TelefunkenOptions,
    ruleset,
)
from tests.rules.telefunken.helpers import (
    begin,
    draw_and_discard,
    ids,
    put_meld,
    settle_window,
    stacked,
)

EC = {"variant": "ecuador"}
PE1 = {"variant": "peru1"}
PE2 = {"variant": "peru2"}
BO = {"variant": "bolivia"}
FR = {"variant": "farmer"}


def played(players: int, options: dict[str, object], seed: int = 3) -> TelefunkenMatch:
    match = SPEC.new_match(players, options, seed=seed)
    play_out(match, random.Random(seed))
    assert isinstance(match, TelefunkenMatch)
    return match


def value(options: dict[str, object], cards: list[str]) -> int:
    rs = ruleset(TelefunkenOptions(**options), 4)  # type: ignore[arg-type]
    return sum(rs.points[parse_card(c)] for c in cards)


def melded(match: TelefunkenMatch, *seats: int) -> None:
    for seat in seats:
        match.has_melded[seat] = True
        match.melded_turn[seat] = 0
    match._cache.clear()


# -- TFV-LOC --------------------------------------------------------------------------------


@pytest.mark.parametrize("chips", [12, 13])
def test_tfv_loc_1_twelve_or_thirteen_chips(chips: int) -> None:
    """TFV-LOC-1: initial_chips 12 or 13."""
    match = SPEC.new_match(4, {"initial_chips": chips}, seed=1)
    assert match.public_view()["chips"] == [chips] * 4


def test_tfv_loc_3_no_exchange_in_deal6() -> None:
    """TFV-LOC-3: without the exchange deal 6 starts with the first turn."""
    match = begin(options={"deal6_exchange": False}, contract=6)
    assert match.phase == "draw"
    assert begin(contract=6).phase == "exchange"


def test_tfv_loc_4_one_exchange_before_deal4() -> None:
    """TFV-LOC-4: an exchange at the start of deal 4 as well."""
    assert begin(options={"extra_exchanges": True}, contract=4).phase == "exchange"
    assert begin(contract=4).phase == "draw"


# -- TFV-EC ---------------------------------------------------------------------------------


def test_tfv_ec_1_ecuador_contracts() -> None:
    """TFV-EC-1: seven deals; deal 6 the chueca (set of 3 + run of 4), deal 7 a run of 7."""
    rs = ruleset(TelefunkenOptions(variant="ecuador"), 4)
    assert len(rs.contracts) == 7
    hand = ["5C", "5D", "5H", "8S", "9S", "10S", "JS"]
    match = begin(options=EC, deals=[stacked(hands={1: hand}, options=EC)], contract=6)
    match.apply(1, "draw")
    match.apply(1, "meld:5H,5D,5C")
    match.apply(1, "meld:8S,9S,10S,JS")
    assert match.has_melded[1]
    run7 = ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    match = begin(options=EC, deals=[stacked(hands={1: run7}, options=EC)], contract=7)
    match.apply(1, "draw")
    match.apply(1, "meld:" + ",".join(run7))
    assert match.has_melded[1] and len(match.hands[1]) == 5


def test_tfv_ec_3_pure_contract_sets_close_with_the_fourth_suit() -> None:
    """TFV-EC-3: deal 2's pure trío is marked and completed like TF-34."""
    hand = ["KS", "KH", "KD", "4S", "4S", "4H"]
    deal = stacked(hands={1: hand}, stock=["2C", "3C", "4C", "5C", "6C", "KC", "KC"], options=EC)
    match = begin(options=EC, deals=[deal], contract=2)
    match.apply(1, "draw")
    match.apply(1, "meld:KS,KH,KD")
    match.apply(1, "meld:4S,4S,4H")
    pure = next(m for m in match.melds if m.pure)
    assert [card_str(c) for c in pure.meld.cards] == ["KS", "KH", "KD"]
    match.apply(1, "discard:2C")
    settle_window(match)
    for _ in range(3):
        draw_and_discard(match)
    match.hands[1].append(match.stock.pop())  # a second KC in hand
    match._cache.clear()
    match.apply(1, f"lay:{pure.id}:KC")
    assert pure.closed and not any(i.startswith(f"lay:{pure.id}:") for i in ids(match, 1))


def test_tfv_ec_7_joker_from_another_contract_goes_into_yours() -> None:
    """TFV-EC-7: while laying the contract, swap a natural for a joker in another player's
    contract meld and use it at once; cancel undoes the swap."""
    hand = ["9H", "KS", "KH", "KD", "5S", "5H", "2C", "3D", "7C", "8H", "JD"]
    deal = stacked(hands={1: hand}, stock=["QC"], options=EC)
    match = begin(options=EC, deals=[deal], contract=2)
    nines = put_meld(match, 0, ["9C", "9D", "*"])
    match.apply(1, "draw")
    key = f"swap:{nines.id}:9H:*"
    assert key in ids(match, 1)
    match.apply(1, key)
    assert JOKER in match.hands[1] and JOKER not in nines.meld.cards
    assert {a.kind for a in match.legal_actions(1)} <= {"meld", "cancel"}
    match.apply(1, "cancel")
    nines = next(m for m in match.melds if m.id == nines.id)
    assert JOKER in nines.meld.cards and parse_card("9H") in match.hands[1]
    match.apply(1, key)
    match.apply(1, "meld:5S,5H,*")
    match.apply(1, "meld:KS,KH,KD")
    assert match.has_melded[1] and JOKER not in match.hands[1]
    assert not any(i.startswith("takejoker") for i in ids(match, 1))  # TF-44 replaced


def test_tfv_ec_9_deal6_and_deal7_annotations_not_inherited() -> None:
    """TFV-EC-9: no deal-6 exchange and no deal-7 go-out unless their flags are set."""
    assert begin(options=EC, contract=6).phase == "draw"
    assert begin(options={**EC, "ec_deal6_exchange": True}, contract=6).phase == "exchange"
    plain = ruleset(TelefunkenOptions(variant="ecuador"), 4).contracts[6]
    strict = ruleset(TelefunkenOptions(variant="ecuador", ec_final_must_go_out=True), 4)
    assert not plain.must_go_out and strict.contracts[6].must_go_out
    shift = ruleset(TelefunkenOptions(variant="ecuador", ec_allow_run_joker_shift=False), 4)
    assert ruleset(TelefunkenOptions(variant="ecuador"), 4).run_joker_shift
    assert not shift.run_joker_shift


# -- TFV-PE1 and its sub-variants -----------------------------------------------------------


def test_tfv_pe1_8_swap_a_run_wild_into_a_new_run() -> None:
    """TFV-PE1-8: a natural replaces a run's wild, which goes straight into a new run."""
    hand = ["6S", "9H", "10H", "KD", "QC"]
    match = begin(options=PE1, deals=[stacked(hands={1: hand}, stock=["2C"], options=PE1)])
    match.apply(0, f"discard:{card_str(match.hands[0][0])}")
    settle_window(match)
    run = put_meld(match, 3, ["5S", "*", "7S"], kind="run")
    melded(match, 1)
    key = f"swap:{run.id}:6S:*"
    assert key in ids(match, 1)
    match.apply(1, key)
    legal = ids(match, 1)
    assert legal and all(i.startswith("meld:") or i == "cancel" for i in legal)
    assert all("*" in i for i in legal if i.startswith("meld:"))
    match.apply(1, "meld:9H,10H,*")
    assert [card_str(c) for c in run.meld.cards] == ["5S", "6S", "7S"]
    assert JOKER not in match.hands[1]


def test_tfv_pe1_10_big_sets_keep_all_their_cards() -> None:
    """TFV-PE1-10: 'stored' cards stay in the meld (display only)."""
    hand = ["7S", "7H", "7D", "7C", "7S", "7H"]
    deal = stacked(hands={1: hand}, stock=["2D"], options=PE1)
    match = begin(options=PE1, deals=[deal], contract=6)
    match.apply(0, f"discard:{card_str(match.hands[0][0])}")
    settle_window(match)
    match.apply(1, "meld:7S,7S,7H,7H,7D,7C")
    assert len(match.public_view()["melds"][0]["cards"]) == 6


def test_tfv_pe1_12_inherited_buying_and_cut() -> None:
    """TFV-PE1-12: counter-clockwise, cutter's jokers, buys at 1 chip + 1 card, no buying
    after melding; 6 chips (TFV-PE1-4)."""
    rs = ruleset(TelefunkenOptions(variant="peru1"), 4)
    assert rs.cutter_takes_jokers and rs.buy_extra == 1 and not rs.buy_after_meld
    assert rs.exact_cut == "chip" and rs.chips == 6
    match = begin(options=PE1, seed=5)
    dealer = match.dealer
    match.apply(dealer, f"discard:{card_str(match.hands[dealer][0])}")
    buyer = (dealer + 2) % 4
    size = len(match.hands[buyer])
    match.apply(buyer, "buy")
    settle_window(match)
    assert len(match.hands[buyer]) == size + 2 and match.chips[buyer] == 5


def test_tfv_pe1_wg_2_tfv_pe1_wg_3_wild_twos_and_wild_sets() -> None:
    """TFV-PE1-WG-2: 2s and jokers are wild; TFV-PE1-WG-3: any number in a set (one
    natural at least), runs keep wilds <= naturals."""
    rs = ruleset(TelefunkenOptions(variant="wittig"), 4)
    assert make_set(parse_cards(["8C", "2D", "2H", "*"]), WITTIG_SETS) is not None
    assert make_set(parse_cards(["2D", "2H", "*", "*"]), WITTIG_SETS) is not None  # 2s natural
    assert make_set(parse_cards(["*", "*", "*"]), WITTIG_SETS) is None
    assert make_run(parse_cards(["5S", "2H", "*", "8S"]), rs.run_rules) is not None
    assert make_run(parse_cards(["5S", "2H", "*", "*", "9S"]), rs.run_rules) is None


def test_tfv_pe1_dl_2_tfv_pe1_dl_3_no_aces_in_runs_super_deli_twelve_deals() -> None:
    """TFV-PE1-DL-2: no aces in Delifante runs; TFV-PE1-DL-3: Super Deli, one deck per
    player, 18 cards, 10 buys, twelve deals ending with a set of 9."""
    rs = ruleset(TelefunkenOptions(variant="delifante"), 4)
    assert make_run(parse_cards(["QH", "KH", "AH"]), rs.run_rules) is None
    assert make_run(parse_cards(["JH", "QH", "KH"]), rs.run_rules) is not None
    deli = ruleset(TelefunkenOptions(variant="super_deli"), 5)
    assert deli.decks == 5 and deli.hand_size == 18 and deli.chips == 10
    assert len(deli.contracts) == 12
    assert deli.contracts[-1].options[0][0].size == 9
    assert len(played(3, {"variant": "super_deli"}).hand_results) == 12


# -- TFV-PE2 --------------------------------------------------------------------------------


def test_tfv_pe2_tfv_pe2_1_twelve_cards_no_chips_no_buying() -> None:
    """TFV-PE2 / TFV-PE2-1: 7 deals, 12 cards, the 108-card pack, no chips, no buying."""
    match = begin(options=PE2, seed=4)
    assert [len(h) for h in match.hands] == [12] * 4 and len(match.deck()) == 108
    seat = match.turn_player
    match.apply(seat, "draw")
    match.apply(seat, f"discard:{card_str(match.hands[seat][0])}")
    assert match.phase == "draw"  # no buy window
    with pytest.raises(IllegalAction):
        match.apply((seat + 2) % 4, "buy")
    assert len(played(4, PE2).hand_results) == 7


def test_tfv_pe2_2_tfv_pe2_7_take_the_discard_instead_of_drawing() -> None:
    """TFV-PE2-2: draw the stock or take the previous discard; TFV-PE2-7: the player on
    the dealer's right starts."""
    match = begin(options=PE2, deals=[stacked(upcard="9C", options=PE2)])
    assert match.turn_player == 1
    match.apply(1, "take_discard")
    match.apply(1, "discard:9C")
    assert "take_discard" in ids(match, 2)
    match.apply(2, "take_discard")
    assert match.hands[2].count(parse_card("9C")) >= 1


def test_tfv_pe2_3_contracts_and_the_colour_run() -> None:
    """TFV-PE2-3: deal 2 set + run of 4; deal 7 alternatives incl. a colour run of 12."""
    hand = ["5C", "5D", "5H", "8S", "9S", "10S", "JS"]
    match = begin(options=PE2, deals=[stacked(hands={1: hand}, options=PE2)], contract=2)
    match.apply(1, "draw")
    match.apply(1, "meld:5H,5D,5C")
    match.apply(1, "meld:8S,9S,10S,JS")
    assert match.has_melded[1]
    colour = ["2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD"]
    match = begin(options=PE2, deals=[stacked(hands={1: colour}, options=PE2)], contract=7)
    match.apply(1, "draw")
    assert "meld:" + ",".join(colour) in ids(match, 1)
    match.apply(1, "meld:" + ",".join(colour))
    assert match.has_melded[1] and match.melds[0].colour
    assert {a.kind for a in match.legal_actions(1)} == {"discard"}  # TFV-PE2-8
    twice = ["5C", "5D", "5H", "5S", "5C", "5D"]
    match = begin(options=PE2, deals=[stacked(hands={1: twice}, options=PE2)], contract=4)
    match.apply(1, "draw")
    assert not any(i.startswith("meld:") for i in ids(match, 1))  # deal 4: distinct ranks


def test_tfv_pe2_4_sets_of_naturals_or_of_jokers() -> None:
    """TFV-PE2-4: jokers never mix with naturals in a set; three jokers make a trío."""
    hand = ["*", "*", "*", "5C", "5D", "5H", "5S"]
    match = begin(options=PE2, deals=[stacked(hands={1: hand}, options=PE2)])
    match.apply(1, "draw")
    legal = ids(match, 1)
    assert "meld:*,*,*" in legal
    assert not any(i.startswith("meld:") and "*" in i and "5" in i for i in legal)
    match.apply(1, "meld:*,*,*")
    match.apply(1, "meld:5H,5D,5C")
    assert match.has_melded[1]


def test_tfv_pe2_5_runs_of_four_round_the_corner_jokers_move() -> None:
    """TFV-PE2-5: 4+ cards, K-A-2-3, one natural + 3 jokers; jokers shift when cards join."""
    assert make_run(parse_cards(["KC", "AC", "2C", "3C"]), PERU2_RUNS) is not None
    assert make_run(parse_cards(["4C", "*", "*", "*"]), PERU2_RUNS) is not None
    assert make_run(parse_cards(["4C", "5C", "6C"]), PERU2_RUNS) is None
    deal = stacked(hands={1: ["7C", "9C"]}, stock=["KD", "KD"], options=PE2)
    match = begin(options=PE2, deals=[deal], contract=3)
    run = put_meld(match, 0, ["*", "*", "4C", "5C"], kind="run")
    melded(match, 1)
    match.apply(1, "draw")
    match.apply(1, f"lay:{run.id}:7C")
    match.apply(1, "discard:KD")
    settle_window(match)
    for _ in range(3):
        draw_and_discard(match)
    match.apply(1, f"lay:{run.id}:9C")
    assert [card_str(c) for c in run.meld.cards] == ["4C", "5C", "*", "7C", "*", "9C"]


def test_tfv_pe2_6_exact_cut_wipes_last_deals_penalty() -> None:
    """TFV-PE2-6: the cutter takes no jokers; an exact cut wipes the previous deal's points."""
    match = SPEC.new_match(4, {**PE2, "cut_noise": 0}, seed=2)
    assert isinstance(match, TelefunkenMatch)
    (cutter,) = match.to_act
    match.apply(cutter, "cut")  # 12 x 4 + 1 = 49: exact, but deal 1 has no bonus
    assert match.cut_info["exact"] and match.cut_info["cutter_jokers"] == 0
    assert match.scores == [0, 0, 0, 0]
    match.last_penalty = [7, 7, 7, 7]
    match.scores = [7, 7, 7, 7]
    match.deal_no = 2
    events = match._exact_cut_bonus(cutter)
    assert match.scores[cutter] == 0 and events[0].kind == "exact_cut"


def test_tfv_pe2_8_nothing_more_in_the_contract_turn_no_new_melds_later() -> None:
    """TFV-PE2-8: after the contract, nothing else that turn; later only layoffs."""
    hand = ["5C", "5D", "5H", "8C", "8D", "8H", "9C", "9D", "9H", "5S"]
    match = begin(options=PE2, deals=[stacked(hands={1: hand}, stock=["KD"], options=PE2)])
    match.apply(1, "draw")
    match.apply(1, "meld:5H,5D,5C")
    match.apply(1, "meld:8H,8D,8C")
    assert {a.kind for a in match.legal_actions(1)} == {"discard"}
    match.apply(1, "discard:KD")
    for _ in range(3):
        draw_and_discard(match)
    assert match.turn_player == 1 and match.phase == "play"
    kinds = {a.kind for a in match.legal_actions(1)}
    assert "lay" in kinds and "meld" not in kinds  # 9-9-9 may never go down


def test_tfv_pe2_9_keep_the_top_discard_when_rebuilding() -> None:
    """TFV-PE2-9: the stock is rebuilt from the discard pile less its top card."""
    match = begin(options=PE2, seed=3)
    seat = match.turn_player
    match.apply(seat, "draw")
    match.discard, match.stock = match.stock + match.discard, []
    match._cache.clear()
    match.apply(seat, f"discard:{card_str(match.hands[seat][0])}")
    top = match.discard[-1]
    match.apply(match.turn_player, "draw")
    assert match.discard == [top] and match.rebuilds == 1


def test_tfv_pe2_10_go_out_by_laying_off_the_last_card() -> None:
    """TFV-PE2-10: getting rid of the last card by adding it to a meld goes out."""
    deal = stacked(hands={1: ["5S"]}, stock=["KD"], options=PE2)
    match = begin(options=PE2, deals=[deal], contract=2)
    fives = put_meld(match, 0, ["5C", "5D", "5H"])
    melded(match, 1)
    match.apply(1, "draw")
    match.discard[:0] = [c for c in match.hands[1] if c != parse_card("5S")]
    match.hands[1] = [parse_card("5S")]
    match._cache.clear()
    match.apply(1, f"lay:{fives.id}:5S")
    assert match.hand_results[-1]["went_out"] == 1


def test_tfv_pe2_11_values() -> None:
    """TFV-PE2-11: 2-9 face, 10-K 10, ace 15, joker 20."""
    assert value(PE2, ["2C", "9H", "10S", "KD", "AC", "*"]) == 2 + 9 + 10 + 10 + 15 + 20


# -- TFV-BO ---------------------------------------------------------------------------------


def test_tfv_bo_1_two_or_three_decks() -> None:
    """TFV-BO-1: 108 cards for 4-5 players, a third deck (162) for more."""
    assert len(SPEC.new_match(5, BO, seed=1).deck()) == 108
    assert len(SPEC.new_match(6, BO, seed=1).deck()) == 162


def test_tfv_bo_2_buying_after_melding() -> None:
    """TFV-BO-2: buys are counted (7) and allowed even after melding."""
    hand = ["6C", "6D", "6H"]
    match = begin(options=BO, deals=[stacked(hands={1: hand}, stock=["KS"], options=BO)])
    settle_window(match)  # the upcard window (TFV-BO-5): everyone passes, seat 1 draws
    match.apply(1, "meld:6H,6D,6C")
    match.apply(1, "discard:KS")
    settle_window(match)
    match.apply(2, f"discard:{card_str(match.last_drawn or 0)}")
    assert 1 in match.to_act
    match.apply(1, "buy")
    settle_window(match)
    assert match.chips[1] == 6


def test_tfv_bo_3_direction_is_a_table_setting() -> None:
    """TFV-BO-3: clockwise tables: seats still number the direction of play."""
    match = begin(options={**BO, "direction": "clockwise"}, seed=2)
    assert match.public_view()["direction"] == "clockwise"


def test_tfv_bo_4_exact_cut_at_44_or_45() -> None:
    """TFV-BO-4: the cutter earns a buy for |B| = 11n - J or 11n + 1 - J."""
    for target in (44, 45, 46):
        for seed in range(500):
            match = SPEC.new_match(4, {**BO, "cut_noise": 0}, seed=seed)
            top = match.pending[: len(match.pending) - target]  # type: ignore[attr-defined]
            if JOKER not in top[-3:]:
                break
        (cutter,) = match.to_act
        match.apply(cutter, "cut" if target == 45 else f"cut:{target}")
        assert match.public_view()["chips"][cutter] == (7 if target == 46 else 8)


def test_tfv_bo_5_the_upcard_is_bought() -> None:
    """TFV-BO-5: no free upcard; the first player buys it in turn like any discard."""
    match = begin(options=BO, deals=[stacked(upcard="9C", options=BO)])
    assert match.phase == "buy" and 1 in match.to_act
    match.apply(1, "buy")
    assert match.chips[1] == 6 and len(match.hands[1]) == 14


def test_tfv_bo_6_tfv_bo_7_bolivian_contracts() -> None:
    """TFV-BO-6 (trica 3, cuadra 4, quina 5) / TFV-BO-7: deal 7 an escalera of 7+ with
    one joker at most, no exchange, no obligation to go out at once."""
    rs = ruleset(TelefunkenOptions(variant="bolivia"), 4)
    sizes = [c.options[0][0].size for c in rs.contracts]
    assert sizes == [3, 3, 4, 4, 5, 5, 7]
    assert not any(c.exchanges for c in rs.contracts) and not rs.contracts[6].must_go_out
    run = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    match = begin(options=BO, deals=[stacked(hands={1: run}, options=BO)], contract=7)
    settle_window(match)
    match.apply(1, "meld:" + ",".join(run))
    assert match.has_melded[1] and match.phase == "play"


def test_tfv_bo_8_own_contract_melds_open_the_same_turn() -> None:
    """TFV-BO-8: lay off on your own contract melds in the turn you lay them."""
    hand = ["6C", "6D", "6H", "6S", "6C"]
    match = begin(options=BO, deals=[stacked(hands={1: hand}, stock=["KD"], options=BO)])
    settle_window(match)
    match.apply(1, "meld:6H,6D,6C")
    trio = match.melds[0]
    match.apply(1, f"lay:{trio.id}:6S")
    match.apply(1, f"lay:{trio.id}:6C")  # TFV-BO-9: the trica limpia never closes
    assert len(trio.meld.cards) == 5 and not trio.closed


def test_tfv_bo_9_trica_limpia_takes_any_suit() -> None:
    """TFV-BO-9: only the first three need different suits; equal cards may follow."""
    deal = stacked(hands={1: ["6C", "6D"]}, stock=["KD"], options=BO)
    match = begin(options=BO, deals=[deal], contract=2)
    trio = put_meld(match, 0, ["6C", "6D", "6H"], pure=True)
    melded(match, 1)
    settle_window(match)
    match.apply(1, f"lay:{trio.id}:6C")
    match.apply(1, f"lay:{trio.id}:6D")
    assert not trio.closed and len(trio.meld.cards) == 5


def test_tfv_bo_10_six_players_wait_for_everyone_to_draw() -> None:
    """TFV-BO-10: with 6+ players nobody melds before everyone has drawn once."""
    hand = ["6C", "6D", "6H"]
    match = begin(6, BO, deals=[stacked(6, hands={1: hand}, stock=["KD"], options=BO)])
    settle_window(match)
    assert match.turn_player == 1 and not any(i.startswith("meld:") for i in ids(match, 1))


def test_tfv_bo_11_joker_for_one_card_never_from_your_own() -> None:
    """TFV-BO-11: one natural takes a joker from another's set (option: two); never your own."""
    deal = stacked(hands={1: ["9H", "9S"]}, stock=["KD"], options=BO)
    match = begin(options=BO, deals=[deal], contract=2)
    theirs = put_meld(match, 0, ["9C", "9D", "*"])
    mine = put_meld(match, 1, ["9C", "9D", "*"])
    settle_window(match)
    melded(match, 1)
    legal = ids(match, 1)
    assert f"takejoker:{theirs.id}:9H" in legal
    assert not any(i.startswith(f"takejoker:{mine.id}") for i in legal)
    match = begin(options={**BO, "bolivia_joker_cards": 2}, deals=[deal], contract=2)
    theirs = put_meld(match, 0, ["9C", "9D", "*"])
    settle_window(match)
    melded(match, 1)
    assert f"takejoker:{theirs.id}:9S,9H" in ids(match, 1)


def test_tfv_bo_12_race_mode_first_claim_wins() -> None:
    """TFV-BO-12: priority by default; with race_mode the first click wins."""
    deal = stacked(hands={1: ["QS"]}, stock=["2C", "3C", "4C"])
    match = begin(options={"race_mode": True}, deals=[deal])
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    match.apply(3, "buy")
    assert parse_card("QS") in match.hands[3] and match.turn_player == 2
    match.apply(2, "draw")
    match.apply(2, "discard:4C")
    match.apply(3, "draw")  # the next player draws: too late for anyone to buy
    assert match.phase == "play" and match.turn_player == 3


def test_tfv_bo_13_values_and_the_winning_streak() -> None:
    """TFV-BO-13: ace 15, joker 30; a second deal won in a row doubles the others' points."""
    assert value(BO, ["AC", "*", "9H"]) == 15 + 30 + 9
    match = played(4, {**BO, "winning_streak": True}, seed=8)
    for before, after in zip(match.hand_results, match.hand_results[1:], strict=False):
        if after["went_out"] is not None and after["went_out"] == before["went_out"]:
            assert after["multiplier"] >= 2
            break
    else:  # no streak in this match: force one on the engine's own scoring
        m = begin(options={**BO, "winning_streak": True}, seed=1)
        m.streak = [2, 1]
        m.hands[2] = []
        events = m._end_deal(2)
        assert events[0].data["penalties"][0] == 2 * sum(
            m.rs.points[c] for c in parse_cards(m.hand_results[-1]["hands"][0])
        )


def test_tfv_bo_14_desordenada_is_out_of_scope() -> None:
    """TFV-BO-14: Telefunken Desordenada is a separate game, not an option here."""
    with pytest.raises(IllegalAction):
        SPEC.new_match(4, {"variant": "desordenada"})


# -- TFV-FR ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks"), [(3, 2), (4, 2), (5, 3), (6, 4)])
def test_tfv_fr_1_decks_by_table_size(players: int, decks: int) -> None:
    """TFV-FR-1: 2 decks for 4, 3 for 5, 4 for 6-8, each with 2 jokers; 11 cards."""
    match = begin(players, FR, seed=1)
    deck = Counter(match.deck())
    assert sum(deck.values()) == 54 * decks and deck["*"] == 2 * decks
    assert all(len(h) == 11 for h in match.hands)


def test_tfv_fr_2_eight_deals_of_sets_no_runs() -> None:
    """TFV-FR-2: eight deals, sets only."""
    hand = ["5C", "5D", "5H", "8S", "9S", "10S", "JS"]
    match = begin(options=FR, deals=[stacked(hands={1: hand}, stock=["KD"], options=FR)])
    match.apply(1, "draw")
    match.apply(1, "meld:5H,5D,5C")
    melds = [i for i in ids(match, 1) if i.startswith("meld:")]
    assert not any("8S" in i and "9S" in i for i in melds)  # no runs, ever
    assert len(played(4, FR).hand_results) == 8


def test_tfv_fr_3_wild_cards() -> None:
    """TFV-FR-3: no wilds in deal 1's set; naturals outnumber wilds; no wild laid off."""
    hand = ["5C", "5D", "2H", "*", "8S", "8D", "8H"]
    match = begin(options=FR, deals=[stacked(hands={1: hand}, stock=["KD"], options=FR)])
    match.apply(1, "draw")
    melds = {i for i in ids(match, 1) if i.startswith("meld:")}
    assert melds == {"meld:8S,8H,8D"}
    deal = stacked(hands={1: ["5C", "5D", "5H", "2H", "*"]}, stock=["KD"], options=FR)
    match = begin(options=FR, deals=[deal], contract=3)
    match.apply(1, "draw")
    legal = ids(match, 1)
    assert "meld:5H,5D,5C,2H" in legal or "meld:5H,5D,5C,*" in legal
    assert not any(i.count("*") + i.count("2H") >= 2 for i in legal if i.startswith("meld:"))
    sevens = put_meld(match, 0, ["7S", "7H", "7D"])
    melded(match, 1)
    assert not any(i.startswith(f"lay:{sevens.id}:") for i in ids(match, 1))


def test_tfv_fr_4_ten_coins_buy_two_extra_cards() -> None:
    """TFV-FR-4: 10 coins; out of turn the discard + 2 stock cards."""
    deal = stacked(hands={1: ["QS"]}, stock=["2C", "3C", "4C", "5C"], options=FR)
    match = begin(options=FR, deals=[deal])
    assert match.chips == [10] * 4
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    match.apply(3, "buy")
    match.apply(2, "draw")
    assert len(match.hands[3]) == 14 and match.chips[3] == 9


def test_tfv_fr_5_going_out_needs_a_discard() -> None:
    """TFV-FR-5: a final discard is required (a layoff may not empty the hand)."""
    deal = stacked(hands={1: ["5S"]}, stock=["KD"], options=FR)
    match = begin(options=FR, deals=[deal], contract=2)
    fives = put_meld(match, 0, ["5C", "5D", "5H"])
    melded(match, 1)
    match.apply(1, "draw")
    match.discard[:0] = [c for c in match.hands[1] if c != parse_card("5S")][:-1]
    match.hands[1] = [c for c in match.hands[1] if c not in match.discard][:2]
    match._cache.clear()
    assert len(match.hands[1]) == 2
    five = f"lay:{fives.id}:5S"
    assert five in ids(match, 1)
    match.apply(1, five)
    assert not any(i.startswith("lay:") for i in ids(match, 1))
    match.apply(1, f"discard:{card_str(match.hands[1][0])}")
    assert match.hand_results[-1]["went_out"] == 1


def test_tfv_fr_6_values() -> None:
    """TFV-FR-6: joker 50, 2 and ace 20, K-8 10, 7-3 5."""
    assert value(FR, ["*", "2C", "AH", "KD", "8S", "7C", "3D"]) == 50 + 20 + 20 + 10 + 10 + 5 + 5


def test_tfv_pe1_run_ratio_in_the_engine() -> None:
    """TFV-PE1-7: runs offered with at most as many wilds as naturals."""
    hand = ["5S", "8S", "*", "*", "2H", "KD", "QC"]
    match = begin(options=PE1, deals=[stacked(hands={1: hand}, stock=["4C"], options=PE1)])
    match.apply(0, f"discard:{card_str(match.hands[0][0])}")
    settle_window(match)
    melded(match, 1)
    for i in ids(match, 1):
        if i.startswith("meld:"):
            cards = parse_cards(i[5:].split(","))
            meld = make_run(cards, PERU1_RUNS)
            assert meld is None or meld.wilds <= meld.naturals


def test_the_summary_names_the_default_games_wild_cards_tf_33() -> None:
    """TF-31..TF-33: in the default (Venezuelan) game only the jokers are wild, one to a
    meld; twos are wild only in variants such as Peru's (TFV-PE1-6). The /rules summary
    said "Twos and jokers are wild", wrong for the game most tables play."""
    rules = ruleset(TelefunkenOptions(), 4)
    two, joker = parse_card("2S"), JOKER
    for melds in (rules.set_rules, rules.run_rules):
        assert is_wild_capable(joker, melds) and not is_wild_capable(two, melds)
        assert melds.max_wilds_set == melds.max_wilds_run == 1
    peru = ruleset(TelefunkenOptions(variant="peru1"), 4)
    assert is_wild_capable(two, peru.run_rules)
    assert "Jokers are wild, one to a meld" in PLUGIN.summary
    assert "Twos and jokers are wild" not in PLUGIN.summary
    for locale in ("es", "fa"):
        shown = translator(locale)(PLUGIN.summary)
        assert shown != PLUGIN.summary and "Telefunken" in shown
