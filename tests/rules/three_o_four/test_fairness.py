"""ED-6 (T3-5.5 e, T3-18.1): commit-reveal of each hand's shuffle seed."""

from __future__ import annotations

import hashlib

from rules.cards import card_str
from rules.contract import Event
from rules.three_o_four import fairness
from rules.three_o_four.match import ThreeOFourMatch
from tests.rules.three_o_four.helpers import SPEC


def new_match(**options: object) -> ThreeOFourMatch:
    m = SPEC.new_match(4, {"seed_commitment": True, **options}, seed=2026)
    assert isinstance(m, ThreeOFourMatch)
    return m


def dealt_by_t3_5_8(pack: list[str], dealer: int, cut: int) -> list[list[str]]:
    """T3-5.4 / T3-5.8, written from the rules file: rotate by the cut, then seat
    s_i = (D + 1 + i) mod 4 gets pack[4i:4i+4] and then pack[16+4i:16+4i+4]."""
    pack = pack[cut:] + pack[:cut]
    hands: list[list[str]] = [[] for _ in range(4)]
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        hands[seat] = pack[4 * i : 4 * i + 4] + pack[16 + 4 * i : 16 + 4 * i + 4]
    return hands


def to_play(m: ThreeOFourMatch) -> None:
    """The first speaker bids the minimum, then the ED-39 defaults (pass, closed...)."""
    while m.phase != "play":
        seat = next(iter(m.to_act))
        bids = [a for a in m.legal_actions(seat) if a.kind == "bid"]
        opening = m.auction4 is not None and m.auction4.high is None
        action = bids[0] if opening else m.timeout_action(seat)
        assert action is not None
        m.apply(seat, action)


def play_hand(m: ThreeOFourMatch) -> list[Event]:
    """The ED-39 defaults for every seat until the hand ends; the events of the last action."""
    hand = len(m.hand_results)
    events: list[Event] = []
    while len(m.hand_results) == hand:
        seat = next(iter(m.to_act))
        action = m.timeout_action(seat)
        assert action is not None
        events = m.apply(seat, action)
    return events


def test_ed6_the_revealed_seed_hashes_to_the_commitment_and_reproduces_the_deal() -> None:
    """ED-6: the commitment is public before the deal (the view before the cut); after
    the hand the seed is revealed; its sha256 is the commitment and its shuffle, cut and
    dealt by T3-5.8, gives exactly the cards each seat held."""
    m = new_match()
    published = m.public_view()["seed_commitment"]
    assert published and all(m.view(s)["seed_commitment"] == published for s in range(4))
    dealer, cutter = m.dealer, (m.dealer - 1) % 4
    m.apply(cutter, "cut:11")
    first_batches = [list(m.view(s)["hand"]) for s in range(4)]
    to_play(m)
    assert not m.hand_results  # the hand dealt from the seed is the one played
    holdings = [sorted(card_str(c) for c in h) for h in m.start_hands]
    if m.start_indicator is not None:
        holdings[m.trumper] = sorted([*holdings[m.trumper], card_str(m.start_indicator)])
    assert m.hand_seed is not None  # T3-18.1: no view holds the seed during the hand
    assert all(m.hand_seed not in str(m.view(s)) for s in range(4))
    assert m.hand_seed not in str(m.public_view())
    events = play_hand(m)
    (revealed,) = [e for e in events if e.kind == "seed_revealed"]
    assert revealed.visible_to is None and revealed.data["hand"] == 0
    seed = revealed.data["seed"]
    assert hashlib.sha256(seed.encode()).hexdigest() == published == revealed.data["commitment"]
    assert m.hand_results[0]["seed"] == seed and m.hand_results[0]["seed_commitment"] == published
    pack = [card_str(c) for c in fairness.pack_from_seed(seed, m.layout.deck)]
    dealt = dealt_by_t3_5_8(pack, dealer, 11)
    assert [h[:4] for h in dealt] == first_batches
    assert [sorted(h) for h in dealt] == holdings
    # the next hand's commitment comes before its deal, and it is another seed
    (committed,) = [e for e in events if e.kind == "seed_committed"]
    assert committed.data["hand"] == 1 and m.phase == "cut"
    assert committed.data["commitment"] == m.public_view()["seed_commitment"] != published


def test_ed6_a_cancelled_hand_reveals_its_seed_too() -> None:
    """ED-6 / T3-6.12: an all-pass hand is over as well: its seed is revealed and checks."""
    m = new_match()
    published = m.public_view()["seed_commitment"]
    dealer = m.dealer
    m.apply((dealer - 1) % 4, "no_cut")
    first_batches = [list(m.view(s)["hand"]) for s in range(4)]
    events: list[Event] = []
    for _ in range(4):
        events = m.apply(next(iter(m.to_act)), "pass")
    assert m.hand_results[0]["outcome"] == "all_pass"
    (revealed,) = [e for e in events if e.kind == "seed_revealed"]
    assert fairness.commitment(revealed.data["seed"]) == published
    pack = [card_str(c) for c in fairness.pack_from_seed(revealed.data["seed"], m.layout.deck)]
    assert [h[:4] for h in dealt_by_t3_5_8(pack, dealer, 0)] == first_batches


def test_ed6_traditional_shuffle_is_checked_from_the_revealed_pack() -> None:
    """ED-6 with ED-4's traditional mode: the revealed seed riffles the revealed rebuilt
    pack into the pack that was dealt."""
    m = new_match(shuffle_mode="traditional")
    m.apply((m.dealer - 1) % 4, "no_cut")
    to_play(m)
    play_hand(m)
    published = m.public_view()["seed_commitment"]
    dealer = m.dealer
    m.apply((dealer - 1) % 4, "no_cut")
    first_batches = [list(m.view(s)["hand"]) for s in range(4)]
    to_play(m)
    play_hand(m)
    record = m.hand_results[1]
    assert fairness.commitment(record["seed"]) == published
    start = [c for c in m.layout.deck if card_str(c) in record["riffled_from"]]
    start.sort(key=lambda c: record["riffled_from"].index(card_str(c)))
    pack = fairness.riffled(start, m.options.traditional_riffles, fairness.seed_rng(record["seed"]))
    assert [h[:4] for h in dealt_by_t3_5_8([card_str(c) for c in pack], dealer, 0)] == first_batches


def test_ed6_off_by_default_and_not_for_stacked_deals() -> None:
    """ED-6 is optional: by default no commitment, no seed in the results; a stacked deal
    has no seed to commit to."""
    m = SPEC.new_match(4, seed=5)
    assert "seed_commitment" not in m.public_view()
    m.apply((m.dealer - 1) % 4, "no_cut")  # type: ignore[attr-defined]
    for _ in range(4):
        m.apply(next(iter(m.to_act)), "pass")
    assert "seed" not in m.hand_results[0]
    hands = [[r + s for r in ("7", "8", "9", "10", "J", "Q", "K", "A")] for s in "SCDH"]
    stacked = SPEC.new_match(
        4, {"seed_commitment": True}, seed=5, deals=[{"dealer": 0, "hands": hands}]
    )
    assert stacked.public_view()["seed_commitment"] is None
