# players/search/thunee_worlds.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""What one Thunee seat knows, read from its view once, and worlds sampled from it.

Two kinds of decision need worlds:
- during the card play (``ThuneeWorlds``): the finished tricks and the open trick are the
  public history; each world is the seat's own cards plus the unseen cards dealt to the
  other hands (sizes from ``cards_held``; voids shown by failures to follow and undercuts,
  TH-21), and with two players the cards still to come: the second deal's twelve (TH2-A.3)
  or the face-down cards of the rows (TH2-B), which nobody has seen;
- before the card play (``DealWorlds``: the trumper's choice, bidding, the Thunee window):
  the other seats' cards and everyone's cards still to be dealt (TH-6.3), the seat's own
  included.

The trump card turned over at the reveal stays in the trump maker's hand until played
(TH-19.3). While the trump is face down and the seat is not the trump maker, a world takes
the trump maker's longest sampled suit as trump (his face-down card is one of his suit);
after "last card" (TH-7.2b), the suit of one of his cards.

Nothing here reads anything but ``situation.view`` and ``situation.options``.
"""

from __future__ import annotations

import random
from typing import Any

from bench.previous_search.sampling import NoConsistentDeal, Zone, deal_unseen
from bench.previous_search.thunee_playout import Facts, World
from players.base import Situation
from rules.cards import SUITS, Card, parse_card
from rules.thunee.cardplay import NORMAL_STRENGTH, POINTS, ROYALS_STRENGTH
from rules.thunee.dealing import DECK, FIRST_BATCH, HAND_SIZE
from rules.tricks import SUIT_OF

ROYALS = ("royals", "blind_royals")


class NotSearched(Exception):
    """A position the search leaves to the heuristic (a Trip, the layout, a blind bid)."""


def balls_needed(view: dict[str, Any], options: Any) -> tuple[int, int]:
    """Balls each team still needs (TH-29); unbounded under two to clear (THV-9)."""
    if view.get("deuce") or getattr(options, "two_to_clear", "off") != "off":
        return (99, 99)
    target = int(view["target_balls"])
    balls = view["balls"]
    return (max(1, target - balls[0]), max(1, target - balls[1]))


def contract_balls(kind: str | None, options: Any) -> tuple[int, int]:
    """(success/failure balls, partner-catch balls) of a Thunee-type contract (TH-26)."""
    if kind is not None and kind.startswith("blind"):
        return options.blind_thunee_balls, options.blind_partner_catch_balls
    if kind == "moenie":
        return 4, 8
    return 4, options.thunee_partner_catch_balls


def annul_applies(n: int, kind: str | None, options: Any) -> bool:
    """TH-20 (not a Moenie, as the engine); TH2-11 with two players."""
    if kind == "moenie":
        return False
    if n != 2:
        return True
    rule = options.two_player_annul
    return bool(rule == "always" or (rule == "thunee_only" and kind is not None))


def longest_suit(cards: list[Card], rng: random.Random) -> int:
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[SUIT_OF[c]] += 1
    best = max(counts)
    return rng.choice([s for s in range(4) if counts[s] == best])


def jodi_facts(view: dict[str, Any]) -> tuple[list[int], set[int]]:
    """Jodi points per team and the suits known to be declared already."""
    jodi = [0, 0]
    declared: set[int] = set()
    for j in view["jodis"]:
        jodi[j["seat"] % 2] += j["value"]
        if j["suit"] is not None:
            declared.add(SUITS.index(j["suit"]))
    declared.update(SUITS.index(s) for s in view.get("my_jodi_suits") or ())
    return jodi, declared


class ThuneeWorlds:
    """What one seat knows during the card play, read from its view once."""

    def __init__(self, situation: Situation) -> None:
        view = situation.view
        options = situation.options
        self.n = n = int(view["players"])
        self.seat = seat = situation.seat
        contract = view["contract"]
        kind: str | None = contract["kind"] if contract else None
        if kind == "trip":
            raise NotSearched("a Trip is played by the heuristic")
        self.caller: int | None = contract["caller"] if contract else None
        self.strength = ROYALS_STRENGTH if kind in ROYALS else NORMAL_STRENGTH
        self.face_up = face_up = "rows" in view
        laid: list[bool] = list(view.get("rows_laid") or [False] * n)
        rows: list[list[dict[str, Any]]] = view.get("rows") or []
        self.laid = laid
        if face_up and any(laid) and not all(laid):
            raise NotSearched("the rows are being laid out")
        up = [
            [parse_card(p["up"]) for p in rows[s] if p["up"] is not None] if laid[s] else []
            for s in range(n)
        ]
        hand = [parse_card(c) for c in view["hand"]]
        if "trump_card" in view:
            hand.append(parse_card(view["trump_card"]))
        if face_up and laid[seat]:
            hand = list(up[seat])
        self.hand = hand
        held: list[int] = list(view["cards_held"])
        blind = 0
        if self.caller == seat and view["blind_face_down"]:
            blind = held[seat] - len(hand)  # THV-11.2: his last cards lie face down, unseen
        elif len(hand) != held[seat]:
            raise NoConsistentDeal("the seat's own hand is not fully known")
        self.tm: int | None = view["trump_maker"]
        trump = view["trump"]
        self.trump: int | None = SUITS.index(trump) if trump else None
        self.trump_hidden = (
            self.trump is None
            and self.tm is not None
            and self.tm != seat
            and self.caller is None
            and (view["trump_card_face_down"] or view["trump_choice"] == "last_card")
        )
        self.last_card = view["trump_choice"] == "last_card"
        self.tricks_done: list[tuple[int, list[tuple[int, Card]]]] = [
            (done["winner"], [(s, parse_card(c)) for s, c in done["plays"]])
            for done in view["tricks"]
        ]
        self.trick: list[tuple[int, Card]] = [(s, parse_card(c)) for s, c in view["trick"]]
        total = int(view["tricks_in_hand"])
        self.two_deals = n == 2 and not face_up and total == 2 * HAND_SIZE[n]
        half = HAND_SIZE[n] if self.two_deals else total
        done = len(self.tricks_done)
        points = [0, 0]
        team_tricks = [0, 0]
        half_base = [0, 0]
        for i, (winner, plays) in enumerate(self.tricks_done):
            points[winner % 2] += sum(POINTS[c] for _, c in plays)
            team_tricks[winner % 2] += 1
            if i + 1 == half and self.two_deals:
                half_base = list(team_tricks)
        played = [c for _, plays in self.tricks_done for _, c in plays]
        played += [c for _, c in self.trick]
        seen = set(hand) | set(played)
        for s in range(n):
            if s != seat:
                seen.update(up[s])
        shown = view.get("trump_card_shown")
        self.tm_known: list[Card] = []
        if shown is not None and self.tm != seat and parse_card(shown) not in seen:
            self.tm_known = [parse_card(shown)]
            seen.add(self.tm_known[0])
        self.unseen = [c for c in DECK if c not in seen]
        half_start = half if self.two_deals and done >= half else 0
        searchable = not (face_up and done > 0)
        voids = self._voids(half_start, True) if searchable else [set()] * n
        self.closed_voids = self._voids(half_start, False) if searchable else [set()] * n
        """The voids shown in finished tricks only (what challenge mode takes on trust)."""
        self.up = up
        zones: list[Zone] = []
        for s in range(n):
            if s == seat or (face_up and laid[s]):
                continue
            known = len(self.tm_known) if s == self.tm else 0
            zones.append(Zone(f"hand{s}", held[s] - known, set(voids[s])))
        if blind:
            zones.append(Zone("blind", blind))
        if self.two_deals and done < half:
            zones += [Zone(f"later{s}", HAND_SIZE[n]) for s in range(n)]
        elif n == 2 and not face_up and not self.two_deals:
            zones.append(Zone("aside", 2 * HAND_SIZE[n]))  # TH2-6: a contract ignores them
        self.down_layout: list[list[bool]] = []
        """Face up after the layout: per pile with a face-down card, whether its face-up
        card is still there (else the face-down card turns up when the trick ends)."""
        if face_up:
            for s in range(n):
                downs = [p for p in rows[s] if p["down"]]
                zones.append(Zone(f"down{s}", len(downs)))
                self.down_layout.append([p["up"] is not None for p in downs])
            self.up_over = [
                [parse_card(p["up"]) for p in rows[s] if p["down"] and p["up"] is not None]
                for s in range(n)
            ]
        self.zones = zones
        jodi, declared = jodi_facts(view)
        success, catch = contract_balls(kind, options)
        self.facts = Facts(
            n=n,
            strength=self.strength,
            total=total,
            half=half,
            turn=seat,
            tm=self.tm,
            caller=self.caller,
            kind=kind,
            high_bid=view["high_bid"] or 0,
            made_bid=view["high_bidder"] is not None,
            blind_bid=bool(view["blind_bid"]),
            count_target=125 if n == 2 else 105,
            jodi=jodi,
            declared=declared,
            trick=self.trick,
            points=points,
            team_tricks=team_tricks,
            half_base=half_base,
            done=done,
            face_up=face_up,
            annul=annul_applies(n, kind, options),
            jodis=not face_up and kind is None,
            need=balls_needed(view, options),
            contract_balls=success,
            partner_catch_balls=catch,
            khanuck_formula=getattr(options, "khanuck_formula", "standard"),
        )

    def zones_void(self, seat: int) -> set[int]:
        """The suits ``seat``'s hand may not hold in a world (empty for the seat itself)."""
        for zone in self.zones:
            if zone.name == f"hand{seat}":
                return zone.void
        return set()

    def _voids(self, start: int, open_trick: bool) -> list[set[int]]:
        """Suits a seat cannot hold: it did not follow them (TH-21.2), or it undercut,
        which it may only do holding nothing but trumps (TH-21.4)."""
        n = self.n
        voids: list[set[int]] = [set() for _ in range(n)]
        tricks = [plays for _, plays in self.tricks_done[start:]]
        if self.trick and open_trick:
            tricks.append(self.trick)
        trump, strength = self.trump, self.strength
        for plays in tricks:
            led = SUIT_OF[plays[0][1]]
            top = -1
            for seat, card in plays[1:]:
                suit = SUIT_OF[card]
                if suit != led:
                    voids[seat].add(led)
                    if trump is not None and led != trump and suit == trump:
                        if top >= 0 and strength[card] < top:
                            voids[seat].update(s for s in range(4) if s != trump)
                        top = max(top, strength[card])
        return voids

    def sample(self, rng: random.Random) -> World:
        try:
            dealt = deal_unseen(self.unseen, self.zones, rng)
        except NoConsistentDeal:
            # Challenge mode lets a seat fail to follow while holding the suit (TH-28):
            # the voids it showed may be false. Deal without them.
            dealt = deal_unseen(self.unseen, [Zone(z.name, z.size) for z in self.zones], rng)
        n, seat = self.n, self.seat
        hands: list[list[Card]] = []
        for s in range(n):
            if s == seat:
                hands.append(self.hand + dealt.get("blind", []))
            elif self.face_up and self.laid[s]:
                hands.append(list(self.up[s]))
            else:
                hands.append(dealt[f"hand{s}"] + (self.tm_known if s == self.tm else []))
        world = World(hands=hands, trump=self.trump)
        if self.two_deals and "later0" in dealt:
            world.later = [dealt[f"later{s}"] for s in range(n)]
        if self.face_up:
            if not self.laid[seat]:
                world.rows = [dealt[f"down{s}"] for s in range(n)]
            else:
                world.under = []
                world.pending = []
                for s in range(n):
                    downs = dealt[f"down{s}"]
                    covered = [
                        d for d, kept in zip(downs, self.down_layout[s], strict=True) if kept
                    ]
                    world.under.append(dict(zip(self.up_over[s], covered, strict=True)))
                    world.pending.append(
                        [d for d, kept in zip(downs, self.down_layout[s], strict=True) if not kept]
                    )
        if self.trump_hidden:
            assert self.tm is not None
            tm_hand = hands[self.tm]
            if self.last_card:
                world.trump = SUIT_OF[tm_hand[int(rng.random() * len(tm_hand))]]
            else:
                world.trump = longest_suit(tm_hand, rng)
        return world


class DealWorlds:
    """What one seat knows before the card play: its own cards; every other card (the other
    hands and the cards still to be dealt, its own included) is sampled."""

    def __init__(self, situation: Situation) -> None:
        view = situation.view
        self.n = n = int(view["players"])
        self.seat = seat = situation.seat
        if view["contract"] is not None:
            raise NotSearched("a contract was called before the card play")
        hand = [parse_card(c) for c in view["hand"]]
        if "trump_card" in view:
            hand.append(parse_card(view["trump_card"]))
        held: list[int] = list(view["cards_held"])
        if len(hand) != held[seat] or not hand:
            raise NotSearched("the seat's own cards are not known")
        self.hand = hand
        self.size = size = HAND_SIZE[n]
        self.first_batch = FIRST_BATCH[n]
        self.two_player = n == 2
        zones = [Zone(f"hand{s}", held[s]) for s in range(n) if s != seat]
        zones += [Zone(f"more{s}", size - held[s]) for s in range(n) if held[s] < size]
        if n == 2:
            zones += [Zone(f"extra{s}", size) for s in range(n)]
        self.zones = zones
        self.unseen = [c for c in DECK if c not in set(hand)]

    def sample(self, rng: random.Random) -> tuple[list[list[Card]], list[list[Card]] | None]:
        """Every seat's full hand (cards held first, in order, then the cards to come) and,
        with two players, each seat's other six cards (second deal or face-down row)."""
        dealt = deal_unseen(self.unseen, self.zones, rng)
        hands = []
        for s in range(self.n):
            held = self.hand if s == self.seat else dealt[f"hand{s}"]
            hands.append(held + dealt.get(f"more{s}", []))
        extra = [dealt[f"extra{s}"] for s in range(self.n)] if self.two_player else None
        return hands, extra


__all__ = ["DealWorlds", "NotSearched", "ThuneeWorlds", "balls_needed"]
