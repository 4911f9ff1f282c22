"""304 (Sri Lanka) as a plugin."""

from __future__ import annotations

from rules.plugin import N_, GamePlugin, Preset, engine

PLUGIN = GamePlugin(
    name="304",
    title="304",
    family="trick",
    load=engine("rules.three_o_four"),
    tallies="rules.three_o_four.results:tallies",
    stats={"contract": N_("Contracts"), "caps": N_("Caps")},
    summary=N_(
        "304: 4 players in two teams (also 6 or 8), 32 cards (J 9 A 10 K Q 8 7), 304 card "
        "points in all. Bid 160 to 300 (or Partner Close Caps); the trumper hides a trump "
        "indicator face down. Follow suit; a player who cannot may cut with a trump, which "
        "reveals the indicator. Make your bid to win tokens; the team that loses all its "
        "tokens loses the match."
    ),
    players={
        "beginner": "players.heuristic:trick_heuristic",
        "club": "players.search.three_o_four:three_o_four_search",
        "expert": "players.search.three_o_four:three_o_four_search",
    },
    presets=(
        Preset(N_("Tamil Nadu 504"), {"tamil_nadu": True, "six_player_deck": "36"}, players=6),
        Preset(N_("Tamil Nadu 904"), {"tamil_nadu": True}, players=8),
        Preset(N_("With Half Court"), {"half_court": True}, players=4),
    ),
    labels={
        "open": N_("Play open trump"),
        "closed": N_("Play closed trump"),
        "indicator": N_("Play the trump indicator"),
        "claim_spoilt": N_("Claim spoilt trumps"),
        "double": N_("Announce Double"),
        "caps": N_("Call Caps"),
        "bid:PCC": N_("Bid Partner Close Caps"),
        "bid:HC": N_("Bid Half Court"),
        "bid:FC": N_("Bid Full Court"),
    },
    tally="points",
    card_kinds=("play", "indicator"),
)
