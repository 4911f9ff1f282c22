"""The Caps judge's reading of a hand's record (T3-16, ED-27): what a player has seen at a
call point (``Knowledge``), the real deal among the worlds consistent with it, the
exact search over those worlds (``Solver``), and the record's facts the quick answers
read (tricks lost, cards played before a call point)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Card
from rules.three_o_four.caps_knowledge import (
    ALL_SUITS,
    MANY_UNSEEN,
    SUIT,
    Knowledge,
    State,
)
from rules.three_o_four.caps_search import Solver
from rules.three_o_four.options import Layout
from rules.three_o_four.plain_lines import PlainLines, place_bits
from rules.three_o_four.scoring import CapsResult

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


@dataclass(frozen=True)
class PositionTable:
    """The table a judge of single positions reads (``CapsJudge(None, table)``): the search
    player's, which asks about a Knowledge it built (``plain_lines_refute``,
    ``cashing_order`` and the refutations before a search), with no hand record."""

    players: int
    sitting_out: frozenset[int]
    layout: Layout


CallKey = tuple[int, int, tuple[Card, ...]]
"""A team's Caps call as a key: (caller, call point, stated order)."""


class Reading:
    """A hand's record as the Caps questions read it (the base of ``CapsJudge``)."""

    m: ThreeOFourMatch
    """The hand's record; absent from a judge of single positions."""

    def __init__(self, match: ThreeOFourMatch | None, table: PositionTable | None = None) -> None:
        if match is not None:
            self.m = match
            players, sitting_out, layout = match.players, match.sitting_out, match.layout
        else:
            assert table is not None, "a judge reads a match or a table"
            players, sitting_out, layout = table.players, table.sitting_out, table.layout
        self.players = players
        self.strength = layout.strength
        self.active = [s for s in range(players) if s not in sitting_out]
        self.per_trick = len(self.active)
        self.place_bits = place_bits(self.strength)
        """Each card's place bit (``plain_lines.place_bits``)."""
        # the deck as a set, kept on the match for its later hands
        deck = None if match is None else match.judge_deck
        if deck is None:
            deck = frozenset(layout.deck)
            if match is not None:
                match.judge_deck = deck
        self.deck = deck
        self.many_unseen = MANY_UNSEEN[1] if self.per_trick == 8 else MANY_UNSEEN[0]
        """ED-27a's bound on the cards unseen by p, at this table's size."""
        self.certain_cache: dict[tuple[int, int, int | None], list[Card] | None] = {}
        """``certain`` per (p, k, budget): ``None`` as budget is the exact ruling."""
        self._unbeaten_from_start: list[bool | None] = [None, None]
        self._first_lost: list[int | None] = [None, None]
        """Per team, the first trick it lost (``None``: none yet)."""
        self._dealt_mask: list[int] | None = None
        self._played_mask: list[int] = [0]
        """Per call point k, the cards played before it as a place mask (``_played_before``
        reads the record only as far as asked)."""
        self.knowledge_cache: dict[tuple[int, int, bool], Knowledge] = {}
        self.plain_lines_cache: dict[int, PlainLines] = {}
        """The plain-lines search per trump, turned to each player in turn."""
        self._rulings: dict[tuple[int, int, CallKey | None], CapsResult] = {}
        """``ruling`` per (team, cards played, the team's call)."""
        self.order_keys: dict[int, tuple[int, ...]] = {}
        """``_default_order_keys`` per trump (-1: unknown) for this hand's order."""

    def knowledge(self, p: int, k: int, actual: bool = False) -> Knowledge:
        """K(p, k) from the hand's record (ED-27); ``actual`` gives the single world of
        the real deal instead (every other holding known). Kept per question: the record
        up to CP(k) never changes once k cards are down, and no caller changes it."""
        key = (p, k, actual)
        found = self.knowledge_cache.get(key)
        if found is None:
            found = self.knowledge_cache[key] = self._knowledge(p, k, actual)
        return found

    def _knowledge(self, p: int, k: int, actual: bool) -> Knowledge:
        if actual:
            return self._actual_world(p, k)
        m = self.m
        hist = m.history
        trumper = m.trumper
        indicator = m.start_indicator
        # T3-9.2: under open trump everyone saw the indicator go back into the trumper's
        # hand, so it is one of his known cards until he plays it (ED-27)
        shown = m.indicator if m.mode == "open" else None
        trump_known = p == trumper or (m.reveal_cp is not None and m.reveal_cp <= k)
        sizes = [len(cards) for cards in m.start_hands]
        if indicator is not None:
            sizes[trumper] += 1
        dealt = self._dealt(p)
        seen: set[Card] = set(dealt)
        mine: set[Card] = set()
        ind_played = False
        public_at, trumper_at = m.public_at, m.trumper_at
        learns = p == trumper
        voids = [0] * m.players
        hidden_slots: list[tuple[int, int]] = []
        trick_plays: list[tuple[int, Card | None, int]] = []
        per = self.per_trick
        start_trick = (k // per) * per
        led = -1
        # one pass over the record: whether a card is visible to p depends only on its
        # own entry (his own cards, or made public / shown to the trumper by CP(k))
        for i in range(k):
            seat, card, _down, src = hist[i]
            sizes[seat] -= 1
            if seat == p:
                mine.add(card)
            if seat == trumper and card in (indicator, shown):
                ind_played = True
            if i % per == 0:
                led = SUIT[card]
            elif src == 0 and SUIT[card] != led:
                voids[seat] |= 1 << led
            pub = public_at[i]
            if (pub is not None and pub <= k) or (
                learns and (learned := trumper_at[i]) is not None and learned <= k
            ):
                seen.add(card)
                visible = True
            else:
                visible = card in seen
            if i >= start_trick:
                if visible:
                    trick_plays.append((seat, card, 0))
                elif src == 1:
                    trick_plays.append((seat, None, -1))  # the indicator: a trump
                else:
                    trick_plays.append((seat, None, ALL_SUITS & ~(1 << led)))
            elif not visible:
                hidden_slots.append((led, src))
        known: list[frozenset[Card]] = [frozenset()] * m.players
        free = [0] * m.players
        must = [0] * m.players
        for s in self.active:
            if s == p:
                continue
            size = sizes[s]
            if s == trumper and shown is not None and not ind_played:
                known[s] = frozenset({shown})
                seen.add(shown)
                size -= 1
            elif s == trumper and indicator is not None and not ind_played:
                if trump_known:
                    known[s] = frozenset({indicator})
                    seen.add(indicator)  # (not on the table: no play above reads it)
                else:
                    must[s] = 1
                size -= 1
            free[s] = size
        return Knowledge(
            seat=p,
            hand=[c for c in dealt if c not in mine] if mine else dealt,
            trick=trick_plays,
            to_play=self._to_play(k),
            unknown=self.deck.difference(seen),
            free=free,
            must_trump=must,
            known=known,
            voids=voids,
            hidden_slots=hidden_slots,
            tricks_left=m.n_tricks - k // per,
            trumps=[m.trump] if trump_known else [0, 1, 2, 3],
        )

    def _dealt(self, seat: int) -> list[Card]:
        """A fresh list of the seat's cards when the play began (the trumper's with the
        indicator)."""
        m = self.m
        cards = list(m.start_hands[seat])
        if seat == m.trumper and m.start_indicator is not None:
            cards.append(m.start_indicator)
        return cards

    def _actual_world(self, p: int, k: int) -> Knowledge:
        """The actual deal, which is one of the worlds consistent with K(p, k): every
        holding known, the real trump."""
        m = self.m
        hist = m.history
        played = 0  # the cards played before CP(k) as bits
        for i in range(k):
            played |= 1 << hist[i][1]
        active = [False] * m.players
        for s in self.active:
            active[s] = True
        indicator = m.start_indicator
        # each seat's dealt cards still held, in the order dealt (the sets' order follows)
        hand: list[Card] = []
        known: list[frozenset[Card]] = []
        for s in range(m.players):
            held = [c for c in m.start_hands[s] if not played >> c & 1]
            if s == m.trumper and indicator is not None and not played >> indicator & 1:
                held.append(indicator)
            if s == p:
                hand = held
            known.append(frozenset(held) if s != p and active[s] else frozenset())
        start_trick = (k // self.per_trick) * self.per_trick
        return Knowledge(
            seat=p,
            hand=hand,
            trick=[(r[0], r[1], 0) for r in hist[start_trick:k]],
            to_play=self._to_play(k),
            unknown=frozenset(),
            free=[0] * m.players,
            must_trump=[0] * m.players,
            known=known,
            voids=[0] * m.players,
            hidden_slots=[],
            tricks_left=m.n_tricks - k // self.per_trick,
            trumps=[m.trump],
        )

    def _to_play(self, k: int) -> int:
        """The seat to play at CP(k)."""
        m = self.m
        if k % self.per_trick == 0:
            return m.trick_leaders[min(k // self.per_trick, len(m.trick_leaders) - 1)]
        i = self.active.index(m.history[k - 1][0])
        return self.active[(i + 1) % len(self.active)]

    def solver(
        self,
        p: int,
        k: int,
        budget: int | None = None,
        actual: bool = False,
        shared_initial: list[set[State]] | None = None,
    ) -> Solver:
        return Solver(
            self.knowledge(p, k, actual),
            self.players,
            self.active,
            self.strength,
            budget,
            restricted=actual,
            shared_initial=shared_initial,
        )

    def _played_before(self, k: int) -> int:
        """The cards played before CP(k) as a place mask. The masks are kept per call point
        and read from the record only as far as asked: it only grows within a hand, and
        the questions often end at the first call point (the trumps already unbeaten)."""
        masks = self._played_mask
        if k >= len(masks):
            history, bits = self.m.history, self.place_bits
            mask = masks[-1]
            for i in range(len(masks) - 1, k):
                mask |= bits[history[i][1]]
                masks.append(mask)
        return masks[k]

    def _dealt_masks(self) -> list[int]:
        """Each seat's cards when the play began as a place mask (none for a seat sitting
        out)."""
        if self._dealt_mask is None:
            m = self.m
            bits = self.place_bits
            indicator = m.start_indicator
            masks = [0] * self.players
            for s in self.active:
                mask = 0
                for c in m.start_hands[s]:
                    mask |= bits[c]
                if s == m.trumper and indicator is not None:
                    mask |= bits[indicator]
                masks[s] = mask
            self._dealt_mask = masks
        return self._dealt_mask

    def team_won_all_before(self, team: int, k: int) -> bool:
        """``team`` won every trick finished before CP(k)."""
        first = self._first_lost[team]
        if first is None:
            # (trick winners are teams; once a trick is lost the index never changes)
            winners = self.m.trick_winners
            if 1 - team not in winners:
                return True
            first = self._first_lost[team] = winners.index(1 - team)
        return k // self.per_trick <= first
