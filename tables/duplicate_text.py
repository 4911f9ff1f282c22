"""The words of duplicate events and hand reviews, for every front end (the console and
Discord), through the catalog: ``t`` is the player's translator, ``name`` names a seat."""

from __future__ import annotations

from collections.abc import Callable

from leagues.duplicate import EventLine
from players.review import HandReview, ReviewTrick
from storage.duplicate import DuplicateEvent
from tables.console_log import pretty_card

Translate = Callable[[str], str]
Name = Callable[[int], str]


def event_opened(event: DuplicateEvent, title: str, hours: float, t: Translate) -> str:
    return t(
        "Duplicate event #{event}: {deals} deals of {game}, open for {hours} hours. "
        "Everyone plays the same deals from the same seat with computers, one try each. "
        "The seeds are committed: sha256 {commitment} (revealed at the end). "
        "Play with /duplicate play event:{event}."
    ).format(
        event=event.id,
        deals=event.deals,
        game=title,
        hours=f"{hours:g}",
        commitment=event.commitment,
    )


def deal_opened(event_id: int, deal: int, deals: int, t: Translate) -> str:
    return t("Duplicate event #{event}, deal {deal} of {deals}: your table is open.").format(
        event=event_id, deal=deal + 1, deals=deals
    )


def event_table_lines(
    event: DuplicateEvent, lines: list[EventLine], verified: bool, t: Translate
) -> list[str]:
    """The event table, best first, with the revealed seeds when the event is closed."""
    out = [t("Duplicate event #{event}: final table").format(event=event.id)]
    if not lines:
        out.append(t("Nobody played."))
    for rank, line in enumerate(lines, start=1):
        out.append(
            t(
                "{rank}. {name}: {percent}% ({points} of {possible} matchpoints), "
                "{total} over {deals} deals"
            ).format(
                rank=rank,
                name=line.name,
                percent=f"{line.percent:.1f}",
                points=line.matchpoints,
                possible=line.possible,
                total=line.total,
                deals=line.deals,
            )
        )
    if event.revealed:
        seeds = ", ".join(str(s) for s in event.seeds)
        out.append(t("Seeds: {seeds}; salt: {salt}.").format(seeds=seeds, salt=event.salt))
        out.append(
            t("The seeds match the commitment.")
            if verified
            else t("The seeds do NOT match the commitment.")
        )
    return out


def event_open_lines(event: DuplicateEvent, entrants: int, t: Translate) -> list[str]:
    return [
        t(
            "Duplicate event #{event} is open until <t:{closes}:f>: {entrants} entrants so far. "
            "The table is posted when it closes."
        ).format(event=event.id, closes=int(event.closes_at), entrants=entrants)
    ]


def trick_lines(trick: ReviewTrick, t: Translate, name: Name) -> list[str]:
    """One trick of a review: each play, and where a card lost part of the exact result,
    by how much and which cards would have kept it."""
    head = t("Trick {number}").format(number=trick.number)
    out = [head + (" ⚠" if trick.marked else "")]
    for play in trick.plays:
        text = f"  {name(play.seat)}: {pretty_card(play.card)}"
        if play.lost:
            text += " — " + t("lost {amount}; best: {cards}").format(
                amount=play.lost, cards=" ".join(pretty_card(c) for c in play.best)
            )
        out.append(text)
    return out


def review_lines(review: HandReview, t: Translate, name: Name) -> list[str]:
    """The whole review: each seat's cards, then the tricks, then the marked ones."""
    out = [t("Review of hand {hand}").format(hand=review.hand + 1)]
    for seat, cards in sorted(review.hands.items()):
        out.append(f"{name(seat)}: " + " ".join(pretty_card(c) for c in cards))
    for trick in review.tricks:
        out.extend(trick_lines(trick, t, name))
    if review.marked:
        out.append(
            t("Cards that gave away part of the best result: tricks {tricks}.").format(
                tricks=", ".join(str(n) for n in review.marked)
            )
        )
    else:
        out.append(t("No card lost anything in the tricks that could be solved exactly."))
    return out
