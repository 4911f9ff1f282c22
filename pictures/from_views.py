"""Scenes from engine views: the bridge between ``rules`` and ``pictures``.

The renderer knows nothing of engines; this module reads a match's ``public_view()`` (for
the table) or ``view(seat)`` plus ``legal_actions(seat)`` (for a hand) and builds the
scenes. It only reads what the view says: it never works out a rule (who wins a trick,
what is playable) itself.

    scene = table_scene(match.public_view(), spec, names, translate=translator(locale))
    png = render_table(scene)
    hand = hand_scene(match.view(seat), match.legal_actions(seat))

``table_scene`` picks the builder for ``view["game"]`` (see ``TABLE_BUILDERS``); a game
without its own builder gets ``trick_table_scene``, which reads the common trick-game
keys (``trick``, ``to_act``, ``dealer``, ``hand_sizes``, ``trump``, ``scores``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

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

Translate = Callable[[str], str]


def _english(text: str) -> str:
    return text


class SpecLike(Protocol):
    """What the builders need from a ``GameSpec`` (its title and teams)."""

    @property
    def title(self) -> str: ...

    def teams(self, players: int) -> tuple[tuple[int, ...], ...] | None: ...


class ActionLike(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def value(self) -> str: ...


def _team_of(teams: tuple[tuple[int, ...], ...] | None, seat: int) -> int | None:
    if teams is None:
        return None
    for index, members in enumerate(teams):
        if seat in members:
            return index
    return None


def _trick_cards(view: Mapping[str, Any]) -> tuple[dict[int, str], bool]:
    """Seat -> card of the trick to show, and whether it is the trick just finished
    (shown until the next lead, so everybody sees the last card land)."""
    trick = view.get("trick") or []
    if trick:
        return {int(seat): str(card) for seat, card in trick}, False
    last = view.get("last_trick") or []
    if view.get("phase") == "play" and last:
        return {int(seat): str(card) for seat, card in last}, True
    return {}, False


def _trump(view: Mapping[str, Any]) -> str | None:
    trump = view.get("trump")
    if isinstance(trump, str) and trump in SUIT_LETTERS:
        return trump
    if view.get("trump_closed") or trump == TRUMP_CLOSED:
        return TRUMP_CLOSED
    return None


def trick_table_scene(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    clockwise: bool = False,
    bottom_seat: int = 0,
    notes: Mapping[int, str] | None = None,
    scores: Iterable[ScoreLine] | None = None,
    status: str | None = None,
) -> TableScene:
    """A trick game's table from its public view.

    ``names`` are the seats' display names in seat order. ``notes`` (a bid, a call per
    seat), ``scores`` and ``status`` override what is read from the view.
    """
    t = translate
    players = len(names)
    teams = spec.teams(players)
    cards, finished = _trick_cards(view)
    to_act = set(view.get("to_act") or ())
    sizes = view.get("hand_sizes") or [None] * players
    notes = dict(notes or {})
    seats = tuple(
        SeatScene(
            name=names[seat],
            card=cards.get(seat),
            to_act=seat in to_act,
            dealer=view.get("dealer") == seat,
            team=_team_of(teams, seat),
            hand_count=sizes[seat] if seat < len(sizes) else None,
            note=notes.get(seat, ""),
        )
        for seat in range(players)
    )
    if scores is None:
        scores = team_scores(view, teams, names)
    if status is None:
        parts = []
        if "hand_number" in view:
            parts.append(t(N_("Hand {number}")).format(number=view["hand_number"]))
        if finished:
            parts.append(t(N_("last trick")))
        status = " \u00b7 ".join(parts)
    trump = _trump(view)
    trump_label = ""
    if trump == TRUMP_CLOSED:
        trump_label = t(N_("Trump closed"))
    elif trump is not None:
        trump_label = t(N_("Trump"))
    return TableScene(
        title=spec.title,
        seats=seats,
        trump=trump,
        trump_label=trump_label,
        scores=tuple(scores),
        status=status,
        clockwise=clockwise,
        bottom_seat=bottom_seat,
    )


def team_scores(
    view: Mapping[str, Any],
    teams: tuple[tuple[int, ...], ...] | None,
    names: Sequence[str],
) -> tuple[ScoreLine, ...]:
    """``view["scores"]`` as lines: per team (its members' names) or per seat; with
    ``view["target"]`` shown as ``7 / 16``."""
    scores = view.get("scores")
    if not scores:
        return ()
    target = view.get("target")

    def value(score: Any) -> str:
        return f"{score} / {target}" if target is not None else str(score)

    if teams is not None and len(scores) == len(teams):
        return tuple(
            ScoreLine(" & ".join(names[s] for s in members), value(score), team)
            for team, (members, score) in enumerate(zip(teams, scores, strict=True))
        )
    return tuple(ScoreLine(names[s], value(score)) for s, score in enumerate(scores))


def nigerian_thunee_table(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """Nigerian Thunee (NG): clockwise; each bid shown under its bidder's name, the
    contracts under the score when bidding is over."""
    t = translate
    notes: dict[int, str] = {}
    for seat, amount in view.get("bids") or []:
        notes[int(seat)] = (
            t(N_("Pass")) if amount == 0 else t(N_("Bid {amount}")).format(amount=amount)
        )
    phase = view.get("phase", "")
    phase_names = {
        "throw_in": N_("throw in?"),
        "bidding": N_("bidding"),
        "trump": N_("naming trump"),
    }
    status_parts = [t(N_("Hand {number}")).format(number=view.get("hand_number", 1))]
    if phase in phase_names:
        status_parts.append(t(phase_names[phase]))
    _, finished = _trick_cards(view)
    if finished:
        status_parts.append(t(N_("last trick")))
    return trick_table_scene(
        view,
        spec,
        names,
        translate=t,
        clockwise=True,
        bottom_seat=bottom_seat,
        notes=notes,
        status=" \u00b7 ".join(status_parts),
    )


def thunee_table(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """Thunee (TH): balls per team against the target, cards held per seat, and a
    face-down trump card (not yet revealed) drawn as a closed trump."""
    common = {
        **view,
        "hand_sizes": view.get("cards_held"),
        "scores": view.get("balls"),
        "target": view.get("target_balls"),
        "trump_closed": view.get("trump") is None and bool(view.get("trump_card_face_down")),
    }
    return trick_table_scene(common, spec, names, translate=translate, bottom_seat=bottom_seat)


def _seat_cards(plays: Iterable[Mapping[str, Any]] | None) -> list[tuple[int, str]]:
    """304's trick entries (``{"seat", "card", "face_down"}``; ``card`` None when hidden
    from the viewer) as (seat, card) pairs, a hidden card as ``FACE_DOWN``."""
    return [(int(p["seat"]), str(p["card"]) if p.get("card") else FACE_DOWN) for p in plays or ()]


def t304_table(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """304 (T3): face-down (cut) cards drawn by their backs, the indicator on the table
    as a closed trump, tokens per team as the score."""
    common = {
        **view,
        "trick": _seat_cards(view.get("trick")),
        "last_trick": _seat_cards(view.get("last_trick")),
        "scores": view.get("tokens"),
        "trump_closed": view.get("trump") is None and bool(view.get("indicator_on_table")),
    }
    if "hand_number" in view:
        common["hand_number"] = int(view["hand_number"]) + 1  # 304 counts hands from 0
    return trick_table_scene(common, spec, names, translate=translate, bottom_seat=bottom_seat)


def _rummy_table(
    view: Mapping[str, Any],
    title: str,
    names: Sequence[str],
    melds: Iterable[Mapping[str, Any]],
    stock: int | None,
    scores: tuple[ScoreLine, ...],
    t: Translate,
    bottom_seat: int,
) -> TableScene:
    by_owner: dict[int, list[tuple[str, ...]]] = {}
    for meld in melds:
        by_owner.setdefault(int(meld["owner"]), []).append(tuple(str(c) for c in meld["cards"]))
    to_act = set(view.get("to_act") or ())
    if view.get("turn") is not None:
        to_act.add(int(view["turn"]))
    sizes = view.get("hand_sizes") or []
    seats = tuple(
        SeatScene(
            name=names[seat],
            to_act=seat in to_act,
            dealer=view.get("dealer") == seat,
            hand_count=sizes[seat] if seat < len(sizes) else None,
            melds=tuple(by_owner.get(seat, ())),
        )
        for seat in range(len(names))
    )
    number = view.get("hand_number", view.get("deal"))
    status = t(N_("Hand {number}")).format(number=number) if number is not None else ""
    return TableScene(
        title=title,
        seats=seats,
        scores=scores,
        status=status,
        bottom_seat=bottom_seat,
        stock_count=stock,
        discard_top=view.get("discard_top"),
    )


def tonk_table(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """Tonk (TK): spreads under their owners, the stock and the discard top; Hoyle's
    scores when the variant keeps them."""
    return _rummy_table(
        view,
        spec.title,
        names,
        view.get("spreads") or (),
        view.get("stock_size"),
        team_scores(view, None, names),
        translate,
        bottom_seat,
    )


def telefunken_table(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """Telefunken (TF): melds under their owners, the stock and the discard top, the
    running scores per seat; titled by the variant."""
    return _rummy_table(
        view,
        str(view.get("title") or spec.title),
        names,
        view.get("melds") or (),
        view.get("stock"),
        team_scores(view, None, names),
        translate,
        bottom_seat,
    )


class TableBuilder(Protocol):
    def __call__(
        self,
        view: Mapping[str, Any],
        spec: SpecLike,
        names: Sequence[str],
        *,
        translate: Translate = ...,
        bottom_seat: int = ...,
    ) -> TableScene: ...


TABLE_BUILDERS: dict[str, TableBuilder] = {
    "nigerian_thunee": nigerian_thunee_table,
    "thunee": thunee_table,
    "304": t304_table,
    "tonk": tonk_table,
    "telefunken": telefunken_table,
}


def table_scene(
    view: Mapping[str, Any],
    spec: SpecLike,
    names: Sequence[str],
    *,
    translate: Translate = _english,
    bottom_seat: int = 0,
) -> TableScene:
    """The table scene for any registered game's public view."""
    builder = TABLE_BUILDERS.get(str(view.get("game", "")), trick_table_scene)
    return builder(view, spec, names, translate=translate, bottom_seat=bottom_seat)


def hand_scene(
    view: Mapping[str, Any],
    legal_actions: Iterable[ActionLike] = (),
    *,
    caption: str = "",
) -> HandScene:
    """A seat's hand from ``view(seat)``; the cards its ``play`` actions name are the
    legal ones (no play action: nothing is highlighted)."""
    playable = frozenset(a.value for a in legal_actions if a.kind == "play")
    trump = view.get("trump")
    return HandScene(
        cards=tuple(view.get("hand") or ()),
        legal=playable or None,
        trump=trump if isinstance(trump, str) and trump in SUIT_LETTERS else None,
        caption=caption,
    )
