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
from players.rummy_plan import Counter
from rules import registry
from rules.plugin import LEVELS
from rules.registry import BUILTIN
from tests.players.test_seat_view_only import view_alone

TONK = registry.get("tonk")
TELEFUNKEN = registry.get("telefunken")


def tonk_discard(hand: list[str], sizes: list[int]) -> Situation:
    view: dict[str, Any] = {
        "phase": "discard",
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
        phase="discard",
        view=view,
        legal=[TONK.parse_action(f"discard:{c}") for c in hand],
        rng=random.Random(3),
    )


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


def test_tk40_the_expert_drops_a_count_surely_lowest_the_club_waits_for_5() -> None:
    """TK-40: a count of 3 against two full hands of five is the lowest nearly surely:
    the expert drops; the club, blind to the others' hands, waits for a count of 5."""
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
    assert player_of(plugin, "club", SearchBudget()).choose(at(mid)).id != "drop"


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
