"""T3V-8, the Maharashtra game (ED-V8): the bid winner names a card and its holder is his
partner for the hand; tokens are kept per player.

The source gives no scoring (T3V-8.4). Engine decision, following ED-V8 and keeping the
rest of this engine's token rules:
- Each player starts with ``starting_tokens``. The bid winner and his called partner
  make a pair; the T3-17.4 band of the contract gives the amount (Full Court and Half
  Court use the PCC row, +4 / -5); there is no Caps (and no Caps duty).
- Made: each member of the other side pays the winning amount; failed: each member of
  the pair pays the losing amount. The payments go one to one to the members of the
  winning side (two against two); when the named card was not dealt (a Half Court hand
  of sixteen cards) the bid winner plays alone and settles with each of the three.
- A player never pays more than he holds (ED-37); in the bank mode (T3V-1) payments go
  to the bank and nobody receives. The match ends when a player has no token left; the
  winners are the players then holding the most tokens.

The match's side of the variant is here too: the Half Court window, the eight-card
auction without restrictions, the partner's card named, the partnership's secrecy and
the hand's end (``end_called_hand``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from rules.cards import CARD_STRINGS, Card
from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import new_event
from rules.three_o_four.auction import HALF_COURT, PCC, FourCardAuction
from rules.three_o_four.bidding import log_bid, set_contract
from rules.three_o_four.dealing import deal_second, gathered, seed_record, with_seed_events
from rules.three_o_four.hand_end import _hand_scored, match_over
from rules.three_o_four.prebuilt import SINGLE
from rules.three_o_four.results import hand_core
from rules.three_o_four.scoring import band
from rules.three_o_four.trump import after_trump_fixed

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch

HALF_COURT_CHOICES: Final = [A.PASS, A.BID[HALF_COURT]]
"""T3V-8.2: the Half Court window offers only these."""


def payments(pair: Iterable[int], players: int, made: bool, amount: int) -> list[tuple[int, int]]:
    """(payer, payee) pairs, each for ``amount`` tokens (see the module docstring)."""
    side = sorted(set(pair))
    others = [s for s in range(players) if s not in side]
    losers, winners = (others, side) if made else (side, others)
    if len(losers) == len(winners):
        return list(zip(losers, winners, strict=True))
    if len(losers) == 1:
        return [(losers[0], w) for w in winners]
    return [(loser, winners[0]) for loser in losers]


def settle(tokens: list[int], moves: list[tuple[int, int]], amount: int, mode: str) -> list[int]:
    """Apply the payments (capped at what each payer holds, ED-37); returns what each
    seat's tokens changed by."""
    change = [0] * len(tokens)
    for payer, payee in moves:
        paid = min(amount, tokens[payer])
        tokens[payer] -= paid
        change[payer] -= paid
        if mode == "transfer":
            tokens[payee] += paid
            change[payee] += paid
    return change


def winners(tokens: list[int]) -> list[int] | None:
    """The match is over once a player holds no token: the richest players win."""
    if min(tokens) > 0:
        return None
    best = max(tokens)
    return [s for s, t in enumerate(tokens) if t == best]


def apply_half_court_window(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """T3V-8.2 / ED-V8: one round from the dealer's right; the first Half Court wins."""
    rnd = m.round
    assert rnd is not None
    if action.kind == "bid":
        log_bid(m, seat, "bid", HALF_COURT)
        set_contract(m, seat, HALF_COURT, "half_court")
        return [
            new_event("bid", {"seat": seat, "bid": "HC"}),
            new_event("contract", {"trumper": seat, "bid": HALF_COURT}),
        ]
    log_bid(m, seat, "pass")
    events = [new_event("bid", {"seat": seat, "bid": "pass", "round": "half_court"})]
    if rnd.record(None) < 0:  # nobody wants Half Court: the deal is completed (T3V-8.3)
        m.round = None
        deal_second(m)
        m.auction4 = FourCardAuction.start(m.players, m.dealer)
        m.phase_name = "bidding"
        events.append(new_event("second_deal", {}))
    return events


def legal_partner_cards(m: ThreeOFourMatch, seat: int) -> list[Action]:
    """ED-V8: any card but the bid winner's own (hand and indicator)."""
    own = set(m.hands[seat])
    return [A.PARTNER[c] for c in m.layout.deck if c not in own and c != m.indicator]


def apply_partner(m: ThreeOFourMatch, seat: int, card: Card) -> list[Event]:
    """T3V-8.1: the holder of the named card is the bid winner's partner; only he
    knows it until the card is played (an undealt card: no partner)."""
    m.partner_card = card
    holder = next((s for s in range(m.players) if card in m.hands[s]), -1)
    m.pair = frozenset({seat, holder} - {-1})
    events = [new_event("partner_card_named", {"seat": seat, "card": CARD_STRINGS[card]})]
    if holder >= 0:
        events.append(new_event("partner_called", {"seat": holder}, SINGLE[holder]))
    return events + after_trump_fixed(m)


def partner_known_to(m: ThreeOFourMatch, seat: int | None) -> int | None:
    """ED-V8: the partnership is secret until the named card is seen: its holder knows
    at once; everyone once it lies face up; the bid winner also when he examines it
    face down (T3-11.9(b))."""
    holder = next((s for s in m.pair if s != m.trumper), None)
    if holder is None:
        return None
    if seat == holder:
        return holder
    for i, record in enumerate(m.history):
        if record[1] == m.partner_card:
            if m.public_at[i] is not None:
                return holder
            if seat == m.trumper and m.trumper_at[i] is not None:
                return holder
    return None


def end_called_hand(m: ThreeOFourMatch) -> list[Event]:
    """T3V-8.4 has no scoring; the engine decision is in ``called_partner``."""
    n = m.players
    points = m.layout.points
    won_by = m.trick_leaders[1:]
    seat_points = [0] * n
    for i, winner in enumerate(won_by):
        seat_points[winner] += sum(points[p[1]] for p in m.history[i * n : (i + 1) * n])
    pair_points = sum(seat_points[s] for s in m.pair)
    court = m.contract >= HALF_COURT
    if court:
        made = len(won_by) == m.n_tricks and all(w in m.pair for w in won_by)
        if m.contract == HALF_COURT:
            win, lose = m.options.half_court_win, m.options.half_court_lose
        else:
            win, lose = band(PCC, m.layout)
    else:
        made = pair_points >= m.contract
        win, lose = band(m.contract, m.layout)
    amount = win if made else lose
    moves = payments(m.pair, n, made, amount)
    changes = settle(m.tokens, moves, amount, m.options.token_mode)
    holder = next((s for s in m.pair if s != m.trumper), None)
    result = {
        "hand": m.hand_no,
        "dealer": m.dealer,
        "outcome": "played",
        "trumper": m.trumper,
        "contract": A.BID_TEXT.get(m.contract, m.contract),
        "mode": m.mode,
        "partner_card": CARD_STRINGS[m.partner_card],
        "partner": holder,
        "points": seat_points,
        "pair_points": pair_points,
        "target": None if court else m.contract,
        "made": made,
        "tricks": won_by,
        "caps": {},
        "caps_bonus": False,
        "double": None,
        "marriages": [],
        "delta": win if made else -lose,
        "token_changes": changes,
        "tokens": list(m.tokens),
        **seed_record(m),
    }
    result = hand_core(m, result)
    m._hand_results.append(result)
    events = [_hand_scored(result)]
    best = winners(m.tokens)
    if best is not None:
        result_of_match = {
            "winners": best,
            "tokens": list(m.tokens),
            "hands": len(m._hand_results),
        }
        events.append(match_over(m, result_of_match))
        return with_seed_events(m, events)
    if m._traditional:  # ED-4: only that shuffle starts from the gathered pack
        m._previous_pack = gathered(m)
    m.dealer = (m.dealer + 1) % n
    m.redeals = 0
    m.hand_no += 1
    m._start_hand()
    return with_seed_events(m, events)
