"""Stacked deals and scripted play for the 304 tests (seats: S=0, E=1, N=2, W=3)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from rules import registry
from rules.contract import Action, Deal
from rules.random_play import choose
from rules.shuffle import LEGACY_DEAL_VERSION as LEGACY
from rules.three_o_four.caps import CapsJudge, Solver
from rules.three_o_four.match import ThreeOFourMatch

SPEC = registry.get("304")
S, E, N, W = 0, 1, 2, 3


def card(text: str) -> str:
    """The rules file writes tens as ``T``; the engine writes ``10``."""
    return "10" + text[1:] if text.startswith("T") else text


def cards(text: str) -> list[str]:
    return [card(c) for c in text.split()]


def deal(dealer: int, hands: dict[int, str]) -> Deal:
    """A stacked deal; each hand lists its first batch then its second batch."""
    return Deal(dealer=dealer, hands=[cards(hands[s]) for s in sorted(hands)])


def new(dealer: int, hands: dict[int, str], players: int = 4, **options: Any) -> ThreeOFourMatch:
    match = SPEC.new_match(players, options, seed=7, deals=[deal(dealer, hands)])
    assert isinstance(match, ThreeOFourMatch)
    match.apply((dealer - 1) % players, "no_cut")
    return match


def act(match: ThreeOFourMatch, *steps: tuple[int, str]) -> None:
    for seat, action in steps:
        kind, _, value = action.partition(":")
        if kind in ("trump", "play"):
            action = f"{kind}:{card(value)}"
        match.apply(seat, action)


BARE = {"pass", "redeal", "open", "closed", "indicator", "no_cut", "claim_spoilt", "double"}


def play(match: ThreeOFourMatch, text: str) -> None:
    """Plays like ``"E:AS N:ind W:9S S:7S"`` (``ind`` is the trump indicator)."""
    names = {"S": S, "E": E, "N": N, "W": W}
    for item in text.split():
        who, what = item.split(":")
        action = "indicator" if what == "ind" else "play:" + card(what)
        match.apply(names[who], action)


def ids(match: ThreeOFourMatch, seat: int) -> list[str]:
    return [a.id for a in match.legal_actions(seat)]


def plays(match: ThreeOFourMatch, seat: int) -> list[str]:
    """The card plays among the legal actions (Caps calls and claims left out), sorted."""
    return sorted(a.id for a in match.legal_actions(seat) if a.kind in ("play", "indicator"))


def fingerprint(match: ThreeOFourMatch) -> Any:
    return (
        match.snapshot(),
        [match.view(s) for s in range(match.players)],
        match.public_view(),
        [ids(match, s) for s in range(match.players)],
    )


def offered(match: ThreeOFourMatch, seat: int) -> list[Action]:
    """The seat's legal actions without a Caps call once its team has lost a trick (legal,
    and always Wrong Caps: T3-16.7(d)): the choices the seeded random play of these tests
    was recorded with, before such calls were accepted."""
    legal = match.legal_actions(seat)
    if 1 - seat % 2 in match.trick_winners:
        return [a for a in legal if a.kind != "caps"]
    return legal


def call_points(
    cases: list[tuple[int, int]] | tuple[tuple[int, int], ...],
    when: Callable[[ThreeOFourMatch], bool] | None = None,
    every_seat: bool = False,
) -> Iterator[tuple[int, int, ThreeOFourMatch, CapsJudge, int, int]]:
    """Random matches, one per (players, seed), played out (``end_hand_when_decided`` off,
    Partner Close Caps never bid, no call after a lost trick): at each call point of the
    play (where ``when`` says so),
    every active seat holding cards whose team has won every trick so far (with
    ``every_seat``, every active seat holding cards), as (players, seed, match, judge, k,
    seat). Callers only ask; the match goes on after each."""
    for players, seed in cases:
        match = SPEC.new_match(
            players, {"end_hand_when_decided": False}, seed=seed, deal_version=LEGACY
        )
        assert isinstance(match, ThreeOFourMatch)
        rng = random.Random(seed)
        while not match.is_over:
            if match.phase == "play" and not match.solo and (when is None or when(match)):
                judge, k = match.judge(), len(match.history)
                for p in judge.active:
                    if match._remaining(p) and (every_seat or judge.team_won_all_before(p % 2, k)):
                        yield players, seed, match, judge, k, p
            seat = next(iter(match.to_act))
            legal = [a for a in offered(match, seat) if a.id != "bid:PCC"]
            match.apply(seat, choose(SPEC, legal, rng))


def top_trump_open(judge: CapsJudge, solver: Solver) -> bool:
    """The judge's world refutation by the top live trump alone: with every card of the
    trick in progress known to p, ``top_trump_with_opponent`` in one of his initial
    positions (one per trump he thinks possible)."""
    if any(card is None for _, card, _ in solver.kn.trick):
        return False
    return any(judge.top_trump_with_opponent(solver, s) for s in solver.initial_states())
