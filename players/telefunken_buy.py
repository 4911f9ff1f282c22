"""Telefunken's buying for the stronger levels (issue 35): buy a discard that completes a
meld of the hand, in turn too (TF-27, which the beginner never does: it draws), while
keeping a chip back for the seventh deal, the hardest (TF-28's advice), until it comes.
"""

from __future__ import annotations

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.rummy import CARD_OF, MELD_FIT, HandCounts, RummyHeuristic, usefulness
from rules.contract import Action

RESERVE = 1
"""Chips kept for the last deal until it is played."""


class TelefunkenBuyer(RummyHeuristic):
    def choose(self, situation: Situation) -> Action:
        buys = [a for a in situation.legal if a.kind == "buy"]
        if buys and self._worth_buying(situation):
            return buys[0]
        return super().choose(situation)

    def _worth_buying(self, situation: Situation) -> bool:
        view = situation.view
        chips = view.get("chips")
        deal, deals = view.get("deal"), view.get("deals")
        window = view.get("buy_window") or {}
        top = window.get("card") if isinstance(window, dict) else None
        top = top or view.get("discard_top")
        if not isinstance(chips, list) or not isinstance(top, str) or top not in CARD_OF:
            return False
        last_deal = isinstance(deal, int) and isinstance(deals, int) and deal >= deals
        if int(chips[situation.seat]) <= (0 if last_deal else RESERVE):
            return False
        hand = [c for c in map(CARD_OF.get, view.get("hand") or ()) if c is not None]
        return usefulness(CARD_OF[top], HandCounts(hand), self.game) >= MELD_FIT


def telefunken_buyer(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The buying player alone (the first try at the stronger levels; it bought for runs
    the set contracts cannot use and rated below the beginner at 3 and 4 players); the
    plugin's levels are ``players.telefunken_plan``'s."""
    return TelefunkenBuyer(game)
