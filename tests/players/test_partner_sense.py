"""Partner sense beyond the last seat (players/partner_sense.py): a partner's trick that
no opponent still to play can beat, from the seat's knowledge (TH-21 voids), is kept; the
search takes it over only when its evaluation proves that better."""

from __future__ import annotations

from players.budget import MIN_WORLDS
from players.partner_sense import PROVEN_DRAWS, partner_sure, proven, takes_over, veto
from rules.cards import make_card
from rules.thunee.cardplay import NORMAL_STRENGTH


def c(text: str) -> int:
    return make_card(text[:-1], text[-1])


HEARTS = 1


def test_a_boss_card_of_the_partner_is_sure_when_the_opponent_after_cannot_trump() -> None:
    """Seat 0 led the JS (top spade); seat 1 played; seat 2 (its partner) is to play and
    seat 3 is still to come. With seat 3 known void in trump (hearts) the JS is sure;
    with nothing known about seat 3 it is not (seat 3 may trump, TH-22.1)."""
    trick = [(0, c("JS")), (1, c("QS"))]
    unseen = [c("9S"), c("AS"), c("QH"), c("KD")]

    def partner(s: int) -> bool:
        return s == 0

    assert not partner_sure(trick, HEARTS, NORMAL_STRENGTH, 2, 4, partner, unseen, lambda s: set())
    void_in_trump = partner_sure(
        trick,
        HEARTS,
        NORMAL_STRENGTH,
        2,
        4,
        partner,
        unseen,
        lambda s: {HEARTS} if s == 3 else set(),
    )
    assert void_in_trump
    # a higher spade unseen is no threat to a JS (the top spade) but the 9S is to a 9S
    low = [(0, c("AS")), (1, c("QS"))]
    assert not partner_sure(
        low, HEARTS, NORMAL_STRENGTH, 2, 4, partner, unseen, lambda s: {HEARTS} if s == 3 else set()
    )
    # the opponent has played already and only the partner's side is left: sure
    assert partner_sure(
        [(3, c("KS")), (0, c("JS")), (1, c("QS"))],
        HEARTS,
        NORMAL_STRENGTH,
        2,
        4,
        partner,
        unseen,
        lambda s: set(),
    )


def test_trumping_a_sure_trick_is_a_take_over() -> None:
    trick = [(0, c("JS")), (1, c("QS"))]
    assert takes_over(trick, c("QH"), HEARTS, NORMAL_STRENGTH)
    assert not takes_over(trick, c("KS"), HEARTS, NORMAL_STRENGTH)


def test_the_veto_yields_only_to_a_proven_gain() -> None:
    """A hated move wins only when better by the margin (sampled) or at all (solved)."""
    hated = [True, False]
    assert veto([1.10, 1.0], hated, proven=False) == 1
    assert veto([1.30, 1.0], hated, proven=False) == 0
    assert veto([1.01, 1.0], hated, proven=True) == 0
    assert veto([1.0, 1.0], hated, proven=True) == 1
    assert veto([0.5, 1.0], [True, False], proven=False) == 1  # the best is not hated


def test_only_one_world_drawn_throughout_is_proof() -> None:
    """A mean of exact (double-dummy) values over different sampled worlds is a sample,
    not proof: a take-over it favours must clear the margin like a rollout's (issue 35:
    the old rule, any exact world, let the expert trump sure partner tricks)."""
    assert PROVEN_DRAWS == MIN_WORLDS
    assert proven(1, MIN_WORLDS)  # the seat's knowledge fixes the deal: solved outright
    assert not proven(2, MIN_WORLDS)  # two deals possible: a sample
    assert not proven(40, 40)
    assert not proven(1, 1)  # one draw only (the cap struck): nothing shows it unique
    assert not proven(0, 240)  # rollouts
    # so a take-over 0.05 better on a mean over several solved worlds is vetoed
    assert veto([1.05, 1.0], [True, False], proven=proven(12, 12)) == 1
    assert veto([1.05, 1.0], [True, False], proven=proven(1, 12)) == 0
