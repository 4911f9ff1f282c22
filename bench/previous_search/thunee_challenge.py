# players/search/thunee_challenge.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""Challenge mode (TH-28, ``penalty_mode="challenge"``) for the Thunee search.

The search itself only ever plays cards TH-21 allows and declares Jodis it holds; what it
decides here is whether to challenge an opponent. A wrong challenge costs the challenger's
team 4 balls (TH-28.1), an upheld one wins them, so it challenges when the fault is:
- certain from what it can see: the seat failed to follow a suit while the other hands
  cannot hold all the unseen cards of it (a revoke, TH-21.2); a Jodi none of whose
  possible suits still has its cards unseen (TH-14.5);
- or likely (at least ``LIKELY`` of the sampled worlds) when the seat is already proven
  to play faults this hand: it failed to follow a suit it played later.

Sampled worlds here drop the voids the challenged seat showed (they are what is in doubt).
"""

from __future__ import annotations

import random

from bench.previous_search.sampling import NoConsistentDeal, Zone, deal_unseen
from bench.previous_search.thunee_worlds import ROYALS, NotSearched, ThuneeWorlds
from players.base import Situation
from rules.cards import SUITS, Card, make_card, parse_card
from rules.contract import Action
from rules.thunee.cardplay import NORMAL_STRENGTH, ROYALS_STRENGTH
from rules.tricks import SUIT_OF

LIKELY = 0.6
SAMPLES = 48


def challenge_choice(situation: Situation, rng: random.Random) -> Action | None:
    """A challenge worth making now, or ``None``."""
    best: Action | None = None
    best_p = 0.0
    for action in situation.legal:
        if action.kind == "challenge":
            p = card_fault_chance(situation, int(action.value), rng)
        elif action.kind == "challenge_jodi":
            p = 1.0 if jodi_surely_false(situation, int(action.value)) else 0.0
        else:
            continue
        if p > best_p:
            best, best_p = action, p
    return best if best_p > 0.0 else None


def sure_challenge(situation: Situation) -> Action | None:
    """A challenge of a fault the seat can be certain of (a revoke the other hands cannot
    explain, a Jodi whose cards are visibly elsewhere), or ``None``: what a seat that is
    not awaited may call at once (TH-28). No sampling, so no dice."""
    for action in situation.legal:
        if action.kind == "challenge" and surely_revoked(situation, int(action.value)):
            return action
        if action.kind == "challenge_jodi" and jodi_surely_false(situation, int(action.value)):
            return action
    return None


def surely_revoked(situation: Situation, target: int) -> bool:
    """``target``'s card in the open trick is off the suit led while he surely holds a
    card of it (TH-21.2): the certain case of ``card_fault_chance``."""
    plays = _open_plays(situation)
    index = next((i for i, (s, _) in enumerate(plays) if s == target), None)
    if index is None or index == 0:
        return False
    led = SUIT_OF[plays[0][1]]
    return SUIT_OF[plays[index][1]] != led and _surely_holds(situation, target, led)


def forced_challenge(situation: Situation, rng: random.Random) -> Action:
    """Only challenges are offered (an optional challenger asked to act): the likeliest."""
    chances = []
    for action in situation.legal:
        if action.kind == "challenge":
            chances.append((_raw_fault_chance(situation, int(action.value), rng), action))
        else:
            chances.append(
                (1.0 if jodi_surely_false(situation, int(action.value)) else 0.0, action)
            )
    return max(chances, key=lambda pa: pa[0])[1]


def card_fault_chance(situation: Situation, target: int, rng: random.Random) -> float:
    """How sure the seat may be that ``target``'s card in the open trick broke TH-21: 1.0
    when certain, the sampled share when ``target`` is a proven offender, else 0."""
    plays = _open_plays(situation)
    index = next((i for i, (s, _) in enumerate(plays) if s == target), None)
    if index is None or index == 0:
        return 0.0
    led = SUIT_OF[plays[0][1]]
    if SUIT_OF[plays[index][1]] == led and not _maybe_undercut(situation, plays, index):
        return 0.0
    if surely_revoked(situation, target):
        return 1.0
    if not _proven_offender(situation, target):
        return 0.0
    p = _raw_fault_chance(situation, target, rng)
    return p if p >= LIKELY else 0.0


def _open_plays(situation: Situation) -> list[tuple[int, Card]]:
    return [(s, parse_card(c)) for s, c in situation.view["trick"]]


def _trump(situation: Situation) -> int | None:
    trump = situation.view["trump"]
    return SUITS.index(trump) if trump else None


def _strength(situation: Situation) -> tuple[int, ...]:
    contract = situation.view["contract"]
    return ROYALS_STRENGTH if contract and contract["kind"] in ROYALS else NORMAL_STRENGTH


def _maybe_undercut(situation: Situation, plays: list[tuple[int, Card]], index: int) -> bool:
    """TH-21.4: a trump below the trick's best trump on a non-trump lead."""
    trump = _trump(situation)
    strength = _strength(situation)
    led = SUIT_OF[plays[0][1]]
    card = plays[index][1]
    if trump is None or led == trump or SUIT_OF[card] != trump:
        return False
    top = max((strength[c] for _, c in plays[:index] if SUIT_OF[c] == trump), default=-1)
    return top >= 0 and strength[card] < top


def _raw_fault_chance(situation: Situation, target: int, rng: random.Random) -> float:
    """Share of sampled worlds (the target's shown voids dropped) where its card was a
    fault: it held the led suit, or undercut holding a non-trump."""
    plays = _open_plays(situation)
    index = next((i for i, (s, _) in enumerate(plays) if s == target), None)
    if index is None or index == 0:
        return 0.0
    try:
        worlds = ThuneeWorlds(situation)
    except (NotSearched, NoConsistentDeal):
        return 0.0
    zones = [
        Zone(z.name, z.size, set() if z.name == f"hand{target}" else z.void) for z in worlds.zones
    ]
    if not any(z.name == f"hand{target}" for z in zones):
        return 0.0
    led = SUIT_OF[plays[0][1]]
    undercut = _maybe_undercut(situation, plays, index)
    trump = _trump(situation)
    faults = 0
    for _ in range(SAMPLES):
        try:
            dealt = deal_unseen(worlds.unseen, zones, rng)
        except NoConsistentDeal:
            return 0.0
        hand = dealt[f"hand{target}"]
        if any(SUIT_OF[c] == led for c in hand) or (
            undercut and any(SUIT_OF[c] != trump for c in hand)
        ):
            faults += 1
    return faults / SAMPLES


def _surely_holds(situation: Situation, target: int, suit: int) -> bool:
    """The other hidden places cannot hold every unseen card of ``suit``, so ``target``
    holds one. The others' voids shown in finished tricks are taken at their word; the
    open trick's are not (one of them is what is in doubt)."""
    try:
        worlds = ThuneeWorlds(situation)
    except (NotSearched, NoConsistentDeal):
        return False
    unseen = sum(1 for c in worlds.unseen if SUIT_OF[c] == suit)
    room = 0
    for zone in worlds.zones:
        if zone.name == f"hand{target}":
            continue
        if zone.name.startswith("hand") and suit in worlds.closed_voids[int(zone.name[4:])]:
            continue
        room += zone.size
    return unseen > room


def _proven_offender(situation: Situation, target: int) -> bool:
    """``target`` failed to follow a suit in an earlier trick of this hand and has played
    that suit since: a fault nobody challenged."""
    view = situation.view
    plays = [[(s, parse_card(c)) for s, c in past["plays"]] for past in view["tricks"]]
    plays.append(_open_plays(situation))
    shown_void: set[int] = set()
    for trick in plays:
        if not trick:
            continue
        led = SUIT_OF[trick[0][1]]
        for i, (s, card) in enumerate(trick):
            if s != target:
                continue
            if SUIT_OF[card] in shown_void:
                return True
            if i > 0 and SUIT_OF[card] != led:
                shown_void.add(led)
    return False


def jodi_surely_false(situation: Situation, target: int) -> bool:
    """TH-14.5 (cards in hand): every suit the declared value could be in lacks a card
    that is visibly elsewhere (in the seat's hand or already played)."""
    view = situation.view
    if getattr(situation.options, "jodi_hold_rule", "in_hand") != "in_hand" or "rows" in view:
        return False
    gone = {parse_card(c) for c in view["hand"]}
    if "trump_card" in view:
        gone.add(parse_card(view["trump_card"]))
    gone |= {parse_card(c) for past in view["tricks"] for _, c in past["plays"]}
    gone |= {parse_card(c) for _, c in view["trick"]}
    trump = _trump(situation)
    claims = [j for j in view["jodis"] if j["seat"] == target]
    if not claims:
        return False
    claim = claims[-1]
    value = claim["value"]
    if claim["suit"] is not None:
        suits = [SUITS.index(claim["suit"])]
    elif value in (40, 50):
        suits = [trump] if trump is not None else []
    else:
        suits = [s for s in range(4) if s != trump]
    for suit in suits:
        if suit is None:
            return False
        letter = SUITS[suit]
        needed = [make_card("K", letter), make_card("Q", letter)]
        if value in (30, 50):
            needed.append(make_card("J", letter))
        if not any(c in gone for c in needed):
            return False
    return True


__all__ = [
    "card_fault_chance",
    "challenge_choice",
    "forced_challenge",
    "jodi_surely_false",
    "sure_challenge",
    "surely_revoked",
]
