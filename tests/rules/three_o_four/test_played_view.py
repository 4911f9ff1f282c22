"""The view's memory of the hand (``played``, ``cards_in_hand``): what each seat saw, no
more (T3-18.1), for the computer players' search."""

from __future__ import annotations

from tests.rules.three_o_four.helpers import E, N, S, W, play
from tests.rules.three_o_four.test_closed_trump import f1


def test_played_lists_the_hand_as_each_seat_saw_it_t3_18_1() -> None:
    """T3-18.1 / T3-11.9(b): face-down cards are known to their player, and to the
    trumper once examined; everyone else keeps them as backs, in every later view."""
    m = f1()
    play(m, "N:7S W:9C S:QS")
    # Mid-trick: the trumper W has not examined anything yet.
    assert m.view(W)["played"][-2:] == [[W, "9C", True, "hand"], [S, "QS", False, "hand"]]
    assert m.view(N)["played"][-2] == [W, None, True, "hand"]
    play(m, "E:QD")
    everyone = ["KH", "10H", None, "JH", "10S", None, "9S", "AS"]
    assert [p[1] for p in m.public_view()["played"][:8]] == everyone
    assert [p[1] for p in m.view(W)["played"][:8]] == [
        "KH",
        "10H",
        "KC",
        "JH",
        "10S",
        "AD",
        "9S",
        "AS",
    ]
    assert [p[1] for p in m.view(E)["played"][:8]] == [
        "KH",
        "10H",
        None,
        "JH",
        "10S",
        "AD",
        "9S",
        "AS",
    ]
    last = [p[1] for p in m.view(W)["played"][8:]]
    assert last == ["7S", "9C", "QS", "QD"]
    assert [p[1] for p in m.view(E)["played"][8:]] == ["7S", None, "QS", "QD"]
    for seen_by in (m.view(N), m.view(S), m.public_view()):
        assert [p[1] for p in seen_by["played"][8:]] == ["7S", None, "QS", None]
    assert m.view(N)["played"][9] == [W, None, True, "hand"]
    # Hand sizes: W holds 4 cards in hand (the indicator lies on the table).
    assert m.public_view()["cards_in_hand"] == [5, 5, 5, 4]
    assert m.public_view()["indicator_on_table"]


def test_the_revealed_indicator_is_public_t3_11_9() -> None:
    """T3-11.9(c) / T3-18.1: once a face-down trump reveals trump, the indicator is shown
    to everyone and joins the trumper's hand; the view names it for every seat."""
    m = f1()
    assert all(m.view(s)["revealed_indicator"] is None for s in (N, E, S, W))
    play(m, "N:7S W:9C S:QS E:8H")  # E's face-down 8H is a trump
    assert m.revealed and "QH" in m.view(W)["hand"]
    for seen_by in (m.view(N), m.view(E), m.view(S), m.public_view()):
        assert seen_by["revealed_indicator"] == "QH"
        assert seen_by["trump"] == "H"
