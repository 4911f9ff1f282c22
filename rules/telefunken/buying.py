"""Buying a discard (telefunken.md §8): who may, the buy window and its priority, the cost.

TF-24..TF-30a, with the variants' costs and limits (TFV-EC-6, TFV-BO-2, TFV-BO-12).
"""

from __future__ import annotations

from rules.cards import CARD_STRINGS, Card
from rules.contract import Event
from rules.telefunken.table import TableState


class Buying(TableState):
    """The buy window that follows every discard that does not end the deal."""

    def _eligible(self, seat: int, discarder: int) -> bool:
        """TF-24, TF-28, TF-29, TFV-EC-2, TFV-BO-2: may ``seat`` buy this discard?"""
        rs = self.rs
        if not rs.buying or self.contract.no_buying or seat == discarder:
            return False
        if self.has_melded[seat] and not rs.buy_after_meld:
            return False
        if self.chips[seat] < 1:
            return False
        in_turn = seat == (discarder + 1) % self.players
        need = rs.buy_extra + (1 if in_turn else 0)
        return len(self.stock) + self._rebuildable(without_top=True) >= need

    def _open_window(self, discarder: int, card: Card) -> list[Event]:
        n = self.players
        nxt = (discarder + 1) % n
        order = [
            (discarder + k) % n
            for k in range(1, n)
            if self._eligible((discarder + k) % n, discarder)
        ]
        if not order:
            return self._start_turn(nxt)
        self.window = {
            "discarder": discarder,
            "card": card,
            "order": order,
            "next": nxt,
            "answers": {},
        }
        self._phase = "buy"
        return [Event.make("buy_window", card=CARD_STRINGS[card], eligible=order)]

    def _do_buy(self, seat: int) -> list[Event]:
        assert self.window is not None
        self.window["answers"][str(seat)] = "buy"
        return self._resolve_window()

    def _do_pass(self, seat: int) -> list[Event]:
        assert self.window is not None
        self.window["answers"][str(seat)] = "pass"
        return self._resolve_window()

    def _resolve_window(self) -> list[Event]:
        """TF-25 / TF-30a: the first claimant with every seat ahead passed wins."""
        assert self.window is not None
        w = self.window
        answers = w["answers"]
        winner: int | None = None
        if self.rs.race_mode:
            # TFV-BO-12: the first claim wins, and once the next player draws it is too late
            claims = [s for s in w["order"] if answers.get(str(s)) == "buy"]
            if claims:
                winner = claims[0]
            elif len(answers) < len(w["order"]) and str(w["next"]) not in answers:
                return []
        else:
            for s in w["order"]:
                answer = answers.get(str(s))
                if answer is None:
                    return []
                if answer == "buy":
                    winner = s
                    break
        nxt = w["next"]
        next_drew = answers.get(str(nxt)) == "pass"
        events: list[Event] = []
        if winner is not None:
            events += self._complete_buy(winner, nxt)
            if winner == nxt:
                self.window = None
                return events
        self.window = None
        events += self._start_turn(nxt)
        if next_drew and self._phase == "draw":
            events += self._do_draw(nxt)
        return events

    def _complete_buy(self, buyer: int, nxt: int) -> list[Event]:
        """TF-26 (out of turn: discard + 1 stock card) / TF-27 (in turn: and the draw)."""
        card = self.discard.pop()
        self.chips[buyer] -= 1
        self.chips_spent[buyer] += 1
        self.buys += 1
        self.hands[buyer].append(card)
        events = [Event.make("bought", seat=buyer, card=CARD_STRINGS[card], in_turn=buyer == nxt)]
        extra = [self._draw_card(buyer) for _ in range(self.rs.buy_extra)]
        events += self._drew_events(buyer, extra, "buy")
        if buyer == nxt:
            self._begin_turn(buyer)
            draw = self._draw_card(buyer)
            events += self._drew_events(buyer, [draw], "draw")
            self._acquired(buyer)
        return events
