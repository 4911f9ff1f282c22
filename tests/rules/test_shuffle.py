"""Issue 27: a seed deals the same cards on every Python (``rules.shuffle``).

The vectors below were taken once (CPython 3.11) and must hold on any interpreter: only
``Random.random()``'s stream is promised stable, and ``DealRandom`` draws from it alone.
The legacy vectors are what the engines dealt before issue 27 (CPython's own
``random.shuffle``), which stored matches still replay with.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import registry
from rules.cards import card_strs, deck52
from rules.contract import IllegalAction, Match
from rules.random_play import random_step
from rules.shuffle import DEAL_VERSION, LEGACY_DEAL_VERSION, DealRandom, deal_rng, shuffled

SEED = 2027


def test_the_random_stream_itself_is_the_promised_one() -> None:
    """The floats everything else is drawn from (if these move, Python broke its promise)."""
    r = random.Random(SEED)
    assert [r.random() for _ in range(3)] == [
        0.10833317732098746,
        0.4640520444481121,
        0.013564472311653919,
    ]


def test_a_seed_gives_this_exact_deck_order() -> None:
    deck = card_strs(shuffled(deck52(), DealRandom(SEED)))
    assert " ".join(deck) == (
        "10C QD 3C 5D KH JH JD AD QC 4S JC 4C AC 2H 2C 10H 7C 3S AH 7D 5H 7H 8D 6H KD 9H "
        "6S AS 8S 10D QS KC 9S 3H 6D 9D 3D JS 9C 6C 5S 4D KS 2D 8C 10S 5C 8H 4H 2S QH 7S"
    )
    r = DealRandom(7)
    assert (r.randrange(4), r.randint(1, 23), r.choice("abcdef"), r.sample(range(1, 24), 2)) == (
        1,
        4,
        "d",
        [2, 13],
    )


class OnlyRandom(DealRandom):
    """Fails on any draw but ``random()``: CPython's private helpers are not stable."""

    def getrandbits(self, k: int) -> int:
        raise AssertionError("a deal drew from getrandbits")


def test_deals_draw_from_random_alone() -> None:
    r = OnlyRandom(SEED)
    assert sorted(shuffled(range(52), r)) == list(range(52))
    assert 0 <= r.randrange(3, 30, 3) < 30 and 1 <= r.randint(1, 6) <= 6
    assert len(set(r.sample(range(10), 4))) == 4 and r.choice([5]) == 5


def test_the_draws_are_uniform_enough_to_deal_with() -> None:
    """Every card reaches every position; a seat's share of 60,000 draws of 6 is even."""
    r = DealRandom(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.randrange(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    tops = {shuffled(range(8), r)[0] for _ in range(400)}
    assert tops == set(range(8))


def first_hands(game: str, players: int, version: int) -> list[str]:
    """The hands each seat first sees (the cut declined, prompts answered by the first
    legal action), as card strings."""
    match: Match[Any] = registry.get(game).new_match(players, None, seed=SEED, deal_version=version)
    for _ in range(20):
        hands = [" ".join(map(str, match.view(s).get("hand", []))) for s in range(players)]
        if all(hands):
            return hands
        seat = min(match.to_act)
        match.apply(seat, match.legal_actions(seat)[0])
    raise AssertionError("no hands dealt")


DEALT = {
    ("thunee", 4): ["10D 10H KD QS", "10C QC JH JS", "AH AD 9S QD", "9C 9D JD AC"],
    ("nigerian_thunee", 4): [
        "AS QD 9D 8D AD",
        "KC 9H JC QC KD",
        "7H JH 9S 10S JD",
        "7C QS 7D 10D 10C",
    ],
    ("304", 4): ["QH 10S 10D 8D", "KH 7C 7H AS", "9C JC QS QD", "JH 9S 7D 9D"],
    ("tonk", 2): ["4H AH 3S 4D 2S", "8D 6S 5D AC 10C"],
    ("telefunken", 2): ["3S 5S 10S AS 2H 4H 7H KH JD AD 5C", "9S 7H 9H 2D 3D 5D 10D 5C 6C KC KC"],
}
LEGACY_DEALT = {
    ("thunee", 4): ["9D 10H AH KH", "AS 10D KS KC", "QD AD QC KD", "9C AC 10C JD"],
    ("nigerian_thunee", 4): [
        "AH KS JS KC 10D",
        "10S KD 7D 9D 8H",
        "AC QH 7C KH 7H",
        "AS 8D 8S 10C QD",
    ],
    ("304", 4): ["9D KC 10H KH", "10S AH AS AC", "KD QC 8D KS", "7D 7H 8S JS"],
    ("tonk", 2): ["JC KH 7S AC 6S", "6H 2D QD KS KD"],
    ("telefunken", 2): ["JS QS JH 2D 4D 5D 7D QD 7C QC KC", "3S 9S JS QH KH 8D JD JD 4C 10C AC"],
}


@pytest.mark.parametrize(("game", "players"), sorted(DEALT))
def test_a_seed_deals_these_hands_in_every_game(game: str, players: int) -> None:
    assert first_hands(game, players, DEAL_VERSION) == DEALT[game, players]


@pytest.mark.parametrize(("game", "players"), sorted(LEGACY_DEALT))
def test_the_legacy_version_deals_what_stored_matches_were_dealt(game: str, players: int) -> None:
    assert first_hands(game, players, LEGACY_DEAL_VERSION) == LEGACY_DEALT[game, players]


def test_every_registered_game_is_pinned() -> None:
    assert {game for game, _ in DEALT} == set(registry.names())


def played(game: str, version: int, steps: int) -> Match[Any]:
    spec = registry.get(game)
    match: Match[Any] = spec.new_match(spec.player_counts[0], None, seed=SEED, deal_version=version)
    rng = random.Random(5)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(*random_step(match, rng))
    return match


@pytest.mark.parametrize("game", registry.names())
def test_an_old_format_snapshot_restores_equal_to_the_original(game: str) -> None:
    """A snapshot stored before issue 27 has no ``deal_version`` and was dealt by CPython's
    shuffle: it restores with that shuffle, equal to the match it was taken from."""
    spec = registry.get(game)
    original = played(game, LEGACY_DEAL_VERSION, steps=60)
    old = original.snapshot()
    assert old.pop("deal_version") == LEGACY_DEAL_VERSION
    restored = spec.restore(old)
    assert restored.deal_version == LEGACY_DEAL_VERSION
    for seat in range(original.players):
        assert restored.view(seat) == original.view(seat)
    assert restored.public_view() == original.public_view()
    assert restored.card_zones() == original.card_zones()
    # and the same log under the new shuffle is another match: the version matters
    new = played(game, DEAL_VERSION, steps=0)
    assert new.card_zones() != played(game, LEGACY_DEAL_VERSION, steps=0).card_zones()
    current = original.snapshot()
    assert spec.restore(current).snapshot() == current


def test_an_unknown_deal_version_is_refused() -> None:
    with pytest.raises(IllegalAction) as info:
        registry.get("tonk").new_match(2, None, seed=1, deal_version=9)
    assert info.value.code == "unknown_deal_version"
    with pytest.raises(ValueError, match="unknown deal version"):
        deal_rng(1, 9)
