"""304 (Sri Lanka), every rule of shared/rules/three_o_four.md and every variant.

One concept per module: ``options`` (variants and the table layout), ``table`` (what a
table's configuration fixes), ``actions`` (prebuilt ids), ``prebuilt`` (the hot path's
events and records), ``match`` (the match's state and turn) and the steps of a hand it
calls (``dealing``, ``auction`` and ``bidding``, ``trump``, ``cardplay``, ``caps_calls``,
``declarations``, ``called_partner``, ``hand_end``, ``views``), ``caps`` (certainty and
outcomes: ``caps_knowledge``, ``caps_hall``, ``caps_search``, ``caps_judge``), ``scoring``
(tokens) and ``results``. ``SPEC`` is what the registry loads.

Choices of this engine beyond the rules file's own engine decisions:
- Caps (ED-25) and spoilt claims (ED-23) may be made at any call point, on the caller's
  turn or off it: ``to_act`` is always the one seat to play (the table waits for nobody
  else), and during play the other seats that may call are in ``off_turn`` with only
  ``caps``/``claim_spoilt`` (and ED-V9 ``marriage``) among their legal actions. The listed
  ``caps:<order>`` action puts trumps first (if the caller knows trump); any other order of
  his cards is accepted too (``is_legal``). A call is refused once the team has lost a
  trick (it could never be correct). A PCC or Half Court partner who sits out takes no
  action at all.
- Certainty (ED-27) is an exact search over consistent worlds with a node budget; past the
  budget a position counts as not certain. It is first refuted in the real deal (one of the
  consistent worlds) and by the highest unplayed trump lying with the other team. The
  soundness of a call's stated order (T3-16.5) gets a larger budget of its own: running
  out there would charge a caller Wrong Caps for a correct call. An order that cashes top
  cards (the caller on lead, every card above all others of its suit that may be out,
  enough trumps first to draw the rest) is proved sound, and certain, without a search.
- Spoilt-trump claims (claim mode): each seat may claim once per hand.
- Marriages (ED-V9) are declared at any call point during play, on the declarer's turn or
  off it (``off_turn``, like Caps calls); the Double (ED-V13) on the lead to trick 6.
- T3V-8 (``maharashtra_partner``, ED-V8): a Half Court window after four cards (only with
  ``half_court``), then the eight-card auction without restrictions, asks or redeals, with
  Full Court above 300; the winner places the indicator and names a card he does not
  hold; its holder is his partner (public once the card lies face up). No Caps. A Court
  is lost at the first trick lost. Tokens are per player (``called_partner`` documents
  the scoring decision for T3V-8.4); not with Tamil Nadu or T3V-9 marriages.
- A face-down card is always visible to its own player in the trick views.
- ED-6 (``seed_commitment``): each hand's seed is sha256(match seed, hand, redeal) and
  drives that hand's shuffle alone; its commitment is in every view from before the cut
  (the first hand has no earlier action to carry an event) and in a ``seed_committed``
  event before every later deal; ``seed_revealed`` and the hand's result give the seed
  once the hand is over (with the rebuilt pack in the traditional mode). Revealing the
  seed shows the whole deal, unrevealed face-down cards included (T3-18.1 allows it
  after the hand). Stacked deals have no seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.contract import Action, GameSpec, IllegalAction
from rules.three_o_four import actions as A
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.options import Options, layout_for

DEFAULT_OPTIONS = Options()


class ThreeOFourSpec(GameSpec[Options]):
    name: ClassVar[str] = "304"
    title: ClassVar[str] = "304"
    player_counts: ClassVar[tuple[int, ...]] = (4, 6, 8)
    off_turn_kinds: ClassVar[frozenset[str]] = frozenset({"caps", "claim_spoilt", "marriage"})
    random_play_weights: ClassVar[dict[str, float]] = {
        "caps": 0.5,
        "redeal": 0.3,
        "claim_spoilt": 0.05,
        "cut": 0.05,
    }

    def __init__(self) -> None:
        self.Options = Options
        self.match_class = ThreeOFourMatch
        self.actions = A.ACTIONS

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """T3-3.1 / ED-2 / ED-V5a: partners opposite, teams alternate (team = seat mod 2)."""
        return (tuple(range(0, players, 2)), tuple(range(1, players, 2)))

    def parse_options(self, options: Options | Mapping[str, Any] | None) -> Options:
        """As the base, but no options give one shared default ``Options`` (it is frozen):
        validating a fresh one per new match was most of the cost of starting one."""
        if options is None:
            return DEFAULT_OPTIONS
        return super().parse_options(options)

    def check_options(self, players: int, options: Options) -> None:
        layout_for(players, options)
        if options.first_dealer is not None and options.first_dealer >= players:
            raise IllegalAction(
                "There is no seat {seat} to deal first.",
                code="no_first_dealer_seat",
                seat=options.first_dealer,
            )

    def parse_dynamic_action(self, action_id: str) -> Action:
        """ED-12 shorthand (``bid:60`` is 160) and Caps orders (``caps:JH,9H,8C``)."""
        if isinstance(action_id, str):
            kind, _, value = action_id.partition(":")
            if kind == "bid" and value in A.SHORTHAND:
                return A.BID[A.SHORTHAND[value]]
            if kind == "caps" and value:
                return A.caps_action(A.parse_order(value))
        return super().parse_dynamic_action(action_id)


SPEC = ThreeOFourSpec()
ThreeOFourMatch.spec = SPEC

__all__ = ["SPEC", "Options", "ThreeOFourMatch", "ThreeOFourSpec"]
