"""Strict and challenge enforcement (TH-21.6, TH-28), views (TH-32) and bad input."""

from __future__ import annotations

import pytest

from rules.contract import Deal, IllegalAction
from rules.thunee import SPEC
from rules.thunee.match import ThuneeMatch
from tests.conformance.checks import state_fingerprint
from tests.rules.thunee.helpers import DEAL_A, DEAL_U, act, ids, new, play, to_play


def test_th21_strict_mode_never_offers_revoke_or_undercut() -> None:
    """TH-21.4 / TH-21.6 / TH-28.5: seat 0 (KH and diamonds) may not undercut 9H; the
    rejection says why and changes nothing."""
    match = to_play(new(DEAL_U), "JH")
    play(match, "AS", "9H")
    assert ids(match, 0) == ["play:QD", "play:JD", "play:9D", "play:AD", "play:10D"]
    before = state_fingerprint(match)
    with pytest.raises(IllegalAction, match="undercut"):
        match.apply(0, "play:KH")
    assert state_fingerprint(match) == before
    revoke = to_play(new(DEAL_A), "JH")
    play(revoke, "JD")
    with pytest.raises(IllegalAction, match="must follow"):
        revoke.apply(3, "play:10C")


def test_th28_challenge_catches_an_undercut() -> None:
    """TH-28.1 / TH-28.2 / TH-27.2: in challenge mode the undercut may be played; an
    opponent's challenge while the trick is open gives team 1 four balls; the hand ends."""
    match = to_play(new(DEAL_U, penalty_mode="challenge"), "JH")
    play(match, "AS", "9H")
    assert "play:KH" in ids(match, 0)
    play(match, "KH")
    assert match.to_act == {1}  # seat 1 must play; challenging is optional (off turn)
    assert 3 in match.off_turn and "challenge:0" in ids(match, 1)
    assert {a.kind for a in match.legal_actions(3)} == {"challenge"}
    act(match, 3, "challenge:0")
    result = match.hand_results[-1]
    assert (result["outcome"], result["offence"], result["offender"]) == ("penalty", "undercut", 0)
    assert (result["balls_to"], result["balls"]) == (1, 4) and match.score.balls == [0, 4]
    assert match.phase == "cut" and match.hand_number == 2


def test_th28_challenge_catches_a_revoke_after_the_trick_is_complete() -> None:
    """TH-28.2(a): seat 3 revokes; the trick stays open until collected, so seat 2 (an
    opponent) can still challenge after all four cards: team 0 gains 4."""
    match = to_play(new(DEAL_A, penalty_mode="challenge"), "JH")
    play(match, "JD", "10C", "10S", "QS")
    assert match.phase == "trick_open" and match.collector == 2
    assert ids(match, 2) == ["collect", "challenge:3", "challenge:1"]
    act(match, 2, "challenge:3")
    result = match.hand_results[-1]
    assert (result["offence"], result["balls_to"], result["balls"]) == ("revoke", 0, 4)


def test_th28_wrong_challenge_costs_the_challenger_four() -> None:
    """A challenge of a legal card gives the challenger's opponents 4 balls."""
    match = to_play(new(DEAL_A, penalty_mode="challenge"), "JH")
    play(match, "JD")
    act(match, 1, "challenge:2")
    result = match.hand_results[-1]
    assert (result["offence"], result["challenger"]) == ("wrong_challenge", 1)
    assert (result["balls_to"], result["balls"]) == (0, 4)


def test_th28_unchallenged_trick_is_collected_and_play_goes_on() -> None:
    """An illegal card nobody challenges stands; collecting closes the trick."""
    match = to_play(new(DEAL_A, penalty_mode="challenge"), "JH")
    play(match, "JD", "10C", "10S", "QS")
    act(match, 2, "collect")
    last = match.public_view()["tricks"][-1]
    assert last["winner"] == 2 and last["plays"][1] == [3, "10C"]
    assert match.phase == "jodi" and match.trick == []


def test_th32_views_hide_hands_and_the_face_down_card() -> None:
    """TH-32 / TH-6.5 / TH-10.5: hands are private; the face-down trump card and the trump
    suit are known to TM alone until the first card; then trump is public."""
    match = new(DEAL_A)
    act(match, 3, "no_cut")
    act(match, 1, "trump:9H")
    for seat in range(4):
        view = match.view(seat)
        others = {c for s in range(4) if s != seat for c in match.view(s)["hand"]}
        assert not others & set(view["hand"])
    assert match.view(1)["trump"] == "H" and match.public_view()["trump"] is None
    assert "9H" not in str(match.public_view()) and "9H" not in str(match.view(0))
    to_play_rest = match
    while to_play_rest.phase in ("bidding", "calls"):
        act(to_play_rest, to_play_rest.turn, "pass")
    play(match, "JD")
    assert match.public_view()["trump"] == "H" and match.view(0)["trump"] == "H"


def test_bad_input_raises_and_changes_nothing() -> None:
    """Unknown option, impossible combination, malformed ids, wrong seat, bad deals."""
    with pytest.raises(IllegalAction, match="not a Thunee option"):
        SPEC.new_match(4, {"jokers": True})
    with pytest.raises(IllegalAction, match="only_13"):
        SPEC.new_match(4, {"two_to_clear": "only_13"})
    with pytest.raises(IllegalAction, match="seat"):
        SPEC.new_match(4, {"first_dealer_start_seat": 5})
    with pytest.raises(IllegalAction):
        SPEC.new_match(4, {"target_balls": 11})
    with pytest.raises(IllegalAction, match="not 3"):
        SPEC.new_match(3)
    bad = Deal(dealer=0, hands=[["JS"] * 6] * 4)
    with pytest.raises(IllegalAction, match="24-card pack"):
        SPEC.new_match(4, deals=[bad])
    short = Deal(dealer=0, hands=[["JS", "9S"]] * 4)
    with pytest.raises(IllegalAction, match="6 cards"):
        SPEC.new_match(4, deals=[short])
    match = new(DEAL_A)
    before = state_fingerprint(match)
    for seat, action_id in [
        (3, "play:ZZ"),
        (3, "bid:15"),
        (3, "cut:deep"),
        (0, "cut"),
        (7, "cut"),
        (3, "trump:JH"),
        (3, ""),
    ]:
        with pytest.raises(IllegalAction):
            match.apply(seat, action_id)
        assert state_fingerprint(match) == before
    with pytest.raises(IllegalAction, match="not your turn"):
        match.apply(0, "cut")


def test_th28_5_spec_names_for_penalty_mode() -> None:
    """TH-28.5: the spec's 'prevent' and 'penalize' name strict and challenge."""
    assert SPEC.parse_options({"penalty_mode": "prevent"}).penalty_mode == "strict"
    assert SPEC.parse_options({"penalty_mode": "penalize"}).penalty_mode == "challenge"


def _challenge_jodi_window() -> ThuneeMatch:
    match = to_play(new(DEAL_A, penalty_mode="challenge"), "JH")
    play(match, "JD", "QD", "10S", "QS")
    act(match, 2, "collect")
    assert match.phase == "jodi" and match.turn == 2
    assert "jodi:S:30" in ids(match, 2) and "jodi:H:50" in ids(match, 2)
    return match


def test_th14_5_false_jodi_caught_by_a_challenge() -> None:
    """TH-14.5 / TH-28.2(d): in challenge mode a Jodi not held may be declared; an opponent's
    challenge before the next card gives the declarer's opponents 4 balls."""
    m = _challenge_jodi_window()
    act(m, 2, "jodi:S:30", "pass")
    act(m, 0, "pass")
    assert m.phase == "play" and m.to_act == {2} and {1, 3} <= m.off_turn
    assert "challenge_jodi:2" in ids(m, 1)
    act(m, 1, "challenge_jodi:2")
    result = m.hand_results[-1]
    assert (result["offence"], result["balls_to"], result["balls"]) == ("false_jodi", 1, 4)


def test_th14_5_true_jodi_wrongly_challenged() -> None:
    """A challenge of a Jodi really held costs the challenger's team 4 balls."""
    m = _challenge_jodi_window()
    act(m, 2, "jodi:C:20", "pass")
    act(m, 0, "pass")
    act(m, 3, "challenge_jodi:2")
    result = m.hand_results[-1]
    assert (result["offence"], result["balls_to"], result["balls"]) == ("wrong_challenge", 0, 4)
