"""Telefunken (with its national variants) as a plugin."""

from __future__ import annotations

from rules.plugin import N_, GamePlugin, Preset, engine

PLUGIN = GamePlugin(
    name="telefunken",
    title="Telefunken",
    family="rummy",
    load=engine("rules.telefunken"),
    summary=N_(
        "Telefunken: 2 to 6 players, two decks and jokers. Seven deals, each with its own "
        "contract of sets and runs to meld before laying off. Draw, or buy the discard out "
        "of turn with a penalty card. Jokers are wild, one to a meld (in some variants, "
        "such as Peru's, twos are wild too). Cards left in hand count against you; the "
        "lowest total after seven deals wins."
    ),
    players={
        "beginner": "players.heuristic:rummy_heuristic",
        "club": "players.telefunken_plan:telefunken_club",
        "expert": "players.telefunken_plan:telefunken_expert",
    },
    labels={
        "draw": N_("Draw from the stock"),
        "take_upcard": N_("Take the upcard"),
        "take_discard": N_("Take the discard"),
        "buy": N_("Buy the discard"),
        "cancel": N_("Take back the staged melds"),
        "goout": N_("Go out with these melds"),
        "handin": N_("Hand in the chosen cards"),
        "keepall": N_("Hand in nothing"),
    },
    presets=(
        Preset(N_("Ecuador"), {"variant": "ecuador"}),
        Preset(N_("Peru"), {"variant": "peru1"}),
        Preset(N_("Bolivia"), {"variant": "bolivia"}),
    ),
    meld_kind="meld",
)
