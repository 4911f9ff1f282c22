# players/search/thunee.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""South African Thunee for the search (2, 4 and 6 players; both two-player methods).

What is searched, from the seat's view only (``thunee_worlds``):
- the card play: every legal card (and a Double or Khanuck offered with the last trick,
  TH-15/TH-16) is played out (``thunee_playout``) on the same sampled worlds; the best
  mean in balls wins;
- the trumper's choice, bids and the Thunee window (``thunee_calls``): by simulating the
  hand after each candidate on sampled deals;
- Jodis (TH-14) are declared when held (``thunee_calls.declare_jodi``);
- challenge mode (TH-28, ``thunee_challenge``): the search plays only cards TH-21 allows
  and challenges an opponent's card or Jodi when the fault is certain or likely.

Left to the heuristic (``fallback``): the cut, a blind bid or blind call, the sealed
bidders' choice, the Trip (six players) and its hand, the late Thunee window, the
two-player face-up layout.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import replace
from typing import Any

from bench.previous_search.budget import SearchBudget
from bench.previous_search.player import SearchStats, mean_over_worlds
from bench.previous_search.sampling import NoConsistentDeal
from bench.previous_search.thunee_calls import PREPLAY_PHASES, declare_jodi, preplay_choice
from bench.previous_search.thunee_challenge import (
    challenge_choice,
    forced_challenge,
    sure_challenge,
)
from bench.previous_search.thunee_playout import CALL_MARGIN_SCALE, playout
from bench.previous_search.thunee_worlds import NotSearched, ThuneeWorlds
from bench.previous_search.tricks import TrickHeuristic
from players.base import ComputerPlayer, Situation
from rules.cards import SUITS, Card, parse_card
from rules.contract import Action
from rules.thunee.cardplay import legal_cards

log = logging.getLogger(__name__)

CALLS = ("double", "khanuck")


class ThuneeSearch:
    """The search level for Thunee (see the module docstring for what is searched)."""

    level = "search"
    blocking = True

    def __init__(self, fallback: ComputerPlayer, budget: SearchBudget | None = None) -> None:
        self.fallback = fallback
        self.budget = budget or SearchBudget()
        self.last = SearchStats()

    def choose(self, situation: Situation) -> Action:
        start = time.thread_time()
        self.last = stats = SearchStats()
        legal = situation.legal
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(situation.rng.getrandbits(64))
        try:
            action = self._decide(situation, rng, stats)
        except NotSearched:
            action = None
        except NoConsistentDeal as exc:
            # A view the sampler cannot explain is a bug to fix, not a reason to stall
            # the table: say so and let the heuristic move.
            log.error("thunee search found no world (%s); heuristic moves", exc)
            action = None
        stats.seconds = time.thread_time() - start
        if action is None or action not in legal:
            return self.fallback.choose(situation)
        return action

    def off_turn(self, situation: Situation) -> Action | None:
        """Off turn (challenge mode, TH-28) only a certain fault is challenged at once; a
        merely likely one waits for the seat's own turn, where ``choose`` weighs it."""
        return sure_challenge(situation)

    def _decide(
        self, situation: Situation, rng: random.Random, stats: SearchStats
    ) -> Action | None:
        phase = situation.phase
        view = situation.view
        challenge = getattr(situation.options, "penalty_mode", "strict") == "challenge"
        if challenge and any(a.kind.startswith("challenge") for a in situation.legal):
            chosen = challenge_choice(situation, rng)
            if chosen is not None:
                return chosen
            if all(a.kind.startswith("challenge") for a in situation.legal):
                return forced_challenge(situation, rng)
        if phase == "jodi":
            return declare_jodi(situation)
        if phase == "trick_open":
            return next((a for a in situation.legal if a.kind == "collect"), None)
        if phase == "play" and view.get("turn") == situation.seat:
            return self._play(situation, rng, stats, challenge)
        if phase in PREPLAY_PHASES:
            return preplay_choice(situation, self.budget, rng, stats)
        return None

    def _play(
        self, situation: Situation, rng: random.Random, stats: SearchStats, challenge: bool
    ) -> Action | None:
        worlds = ThuneeWorlds(situation)
        plays = [a for a in situation.legal if a.kind == "play"]
        if challenge and plays:
            plays = self._lawful(situation, worlds, plays)
        calls = [a for a in situation.legal if a.kind == "call" and a.value in CALLS]
        if not plays:
            return None
        if len(plays) == 1 and not calls:
            return plays[0]
        cards = [parse_card(a.value) for a in plays]
        options: list[tuple[str | None, Card]] = [(None, c) for c in cards]
        options += [(call.value, c) for call in calls for c in cards]
        scores = self._search(situation, worlds, options, rng, stats)
        if scores is None:
            return None
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        call, card = options[best]
        if call is not None:
            return next(a for a in calls if a.value == call)
        return plays[cards.index(card)]

    @staticmethod
    def _lawful(situation: Situation, worlds: ThuneeWorlds, plays: list[Action]) -> list[Action]:
        """Challenge mode offers every card (TH-28): keep those TH-21 allows."""
        trick = [c for _, c in worlds.trick]
        trump = worlds.trump
        if trump is None and situation.view["trump"]:
            trump = SUITS.index(situation.view["trump"])
        allowed = set(legal_cards(worlds.hand, trick, trump, worlds.strength))
        return [a for a in plays if parse_card(a.value) in allowed] or plays

    def _search(
        self,
        situation: Situation,
        worlds: ThuneeWorlds,
        options: list[tuple[str | None, Card]],
        rng: random.Random,
        stats: SearchStats,
    ) -> list[float] | None:
        start = time.thread_time()
        cap = self.budget.time_cap_ms / 1000.0 if self.budget.time_cap_ms > 0 else None
        base = worlds.facts
        if any(call is not None for call, _ in options):
            base = replace(base, margin_scale=CALL_MARGIN_SCALE)
        seat = situation.seat
        facts = [base if call is None else replace(base, call=(call, seat)) for call, _ in options]
        team = seat % 2
        rounds = max(1, self.budget.rollouts // len(options))

        def score(world: Any, i: int, playout_rng: random.Random) -> float:
            return playout(facts[i], world, options[i][1], team, playout_rng)

        return mean_over_worlds(
            worlds.sample, score, len(options), rounds, rng, start, cap, stats,
            first_world_whole=True,
        )  # fmt: skip


__all__ = ["ThuneeSearch", "ThuneeWorlds"]


def thunee_search(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The plugin factory of Thunee's ``search`` level (the heuristic as fallback)."""
    return ThuneeSearch(TrickHeuristic(game), budget)
