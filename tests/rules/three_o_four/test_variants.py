"""The variants of §20 (T3V-*): player counts, Half Court, Tamil Nadu, marriages, display."""

from __future__ import annotations

import random

import pytest

from rules.cards import card_str
from rules.contract import Deal, IllegalAction
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.options import Options, layout_for
from tests.rules.three_o_four.helpers import SPEC, E, N, S, W, act, cards, ids, new, play, plays


def first_legal_play(m: ThreeOFourMatch) -> None:
    """Play the hand out: every seat plays its first legal card (no calls, no claims)."""
    hand = m.hand_no
    while m.hand_no == hand and not m.is_over and m.phase == "play":
        seat = m._turn_seat()
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind in ("play", "indicator")))


def seated(players: int, dealer: int, hands: list[str], **options: object) -> ThreeOFourMatch:
    deal = Deal(dealer=dealer, hands=[cards(h) for h in hands])
    m = SPEC.new_match(players, options, seed=3, deals=[deal])
    assert isinstance(m, ThreeOFourMatch)
    m.apply((dealer - 1) % players, "no_cut")
    return m


SIX_24 = ["JS 9S AS TS", "KS QS JH 9H", "AH TH KH QH", "JD 9D AD TD", "KD QD JC 9C", "AC TC KC QC"]


def test_t3v5_six_players_with_24_cards() -> None:
    """T3V-5 (ED-V5a, ED-V5b, ED-V5c): 3 cards, a compulsory opening bid of 200 or more,
    one turn each, the indicator from 3 cards, then the fourth card; 4 tricks of 6."""
    layout = layout_for(6, Options())
    assert len(layout.deck) == 24 and layout.total == 304 and layout.tricks == 4
    m = seated(6, 0, SIX_24)
    assert [len(h) for h in m.hands] == [3] * 6
    assert m.to_act == {1} and "pass" not in ids(m, 1)
    assert ids(m, 1)[0] == "bid:200" and not any(a.startswith(("ask", "redeal")) for a in ids(m, 1))
    act(m, (1, "bid:200"), (2, "pass"), (3, "bid:210"), (4, "pass"), (5, "pass"), (0, "pass"))
    assert m.trumper == 3 and m.contract == 210 and m.phase == "trump"
    assert sorted(ids(m, 3)) == sorted(["trump:JD", "trump:9D", "trump:AD"])
    act(m, (3, "trump:JD"))
    assert [len(h) for h in m.hands] == [4, 4, 4, 3, 4, 4]
    assert SPEC.teams(6) == ((0, 2, 4), (1, 3, 5))
    act(m, (3, "open"))
    first_legal_play(m)
    result = m.hand_results[-1]
    assert len(result["tricks"]) == 4 and sum(result["points"]) == 304
    assert m.judge().bonus_limit() == 12


def test_t3v6_eight_players_with_32_cards() -> None:
    """T3V-6 (ED-V6): eight seats, 3 + 1 cards, one compulsory auction, 4 tricks of 8."""
    m = SPEC.new_match(8, seed=11)
    assert isinstance(m, ThreeOFourMatch)
    assert m.layout.tricks == 4 and m.layout.first_batch == 3 and not m.layout.two_auctions
    m.apply(m._turn_seat(), "no_cut")
    opener = (m.dealer + 1) % 8
    assert m.to_act == {opener} and "pass" not in ids(m, opener)
    m.apply(opener, "bid:200")
    for i in range(1, 8):
        m.apply((opener + i) % 8, "pass")
    m.apply(opener, ids(m, opener)[0])
    if m.phase == "mode":
        m.apply(opener, "open")
        first_legal_play(m)
        assert len(m.hand_results[-1]["tricks"]) == 4
        assert sum(m.hand_results[-1]["points"]) == 304
    assert m.judge().bonus_limit() == 16


def test_t3v7_six_players_with_36_cards() -> None:
    """T3V-7 (ED-V7): 36 cards with the 6s, 4 + 2, asks name a teammate, five passes end
    it, the six-card round from 250, PCC sends both teammates out."""
    layout = layout_for(6, Options(six_player_deck="36"))
    assert len(layout.deck) == 36 and layout.total == 304 and layout.tricks == 6
    assert [card_str(c) for c in sorted(layout.deck, key=lambda c: -layout.strength[c])][-1][
        0
    ] == "6"
    m = SPEC.new_match(6, {"six_player_deck": "36"}, seed=5)
    assert isinstance(m, ThreeOFourMatch)
    m.apply(m._turn_seat(), "no_cut")
    first = (m.dealer + 1) % 6
    asks = [a for a in ids(m, first) if a.startswith("ask:")]
    assert sorted(asks) == sorted(f"ask:{t}" for t in range(first % 2, 6, 2) if t != first)
    m.apply(first, "bid:160")
    for i in range(1, 6):
        m.apply((first + i) % 6, "pass")
    assert m.trumper == first and m.phase == "trump"
    m.apply(first, ids(m, first)[0])
    assert m.phase == "second_bidding" and all(len(h) == 6 for h in m.hands if h != m.hands[first])
    assert "bid:250" in ids(m, first) and "bid:PCC" in ids(m, first)
    m.apply(first, "bid:PCC")
    for i in range(1, 6):
        m.apply((first + i) % 6, "pass")
    assert m.sitting_out == {t for t in range(first % 2, 6, 2) if t != first}


def test_t3v4_half_court() -> None:
    """T3V-4 (ED-V4): a four-card bid above all numbers; solo play of 4 tricks of 3."""
    hands = {
        E: "JS 9S AS TS KD QD 8D 7D",
        N: "KS QS 8S 7S JC 9C AC TC",
        W: "JH 9H AH TH KH QH 8H 7H",
        S: "JD 9D AD TD KC QC 8C 7C",
    }
    m = new(S, hands, half_court=True)
    assert "bid:HC" in ids(m, E)
    act(m, (E, "pass"), (N, "bid:HC"))
    assert m.trumper == N and m.sitting_out == {S} and m.phase == "trump"
    assert sorted(ids(m, N)) == sorted(["trump:KS", "trump:QS", "trump:8S", "trump:7S"])
    act(m, (N, "trump:KS"), (N, "open"))
    assert all(len(h) == 4 for h in m.hands) and len(m.stock) == 16
    play(m, "N:QS W:JH E:JS")
    assert m.hand_results[-1]["delta"] == -5 and m.hand_results[-1]["contract"] == "HC"
    # T3-18.2: the partner's four cards, laid aside, are shown once the hand is over
    assert m.hand_results[-1]["sitting_out_hands"] == {str(S): cards("JD 9D AD TD")}
    with pytest.raises(IllegalAction):
        SPEC.new_match(6, {"half_court": True})


def test_t3v12_tamil_nadu_decks_and_thresholds() -> None:
    """T3V-12 (ED-V12) and WE-9: 504 with the 3s (6 players), 904 with the 2s (8)."""
    four = layout_for(4, Options(tamil_nadu=True))
    six = layout_for(6, Options(tamil_nadu=True, six_player_deck="36"))
    eight = layout_for(8, Options(tamil_nadu=True))
    assert (four.total, six.total, eight.total) == (304, 504, 904)
    assert (len(six.deck), six.hand_size, len(eight.deck), eight.hand_size) == (36, 6, 40, 5)
    assert (six.min_bid, six.bid_200, six.bid_250, six.max_bid) == (260, 330, 410, 500)
    assert (eight.min_bid, eight.bid_200, eight.bid_250, eight.max_bid) == (460, 590, 740, 900)
    top = sorted(eight.deck, key=lambda c: -eight.strength[c])
    assert [card_str(c)[:-1] for c in top[::4]][:4] == ["2", "3", "J", "9"]
    assert eight.points[top[0]] == 100 and eight.points[top[4]] == 50
    with pytest.raises(IllegalAction):
        SPEC.new_match(6, {"tamil_nadu": True})


def test_we9_indian_deck_totals_and_tenths() -> None:
    """WE-9 (T3V-11, ED-V11): 504, 904, 40/8 = 5, 36/6 = 6, and 304/10 = 30.4."""
    assert 304 + 4 * 50 == 504 and 504 + 4 * 100 == 904
    assert layout_for(8, Options(tamil_nadu=True)).hand_size == 5
    assert layout_for(6, Options(six_player_deck="36")).hand_size == 6
    m = new(
        S,
        {
            E: "AS QC QH AH JD 9D KD 8D",
            N: "JC KC JH 9H 9C 8C 8H 7H",
            W: "JS 9S AC 7C KH TD QD 7D",
            S: "TS TC TH AD KS QS 8S 7S",
        },
        points_display="tenths",
    )
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"))
    assert m.public_view()["contract"] == "16.0"
    assert f"{304 / 10:.1f}" == "30.4"


def test_t3v13_tamil_nadu_double() -> None:
    """T3V-13 (ED-V13): the winner of trick 5, his team having won tricks 1-5, may
    announce Double at CP(20); winning all eight adds one token."""
    from tests.rules.three_o_four.test_caps import ALL_PLAYS, WE6, we6

    m = we6(tamil_nadu=True)
    assert not any(a.kind == "caps" for s in range(4) for a in m.legal_actions(s))
    for item in ALL_PLAYS[:20]:
        play(m, item)
    assert "double" in ids(m, N)
    act(m, (N, "double"))
    for item in ALL_PLAYS[20:]:
        play(m, item)
    assert m.hand_results[0]["double"] == {"team": 0, "made": True}
    assert m.hand_results[0]["delta"] == 1 + 1 and m.tokens == [13, 9]
    assert WE6  # the same deal


def marriage_match() -> ThreeOFourMatch:
    """T3V-9 on: North bids 160 with clubs trump, open, holding KC and QC."""
    hands = {
        S: "JS 7C JD 9S 8S 9D AD TD",
        E: "KS TC KD AS JH 9H TH QD",
        N: "JC 9C 8C AH KC QC 7S 7D",
        W: "QS AC 8D TS KH QH 8H 7H",
    }
    m = new(W, hands, maharashtra_scoring=True)
    act(m, (S, "pass"), (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:JC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    return m


def test_t3v9_marriages_and_last_trick() -> None:
    """T3V-9 (ED-V9): a trump marriage lowers the target by 40; the last trick by 10."""
    from rules.three_o_four.scoring import marriage_target

    assert marriage_target(200, 1, 0, 0, 0, True) == 150
    assert marriage_target(200, 0, 1, 0, 1, False) == 260
    m = marriage_match()
    play(m, "S:JS E:KS N:7S W:QS")
    assert "marriage:C" not in ids(m, S)
    play(m, "S:7C E:TC")
    assert "marriage:C" in ids(m, N)  # N holds KC and QC, trump is open, NS won a trick
    act(m, (N, "marriage:C"))
    assert "marriage:C" not in ids(m, N) and m.marriages == [(N, 3)]


def test_ed_v9_a_marriage_may_be_declared_off_turn() -> None:
    """ED-V9: "a player may declare at any call point" once trump is revealed and his team
    has won a trick, provided he still holds both cards: off his turn too, without the
    table waiting for him; not once he has played one of the two."""
    m = marriage_match()
    assert "marriage:C" not in ids(m, N)  # no trick won yet
    play(m, "S:JS E:KS N:7S W:QS")  # South's jack wins: North-South have won a trick
    assert m.to_act == {S} and N in m.off_turn
    assert "marriage:C" in ids(m, N)
    assert not [i for i in ids(m, N) if i.startswith("play:")]  # off turn: optional kinds
    with pytest.raises(IllegalAction):
        m.apply(W, m.spec.parse_action("marriage:C"))  # West holds neither card
    act(m, (N, "marriage:C"))
    assert m.marriages == [(N, 3)] and m.to_act == {S}  # the turn did not move
    assert "marriage:C" not in ids(m, N)  # each marriage once
    with pytest.raises(IllegalAction):
        m.apply(N, m.spec.parse_action("marriage:C"))


def test_t3v10_duso_vizo_is_the_base_card_values() -> None:
    """T3V-10 (ED-V10): no marriage or last-trick points unless T3V-9 is switched on."""
    assert Options().maharashtra_scoring is False
    m = new(
        S,
        {
            E: "AS QC QH AH JD 9D KD 8D",
            N: "JC KC JH 9H 9C 8C 8H 7H",
            W: "JS 9S AC 7C KH TD QD 7D",
            S: "TS TC TH AD KS QS 8S 7S",
        },
        caps_enforcement="claims_only",
    )
    act(m, (E, "pass"), (N, "bid:160"), (W, "pass"), (S, "pass"), (E, "pass"))
    act(m, (N, "trump:KC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "pass"), (N, "open"))
    first_legal_play(m)
    assert m.hand_results[0]["target"] == 160 and not m.hand_results[0]["marriages"]


def test_t3_5_cut_and_traditional_shuffle_are_seeded() -> None:
    """T3-5.3 / T3-5.4 / ED-4 / ED-5: a cut rotates the pack; the same seed and cut give
    the same hands; the traditional mode riffles the previous hand's cards."""
    a = SPEC.new_match(4, seed=9)
    b = SPEC.new_match(4, seed=9)
    assert isinstance(a, ThreeOFourMatch) and isinstance(b, ThreeOFourMatch)
    pack = list(a.pack)
    cutter = (a.dealer - 1) % 4
    assert "no_cut" in ids(a, cutter) and "cut:31" in ids(a, cutter)
    a.apply(cutter, "cut:5")
    b.apply(cutter, "no_cut")
    first = (a.dealer + 1) % 4
    assert a.hands[first] == (pack[5:] + pack[:5])[:4] and b.hands[first] == pack[:4]
    t = SPEC.new_match(4, {"shuffle_mode": "traditional"}, seed=9)
    assert isinstance(t, ThreeOFourMatch)
    t.apply((t.dealer - 1) % 4, "no_cut")
    for _ in range(4):
        t.apply(t._turn_seat(), "pass")
    assert t.hand_results[-1]["outcome"] == "all_pass" and sorted(t.pack) == sorted(pack)


def test_t3_5_bad_stacked_deals_are_rejected() -> None:
    """T3-5.8: a stacked deal must hold exactly this game's deck in full hands."""
    with pytest.raises(IllegalAction, match="Bad deal"):
        SPEC.new_match(4, deals=[Deal(dealer=0, hands=[["JS"]] * 4)])
    with pytest.raises(IllegalAction, match="Bad deal"):
        SPEC.new_match(4, deals=[Deal(dealer=9, hands=[[]] * 4)])
    with pytest.raises(IllegalAction):
        SPEC.new_match(4, {"first_dealer": 5})
    m = SPEC.new_match(4, {"first_dealer": 2}, seed=1)
    assert isinstance(m, ThreeOFourMatch) and m.dealer == 2


def test_random_seeds_reach_each_variant_quickly() -> None:
    """Smoke over every layout: random legal play finishes matches (T3V-5, T3V-6, T3V-7)."""
    from rules.random_play import play_out

    for players, options in (
        (6, {}),
        (6, {"six_player_deck": "36"}),
        (8, {}),
        (8, {"tamil_nadu": True}),
    ):
        m = SPEC.new_match(players, {**options, "starting_tokens": 3}, seed=4)
        play_out(m, random.Random(4))
        assert m.is_over
    assert N == 2 and W == 3 and plays
