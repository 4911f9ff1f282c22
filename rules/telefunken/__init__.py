"""Telefunken (telefunken.md): the Venezuelan contract rummy and its national variants.

Registered as ``"telefunken"``, 2-6 players. ``Options.variant`` picks the national game
(Venezuela by default; Ecuador, Peru v1 with Wittig's, Delifante and Super Deli forms,
Peru v2, Bolivia, Farmer's Rummy); the other fields are the local options of §14.

Modules, one concept each: ``variants`` (options, contract tables, the ``Ruleset`` a
variant derives), ``dealing`` (cut and deal), ``melds`` (table melds and the contract
search, over the shared ``rules.rummy``), ``actions`` (ids and labels), ``table`` (the
state the parts share), ``buying`` (the buy window), ``meld_offers`` (what may be laid
now), ``meld_moves`` (laying it), ``scoring``, and ``match`` (deals, turns, views,
snapshots) which assembles them.

How melding is offered (kept short enough for buttons and select menus):
- Before your contract you choose its melds one at a time (``meld:7S,7H,7D``). Only melds
  that still leave the whole contract possible from your hand are listed, so a staged
  meld never leads to a dead end; the contract goes down (atomically) with its last meld.
  ``cancel`` takes staged melds back. In a must-go-out deal (TF-58) extra melds are
  staged the same way and ``goout`` lays the bundle once at most one card is left.
- After the contract: new melds are offered at their smallest size (3 cards, 4 in Peru
  v2), and every card is laid off one at a time (``lay:<meld id>:<card>[:low|high]``),
  so longer melds are built by laying off; a longer meld that no one-card layoffs can
  grow from a smallest one (TFV-PE1-7's 5♠-JK-JK-8♠, whose three-card parts all hold more
  wilds than naturals) is offered whole. Candidate melds come from
  ``rules.rummy.find_melds``: one per distinct card multiset and wild placement. A wild
  may stand for a card the hand holds (TF-33: the player keeps the natural instead), and
  wild 2s that can be natural in place (the Peru family, TFV-PE1-6) are each a meld of
  their own; only Farmer's always-wild 2s are interchangeable (a meld with k of them
  uses the first k of clubs, diamonds, hearts, spades).
- Jokers: ``takejoker:<meld>:<cards>`` (TF-44), ``movejoker:<meld>:<end>`` (TF-45),
  ``swap:<meld>:<natural>:<wild>`` (TFV-EC-7, TFV-PE1-8, TFV-PE1-WG-4; the swapped wild
  must go straight into a new meld, or ``cancel`` undoes the swap). A refused joker move
  says why (``wild_refusals``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.contract import Action, GameSpec, IllegalAction, snapshot_deal_version
from rules.telefunken.actions import ACTIONS, parse
from rules.telefunken.match import TelefunkenMatch
from rules.telefunken.variants import TelefunkenOptions, ruleset


class TelefunkenSpec(GameSpec[TelefunkenOptions]):
    name: ClassVar[str] = "telefunken"
    title: ClassVar[str] = "Telefunken"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 5, 6)
    Options = TelefunkenOptions
    match_class = TelefunkenMatch
    actions = ACTIONS
    random_play_weights: ClassVar[dict[str, float]] = {
        "meld": 40.0,
        "lay": 25.0,
        "takejoker": 10.0,
        "movejoker": 10.0,
        "swap": 10.0,
        "goout": 100.0,
        "buy": 0.08,
        "cancel": 0.02,
        "give": 0.3,
        "ungive": 0.1,
        "keepall": 0.3,
    }

    conformance_scale: ClassVar[float] = 0.14
    """A match is 7 deals of ~250 actions: CI runs 2 random matches per case, not 40."""
    conformance_check_every: ClassVar[int] = 4

    def teams(self, players: int) -> None:
        return None

    def check_options(self, players: int, options: TelefunkenOptions) -> None:
        rs = ruleset(options, players)
        needed = players * rs.hand_size + 1 + 3
        if needed > rs.deck_size():
            raise IllegalAction(
                "{variant} has too few cards for {players} players.",
                code="too_few_cards",
                variant=rs.variant,
                players=players,
            )

    def parse_dynamic_action(self, action_id: str) -> Action:
        return parse(action_id)

    def restore(self, snapshot: Any) -> TelefunkenMatch:
        """The match a ``snapshot()`` saved: rebuilt from its state, not replayed."""
        if snapshot.get("game") != self.name or "state" not in snapshot:
            raise IllegalAction(
                "That snapshot is not a {game} match.", code="wrong_game_snapshot", game=self.title
            )
        match = self.new_match(
            snapshot["players"],
            snapshot["options"],
            snapshot["seed"],
            snapshot.get("deals") or (),
            deal_version=snapshot_deal_version(snapshot),
        )
        assert isinstance(match, TelefunkenMatch)
        match.load_state(snapshot["state"])
        return match


TelefunkenMatch.spec = SPEC = TelefunkenSpec()

__all__ = ["SPEC", "TelefunkenMatch", "TelefunkenOptions", "TelefunkenSpec"]
