"""Fast playouts of a South African Thunee hand for the search (2, 4 and 6 players).

A playout plays a sampled world (``World``: every hand, and with two players the cards
still to come) to the end of the hand on bare card ints with the engine's own card rules
(``legal_cards``, ``beats``), from the facts of the position (``Facts``), and scores it as
the engine does, in balls for one team:
- the ordinary count (TH-24, TH-25; TH2-7/8: 125 with two players), with the Jodis the
  players hold declared when their team's trick count reaches 1 or 3 (TH-14.3, per half
  with two deals, TH2-A.5);
- a Thunee-type contract (TH-12, THV-11/12, TH6-11): the first card that beats the
  caller's stops the hand, a partner catch costs more;
- a Double or Khanuck called for the last trick (TH-15, TH-16);
- TH-20: a hand whose defenders hold no trump at the reveal is annulled (worth 0).

Balls a team cannot use (beyond what it needs to win the match) are not counted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rules.cards import Card, make_card
from rules.thunee.cardplay import (
    NORMAL_STRENGTH,
    POINTS,
    ROYALS_STRENGTH,
    beats,
    legal_cards,
    winning_index,
)
from rules.thunee.scoring import (
    CALL_FAILURE_BALLS,
    LAST_TRICK,
    call_success_balls,
    khanuck_count,
    khanuck_succeeds,
    ordinary_balls,
)
from rules.tricks import SUIT_OF

MARGIN_SCALE = 0.01
CALL_MARGIN_SCALE = 0.0025
"""``Facts.margin_scale`` when a contract or last-trick call is among the candidates."""
EPSILON = 0.08
"""Share of rollout moves played at random, so rollouts are not all the same line."""
KQJ: tuple[tuple[Card, Card, Card], ...] = tuple(
    (make_card("K", s), make_card("Q", s), make_card("J", s)) for s in "SHDC"
)


@dataclass(slots=True)
class World:
    """One sampled deal: what every seat holds now and what is still to come."""

    hands: list[list[Card]]
    """Cards each seat may play from now (with two players face up: the face-up cards)."""
    trump: int | None
    later: list[list[Card]] | None = None
    """Two players, two deals (TH2-A.3): each seat's six cards for tricks 7-12."""
    rows: list[list[Card]] | None = None
    """Two players face up before the layout (TH2-B.1): each seat's six face-down cards."""
    under: list[dict[Card, Card]] | None = None
    """Face up after the layout (TH2-B.5): the face-down card under each face-up card."""
    pending: list[list[Card]] | None = None
    """Face up: face-down cards turning up when the open trick ends (TH2-B.6)."""


@dataclass(slots=True)
class Facts:
    """The public state of the hand at the decision, plus the rules that score it."""

    n: int
    strength: tuple[int, ...]
    total: int
    """Tricks in the hand (12 with two players, 6 in a two-player contract)."""
    half: int
    """Two deals: tricks in a half (the second deal comes after it); else ``total``."""
    turn: int
    """The seat to play next."""
    tm: int | None
    caller: int | None = None
    kind: str | None = None
    high_bid: int = 0
    made_bid: bool = False
    blind_bid: bool = False
    count_target: int = 105
    jodi: list[int] = field(default_factory=lambda: [0, 0])
    declared: set[int] = field(default_factory=set)
    """Suits whose Jodi is known to be declared (so not declared again)."""
    trick: list[tuple[int, Card]] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    team_tricks: list[int] = field(default_factory=lambda: [0, 0])
    half_base: list[int] = field(default_factory=lambda: [0, 0])
    done: int = 0
    """Tricks finished in this hand."""
    face_up: bool = False
    annul: bool = True
    """TH-20 (TH2-11: per ``two_player_annul``) applies when the first card reveals trump."""
    jodis: bool = True
    """Whether Jodis may still be declared in a playout (not face up, not in contracts)."""
    need: tuple[int, int] = (99, 99)
    """Balls each team still needs to win the match (balls beyond are worth nothing)."""
    contract_balls: int = 4
    partner_catch_balls: int = 8
    khanuck_formula: str = "standard"
    call: tuple[str, int] | None = None
    """A Double or Khanuck called for the last trick: (kind, caller)."""
    margin_scale: float = MARGIN_SCALE
    """Balls per card point of the count's margin (a gradient where the balls are equal);
    smaller where a call (scored without a count) competes with the count."""


def playout(f: Facts, w: World, first: Card | None, team: int, rng: random.Random) -> float:
    """Play ``first`` for ``f.turn`` (``None``: the policy chooses), then the rest of the
    hand with the rollout policy; the hand's value for ``team`` in balls (plus a small
    card-point margin so close counts still order the moves)."""
    n = f.n
    hands = [list(h) for h in w.hands]
    later = w.later
    under = [dict(u) for u in w.under] if w.under is not None else None
    pending = [list(p) for p in w.pending] if w.pending is not None else None
    rows = w.rows
    strength = f.strength
    trump = w.trump
    trick = list(f.trick)
    cards = [c for _, c in trick]
    # the card winning the open trick: ``winning_index``, kept as the cards fall
    win = winning_index(cards, trump, strength) if cards else 0
    points = list(f.points)
    team_tricks = list(f.team_tricks)
    base = list(f.half_base)
    jodi = list(f.jodi)
    declared = set(f.declared)
    done = f.done
    caller = f.caller
    total = f.total
    seat = f.turn
    card = first
    random_ = rng.random
    last_winner = -1
    broken: int | None = None
    track_jodi = f.jodis and caller is None
    cheap = _cheapness(trump, strength)
    while done < total:
        hand = hands[seat]
        if card is None:
            legal = legal_cards(hand, cards, trump, strength)
            if len(legal) == 1:
                card = legal[0]
            elif random_() < EPSILON and (caller is None or seat != caller):
                card = legal[int(random_() * len(legal))]
            else:
                card = _choose(hands, seat, trick, trump, strength, legal, n, caller, win, cheap)
        if done == 0 and not trick:
            if trump is None:
                trump = SUIT_OF[card]  # a contract's first card names the trump (TH-12.9)
                cheap = _cheapness(trump, strength)
            if f.annul and _annulled(hands, trump, caller if caller is not None else f.tm, n):
                return 0.0  # TH-20: nobody scores
        hand.remove(card)
        if under is not None:
            below = under[seat].pop(card, None)
            if below is not None and pending is not None:
                pending[seat].append(below)  # TH2-B.6: it turns up when the trick ends
        trick.append((seat, card))
        cards.append(card)
        if caller is not None and len(trick) > 1 and beats(card, trick[0][1], trump, strength):
            broken = seat  # TH-12.11: the first card beating the caller's ends the hand
            break
        if len(cards) == 1:
            win = 0
        elif beats(card, cards[win], trump, strength):
            win = len(cards) - 1
        card = None
        if len(trick) == n:
            winner = trick[win][0]
            wteam = winner % 2
            for c in cards:
                points[wteam] += POINTS[c]
            team_tricks[wteam] += 1
            done += 1
            trick = []
            cards = []
            seat = last_winner = winner
            if pending is not None:
                for s in range(n):
                    if pending[s]:
                        hands[s].extend(pending[s])
                        pending[s] = []
            if rows is not None and done == 1:
                under, pending = _lay_out(hands, rows, rng)
                rows = None
            if later is not None and done == f.half:
                hands = [list(h) for h in later]
                later = None
                base = list(team_tricks)
            if track_jodi and team_tricks[wteam] - base[wteam] in (1, 3):
                _declare_jodis(hands, wteam, n, trump, jodi, declared)
        else:
            seat = seat + 1 if seat + 1 < n else 0
    if caller is not None:
        return _contract_value(f, caller, broken, team)
    if f.call is not None:
        return _call_value(f, points, team_tricks, last_winner, jodi, team)
    return count_value(f, points, jodi, last_winner, team)


def count_value(f: Facts, points: list[int], jodi: list[int], last_winner: int, team: int) -> float:
    """TH-24/TH-25: the ordinary count of a finished hand (card points per team, Jodis,
    the last trick's winner) in balls for ``team``, plus the card-point margin."""
    assert f.tm is not None
    counting = 1 - f.tm % 2
    last = LAST_TRICK if last_winner % 2 == counting else -LAST_TRICK
    count = points[counting] + f.high_bid + jodi[counting] - jodi[1 - counting] + last
    wins = count >= f.count_target
    balls = ordinary_balls(wins, f.made_bid, f.blind_bid)
    winner_team = counting if wins else 1 - counting
    margin = (count - f.count_target) * f.margin_scale
    value = _balls(f, winner_team, balls, team)
    return value + (margin if counting == team else -margin)


def _balls(f: Facts, to: int, balls: int, team: int) -> float:
    useful = min(balls, f.need[to])
    return float(useful if to == team else -useful)


def _contract_value(f: Facts, caller: int, broken: int | None, team: int) -> float:
    side = caller % 2
    if broken is None:
        return _balls(f, side, f.contract_balls, team)
    if broken % 2 == side:
        return _balls(f, 1 - side, f.partner_catch_balls, team)
    return _balls(f, 1 - side, f.contract_balls, team)


def _call_value(
    f: Facts, points: list[int], team_tricks: list[int], last: int, jodi: list[int], team: int
) -> float:
    assert f.call is not None
    kind, caller = f.call
    side = caller % 2
    won_last = last == caller
    counting = f.tm is not None and side != f.tm % 2
    returned = counting and f.made_bid  # TH-15.4 / TH-16.6
    if kind == "double":
        success = won_last and team_tricks[1 - side] == 0
    else:
        count = khanuck_count(
            f.khanuck_formula,  # type: ignore[arg-type]
            points[1 - side],
            jodi[1 - side],
            jodi[side],
            f.high_bid,
            f.tm is not None and f.tm % 2 == side and f.made_bid,
        )
        success = khanuck_succeeds(team_tricks[1 - side], won_last, count)
    if success:
        name = ("return_" if returned else "") + kind
        blind_team = f.blind_bid and not counting
        return _balls(f, side, call_success_balls(name, blind_team), team)  # type: ignore[arg-type]
    return _balls(f, 1 - side, CALL_FAILURE_BALLS, team)


def _annulled(hands: list[list[Card]], trump: int, making: int | None, n: int) -> bool:
    if making is None:
        return False
    side = making % 2
    return not any(SUIT_OF[c] == trump for s in range(n) if s % 2 != side for c in hands[s])


def _declare_jodis(
    hands: list[list[Card]],
    team: int,
    n: int,
    trump: int | None,
    jodi: list[int],
    declared: set[int],
) -> None:
    """TH-14: the team's players declare every Jodi they hold (cards in hand)."""
    for s in range(team, n, 2):
        hand = hands[s]
        for suit, (king, queen, jack) in enumerate(KQJ):
            if suit not in declared and king in hand and queen in hand:
                declared.add(suit)
                value = 40 if suit == trump else 20
                jodi[team] += value + (10 if jack in hand else 0)


def _lay_out(
    hands: list[list[Card]], rows: list[list[Card]], rng: random.Random
) -> tuple[list[dict[Card, Card]], list[list[Card]]]:
    """TH2-B.5 in a playout: each seat covers five face-down cards with its five hand cards
    at random and turns the sixth face up."""
    under: list[dict[Card, Card]] = []
    for s, row in enumerate(rows):
        downs = list(row)
        rng.shuffle(downs)
        cover = hands[s]
        under.append(dict(zip(cover, downs, strict=False)))
        hands[s] = cover + downs[len(cover) :]
    return under, [[] for _ in rows]


def choose_card(
    hands: list[list[Card]],
    seat: int,
    trick: list[tuple[int, Card]],
    trump: int | None,
    strength: tuple[int, ...],
    cards: list[Card],
    n: int,
    caller: int | None = None,
    win: int | None = None,
) -> Card:
    """The rollout policy. Lead the best card no one can beat, else the cheapest; follow:
    give points to a partner's sure trick, else win as cheaply as is sure, else throw the
    cheapest. A contract's caller leads his strongest cards; his partners never beat him.
    ``win``: the index of the card winning ``trick`` (``winning_index``), if known."""
    return _choose(
        hands, seat, trick, trump, strength, cards, n, caller, win, _cheapness(trump, strength)
    )


def _choose(
    hands: list[list[Card]],
    seat: int,
    trick: list[tuple[int, Card]],
    trump: int | None,
    strength: tuple[int, ...],
    cards: list[Card],
    n: int,
    caller: int | None,
    win: int | None,
    cheap: tuple[int, ...],
) -> Card:
    """``choose_card`` with ``cheapest``'s keys given (``_cheapness``: once a playout)."""
    by_cheapness = cheap.__getitem__
    if caller is not None:
        if seat == caller and not trick:
            return _caller_lead(hands, seat, trump, strength, cards)
        if seat % 2 == caller % 2 and trick:
            lead = trick[0][1]
            safe = [c for c in cards if not beats(c, lead, trump, strength)]
            return min(safe or cards, key=by_cheapness)
    if not trick:
        top = _top(hands, seat, n, strength)
        bosses = [c for c in cards if strength[c] > top[SUIT_OF[c]]]
        if bosses:
            return max(bosses, key=lambda c: POINTS[c] + strength[c])
        return min(cards, key=by_cheapness)
    led = SUIT_OF[trick[0][1]]
    if win is None:
        win = winning_index([c for _, c in trick], trump, strength)
    win_seat, win_card = trick[win]
    last = len(trick) == n - 1
    # The last seat never asks what the others hold (nobody is still to play).
    top = [] if last else _top(hands, seat, n, strength)
    if win_seat % 2 == seat % 2 and (last or sure(win_card, top, trump, led, strength)):
        side = [c for c in cards if SUIT_OF[c] != trump] or cards
        return max(side, key=lambda c: (POINTS[c], -strength[c]))
    winning = [c for c in cards if beats_in_trick(c, win_card, led, trump, strength)]
    if winning:
        if not last:
            safe = [c for c in winning if sure(c, top, trump, led, strength)]
            if safe:
                return min(safe, key=by_cheapness)
        return min(winning, key=by_cheapness)
    return min(cards, key=by_cheapness)


def _top(hands: list[list[Card]], seat: int, n: int, strength: tuple[int, ...]) -> list[int]:
    """The strength of the best card of each suit the other seats hold (-1: none)."""
    top = [-1, -1, -1, -1]
    suit_of = SUIT_OF
    for s in range(n):
        if s != seat:
            for c in hands[s]:
                v = strength[c]
                if v > top[suit_of[c]]:
                    top[suit_of[c]] = v
    return top


def _caller_lead(
    hands: list[list[Card]],
    seat: int,
    trump: int | None,
    strength: tuple[int, ...],
    cards: list[Card],
) -> Card:
    """A contract caller cannot see the other hands: he draws trumps with his strongest
    trump while any may be out, then leads his strongest card."""
    if trump is None:
        return max(cards, key=lambda c: (strength[c], POINTS[c]))
    trumps = [c for c in cards if SUIT_OF[c] == trump]
    out = any(SUIT_OF[c] == trump for s, h in enumerate(hands) if s != seat for c in h)
    if trumps and out:
        return max(trumps, key=lambda c: strength[c])
    return max(cards, key=lambda c: (strength[c], SUIT_OF[c] == trump))


def beats_in_trick(
    card: Card, best: Card, led: int, trump: int | None, strength: tuple[int, ...]
) -> bool:
    suit = SUIT_OF[card]
    if suit == trump:
        return SUIT_OF[best] != trump or strength[card] > strength[best]
    return suit == led and SUIT_OF[best] != trump and strength[card] > strength[best]


def sure(
    card: Card, top: list[int], trump: int | None, led: int, strength: tuple[int, ...]
) -> bool:
    """No other hand holds a card that could beat ``card`` here (optimistic: ignores who
    has still to play)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return strength[card] > top[suit]
    if trump is not None and top[trump] >= 0:
        return False
    return suit == led and strength[card] > top[suit]


def cheapest(cards: list[Card], trump: int | None, strength: tuple[int, ...]) -> Card:
    """The card losing least: few points, weak, not a trump (the first of equals)."""
    return min(cards, key=_cheapness(trump, strength).__getitem__)


def _cheapness(trump: int | None, strength: tuple[int, ...]) -> tuple[int, ...]:
    """Each card's key for ``cheapest``, as one number: (a trump, points, strength) in
    that order (points and strengths are below 100); the game's tables are built once."""
    found = _CHEAPNESS.get((trump, id(strength)))
    if found is not None and found[0] is strength:
        return found[1]
    return _cheapness_keys(trump, strength)


def _cheapness_keys(trump: int | None, strength: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(
        (10_000 if SUIT_OF[c] == trump else 0) + 100 * POINTS[c] + strength[c] for c in range(53)
    )


_CHEAPNESS: Mapping[tuple[int | None, int], tuple[tuple[int, ...], tuple[int, ...]]] = (
    MappingProxyType(
        {
            (t, id(table)): (table, _cheapness_keys(t, table))
            for table in (NORMAL_STRENGTH, ROYALS_STRENGTH)
            for t in (None, 0, 1, 2, 3)
        }
    )
)
"""``_cheapness`` of Thunee's two rank orders, per trump (with the table itself, so an id
is only trusted for the table it was built for)."""


__all__ = ["Facts", "World", "choose_card", "count_value", "playout"]
