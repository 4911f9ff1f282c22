"""The light exact solver of the card play (players/trick_solver.py): the same values as the
engine-driven solver (players/endgame.py) on seeded positions of every trick game, and the
only winning line on constructed positions (TH-21/TH-22, T3-10/T3-11, NG-10)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.exact_cost import position as random_position
from players.endgame import EndgameLimits, solve
from players.trick_solver import TrickRules, TrickState, follow_suit, solve_tricks
from rules.cards import NIGERIAN_ORDER, THUNEE_ORDER, make_card
from rules.contract import Match
from rules.nigerian_thunee import STRENGTH as NIGERIAN_STRENGTH
from rules.three_o_four.options import Options as ThreeOFourOptions
from rules.three_o_four.options import layout_for
from rules.thunee.cardplay import NORMAL_STRENGTH, POINTS, legal_cards


def position(game: str, players: int, seed: int, cards_left: int) -> Match[Any]:
    """A seeded match played by random legal cards (calls avoided) until at most
    ``cards_left`` cards are in the hands, all of the hand's cards dealt and the trump face
    up (``known``), one seat to act in the play."""
    match = random_position(game, players, seed, cards_left)
    if match is None:
        raise AssertionError(f"no {game} position with {cards_left} cards left")
    return match  # type: ignore[no-any-return]


def light(match: Match[Any]) -> tuple[TrickRules, TrickState, list[int]]:
    """The match's card play as the light solver's rules and state, and what each team
    already holds in the engine's tally (read from the engine's state: a judge's view)."""
    m: Any = match
    name, n = match.spec.name, match.players
    (turn,) = match.to_act
    seats, teams = tuple(range(n)), tuple(s % 2 for s in range(n))
    hands = tuple(tuple(h) for h in m.hands)
    if name == "thunee":
        rules = TrickRules(seats, teams, m.strength, POINTS, legal_cards)
        trick = tuple(zip(m.trick_seats, m.trick, strict=True))
        return rules, TrickState(hands, trick, turn, m.trump), list(m.points)
    if name == "304":
        rules = TrickRules(seats, teams, m._strength, m._card_points, exhausting=m.trumper)
        trick = tuple((p[0], p[1]) for p in m.trick)
        return rules, TrickState(hands, trick, turn, m.trump, m.exhausted), list(m.points)
    assert name == "nigerian_thunee"
    rules = TrickRules(seats, teams, NIGERIAN_STRENGTH, (0,) * 53, trick_value=1)
    won = m.tricks_won
    return (
        rules,
        TrickState(hands, tuple(m.trick), turn, m.trump),
        [won[0] + won[2], won[1] + won[3]],
    )


CASES = [
    ("thunee", 4, 16),
    ("thunee", 6, 18),
    ("thunee", 2, 8),
    ("304", 4, 12),
    ("nigerian_thunee", 4, 16),
]


@pytest.mark.parametrize(("game", "players", "cards"), CASES)
def test_light_solver_equals_the_engine_solver(game: str, players: int, cards: int) -> None:
    """Every legal card's solved value equals players.endgame's on seeded positions: the
    engine's tally of the team at the end is what it holds plus half of (the light
    solver's difference + everything still to win)."""
    compared = 0
    for seed in range(1, 7):
        match = position(game, players, seed, cards_left=cards)
        engine = solve(match, limits=EndgameLimits(max_cards=cards, max_nodes=200_000))
        if engine is None:
            continue  # a Jodi poll or a call inside the tree: the engine's tree is not ours
        rules, state, held = light(match)
        ours = solve_tricks(rules, state, engine.team)
        remaining = sum(rules.points[c] for h in state.hands for c in h)
        remaining += sum(rules.points[c] for _, c in state.trick)
        remaining += rules.trick_value * (
            (sum(len(h) for h in state.hands) + len(state.trick)) // len(rules.seats)
        )
        by_card = {_card_of(a): v for a, v in engine.moves.items()}
        assert set(by_card) == set(ours.moves)
        for card, value in ours.moves.items():
            assert by_card[card] == held[engine.team] + (value + remaining) / 2
        assert engine.value == held[engine.team] + (ours.value + remaining) / 2
        compared += 1
    assert compared >= 3


def _card_of(action_id: str) -> int:
    from rules.cards import parse_card

    return parse_card(action_id.split(":", 1)[1])


# -- constructed positions: draw the last trump before cashing the boss card --------------


def c(text: str) -> int:
    return make_card(text[:-1], text[-1])


def draw_first(n: int, rules: TrickRules, low_trump: str) -> TrickState:
    """Hearts trump, two tricks left, seat 0 to lead holding the top trump (JH) and the top
    spade (JS); seat 1 holds a low trump and no spade, so a spade led first is trumped.
    The only line that gives the other side nothing: the trump first, then the spade."""
    hands: list[tuple[int, ...]] = [(c("JH"), c("JS")), (c(low_trump), c("10C"))]
    fillers = [("KD", "QD"), ("10D", "9D"), ("KC", "QC"), ("AD", "JD")]
    hands += [tuple(c(x) for x in fillers[s - 2]) for s in range(2, n)]
    return TrickState(tuple(hands), (), 0, 1)


NO_POINTS = (0,) * 53
THREE_O_FOUR = layout_for(4, ThreeOFourOptions())


def rules_for(n: int, strength: tuple[int, ...], points: tuple[int, ...], **kw: Any) -> TrickRules:
    return TrickRules(tuple(range(n)), tuple(s % 2 for s in range(n)), strength, points, **kw)


@pytest.mark.parametrize(
    ("label", "rules", "low_trump"),
    [
        ("thunee 4p TH-21", rules_for(4, NORMAL_STRENGTH, POINTS, legal=legal_cards), "QH"),
        ("thunee 6p TH6", rules_for(6, NORMAL_STRENGTH, POINTS, legal=legal_cards), "QH"),
        ("thunee 2p TH2", rules_for(2, NORMAL_STRENGTH, POINTS, legal=legal_cards), "QH"),
        ("304 T3-10", rules_for(4, THREE_O_FOUR.strength, THREE_O_FOUR.points, exhausting=0), "7H"),
        ("nigerian NG-10", rules_for(4, NIGERIAN_STRENGTH, NO_POINTS, trick_value=1), "7H"),
    ],
)
def test_the_solver_finds_the_only_winning_line(
    label: str, rules: TrickRules, low_trump: str
) -> None:
    state = draw_first(len(rules.seats), rules, low_trump)
    theirs = [s for s in rules.seats if rules.team_of[s] == 1]

    def shut_out(won: tuple[int, ...], last: int) -> float:
        return float(not any(won[s] for s in theirs))

    solution = solve_tricks(rules, state, 0, score=shut_out)
    assert solution.value == 1.0, label
    assert solution.best() == [c("JH")], label
    assert solution.moves[c("JS")] == 0.0, label
    # on the game's own tally the trump first is strictly better too
    assert solve_tricks(rules, state, 0).best() == [c("JH")], label


def test_orders_used_are_the_rules_orders() -> None:
    """The constructed positions rely on J over 9 over A (TH-5, NG-3) in Thunee and Nigerian."""
    for order in (THUNEE_ORDER, NIGERIAN_ORDER):
        assert order.strength[c("JS")] > order.strength[c("9S")] > order.strength[c("AS")]
    assert THREE_O_FOUR.strength[c("JS")] > THREE_O_FOUR.strength[c("9S")]
    assert follow_suit([c("AS"), c("KD")], [c("QS")], 1, NORMAL_STRENGTH) == [c("AS")]
