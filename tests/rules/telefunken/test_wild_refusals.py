"""Each refused joker or wild-card move names its real reason (issue 34 item 4): TF-44,
TF-45, TFV-BO-11, TFV-EC-7, TFV-PE1-8; one test per reason."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.contract import IllegalAction
from rules.telefunken import TelefunkenMatch
from tests.rules.telefunken.helpers import begin, put_meld, settle_window, stacked

NOT_YET = "You can work with jokers from the turn after your contract."


def table(
    hand: list[str],
    options: dict[str, object] | None = None,
    melded: bool = True,
    draw: bool = True,
) -> TelefunkenMatch:
    """Seat 1 to play in deal 2; ``melded``: its contract went down in an earlier turn."""
    opts = dict(options or {})
    match = begin(
        options=opts, deals=[stacked(hands={1: hand}, stock=["KC"], options=opts)], contract=2
    )
    if melded:
        match.has_melded[1] = True
        match.melded_turn[1] = 0
        match._cache.clear()
    if match.rs.dealer_extra_card:
        dealer = match.dealer
        match.apply(dealer, f"discard:{match.view(dealer)['hand'][0]}")
        settle_window(match)
        assert match.turn_player == 1
    elif draw:
        match.apply(1, "draw")
    return match


def refused(match: TelefunkenMatch, action: str) -> str:
    before = match.snapshot()
    with pytest.raises(IllegalAction) as info:
        match.apply(1, action)
    assert match.snapshot() == before
    return str(info.value)


# -- TF-44: taking the joker from a set ------------------------------------------------


def test_tf44_refused_before_drawing() -> None:
    match = table(["10H", "10S"], draw=False)
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    assert refused(match, f"takejoker:{tens.id}:10H,10S") == "Draw first."


def test_tf44_refused_before_the_contract() -> None:
    match = table(["10H", "10S"], melded=False)
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    match.has_melded[1] = False
    match._cache.clear()
    assert refused(match, f"takejoker:{tens.id}:10H,10S") == NOT_YET


def test_tf44_refused_in_the_contract_turn() -> None:
    match = table(["10H", "10S"])
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    match.melded_turn[1] = match.turn_no
    match._cache.clear()
    assert refused(match, f"takejoker:{tens.id}:10H,10S") == NOT_YET


def test_tf44_refused_for_a_meld_that_is_not_there() -> None:
    match = table(["10H", "10S"])
    assert refused(match, "takejoker:99:10H,10S") == "There is no meld 99."


def test_tf44_tf45_refused_from_a_run() -> None:
    match = table(["5D", "5D"])
    run = put_meld(match, 0, ["*", "6D", "7D"], kind="run")
    message = refused(match, f"takejoker:{run.id}:5D,5D")
    assert message == f"Meld {run.id} is a run: its joker stays on the table."


def test_tf44_refused_from_a_set_without_a_joker() -> None:
    match = table(["10H", "10S"])
    tens = put_meld(match, 0, ["10C", "10D", "10H"])
    assert refused(match, f"takejoker:{tens.id}:10S,10S") == f"Meld {tens.id} has no joker."


def test_tf44_refused_with_a_card_not_held() -> None:
    """Issue 34: the contract went down turns earlier; the 10♠ is not in the hand."""
    match = table(["10H", "4C"])
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    assert refused(match, f"takejoker:{tens.id}:10H,10S") == "You don't hold 10♠."


def test_tf44_refused_with_one_card_where_two_are_needed() -> None:
    match = table(["10H", "4C"])
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    message = refused(match, f"takejoker:{tens.id}:10H")
    assert message == f"Taking the joker from meld {tens.id} takes 2 cards of its rank."


def test_tfv_bo_11_refused_from_your_own_meld() -> None:
    match = table(["10H", "4C"], {"variant": "bolivia"}, draw=False)
    match.apply(1, "buy")  # TFV-BO-5: the upcard is bought
    settle_window(match)
    tens = put_meld(match, 1, ["10C", "10D", "*"])
    message = refused(match, f"takejoker:{tens.id}:10H")
    assert message == "You can't take a joker from your own meld."


def test_tfv_pe1_8_refused_take_where_jokers_never_come_to_hand() -> None:
    match = table(["10H", "10S"], {"variant": "peru1"})
    tens = put_meld(match, 0, ["10C", "10D", "10S"])
    message = refused(match, f"takejoker:{tens.id}:10H,10S")
    assert message == "Jokers are not taken into the hand in this game."


# -- TF-45: moving a run's end joker ---------------------------------------------------


def test_tf45_ex17_refused_past_the_ace() -> None:
    """Example 17 / issue 34: Q♣-K♣-JK(A♣) with the A♣ held: the joker may not go above
    the ace (and the contract went down turns earlier)."""
    match = table(["AC"])
    run = put_meld(match, 0, ["QC", "KC", "*"], kind="run")
    assert refused(match, f"movejoker:{run.id}:high") == "The joker can't go beyond the ace."


def test_tf45_ex16_refused_once_the_joker_is_no_longer_at_an_end() -> None:
    """Example 16 / issue 34: 5♦-6♦-7♦-JK(8♦)-9♦: the 8♦ may not swap in."""
    match = table(["8D"])
    run = put_meld(match, 0, ["5D", "6D", "7D", "*", "9D"], kind="run")
    message = refused(match, f"movejoker:{run.id}:low")
    assert message == f"The joker in meld {run.id} is no longer at an end, so it can't move."


def test_tf45_refused_without_the_card_the_joker_stands_for() -> None:
    match = table(["4C"])
    run = put_meld(match, 0, ["*", "6D", "7D"], kind="run")
    message = refused(match, f"movejoker:{run.id}:high")
    assert message == "You don't hold 5♦, the card the joker stands for."


def test_tf45_refused_on_a_set() -> None:
    match = table(["10H"])
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    message = refused(match, f"movejoker:{tens.id}:high")
    assert message == f"Meld {tens.id} is not a run with a joker."


def test_tf45_refused_before_the_contract() -> None:
    match = table(["5D"], melded=False)
    run = put_meld(match, 0, ["*", "6D", "7D"], kind="run")
    match.has_melded[1] = False
    match._cache.clear()
    assert refused(match, f"movejoker:{run.id}:high") == NOT_YET


def test_tfv_pe1_8_refused_move_where_run_wilds_stay() -> None:
    match = table(["6S"], {"variant": "peru1"})
    run = put_meld(match, 0, ["*", "7S", "8S"], kind="run")
    assert refused(match, f"movejoker:{run.id}:high") == "Jokers in runs do not move in this game."


# -- TFV-EC-7 / TFV-PE1-8 / TFV-PE1-WG-4: swapping a natural for a wild ------------------

SPARSE = ["6S", "4S", "8S", "QS", "3H", "7H", "JH", "5D", "9D", "KD", "4C"]
"""An 11-card hand in which a joker makes no run or set (Peru: no wilds in sets)."""


def test_swap_refused_in_the_base_game() -> None:
    match = table(["6S"])
    run = put_meld(match, 0, ["5S", "*", "7S"], kind="run")
    assert refused(match, f"swap:{run.id}:6S:*") == "Wild cards are not swapped in this game."


def test_tfv_pe1_8_swap_refused_before_the_contract() -> None:
    match = table(SPARSE, {"variant": "peru1"}, melded=False)
    run = put_meld(match, 0, ["5S", "*", "7S"], kind="run")
    match.has_melded[1] = False
    match._cache.clear()
    message = refused(match, f"swap:{run.id}:6S:*")
    assert message == "You can swap for a wild card once your contract is down."


def test_tfv_ec_7_swap_refused_after_the_contract() -> None:
    match = table(["10H"], {"variant": "ecuador"})
    tens = put_meld(match, 0, ["10C", "10D", "10S", "*"])
    message = refused(match, f"swap:{tens.id}:10H:*")
    assert message == "In this game you take a joker while laying your contract."


def test_tfv_ec_7_swap_refused_from_a_meld_outside_a_contract() -> None:
    match = table(["10H"], {"variant": "ecuador"}, melded=False)
    tens = put_meld(match, 0, ["10C", "10D", "10S", "*"], contract=False)
    match.has_melded[1] = False
    match._cache.clear()
    message = refused(match, f"swap:{tens.id}:10H:*")
    assert message == "You can take a joker only from another player's contract meld."


def test_tfv_pe1_8_swap_refused_from_a_set() -> None:
    match = table(["8H"], {"variant": "wittig"})
    match.rs = replace(match.rs, wild_take="swap_run")  # Peru v1's sets never hold a wild
    eights = put_meld(match, 0, ["8C", "8D", "*"])
    message = refused(match, f"swap:{eights.id}:8H:*")
    assert message == "Only a run's wild card can be swapped in this game."


def test_tfv_pe1_8_swap_refused_for_a_wild_the_meld_lacks() -> None:
    match = table(SPARSE, {"variant": "peru1"})
    run = put_meld(match, 0, ["5S", "*", "7S"], kind="run")
    assert refused(match, f"swap:{run.id}:6S:2H") == f"Meld {run.id} has no 2♥ as a wild card."


def test_tfv_pe1_8_swap_refused_without_the_natural() -> None:
    match = table(SPARSE, {"variant": "peru1"})
    run = put_meld(match, 0, ["9C", "*", "JC"], kind="run")
    assert refused(match, f"swap:{run.id}:10C:*") == "You don't hold 10♣."


def test_tfv_pe1_8_swap_refused_for_a_card_the_wild_does_not_stand_for() -> None:
    match = table(SPARSE, {"variant": "peru1"})
    run = put_meld(match, 0, ["5S", "*", "7S"], kind="run")
    message = refused(match, f"swap:{run.id}:8S:*")
    assert message == f"The wild card in meld {run.id} doesn't stand for 8♠."


def test_tfv_pe1_8_swap_refused_when_the_wild_fits_no_new_run() -> None:
    """TFV-PE1-8: the wild taken must go at once into a new run of the player's own."""
    match = table(SPARSE, {"variant": "peru1"})
    run = put_meld(match, 0, ["5S", "*", "7S"], kind="run")
    message = refused(match, f"swap:{run.id}:6S:*")
    assert message == "You couldn't use that wild card at once in a new meld."
