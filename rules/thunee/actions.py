"""Every Thunee action, built once at import (ids are what buttons and logs carry)."""

from __future__ import annotations

from rules.cards import CARD_STRINGS, SUIT_NAMES, SUITS, pretty, thunee_deck
from rules.contract import Action, ActionTable
from rules.thunee.cardplay import LADDER

MAX_SEATS = 6

TABLE = ActionTable()

CUT = TABLE.add("cut", label="Cut")
NO_CUT = TABLE.add("no_cut", label="Don't cut")
LAST_CARD = TABLE.add("last_card", label="Last card")
REDEAL = TABLE.add("redeal", label="Ask for a redeal")
PASS = TABLE.add("pass", label="Pass")
COLLECT = TABLE.add("collect", label="Collect the trick")
LATE_CONTINUE = TABLE.add("late", "continue", label="Lead the Thunee")
LATE_WITHDRAW = TABLE.add("late", "withdraw", label="Withdraw the Thunee")

CALL_THUNEE = TABLE.add("call", "thunee", label="Call Thunee")
CALL_ROYALS = TABLE.add("call", "royals", label="Call Royals")
CALL_BLIND_THUNEE = TABLE.add("call", "blind_thunee", label="Call Blind Thunee")
CALL_BLIND_ROYALS = TABLE.add("call", "blind_royals", label="Call Blind Royals")
CALL_DOUBLE = TABLE.add("call", "double", label="Call Double")
CALL_KHANUCK = TABLE.add("call", "khanuck", label="Call Khanuck")
CALL_TRIP = TABLE.add("call", "trip", label="Declare Trip")
CALL_MOENIE = TABLE.add("call", "moenie", label="Call Moenie")
LAY_OPEN = TABLE.add("lay", "open", label="Leave this face-down card uncovered")

PLAY: dict[int, Action] = {}
TRUMP: dict[int, Action] = {}
LAY: dict[int, Action] = {}
"""TH2-B.5: cover the next face-down card of the row with this card (face up)."""
for _card in thunee_deck():
    PLAY[_card] = TABLE.add("play", CARD_STRINGS[_card], label=f"Play {pretty(_card)}")
    TRUMP[_card] = TABLE.add(
        "trump", CARD_STRINGS[_card], label=f"Trump with {pretty(_card)} (face down)"
    )
    LAY[_card] = TABLE.add(
        "lay", CARD_STRINGS[_card], label=f"Lay {pretty(_card)} on the next face-down card"
    )

BID: dict[int, Action] = {v: TABLE.add("bid", str(v), label=f"Bid {v}") for v in LADDER}
CHOOSE: dict[int, Action] = {
    s: TABLE.add("choose", str(s), label=f"Seat {s} makes trump") for s in range(MAX_SEATS)
}
CHALLENGE: dict[int, Action] = {
    s: TABLE.add("challenge", str(s), label=f"Challenge seat {s}'s card") for s in range(MAX_SEATS)
}

CHALLENGE_JODI: dict[int, Action] = {
    s: TABLE.add("challenge_jodi", str(s), label=f"Challenge seat {s}'s Jodi")
    for s in range(MAX_SEATS)
}

JODI: dict[tuple[int, int, bool], Action] = {}
"""``(suit, value, shown)``: declare that suit's Jodi; ``shown`` names the suit (a 20 only)."""
for _suit, _letter in enumerate(SUITS):
    for _value in (20, 30, 40, 50):
        JODI[(_suit, _value, False)] = TABLE.add(
            "jodi",
            f"{_letter}:{_value}",
            label=f"Declare {_value} Jodi ({SUIT_NAMES[_letter]}"
            + (", suit kept secret)" if _value in (20, 30) else ")"),
        )
    JODI[(_suit, 20, True)] = TABLE.add(
        "jodi", f"{_letter}:20:shown", label=f"Declare 20 Jodi in {SUIT_NAMES[_letter]}"
    )

PLAY_BY_ID: dict[str, int] = {a.id: c for c, a in PLAY.items()}
CARD_OF: dict[str, int] = {a.value: c for c, a in PLAY.items()}
"""``CARD_OF[action.value]``: the card int of a ``play`` action (no id string built)."""
PLAY_OF: tuple[Action, ...] = tuple(PLAY.get(c, CUT) for c in range(53))
"""``PLAY_OF[card]``: the play action of a card int (a list index beats a dict lookup)."""
TRUMP_BY_ID: dict[str, int] = {a.id: c for c, a in TRUMP.items()}
TRUMP_BY_VALUE: dict[str, int] = {a.value: c for c, a in TRUMP.items()}
LAY_BY_ID: dict[str, int] = {a.id: c for c, a in LAY.items()}
