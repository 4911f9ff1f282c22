"""Nigerian Thunee for the search: worlds from a seat's view, a cheap copy, a fast rollout.

A decision's first world is rebuilt through the engine contract: a stacked ``Deal`` with
the seat's own cards and sampled cards for everything unseen, then the hand's public
actions (keeps, bids, trump, plays) replayed with ``apply``; the engine itself checks that
the sample agrees with every card played. Only the match scores are set directly (earlier
hands are not replayed: only their scores matter). Every later world of the decision is
that state with the sampled cards put in the hands (``NigerianWorlds.sample``): the public
history is the same in every world, and replaying it for each was a third of a club
decision's CPU (issue 35). The state is the one a replay would build, RNG included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.partner_sense import (
    Veto,
    judged_sure,
    keep_partner_trick,
    partner_winning,
    takes_over,
    veto,
)
from players.search.exact import EXACT_TRICKS
from players.search.player import SearchPlayer
from players.search.sampling import Zone, deal_unseen
from players.trick_solver import TrickRules, TrickSolver, TrickState
from players.tricks import TrickHeuristic
from rules.cards import NIGERIAN_ORDER, SUITS, Card, card_str, parse_card
from rules.contract import Action, Deal, Match
from rules.nigerian_thunee import (
    CAPTURE_POINTS,
    DECK,
    FIRST_BATCH,
    KEEP,
    PASS,
    PLAY,
    PLAYERS,
    SPEC,
    THROW_IN,
    THROW_IN_POINTS,
    TRICKS,
    TRUMP,
    NigerianOptions,
    NigerianThunee,
    match_winner,
    team_score,
)
from rules.shuffle import deal_rng
from rules.tricks import SUIT_OF

STRENGTH = NIGERIAN_ORDER.strength
WIN_BONUS = 12.0
"""Value of winning the match, in hand points (a hand is worth 0..10 points)."""
EPSILON = 0.08
"""Share of rollout moves played at random, so rollouts are not all the same line."""
CARD_OF_ACTION: dict[int, Card] = {id(a): c for c, a in PLAY.items()}
BID_CHOICES = 4
"""Raises searched at the auction: the lowest few legal bids."""
PRE_PLAY = ("throw_in", "bidding", "trump")
NEXT = tuple((s + 1) % PLAYERS for s in range(PLAYERS))
LIGHT_RULES = TrickRules(
    tuple(range(PLAYERS)), tuple(s % 2 for s in range(PLAYERS)), STRENGTH, (0,) * 53, trick_value=1
)
"""NG-10 for the exact solver: follow suit, tricks counted per seat."""


def hand_value(before: Sequence[int], points: Sequence[int], team: int) -> float:
    """``team``'s margin in a hand's ``points``, plus the match bonus if they decide it."""
    value = float(points[team] - points[1 - team])
    winner = match_winner([before[0] + points[0], before[1] + points[1]])
    if winner is not None:
        value += WIN_BONUS if winner == team else -WIN_BONUS
    return value


class NigerianModel:
    def candidates(self, situation: Situation) -> list[Action]:
        """At the auction: pass and the lowest few raises (higher jumps are never worth
        the rollouts they would take from the sensible bids)."""
        legal = situation.legal
        if situation.phase != "bidding":
            return legal
        bids = [a for a in legal if a.kind == "bid"][:BID_CHOICES]
        return bids + [a for a in legal if a.kind != "bid"]

    def worlds(self, situation: Situation) -> NigerianWorlds:
        return NigerianWorlds(situation)

    def clone(self, match: Match[Any]) -> Match[Any]:
        return clone(match)

    def rollout(
        self, match: Match[Any], origin: Match[Any], team: int, rng: random.Random
    ) -> float:
        assert isinstance(match, NigerianThunee) and isinstance(origin, NigerianThunee)
        return rollout(match, origin, team, rng)

    def score(
        self,
        world: Match[Any],
        seat: int,
        action: Action,
        team: int,
        rng: random.Random | Callable[[], random.Random],
        plays: dict[Hashable, Any] | None = None,
    ) -> float:
        """``rollout`` of ``action`` tried in ``world``: a card is played out straight from
        the world (``play_out``'s first card), without the engine copy and ``apply`` the
        auction's actions take; the same value and the same use of ``rng``.

        ``rng``: the rollout generator, or a function giving it, called only when
        something is played out (seeding a generator costs about a tenth of a rollout, and
        a throw-in, or an auction ending as one already played out, plays nothing).
        ``plays``: shared by the options tried in ``world`` from the same seed (the
        search's options of a world), for ``auction_out``."""
        assert isinstance(world, NigerianThunee)
        card = CARD_OF_ACTION.get(id(action))
        if action is THROW_IN and world.phase == "throw_in":
            # NG-6: the hand ends there, the opponents scoring 3; the engine would go on
            # to deal the next hand (a shuffle) with the copy's generator, which nothing
            # here reads: only its seed's draw from the world's generator is kept.
            world.rng.getrandbits(64)
            points = [0, 0]
            points[1 - seat % 2] = THROW_IN_POINTS
            return hand_value(world.scores, points, team)
        if world.phase in PRE_PLAY and action.kind in AUCTION_KINDS:
            # The copy's generator would be drawn (the next options see the world's
            # generator as a copy leaves it); nothing reads the copy's own.
            world.rng.getrandbits(64)
            return hand_value(world.scores, auction_out(world, rng, action, plays), team)
        gen = rng if isinstance(rng, random.Random) else rng()
        if card is None or world.phase != "play":
            state = clone(world)
            state.apply(seat, action)
            return rollout(state, world, team, gen)
        assert seat == world.turn
        return hand_value(world.scores, hand_points(world, play_out(world, gen, card)), team)

    def guard(
        self,
        situation: Situation,
        legal: list[Action],
        scores: list[float],
        proven: bool,
        rng: random.Random,
    ) -> int:
        """The option to play of ``legal`` scored ``scores``, with partner sense: no take-
        over of a partner's sure trick, no bid over the partner's that the hand does not
        support (``over_partner``), unless the search finds it better by the margin."""
        if situation.phase == "bidding":
            return veto(scores, over_partner(situation, legal), proven=False, margin=BID_MARGIN)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        if situation.phase != "play":
            return best
        worlds = NigerianWorlds(situation)
        if worlds.trump is None:
            return best
        trump = SUITS.index(worlds.trump)
        trick = worlds.played[len(worlds.played) - len(worlds.played) % PLAYERS :]
        if not partner_winning(trick, trump, STRENGTH, situation.is_partner):
            return best
        cards = [CARD_OF_ACTION.get(id(a)) for a in legal]
        takes = [c is not None and takes_over(trick, c, trump, STRENGTH) for c in cards]
        seat = situation.seat

        def sure() -> bool:
            return judged_sure(
                trick, trump, STRENGTH, seat, PLAYERS, situation.is_partner, worlds.unseen,
                lambda s: worlds.voids[s], lambda draw: worlds.sample(draw).hands, rng,
                share=PARTNER_VETO.share,
            )  # fmt: skip

        return keep_partner_trick(scores, takes, sure, proven, PARTNER_VETO.margin)

    def solvable(self, situation: Situation) -> bool:
        """Whether the last tricks may be solved (``solve_world``), read from the view."""
        sizes: list[int] = situation.view["hand_sizes"]
        return situation.phase == "play" and sum(sizes) <= EXACT_TRICKS * PLAYERS

    def world_key(self, match: Match[Any]) -> Hashable:
        assert isinstance(match, NigerianThunee)
        return tuple(tuple(sorted(h)) for h in match.hands)

    def solve_world(
        self, match: Match[Any], legal: list[Action], team: int, nodes: int
    ) -> tuple[list[float], int] | None:
        """The last tricks of ``match`` solved exactly (``players.search.exact``): NG-10
        follow suit, NG-11 scored as ``rollout`` scores it; ``None`` before the last
        ``EXACT_TRICKS`` tricks or off the card play."""
        assert isinstance(match, NigerianThunee)
        if match.phase != "play" or TRICKS - match.tricks_played > EXACT_TRICKS:
            return None
        cards = [CARD_OF_ACTION.get(id(a)) for a in legal]
        if any(c is None for c in cards):
            return None
        before = match.scores
        start = match.tricks_won

        def score(won: tuple[int, ...], last: int) -> float:
            tricks = [start[s] + won[s] for s in range(PLAYERS)]
            return hand_value(before, hand_points(match, tricks), team)

        state = TrickState(
            tuple(tuple(h) for h in match.hands), tuple(match.trick), match.turn, match.trump
        )
        solution = TrickSolver(LIGHT_RULES, team, score, nodes).solve(state)
        if any(c not in solution.moves for c in cards):
            return None
        return [solution.moves[c] for c in cards if c is not None], solution.nodes


class NigerianWorlds:
    """What one seat knows, read from its view once; ``sample`` deals the rest."""

    def __init__(self, situation: Situation) -> None:
        view = situation.view
        self.seat = seat = situation.seat
        assert isinstance(situation.options, NigerianOptions)
        self.options = situation.options
        self.phase: str = view["phase"]
        self.dealer: int = view["dealer"]
        self.scores: list[int] = list(view["scores"])
        self.hand_number: int = view["hand_number"]
        self.bids: list[tuple[int, int]] = [(s, b) for s, b in view["bids"]]
        self.trump: str | None = view["trump"]
        self.hand: list[Card] = [parse_card(c) for c in view["hand"]]
        self.played: list[tuple[int, Card]] = [(s, parse_card(c)) for s, c in view["played"]]
        sizes: list[int] = view["hand_sizes"]
        self.voids = voids_shown(self.played, SUITS.index(self.trump) if self.trump else None)
        seen = set(self.hand) | {c for _, c in self.played}
        self.unseen = [c for c in DECK if c not in seen]
        self.zones = [
            Zone(f"hand{s}", sizes[s], self.voids[s]) for s in range(PLAYERS) if s != seat
        ]
        if self.phase in PRE_PLAY:
            extra = len(DECK) // PLAYERS - FIRST_BATCH
            self.zones += [Zone(f"undealt{s}", extra) for s in range(PLAYERS)]
        self.earlier: list[list[Card]] = [[c for p, c in self.played if p == s] for s in range(4)]
        self._template: NigerianThunee | None = None
        """The first world, to patch the later ones from (``sample``)."""
        self._patch: bool | None = None
        """Whether a patched world equals the replayed one (checked on the first world)."""

    def sample(self, rng: random.Random) -> NigerianThunee:
        dealt = deal_unseen(self.unseen, self.zones, rng)
        hands: list[list[Card]] = []
        for s in range(PLAYERS):
            own = self.hand if s == self.seat else dealt[f"hand{s}"]
            hands.append(self.earlier[s] + own + dealt.get(f"undealt{s}", []))
        seed = rng.getrandbits(63)
        if self._patch:
            return self._patched(hands, seed)
        match = self._replayed(hands, seed)
        if self._patch is None:
            self._template = _copied(match, match.rng)  # the RNG is replaced per world
            # The patch knows how the engine's constructor and the replay use its RNG
            # and where the cards end up; should the engine change that, replay instead.
            patched = self._patched(hands, seed)
            self._patch = (
                patched.hands == match.hands
                and patched.undealt == match.undealt
                and patched.rng.getstate() == match.rng.getstate()
            )
        return match

    def _replayed(self, hands: list[list[Card]], seed: int) -> NigerianThunee:
        deal = Deal(dealer=self.dealer, hands=[[card_str(c) for c in h] for h in hands])
        match = SPEC.new_match(PLAYERS, self.options, seed, [deal])
        assert isinstance(match, NigerianThunee)
        self._replay(match)
        match.scores = list(self.scores)
        match.hand_number = self.hand_number
        return match

    def _patched(self, hands: list[list[Card]], seed: int) -> NigerianThunee:
        """The replayed state of the deal ``hands`` (each seat's eight cards in deal
        order) and ``seed``: the first world with these cards in the hands. It carries no
        action log (like ``clone``'s copies) and the first world's stacked deal."""
        template = self._template
        assert template is not None
        rng = deal_rng(seed, template.deal_version)
        rng.randrange(PLAYERS)  # the constructor's draw of a dealer (NG-4.1)
        if template.trump is None:  # before the trump: the first batch held, three to come
            held = [h[:FIRST_BATCH] for h in hands]
            world = _copied(template, rng, held, [h[FIRST_BATCH:] for h in hands])
        else:  # the cards a seat played were the first of its deal
            held = [h[len(self.earlier[s]) :] for s, h in enumerate(hands)]
            world = _copied(template, rng, held, [[] for _ in hands])
        world.seed = seed
        world._refresh()
        return world

    def _replay(self, match: NigerianThunee) -> None:
        # Everyone polled before this seat kept (a throw-in would have ended the hand).
        while match.phase == "throw_in" and (self.phase != "throw_in" or match.turn != self.seat):
            match.apply(match.turn, KEEP)
        for s, amount in self.bids:
            if match.phase != "bidding":
                break  # the dealer's forced bid (NG-7.5) is the engine's, not an action
            match.apply(s, PASS if amount == 0 else f"bid:{amount}")
        if match.phase == "trump" and self.trump is not None:
            match.apply(match.turn, TRUMP[SUITS.index(self.trump)])
        for s, card in self.played:
            match.apply(s, PLAY[card])


def voids_shown(played: list[tuple[int, Card]], trump: int | None) -> list[set[int]]:
    """Suits each seat cannot hold: it did not follow them (NG-10.2), or it led a trump
    to the first trick, which it may only do holding nothing but trumps (NG-10.1)."""
    voids: list[set[int]] = [set() for _ in range(PLAYERS)]
    for start in range(0, len(played), PLAYERS):
        trick = played[start : start + PLAYERS]
        led = SUIT_OF[trick[0][1]]
        if start == 0 and trump is not None and led == trump:
            voids[trick[0][0]].update(s for s in range(4) if s != trump)
        for seat, card in trick[1:]:
            if SUIT_OF[card] != led:
                voids[seat].add(led)
    return voids


def clone(match: Match[Any]) -> NigerianThunee:
    """A copy sharing nothing mutable with ``match`` (lists copied, a fresh RNG)."""
    assert isinstance(match, NigerianThunee)
    return _copied(match, random.Random(match.rng.getrandbits(64)))


def _copied(
    match: NigerianThunee,
    rng: random.Random,
    hands: list[list[Card]] | None = None,
    undealt: list[list[Card]] | None = None,
) -> NigerianThunee:
    """``match`` with its lists copied (``hands``, ``undealt``: these new ones instead),
    ``rng`` as its generator and no action log. Every slot is named here, not looped
    over: this is most of a rollout's copy (tests/players/test_search_cost.py checks that
    no slot is missed)."""
    copy = object.__new__(NigerianThunee)
    copy.__dict__.update(match.__dict__)  # the Match base attributes; the engine's are slots
    copy._log = []  # type: ignore[assignment]
    copy._log_ids = []
    copy.rng = rng
    copy._hand_results = list(match._hand_results)
    copy._legal = match._legal  # rebuilt, never changed in place, by the engine
    copy._phase = match._phase
    copy._to_act = match._to_act
    copy.bidder = match.bidder
    copy.bids = list(match.bids)
    copy.contracts = list(match.contracts)
    copy.dealer = match.dealer
    copy.hand_number = match.hand_number
    copy.hands = [list(h) for h in match.hands] if hands is None else hands
    copy.high_bid = match.high_bid
    copy.last_trick = match.last_trick  # replaced, never changed in place
    copy.made_bid = list(match.made_bid)
    copy.passed = list(match.passed)
    copy.played = list(match.played)
    copy.polled = match.polled
    copy.scores = list(match.scores)
    copy.trick = list(match.trick)
    copy.tricks_played = match.tricks_played
    copy.tricks_won = list(match.tricks_won)
    copy.trump = match.trump
    copy.turn = match.turn
    copy.undealt = [list(h) for h in match.undealt] if undealt is None else undealt
    copy.winner_team = match.winner_team
    copy.won_cards = [list(h) for h in match.won_cards]
    return copy


# -- the rollout policy ---------------------------------------------------------------------


def rollout(match: NigerianThunee, origin: NigerianThunee, team: int, rng: random.Random) -> float:
    """Play ``match`` to the end of the hand ``origin`` is in (the state before the action
    tried); the team's points since ``origin`` minus the other's (+ a match bonus).

    The auction (``auction_out``) and the card play (``play_out``) run on bare values,
    scored by the engine's own scoring functions.
    """
    hand = origin.hand_number
    before = origin.scores
    if match.winner_team is None and match.hand_number == hand and match.phase in PRE_PLAY:
        return hand_value(before, auction_out(match, rng), team)
    if match.winner_team is None and match.hand_number == hand:
        scores = hand_points(match, play_out(match, rng))
        after = [before[0] + scores[0], before[1] + scores[1]]
        winner = match_winner(after)
    else:
        after = match.scores
        winner = match.winner_team
    value = float(after[team] - before[team] - (after[1 - team] - before[1 - team]))
    if winner is not None:
        value += WIN_BONUS if winner == team else -WIN_BONUS
    return value


def hand_points(match: NigerianThunee, tricks: list[int]) -> list[int]:
    """NG-11 as the engine scores it (``team_score``; a capture scores 10 to 0)."""
    return points_of(match.contracts, match.made_bid, tricks)


def points_of(contracts: list[int], made_bid: list[bool], tricks: list[int]) -> list[int]:
    """``hand_points`` from the auction's outcome (the contracts, who bid) and the tricks."""
    for t in (0, 1):
        if tricks[t] + tricks[t + 2] == TRICKS:
            return [CAPTURE_POINTS, 0] if t == 0 else [0, CAPTURE_POINTS]
    return [team_score((t, t + 2), contracts[t], tricks, made_bid) for t in (0, 1)]


AUCTION_KINDS = frozenset({"keep", "bid", "pass", "trump"})
"""The actions ``auction_out`` plays itself (a throw-in ends the hand: ``score``)."""


def auction_out(
    match: NigerianThunee,
    rng: random.Random | Callable[[], random.Random],
    first: Action | None = None,
    plays: dict[Hashable, Any] | None = None,
) -> list[int]:
    """The rest of the hand from its throw-in window, auction or trump choice, as
    ``rollout`` plays it through the engine (NG-6 to NG-9 with the rollout ``policy``:
    every poll keeps, ``bid`` bids, ``best_trump`` names trump), on plain values: no copy
    of the match, no events. ``first``: the action of the seat to act (of
    ``AUCTION_KINDS``); the policy plays the rest. The hand's points (``points_of``).

    No generator is drawn before the card play (the policy and the engine draw none
    there), so ``rng`` is left for ``play_out`` exactly as the engine path leaves it;
    ``tests/players/test_search_cost.py`` checks the two agree. ``rng`` may be a
    function giving the generator: called only if the card play is played out.

    ``plays``: what was worked out from this ``match`` with ``rng`` in this same state
    already: by trump and leader, the card play's tricks; by seat, the hand's estimate
    (``hand_tricks``). The card play after the auction depends on nothing else (the
    hands are the match's, the policy draws from ``rng`` only there), so auctions that
    end alike (a raise outbid, or passed over, as a pass would be) play the same tricks:
    played once (``NigerianModel.score``; issue 35)."""
    phase = match._phase
    turn = match.turn
    dealer = match.dealer
    if phase == "throw_in":
        if first is not None and first.kind != "keep":
            raise ValueError(f"{first.kind} in the throw-in window")
        first = None
        # NG-6: every poll still to come keeps; the bidding starts left of the dealer.
        phase, turn = "bidding", NEXT[dealer]
    contracts = match.contracts
    made_bid = match.made_bid
    if phase == "bidding":
        passed = list(match.passed)
        made_bid = list(made_bid)
        contracts = list(contracts)
        high, bidder = match.high_bid, match.bidder
        top = match.options.ng_max_bid
        estimates: dict[Hashable, Any] = {} if plays is None else plays
        while True:
            if first is not None:
                if first.kind not in ("bid", "pass"):
                    raise ValueError(f"{first.kind} in the auction")
                amount = int(first.value) if first.kind == "bid" else 0
                first = None
            elif high < top:
                est = estimates.get(turn)
                if est is None:
                    est = estimates[turn] = hand_tricks(match.hands[turn])
                amount = high + 1 if high + 1 <= est - 0.5 else 0  # ``bid``
            else:
                amount = 0  # only a pass is legal
            if amount:  # NG-7 as ``NigerianThunee._bid``
                high, bidder = amount, turn
                made_bid[turn] = True
                contracts[turn % 2] = max(contracts[turn % 2], amount)
            else:
                passed[turn] = True
            if sum(passed) >= PLAYERS - 1:
                if bidder is None:  # NG-7.5: the dealer is forced to bid 1
                    high, bidder = 1, dealer
                    made_bid[dealer] = True
                    contracts[dealer % 2] = 1
                turn = bidder
                break
            turn = NEXT[turn]
            while passed[turn]:
                turn = NEXT[turn]
    elif phase != "trump":
        raise ValueError(f"auction_out in {phase}")
    if first is not None:
        if first.kind != "trump":
            raise ValueError(f"{first.kind} at the trump choice")
        trump = SUITS.index(first.value)
    else:
        trump = best_trump(match.hands[turn])
    # NG-9: three more cards each; the bidder leads (NG-10.1).
    key = (trump, turn)
    tricks = plays.get(key) if plays is not None else None
    if tricks is None:
        hands = [h + u for h, u in zip(match.hands, match.undealt, strict=True)]
        gen = rng if isinstance(rng, random.Random) else rng()
        tricks = _play_out(hands, [], trump, list(match.tricks_won), match.tricks_played, turn, gen)
        if plays is not None:
            plays[key] = tricks
    return points_of(contracts, made_bid, tricks)


def play_out(match: NigerianThunee, rng: random.Random, first: Card | None = None) -> list[int]:
    """The rest of the card play with the rollout policy; the tricks each seat won.
    ``first``: the card the seat to play plays (the policy plays the rest).

    The card winning the open trick is kept as the cards fall (``beats``, which is
    ``trick_winner_index`` one card at a time), for the policy and the trick's end."""
    return _play_out(
        [list(h) for h in match.hands],
        match.trick,
        match.trump,
        list(match.tricks_won),
        match.tricks_played,
        match.turn,
        rng,
        first,
    )


def _play_out(
    hands: list[list[Card]],
    trick: list[tuple[int, Card]],
    trump: int | None,
    tricks: list[int],
    played: int,
    seat: int,
    rng: random.Random,
    first: Card | None = None,
) -> list[int]:
    """``play_out`` from plain values (``hands`` and ``tricks`` are this call's own, changed
    as the cards fall; ``seat`` is to play to the open ``trick``)."""
    by_suit, owner = suit_lists(hands)
    count = len(trick)
    lead = led = win_seat = win_card = -1
    if count:
        lead = trick[0][1]
        led = SUIT_OF[lead]
        win_seat, win_card = trick[0]
        for s, c in trick[1:]:
            if beats(c, win_card, led, trump):
                win_seat, win_card = s, c
    random_ = rng.random
    suit_of = SUIT_OF
    strength = STRENGTH
    by_strength = strength.__getitem__
    low = LOW_KEY[trump].__getitem__
    by_trump = by_suit[trump] if trump is not None else []
    card = first
    while played < TRICKS:
        hand = hands[seat]
        if card is None:
            if count:
                legal = [c for c in hand if suit_of[c] == led] or hand
            elif played == 0:
                legal = [c for c in hand if suit_of[c] != trump] or hand
            else:
                legal = hand
            n = len(legal)
            if n == 1:
                card = legal[0]
            elif random_() < EPSILON:
                card = legal[int(random_() * n)]
            elif not count:
                # ``_choose``'s lead, inline (a call per card was a tenth of a rollout)
                top = [-1, -1, -1, -1]
                for s in (0, 1, 2, 3):
                    for c in by_suit[s]:
                        if owner[c] != seat:
                            top[s] = strength[c]
                            break
                card = -1
                bosses = [c for c in legal if strength[c] > top[suit_of[c]]]
                if bosses:
                    if trump is not None and top[trump] >= 0:
                        for c in bosses:
                            if suit_of[c] == trump:
                                card = c
                                break
                    if card < 0:
                        plain = [c for c in bosses if suit_of[c] != trump]
                        if plain:
                            card = max(plain, key=by_strength)
                if card < 0:
                    card = min(legal, key=low)
            else:
                # ``_choose``'s follow, inline, with ``beats_all`` on the led suit's and
                # trump's top cards held by the others (-1: none, or the last seat's)
                last = count == PLAYERS - 1
                top_led = top_trump = -1
                if not last:
                    for c in by_suit[led]:
                        if owner[c] != seat:
                            top_led = strength[c]
                            break
                    if trump == led:
                        top_trump = top_led
                    else:
                        for c in by_trump:
                            if owner[c] != seat:
                                top_trump = strength[c]
                                break
                win_suit = suit_of[win_card]
                best = strength[win_card]
                if win_seat % 2 == seat % 2 and (
                    last
                    or (
                        best > top_trump
                        if win_suit == trump
                        else top_trump < 0 and win_suit == led and best > top_led
                    )
                ):
                    card = min(legal, key=low)
                else:
                    if win_suit == trump:
                        winning = [c for c in legal if suit_of[c] == trump and strength[c] > best]
                    else:
                        winning = [
                            c
                            for c in legal
                            if suit_of[c] == trump or (suit_of[c] == led and strength[c] > best)
                        ]
                    if not winning:
                        card = min(legal, key=low)
                    else:
                        if not last:
                            sure = [
                                c
                                for c in winning
                                if (
                                    strength[c] > top_trump
                                    if suit_of[c] == trump
                                    else top_trump < 0
                                    and suit_of[c] == led
                                    and strength[c] > top_led
                                )
                            ]
                            if sure:
                                winning = sure
                        card = min(winning, key=low)
        hand.remove(card)
        by_suit[suit_of[card]].remove(card)
        if not count:
            lead, led, win_seat, win_card = card, suit_of[card], seat, card
            count = 1
            seat = NEXT[seat]
        else:
            # ``beats(card, win_card, led, trump)``, inline (a call per card followed)
            suit = suit_of[card]
            if suit == trump:
                if suit_of[win_card] != trump or strength[card] > strength[win_card]:
                    win_seat, win_card = seat, card
            elif suit == led and suit_of[win_card] != trump and strength[card] > strength[win_card]:
                win_seat, win_card = seat, card
            count += 1
            if count == PLAYERS:
                tricks[win_seat] += 1
                played += 1
                count = 0
                seat = win_seat
            else:
                seat = NEXT[seat]
        card = None
    return tricks


def policy(match: NigerianThunee, seat: int, legal: list[Action]) -> Action:
    """The fast heuristic of the rollouts (the heuristic level's rules, on card ints)."""
    phase = match.phase
    if phase == "play":
        return play_card(match, seat, legal)
    if phase == "throw_in":
        return KEEP
    if phase == "bidding":
        return bid(match, seat, legal)
    return TRUMP[best_trump(match.hands[seat])]


def hand_tricks(hand: list[Card]) -> float:
    """Tricks a 5-card hand may take with its longest suit as trump."""
    trump = best_trump(hand)
    est = 0.0
    for card in hand:
        rank = STRENGTH[card]
        if SUIT_OF[card] == trump:
            est += 1.0 if rank >= 6 else 0.7
        elif rank == 7:
            est += 0.9
        elif rank == 6:
            est += 0.4
    return est * 8 / 5


PARTNER_VETO = Veto(share=0.4, margin=3.0)
"""Nigerian Thunee's veto of take-overs of a partner's sure trick (NG-10), in hand points
(a hand is worth 0..10, NG-11): the old 0.25 was a fortieth of a hand, and the take-overs
of tricks sure on the real hands (seeds 1-6, club and expert, ``bench/levels.py``) were
valued 0.37-2.3 hand points above keeping the trick, three of the expert's four on tricks
shown voids proved sure."""

BID_MARGIN = 2.5
"""How much better (in hand points, a hand being worth 0..10) the search must find a bid
over the partner's that the hand does not support (``over_partner``) before it is made
anyway. Its rollouts bid with the cheap policy and value a raise highly (the raiser
names trump and leads, NG-8, NG-10.1); measured on 144 bids over a partner (seeds 30-129,
120 rollouts): at a margin of 0.5 it kept 58 of the 70 raises it wanted, at 2.5 it keeps
15, near what the heuristic makes."""


def over_partner(situation: Situation, legal: list[Action]) -> list[bool]:
    """Per action: a bid over the partner's standing high bid (NG-7.2: each bid must top
    the highest) that the hand alone would not carry: more tricks than the heuristic's
    estimate of the hand (``TrickHeuristic.estimated_tricks``, over all 8 cards, less a
    half-trick cushion, as the rollouts' ``bid``). The partner's bid already names the
    team's tricks (NG-7.1) and the team's contract is the higher of the two (NG-11.1): a
    raise the hand cannot carry only makes the contract harder to reach (NG-11.3)."""
    no = [False] * len(legal)
    bids: list[tuple[int, int]] = [(s, b) for s, b in situation.view["bids"]]
    standing = [(b, s) for s, b in bids if b > 0]
    if not standing or not situation.is_partner(max(standing)[1]):
        return no
    hand = [parse_card(c) for c in situation.view["hand"]]
    if not hand:
        return no
    est = TrickHeuristic(situation.game).estimated_tricks(hand, None) * TRICKS / len(hand)
    return [a.kind == "bid" and int(a.value) > est - 0.5 for a in legal]


def bid(match: NigerianThunee, seat: int, legal: list[Action]) -> Action:
    est = hand_tricks(match.hands[seat])
    lowest = legal[0]
    if lowest.kind == "bid" and int(lowest.value) <= est - 0.5:
        return lowest
    return PASS if PASS in legal else lowest


def best_trump(hand: list[Card]) -> int:
    """The longest suit, the strongest of equals, the first of those."""
    weight = [0, 0, 0, 0]
    for c in hand:
        weight[SUIT_OF[c]] += 100 + STRENGTH[c]  # a suit's strength sum is below 100
    best = 0
    for suit in (1, 2, 3):
        if weight[suit] > weight[best]:
            best = suit
    return best


def play_card(match: NigerianThunee, seat: int, legal: list[Action]) -> Action:
    cards = [CARD_OF_ACTION[id(a)] for a in legal]
    by_suit, owner = suit_lists(match.hands)
    return PLAY[choose_card(by_suit, owner, seat, match.trick, match.trump, cards)]


def suit_lists(hands: list[list[Card]]) -> tuple[list[list[Card]], list[int]]:
    """The cards still held, by suit, strongest first; and who holds each card."""
    owner = [-1] * 53
    for seat, hand in enumerate(hands):
        for c in hand:
            owner[c] = seat
    # (a suit's cards differ in strength, so its held cards in ``BY_STRENGTH`` order are
    # what sorting them strongest first gives)
    return [[c for c in suit if owner[c] >= 0] for suit in BY_STRENGTH], owner


BY_STRENGTH: tuple[tuple[Card, ...], ...] = tuple(
    tuple(sorted((c for c in DECK if SUIT_OF[c] == s), key=STRENGTH.__getitem__, reverse=True))
    for s in range(4)
)
"""Each suit's cards, strongest first (``suit_lists``)."""


def choose_card(
    by_suit: list[list[Card]],
    owner: list[int],
    seat: int,
    trick: list[tuple[int, Card]],
    trump: int | None,
    cards: list[Card],
) -> Card:
    """Lead a card no one can beat, else low from the longest side suit; follow: let a
    partner's sure trick pass cheaply, else win as cheaply as is sure, else play low."""
    if not trick:
        return _choose(by_suit, owner, seat, 0, -1, -1, -1, trump, cards)
    lead = trick[0][1]
    led = SUIT_OF[lead]
    win_seat, win_card = trick[0]
    for s, c in trick[1:]:
        if beats(c, win_card, led, trump):
            win_seat, win_card = s, c
    return _choose(by_suit, owner, seat, len(trick), lead, win_seat, win_card, trump, cards)


def _choose(
    by_suit: list[list[Card]],
    owner: list[int],
    seat: int,
    count: int,
    lead: Card,
    win_seat: int,
    win_card: Card,
    trump: int | None,
    cards: list[Card],
) -> Card:
    """``choose_card`` with the open trick given as its size, its lead and the card (and
    seat) winning it so far."""
    strength = STRENGTH
    suit_of = SUIT_OF
    last = count == PLAYERS - 1
    # The best card of each suit still held by the other three (the rollout sees all);
    # the last seat of a trick never asks (nobody is still to play). Following, only the
    # led suit's and trump's are read (the cards that may win, the card winning).
    top = [-1, -1, -1, -1]
    if not last:
        for s in (0, 1, 2, 3) if not count else (suit_of[lead], trump):
            if s is None:
                continue
            for c in by_suit[s]:
                if owner[c] != seat:
                    top[s] = strength[c]
                    break
    low = LOW_KEY[trump]
    if not count:
        bosses = [c for c in cards if strength[c] > top[suit_of[c]]]
        if trump is not None and top[trump] >= 0:
            for c in bosses:
                if suit_of[c] == trump:
                    return c
        plain = [c for c in bosses if suit_of[c] != trump]
        if plain:
            return max(plain, key=strength.__getitem__)
        return min(cards, key=low.__getitem__)
    led = suit_of[lead]
    if win_seat % 2 == seat % 2 and (last or beats_all(win_card, top, trump, lead)):
        return min(cards, key=low.__getitem__)
    best = strength[win_card]
    if suit_of[win_card] == trump:
        winning = [c for c in cards if suit_of[c] == trump and strength[c] > best]
    else:
        winning = [
            c for c in cards if suit_of[c] == trump or (suit_of[c] == led and strength[c] > best)
        ]
    if winning:
        if not last:
            sure = [c for c in winning if beats_all(c, top, trump, lead)]
            if sure:
                return min(sure, key=low.__getitem__)
        return min(winning, key=low.__getitem__)
    return min(cards, key=low.__getitem__)


def beats(card: Card, best: Card, led: int, trump: int | None) -> bool:
    """``card`` takes the trick from ``best`` (the card winning it so far)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return SUIT_OF[best] != trump or STRENGTH[card] > STRENGTH[best]
    return suit == led and SUIT_OF[best] != trump and STRENGTH[card] > STRENGTH[best]


def beats_all(card: Card, top: list[int], trump: int | None, lead: Card) -> bool:
    """No other hand holds a card that could beat ``card`` in this trick (ignoring who
    still has to play: a cheap, optimistic test)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return STRENGTH[card] > top[suit]
    if trump is not None and top[trump] >= 0:
        return False
    return suit == SUIT_OF[lead] and STRENGTH[card] > top[suit]


def lowest(cards: list[Card], trump: int | None) -> Card:
    """The cheapest card: the weakest side card, else the weakest trump (the first of
    equals)."""
    return min(cards, key=LOW_KEY[trump].__getitem__)


LOW_KEY: dict[int | None, tuple[int, ...]] = {
    t: tuple(STRENGTH[c] + (100 if SUIT_OF[c] == t else 0) for c in range(53))
    for t in (None, 0, 1, 2, 3)
}
"""Per trump: each card's cheapness key for ``lowest`` (side cards before trumps)."""


def nigerian_search(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The plugin factory of Nigerian Thunee's ``search`` level (the heuristic as fallback)."""
    return SearchPlayer(NigerianModel(), TrickHeuristic(game), budget)
