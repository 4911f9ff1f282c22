"""South African Thunee (with its 2- and 6-player forms) as a plugin."""

from __future__ import annotations

from rules.plugin import N_, GamePlugin, Preset, engine

PLUGIN = GamePlugin(
    name="thunee",
    title="Thunee",
    family="trick",
    load=engine("rules.thunee"),
    summary=N_(
        "South African Thunee: 4 players in two teams (also 2 or 6), 24 cards (J 9 A 10 K Q). "
        "Deal 4, bid for trump in 10s from 10, then deal 2 more. Follow suit; trump wins. "
        "Card points: J 30, 9 20, A 11, 10 10, K 3, Q 2, last trick 10. The trumping team "
        "must reach 105 (plus bids and Jodi) or the other team wins a ball. Calls: Thunee "
        "(win every trick alone), Jodi (K+Q, 20 or 40), Double, Khanuck. 13 balls win."
    ),
    tallies="rules.thunee.results:tallies",
    stats={
        "thunee": N_("Thunee"),
        "royals": N_("Royals"),
        "blind_thunee": N_("Blind Thunee"),
        "blind_royals": N_("Blind Royals"),
        "double": N_("Double"),
        "khanuck": N_("Khanuck"),
        "jodi": N_("Jodi"),
        "trump": N_("Trump made"),
    },
    players={
        "beginner": "players.heuristic:trick_heuristic",
        "club": "players.search.thunee:thunee_search",
        "expert": "players.search.thunee:thunee_search",
    },
    labels={
        "last_card": N_("Last card"),
        "collect": N_("Collect the trick"),
        "late:continue": N_("Lead the Thunee"),
        "late:withdraw": N_("Withdraw the Thunee"),
        "call:thunee": N_("Call Thunee"),
        "call:royals": N_("Call Royals"),
        "call:blind_thunee": N_("Call Blind Thunee"),
        "call:blind_royals": N_("Call Blind Royals"),
        "call:double": N_("Call Double"),
        "call:khanuck": N_("Call Khanuck"),
        "call:trip": N_("Declare Trip"),
        "call:moenie": N_("Call Moenie"),
        "lay:open": N_("Leave this face-down card uncovered"),
    },
    presets=(
        Preset(N_("13 balls"), {"target_balls": 13}),
        Preset(N_("Sealed bids"), {"bidding_protocol": "sealed"}),
        Preset(N_("With Royals and blind calls"), {"royals": True, "blind_thunee": True}),
    ),
    terms=(
        # hand outcomes
        N_("annulled"),
        N_("call success"),
        N_("call failure"),
        N_("call partner catch"),
        N_("contract success"),
        N_("contract failure"),
        N_("contract partner catch"),
        N_("contract broken"),
        N_("contract called"),
        N_("counting team won"),
        N_("trump team won"),
        # contract and call kinds, and their keys
        N_("thunee"),
        N_("royals"),
        N_("blind thunee"),
        N_("blind royals"),
        N_("double"),
        N_("khanuck"),
        N_("caller"),
        N_("late"),
    ),
    tally="card_points",
    # The default shares left uneven steps (issue 35; 400 paired matches each, figures in
    # docs/performance.md). At 4 players the club at a quarter won 80.2% against the
    # beginner and the expert only 59-60% against it; at 0.175 the club wins 77.0% and
    # the expert 61.5%. At 6 the club at a quarter left the expert 53.5%, at 0.1 58.5%;
    # at 0.05 the expert wins 63.5% and the club still 93.0% against the beginner (its
    # memory, not its look-ahead, is what the beginner lacks). At 2 the expert at the
    # whole budget won 54.8% against the club; at twice it, 61.5%, at a CPU p99 of
    # 37 ms a move (2-player hands are short, so the cap never bites).
    level_work={("club", 4): 0.175, ("club", 6): 0.05, ("expert", 2): 2.0},
)
