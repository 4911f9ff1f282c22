"""Scoring (telefunken.md §13): the exact-cut rewards, deal penalties, stakes, the end.

TF-18, TF-60..TF-63 with TFV-LOC-2, TFV-BO-4, TFV-BO-13, TFV-PE1-4, TFV-PE2-6.
"""

from __future__ import annotations

from rules.cards import card_strs
from rules.contract import Event
from rules.telefunken.outputs import with_core
from rules.telefunken.table import TableState


class Scoring(TableState):
    """Deal and game scores."""

    def _exact_cut_bonus(self, cutter: int) -> list[Event]:
        """TF-18, TFV-LOC-2, TFV-BO-4, TFV-PE2-6."""
        kind = self.rs.exact_cut
        if kind in ("chip", "bolivia"):
            self.chips[cutter] += 1
            self.bonus_chips[cutter] += 1
        elif kind in ("minus25", "minus50"):
            self.scores[cutter] -= 25 if kind == "minus25" else 50
        elif kind == "wipe" and self.deal_no > 1 and self.last_penalty[cutter] > 0:
            self.scores[cutter] -= self.last_penalty[cutter]
        return [Event.make("exact_cut", seat=cutter, reward=kind)]

    def _end_deal(self, winner: int | None) -> list[Event]:
        """TF-61..TF-63: penalties for the cards in hand; the stakes; the next deal."""
        n, rs = self.players, self.rs
        points = rs.points
        penalties = [0 if s == winner else sum(points[c] for c in self.hands[s]) for s in range(n)]
        multiplier = 1
        if winner is not None:
            self.deal_wins[winner] += 1
            if self.streak[0] == winner:
                self.streak[1] += 1
            else:
                self.streak = [winner, 1]
            if rs.winning_streak and self.streak[1] >= 2:  # TFV-BO-13
                multiplier = self.streak[1]
                penalties = [p * multiplier for p in penalties]
            stake = self.options.deal_stake
            for s in range(n):
                if s != winner:
                    self.money[s] -= stake
                    self.money[winner] += stake
        else:
            self.streak = [-1, 0]
        for s in range(n):
            self.scores[s] += penalties[s]
        self.last_penalty = penalties
        self.results.append(
            with_core(
                {
                    "deal": self.deal_no,
                    "contract": self.contract_no + 1,
                    "dealer": self.dealer,
                    "went_out": winner,
                    "penalties": penalties,
                    "multiplier": multiplier,
                    "scores": list(self.scores),
                    "hands": [card_strs(sorted(h)) for h in self.hands],
                    "cut": dict(self.cut_info),
                }
            )
        )
        events = [
            Event.make("hand_scored", went_out=winner, penalties=penalties, scores=self.scores[:])
        ]
        self.window, self.staged, self.transaction, self.must_use = None, [], None, None
        self.opening = False
        if not self.contracts_left:
            return events + self._end_match()
        self.dealer = (self.dealer + 1) % n  # TF-10: the deal passes to the right
        self._start_deal()
        return events

    def _end_match(self) -> list[Event]:
        n = self.players
        if self.rs.chip_bonus:  # TFV-PE1-4: unused chips are worth 10 points each
            for s in range(n):
                self.scores[s] -= self.rs.chip_bonus * self.chips[s]
        best = min(self.scores)
        winners = [s for s in range(n) if self.scores[s] == best]
        pot = self.options.game_stake * (n - len(winners))
        for s in range(n):
            if s not in winners:
                self.money[s] -= self.options.game_stake
        for i, s in enumerate(winners):  # TF-62: co-winners share the game stake
            share = pot // len(winners) + (1 if i < pot % len(winners) else 0)
            self.money[s] += share
        self._phase = "match_over"
        return [Event.make("match_over", winners=winners, scores=list(self.scores))]
