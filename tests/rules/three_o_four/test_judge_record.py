"""What the Caps judge reads from a hand's record, against the first implementations, kept
here as references: the stretches in which a member may become certain (his turns found by
the seat order of each trick, not by reading every play) and the trumps an opponent holds
that the team cannot each beat (on place masks, not on a list of the deal's trumps)."""

from __future__ import annotations

from rules.three_o_four.caps import SUIT, CapsJudge
from tests.rules.three_o_four.helpers import call_points


def _stretches_from_plays(judge: CapsJudge, member: int, upto: int) -> list[tuple[int, int]]:
    """``_open_stretches`` with the member's turns read off the record, play by play."""
    m = judge.m
    ends = [i for i, record in enumerate(m.history) if record[0] == member and i <= upto]
    if not ends or ends[-1] < upto:
        ends.append(upto)
    out = []
    start = 0
    for plays, end in enumerate(ends):
        if plays >= m.n_tricks or not judge.team_won_all_before(member % 2, start):
            break
        out.append((start, end))
        start = end + 1
    return out


def _trumps_unbeaten_by_card(judge: CapsJudge, team: int, k: int) -> bool:
    """``_trumps_unbeaten`` over the deal's trumps one by one, highest first, with the
    seat each was dealt to and whether it was played before CP(k)."""
    m = judge.m
    trump, strength = m.trump, m.layout.strength
    dealt = [
        (card, s)
        for s in judge.active
        for card in [*m.start_hands[s], *([m.start_indicator] if s == m.trumper else [])]
        if card is not None and SUIT[card] == trump
    ]
    dealt.sort(key=lambda held: -strength[held[0]])
    played = {record[1] for record in m.history[:k]}
    start = k // judge.per_trick * judge.per_trick
    slack = [0] * m.players
    if any(r[0] % 2 == team and SUIT[r[1]] == trump for r in m.history[start:k]):
        for o in judge.active:
            slack[o] = 1
        for r in m.history[start:k]:
            slack[r[0]] = 0
    above = 0
    for card, holder in dealt:
        if card in played:
            continue
        if holder % 2 == team:
            above += 1
        else:
            slack[holder] -= 1
            if slack[holder] + above < 0:
                return True
    return False


def test_t3_16_4_stretches_and_unbeaten_trumps_read_from_the_record_as_play_by_play() -> None:
    compared = unbeaten = 0
    cases = [(4, s) for s in range(30, 34)] + [(6, s) for s in range(40, 44)] + [(8, 50)]
    for _players, _seed, _match, judge, k, p in call_points(cases, every_seat=True):
        for upto in range(k + 1):
            expected = _stretches_from_plays(judge, p, upto)
            assert judge._open_stretches(p, upto) == expected, (_players, _seed, p, k, upto)
        for team in (0, 1):
            expected_unbeaten = _trumps_unbeaten_by_card(judge, team, k)
            assert judge._trumps_unbeaten(team, k) == expected_unbeaten, (_players, _seed, k)
            unbeaten += expected_unbeaten
            compared += 1
    assert compared > 2000 and 0.1 * compared < unbeaten < 0.9 * compared
