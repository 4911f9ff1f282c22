"""Nigerian Thunee as a plugin."""

from __future__ import annotations

from rules.plugin import N_, GamePlugin, engine

PLUGIN = GamePlugin(
    name="nigerian_thunee",
    title="Nigerian Thunee",
    family="trick",
    load=engine("rules.nigerian_thunee"),
    summary=N_(
        "Nigerian Thunee: 4 players in two teams, 32 cards (J 9 A 10 K Q 8 7), clockwise. "
        "Deal 5; bid how many tricks your team will take (passers count at most one trick); "
        "the highest bidder names trump, then 3 more cards each. Follow suit; highest trump, "
        "else highest of the led suit wins. A team that makes its contract scores its tricks; "
        "all 8 tricks score 10. First team to 16 wins."
    ),
    players={
        "beginner": "players.heuristic:trick_heuristic",
        "club": "players.search.nigerian:nigerian_search",
        "expert": "players.search.nigerian:nigerian_search",
    },
    labels={
        "throw_in": N_("Throw in"),
        "keep": N_("Keep cards"),
    },
    terms=(N_("capture"), N_("throw in")),
    tally="tricks",
)
