"""The end of a 304 hand: scored (T3-17; the called-partner game's in ``called_partner``), or
cancelled with nothing scored (T3-6.12, T3-6.13, T3-14.2); then the next hand is dealt,
or the match is over (T3-17.9, T3V-1.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rules.cards import CARD_STRINGS, SUITS
from rules.contract import Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import new_event
from rules.three_o_four.auction import HALF_COURT
from rules.three_o_four.dealing import gathered, seed_record, with_seed_events
from rules.three_o_four.results import hand_core, result_core
from rules.three_o_four.scoring import NO_CAPS, hand_delta, marriage_target, pay

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch

SEAT_KEY: Final = tuple(str(s) for s in range(8))
"""A seat (or team) number as the results' and views' keys spell it."""
TEAM_KEY: Final = SEAT_KEY


def _show_sitting_out(m: ThreeOFourMatch) -> list[Event]:
    """T3-15.1 / T3-18.2: once the hand is over, the cards of a PCC (or Half Court)
    bidder's partner, laid aside face down, are shown to everyone."""
    if not m.sitting_out:
        return []
    hands = m.hands
    shown: dict[str, list[str]] = {}
    for s in sorted(m.sitting_out):
        shown[SEAT_KEY[s]] = [CARD_STRINGS[c] for c in hands[s]]
    m.shown_after_hand = shown
    return [new_event("sitting_out_shown", {"hands": shown})]


def cancel(m: ThreeOFourMatch, why: str, same_dealer: bool) -> list[Event]:
    """T3-6.12 / T3-6.13 / T3-14.2: nothing is scored; the dealer stays on a redeal."""
    shown = _show_sitting_out(m)
    m._hand_results.append(
        hand_core(
            m,
            {
                "hand": m.hand_no,
                "dealer": m.dealer,
                "outcome": why,
                "delta": 0,
                "tokens": list(m.tokens),
                **({"sitting_out_hands": m.shown_after_hand} if shown else {}),
                **seed_record(m),
            },
        )
    )
    if m._traditional:  # ED-4: only that shuffle starts from the gathered pack
        m._previous_pack = gathered(m)
    if same_dealer:
        m.redeals += 1
    else:
        m.dealer = (m.dealer + 1) % m.players
        m.redeals = 0
    m.hand_no += 1
    m._start_hand()
    events = [*shown, new_event("hand_cancelled", {"reason": why, "dealer": m.dealer})]
    return with_seed_events(m, events)


def end_hand(m: ThreeOFourMatch) -> list[Event]:
    team = m.trumper % 2
    winners = m.trick_winners
    marriages = m.marriages
    contract = m.contract
    n_tricks = m._tricks_half_court if contract == HALF_COURT else m._tricks_full
    all_played = m.tricks_done == n_tricks
    target = contract
    if m._marriages_on and not m.solo:
        last_trick_own = bool(winners) and winners[-1] == team and all_played
        tr = m.trump
        own_tm = sum(1 for s, su in m.marriages if s % 2 == team and su == tr)
        opp_tm = sum(1 for s, su in m.marriages if s % 2 != team and su == tr)
        own_nm = sum(1 for s, su in m.marriages if s % 2 == team and su != tr)
        opp_nm = sum(1 for s, su in m.marriages if s % 2 != team and su != tr)
        target = marriage_target(contract, own_tm, opp_tm, own_nm, opp_nm, last_trick_own)
    # T3-15: a solo bid needs every trick (the other team won none); else the points
    made = (all_played and (1 - team) not in winners) if m.solo else m.points[team] >= target
    calling = m._caps_teams  # the calling teams, fixed when the play began
    own = other = NO_CAPS
    if calling:
        judge = m.judge()
        if team in calling:
            own = judge.outcome(team)
        if (1 - team) in calling:
            other = judge.outcome(1 - team)
    delta = hand_delta(contract, m.layout, made, own, other, m._external_caps, m._half_court_band)
    double = None
    if m.double_team >= 0:
        swept = len(m.trick_winners) == n_tricks and all(
            t == m.double_team for t in m.trick_winners
        )
        sign = 1 if m.double_team == team else -1
        delta += sign if swept else -sign
        double = {"team": m.double_team, "made": swept}
    paid = 0
    if delta > 0:
        paid = pay(m.tokens, 1 - team, delta, m._token_mode)
    elif delta < 0:
        paid = pay(m.tokens, team, -delta, m._token_mode)
    result = {
        "hand": m.hand_no,
        "dealer": m.dealer,
        "outcome": "played",
        "trumper": m.trumper,
        "contract": A.BID_TEXT.get(contract, contract),
        "mode": m.mode,
        "points": list(m.points),
        "target": target,
        "made": made,
        "tricks": list(m.trick_winners),
        "caps": {TEAM_KEY[team]: own.outcome, TEAM_KEY[1 - team]: other.outcome},
        "caps_bonus": own.bonus or other.bonus,
        "double": double,
        "marriages": [[s, SUITS[su]] for s, su in marriages] if marriages else [],
        "delta": delta,
        "paid": paid,
        "tokens": list(m.tokens),
    }
    if m.hand_seed is not None:
        result.update(seed_record(m))
    shown = _show_sitting_out(m)
    if shown:
        result["sitting_out_hands"] = m.shown_after_hand
    result = hand_core(m, result)
    m._hand_results.append(result)
    events = [*shown, _hand_scored(result)]
    winner = _match_winner(m)
    if winner is not None:
        result_of_match = {
            "winner_team": winner,
            "winners": [s for s in range(m.players) if s % 2 == winner],
            "tokens": list(m.tokens),
            "hands": len(m._hand_results),
        }
        events.append(match_over(m, result_of_match))
        return with_seed_events(m, events)
    if m._traditional:  # ED-4: only that shuffle starts from the gathered pack
        m._previous_pack = gathered(m)
    m.dealer = (m.dealer + 1) % m.players
    m.redeals = 0
    m.hand_no += 1
    m._start_hand()
    return with_seed_events(m, events)


def match_over(m: ThreeOFourMatch, result: dict[str, Any]) -> Event:
    """T3-17.9 / T3V-1.3: the match ends with ``result``; nobody is to act any more.
    The last hand's Caps judge is let go: it points back at the match, and that cycle
    would keep every finished match (and the judge's caches) alive until the next full
    garbage collection instead of freeing it when its table drops it. A judge asked for
    later is built afresh and gives the same answers (it only reads the record)."""
    result = m._result = result_core(m, result)
    m.phase_name = "match_over"
    m.is_over = True
    m._judge = None
    return new_event("match_over", dict(result))


def _match_winner(m: ThreeOFourMatch) -> int | None:
    """T3-17.9 / T3V-1.3: a team holding every token, or the other team of an empty one."""
    for team in (0, 1):
        if m.tokens[team] == 0:
            return 1 - team
    return None


def _hand_scored(result: dict[str, Any]) -> Event:
    """The hand's result as an event (its data a copy of the record)."""
    return new_event("hand_scored", dict(result))
