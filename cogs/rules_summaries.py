"""Short rules summaries for ``/rules`` and ``/table rules`` (English source text)."""

from __future__ import annotations

from i18n import N_

SUMMARIES: dict[str, str] = {
    "thunee": N_(
        "South African Thunee: 4 players in two teams (also 2 or 6), 24 cards (J 9 A 10 K Q). "
        "Deal 4, bid for trump in 10s from 10, then deal 2 more. Follow suit; trump wins. "
        "Card points: J 30, 9 20, A 11, 10 10, K 3, Q 2, last trick 10. The trumping team "
        "must reach 105 (plus bids and Jodi) or the other team wins a ball. Calls: Thunee "
        "(win every trick alone), Jodi (K+Q, 20 or 40), Double, Khanuck. 13 balls win."
    ),
    "nigerian_thunee": N_(
        "Nigerian Thunee: 4 players in two teams, 32 cards (J 9 A 10 K Q 8 7), clockwise. "
        "Deal 5; bid how many tricks your team will take (passers count at most one trick); "
        "the highest bidder names trump, then 3 more cards each. Follow suit; highest trump, "
        "else highest of the led suit wins. A team that makes its contract scores its tricks; "
        "all 8 tricks score 10. First team to 16 wins."
    ),
    "304": N_(
        "304: 4 players in two teams (also 6 or 8), 32 cards (J 9 A 10 K Q 8 7), 304 card "
        "points in all. Bid 160 to 300 (or Partner Close Caps); the trumper hides a trump "
        "indicator face down. Follow suit; a player who cannot may cut with a trump, which "
        "reveals the indicator. Make your bid to win tokens; the team that loses all its "
        "tokens loses the match."
    ),
    "tonk": N_(
        "Tonk: 2 to 5 players, 5 cards each. Draw from the stock or take the discard, lay "
        "down sets and runs or lay off on them, then discard. Go out to win, or drop when "
        "you think your hand is the lowest. A dealt 49 or 50 is a Tonk and wins double."
    ),
    "telefunken": N_(
        "Telefunken: 2 to 6 players, two decks and jokers. Seven deals, each with its own "
        "contract of sets and runs to meld before laying off. Draw, or buy the discard out "
        "of turn with a penalty card. Twos and jokers are wild. Cards left in hand count "
        "against you; the lowest total after seven deals wins."
    ),
}

NO_SUMMARY = N_("No summary for this game yet.")
