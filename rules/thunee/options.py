"""Every South African Thunee variant as an option (shared/rules/thunee.md §16).

Defaults are the main rules. ``penalty_mode`` names the enforcement: ``"strict"`` (the
spec's ``"prevent"``: illegal plays are never offered) or ``"challenge"`` (the spec's
``"penalize"``: a card breaking TH-21 may be played and opponents may challenge, TH-28).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from rules.contract import GameOptions, IllegalAction

_PENALTY_ALIASES = {"prevent": "strict", "penalize": "challenge"}


class ThuneeOptions(GameOptions):
    first_dealer_method: Literal["black_jack", "random"] = "black_jack"
    """TH-4.2: a face-up deal until a black jack, or a uniform draw."""
    first_dealer_start_seat: int = Field(default=0, ge=0, le=5)
    """TH-4.2: the seat the black-jack deal starts at."""
    cut_method: Literal["bottom", "table", "three"] = "bottom"
    """TH-5.3 / THV-2."""
    bidding_protocol: Literal["sequential", "sealed"] = "sequential"
    """TH-9.6 polling, or TH-9.7 simultaneous (sealed) rounds."""
    simultaneous_bid_extra_step: bool = True
    """TH-9.7: two simultaneous bids rise two rungs; False is THV-3 (one rung)."""
    thunee_timing: Literal["window", "window_plus_late"] = "window"
    """TH-12.8 window only, or also the late call with Mariyal (TH-13.6)."""
    thunee_partner_catch_balls: Literal[8, 6] = 8
    """TH-12.11 / THV-4 (also Royals)."""
    khanuck_formula: Literal["standard", "with_bid", "simple"] = "standard"
    """TH-16.4, THV-5, THV-6."""
    khanuck_requires_jodi: bool = True
    """TH-16.2; False is THV-7."""
    target_balls: Literal[12, 13] = 12
    """TH-29.1 / THV-8.2."""
    khanuck_raises_target: bool = False
    """THV-8.1: any Khanuck call makes the match a 13-ball game."""
    two_to_clear: Literal["off", "always", "only_13"] = "off"
    """THV-9."""
    blind_bid: bool = False
    """THV-10."""
    blind_thunee: bool = False
    """THV-11."""
    blind_thunee_balls: Literal[6, 8] = 6
    """THV-11.4: success and failure of a blind contract."""
    blind_partner_catch_balls: int = Field(default=6, ge=1, le=24)
    """THV-11.4: the "agreed number" for a blind partner catch."""
    royals: bool = False
    """THV-12.1."""
    blind_royals: bool = False
    """THV-12.5."""
    dealer_rotation: Literal["dealer_team_behind", "scoring_team_behind", "dealer_team_lost"] = (
        "dealer_team_behind"
    )
    """TH-30.2, TH-30.3, THV-1."""
    allow_doomed_calls: bool = False
    """TH-15.9 / TH-16.9: offer Double and Khanuck even when they cannot succeed."""
    jodi_hold_rule: Literal["in_hand", "dealt"] = "in_hand"
    """TH-14.5: Jodi cards unplayed in hand, or merely held at the final deal."""
    penalty_mode: Literal["strict", "challenge"] = "strict"
    """TH-28.5: enforcement (see the module docstring)."""
    six_player_redeal: bool = True
    """TH6-4: with six players the trumper may ask for a redeal on three K/Q of three suits."""
    trip_partner_catch_balls: Literal[3, 6] = 3
    """TH6-10.6: balls to the opponents when a Trip declarer's partner wins trick 4."""
    two_player_method: Literal["two_deals", "face_up"] = "two_deals"
    """TH2-A (two hands of six tricks) or TH2-B (rows of face-down and face-up cards)."""
    two_player_last_card: bool = False
    """TH2-3: the two-player trumper may choose the last card."""
    two_player_redeal: bool = False
    """TH2-3: the two-player trumper may ask for a redeal (TH-8)."""
    two_player_annul: Literal["thunee_only", "never", "always"] = "thunee_only"
    """TH2-11: when the TH-20 annulment applies with two players."""

    @field_validator("penalty_mode", mode="before")
    @classmethod
    def _spec_names(cls, value: Any) -> Any:
        return _PENALTY_ALIASES.get(value, value) if isinstance(value, str) else value


def check_thunee_options(players: int, options: ThuneeOptions) -> None:
    """Reject combinations that cannot be played, with a message a player can read."""
    if options.first_dealer_start_seat >= players:
        raise IllegalAction(
            "first_dealer_start_seat must be a seat (0-{last}), not {seat}.",
            code="first_dealer_seat_range",
            last=players - 1,
            seat=options.first_dealer_start_seat,
        )
    if (
        options.two_to_clear == "only_13"
        and options.target_balls == 12
        and not options.khanuck_raises_target
    ):
        raise IllegalAction(
            "two_to_clear='only_13' applies only to a 13-ball game: set target_balls=13 "
            "or khanuck_raises_target=True.",
            code="two_to_clear_needs_13",
        )
