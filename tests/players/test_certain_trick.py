"""Issue 35: at a trick's last seat every card's outcome is certain, and every level plays
a card best for its team (win as cheaply as possible, throw the least valuable card when
nothing wins, never take a partner's winning trick)."""

from __future__ import annotations

import random

import pytest

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.certain_trick import certain_plays
from players.levels import player_of
from rules import registry
from rules.contract import Action
from rules.plugin import LEVELS
from rules.registry import BUILTIN

TRICK_GAMES = ("thunee", "304", "nigerian_thunee")
TINY = SearchBudget(rollouts=16, time_cap_ms=0)


def situation(
    game: str, seat: int, trick: list[tuple[int, str]], hand: list[str], trump: str
) -> Situation:
    spec = registry.get(game)
    return Situation(
        spec=spec,
        players=4,
        seat=seat,
        options=spec.Options(),
        teams=spec.teams(4),
        phase="play",
        view={"hand": hand, "trick": [[s, c] for s, c in trick], "trump": trump},
        legal=[spec.parse_action(f"play:{c}") for c in hand],
        rng=random.Random(0),
    )


def ids(actions: list[Action] | None) -> list[str] | None:
    return None if actions is None else [a.id for a in actions]


def test_th22_an_opponents_trick_is_taken_by_the_cheapest_winner() -> None:
    """TH-22.1 (highest of the led suit wins), TH-2.2 order J 9 A 10 K Q: seat 1 (team
    1, 3) is last; opponent seat 2's A of spades wins; the 9 and the J both take it, the 9
    is the cheaper winner (a plain card before a trump)."""
    sit = situation("thunee", 1, [(2, "AS"), (3, "KS"), (0, "QS")], ["JS", "9S", "10S"], "H")
    assert ids(certain_plays(sit)) == ["play:9S"]


def test_th22_a_trick_nothing_wins_gets_the_least_valuable_card() -> None:
    """TH-22.1 with TH-24's card points (J 30, 9 20, A 11, 10 10, K 3, Q 2): seat 1 is
    void in spades and holds no trump, the opponents' J of spades wins whatever it
    plays: it throws the Q (2 points), never the A or the 10."""
    sit = situation("thunee", 1, [(2, "JS"), (3, "KS"), (0, "QS")], ["AD", "QD", "10C"], "H")
    assert ids(certain_plays(sit)) == ["play:QD"]


def test_th21_a_partners_winning_trick_is_never_cut() -> None:
    """TH-21.5 (no duty to trump), TH-22.1: partner seat 3 wins with the J of diamonds;
    seat 1, void in diamonds, must not cut with its trumps (C)."""
    sit = situation("thunee", 1, [(2, "QD"), (3, "JD"), (0, "KD")], ["AC", "10S", "JC"], "C")
    assert ids(certain_plays(sit)) == ["play:10S"]


def test_t3_10_5_a_jack_is_never_thrown_where_a_king_is_legal() -> None:
    """T3-10.5 (highest trump, else highest of the led suit wins), T3-2.2 points: the
    opponents' J of diamonds wins; the trumpless seat 0 throws its K (3), not the J of
    clubs (30) or the 10 (10): the 304 search's old last-seat point throw."""
    sit = situation("304", 0, [(1, "JD"), (2, "8D"), (3, "7D")], ["JC", "KH", "10H"], "S")
    assert ids(certain_plays(sit)) == ["play:KH"]


def test_t3_10_5_a_pointless_trick_only_a_trump_takes_may_be_let_go() -> None:
    """T3-10.4 (no duty to trump): a trick of no points that only a trump would take is
    the level's to weigh: the cheapest trump, or the least valuable plain card."""
    sit = situation("304", 0, [(1, "8D"), (2, "7D"), (3, "8H")], ["9S", "7S", "7C", "AC"], "S")
    assert ids(certain_plays(sit)) == ["play:7S", "play:7C"]


def test_t3_hidden_trump_makes_nothing_certain() -> None:
    """T3-11.2: while trump is closed the seat cannot know which card wins: no rule."""
    sit = situation("304", 0, [(1, "8D"), (2, "7D"), (3, "8H")], ["9S", "7S", "7C"], "S")
    sit.view["trump"] = None
    assert certain_plays(sit) is None


def test_ng10_3_without_points_the_lowest_card_is_thrown() -> None:
    """NG-10.3 (highest trump, else highest of the led suit wins): in Nigerian Thunee
    tricks are counted, not points, so the least valuable card is the lowest rank."""
    sit = situation(
        "nigerian_thunee", 0, [(1, "QC"), (2, "9C"), (3, "JC")], ["8C", "KC", "10C"], "S"
    )
    assert ids(certain_plays(sit)) == ["play:8C"]


def test_ng10_3_a_trick_counting_game_takes_a_trick_with_the_lowest_winner() -> None:
    """NG-10.3: seat 0 is last, opponent seat 3 wins with the 10; the A and the 9 both win
    it: the A (lower in J 9 A 10) is enough."""
    sit = situation(
        "nigerian_thunee", 0, [(1, "QC"), (2, "KC"), (3, "10C")], ["9C", "AC", "8C"], "S"
    )
    assert ids(certain_plays(sit)) == ["play:AC"]


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_every_level_keeps_to_the_certain_best_play_at_the_last_seat(game: str) -> None:
    """TH-22.1, T3-10.5, NG-10.3 on engine-dealt positions (beginners playing the matches
    on): wherever a seat is last to a trick and the rule rules a card out, every level
    (beginner, club, expert) plays one of the cards it allows."""
    spec = registry.get(game)
    plugin = BUILTIN.plugin(game)
    players: dict[str, ComputerPlayer] = {level: player_of(plugin, level, TINY) for level in LEVELS}
    checked = 0
    for seed in range(30):
        match = spec.new_match(4, None, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and checked < 6:
            seat = min(match.to_act)
            sit = Situation.at(match, seat, rng)
            allowed = certain_plays(sit)
            plays = [a for a in sit.legal if a.kind == "play"]
            if allowed is not None and len(allowed) < len(plays):
                checked += 1
                for level, player in players.items():
                    chosen = player.choose(Situation.at(match, seat, random.Random(checked)))
                    assert chosen in allowed, (game, level, chosen, allowed)
            match.apply(seat, players["beginner"].choose(sit))
        if checked >= 6:
            break
    assert checked == 6


def test_thv12_a_called_contract_leaves_the_choice_to_the_level() -> None:
    """THV-12 (Royals reverses the ranks) and TH-12 (Thunee): with a call in play, which
    card wins, and what a trick is worth, are not the plain rule's: no constraint."""
    sit = situation("thunee", 1, [(2, "AS"), (3, "KS"), (0, "QS")], ["JS", "9S", "10S"], "H")
    sit.view["call"] = {"kind": "royals", "seat": 0}
    assert certain_plays(sit) is None
