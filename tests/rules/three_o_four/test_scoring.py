"""Token scoring (T3-17), the bank (T3V-1), match end, and the scoring worked examples."""

from __future__ import annotations

import pytest

from rules.three_o_four.auction import PCC
from rules.three_o_four.options import Options, layout_for
from rules.three_o_four.scoring import CapsResult, external_delta, hand_delta, pay
from tests.rules.three_o_four.helpers import E, N, S, W, act, new, play

LAYOUT = layout_for(4, Options())
NONE = CapsResult()


@pytest.mark.parametrize(
    ("row", "contract", "points", "caps", "delta", "after"),
    [
        ("8.1", 160, 160, NONE, 1, [12, 10]),
        ("8.2", 160, 159, NONE, -2, [9, 13]),
        ("8.3", 190, 250, NONE, 1, [12, 10]),
        ("8.4", 200, 200, NONE, 2, [13, 9]),
        ("8.5", 240, 239, NONE, -3, [8, 14]),
        ("8.6", 250, 251, NONE, 3, [14, 8]),
        ("8.7", 300, 290, NONE, -4, [7, 15]),
        ("8.10", 210, 304, CapsResult("correct", bonus=True), 3, [14, 8]),
        ("8.11", 250, 304, CapsResult("correct", bonus=True), 4, [15, 7]),
        ("8.12", 210, 304, CapsResult("correct", bonus=False), 2, [13, 9]),
        ("8.13", 220, 304, CapsResult("wrong"), -2, [9, 13]),
        ("8.14", 260, 240, CapsResult("wrong"), -2, [9, 13]),
        ("8.15", 180, 200, CapsResult("lost"), -5, [6, 16]),
        ("8.16", 270, 280, CapsResult("lost"), -5, [6, 16]),
    ],
)
def test_we8_token_table_row_by_row(
    row: str, contract: int, points: int, caps: CapsResult, delta: int, after: list[int]
) -> None:
    """WE-8 (T3-17.1 to T3-17.6, T3-17.8, ED-35): each row from 11/11, trumper in NS."""
    got = hand_delta(contract, LAYOUT, points >= contract, caps, NONE, "off")
    assert got == delta, row
    tokens = [11, 11]
    if got > 0:
        pay(tokens, 1, got, "transfer")
    else:
        pay(tokens, 0, -got, "transfer")
    assert tokens == after, row


@pytest.mark.parametrize(
    ("row", "made", "delta", "after"), [("8.8", True, 4, [15, 7]), ("8.9", False, -5, [6, 16])]
)
def test_we8_pcc_rows(row: str, made: bool, delta: int, after: list[int]) -> None:
    """WE-8 rows 8.8 and 8.9 (T3-15.7, T3-15.9): PCC +4 / -5."""
    got = hand_delta(PCC, LAYOUT, made, NONE, NONE, "off")
    tokens = [11, 11]
    pay(tokens, 0 if got < 0 else 1, abs(got), "transfer")
    assert (got, tokens) == (delta, after), row


def _pcc_lost_by_ew(**options: object):  # type: ignore[no-untyped-def]
    """E bids PCC (spades), N wins trick 2: EW owe 5 (the TC-14 deal)."""
    hands = {
        E: "JS 9S AS TS JD 9D AD QD",
        N: "KS QS 8S 7S JC 9C KD TD",
        W: "JH 9H TH KH QH 8H 7H AH",
        S: "AC TC KC QC 8C 7C 8D 7D",
    }
    m = new(S, hands, **options)
    act(m, (E, "bid:160"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:JS"))
    act(m, (E, "bid:PCC"), (N, "pass"), (W, "pass"), (S, "pass"), (E, "trump:JS"), (E, "open"))
    return m


def test_tc15_token_cap_and_match_end() -> None:
    """TC-15 (ED-37, T3-17.7, T3-17.9, T3-4.2): a team never pays more than it holds."""
    tokens = [20, 2]
    assert pay(tokens, 1, 4, "transfer") == 2 and tokens == [22, 0]
    m = _pcc_lost_by_ew()
    m.tokens = [20, 2]
    play(m, "E:AD N:KD S:7D E:QD N:TD S:8D")
    assert m.is_over and m.tokens == [22, 0]
    last = m.hand_results[-1]  # the common core: EW failed PCC, paid the 2 they held
    assert last["why"]["code"] == "contract_failed"
    assert {k: last["why"]["params"][k] for k in ("contract", "trumper", "delta")} == {
        "contract": "PCC",
        "trumper": E,
        "delta": -5,
    }
    assert last["winners"] == [0, 2]
    assert last["awards"] == [
        {"to": "team", "index": 1, "amount": -2, "unit": "tokens"},
        {"to": "team", "index": 0, "amount": 2, "unit": "tokens"},
    ]
    assert m.result == {
        "winner_team": 0,
        "winners": [0, 2],
        "tokens": [22, 0],
        "hands": 1,
        "score": {
            "unit": "tokens",
            "by": "team",
            "values": [22, 0],
            "target": None,
            "lower_wins": False,
        },
    }
    assert m.phase == "match_over" and m.to_act == frozenset()


def test_tc16_bank_mode() -> None:
    """TC-16 (T3V-1, ED-V1, INV-18): losers pay the bank; a team at 0 loses."""
    tokens = [11, 11]
    pay(tokens, 1, hand_delta(210, LAYOUT, True, NONE, NONE, "off"), "bank")
    assert tokens == [11, 9]
    tokens = [11, 1]
    assert pay(tokens, 1, 2, "bank") == 1 and tokens == [11, 0]
    m = _pcc_lost_by_ew(token_mode="bank")
    play(m, "E:AD N:KD S:7D E:QD N:TD S:8D")
    assert m.tokens == [11, 6] and not m.is_over
    m = _pcc_lost_by_ew(token_mode="bank")
    m.tokens = [11, 1]
    play(m, "E:AD N:KD S:7D E:QD N:TD S:8D")
    assert m.is_over and m.result is not None and m.result["winner_team"] == 0


def test_t3_17_starting_tokens_option() -> None:
    """T3-4.1 / T3-4.3: the starting tokens are an option (11 by default)."""
    assert new(
        S,
        {
            E: "AS QC QH AH JD 9D KD 8D",
            N: "JC KC JH 9H 9C 8C 8H 7H",
            W: "JS 9S AC 7C KH TD QD 7D",
            S: "TS TC TH AD KS QS 8S 7S",
        },
        starting_tokens=5,
    ).tokens == [5, 5]


def test_tc18_external_caps_payments() -> None:
    """TC-18 (T3V-3, ED-V3): contract 220 (trumper N), E's external Caps."""
    win, lose = 2, 3  # the 200-249 band
    assert win == 2
    assert external_delta(CapsResult("correct", bonus=True), lose, "modern") == -4
    assert external_delta(CapsResult("correct", bonus=True), lose, "legacy") == -8
    assert external_delta(CapsResult("correct", bonus=False), lose, "modern") == -3
    assert external_delta(CapsResult("wrong"), lose, "modern") == 2
    assert external_delta(CapsResult("lost"), lose, "modern") == 5
    # ED-36: both teams with a Caps outcome are netted
    both = hand_delta(220, LAYOUT, True, CapsResult("wrong"), CapsResult("wrong"), "modern")
    assert both == -2 + 2
