# players/tricks.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""The heuristic player for trick games (Thunee, Nigerian Thunee, 304, and any game whose
actions are ``play:CARD``, ``bid:N``, ``trump:S`` or ``trump:CARD``).

It reads only ``view`` (``hand``, ``trick``, ``trump``) and the legal actions:
- bid the lowest legal bid when the hand is strong enough for the game, else pass;
- name as trump the suit it holds longest and strongest;
- follow partner: when the partner is winning the trick, play low (or give points when
  playing last) and never cut the partner's winning trick;
- otherwise win as cheaply as possible; keep trump control: lead trumps only with a
  long trump suit, cut only when the trick is worth it or nothing cheaper wins;
- declare bonuses it is offered (Jodi, marriage); never calls risky contracts
  (Thunee, Double); declines optional prompts (cut, throw-in);
- 304: calls Caps exactly when certain (a missed duty is Wrong Caps, T3-16.4) and claims
  spoilt trumps when its view proves them (``three_o_four_calls``);
- off turn (``off_turn``): the same calls and declarations; in Thunee's challenge mode
  it challenges only a fault it can be certain of (``thunee_challenge.sure_challenge``),
  on its turn as off it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from players.base import Situation
from rules.cards import (
    ACE_HIGH_ORDER,
    CARD_STRINGS,
    JOKER,
    NIGERIAN_ORDER,
    SUITS,
    THREE_O_FOUR_ORDER,
    THUNEE_ORDER,
    THUNEE_POINTS,
    RankOrder,
    point_table,
)
from rules.contract import Action
from rules.random_play import choose as random_choice
from rules.tricks import SUIT_OF, trick_winner_index

NO_POINTS = point_table({})


@dataclass(frozen=True, slots=True)
class TrickProfile:
    """What the heuristic knows about one trick game."""

    order: RankOrder
    points: tuple[int, ...]
    bid_share: float
    """Bid when the hand's estimated tricks reach this share of a fair share (1.0 = fair)."""
    tricks_bid: bool = False
    """Bids count tricks (Nigerian Thunee, the toy game): compare the estimate directly."""
    bid_margin: int = 0
    """Tricks beyond the bid that the contract needs (the toy game: 2)."""
    tricks_per_hand: int = 0
    """Tricks in a hand when bidding sees only part of it (Nigerian: 5 of 8 cards)."""


PROFILES: dict[str, TrickProfile] = {
    "thunee": TrickProfile(THUNEE_ORDER, THUNEE_POINTS, bid_share=2.5),
    "304": TrickProfile(THREE_O_FOUR_ORDER, THUNEE_POINTS, bid_share=1.5),
    "nigerian_thunee": TrickProfile(
        NIGERIAN_ORDER, NO_POINTS, bid_share=1.0, tricks_bid=True, tricks_per_hand=8
    ),
    "toy": TrickProfile(ACE_HIGH_ORDER, NO_POINTS, bid_share=1.0, tricks_bid=True, bid_margin=2),
}
DEFAULT_PROFILE = TrickProfile(ACE_HIGH_ORDER, NO_POINTS, bid_share=1.4)

DECLARE_KINDS = ("jodi", "marriage")
ALWAYS_KINDS = ("collect",)
DECLINE_KINDS = ("no_cut", "keep", "pass", "decline", "skip", "no", "done", "open")
DECLINE_IDS = ("late:withdraw",)


CARD_OF: dict[str, int] = {text: card for card, text in enumerate(CARD_STRINGS)}
"""Card text to card int (exactly ``parse_card``'s spelling), one dict lookup."""


def card_or_none(text: Any) -> int | None:
    if not isinstance(text, str):
        return None
    return CARD_OF.get(text)


def suit_index(text: Any) -> int | None:
    """A suit from ``"H"`` or from a card string such as ``"9H"``."""
    if isinstance(text, str):
        if text in SUITS:
            return SUITS.index(text)
        card = card_or_none(text)
        if card is not None and card != JOKER:
            return SUIT_OF[card]
    return None


def read_trick(view: dict[str, Any]) -> list[tuple[int, int | None]]:
    """The current trick as (seat, card) in play order; a face-down card is ``None``."""
    out: list[tuple[int, int | None]] = []
    for entry in view.get("trick") or ():
        if isinstance(entry, dict):
            seat, card = entry.get("seat"), entry.get("card")
        elif isinstance(entry, (list, tuple)) and len(entry) >= 2:
            seat, card = entry[0], entry[1]
        else:
            continue
        if isinstance(seat, int):
            out.append((seat, card_or_none(card)))
    return out


class TrickHeuristic:
    level = "heuristic"
    blocking = False

    def __init__(self, game: str) -> None:
        self.profile = PROFILES.get(game, DEFAULT_PROFILE)
        self.top = max(self.profile.order.strength)
        """The strength of the game's highest rank."""
        self.scoring = any(self.profile.points)
        """Cards carry points in this game (else every trick is worth the same)."""

    def choose(self, situation: Situation) -> Action:
        legal = situation.legal
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        for kind in DECLARE_KINDS:
            if kind in kinds:
                return max(kinds[kind], key=_declared_value)
        if "caps" in kinds or "claim_spoilt" in kinds:
            from bench.previous_search.three_o_four_calls import caps_call, spoilt_claim

            call = caps_call(situation, situation.rng, screened=True) or spoilt_claim(situation)
            if call is not None:
                return call
        if "challenge" in kinds or "challenge_jodi" in kinds:
            from bench.previous_search.thunee_challenge import sure_challenge

            challenge = sure_challenge(situation)
            if challenge is not None:
                return challenge
        for kind in ALWAYS_KINDS:
            if kind in kinds:
                return kinds[kind][0]
        if "play" in kinds:
            chosen = self._play(situation, kinds["play"])
            if chosen is not None:
                return chosen
        if "bid" in kinds:
            return self._bid(situation, kinds["bid"], kinds)
        if "trump" in kinds:
            return self._trump(situation, kinds["trump"])
        for action in legal:
            if action.id in DECLINE_IDS:
                return action
        for kind in DECLINE_KINDS:
            if kind in kinds:
                return kinds[kind][0]
        return random_choice(situation.spec, legal, situation.rng)

    def off_turn(self, situation: Situation) -> Action | None:
        """A bonus declared, a 304 call owed (Caps when certain, a proven spoilt claim),
        or a Thunee challenge of a certain fault; else let the moment pass."""
        legal = situation.legal
        declared = [a for a in legal if a.kind in DECLARE_KINDS]
        if declared:
            return max(declared, key=_declared_value)
        kinds = {a.kind for a in legal}
        if "caps" in kinds or "claim_spoilt" in kinds:
            from bench.previous_search.three_o_four_calls import caps_call, spoilt_claim

            call = caps_call(situation, situation.rng, screened=True, off_turn=True)
            return call or spoilt_claim(situation)
        if "challenge" in kinds or "challenge_jodi" in kinds:
            from bench.previous_search.thunee_challenge import sure_challenge

            return sure_challenge(situation)
        return None

    # -- hand strength ----------------------------------------------------------------

    def _hand(self, situation: Situation) -> list[int]:
        cards = [card_or_none(c) for c in situation.view.get("hand") or ()]
        return [c for c in cards if c is not None and c != JOKER]

    def _estimated_tricks(self, hand: list[int], trump: int | None) -> float:
        """Tricks this hand may take: high cards by their place in the suit, plus length
        in the trump suit (or the longest suit, which we would name)."""
        strength = self.profile.order.strength
        top = self.top
        by_suit: dict[int, list[int]] = {}
        for card in hand:
            by_suit.setdefault(SUIT_OF[card], []).append(strength[card])
        if trump is None and by_suit:
            trump = max(by_suit, key=lambda s: (len(by_suit[s]), sum(by_suit[s])))
        total = 0.0
        for suit, strengths in by_suit.items():
            for rank in sorted(strengths, reverse=True):
                gap = top - rank
                total += (0.9, 0.55, 0.3, 0.15)[gap] if gap < 4 else 0.0
            if suit == trump and len(strengths) > 2:
                total += 0.6 * (len(strengths) - 2)
        return total

    def _bid(
        self, situation: Situation, bids: list[Action], kinds: dict[str, list[Action]]
    ) -> Action:
        numeric = sorted((a for a in bids if a.value.isdigit()), key=lambda a: int(a.value))
        passes = kinds.get("pass")
        if not numeric:
            return passes[0] if passes else bids[0]
        lowest = numeric[0]
        hand = self._hand(situation)
        trump = suit_index(situation.view.get("trump"))
        mine = self._estimated_tricks(hand, trump)
        players = max(situation.players, 1)
        hand_size = max(len(hand), 1)
        tricks = self._tricks_per_hand(situation, hand_size)
        mine *= tricks / hand_size  # cards still to come count like the ones held
        strong = False
        if self.profile.tricks_bid:
            # a partner is counted a little below a fair share: it may be weak too
            team = mine + 0.75 * len(situation.partners) * tricks / players
            strong = int(lowest.value) + self.profile.bid_margin <= team
        else:
            strong = mine >= self.profile.bid_share * tricks / players
        if strong or not passes:
            return lowest
        return passes[0]

    def _tricks_per_hand(self, situation: Situation, held: int) -> int:
        if self.profile.tricks_per_hand:
            return self.profile.tricks_per_hand
        sizes = situation.view.get("hand_sizes") or situation.view.get("cards_held")
        if isinstance(sizes, list) and all(isinstance(x, int) for x in sizes):
            return max([int(x) for x in sizes] + [held])
        return held

    def _trump(self, situation: Situation, trumps: list[Action]) -> Action:
        hand = self._hand(situation)
        strength = self.profile.order.strength

        def suit_score(suit: int) -> tuple[int, int]:
            cards = [c for c in hand if SUIT_OF[c] == suit]
            return len(cards), sum(strength[c] for c in cards)

        def action_score(action: Action) -> tuple[int, int, int]:
            suit = suit_index(action.value)
            if suit is None:
                return (-1, 0, 0)
            length, power = suit_score(suit)
            card = card_or_none(action.value)
            # a face-down trump card: give up the lowest card of the suit
            own = -strength[card] if card is not None and action.value not in SUITS else 0
            return (length, power, own)

        return max(trumps, key=action_score)

    # -- card play --------------------------------------------------------------------

    def _play(self, situation: Situation, plays: list[Action]) -> Action | None:
        options = [(a, c) for a in plays if (c := CARD_OF.get(a.value)) is not None and c != JOKER]
        if not options:
            return None
        view = situation.view
        trump = suit_index(view.get("trump"))
        strength = self.profile.order.strength
        points = self.profile.points
        trick = read_trick(view)

        def cheapness(card: int) -> tuple[int, int, int]:
            # lowest points, then keep trumps, then lowest rank
            return (points[card], int(SUIT_OF[card] == trump), strength[card])

        if not trick:
            return self._lead(options, trump, strength, points)
        known = [(s, c) for s, c in trick if c is not None]
        if not known:
            return min(options, key=lambda o: cheapness(o[1]))[0]
        cards_only = [c for _, c in known]
        index = trick_winner_index(cards_only, trump, strength)
        winner_seat, winning = known[index]
        last_to_play = len(trick) == situation.players - 1
        safe = last_to_play or strength[winning] >= self.top - 1
        if situation.is_partner(winner_seat) and safe:
            # Partner wins: never cut it; give points when nothing can overtake.
            same_suit = [o for o in options if SUIT_OF[o[1]] == SUIT_OF[cards_only[0]]]
            pool = same_suit or [o for o in options if SUIT_OF[o[1]] != trump] or options
            if last_to_play:
                return max(pool, key=lambda o: (points[o[1]], -strength[o[1]]))[0]
            return min(pool, key=lambda o: cheapness(o[1]))[0]
        beaten = len(cards_only)
        winners = [
            o for o in options if trick_winner_index([*cards_only, o[1]], trump, strength) == beaten
        ]
        if winners:
            trick_points = sum(points[c] for c in cards_only)
            plain = [o for o in winners if SUIT_OF[o[1]] != trump]
            cut_worth_it = trick_points > 0 or not self.scoring
            if plain:
                if last_to_play:
                    return min(plain, key=lambda o: (strength[o[1]], points[o[1]]))[0]
                return max(plain, key=lambda o: strength[o[1]])[0]
            if cut_worth_it or last_to_play:
                return min(winners, key=lambda o: strength[o[1]])[0]
        return min(options, key=lambda o: cheapness(o[1]))[0]

    def _lead(
        self,
        options: list[tuple[Action, int]],
        trump: int | None,
        strength: tuple[int, ...],
        points: tuple[int, ...],
    ) -> Action:
        top = self.top
        hand = [c for _, c in options]
        trumps = [c for c in hand if SUIT_OF[c] == trump]
        # Boss cards (the suit's top rank) of plain suits win: cash them.
        bosses = [o for o in options if strength[o[1]] == top and SUIT_OF[o[1]] != trump]
        if bosses:
            return bosses[0][0]
        # With trump control (the top trump and length) draw the opponents' trumps.
        if trumps and len(trumps) * 2 >= len(hand) and max(strength[c] for c in trumps) == top:
            mine = [o for o in options if SUIT_OF[o[1]] == trump]
            return max(mine, key=lambda o: strength[o[1]])[0]
        plain = [o for o in options if SUIT_OF[o[1]] != trump] or options
        # Lead low from the longest plain suit, keeping high cards and points back.
        length = {s: sum(1 for c in hand if SUIT_OF[c] == s) for s in range(4)}
        return min(plain, key=lambda o: (-length[SUIT_OF[o[1]]], points[o[1]], strength[o[1]]))[0]


def _declared_value(action: Action) -> int:
    digits = [int(part) for part in action.value.split(":") if part.isdigit()]
    return max(digits, default=0)
