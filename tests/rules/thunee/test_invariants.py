"""The invariants INV-1 to INV-22 (South African part) over many seeded random matches.

Tricks, bids and Jodis are rebuilt from the events a UI sees and checked against the rules
written out again here (TH-21, TH-22), independently of the engine's own functions.
``THUNEE_INVARIANT_MATCHES`` sets how many matches per option mix (CI default 40).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from rules.cards import CARD_STRINGS
from rules.random_play import random_step
from rules.thunee import SPEC
from rules.thunee.match import ThuneeMatch
from tests.conformance.checks import random_options

MATCHES = int(os.environ.get("THUNEE_INVARIANT_MATCHES", "40"))
LADDER = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104)
NORMAL = ("Q", "K", "10", "A", "9", "J")  # low to high
SUITS = "SHDC"


def rank(card: str, royals: bool) -> int:
    position = NORMAL.index(card[:-1])
    return 5 - position if royals else position


def winner_of(plays: list[tuple[int, str]], trump: str | None, royals: bool) -> int:
    """TH-22 written out: the highest trump, else the highest card of the led suit."""
    led = plays[0][1][-1]
    trumps = [p for p in plays if p[1][-1] == trump]
    pool = trumps or [p for p in plays if p[1][-1] == led]
    return max(pool, key=lambda p: rank(p[1], royals))[0]


class HandWatch:
    """What one hand looked like from the events."""

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        self.trump: str | None = None
        self.royals = False
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[int] = []
        self.team_tricks = [0, 0]
        self.bids: list[tuple[int, int]] = []
        self.last_trick_team: int | None = None
        self.half_base = [0, 0]
        self.trip_caller: int | None = None


def check_play(match: ThuneeMatch, seat: int, card: str) -> None:
    """INV-6 / INV-7 / INV-8 (strict mode): the card obeys follow suit and the undercut."""
    hand = [CARD_STRINGS[c] for c in match.hands[seat]]  # face up: the row's face-up cards
    assert card in hand
    trick = [c for _, c in match.view(seat)["trick"]]
    if not trick:
        return
    led = trick[0][-1]
    if card[-1] != led:
        assert not any(c[-1] == led for c in hand), "INV-7: revoke"
    trump = SUITS[match.trump] if match.trump is not None else None
    royals = match.contract is not None and "royals" in match.contract["kind"]
    trumps = [c for c in trick if c[-1] == trump]
    if trump and led != trump and card[-1] == trump and trumps:
        top = max(rank(c, royals) for c in trumps)
        if rank(card, royals) < top:
            assert all(c[-1] == trump for c in hand), "INV-8: undercut with a non-trump held"


def check_result(result: dict[str, Any], options: dict[str, Any], players: int) -> None:
    outcome = result["outcome"]
    tricks_in_hand = {4: 6, 6: 4, 2: 12}[players]
    if outcome in ("redeal", "annulled"):
        assert result["balls"] == 0 and result["balls_to"] is None  # INV-17
        return
    allowed = {1, 2, 3, 4, 6, 8, options.get("blind_partner_catch_balls", 6)}
    if result["contract"] is not None and result["contract"]["kind"] == "trip":  # TH6-10.6
        assert result["tricks"][:3] == [result["contract"]["caller"]] * 3
        assert result["trump"] is None and result["balls"] in (3, 6)
        return
    assert result["balls_to"] in (0, 1) and result["balls"] in allowed  # INV-17
    if result["contract"] is not None:  # INV-13 / INV-16
        assert result["jodis"] == [] and result["call"] is None
        caller = result["contract"]["caller"]
        if outcome == "contract_success":
            assert result["tricks"] == [caller] * (6 if players == 2 else tricks_in_hand)
            assert result["balls_to"] == caller % 2
        elif outcome != "penalty":
            assert outcome in ("contract_failure", "contract_partner_catch")
            assert result["balls_to"] == 1 - caller % 2
            assert all(w == caller for w in result["tricks"])
    if outcome == "call_success":
        caller = result["call"]["caller"]
        assert result["tricks"][-1] == caller
        if result["call"]["kind"].endswith("double"):  # INV-14
            assert all(w % 2 == caller % 2 for w in result["tricks"])
        else:  # INV-15
            assert any(w % 2 != caller % 2 for w in result["tricks"])
            assert result["khanuck_count"] < 0
    if result["mode"] == "count":  # INV-5 / INV-18
        count = result["count"]
        assert len(result["tricks"]) == tricks_in_hand and sum(result["card_points"]) == 304
        counting = result["counting_team"]
        assert count["card_points"] == result["card_points"][counting]
        target = 125 if players == 2 else 105  # TH2-7
        assert count["target"] == target
        assert (count["total"] >= target) == (outcome == "counting_team_won")
        assert count["total"] == (
            count["card_points"]
            + count["bid"]
            + count["own_jodi"]
            - count["trump_team_jodi"]
            + count["last_trick"]
        )
    for jodi in result["jodis"]:  # INV-12
        assert jodi["value"] in (20, 30, 40, 50)
        if jodi["value"] in (40, 50):
            assert jodi["suit"] == result["trump"]
    if result["bid"] is not None and result["contract"] is None:  # INV-11
        assert result["trump_maker"] == result["bid"]["seat"]
        assert result["trump_choice"] == "card"
    elif result["contract"] is None:
        assert result["trump_maker"] == result["trumper"]


def watch_match(options: dict[str, Any], seed: int, players: int = 4) -> ThuneeMatch:
    match = SPEC.new_match(players, options, seed=seed)
    assert isinstance(match, ThuneeMatch)
    rng = random.Random(seed * 7 + 1)
    strict = match.options.penalty_mode == "strict"
    hand = HandWatch(match.dealer)
    balls = [0, 0]
    steps = 0
    while not match.is_over:
        steps += 1
        assert steps < 20_000
        seat, action = random_step(match, rng)
        if strict and action.kind == "play":
            check_play(match, seat, action.value)
        if strict and match.phase == "play" and seat == match.turn:  # INV-22 / INV-6
            legal = match.legal_actions(seat)
            assert any(a.kind == "play" for a in legal)
            if match.score.corner(seat % 2):
                assert all(a.value != "double" for a in legal)
        dealer_before = match.dealer
        events = match.apply(seat, action)
        for event in events:
            data = event.data
            if event.kind == "hand_started":
                hand = HandWatch(data["dealer"])
            elif event.kind == "final_deal":  # INV-3
                held = [match.view(s)["hand"] for s in range(players)]
                total = sum(len(h) for h in held) + match.public_view()["blind_face_down"]
                trump_down = 1 if match.trump_card is not None else 0
                extra = 12 if players == 2 else 0  # second half undealt, or face-down rows
                assert total + trump_down + extra == 24
                size = {4: 6, 6: 4, 2: 6}[players]
                blind = match.public_view()["blind_face_down"]
                for s, h in enumerate(held):
                    caller = match.contract is not None and match.contract["caller"] == s
                    hidden = (s == match.tm) * trump_down + caller * blind
                    assert len(h) + hidden == size, "INV-3: cards per seat"
            elif event.kind == "bid":  # INV-10
                value = data["value"]
                if hand.bids:
                    previous_seat, previous = hand.bids[-1]
                    assert value > previous and previous_seat % 2 != data["seat"] % 2
                    if match.options.bidding_protocol == "sequential":
                        assert LADDER.index(value) == LADDER.index(previous) + 1
                else:
                    assert data["seat"] % 2 == hand.dealer % 2
                assert value in LADDER
                hand.bids.append((data["seat"], value))
            elif event.kind == "contract_called":
                hand.royals = "royals" in data["contract"]
                if data["contract"] == "trip":
                    hand.trip_caller = data["seat"]
            elif event.kind == "second_deal":  # TH2-A.5: Jodi windows count per half
                hand.half_base = list(hand.team_tricks)
            elif event.kind == "trump_revealed":
                hand.trump = data["trump"]
            elif event.kind == "card_played":
                hand.trick.append((data["seat"], data["card"]))
            elif event.kind == "card_taken_back":
                hand.trick = []
            elif event.kind == "trick_won":  # INV-9
                if hand.trip_caller is not None and len(hand.tricks) < 3:
                    assert data["seat"] == hand.trip_caller == hand.trick[0][0]  # TH6-10.4
                elif strict:
                    assert data["seat"] == winner_of(hand.trick, hand.trump, hand.royals)
                assert len(hand.trick) == players
                hand.tricks.append(data["seat"])
                hand.trick = []
                hand.team_tricks[data["team"]] += 1
            elif event.kind == "jodi" and not match.face_up:  # INV-12: 1st or 3rd trick
                team = data["seat"] % 2
                assert hand.team_tricks[team] - hand.half_base[team] in (1, 3)
            elif event.kind == "hand_scored":
                check_result(data, options, players)
                if data["outcome"] in ("redeal", "annulled"):  # INV-4
                    assert data["balls_after"] == balls and data["next_dealer"] == dealer_before
                elif data.get("deuce_started"):
                    assert data["balls_after"] == [0, 0]
                else:  # INV-19
                    assert data["balls_after"][0] >= balls[0]
                    assert data["balls_after"][1] >= balls[1]
                    gained = [data["balls_after"][t] - balls[t] for t in (0, 1)]
                    assert sorted(gained) == [0, data["balls"]]
                after = data["balls_after"]
                target = data["target_balls"]
                if data["next_dealer"] is not None:  # INV-20: not over yet
                    assert match.score.deuce or max(after) < target
                    if (
                        match.options.dealer_rotation == "dealer_team_behind"
                        and data["balls_to"] is not None
                    ):  # INV-21
                        behind = after[dealer_before % 2] < after[1 - dealer_before % 2]
                        expected = dealer_before if behind else (dealer_before + 1) % players
                        assert data["next_dealer"] == expected
                        assert expected == dealer_before or expected % 2 != dealer_before % 2
                balls = list(after)
        if match.is_over:
            result = match.result
            assert result is not None
            if match.score.deuce:
                assert abs(result["balls"][0] - result["balls"][1]) >= 2
            else:
                assert max(result["balls"]) >= match.score.target
    return match


def test_inv_default_options_over_many_matches() -> None:
    """INV-3 to INV-22 with the main rules."""
    for seed in range(MATCHES):
        watch_match({}, seed)


def test_inv_random_options_over_many_matches() -> None:
    """INV-3 to INV-22 with random variant mixes (strict and challenge enforcement)."""
    played = 0
    for seed in range(MATCHES):
        options = random_options(SPEC, random.Random(seed + 500))
        if options.get("two_to_clear") == "only_13" and options.get("target_balls") == 12:
            options["khanuck_raises_target"] = True
        watch_match(options, seed)
        played += 1
    assert played == MATCHES


@pytest.mark.parametrize(
    "options",
    [
        {"royals": True, "blind_royals": True, "blind_thunee": True},
        {"bidding_protocol": "sealed", "blind_bid": True, "thunee_timing": "window_plus_late"},
        {"allow_doomed_calls": True, "khanuck_requires_jodi": False, "two_to_clear": "always"},
    ],
)
def test_inv_variant_focus(options: dict[str, Any]) -> None:
    """INV-10 to INV-17 where the variants matter most."""
    for seed in range(MATCHES // 4):
        watch_match(options, 900 + seed)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (6, {}),
        (2, {}),
        (2, {"two_player_method": "face_up"}),
        (6, {"blind_thunee": True, "trip_partner_catch_balls": 6, "royals": True}),
        (2, {"two_player_method": "face_up", "two_player_annul": "always", "royals": True}),
    ],
)
def test_inv_six_and_two_players(players: int, options: dict[str, Any]) -> None:
    """INV-3 / INV-5 / INV-9 / INV-12 / INV-17 / INV-18 / INV-21 with six players (4 tricks
    of 6 cards, Trip and Moenie) and two (12 tricks of 2, Jodis per half or face up)."""
    for seed in range(MATCHES // 4):
        watch_match(options, 700 + seed, players)
