"""What the console tells a seat about the others: built only from that seat's typed view.

The log compares the seat's view before and after each update, so it can never say more
than the view says: a face-down card stays "a card face down" until the view shows it, and
a computer's hand is never read. Hand and match ends are told from the typed results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from i18n import N_, plural
from rules.cards import SUIT_SYMBOLS, CardError, parse_card
from rules.results import HandResult, MatchResult
from rules.views import AnyTable, RummyTable, Score, TrickTable

Translate = Callable[[str], str]

RANKS = "AKQJT98765432"
UNITS: dict[str, str] = {
    "balls": N_("balls"),
    "tokens": N_("tokens"),
    "points": N_("points"),
    "chips": N_("chips"),
}
SUITS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

REASONS: dict[str, str] = {
    "counting_team_won": N_(
        "The counting side made {card_points} card points (needed {needed_card_points})."
    ),
    "trump_team_won": N_(
        "The trump side held the others to {card_points} points (needed {needed_card_points})."
    ),
    "contract_success": N_("{caller} made the {contract} call."),
    "contract_failure": N_("The {contract} call by {caller} failed: {seat} won a trick."),
    "contract_partner_catch": N_(
        "The {contract} call by {caller} failed: partner {seat} won a trick."
    ),
    "call_success": N_("{caller} made the {call} call."),
    "call_failure": N_("The {call} call by {caller} failed."),
    "call_partner_catch": N_("The {call} call by {caller} failed: partner {seat} won a trick."),
    "revoke": N_("{offender} was caught not following suit by {challenger}."),
    "undercut": N_("{offender} was caught undercutting by {challenger}."),
    "wrong_challenge": N_("{challenger} made a wrong challenge."),
    "false_jodi": N_("{offender} declared a Jodi they did not hold."),
    "cornered_double": N_("The double by {offender} was cornered."),
    "redeal": N_("The cards were dealt again."),
    "annulled": N_("The hand was annulled."),
    "played": N_("Tricks won: {tricks}."),
    "capture": N_("One side won every trick."),
    "throw_in": N_("{seat} threw in the hand."),
    "contract_made": N_("{trumper} made the {contract} contract with {points} points."),
    "contract_failed": N_("{trumper} missed the {contract} contract ({points} points)."),
    "all_pass": N_("Everyone passed; the cards were dealt again."),
    "spoilt": N_("The hand was spoilt; the cards were dealt again."),
    "void_deal": N_("The deal was void."),
    "out_on_discard": N_("{winner} went out."),
    "stock_void": N_("The stock ran out."),
    "showdown": N_("The stock ran out; {winner} had the lowest count."),
    "drop": N_("{actor} dropped; {winner} had the lowest count."),
    "caught": N_("{actor} dropped but was caught; {winner} wins."),
    "tunk": N_("{winner} tunked."),
    "went_out": N_("{seat} went out."),
    "stock_exhausted": N_("The stock ran out."),
}
"""One sentence per hand-result reason code (docs/engine-contract.md lists them)."""


def counted(amount: int | str, n: int, unit: str, t: Translate) -> str:
    """``"3 chips"``, ``"1 ball"``, ``"+4 tokens"``: ``amount`` as written, in the plural
    form ``n`` takes in the reader's language."""
    if unit == "balls":
        text = plural("{n} ball", "{n} balls", n, t)
    elif unit == "tokens":
        text = plural("{n} token", "{n} tokens", n, t)
    elif unit == "points":
        text = plural("{n} point", "{n} points", n, t)
    elif unit == "chips":
        text = plural("{n} chip", "{n} chips", n, t)
    else:
        return f"{amount} {unit}"
    return text.format(n=amount)


SEAT_PARAMS = frozenset({"caller", "seat", "offender", "challenger", "trumper", "winner", "actor"})


def pretty_card(text: str) -> str:
    """``"10H"`` -> ``"10♥"``; anything that is not a card is returned as it is."""
    try:
        parse_card(text)
    except (CardError, TypeError):
        return str(text)
    if text == "*":
        return "🃏"
    return text[:-1] + SUIT_SYMBOLS.get(text[-1], text[-1])


def cards_text(cards: Sequence[str]) -> str:
    return " ".join(pretty_card(c) for c in cards)


def rank_order(card: str) -> int:
    rank = card[:-1].replace("10", "T")
    return RANKS.index(rank) if rank in RANKS else len(RANKS)


def sort_hand(cards: Sequence[str]) -> list[list[str]]:
    """The hand by suit (♠ ♥ ♣ ♦, colours alternating), high cards first; jokers last."""
    order = "SHCD"
    groups: dict[str, list[str]] = {}
    for card in cards:
        suit = card[-1] if card[-1] in order else "*"
        groups.setdefault(suit, []).append(card)
    return [sorted(groups[suit], key=rank_order) for suit in [*order, "*"] if suit in groups]


def score_text(score: Score, t: Translate, names: Callable[[int], str]) -> str:
    unit = t(UNITS.get(score.unit, score.unit))
    parts = [f"{names(i)} {v}" for i, v in enumerate(score.values)]
    text = f"{unit}: " + " · ".join(parts)
    if score.target is not None:
        text += " " + t("(target {target})").format(target=score.target)
    return text


class SeatLog:
    """Sentences about what changed in one seat's view; ``names`` names a seat."""

    def __init__(
        self, t: Translate, names: Callable[[int], str], reasons: Mapping[str, str] | None = None
    ) -> None:
        self.t = t
        self.names = names
        self.reasons = {**REASONS, **(reasons or {})}  # the game's own codes (its plugin) as well

    def changes(self, who: int, before: AnyTable, after: AnyTable) -> list[str]:
        if before.hand_number != after.hand_number:
            return []
        if isinstance(before, TrickTable) and isinstance(after, TrickTable):
            return self._trick(who, before, after)
        if isinstance(before, RummyTable) and isinstance(after, RummyTable):
            return self._rummy(who, before, after)
        return []

    def _trick(self, who: int, before: TrickTable, after: TrickTable) -> list[str]:
        t, lines = self.t, []
        name = self.names(who)
        if after.bids[: len(before.bids)] == before.bids:
            for bid in after.bids[len(before.bids) :]:
                if bid.value is None:
                    lines.append(t("{who} passed.").format(who=self.names(bid.seat)))
                else:
                    lines.append(
                        t("{who} bid {bid}.").format(who=self.names(bid.seat), bid=bid.value)
                    )
        if after.trick[: len(before.trick)] == before.trick:
            new = after.trick[len(before.trick) :]
        else:
            new = after.last_trick[len(before.trick) :] + after.trick
        for played in new:
            if played.card is None or played.face_down:
                lines.append(
                    t("{who} played a card face down.").format(who=self.names(played.seat))
                )
            else:
                lines.append(
                    t("{who} played {card}.").format(
                        who=self.names(played.seat), card=pretty_card(played.card)
                    )
                )
        if after.trump.suit and after.trump.suit != before.trump.suit:
            lines.append(
                t("Trump is {suit}.").format(suit=SUITS.get(after.trump.suit, after.trump.suit))
            )
        elif after.trump.face_down_card and not before.trump.face_down_card:
            lines.append(t("{who} laid a trump card face down.").format(who=name))
        return lines

    def _rummy(self, who: int, before: RummyTable, after: RummyTable) -> list[str]:
        t, lines = self.t, []
        name = self.names(who)
        old = {m.number: m for m in before.melds}
        for meld in after.melds:
            if meld.number not in old:
                lines.append(
                    t("{who} laid meld {number}: {cards}.").format(
                        who=self.names(meld.owner), number=meld.number, cards=cards_text(meld.cards)
                    )
                )
            elif meld.cards != old[meld.number].cards:
                added = [c for c in meld.cards if c not in old[meld.number].cards]
                lines.append(
                    t("{who} added {cards} to meld {number}.").format(
                        who=name, number=meld.number, cards=cards_text(added) or "?"
                    )
                )
        if after.stock_size < before.stock_size:
            lines.append(t("{who} drew from the stock.").format(who=name))
        if after.discard_size < before.discard_size and before.discard_top:
            lines.append(
                t("{who} took {card} from the discard pile.").format(
                    who=name, card=pretty_card(before.discard_top)
                )
            )
        if after.discard_size > before.discard_size and after.discard_top:
            lines.append(
                t("{who} discarded {card}.").format(who=name, card=pretty_card(after.discard_top))
            )
        return lines

    def trick_won(
        self, before: AnyTable, after: AnyTable, side: Callable[[str, int], str]
    ) -> list[str]:
        """Who took the trick a move completed (its cards move to the last trick, so the
        table alone would not say): the side whose trick count went up."""
        if not (isinstance(before, TrickTable) and isinstance(after, TrickTable)):
            return []
        if before.hand_number != after.hand_number:
            return []
        if len(before.tricks_won) != len(after.tricks_won):
            return []
        by_team = bool(after.teams) and len(after.tricks_won) == len(after.teams or [])
        return [
            self.t("{who} won the trick.").format(who=side("team" if by_team else "seat", index))
            for index, (old, new) in enumerate(
                zip(before.tricks_won, after.tricks_won, strict=True)
            )
            if new > old
        ]

    # -- ends ---------------------------------------------------------------------------

    def param(self, key: str, value: Any) -> str:
        if key in SEAT_PARAMS and isinstance(value, int):
            return self.names(value)
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        if value is None:
            return "-"
        return pretty_card(value) if isinstance(value, str) else str(value)

    def hand_over(self, result: HandResult, side: Callable[[str, int], str]) -> list[str]:
        """A sentence for why, one for what was awarded; ``side(to, index)`` names a side."""
        t = self.t
        template = self.reasons.get(result.why.code)
        params = {k: self.param(k, v) for k, v in result.why.params.items()}
        lines = [t("Hand {number} over.").format(number=result.hand_number)]
        if template is not None:
            try:
                lines.append(t(template).format(**params))
            except (KeyError, IndexError):
                lines.append(t(template).format_map(_Blank(params)))
        for award in result.awards:
            if award.amount:
                amount = counted(f"{award.amount:+d}", abs(award.amount), award.unit, t)
                lines.append(
                    t("{side}: {amount}.").format(side=side(award.to, award.index), amount=amount)
                )
        return lines

    def match_over(self, result: MatchResult, winners_name: str, me: bool) -> str:
        t, score = self.t, result.score
        if score.by == "team" and result.winner_team is not None:
            ours = score.values[result.winner_team]
            others = [v for i, v in enumerate(score.values) if i != result.winner_team]
        else:
            win = result.winners[0] if result.winners else 0
            ours = score.values[win]
            others = [v for i, v in enumerate(score.values) if i != win]
        theirs = (max(others) if not score.lower_wins else min(others)) if others else 0
        if not result.winners:
            return t("Match over: nobody won.")
        template = t("{winners} won {ours} to {theirs}.")
        amount = counted(ours, abs(ours), score.unit, t)
        text = template.format(winners=winners_name, ours=amount, theirs=theirs)
        return text + (" " + t("Well played!") if me else "")


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"
