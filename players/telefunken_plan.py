"""Telefunken's club and expert levels (issue 35): plan toward the deal's contract.

Contracts 1-6 are sets only (TF-C1..TF-C6; runs count only as extra melds laid in the
same turn, TF-40), yet the beginner keeps a card for its suit neighbours as much as for
its rank partners, and buys for a run. Before its contract is down, these levels keep
cards by rank: a card is worth its copies of the same rank in hand (in deal 1 only
partners of other suits, the pure trío, TF-34), and wilds always (TF-33). Deal 7's
contract (a trío and a run of seven, TF-C7, TF-58) keeps the beginner's judgement of
ranks and suit neighbours. Once down, cards are worth their penalty (TF-60): the highest
is thrown first.

- ``club`` takes the discard (its free draw) for a rank it holds, but buys only a card that
  completes a set, and only in turn (TF-27: no penalty card handed by the others' race),
  keeping a chip for deal 7 until it comes (TF-28's advice); it forgets what has been
  played: every rank looks equally live.
- ``expert`` buys out of turn too (TF-26) when the card completes a set of its contract,
  down to its last chip (it seldom chases deal 7, below, so a chip kept for it would go
  unspent: ``EXPERT_RESERVE``); it remembers the melds on the table and the discard top,
  so of two pairs it keeps the one with more copies left unseen (two decks: eight of
  each rank, TF-4) and throws the dead one. It also plans the
  end of the last deal: deal 7's contract must go down whole in one turn (TF-58) and is
  seldom made, and a deal nobody finishes charges every hand in full (TF-57, TF-61), so
  unless its hand is within ``END_MISSING`` card of a trío and a run of seven it keeps
  its lowest cards, takes nothing and buys nothing there. It reads the variant's meld
  rules for which cards are wild (TF-33: in the Venezuelan game only jokers; the others
  keep the rule of thumb that 2s are wild, which holds in Peru, TFV-PE1-6).

All three decide deal 6's exchange (TF-19) by plan, none at random: the beginner keeps its
hand; club and expert hand in what lies outside their wilds and three best ranks.
"""

from __future__ import annotations

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.rummy import CARD_OF, HandCounts, RummyHeuristic, is_wild, usefulness
from rules.cards import CARD_STRINGS, JOKER
from rules.contract import Action
from rules.telefunken.variants import ruleset

PENALTY: tuple[int, ...] = tuple(
    15 if c == JOKER else 11 if c % 13 == 12 else 10 if c % 13 >= 8 else c % 13 + 2
    for c in range(JOKER + 1)
)
"""TF-60: 2-9 face value, 10-K 10, A 11, joker 15."""
COPIES = 8
"""Copies of a rank in Telefunken's two decks (TF-4)."""
RESERVE = 1
"""Chips the club keeps for deal 7 until it comes (TF-28's advice)."""
EXPERT_RESERVE = 0
"""Chips the expert keeps for deal 7: none. It plays that deal for the lowest hand unless
it is near the contract (``END_MISSING``), so a chip kept for it mostly went unspent; spent
on a set in deals 1-6 it won 59.6% against the club where keeping it won 50.4% (3p,
seed 9000, 120 matches, the same deals)."""
END_MISSING = 1
"""The expert chases deal 7's contract only with at most this many cards missing."""
EXCHANGE_RANKS = 3
"""Ranks the club and expert keep in deal 6's exchange (two quintetos need two)."""


def missing_for_contract7(hand: list[int], twos_wild: bool | None) -> int:
    """Cards ``hand`` lacks for TF-C7 (a trío and a run of seven in one suit), a joker (or
    a wild 2) filling one gap of either meld (TF-31, TF-32: one wild per meld)."""
    wilds = sum(1 for c in hand if is_wild(c, "telefunken", twos_wild))
    naturals = [c for c in hand if not is_wild(c, "telefunken", twos_wild)]
    by_rank = [0] * 13
    held: set[tuple[int, int]] = set()
    for c in naturals:
        by_rank[c % 13] += 1
        # TF-6: places A(low)=0, 2=1, ..., K=12, A(high)=13
        place = (c % 13 + 1) % 13
        held.add((c // 13, place))
        if c % 13 == 12:
            held.add((c // 13, 13))
    best = 10 * 2
    for suit in range(4):
        for low in range(0, 8):
            run = sum(1 for p in range(low, low + 7) if (suit, p) in held)
            for rank in range(13):
                # the trío's rank may share cards with the run only by spare copies
                inside = (
                    1 if (suit, (rank + 1) % 13) in held and low <= (rank + 1) % 13 < low + 7 else 0
                )
                trio = min(3, by_rank[rank] - inside)
                gaps = (3 - trio) + (7 - run)
                best = min(best, max(0, gaps - min(wilds, 2)))
    return best


class TelefunkenPlanner(RummyHeuristic):
    def __init__(
        self,
        game: str,
        *,
        remember: bool,
        buys_out_of_turn: bool,
        plans_end: bool = False,
        end_missing: int = END_MISSING,
        reserve: int = RESERVE,
    ) -> None:
        super().__init__(game)
        self.remember = remember
        self.buys_out_of_turn = buys_out_of_turn
        self.plans_end = plans_end
        self.end_missing = end_missing
        self.reserve = reserve
        self._twos: tuple[object, bool] | None = None
        self._end: tuple[tuple[bool | int | None, ...], bool] | None = None

    def _twos_wild(self, situation: Situation) -> bool | None:
        """What the level knows of the 2s: the expert reads the variant's meld rules (TF-33:
        in the Venezuelan game only jokers are wild; Peru's 2s are, TFV-PE1-6); the club
        keeps the beginner's rule of thumb that 2s are wild (``None``)."""
        if not self.plans_end:
            return None
        known = self._twos
        if known is None or known[0] is not situation.options:
            rs = ruleset(situation.options, situation.players)  # type: ignore[arg-type]
            known = self._twos = (
                situation.options,
                rs.set_rules.twos_wild or rs.run_rules.twos_wild,
            )
        return known[1]

    def _wild(self, situation: Situation, card: int) -> bool:
        return is_wild(card, self.game, self._twos_wild(situation))

    def _use(self, situation: Situation, card: int, hand: list[int] | HandCounts) -> int:
        return usefulness(card, hand, self.game, self._twos_wild(situation))

    def _gives_up(self, situation: Situation, hand: list[int]) -> bool:
        """TF-58, TF-57: the last contract (a trío and a run of seven, all in one turn) is
        seldom made at a table of computers, and a deal nobody finishes charges every
        hand in full. The expert plays such a deal for the lowest hand unless its hand is
        within ``end_missing`` cards of the contract."""
        if not self.plans_end or self._sets_contract(situation) or self._melded(situation):
            return False
        # each discard asks with the same whole hand: count it once
        twos = self._twos_wild(situation)
        key = (twos, *sorted(hand))
        if self._end is None or self._end[0] != key:
            self._end = (key, missing_for_contract7(hand, twos) > self.end_missing)
        return self._end[1]

    def choose(self, situation: Situation) -> Action:
        kinds = {a.kind for a in situation.legal}
        if "handin" in kinds:
            return self._exchange(situation)
        if "buy" in kinds:
            buy = next(a for a in situation.legal if a.kind == "buy")
            if self._buys(situation):
                return buy
            if not any(a.kind in ("draw", "take_discard", "take_upcard") for a in situation.legal):
                decline = [a for a in situation.legal if a.kind != "buy"]
                if decline:
                    return decline[0]
        return super().choose(situation)

    def _exchange(self, situation: Situation) -> Action:
        """TF-19 (deal 6, two quintetos, TF-C6): hand in every card outside the wilds and
        the ``EXCHANGE_RANKS`` ranks it holds most of, one card per action (the view keeps
        given cards in the hand, so the cards to give are the same each time and the
        count given so far says which comes next)."""
        view = situation.view
        hand = sorted(c for c in map(CARD_OF.get, view.get("hand") or ()) if c is not None)
        by_rank = [0] * 13
        for c in hand:
            if not self._wild(situation, c):
                by_rank[c % 13] += 1
        kept = sorted(range(13), key=lambda r: (-by_rank[r], PENALTY[r]))[:EXCHANGE_RANKS]
        give = [c for c in hand if not self._wild(situation, c) and c % 13 not in kept]
        done = len(view.get("giving") or ())
        by_id = {a.id: a for a in situation.legal}
        if done < len(give):
            action = by_id.get(f"give:{CARD_STRINGS[give[done]]}")
            if action is not None:
                return action
        return by_id["handin"]

    # what the seat knows of the deal
    def _melded(self, situation: Situation) -> bool:
        melded = situation.view.get("has_melded")
        return isinstance(melded, list) and bool(melded[situation.seat])

    def _sets_contract(self, situation: Situation) -> bool:
        deal = situation.view.get("deal")
        return not isinstance(deal, int) or deal < 7

    def _pure(self, situation: Situation) -> bool:
        return situation.view.get("deal") == 1

    def _seen_by_rank(self, situation: Situation) -> list[int]:
        seen = [0] * 13
        if not self.remember:
            return seen
        view = situation.view
        for meld in view.get("melds") or ():
            for text in (meld.get("cards") if isinstance(meld, dict) else None) or ():
                card = CARD_OF.get(text) if isinstance(text, str) else None
                if card is not None and card != JOKER:
                    seen[card % 13] += 1
        top = view.get("discard_top")
        card = CARD_OF.get(top) if isinstance(top, str) else None
        if card is not None and card != JOKER:
            seen[card % 13] += 1
        return seen

    def _partners(self, card: int, hand: list[int], pure: bool) -> int:
        """Cards of ``hand`` that make a set with ``card`` (deal 1: of other suits)."""
        same = [c for c in hand if c != JOKER and c % 13 == card % 13]
        if pure:
            return len({c // 13 for c in same} - {card // 13})
        return len(same)

    def _keep(self, situation: Situation, card: int, hand: list[int]) -> float:
        """How much ``card`` is worth keeping in ``hand`` (itself removed)."""
        if self._wild(situation, card):
            return 1000.0
        if self._melded(situation) or self._gives_up(situation, [*hand, card]):
            # TF-61: what stays in hand counts against it; low cards cost least
            return -PENALTY[card] + 0.1 * self._use(situation, card, hand)
        if not self._sets_contract(situation):
            return float(self._use(situation, card, hand)) - PENALTY[card] / 100
        partners = self._partners(card, hand, self._pure(situation))
        live = COPIES - self._seen_by_rank(situation)[card % 13] - partners - 1
        # a pair with no copy left to come cannot grow into a set
        growth = 0.5 if live > 0 else 0.0
        return 10.0 * partners + growth * partners - PENALTY[card] / 100

    def wants(self, situation: Situation, hand: list[int], counts: HandCounts, top: int) -> bool:
        if self._wild(situation, top):
            return True
        if self._gives_up(situation, hand):
            return False
        if self._melded(situation) or not self._sets_contract(situation):
            return super().wants(situation, hand, counts, top)
        # the free draw: a rank it collects (a pair or better after taking it)
        return self._partners(top, hand, self._pure(situation)) >= 1

    def _buys(self, situation: Situation) -> bool:
        view = situation.view
        if self._melded(situation):
            return False  # TF-29
        chips = view.get("chips")
        window = view.get("buy_window") or {}
        top = window.get("card") if isinstance(window, dict) else None
        top = top or view.get("discard_top")
        if not isinstance(chips, list) or not isinstance(top, str) or top not in CARD_OF:
            return False
        # TF-27: the seat next to play buys in turn (its own draw is offered beside it)
        in_turn = any(a.kind == "draw" for a in situation.legal)
        if not in_turn and not self.buys_out_of_turn:
            return False
        deal, deals = view.get("deal"), view.get("deals")
        last_deal = isinstance(deal, int) and isinstance(deals, int) and deal >= deals
        if int(chips[situation.seat]) <= (0 if last_deal else self.reserve):
            return False
        card = CARD_OF[top]
        hand = [c for c in map(CARD_OF.get, view.get("hand") or ()) if c is not None]
        if self._gives_up(situation, hand):
            return False  # TF-26, TF-27: a bought card and its penalty cards stay in hand
        if self._wild(situation, card):
            return True
        if not self._sets_contract(situation):
            return self._use(situation, card, HandCounts(hand)) >= 6
        # a third card of a rank: a set of the contract
        return self._partners(card, hand, self._pure(situation)) >= 2

    def discard(
        self, situation: Situation, actions: list[Action], hand: list[int], counts: HandCounts
    ) -> Action:
        def keep(action: Action) -> tuple[float, str]:
            card = CARD_OF.get(action.value)
            if card is None:
                return (float("inf"), action.id)
            rest = list(hand)
            if card in rest:
                rest.remove(card)
            return (self._keep(situation, card, rest), action.id)

        return min(actions, key=keep)


def telefunken_club(game: str, budget: SearchBudget) -> ComputerPlayer:
    return TelefunkenPlanner(game, remember=False, buys_out_of_turn=False)


def telefunken_expert(game: str, budget: SearchBudget) -> ComputerPlayer:
    return TelefunkenPlanner(
        game, remember=True, buys_out_of_turn=True, plans_end=True, reserve=EXPERT_RESERVE
    )
