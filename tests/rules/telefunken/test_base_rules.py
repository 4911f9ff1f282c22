"""The Venezuelan base game (telefunken.md §1-§13): rules beyond the worked examples."""

from __future__ import annotations

import random

import pytest

from rules.cards import JOKER, card_str, parse_card, parse_cards
from rules.contract import IllegalAction
from rules.random_play import play_out
from rules.telefunken import SPEC, TelefunkenMatch
from rules.telefunken.dealing import actual_cut, cards_needed, cutter_of
from tests.rules.telefunken.helpers import (
    begin,
    draw_and_discard,
    ids,
    put_meld,
    settle_window,
    stacked,
)


def played(players: int = 4, seed: int = 11, **options: object) -> TelefunkenMatch:
    match = SPEC.new_match(players, dict(options), seed=seed)
    play_out(match, random.Random(seed))
    assert isinstance(match, TelefunkenMatch)
    return match


def test_tf1_tf2_tf11_tf63_seven_deals_in_order_lowest_total_wins() -> None:
    """TF-1 contract rummy deal by deal; TF-11 seven deals, deal k plays contract k;
    TF-2 the lowest cumulative total wins; TF-63 leftover chips are worth nothing."""
    match = played()
    results = match.hand_results
    assert [r["contract"] for r in results] == [1, 2, 3, 4, 5, 6, 7]
    for r in results:
        if r["went_out"] is not None:
            assert r["penalties"][r["went_out"]] == 0
    totals = [sum(r["penalties"][s] for r in results) for s in range(4)]
    assert match.scores == totals  # chips left over changed nothing
    assert match.result is not None
    assert match.result["winners"] == [s for s in range(4) if totals[s] == min(totals)]


def test_tf3_the_base_game_is_venezuelan() -> None:
    """TF-3: the default options are the Venezuelan game."""
    view = SPEC.new_match(4, seed=1).public_view()
    assert view["variant"] == "venezuela" and "Venezuela" in view["title"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_tf4_two_to_six_players_and_the_formulas(players: int) -> None:
    """TF-4: n = 2-6; stock 108 - 11n - 1; the exact cut 11n + 1 - J."""
    match = begin(players, seed=players)
    assert len(match.stock) == 108 - 11 * players - 1
    assert cards_needed(players, 11) == 11 * players + 1
    with pytest.raises(IllegalAction):
        SPEC.new_match(7)


def test_tf8_tf9_tf10_tf20_seats_follow_the_direction_of_play() -> None:
    """TF-8 counter-clockwise; TF-9 next_seat = s+1; TF-10 cutter = prev_seat(dealer), first
    player = next_seat(dealer), the deal passes to next_seat; TF-20 play passes by next_seat."""
    match = SPEC.new_match(4, {"direction": "counterclockwise"}, seed=3)
    assert isinstance(match, TelefunkenMatch)
    dealer = match.dealer
    assert match.to_act == {cutter_of(dealer, 4)} == {(dealer - 1) % 4}
    match.apply((dealer - 1) % 4, "cut")
    assert match.turn_player == (dealer + 1) % 4
    turns = [match.turn_player]
    for _ in range(5):
        draw_and_discard(match)
        turns.append(match.turn_player)
    assert turns == [(dealer + 1 + k) % 4 for k in range(6)]
    assert match.public_view()["direction"] == "counterclockwise"
    match = played(seed=3)
    dealers = [r["dealer"] for r in match.hand_results]
    assert dealers == [(dealers[0] + k) % 4 for k in range(7)]


def test_tf12_the_shuffle_comes_from_the_seed() -> None:
    """TF-12: the same seed shuffles the same pack; another seed another pack."""
    first = SPEC.new_match(4, seed=21)
    again = SPEC.new_match(4, seed=21)
    other = SPEC.new_match(4, seed=22)
    assert first.pending == again.pending != other.pending  # type: ignore[attr-defined]


def test_tf13_the_cut_lands_near_the_target_and_is_clipped() -> None:
    """TF-13: target +- noise, |T| >= 3 and |B| >= 1."""
    rng = random.Random(1)
    sizes = {actual_cut(45, 108, 5, rng) for _ in range(500)}
    assert sizes == set(range(40, 51))
    assert actual_cut(200, 108, 5, rng) == 105 and actual_cut(-9, 108, 5, rng) == 1
    match = SPEC.new_match(4, {"cut_noise": 0}, seed=2)
    (cutter,) = match.to_act
    assert "cut" in ids(match, cutter) and "cut:41" in ids(match, cutter)  # type: ignore[arg-type]
    match.apply(cutter, "cut:41")
    assert match.cut_info["bottom"] == 41  # type: ignore[attr-defined]


def test_tf16_the_upcard_starts_the_discard_pile() -> None:
    """TF-16: the card after the hands is turned up as the first discard."""
    match = begin(deals=[stacked(upcard="9C")])
    assert match.public_view()["discard_top"] == "9C"
    assert match.public_view()["discard_size"] == 1


def test_tf21_tf56_draw_then_meld_then_one_discard() -> None:
    """TF-21: acquire, meld (optional), discard; TF-56: a turn ends only by discarding."""
    match = begin(deals=[stacked(hands={1: ["6C", "6D", "6H"]}, stock=["KS"])])
    assert {a.kind for a in match.legal_actions(1)} == {"draw", "take_upcard"}
    with pytest.raises(IllegalAction, match="Draw first"):
        match.apply(1, "discard:6C")
    match.apply(1, "draw")
    match.apply(1, "meld:6H,6D,6C")
    assert match.turn_player == 1 and match.phase == "play"
    assert {a.kind for a in match.legal_actions(1)} >= {"discard"}
    match.apply(1, "discard:KS")
    assert match.phase == "buy" and match.turn_player == 1
    settle_window(match)
    assert match.turn_player == 2


def test_tf24_a_buy_needs_stock_cards_to_pay_with() -> None:
    """TF-24: b != q, not melded, a chip, and the stock (rebuilt if need be) can pay."""
    match = begin(deals=[stacked(hands={1: ["QS"]}, stock=["2C"])], seed=1)
    match.apply(1, "draw")
    match.discard = match.stock + match.discard  # nothing left to draw ...
    match.stock = []
    match.rebuilds = 2  # ... and no rebuild left (TF-57 engine bound)
    match.apply(1, "discard:QS")
    assert match.phase != "buy"  # nobody can pay the extra card
    match = begin(deals=[stacked(hands={1: ["QS"]}, stock=["2C", "3C"])], seed=1)
    match.apply(1, "draw")
    match.discard = match.stock[1:] + match.discard
    match.stock = match.stock[:1]  # one card: enough out of turn, not in turn
    match.rebuilds = 2
    match.apply(1, "discard:QS")
    assert match.window is not None and match.window["order"] == [3, 0]
    assert 1 not in match.to_act  # the discarder never buys


def test_tf30_tf30a_one_buy_per_discard_and_the_window() -> None:
    """TF-30: one buy per discard, the card beneath is not for sale. TF-30a: the window
    resolves once the winner is certain; a claim binds; all pass -> nobody buys."""
    deal = stacked(hands={1: ["QS", "JH"]}, stock=["2C", "3C", "4C", "5C", "6C"])
    match = begin(deals=[deal])
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    match.apply(2, "buy")  # top priority claims: resolved at once
    assert match.phase == "play" and match.turn_player == 2
    assert match.discard[-1] != parse_card("QS")
    assert not any(a.kind == "buy" for s in range(4) for a in match.legal_actions(s))
    assert parse_cards(["QS", "3C", "4C"]) == match.hands[2][-3:]  # discard, cost, draw
    match.apply(2, "discard:3C")
    match.apply(3, "draw")  # the next player's DRAW counts as a pass and waits
    assert match.phase == "buy" and match.hands[3].count(parse_card("5C")) == 0
    match.apply(0, "pass")
    match.apply(1, "pass")
    assert match.phase == "play" and match.turn_player == 3
    assert match.hands[3][-1] == parse_card("5C")
    assert parse_card("3C") == match.discard[-1]  # nobody bought


def test_tf36_tf43_melds_have_owners_and_later_turns_add_freely() -> None:
    """TF-36 a meld belongs to its layer; TF-43 from the next turn: own contract melds,
    new melds and layoffs anywhere."""
    hand = ["6C", "6D", "6H", "9S", "10S", "JS", "6S", "QS"]
    deal = stacked(hands={1: hand}, stock=["2D", "3D", "4D", "5D", "7D"])
    match = begin(deals=[deal])
    match.apply(1, "draw")
    match.apply(1, "meld:6H,6D,6C")
    trio = match.melds[0]
    assert match.public_view()["melds"][0]["owner"] == 1
    assert f"lay:{trio.id}:6S" not in ids(match, 1)  # TF-42 this turn
    match.apply(1, "discard:2D")
    settle_window(match)
    for _ in range(3):
        draw_and_discard(match)
    assert match.turn_player == 1
    legal = ids(match, 1)
    assert f"lay:{trio.id}:6S" in legal and "meld:9S,10S,JS" in legal
    match.apply(1, "meld:9S,10S,JS")
    run = match.melds[1]
    match.apply(1, f"lay:{run.id}:QS")
    assert [card_str(c) for c in run.meld.cards] == ["9S", "10S", "JS", "QS"]


def test_tf41_no_layoffs_before_the_contract() -> None:
    """TF-41: a player who has not melded may not lay off or make other melds."""
    deal = stacked(hands={1: ["7C", "9S", "10S", "JS"]}, stock=["KD"])
    match = begin(deals=[deal], contract=2)
    sevens = put_meld(match, 0, ["7S", "7H", "7D"])
    match.apply(1, "draw")
    legal = ids(match, 1)
    assert f"lay:{sevens.id}:7C" not in legal and "meld:9S,10S,JS" not in legal
    with pytest.raises(IllegalAction, match="contract"):
        match.apply(1, f"lay:{sevens.id}:7C")


def test_tf46_a_joker_goes_on_a_meld_without_one_at_a_chosen_end() -> None:
    """TF-46: a joker may join a meld with no joker, not pure, not closed; a run's end is named."""
    deal = stacked(hands={1: ["*", "*"]}, stock=["KD"])
    match = begin(deals=[deal], contract=2)
    run = put_meld(match, 0, ["5H", "6H", "7H"], kind="run")
    joked = put_meld(match, 0, ["9C", "9D", "*"])
    pure = put_meld(match, 0, ["4C", "4D", "4H"], pure=True)
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    match.apply(1, "draw")
    legal = ids(match, 1)
    assert {f"lay:{run.id}:*:low", f"lay:{run.id}:*:high"} <= legal
    assert not any(i.startswith((f"lay:{joked.id}:", f"lay:{pure.id}:")) for i in legal)
    match.apply(1, f"lay:{run.id}:*:low")
    assert run.meld.cards[0] == JOKER and run.meld.stands_for(0) == parse_card("4H")


def test_tf47_any_card_may_be_discarded() -> None:
    """TF-47: the seed puts no restriction on the discard."""
    match = begin(seed=4)
    match.apply(match.turn_player, "draw")
    seat = match.turn_player
    discards = {a.value for a in match.legal_actions(seat) if a.kind == "discard"}
    assert discards == {card_str(c) for c in match.hands[seat]}


def test_tf57_the_discard_pile_becomes_the_stock() -> None:
    """TF-57: an empty stock is rebuilt from the whole discard pile; when nothing can be
    rebuilt (or the engine's rebuild bound is reached) the deal ends with nobody out."""
    match = begin(seed=6)
    seat = match.turn_player
    match.apply(seat, "draw")
    match.discard, match.stock = match.stock + match.discard, []
    pile = len(match.discard)
    match._cache.clear()
    match.apply(seat, f"discard:{card_str(match.hands[seat][0])}")
    settle_window(match)
    # the whole pile and the new discard became the stock; the next player drew one
    assert match.rebuilds == 1 and len(match.stock) == pile + 1 - 1
    assert match.discard == []
    match = begin(seed=6, options={"max_stock_rebuilds": 0})
    seat = match.turn_player
    match.apply(seat, "draw")
    match.discard, match.stock = match.stock + match.discard, []
    match._cache.clear()
    match.apply(seat, f"discard:{card_str(match.hands[seat][0])}")
    settle_window(match)
    assert match.hand_results[-1]["went_out"] is None
    assert all(p > 0 for p in match.hand_results[-1]["penalties"])
    last = match.hand_results[-1]  # the common core: nobody won, everyone paid
    assert last["why"] == {"code": "stock_exhausted", "params": {"penalties": last["penalties"]}}
    assert last["winners"] == [] and last["score"]["lower_wins"]
    assert [(a["index"], a["amount"]) for a in last["awards"]] == list(enumerate(last["penalties"]))


def test_tf62_stakes_for_the_deal_and_the_game() -> None:
    """TF-62: the player who goes out takes deal_stake from each other player; the game
    winners share game_stake from each loser; a deal nobody wins moves no stake."""
    match = played(seed=5, deal_stake=2, game_stake=6)
    assert match.result is not None
    money = [0] * 4
    for r in match.hand_results:
        if r["went_out"] is not None:
            for s in range(4):
                money[s] += 6 if s == r["went_out"] else -2
    winners = match.result["winners"]
    for s in range(4):
        if s not in winners:
            money[s] -= 6
    pot = 6 * (4 - len(winners))
    for i, s in enumerate(winners):
        money[s] += pot // len(winners) + (1 if i < pot % len(winners) else 0)
    assert match.result["money"] == money and sum(money) == 0


@pytest.mark.parametrize(("contract", "size", "count"), [(3, 4, 1), (4, 4, 2), (5, 5, 1)])
def test_tfc3_tfc4_tfc5_exact_sets(contract: int, size: int, count: int) -> None:
    """TF-C3 one set of 4, TF-C4 two sets of 4, TF-C5 one set of 5: exact sizes only."""
    ranks = ["8", "K"][:count]
    hand = [f"{r}{s}" for r in ranks for s in "SHDCS"[:size]] + ["*"]
    match = begin(deals=[stacked(hands={1: hand}, stock=["2D"])], contract=contract)
    match.apply(1, "draw")
    melds = [i for i in ids(match, 1) if i.startswith("meld:")]
    assert melds and all(len(i[5:].split(",")) == size for i in melds)
    while not match.has_melded[1]:
        match.apply(1, sorted(i for i in ids(match, 1) if i.startswith("meld:"))[0])
    assert [len(m.meld.cards) for m in match.melds] == [size] * count


def test_tfc6_two_quintets_after_the_exchange() -> None:
    """TF-C6: deal 6 is two sets of five, played after the TF-19 exchange."""
    hand = ["8S", "8H", "8D", "8C", "8S", "KS", "KH", "KD", "KC", "KS"]
    match = begin(deals=[stacked(hands={1: hand}, stock=["2D"])], contract=6)
    assert match.phase == "exchange"
    for seat in range(4):
        match.apply(seat, "handin")
    match.apply(1, "draw")
    match.apply(1, "meld:8S,8S,8H,8D,8C")
    match.apply(1, "meld:KS,KS,KH,KD,KC")
    assert match.has_melded[1] and [len(m.meld.cards) for m in match.melds] == [5, 5]


def test_tf23a_timeout_draws_then_discards_the_drawn_card() -> None:
    """TF-23a (engine): on timeout the engine draws, melds nothing, discards the draw."""
    match = begin(deals=[stacked(hands={1: ["6C", "6D", "6H"]}, stock=["KS"])])
    first = match.timeout_action(1)
    assert first is not None and first.id == "draw"
    match.apply(1, first)
    second = match.timeout_action(1)
    assert second is not None and second.id == "discard:KS"
    assert match.timeout_action(2) is None


def test_tf13_tf19_tf30a_timeouts_default_cut_hand_in_nothing_pass() -> None:
    """TF-13 default cut, TF-19 hand in nothing, TF-30a pass on timeout."""
    match = SPEC.new_match(4, seed=3)
    assert isinstance(match, TelefunkenMatch)
    (cutter,) = match.to_act
    action = match.timeout_action(cutter)
    assert action is not None and action.id == "cut"
    match = begin(contract=6, seed=3)
    match.apply(0, f"give:{card_str(match.hands[0][0])}")
    action = match.timeout_action(0)
    assert action is not None and action.id == "keepall"
    match = begin(deals=[stacked(hands={1: ["QS"]})])
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    action = match.timeout_action(3)
    assert action is not None and action.id == "pass"
    action = match.timeout_action(2)
    assert action is not None and action.id == "draw"


def test_tf40_first_meld_is_the_contract_extras_after() -> None:
    """TF-40: the contract first (atomically, cancel takes staged melds back), then extras
    of the same rank in a separate meld."""
    hand = ["8S", "8H", "8D", "KS", "KH", "KD", "8C", "8S", "8H"]
    match = begin(deals=[stacked(hands={1: hand}, stock=["2D"])], contract=2)
    match.apply(1, "draw")
    match.apply(1, "meld:8S,8H,8D")
    assert not match.melds and "cancel" in ids(match, 1)
    assert not any(i.startswith("discard:") for i in ids(match, 1))
    with pytest.raises(IllegalAction, match="take them back"):
        match.apply(1, "discard:2D")
    match.apply(1, "cancel")
    assert not match.staged and len(match.hands[1]) == 12
    match.apply(1, "meld:KS,KH,KD")
    match.apply(1, "meld:8S,8H,8D")
    assert match.has_melded[1] and len(match.melds) == 2
    match.apply(1, "meld:8S,8H,8C")  # an extra set of the same rank
    assert len(match.melds) == 3 and not match.melds[2].contract


def test_tf35_melds_never_split_or_lose_cards() -> None:
    """TF-35: every action keeps each meld valid and only ever adds cards to it (jokers
    moving by TF-44/45 aside); checked along random matches."""
    for seed in range(3):
        match = SPEC.new_match(4, seed=seed)
        rng = random.Random(seed)
        seen: dict[int, list[int]] = {}
        while not match.is_over:
            seat = min(match.to_act)
            actions = match.legal_actions(seat)
            from rules.random_play import choose

            match.apply(seat, choose(SPEC, actions, rng))
            assert isinstance(match, TelefunkenMatch)
            for tm in match.melds:
                naturals = [c for c in tm.meld.cards if c != JOKER]
                before = seen.get(tm.id, [])
                assert all(naturals.count(c) >= before.count(c) for c in set(before))
                seen[tm.id] = naturals
            if match.phase == "cut":
                seen = {}


def test_tf5_identical_cards_are_interchangeable() -> None:
    """TF-5: the two copies of a card share one id; a set may hold both."""
    deal = stacked(hands={1: ["8S", "8S", "8H", "8D"]}, stock=["2D"])
    match = begin(deals=[deal], contract=3)
    match.apply(1, "draw")
    match.apply(1, "meld:8S,8S,8H,8D")
    assert match.melds[0].meld.cards.count(parse_card("8S")) == 2
    assert parse_cards(["8S"]) == [parse_card("8S")]
