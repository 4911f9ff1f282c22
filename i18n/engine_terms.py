"""Engine values the table message shows as words: hand outcomes, contract kinds and keys.

The table view turns such a value into text as ``t(value.replace("_", " "))``; the terms
are listed here, marked for extraction, so the catalogs carry them. A value missing here
shows in English (tests/i18n checks the ones met in play are listed).
"""

from __future__ import annotations

from i18n import N_

TERMS: tuple[str, ...] = (
    # hand outcomes
    N_("played"),
    N_("capture"),
    N_("throw in"),
    N_("redeal"),
    N_("annulled"),
    N_("penalty"),
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
    N_("caught"),
    N_("drop"),
    N_("out on discard"),
    N_("showdown"),
    N_("tonk on deal"),
    N_("tonk out"),
    # contract and call kinds, and their keys
    N_("thunee"),
    N_("royals"),
    N_("blind thunee"),
    N_("blind royals"),
    N_("double"),
    N_("khanuck"),
    N_("caller"),
    N_("late"),
)


def term(value: str) -> str:
    """The catalog form of an engine value (``"trump_team_won"`` -> ``"trump team won"``)."""
    return value.replace("_", " ")
