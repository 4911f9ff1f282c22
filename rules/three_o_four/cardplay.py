"""The card play of a 304 hand (T3-10, T3-11): the play begun once the mode is chosen, the
legal plays, a card to the trick (face down off suit while trump is closed), the trick
resolved and won, the hand over once decided; a Caps caller's cards played for him
(ED-28 step 3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from rules.cards import CARD_STRINGS, Card
from rules.contract import Action, Event
from rules.three_o_four import actions as A
from rules.three_o_four.actions import PLAY_CARD, kind_value, new_event
from rules.three_o_four.auction import HALF_COURT
from rules.three_o_four.called_partner import end_called_hand
from rules.three_o_four.caps_calls import add_optional_calls, apply_caps, calling_teams
from rules.three_o_four.card_power import card_powers
from rules.three_o_four.declarations import (
    apply_double,
    apply_marriage,
    double_allowed,
    marriage_actions,
)
from rules.three_o_four.hand_end import end_hand
from rules.three_o_four.prebuilt import (
    CARD_PLAYED,
    FACE_DOWN_OWN,
    FACE_DOWN_PLAYED,
    HAND_PLAY_RECORD,
    MODE_EVENTS,
    NO_TRUMP_FACE_DOWN,
    PLAY_OF,
    SINGLE,
    SUIT,
    TRICK_WON,
    TRUMP_REVEALED,
)
from rules.three_o_four.trump import apply_claim, reveal

if TYPE_CHECKING:
    from rules.three_o_four.match import ThreeOFourMatch


def begin_play(m: ThreeOFourMatch, action: Action) -> list[Event]:
    """T3-9: open or closed; the play begins (the turn passes to the first leader)."""
    m.mode = action.kind
    events = [MODE_EVENTS[m.mode]]
    if m.mode == "open":  # T3-9.2
        events += reveal(m)
    m.phase_name = "play"
    m.leader = m.first_leader
    m._caps_teams = calling_teams(m)
    m.start_hands = [h[:] for h in m.hands]
    m.start_indicator = m.indicator if m.indicator_down else None
    m.trick_leaders = [m.first_leader]
    if m.sitting_out:
        m._per_trick = m.players - len(m.sitting_out)
    else:
        m._per_trick = m.players
    m._next_active = m._next_active_by_out[m.sitting_out]
    # No Caps call can precede the first card (ED-25 opens them with the play), so
    # there is no order to play out: the first leader is to play.
    m._hand_to(m.first_leader)
    return events


def legal_in_play(m: ThreeOFourMatch, seat: int) -> list[Action]:
    """The turn seat's cards, then its calls (marriages, Double, Caps, spoilt claims);
    nothing while its Caps order is played for it."""
    out = legal_plays(m, seat)
    if not out:
        return out
    if m._marriages_on:
        out += marriage_actions(m, seat)
    if m._double_on and double_allowed(m, seat):
        out.append(A.DOUBLE)
    return add_optional_calls(m, seat, out)  # ``out`` is a fresh list


def legal_plays(m: ThreeOFourMatch, seat: int) -> list[Action]:
    """T3-11.13: the legal plays of the seat to play."""
    calls = m.calls
    if calls:  # ED-28: a Caps caller's cards are played for him (one call per team)
        call = calls.get(seat % 2)
        if call is not None and call[0] == seat:
            return []
    hand = m.hands[seat]
    ind = seat == m.trumper and m.indicator_down
    if ind and not hand:
        return [A.INDICATOR]
    trick = m.trick
    if not trick:
        cards = hand
        if seat == m.trumper:
            trump = m.trump
            if m.tricks_done == 0 and m.mode == "closed" and not m.revealed:
                cards = [c for c in hand if SUIT[c] != trump]
            if m.exhausted and not m.solo:
                trumps = [c for c in hand if SUIT[c] == trump]
                if trumps:
                    cards = trumps
        return [PLAY_OF[c] for c in cards]
    led = SUIT[trick[0][1]]
    follow = [PLAY_OF[c] for c in hand if SUIT[c] == led]
    if follow:
        return follow
    out = [PLAY_OF[c] for c in hand]
    if ind and led != m.trump and m.mode == "closed" and not m.revealed:
        out.append(A.INDICATOR)
    return out


def act_in_play(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
    """A card (the hot path: the next seat is known at once, the next in the trick or
    the trick's winner, and unless it is a Caps caller whose order is played for him,
    it is to act) or one of the calls of the play."""
    # a card in hand: the prebuilt action found among the seat's few cards by identity,
    # cheaper than a lookup by ``id`` (which boxes the id)
    card = -1
    for held in m.hands[seat]:
        if PLAY_OF[held] is action:
            card = held
            break
    if card >= 0:
        events = play_card(m, seat, card, 0)
    else:
        kind, value = kind_value(action)
        if kind == "play":
            events = play_card(m, seat, PLAY_CARD[value], 0)
        elif kind == "indicator":
            assert m.indicator is not None
            events = play_card(m, seat, m.indicator, 1)
        else:
            return m._settled(_CALLS_IN_PLAY[kind](m, seat, action))
    if m.trick:
        following = m._next_active[seat]
    elif m.phase_name == "play":  # a trick closed, the hand goes on
        following = m.leader  # T3-10.6: its winner leads
    else:  # the hand is over
        return m._settled(events)
    calls = m.calls
    if calls:  # once a team has called, its caller's turns are played for him
        call = calls.get(following % 2)
        if call is not None and call[0] == following:
            return m._settled(events)  # ED-28 step 3
    m._hand_to(following)
    return events


def play_card(m: ThreeOFourMatch, seat: int, card: Card, src: int) -> list[Event]:
    """A card to the trick, from the hand (``src`` 0) or the indicator (1): face down
    when a seat that cannot follow plays it while trump is closed (T3-11.4), else face
    up; the last card closes the trick."""
    trick = m.trick
    if src:
        m.indicator_down = False
        if len(m.hands[seat]) == 0:  # ED-20: face up in the last trick
            m.revealed = True
        down = m.hidden
    else:
        m.hands[seat].remove(card)
        down = False  # T3-11.4: face down only off suit while trump is closed
        if m.mode == "closed" and not m.revealed and trick:
            down = SUIT[card] != SUIT[trick[0][1]]
    # a PlayRecord, kept boxed (see HAND_PLAY_RECORD)
    record: Any = (seat, card, down, src) if src else HAND_PLAY_RECORD[down][seat][card]
    trick.append(record)
    history = m.history
    history.append(record)
    m.public_at.append(None if down else len(history))
    m.trumper_at.append(None)
    if src and not down and m.reveal_cp is None:
        m.reveal_cp = len(history)
    if m.exposed and seat in m.exposed:
        m.exposed[seat].remove(card)
    events: list[Event]
    if down:
        events = [FACE_DOWN_PLAYED[seat][src], FACE_DOWN_OWN[seat][card]]
    else:
        events = [CARD_PLAYED[seat][card]]
        if src:
            events.append(TRUMP_REVEALED[m.trump][card])
    if len(trick) == m._per_trick:
        events += _finish_trick(m)
    return events


def _finish_trick(m: ThreeOFourMatch) -> list[Event]:
    """T3-11.9: resolve face-down cards, then T3-10.5 gives the winner."""
    trick = m.trick
    events: list[Event] = []
    trump = m.trump
    vis: list[frozenset[int] | None] | None = None
    if m.mode == "closed":
        downs = [i for i, p in enumerate(trick) if p[2]]
        if downs:
            vis = [SINGLE[p[0]] if p[2] else None for p in trick]
            base = len(m.history) - len(trick)
            if any(SUIT[trick[i][1]] == trump for i in downs):
                turned = []
                for i in downs:
                    seat, card, _, src = trick[i]
                    if seat != m.trumper or src == 1 or SUIT[card] == trump:
                        vis[i] = None
                        m.public_at[base + i] = len(m.history)
                        turned.append(CARD_STRINGS[card])
                events.append(new_event("face_down_turned", {"cards": turned}))
                events += reveal(m)
            else:
                for i in downs:
                    seat = trick[i][0]
                    vis[i] = frozenset({seat, m.trumper})
                    m.trumper_knows.add(trick[i][1])
                    m.trumper_at[base + i] = len(m.history)
                events.append(NO_TRUMP_FACE_DOWN)
                events.append(
                    new_event(
                        "face_down_seen",
                        {"cards": [CARD_STRINGS[trick[i][1]] for i in downs]},
                        SINGLE[m.trumper],
                    )
                )
    cards = [p[1] for p in trick]
    best = _trick_winner_index(m, cards, trump)
    winner = trick[best][0]
    team = winner % 2
    lead = trick[0]
    if (
        lead[0] == m.trumper
        and not m.solo
        and SUIT[lead[1]] == trump
        and all(SUIT[p[1]] != trump for p in trick[1:])
    ):
        m.exhausted = True  # ED-21
    points = m._card_points
    taken = 0
    for c in cards:  # not sum(): a builtin looked up and called as a Python object
        taken += points[c]
    m.points[team] += taken
    m.won[team] += cards
    m.trick_winners.append(team)
    done = m.tricks_done = m.tricks_done + 1
    m.last_trick, m.last_trick_vis = trick, vis  # views strip what a seat can't see
    m.trick = []
    m.leader = winner
    m.trick_leaders.append(winner)
    events.append(TRICK_WON[winner][done])
    if done == 1 and m.mode == "closed" and not m.revealed and m.contract >= m._bid_250:
        events += reveal(m)  # T3-12.1 (PCC and Half Court rank above 250)
    if _hand_decided(m, team):
        events += end_called_hand(m) if m.called else end_hand(m)
    return events


def _trick_winner_index(m: ThreeOFourMatch, cards: list[Card], trump: int | None) -> int:
    """T3-10.5, as ``rules.tricks.trick_winner_index``, read off the card powers of this
    rank order (``card_powers``: trumps above the led suit above the rest)."""
    powers = card_powers(-1 if trump is None else trump, m._strength)
    led_power = powers[SUIT[cards[0]] + 1]
    best, best_power = 0, led_power[cards[0]]
    for i in range(1, len(cards)):
        power = led_power[cards[i]]
        if power >= 100 and power > best_power:
            best, best_power = i, power
    return best


def _hand_decided(m: ThreeOFourMatch, team: int) -> bool:
    if m.tricks_done >= m.n_tricks:
        return True
    if not m._end_when_decided:
        return False
    if m.solo and team != m.trumper % 2:
        return True  # ED-24
    if m.called and m.contract >= HALF_COURT:  # a Court lost (ED-V8, as ED-24)
        return m.trick_leaders[-1] not in m.pair
    return (1 - team) in m.calls  # ED-31: the trick went against a calling team


def auto_play(m: ThreeOFourMatch) -> list[Event]:
    """ED-28 step 3: the server plays a Caps caller's cards from the stated order."""
    events: list[Event] = []
    if not m.calls:
        return events
    while m.phase_name == "play" and m._result is None:
        seat = m._next_player()
        call = m.calls.get(seat % 2)
        if call is None or call[0] != seat:
            break
        card, src = _listed_play(m, seat, call[2])
        events += play_card(m, seat, card, src)
    return events


def _listed_play(m: ThreeOFourMatch, seat: int, order: list[Card]) -> tuple[Card, int]:
    """A Caps caller's next play, as ``play_card`` takes it (card, from the indicator): the
    first card of his stated order that one of his legal plays puts on the table (one
    play per card), else his first legal play. The plays are the prebuilt actions,
    told apart by identity (a field read is a slow attribute lookup)."""
    legal = _legal_plays_ignoring_call(m, seat)
    indicator = m.indicator
    for c in order:
        play = PLAY_OF[c]
        for a in legal:
            if a is play:
                return c, 0
            if a is A.INDICATOR and c == indicator:
                return c, 1
    first = legal[0]
    if first is A.INDICATOR:
        assert indicator is not None
        return indicator, 1
    return PLAY_CARD[first.value], 0


def _legal_plays_ignoring_call(m: ThreeOFourMatch, seat: int) -> list[Action]:
    saved = m.calls
    m.calls = {}
    try:
        return legal_plays(m, seat)
    finally:
        m.calls = saved


_CALLS_IN_PLAY: Final[dict[str, Callable[[ThreeOFourMatch, int, Action], list[Event]]]] = {
    "caps": apply_caps,
    "claim_spoilt": lambda m, seat, action: apply_claim(m, seat),
    "marriage": apply_marriage,
    "double": apply_double,
}
"""The calls of the play other than a card (settled by ``act_in_play``)."""
