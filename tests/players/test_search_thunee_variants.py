"""The Thunee ``search`` computer with 6 and 2 players (TH6, TH2-A, TH2-B) and in challenge
mode (TH-28): legal, finishes matches, blind to hidden cards, and challenges only faults."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players.base import Situation
from players.heuristic import heuristic_for
from players.search import SearchBudget, search_for
from players.search.thunee import ThuneeSearch
from players.search.thunee_worlds import ThuneeWorlds
from rules.cards import SUITS, card_strs, parse_card, shuffled
from rules.contract import Action, Deal, IllegalAction, Match
from rules.thunee.cardplay import NORMAL_STRENGTH, legal_cards
from rules.thunee.dealing import DECK
from rules.thunee.spec import SPEC

TINY = SearchBudget(rollouts=6, time_cap_ms=0)
SMALL = SearchBudget(rollouts=40, time_cap_ms=0)
CHALLENGE = {"penalty_mode": "challenge"}
FACE_UP = {"two_player_method": "face_up"}


def situation(match: Match[Any], seat: int, seed: int = 7) -> Situation:
    return Situation.at(match, seat, random.Random(seed))


def search(budget: SearchBudget = SMALL) -> ThuneeSearch:
    p = search_for("thunee", budget)
    assert isinstance(p, ThuneeSearch)
    return p


def awaited(match: Match[Any]) -> int:
    """The seat the match waits on (optional challengers are off turn)."""
    return min(match.to_act)


def lawful(view: dict[str, Any], action: Action) -> bool:
    """TH-21: the card follows suit and does not undercut while holding a non-trump."""
    if action.kind != "play" or not view["trick"]:
        return True
    hand = [parse_card(c) for c in view["hand"]] + (
        [parse_card(view["trump_card"])] if "trump_card" in view else []
    )
    if "rows" in view and view["rows_laid"][view["seat"]]:  # TH2-B.6: the face-up cards
        hand = [parse_card(p["up"]) for p in view["rows"][view["seat"]] if p["up"]]
    trick = [parse_card(c) for _, c in view["trick"]]
    trump = SUITS.index(view["trump"]) if view["trump"] else None
    return parse_card(action.value) in legal_cards(hand, trick, trump, NORMAL_STRENGTH)


@pytest.mark.parametrize(
    ("players", "options"),
    [(6, None), (2, None), (2, FACE_UP), (4, CHALLENGE), (6, CHALLENGE)],
    ids=["6p", "2p-two-deals", "2p-face-up", "4p-challenge", "6p-challenge"],
)
def test_search_finishes_matches_with_legal_actions_only(
    players: int, options: dict[str, Any] | None
) -> None:
    """TH6, TH2-A, TH2-B, TH-28: the search at every seat of a whole match. Every choice is
    legal, the card play is searched, and in challenge mode every card follows TH-21, so
    no hand ends in a penalty (no fault is played, no wrong challenge made)."""
    player = search(TINY)
    match = SPEC.new_match(players, options, seed=players)
    searched = 0
    for step in range(20_000):
        if match.is_over:
            break
        seat = awaited(match)
        sit = situation(match, seat, step)
        action = player.choose(sit)
        assert action in sit.legal
        assert lawful(sit.view, action)
        searched += player.last.worlds > 0
        match.apply(seat, action)
    assert match.is_over
    assert searched > 30
    assert all(h["mode"] != "penalty" for h in match.hand_results)


def _hands(players: int, seed: int) -> list[list[str]]:
    cards = card_strs(shuffled(list(DECK), random.Random(seed)))
    size = len(cards) // players
    return [cards[i * size : (i + 1) * size] for i in range(players)]


def _swap(hands: list[list[str]], a: int, b: int, unseen: set[str], batch: int) -> bool:
    """Swap a card of seat ``a`` with a same-suit card of seat ``b`` (both unseen by the
    deciding seat) at deal positions in the same batch, so earlier actions stay legal."""
    for i, x in enumerate(hands[a]):
        for j, y in enumerate(hands[b]):
            if a == b and i >= j:
                continue
            same = (i < batch) == (j < batch) and (a != b or (i < 6) == (j < 6))
            if same and x in unseen and y in unseen and x[-1] == y[-1] and x != y:
                hands[a][i], hands[b][j] = y, x
                return True
    return False


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, None), (6, None), (2, None), (2, FACE_UP)],
    ids=["4p", "6p", "2p-two-deals", "2p-face-up"],
)
def test_search_never_reads_hidden_cards(players: int, options: dict[str, Any] | None) -> None:
    """Two matches that look the same from the deciding seat (hidden cards swapped between
    other hands, or with two players with the cards still to come) give the same choice
    for the same seed, in the card play and before it."""
    heuristic = heuristic_for("thunee")
    compared = {"play": 0, "before": 0}
    for seed in range(60):
        hands = _hands(players, seed)
        first = SPEC.new_match(players, options, seed=seed, deals=[Deal(dealer=0, hands=hands)])
        wanted = "play" if seed % 2 else "before"
        stop_at = (seed // 2) % 4
        steps: list[tuple[int, str]] = []
        decided = None
        for i in range(400):
            if first.is_over or first.view(0)["hands_played"]:
                break
            seat = min(first.to_act)
            legal = first.legal_actions(seat)
            kind = "play" if first.phase == "play" else "before"
            if len(legal) > 1 and first.phase in ("play", "bidding", "trump", "calls"):
                if kind == wanted and stop_at == 0:
                    decided = (seat, kind)
                    break
                stop_at -= kind == wanted
            action = heuristic.choose(situation(first, seat, i))
            first.apply(seat, action)
            steps.append((seat, action.id))
        if decided is None:
            continue
        seat, kind = decided
        view = first.view(seat)
        seen = set(view["hand"]) | {c for _, c in view["trick"]}
        seen |= {c for past in view["tricks"] for _, c in past["plays"]}
        seen |= {r["up"] for row in view.get("rows", []) for r in row if r["up"]}
        if "trump_card" in view:
            seen.add(view["trump_card"])
        unseen = set(card_strs(DECK)) - seen
        swapped = [list(h) for h in hands]
        others = [s for s in range(players) if s != seat]
        pairs = [(a, b) for a in others for b in others if a < b] + [(a, a) for a in others]
        batch = 3 if players == 6 else 4
        if not any(_swap(swapped, a, b, unseen, batch) for a, b in pairs):
            continue
        second = SPEC.new_match(players, options, seed=seed, deals=[Deal(dealer=0, hands=swapped)])
        try:
            for s, a in steps:
                second.apply(s, a)
        except IllegalAction:
            continue
        if second.view(seat) != view or second.card_zones() == first.card_zones():
            continue
        picks = [search().choose(situation(m, seat, seed)) for m in (first, second)]
        assert picks[0] == picks[1]
        compared[kind] += 1
        if min(compared.values()) >= 3:
            return
    pytest.fail(f"too few positions compared: {compared}")


def test_two_deal_worlds_deal_the_second_half_to_nobody_known() -> None:
    """TH2-A.3: in the first half the twelve cards still to come are unknown to both
    players; a world deals them six and six, apart from everything seen."""
    match = SPEC.new_match(2, seed=4)
    heuristic = heuristic_for("thunee")
    for i in range(400):
        view = match.view(0)
        if match.phase == "play" and view["turn"] is not None and len(view["tricks"]) >= 2:
            break
        seat = min(match.to_act)
        match.apply(seat, heuristic.choose(situation(match, seat, i)))
    seat = match.view(0)["turn"]
    view = match.view(seat)
    assert view["tricks_in_hand"] == 12
    worlds = ThuneeWorlds(situation(match, seat))
    world = worlds.sample(random.Random(1))
    assert world.later is not None and [len(h) for h in world.later] == [6, 6]
    cards = [c for h in world.hands + world.later for c in h]
    played = {parse_card(c) for past in view["tricks"] for _, c in past["plays"]}
    played |= {parse_card(c) for _, c in view["trick"]}
    assert len(cards) == len(set(cards)) == 24 - len(played)


def test_face_up_worlds_keep_the_face_up_cards_and_sample_the_face_down() -> None:
    """TH2-B.6: after the layout both players' face-up cards are public (every world
    has them as they are); the face-down cards are sampled under them."""
    match = SPEC.new_match(2, FACE_UP, seed=5)
    heuristic = heuristic_for("thunee")
    for i in range(600):
        view = match.view(0)
        if match.phase == "play" and len(view["tricks"]) >= 2 and view["turn"] is not None:
            break
        seat = min(match.to_act)
        match.apply(seat, heuristic.choose(situation(match, seat, i)))
    view = match.view(0)
    assert all(view["rows_laid"])
    seat = view["turn"]
    worlds = ThuneeWorlds(situation(match, seat))
    world = worlds.sample(random.Random(2))
    for s in range(2):
        ups = sorted(parse_card(p["up"]) for p in view["rows"][s] if p["up"] is not None)
        assert sorted(world.hands[s]) == ups
    assert world.under is not None and world.pending is not None
    downs = sum(1 for s in range(2) for p in view["rows"][s] if p["down"])
    assert sum(len(u) for u in world.under) + sum(len(p) for p in world.pending) == downs


# -- challenge mode (TH-28) ------------------------------------------------------------


def _drive(
    match: Match[Any],
    plays: list[str],
    until: Any = None,
    jodis: dict[int, str] | None = None,
) -> None:
    """Advance a challenge-mode match: no cut, the trumper lays his first club (trump C),
    everyone passes, tricks are collected, the awaited seat plays the next card of
    ``plays`` (any card may be played in challenge mode), ``jodis`` declares after the
    given number of tricks. Stops when ``until(match)``, or at the next card to play once
    ``plays`` is used up."""
    queue = list(plays)
    while not (until is not None and until(match)):
        phase = match.phase
        if phase == "play" and not queue:
            return
        seat = awaited(match)
        legal = {a.id for a in match.legal_actions(seat)}
        if phase == "cut":
            match.apply(seat, "no_cut")
        elif phase == "trump":
            match.apply(seat, next(a for a in sorted(legal) if a.endswith("C")))
        elif phase == "jodi":
            wanted = (jodis or {}).pop(len(match.view(0)["tricks"]), None)
            match.apply(seat, wanted if wanted in legal else "pass")
        elif phase == "trick_open":
            match.apply(seat, "collect")
        elif phase == "play":
            match.apply(seat, "play:" + queue.pop(0))
        else:
            match.apply(seat, "pass")


def full_trick(done: int) -> Any:
    """Stop at the open trick after ``done`` finished tricks once all four cards are in."""

    def stop(match: Match[Any]) -> bool:
        view = match.view(0)
        return len(view["tricks"]) == done and len(view["trick"]) == 4

    return stop


REVOKE_DEAL = [
    ["JH", "9H", "AH", "KH", "JD", "9D"],
    ["JC", "9C", "AC", "10D", "AD", "KS"],
    ["JS", "9S", "AS", "10C", "KD", "QD"],
    ["KC", "QC", "10S", "QS", "QH", "10H"],
]
"""Dealer 0, trumper 1 (trump clubs). Trick 1: seat 2 leads KD, seat 0 wins with JD.
Trick 2: seat 0 leads KH, seats 1 and 2 show no heart, seat 3 follows QH. Trick 3: seat
0 leads JH and seat 3 plays 10S while holding 10H."""
TRICK_1 = ["KD", "QS", "JD", "AD"]
TRICK_2 = ["KH", "KS", "QD", "QH"]
TRICK_3 = ["JH", "10D", "JS", "10S"]
REVOKE_UNTIL_THIRD_TRICK = [
    (3, "no_cut"), (1, "trump:9C"), (2, "pass"), (0, "pass"), (1, "pass"), (3, "pass"),
    (2, "pass"), (0, "pass"), (2, "play:KD"), (3, "play:QS"), (0, "play:JD"),
    (1, "play:AD"), (0, "collect"), (0, "pass"), (2, "pass"), (0, "play:KH"),
    (1, "play:KS"), (2, "play:QD"), (3, "play:QH"), (0, "collect"), (0, "play:JH"),
    (1, "play:9C"), (2, "play:JS"),
]  # fmt: skip
"""REVOKE_DEAL in challenge mode, (seat, action) from the cut up to seat 3's turn in the
third trick (where he may revoke with 10S)."""


def test_search_challenges_a_certain_revoke_TH_28() -> None:
    """TH-28.2(a) / TH-21.2: seats 1 and 2 showed they hold no heart (trick 2), seat 3
    then fails to follow a heart while the only unseen heart (10H) can be nowhere else:
    the search at seat 0 challenges seat 3 (not seat 1) and the challenge is upheld."""
    match = SPEC.new_match(4, CHALLENGE, seed=1, deals=[Deal(dealer=0, hands=REVOKE_DEAL)])
    _drive(match, TRICK_1 + TRICK_2 + TRICK_3, until=full_trick(2))
    assert match.phase == "trick_open"
    view = match.view(0)
    assert [s for s, _ in view["trick"]] == [0, 1, 2, 3]
    sit = situation(match, 0)
    assert {a.id for a in sit.legal} >= {"collect", "challenge:1", "challenge:3"}
    action = search().choose(sit)
    assert action.id == "challenge:3"
    match.apply(0, action)
    last = match.hand_results[-1]
    assert last["mode"] == "penalty" and last["offence"] == "revoke"
    assert last["balls_to"] == 0


def test_search_does_not_challenge_a_lawful_discard_TH_28() -> None:
    """A seat that fails to follow with no sign of a fault is not challenged (a wrong
    challenge costs 4 balls, TH-28.1): after trick 2 the search collects instead."""
    match = SPEC.new_match(4, CHALLENGE, seed=1, deals=[Deal(dealer=0, hands=REVOKE_DEAL)])
    _drive(match, TRICK_1 + TRICK_2, until=full_trick(1))
    sit = situation(match, 0)
    assert "challenge:1" in {a.id for a in sit.legal}
    assert search().choose(sit).id == "collect"


def test_search_challenges_a_jodi_it_holds_a_card_of_TH_28() -> None:
    """TH-28.2(d) / TH-14.5: seat 1 declares a 50 Jodi (trump K, Q, J) while the search at
    seat 0 holds the king of clubs, the trump: the claim is surely false, so it is
    challenged at once, off turn; upheld."""
    hands = [
        ["KC", "9H", "KH", "QH", "JD", "9D"],
        ["JC", "9C", "AC", "KS", "9S", "10S"],
        ["JS", "AS", "10C", "10D", "KD", "QD"],
        ["JH", "QC", "AD", "QS", "AH", "10H"],
    ]
    match = SPEC.new_match(4, CHALLENGE, seed=1, deals=[Deal(dealer=0, hands=hands)])
    # trick 1: seat 2 leads KD, seat 3 AD, seat 0 9D, seat 1 (no diamond) trumps with 9C
    _drive(match, ["KD", "AD", "9D", "9C"], jodis={1: "jodi:C:50"})
    view = match.view(0)
    assert any(j["seat"] == 1 and j["value"] == 50 for j in view["jodis"])
    assert awaited(match) == 1 and 0 in match.off_turn
    sit = situation(match, 0)
    assert "challenge_jodi:1" in {a.id for a in sit.legal}
    action = search().off_turn(sit)
    assert action is not None and action.id == "challenge_jodi:1"
    match.apply(0, action)
    last = match.hand_results[-1]
    assert last["offence"] == "false_jodi" and last["balls_to"] == 0


def test_search_declares_only_held_jodis_in_challenge_mode_TH_28() -> None:
    """Challenge mode offers every Jodi (TH-28.2d); the search declares the one it holds
    (J, K and Q of hearts, not trump: 30, TH-14.2) and not the 50 it is also offered."""
    hands = [list(h) for h in REVOKE_DEAL]
    hands[0] = ["JH", "KH", "QH", "9H", "JD", "9D"]
    hands[3] = ["KC", "QC", "10S", "QS", "AH", "10H"]
    match = SPEC.new_match(4, CHALLENGE, seed=1, deals=[Deal(dealer=0, hands=hands)])
    _drive(match, TRICK_1, until=lambda m: m.phase == "jodi")
    assert awaited(match) == 0
    sit = situation(match, 0)
    assert "jodi:C:50" in {a.id for a in sit.legal}  # offered, but not held
    assert search().choose(sit).id == "jodi:H:30"
