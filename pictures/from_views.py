"""Scenes from engine views: the bridge between ``rules`` and ``pictures``.

The renderer knows nothing of engines; this module reads the common core every game's
view carries (``rules.views``: a ``TrickTable`` or a ``RummyTable`` under ``view["table"]``)
and builds the scenes. It knows no game: what differs between games (the direction of
play, a face-down trump, melds or a trick, the score's unit) is in the core. It never works
out a rule (who wins a trick, what is playable) itself.

    scene = table_scene(match.public_view(), names, translate=translator(locale))
    png = render_table(scene)
    hand = hand_scene(match.view(seat))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from i18n import N_
from pictures.scenes import (
    FACE_DOWN,
    SUIT_LETTERS,
    TRUMP_CLOSED,
    HandScene,
    ScoreLine,
    SeatScene,
    TableScene,
)
from rules.views import RummyTable, Score, TrickCard, TrickTable, table_of

Translate = Callable[[str], str]
Table = TrickTable | RummyTable

PHASE_NAMES = {
    "throw_in": N_("throw in?"),
    "bidding": N_("bidding"),
    "trump": N_("naming trump"),
}
"""Phases worth a word in the status line (the others show in the seats and cards)."""


def _english(text: str) -> str:
    return text


def _table(view: Mapping[str, Any] | Table) -> Table:
    return view if isinstance(view, (TrickTable, RummyTable)) else table_of(view)


def _team_of(teams: Sequence[Sequence[int]] | None, seat: int) -> int | None:
    for index, members in enumerate(teams or ()):
        if seat in members:
            return index
    return None


def _cards(plays: Iterable[TrickCard]) -> dict[int, str]:
    return {p.seat: p.card if p.card is not None else FACE_DOWN for p in plays}


def _trick_cards(table: TrickTable) -> tuple[dict[int, str], bool]:
    """Seat -> card of the trick to show, and whether it is the trick just finished
    (shown until the next lead, so everybody sees the last card land)."""
    if table.trick:
        return _cards(table.trick), False
    if table.phase == "play" and table.last_trick:
        return _cards(table.last_trick), True
    return {}, False


def score_lines(
    score: Score, teams: Sequence[Sequence[int]] | None, names: Sequence[str]
) -> tuple[ScoreLine, ...]:
    """The score as lines: per team (its members' names) or per seat; with a target shown
    as ``7 / 16``."""
    target = score.target

    def value(points: int) -> str:
        return f"{points} / {target}" if target is not None else str(points)

    if score.by == "team" and teams is not None and len(teams) == len(score.values):
        return tuple(
            ScoreLine(" & ".join(names[s] for s in members), value(points), team)
            for team, (members, points) in enumerate(zip(teams, score.values, strict=True))
        )
    return tuple(ScoreLine(names[s], value(p)) for s, p in enumerate(score.values[: len(names)]))


def _notes(table: TrickTable, t: Translate) -> dict[int, str]:
    """Each seat's latest call of this hand's auction, under its name."""
    notes: dict[int, str] = {}
    for bid in table.bids:
        if bid.value is None:
            notes[bid.seat] = t(N_("Pass"))
        else:
            notes[bid.seat] = t(N_("Bid {amount}")).format(amount=bid.value)
    return notes


def _trump(table: TrickTable) -> str | None:
    suit = table.trump.suit
    if suit in SUIT_LETTERS:
        return suit
    return TRUMP_CLOSED if table.trump.face_down_card else None


def trick_table_scene(
    table: TrickTable, names: Sequence[str], t: Translate, bottom_seat: int
) -> TableScene:
    """A trick game's table: the trick (or the one just finished), the trump, each seat's
    bid, cards held, the score."""
    cards, finished = _trick_cards(table)
    to_act = set(table.to_act)
    notes = _notes(table, t)
    sizes = table.hand_sizes
    seats = tuple(
        SeatScene(
            name=names[seat],
            card=cards.get(seat),
            to_act=seat in to_act,
            dealer=table.dealer == seat,
            team=_team_of(table.teams, seat),
            hand_count=sizes[seat] if seat < len(sizes) else None,
            note=notes.get(seat, ""),
        )
        for seat in range(len(names))
    )
    parts = [t(N_("Hand {number}")).format(number=table.hand_number)]
    if table.phase in PHASE_NAMES:
        parts.append(t(PHASE_NAMES[table.phase]))
    if finished:
        parts.append(t(N_("last trick")))
    trump = _trump(table)
    trump_label = ""
    if trump == TRUMP_CLOSED:
        trump_label = t(N_("Trump closed"))
    elif trump is not None:
        trump_label = t(N_("Trump"))
    return TableScene(
        title=table.title,
        seats=seats,
        trump=trump,
        trump_label=trump_label,
        scores=score_lines(table.score, table.teams, names),
        status=" \u00b7 ".join(parts),
        clockwise=table.clockwise,
        bottom_seat=bottom_seat,
    )


def rummy_table_scene(
    table: RummyTable, names: Sequence[str], t: Translate, bottom_seat: int
) -> TableScene:
    """A rummy game's table: the melds under their owners, the stock and discard top."""
    by_owner: dict[int, list[tuple[str, ...]]] = {}
    for meld in table.melds:
        by_owner.setdefault(meld.owner, []).append(tuple(meld.cards))
    to_act = set(table.to_act)
    sizes = table.hand_sizes
    seats = tuple(
        SeatScene(
            name=names[seat],
            to_act=seat in to_act,
            dealer=table.dealer == seat,
            hand_count=sizes[seat] if seat < len(sizes) else None,
            melds=tuple(by_owner.get(seat, ())),
        )
        for seat in range(len(names))
    )
    return TableScene(
        title=table.title,
        seats=seats,
        scores=score_lines(table.score, table.teams, names),
        status=t(N_("Hand {number}")).format(number=table.hand_number),
        bottom_seat=bottom_seat,
        stock_count=table.stock_size,
        discard_top=table.discard_top,
    )


def table_scene(
    view: Mapping[str, Any] | Table,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """The table scene of any game's public view (or of its core, already typed);
    ``names`` are the seats' display names in seat order."""
    table = _table(view)
    if isinstance(table, RummyTable):
        return rummy_table_scene(table, names, translate, bottom_seat)
    return trick_table_scene(table, names, translate, bottom_seat)


def hand_scene(view: Mapping[str, Any] | Table, *, caption: str = "") -> HandScene:
    """A seat's hand from ``view(seat)``: the cards its legal ``play`` actions name are
    raised (no play action: nothing is highlighted); trump cards marked when it knows
    the trump."""
    table = _table(view)
    playable = frozenset(a.value for a in table.legal if a.kind == "play")
    trump = table.trump.suit if isinstance(table, TrickTable) else None
    return HandScene(
        cards=tuple(table.hand),
        legal=playable or None,
        trump=trump if trump in SUIT_LETTERS else None,
        caption=caption,
    )
