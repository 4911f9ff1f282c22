"""League table order (issue 32): points, then head-to-head among the tied, then Buchholz
in Swiss events, then rating; equal on everything shares a place."""

from __future__ import annotations

from leagues.tiebreaks import buchholz, head_to_head, meetings_from, order_table

POINTS = {"win": 3, "draw": 1, "loss": 0}


def test_head_to_head_splits_two_entrants_level_on_points() -> None:
    # 1 beat 2; 2 beat 3; 3 beat 1; 2 and 1 also beat 4: 1 and 2 finish on 6 points.
    rows = [
        (1, 1, "win"), (1, 2, "loss"),
        (2, 2, "win"), (2, 3, "loss"),
        (3, 3, "win"), (3, 1, "loss"),
        (4, 1, "win"), (4, 4, "loss"),
        (5, 2, "win"), (5, 4, "loss"),
    ]  # fmt: skip
    meetings = meetings_from(rows, POINTS)
    points = {1: 6, 2: 6, 3: 3, 4: 0}
    assert head_to_head([1, 2], meetings) == {1: 3, 2: 0}
    # The rating would put 2 first: head-to-head comes before it.
    table = order_table(points, {1: 10.0, 2: 20.0, 3: 0.0, 4: 0.0}, meetings)
    assert [(e.entrant_id, e.place, e.head_to_head) for e in table] == [
        (1, 1, 3),
        (2, 2, 0),
        (3, 3, 0),
        (4, 4, 0),
    ]


def test_a_three_way_tie_uses_the_mini_table_of_its_members() -> None:
    # 1, 2, 3 each beat 4; among themselves 1 beat 2, 1 drew 3, 3 beat 2 ... and 2 beat 4
    # twice more so all three end on 7 points.
    meetings = [
        [(1, 3), (2, 0)],
        [(1, 1), (3, 1)],
        [(3, 3), (2, 0)],
        [(1, 3), (4, 0)],
        [(2, 3), (4, 0)],
        [(2, 3), (4, 0)],
        [(3, 3), (4, 0)],
        [(2, 1), (4, 1)],
    ]
    points = {1: 7, 2: 7, 3: 7, 4: 1}
    assert head_to_head([1, 2, 3], meetings) == {1: 4, 2: 0, 3: 4}
    table = order_table(points, {}, meetings)
    # 1 and 3 level on the mini table too (and unrated): they share first place.
    assert [(e.entrant_id, e.place) for e in table] == [(1, 1), (3, 1), (2, 3), (4, 4)]


def test_buchholz_sums_the_opponents_points_in_a_swiss_event() -> None:
    # Swiss, three rounds: 1 and 2 on 6 points never met; 1 met stronger opponents.
    meetings = [
        [(1, 3), (3, 0)],
        [(2, 3), (4, 0)],
        [(1, 3), (5, 0)],
        [(2, 3), (6, 0)],
        [(1, 0), (7, 3)],
        [(2, 0), (8, 3)],
        [(3, 3), (6, 0)],
        [(5, 3), (4, 0)],
    ]
    points = {1: 6, 2: 6, 3: 3, 4: 0, 5: 3, 6: 0, 7: 3, 8: 3}
    assert buchholz(points, meetings)[1] == 3 + 3 + 3
    assert buchholz(points, meetings)[2] == 0 + 0 + 3
    swiss = order_table(points, {2: 50.0}, meetings, swiss=True)
    assert [e.entrant_id for e in swiss[:2]] == [1, 2]
    assert (swiss[0].buchholz, swiss[1].buchholz) == (9, 3)
    # Without Buchholz (a round robin) the rating decides this tie.
    assert [e.entrant_id for e in order_table(points, {2: 50.0}, meetings)[:2]] == [2, 1]


def test_a_meeting_counted_twice_when_met_twice() -> None:
    meetings = [[(1, 3), (2, 0)], [(1, 0), (2, 3)]]
    assert buchholz({1: 3, 2: 3}, meetings) == {1: 6, 2: 6}
