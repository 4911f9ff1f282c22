"""Telefunken's options and the rules each national variant derives from them.

``TelefunkenOptions`` is what a table sets (defaults = the seed's Venezuelan game);
``ruleset(options, players)`` turns it into a frozen ``Ruleset`` the engine reads, so the
match never branches on variant names, only on rule fields. Contracts are data
(``Contract`` of ``MeldReq``), one table per variant (telefunken.md §11, §14).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from pydantic import Field

from rules.cards import JOKER
from rules.contract import GameOptions
from rules.rummy import RummyRules

Variant = Literal[
    "venezuela",
    "ecuador",
    "peru1",
    "wittig",
    "delifante",
    "super_deli",
    "peru2",
    "bolivia",
    "farmer",
]

VARIANT_TITLES: dict[str, str] = {
    "venezuela": "Telefunken (Venezuela)",
    "ecuador": "Telefunken (Ecuador)",
    "peru1": "Telefunken (Peru, version 1)",
    "wittig": "Telefunken (Peru v1, George Wittig's three decks)",
    "delifante": "Delifante",
    "super_deli": "Super Deli",
    "peru2": "Telefunken (Peru, version 2)",
    "bolivia": "Telefunken (Bolivia)",
    "farmer": "Farmer's Rummy",
}


class TelefunkenOptions(GameOptions):
    """Every rule variant; the defaults are the seed's Venezuelan game (telefunken.md)."""

    variant: Variant = "venezuela"
    """TFV-*: which national game; each one replaces the base rules it names."""
    initial_chips: Literal[None, 7, 12, 13] = None
    """TFV-LOC-1: chips (buys) per player for the whole game; ``None`` = the variant's own."""
    exact_cut_reward: Literal["chip", "minus25", "minus50"] = "chip"
    """TF-18 / TFV-LOC-2: the exact cut earns a chip, or takes 25 or 50 points off."""
    deal6_exchange: bool = True
    """TF-19 / TFV-LOC-3: the deal-6 exchange (Venezuelan contract list)."""
    extra_exchanges: bool = False
    """TFV-LOC-4: one exchange before deal 4 and two before deal 6."""
    contract_sets_distinct_rank: bool = False
    """TF-40 engine flag: the two sets of a two-set contract must differ in rank."""
    dealer_choice_contracts: bool = False
    """TFV-EC-DD: the dealer picks an unplayed contract each deal (Dawson)."""
    ec_deal6_exchange: bool = False
    """TFV-EC-9: Ecuador inherits the deal-6 exchange (off: the seed does not say)."""
    ec_final_must_go_out: bool = False
    """TFV-EC-9: Ecuador's last contract must go out in one turn (off)."""
    ec_allow_run_joker_shift: bool = True
    """TFV-EC-7: Ecuador keeps TF-45 (moving an end joker of a run)."""
    bolivia_joker_cards: Literal[1, 2] = 1
    """TFV-BO-11: natural cards it costs to take a joker from a set in Bolivia."""
    race_mode: bool = False
    """TFV-BO-12: the first buy claim wins instead of the priority order."""
    winning_streak: bool = False
    """TFV-BO-13: a player winning deals in a row multiplies the others' penalties."""
    direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    """TF-8 / TFV-BO-3: the table's direction (seats are numbered in it either way)."""
    cut_noise: int = Field(default=5, ge=0, le=20)
    """TF-13: the cut lands within this many cards of the cutter's target."""
    deal_stake: int = Field(default=1, ge=0, le=1_000_000)
    """TF-62: units each other player pays the player who goes out."""
    game_stake: int = Field(default=5, ge=0, le=1_000_000)
    """TF-62: units each other player pays the game winner(s), shared between co-winners."""
    max_stock_rebuilds: int | None = Field(default=2, ge=0, le=1000)
    """TF-57 engine bound: after this many rebuilt stocks a deal ends with nobody out.

    The seed reshuffles forever; a deal nobody can finish (deal 7 at a table of
    computer players) must still end, so the engine ends it like an exhausted deal.
    ``None`` = never.
    """


@dataclass(frozen=True, slots=True)
class MeldReq:
    """One meld a contract requires: ``kind`` set/run/colour, ``size`` exact or minimum."""

    kind: Literal["set", "run", "colour"]
    size: int
    at_least: bool = False
    pure: bool = False
    """TF-34: no wild, three different suits (a pure trío)."""
    natural: bool = False
    """No wild cards (Farmer's first set)."""

    def fits(self, kind: str, size: int, wilds: int, pure: bool) -> bool:
        if kind != self.kind:
            return False
        if (size < self.size) if self.at_least else (size != self.size):
            return False
        if self.pure and not pure:
            return False
        return not (self.natural and wilds)

    def label(self) -> str:
        if self.kind == "colour":
            return f"a colour run of {self.size}"
        if self.kind == "run":
            return f"a run of {self.size}{' or more' if self.at_least else ''}"
        words = {3: "trío", 4: "cuarteto", 5: "quinteto"}
        name = words.get(self.size, f"set of {self.size}")
        return ("a pure " if self.pure else "a ") + name


@dataclass(frozen=True, slots=True)
class Contract:
    """A deal's contract: one or more alternatives, each a tuple of required melds."""

    options: tuple[tuple[MeldReq, ...], ...]
    no_buying: bool = False
    must_go_out: bool = False
    exchanges: int = 0
    joker_limit: int | None = None
    """TFV-EC-4: wild cards allowed in the whole contract (``None``: per-meld rules only)."""
    same_rank_ok: bool = True
    """Two contract sets may share a rank (TF-40 flag; TFV-PE2-3 names where)."""
    same_suit_ok: bool = True

    def label(self) -> str:
        alternatives = []
        for reqs in self.options:
            alternatives.append(" + ".join(r.label() for r in reqs))
        text = " or ".join(alternatives)
        if self.must_go_out:
            text += ", going out in one turn"
        return text


def _sets(size: int, count: int = 1, **kw: bool) -> tuple[MeldReq, ...]:
    return tuple(MeldReq("set", size, **kw) for _ in range(count))


def _run(size: int, at_least: bool = False) -> MeldReq:
    return MeldReq("run", size, at_least)


PURE_TRIO = MeldReq("set", 3, pure=True)

BASE_CONTRACTS: tuple[Contract, ...] = (
    Contract(((PURE_TRIO,),)),  # TF-C1
    Contract((_sets(3, 2),)),  # TF-C2
    Contract((_sets(4),)),  # TF-C3
    Contract((_sets(4, 2),)),  # TF-C4
    Contract((_sets(5),)),  # TF-C5
    Contract((_sets(5, 2),), exchanges=1),  # TF-C6 (TF-19)
    Contract(((MeldReq("set", 3), _run(7, at_least=True)),), must_go_out=True),  # TF-C7
)

ECUADOR_CONTRACTS: tuple[Contract, ...] = (  # TFV-EC-1, EC-2, EC-4
    Contract(((PURE_TRIO,),), no_buying=True, joker_limit=0),
    Contract(((PURE_TRIO, MeldReq("set", 3)),), joker_limit=1),
    Contract((_sets(4),), joker_limit=0),
    Contract((_sets(4, 2),), joker_limit=1),
    Contract((_sets(5),), joker_limit=0),
    Contract(((MeldReq("set", 3), _run(4)),), joker_limit=0),
    Contract(((_run(7),),), joker_limit=1),
)

PERU1_CONTRACTS: tuple[Contract, ...] = (  # TFV-PE1-1
    Contract((_sets(3, 2),)),
    Contract((_sets(4),)),
    Contract((_sets(4, 2),)),
    Contract((_sets(5),)),
    Contract((_sets(5, 2),)),
    Contract((_sets(6),)),
)

SUPER_DELI_CONTRACTS: tuple[Contract, ...] = (  # TFV-PE1-DL-3
    *PERU1_CONTRACTS,
    Contract((_sets(6, 2),)),
    Contract((_sets(7),)),
    Contract((_sets(7, 2),)),
    Contract((_sets(8),)),
    Contract((_sets(8, 2),)),
    Contract((_sets(9),)),
)

_PE2_SET = MeldReq("set", 3)
_PE2_RUN = _run(4)
PERU2_CONTRACTS: tuple[Contract, ...] = (  # TFV-PE2-3
    Contract(((_PE2_SET, _PE2_SET),), same_rank_ok=True, same_suit_ok=False),
    Contract(((_PE2_SET, _PE2_RUN),), same_rank_ok=False, same_suit_ok=False),
    Contract(((_PE2_RUN, _PE2_RUN),), same_rank_ok=False, same_suit_ok=False),
    Contract(((_PE2_SET,) * 3,), same_rank_ok=False, same_suit_ok=False),
    Contract(((_PE2_SET, _PE2_SET, _PE2_RUN),), same_rank_ok=True, same_suit_ok=False),
    Contract(((_PE2_RUN, _PE2_RUN, _PE2_SET),), same_rank_ok=False, same_suit_ok=True),
    Contract(
        (
            (_PE2_SET,) * 4,
            (_PE2_RUN,) * 3,
            (_run(12),),
            (MeldReq("colour", 12),),
        ),
        same_rank_ok=False,
        same_suit_ok=False,
    ),
)

BOLIVIA_CONTRACTS: tuple[Contract, ...] = (  # TFV-BO-7
    Contract(((PURE_TRIO,),)),
    Contract((_sets(3, 2),)),
    Contract((_sets(4),)),
    Contract((_sets(4, 2),)),
    Contract((_sets(5),)),
    Contract((_sets(5, 2),)),
    Contract(((_run(7, at_least=True),),)),
)

FARMER_CONTRACTS: tuple[Contract, ...] = (  # TFV-FR-2
    Contract(((MeldReq("set", 3, natural=True),),)),
    Contract((_sets(3, 2),)),
    Contract((_sets(4),)),
    Contract((_sets(4, 2),)),
    Contract((_sets(5),)),
    Contract((_sets(5, 2),)),
    Contract((_sets(6),)),
    Contract((_sets(6, 2),)),
)


def card_values(
    *,
    two: int,
    low: int | None,
    ten_to_king: int,
    ace: int,
    joker: int,
    eight_up: int | None = None,
) -> tuple[int, ...]:
    """Penalty points per card int: 3..9 at face value when ``low`` is ``None``."""
    values = []
    for card in range(53):
        if card == JOKER:
            values.append(joker)
            continue
        rank = card % 13
        if rank == 0:
            values.append(two)
        elif rank == 12:
            values.append(ace)
        elif rank >= 8:
            values.append(ten_to_king)
        elif eight_up is not None and rank >= 6:
            values.append(eight_up)
        else:
            values.append(rank + 2 if low is None else low)
    return tuple(values)


BASE_POINTS = card_values(two=2, low=None, ten_to_king=10, ace=11, joker=15)  # TF-60
ECUADOR_POINTS = card_values(two=5, low=5, ten_to_king=10, ace=15, joker=50)  # TFV-EC-8
PERU1_POINTS = card_values(two=20, low=None, ten_to_king=10, ace=15, joker=20)  # TFV-PE1-5
PERU2_POINTS = card_values(two=2, low=None, ten_to_king=10, ace=15, joker=20)  # TFV-PE2-11
BOLIVIA_POINTS = card_values(two=2, low=None, ten_to_king=10, ace=15, joker=30)  # TFV-BO-13
FARMER_POINTS = card_values(two=20, low=5, ten_to_king=10, ace=20, joker=50, eight_up=10)  # FR-6

BASE_MELDS = RummyRules(max_wilds_set=1, max_wilds_run=1, points=BASE_POINTS)
"""TF-31..TF-33: one joker per meld, at least two naturals, ace low or high, no wrap."""
PERU1_SETS = RummyRules(twos_wild=True, max_wilds_set=0, ace_around=True, points=PERU1_POINTS)
"""TFV-PE1-6/7: no wild card in a set (a 2 is natural only in a set of 2s)."""
PERU1_RUNS = RummyRules(twos_wild=True, wild_ratio="at_most_naturals", ace_around=True)
"""TFV-PE1-7/11: wilds no more than naturals; the ace may sit in the middle (K-A-2)."""
WITTIG_SETS = RummyRules(twos_wild=True, min_naturals_set=1, points=PERU1_POINTS)
"""TFV-PE1-WG-3: any number of wild cards in a set, at least one natural."""
DELI_RUNS = replace(PERU1_RUNS, ace_low=False, ace_high=False, ace_around=False)
"""TFV-PE1-DL-2: no aces in runs."""
PERU2_SETS = RummyRules(max_wilds_set=0, points=PERU2_POINTS)
"""TFV-PE2-4: natural sets (jokers never mix with naturals in a set)."""
PERU2_JOKER_SETS = RummyRules(min_naturals_set=0, points=PERU2_POINTS)
"""TFV-PE2-4: a trío of jokers (only jokers may join it)."""
PERU2_RUNS = RummyRules(min_run=4, min_naturals_run=1, ace_around=True)
"""TFV-PE2-5: 4+ cards, any number of jokers with one natural, round the corner."""
FARMER_SETS = RummyRules(
    twos_wild=True,
    two_natural_in_place=False,
    min_naturals_set=1,
    wild_ratio="fewer_than_naturals",
    wilds_laid_off_on_sets=False,
    points=FARMER_POINTS,
)
"""TFV-FR-3: 2s always wild; naturals outnumber wilds; no wild laid off on a set."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything the engine needs to know about the variant being played."""

    variant: str
    contracts: tuple[Contract, ...]
    decks: int
    hand_size: int
    dealer_extra_card: bool
    cutter_takes_jokers: bool
    exact_cut: Literal["chip", "minus25", "minus50", "bolivia", "wipe"]
    chips: int
    buy_extra: int
    buying: bool
    buy_after_meld: bool
    upcard: Literal["first_free", "buy", "take_discard", "none"]
    reshuffle: Literal["all", "none", "keep_top"]
    final_discard: bool
    set_rules: RummyRules
    run_rules: RummyRules
    runs_allowed: bool
    joker_sets: bool
    jokers_float: bool
    wild_take: Literal["two", "bolivia", "ec_contract", "swap_run", "swap_any", "none"]
    wild_take_cards: int
    run_joker_shift: bool
    own_contract_same_turn: bool
    contract_turn_locked: bool
    new_melds_after_contract: bool
    pure_closes: bool
    points: tuple[int, ...]
    chip_bonus: int
    wait_for_first_draws: bool
    dealer_choice: bool
    race_mode: bool
    winning_streak: bool

    def deck_size(self) -> int:
        return self.decks * 54

    def joker_count(self) -> int:
        """Two jokers come with every deck (TF-5, TFV-PE1-WG-1, TFV-BO-1, TFV-FR-1)."""
        return self.decks * 2


def _base_contracts(options: TelefunkenOptions) -> tuple[Contract, ...]:
    contracts = list(BASE_CONTRACTS)
    if not options.deal6_exchange:  # TFV-LOC-3
        contracts[5] = replace(contracts[5], exchanges=0)
    elif options.extra_exchanges:  # TFV-LOC-4
        contracts[5] = replace(contracts[5], exchanges=2)
    if options.extra_exchanges:
        contracts[3] = replace(contracts[3], exchanges=1)
    if options.contract_sets_distinct_rank:
        contracts = [replace(c, same_rank_ok=False) for c in contracts]
    return tuple(contracts)


def ruleset(options: TelefunkenOptions, players: int) -> Ruleset:
    """The rules of ``options.variant`` with the table's options applied."""
    variant = options.variant
    base = Ruleset(
        variant=variant,
        contracts=_base_contracts(options),
        decks=2,
        hand_size=11,
        dealer_extra_card=False,
        cutter_takes_jokers=True,
        exact_cut=options.exact_cut_reward,
        chips=options.initial_chips or 7,
        buy_extra=1,
        buying=True,
        buy_after_meld=False,
        upcard="first_free",
        reshuffle="all",
        final_discard=False,
        set_rules=BASE_MELDS,
        run_rules=BASE_MELDS,
        runs_allowed=True,
        joker_sets=False,
        jokers_float=False,
        wild_take="two",
        wild_take_cards=2,
        run_joker_shift=True,
        own_contract_same_turn=False,
        contract_turn_locked=False,
        new_melds_after_contract=True,
        pure_closes=True,
        points=BASE_POINTS,
        chip_bonus=0,
        wait_for_first_draws=False,
        dealer_choice=options.dealer_choice_contracts,
        race_mode=options.race_mode,
        winning_streak=options.winning_streak,
    )
    if variant == "ecuador":
        contracts = list(ECUADOR_CONTRACTS)
        if options.ec_deal6_exchange:
            contracts[5] = replace(contracts[5], exchanges=1)
        if options.ec_final_must_go_out:
            contracts[6] = replace(contracts[6], must_go_out=True)
        return replace(
            base,
            contracts=tuple(contracts),
            chips=options.initial_chips or 12,
            buy_extra=2,
            wild_take="ec_contract",
            wild_take_cards=1,
            run_joker_shift=options.ec_allow_run_joker_shift,
            points=ECUADOR_POINTS,
        )
    if variant in ("peru1", "wittig", "delifante", "super_deli"):
        peru = replace(
            base,
            contracts=PERU1_CONTRACTS,
            chips=options.initial_chips or 6,
            dealer_extra_card=True,
            upcard="none",
            reshuffle="none",
            final_discard=True,
            set_rules=PERU1_SETS,
            run_rules=PERU1_RUNS,
            wild_take="swap_run",
            wild_take_cards=1,
            run_joker_shift=False,
            points=PERU1_POINTS,
            chip_bonus=10,
        )
        if variant == "wittig":  # TFV-PE1-WG
            return replace(peru, decks=3, set_rules=WITTIG_SETS, wild_take="swap_any")
        if variant in ("delifante", "super_deli"):  # TFV-PE1-DL
            decks = math.ceil(players / 2) if variant == "delifante" else players
            return replace(
                peru,
                contracts=PERU1_CONTRACTS if variant == "delifante" else SUPER_DELI_CONTRACTS,
                decks=decks,
                hand_size=13 if variant == "delifante" else 18,
                run_rules=DELI_RUNS,
                chips=options.initial_chips or (6 if variant == "delifante" else 10),
            )
        return peru
    if variant == "peru2":
        return replace(
            base,
            contracts=PERU2_CONTRACTS,
            hand_size=12,
            cutter_takes_jokers=False,
            exact_cut="wipe",
            chips=0,
            buying=False,
            upcard="take_discard",
            reshuffle="keep_top",
            set_rules=PERU2_SETS,
            run_rules=PERU2_RUNS,
            joker_sets=True,
            jokers_float=True,
            wild_take="none",
            run_joker_shift=False,
            contract_turn_locked=True,
            new_melds_after_contract=False,
            points=PERU2_POINTS,
        )
    if variant == "bolivia":
        return replace(
            base,
            contracts=BOLIVIA_CONTRACTS,
            decks=3 if players > 5 else 2,
            exact_cut="bolivia",
            buy_after_meld=True,
            upcard="buy",
            wild_take="bolivia",
            wild_take_cards=options.bolivia_joker_cards,
            own_contract_same_turn=True,
            pure_closes=False,
            set_rules=replace(BASE_MELDS, points=BOLIVIA_POINTS),
            points=BOLIVIA_POINTS,
            wait_for_first_draws=players >= 6,
        )
    if variant == "farmer":
        decks = 2 if players <= 4 else 3 if players == 5 else 4
        return replace(
            base,
            contracts=FARMER_CONTRACTS,
            decks=decks,
            chips=options.initial_chips or 10,
            buy_extra=2,
            final_discard=True,
            set_rules=FARMER_SETS,
            run_rules=FARMER_SETS,
            runs_allowed=False,
            run_joker_shift=False,
            points=FARMER_POINTS,
        )
    return base
