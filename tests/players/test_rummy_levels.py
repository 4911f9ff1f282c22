"""Issue 35: the rummy games' club and expert levels on constructed positions (Tonk:
``players.rummy_plan``; Telefunken: ``players.telefunken_plan``), and their decisions from
the seat's view alone at 2 and 3 players."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from players.rummy import CARD_OF
from players.rummy_plan import Counter
from players.telefunken_plan import missing_for_contract7
from rules import registry
from rules.plugin import LEVELS
from rules.registry import BUILTIN
from tests.players.test_seat_view_only import view_alone

TONK = registry.get("tonk")
TELEFUNKEN = registry.get("telefunken")


def tonk_turn(hand: list[str], sizes: list[int], phase: str, legal: list[str]) -> Situation:
    """Seat 0's Tonk turn after the draw (``legal``: action ids)."""
    view: dict[str, Any] = {
        "phase": phase,
        "hand": hand,
        "hand_sizes": sizes,
        "spreads": [],
        "discard_top": "9C",
        "stock_size": 20,
    }
    return Situation(
        spec=TONK,
        players=len(sizes),
        seat=0,
        options=TONK.Options(),
        teams=None,
        phase=phase,
        view=view,
        legal=[TONK.parse_action(a) for a in legal],
        rng=random.Random(3),
    )


def tonk_discard(hand: list[str], sizes: list[int]) -> Situation:
    return tonk_turn(hand, sizes, "discard", [f"discard:{c}" for c in hand])


def test_tk36_club_and_expert_throw_the_card_that_leaves_the_lowest_count() -> None:
    """TK-36 (only cards in hand count): K and Q of spades help each other a little (a
    run needs the J), the 4 of hearts helps nothing; the beginner throws the 4 (least
    useful, the highest of those), the planners throw a court: a count 6 lower."""
    plugin = BUILTIN.plugin("tonk")
    sit = tonk_discard(["KS", "QS", "3D", "4H", "AC"], [5, 5])
    assert player_of(plugin, "beginner", SearchBudget()).choose(sit).id == "discard:4H"
    for level in ("club", "expert"):
        assert player_of(plugin, level, SearchBudget()).choose(sit).id in (
            "discard:KS",
            "discard:QS",
        ), level


def test_tk30_tk31_tk32_the_count_makes_the_best_spreads() -> None:
    """TK-30 book, TK-31 run (ace low: A-2-3 valid, Q-K-A not), TK-32 a wild 2 with at
    least two naturals; TK-33 a 2 left in hand counts 2."""
    wild = Counter(wild_twos=True)
    natural = Counter(wild_twos=False)
    card = {"AS": 12, "2S": 0, "3S": 1, "QS": 10, "KS": 11, "7H": 18, "7D": 31, "7C": 44}
    assert wild.count([card["7H"], card["7D"], card["7C"]]) == 0
    assert natural.count([card["AS"], card["2S"], card["3S"]]) == 0
    assert natural.count([card["QS"], card["KS"], card["AS"]]) == 21
    assert wild.count([card["QS"], card["KS"], card["2S"]]) == 0  # the 2 stands for J or A
    assert wild.count([card["KS"], card["2S"], card["7H"]]) == 19  # one natural pair only
    assert wild.count([card["2S"], card["7H"], card["7D"], card["KS"]]) == 10


def test_tk40_the_expert_drops_a_count_surely_lowest_the_beginner_waits_for_5() -> None:
    """TK-40: a count of 3 against two full hands of five is the lowest nearly surely:
    the expert drops; with 9 too, as the club does at three players (it judges the drop
    as the expert); the beginner, blind to the others' hands, waits for a count of 5."""
    plugin = BUILTIN.plugin("tonk")
    view: dict[str, Any] = {
        "phase": "draw",
        "hand": ["AS", "AD", "AH", "KC", "QC"],
        "count": 23,
        "hand_sizes": [5, 5, 5],
        "spreads": [],
        "discard_top": "KD",
    }
    low = {**view, "hand": ["AS", "2D"], "count": 3, "hand_sizes": [2, 5, 5]}

    def at(v: dict[str, Any]) -> Situation:
        return Situation(
            spec=TONK,
            players=3,
            seat=0,
            options=TONK.Options(),
            teams=None,
            phase="draw",
            view=v,
            legal=[TONK.parse_action(a) for a in ("drop", "draw:stock", "draw:discard")],
            rng=random.Random(1),
        )

    expert = player_of(plugin, "expert", SearchBudget())
    assert expert.choose(at(low)).id == "drop"
    high = {**view, "hand": ["KC", "QD", "JH", "10S"], "count": 40, "hand_sizes": [4, 5, 5]}
    assert expert.choose(at(high)).id != "drop"  # 40 against full hands: caught often
    mid = {**low, "hand": ["4S", "3D", "2H"], "count": 9, "hand_sizes": [3, 5, 5]}
    assert expert.choose(at(mid)).id == "drop"
    assert player_of(plugin, "club", SearchBudget()).choose(at(mid)).id == "drop"
    assert player_of(plugin, "beginner", SearchBudget()).choose(at(mid)).id != "drop"


def telefunken_discard(hand: list[str], deal: int, melded: bool = False) -> Situation:
    view: dict[str, Any] = {
        "phase": "play",
        "deal": deal,
        "deals": 7,
        "discard_top": "3C",
        "chips": [7, 7],
        "hand_sizes": [len(hand), 11],
        "has_melded": [melded, False],
        "melds": [],
        "buy_window": None,
        "hand": hand,
    }
    return Situation(
        spec=TELEFUNKEN,
        players=2,
        seat=0,
        options=TELEFUNKEN.Options(),
        teams=None,
        phase="play",
        view=view,
        legal=[TELEFUNKEN.parse_action(f"discard:{c}") for c in dict.fromkeys(hand)],
        rng=random.Random(0),
    )


def test_tf_c2_before_the_contract_the_planners_keep_pairs_not_suit_neighbours() -> None:
    """TF-C2 (two tríos, sets only): the 9 of hearts sits by the 10 and 8 of hearts (a run
    the contract cannot use), the kings are a pair toward a trío. The beginner keeps the
    run cards and throws a king; club and expert throw a run card and keep the pair."""
    plugin = BUILTIN.plugin("telefunken")
    hand = ["KS", "KD", "8H", "9H", "10H", "5C", "5D", "7S", "7D"]
    sit = telefunken_discard(hand, deal=2)
    assert player_of(plugin, "beginner", SearchBudget()).choose(sit).id in (
        "discard:KS",
        "discard:KD",
    )
    for level in ("club", "expert"):
        chosen = player_of(plugin, level, SearchBudget()).choose(sit).id
        assert chosen in ("discard:8H", "discard:9H", "discard:10H"), level


def test_tf60_after_the_contract_the_highest_penalty_goes_first() -> None:
    """TF-60/TF-61: once down, what stays in hand counts against it: the ace (11) goes
    before a 4."""
    plugin = BUILTIN.plugin("telefunken")
    sit = telefunken_discard(["AS", "4D", "6C"], deal=3, melded=True)
    for level in ("club", "expert"):
        assert player_of(plugin, level, SearchBudget()).choose(sit).id == "discard:AS", level


def test_tf26_only_the_expert_buys_out_of_turn_and_only_a_set_card() -> None:
    """TF-26: out of turn a buy costs a chip and a penalty card from the stock: the expert
    buys the third king (a trío, TF-C2), not a card that only makes a pair; the club
    never buys out of turn."""
    plugin = BUILTIN.plugin("telefunken")

    def window(card: str) -> Situation:
        view: dict[str, Any] = {
            "phase": "buy",
            "deal": 2,
            "deals": 7,
            "discard_top": card,
            "chips": [7, 7, 7],
            "hand_sizes": [11, 11, 11],
            "has_melded": [False, False, False],
            "melds": [],
            "buy_window": {"card": card, "discarder": 2, "order": [0, 1], "answers": {"0": "pass"}},
            "hand": ["KS", "KD", "4H", "9H", "5D", "7D", "7C", "JC", "3S", "6S", "8C"],
        }
        return Situation(
            spec=TELEFUNKEN,
            players=3,
            seat=1,
            options=TELEFUNKEN.Options(),
            teams=None,
            phase="buy",
            view=view,
            legal=[TELEFUNKEN.parse_action("buy"), TELEFUNKEN.parse_action("pass")],
            rng=random.Random(0),
        )

    assert player_of(plugin, "expert", SearchBudget()).choose(window("KH")).id == "buy"
    assert player_of(plugin, "expert", SearchBudget()).choose(window("JH")).id == "pass"
    assert player_of(plugin, "club", SearchBudget()).choose(window("KH")).id == "pass"


@pytest.mark.parametrize("game", ["tonk", "telefunken"])
@pytest.mark.parametrize("players", [2, 3])
def test_rummy_levels_decide_the_same_from_the_seats_view_alone(game: str, players: int) -> None:
    """The seat-view test of ``test_seat_view_only`` at the rummy games' small tables."""
    plugin = BUILTIN.plugin(game)
    spec = plugin.spec
    levels = {level: player_of(plugin, level, SearchBudget(rollouts=60)) for level in LEVELS}
    checked = 0
    for seed in range(2):
        match = spec.new_match(players, None, seed=seed)
        rng = random.Random(seed)
        for step in range(300):
            if match.is_over:
                break
            seat = min(match.to_act)
            player = levels[LEVELS[step % len(LEVELS)]]
            if step % 5 == 0:
                table = Situation.at(match, seat, random.Random(0))
                if len(table.legal) > 1:
                    alone = view_alone(Situation.at(match, seat, random.Random(0)))
                    assert player.choose(alone) == player.choose(table), (game, step)
                    checked += 1
            match.apply(seat, player.choose(Situation.at(match, seat, rng)))
    assert checked >= 10


def telefunken_window(hand: list[str], card: str, deal: int, options: Any = None) -> Situation:
    """Seat 1 of 3 answers the buy window of seat 2's discard out of turn (TF-26)."""
    view: dict[str, Any] = {
        "phase": "buy",
        "deal": deal,
        "deals": 7,
        "discard_top": card,
        "chips": [7, 7, 7],
        "hand_sizes": [11, len(hand), 11],
        "has_melded": [False, False, False],
        "melds": [],
        "buy_window": {"card": card, "discarder": 2, "order": [0, 1], "answers": {"0": "pass"}},
        "hand": hand,
    }
    return Situation(
        spec=TELEFUNKEN,
        players=3,
        seat=1,
        options=options or TELEFUNKEN.Options(),
        teams=None,
        phase="buy",
        view=view,
        legal=[TELEFUNKEN.parse_action("buy"), TELEFUNKEN.parse_action("pass")],
        rng=random.Random(0),
    )


def telefunken_choice(level: str, situation: Situation) -> str:
    """The id of what ``level``'s Telefunken computer chooses in ``situation``."""
    return player_of(BUILTIN.plugin("telefunken"), level, SearchBudget()).choose(situation).id


def cards(texts: list[str]) -> list[int]:
    return [CARD_OF[t] for t in texts]


def test_tf_c7_cards_missing_for_the_trio_and_run_of_seven() -> None:
    """TF-C7: a trío and a run of seven; a joker fills one gap (TF-31, TF-32), the 2s are
    natural in the Venezuelan game (TF-33), the ace ends a run high or low (TF-6)."""
    run = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    assert missing_for_contract7(cards([*run, "KD", "KH", "KC", "4H"]), False) == 0
    assert missing_for_contract7(cards([*run, "KD", "KH", "4H", "QC"]), False) == 1
    assert missing_for_contract7(cards([*run[:6], "KD", "KH", "4H", "*"]), False) == 1
    high = ["8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    assert missing_for_contract7(cards([*high, "5D", "5C", "5S"]), False) == 0
    # the 2s: wild only where the variant says so
    assert missing_for_contract7(cards([*run[:6], "KD", "KH", "2C"]), False) == 2
    assert missing_for_contract7(cards([*run[:6], "KD", "KH", "2C"]), True) == 1


def test_tf58_tf57_far_from_deal_7s_contract_the_expert_keeps_its_lowest_cards() -> None:
    """TF-58/TF-57/TF-61: five cards from deal 7's contract, the expert plans for a deal
    nobody finishes (every hand pays in full) and throws its ace (11 points); the beginner
    and the club still plan toward runs and sets (they keep the ace beside nothing else
    and throw the 9 of hearts)."""
    plugin = BUILTIN.plugin("telefunken")
    hand = ["KS", "KD", "QS", "3H", "4C", "5D", "7C", "9H", "AD", "6S", "8D", "2C"]
    assert missing_for_contract7(cards(hand), False) == 5
    sit = telefunken_discard(hand, deal=7)
    assert player_of(plugin, "expert", SearchBudget()).choose(sit).id == "discard:AD"
    for level in ("beginner", "club"):
        assert player_of(plugin, level, SearchBudget()).choose(sit).id == "discard:9H", level


def test_tf26_tf58_in_deal_7_the_expert_buys_only_the_card_it_lacks() -> None:
    """TF-26 in deal 7: a bought card and its penalty card stay in a hand that pays in full
    if nobody goes out. Far from the contract the expert passes on a king that would make
    a trío (the beginner, which plans nothing, buys it); one card short (a run of seven
    and a pair of kings) it buys the third king."""
    plugin = BUILTIN.plugin("telefunken")
    far = ["KS", "KD", "3H", "4C", "5D", "7C", "9H", "AD", "6S", "8D", "2C"]
    assert telefunken_choice("beginner", telefunken_window(far, "KH", 7)) == "buy"
    expert = player_of(plugin, "expert", SearchBudget())
    assert expert.choose(telefunken_window(far, "KH", 7)).id == "pass"
    near = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "KD", "KS", "4H", "QC"]
    assert expert.choose(telefunken_window(near, "KH", 7)).id == "buy"


def test_tf33_the_expert_knows_2s_are_natural_in_the_venezuelan_game() -> None:
    """TF-33 (only jokers are wild; Peru's 2s are, TFV-PE1-6): out of turn in deal 2 the
    beginner's rule of thumb buys a lone 2 as a wild; the expert, which reads the
    variant's meld rules, passes (a lone 2 completes nothing); under Peru's rules, where
    2s are wild (TFV-PE1-6), it buys the 2 as it buys any wild."""
    plugin = BUILTIN.plugin("telefunken")
    hand = ["KS", "KD", "4H", "9H", "5D", "7D", "7C", "JC", "3S", "6S", "8C"]
    assert telefunken_choice("beginner", telefunken_window(hand, "2H", 2)) == "buy"
    expert = player_of(plugin, "expert", SearchBudget())
    assert expert.choose(telefunken_window(hand, "2H", 2)).id == "pass"
    peru = telefunken_window(hand, "2H", 2, TELEFUNKEN.Options(variant="peru1"))
    assert expert.choose(peru).id == "buy"


def test_tf19_the_deal_6_exchange_is_planned_not_random() -> None:
    """TF-19 / TF-C6 (two quintetos): the beginner hands its hand back as dealt; club and
    expert hand in, one card at a time, what lies outside the joker and their three best
    ranks (kings, sevens, then the cheapest single: the 3), and never a card of them."""
    plugin = BUILTIN.plugin("telefunken")
    hand = ["KS", "KD", "KH", "7S", "7D", "3C", "9H", "AD", "QS", "JC", "*"]

    def exchange(giving: list[str]) -> Situation:
        view: dict[str, Any] = {"phase": "exchange", "deal": 6, "deals": 7, "hand": hand}
        view |= {"giving": giving, "has_melded": [False, False], "chips": [7, 7]}
        left = list(hand)
        for card in giving:
            left.remove(card)
        legal = [TELEFUNKEN.parse_action(f"give:{c}") for c in sorted(set(left))]
        legal.append(TELEFUNKEN.parse_action("handin"))
        return Situation(
            spec=TELEFUNKEN,
            players=2,
            seat=0,
            options=TELEFUNKEN.Options(),
            teams=None,
            phase="exchange",
            view=view,
            legal=legal,
            rng=random.Random(0),
        )

    assert player_of(plugin, "beginner", SearchBudget()).choose(exchange([])).id == "handin"
    for level in ("club", "expert"):
        player = player_of(plugin, level, SearchBudget())
        given: list[str] = []
        while (action := player.choose(exchange(given))).id != "handin":
            given.append(action.value)
            assert len(given) <= len(hand), level
        assert sorted(given) == sorted(["9H", "AD", "QS", "JC"]), level


def tonk_spreads(hand: list[str], spreads: list[str], players: int = 3) -> Situation:
    """A Tonk turn after the draw with ``spreads`` (``spread:`` values) to choose from."""
    legal = [f"spread:{v}" for v in spreads] + [f"discard:{c}" for c in hand]
    return tonk_turn(hand, [len(hand)] + [5] * (players - 1), "play", legal)


def test_tk36_the_expert_lays_the_spread_that_leaves_the_lowest_count() -> None:
    """TK-36 (cards in spreads never count): 8-9-10 of spades or the three 10s share the
    10 of spades; the run leaves two 10s in hand (20), the book leaves 8-9 of spades (17,
    and a run to draw to). The expert lays the book; the beginner and the club lay by the
    most cards down, which is a tie here, and take the run."""
    plugin = BUILTIN.plugin("tonk")
    sit = tonk_spreads(["8S", "9S", "10S", "10H", "10D", "AC"], ["8S,9S,10S", "10S,10H,10D"])
    assert player_of(plugin, "expert", SearchBudget()).choose(sit).id == "spread:10S,10H,10D"
    for level in ("beginner", "club"):
        assert player_of(plugin, level, SearchBudget()).choose(sit).id == "spread:8S,9S,10S", level


def test_tk36_at_three_and_four_players_the_club_keeps_its_near_melds() -> None:
    """At three and four players the club keeps the beginner's hand: it throws the card
    that helps least (the 4 of hearts), where at two players it throws a court to leave
    the lowest count (as the expert does at every size)."""
    plugin = BUILTIN.plugin("tonk")
    hand = ["KS", "QS", "3D", "4H", "AC"]
    club = player_of(plugin, "club", SearchBudget())
    expert = player_of(plugin, "expert", SearchBudget())
    courts = ("discard:KS", "discard:QS")
    assert club.choose(tonk_discard(hand, [5, 5])).id in courts
    for sizes in ([5, 5, 5], [5, 5, 5, 5]):
        assert club.choose(tonk_discard(hand, sizes)).id == "discard:4H", sizes
        assert expert.choose(tonk_discard(hand, sizes)).id in courts, sizes
