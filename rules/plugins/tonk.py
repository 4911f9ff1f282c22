"""Tonk as a plugin."""

from __future__ import annotations

from rules.plugin import N_, GamePlugin, Preset, engine

PLUGIN = GamePlugin(
    name="tonk",
    title="Tonk",
    family="rummy",
    load=engine("rules.tonk"),
    tallies="rules.tonk_outputs:tallies",
    stats={"drop": N_("Drops"), "tonk": N_("Tonks")},
    summary=N_(
        "Tonk: 2 to 5 players, 5 cards each. Draw from the stock or take the discard, lay "
        "down sets and runs or lay off on them, then discard. Go out to win, or drop when "
        "you think your hand is the lowest. A dealt 49 or 50 is a Tonk and wins double."
    ),
    players={
        "beginner": "players.heuristic:rummy_heuristic",
        "club": "players.rummy_plan:tonk_club",
        "expert": "players.rummy_plan:tonk_expert",
    },
    labels={
        "drop": N_("Drop"),
        "draw:stock": N_("Draw from the stock"),
        "draw:discard": N_("Take the discard"),
    },
    terms=(
        N_("caught"),
        N_("drop"),
        N_("out on discard"),
        N_("showdown"),
        N_("tonk on deal"),
        N_("tonk out"),
    ),
    presets=(
        Preset(N_("Hoyle (knock game in points)"), {"hoyle": True}),
        Preset(N_("No wild twos"), {"twos_wild": False}),
    ),
    meld_kind="spread",
    reasons={
        "tonk_on_deal": N_("{winner} was dealt a tonk."),
        "tonk_out": N_("{winner} went out."),
    },
)
