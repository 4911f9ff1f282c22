"""Wild cards in Telefunken (issue 34): TF-32/TF-33 jokers standing for any card, the
wild 2s of the Peru family (TFV-PE1-6), and Peru runs with as many wilds as naturals
(TFV-PE1-7, example 37) laid whole."""

from __future__ import annotations

import pytest

from rules.cards import JOKER, card_str, parse_card
from rules.contract import IllegalAction
from rules.rummy import make_run
from rules.telefunken import TelefunkenMatch
from tests.rules.telefunken.helpers import begin, ids, settle_window, stacked

PERU_FAMILY = ["peru1", "wittig", "delifante"]


def after_contract(
    hand: list[str], options: dict[str, object] | None = None, stock: list[str] | None = None
) -> TelefunkenMatch:
    """Seat 1 to play (drawn), its contract down in an earlier turn (dealer 0)."""
    opts = dict(options or {})
    deal = stacked(hands={1: hand}, stock=stock or ["KC"], options=opts)
    match = begin(options=opts, deals=[deal], contract=2)
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    if match.rs.dealer_extra_card:  # TFV-PE1-2: the dealer opens with a discard
        dealer = match.dealer
        match.apply(dealer, f"discard:{card_str(match.hands[dealer][-1])}")
        settle_window(match)
    else:
        match.apply(1, "draw")
    assert match.turn_player == 1 and match.phase == "play"
    return match


def melds_offered(match: TelefunkenMatch) -> set[str]:
    return {i for i in ids(match, 1) if i.startswith("meld:")}


def test_tf33_a_joker_may_stand_for_a_card_the_player_holds() -> None:
    """TF-33 (issue 34): after the contract, *-8D-9D with the joker as the 7♦ held is
    offered beside *-7D-8D, 7D-8D-9D and 8D-9D-*, and lays the joker as the 7♦."""
    match = after_contract(["7D", "8D", "9D", "*", "2S", "4C", "6H", "QS"])
    offered = melds_offered(match)
    assert {"meld:*,8D,9D", "meld:7D,*,9D", "meld:*,7D,8D", "meld:7D,8D,9D"} <= offered
    match.apply(1, "meld:*,8D,9D")
    run = match.melds[-1].meld
    assert run.stands_for(0) == parse_card("7D") and run.wild == (True, False, False)
    assert parse_card("7D") in match.hands[1] and JOKER not in match.hands[1]


def test_tf32_tf33_joker_for_a_held_card_in_a_contract_run() -> None:
    """TF-32/TF-33: Bolivia's deal-7 run (7 or more, TFV-BO-7) may use the joker for a
    card held: 3♥-4♥-5♥-JK-7♥-8♥-9♥ keeps the 6♥."""
    options = {"variant": "bolivia"}
    hand = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "*", "KS", "QD", "JC"]
    match = begin(options=options, deals=[stacked(hands={1: hand}, options=options)], contract=7)
    match.apply(1, "buy")  # TFV-BO-5: the upcard is bought, as any discard
    settle_window(match)
    offered = melds_offered(match)
    assert "meld:3H,4H,5H,*,7H,8H,9H" in offered  # the joker as the 6♥ held
    match.apply(1, "meld:3H,4H,5H,*,7H,8H,9H")
    assert match.has_melded[1] and parse_card("6H") in match.hands[1]


@pytest.mark.parametrize(
    ("variant", "hand", "melds"),
    [
        # TFV-PE1-WG-3: a set of 8s with the 2♦ as the wild keeps the 2♣ (natural at rank 2)
        ("wittig", ["8C", "8H", "2D", "2C", "*", "5S"], {"meld:8C,2D,*", "meld:8C,2C,*"}),
        # TFV-PE1-6: 2♦ or 2♣ as the 9♣ of 7♣-8♣-9♣
        ("peru1", ["7C", "8C", "2D", "2C", "5S", "KH"], {"meld:7C,8C,2D", "meld:7C,8C,2C"}),
    ],
)
def test_tfv_pe1_6_any_two_may_be_the_wild(variant: str, hand: list[str], melds: set[str]) -> None:
    """TFV-PE1-6 (issue 34 item 1): a 2 is natural in its own suit at rank 2, so 2s are
    not interchangeable: 8C-2D-* is offered while the 2♣ is held."""
    match = after_contract(hand, {"variant": variant})
    assert melds <= melds_offered(match)


@pytest.mark.parametrize("variant", PERU_FAMILY)
def test_tfv_pe1_7_ex37_five_joker_joker_eight_is_laid_whole(variant: str) -> None:
    """Example 37 / TFV-PE1-7: 5♠-JK-JK-8♠ (2 wilds, 2 naturals) is valid; no three-card
    part of it is, so it is offered whole (and so is 5♠-JK-JK-8♠-9♠ with the 9♠ held)."""
    match = after_contract(["5S", "8S", "9S", "*", "*", "KD", "QC", "3H"], {"variant": variant})
    offered = melds_offered(match)
    assert "meld:5S,*,*,8S" in offered and "meld:5S,*,*,8S,9S" not in offered
    # the five-card run grows from *-8S-9S (1 wild, 2 naturals) by layoffs: not offered whole
    assert "meld:*,8S,9S" in offered
    match.apply(1, "meld:5S,*,*,8S")
    run = match.melds[-1].meld
    assert run.wild == (False, True, True, False) and run.naturals == run.wilds == 2
    assert [run.stands_for(i) for i in (1, 2)] == [parse_card("6S"), parse_card("7S")]
    assert make_run(list(run.cards), match.rs.run_rules) == run


@pytest.mark.parametrize("variant", PERU_FAMILY)
def test_tfv_pe1_7_ex37_three_wilds_against_two_naturals_is_never_offered(variant: str) -> None:
    """Example 37 / TFV-PE1-7: 5♠-JK-JK-JK-9♠ (3 wilds against 2 naturals) is invalid."""
    match = after_contract(["5S", "9S", "*", "*", "2D", "KD", "QC"], {"variant": variant})
    offered = melds_offered(match)
    assert not any(m.startswith("meld:5S,") and m.endswith(",9S") for m in offered)
    for meld in offered:
        cards = [parse_card(c) for c in meld[5:].split(",")]
        run = make_run(cards, match.rs.run_rules)
        assert run is None or run.wilds <= run.naturals


def test_tfv_fr_3_a_set_with_two_wilds_is_laid_whole() -> None:
    """TFV-FR-3: wilds may not be added to a set on the table, so 8-8-8-2-JK (naturals
    outnumber wilds) can only be laid at once, and is offered whole; 8-8-8-2 grows from
    8-8-2 by a natural 8, so it is not."""
    match = after_contract(["8S", "8D", "8H", "2C", "*", "5S", "KH"], {"variant": "farmer"})
    offered = melds_offered(match)
    assert "meld:8S,8H,8D,2C,*" in offered
    assert "meld:8S,8H,8D,2C" not in offered and "meld:8S,8D,2C" in offered
    assert not any(m.count("*") + m.count("2C") == 2 and m.count("8") < 3 for m in offered)


def test_tf43_a_long_meld_that_grows_by_layoffs_is_refused_with_the_way() -> None:
    """TF-43: 5♥-6♥-7♥-8♥ is offered as 5♥-6♥-7♥ then a layoff; laid whole it is refused
    with that advice (Peru's 5♠-JK-JK-8♠, which cannot grow, is offered whole instead)."""
    match = after_contract(["5H", "6H", "7H", "8H", "4C", "KD"])
    assert "meld:5H,6H,7H,8H" not in melds_offered(match)
    with pytest.raises(IllegalAction) as info:
        match.apply(1, "meld:5H,6H,7H,8H")
    assert str(info.value) == "Lay 3 of these cards as a meld, then lay off the rest."
    match.apply(1, "meld:5H,6H,7H")
    match.apply(1, f"lay:{match.melds[-1].id}:8H")
    assert len(match.melds[-1].meld.cards) == 4
