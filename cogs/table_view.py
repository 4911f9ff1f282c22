"""The table message: one per table, edited in place (lobby, play, end of match).

Rendering is pure: a ``TableState`` and a translator in, a ``Rendered`` message out, so the
editor can compare renders and skip edits that would change nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from cogs import custom_ids
from cogs.cards_text import card_text, suit_text
from cogs.components import TableButton
from cogs.layout import card
from cogs.table_pictures import TABLE_FILE, attachments, send_kwargs, show_in
from players.level_ratings import shipped
from rules.plugin import LEVEL_TITLES, LEVELS, level_title
from storage import TableStatus
from tables.table import SeatState, TableState

Translate = Callable[[str], str]

COLOUR_LOBBY = 0x1565C0
COLOUR_PLAYING = 0x2E7D32
COLOUR_OVER = 0x6D4C41


@dataclass(frozen=True)
class Rendered:
    """A message body ready to send; ``key`` identifies its content for edit coalescing.

    It is sent as one Components v2 card (``cogs.layout``): ``content`` becomes the card's
    first line, ``embed`` its text, ``history`` its history section, ``buttons`` its rows."""

    content: str
    embed: discord.Embed
    buttons: tuple[tuple[str, str, discord.ButtonStyle, bool], ...] = ()
    """(custom_id, label, style, disabled) in display order (5 per row)."""
    key: str = field(default="")
    picture: bytes | None = None
    """The table picture (PNG), shown in the card; None: text only."""
    history: tuple[str, ...] = ()
    """The last hands in words, oldest first (the card's history section)."""
    history_title: str = ""

    def rows(self) -> list[list[discord.ui.Item[Any]]]:
        rows: list[list[discord.ui.Item[Any]]] = []
        for i, (custom_id, label, style, disabled) in enumerate(self.buttons):
            if i % 5 == 0:
                rows.append([])
            rows[-1].append(TableButton.build(custom_id, label, style, disabled=disabled))
        return rows

    def view(self, lead: str | None = None) -> discord.ui.LayoutView:
        """The card; ``lead`` replaces the first line (e.g. pings)."""
        return card(
            self.embed,
            self.rows(),
            lead=self.content if lead is None else lead,
            history=self.history,
            history_title=self.history_title,
        )

    def kwargs(self) -> dict[str, Any]:
        """For an edit: the picture replaces the message's attachments in the same call;
        ``content`` and embeds are cleared (a message sent before the cards were
        Components v2 becomes one on its next edit)."""
        return {
            "content": None,
            "embed": None,
            "view": self.view(),
            "attachments": self.attachments(),
        }

    def send_kwargs(self, lead: str | None = None) -> dict[str, Any]:
        """For a new message (the picture as an uploaded file)."""
        return send_kwargs({"view": self.view(lead), "attachments": self.attachments()})

    def attachments(self) -> list[discord.File]:
        return attachments(self.picture, TABLE_FILE)

    def with_picture(self, picture: bytes) -> Rendered:
        """This message (laid out for a picture by its key) with the picture drawn."""
        return replace(self, picture=picture)


def seat_name(seat: SeatState, t: Translate) -> str:
    if seat.empty:
        return t("(empty)")
    name = seat.name or "?"
    if seat.computer is not None:
        title = level_title(seat.computer)
        return "🤖 " + name + (" · " + t(title) if title else "")
    if seat.user_id is not None:
        name = f"<@{seat.user_id}>"
    return name + (" " + t("(computer playing)") if seat.away else "")


def plain_name(state: TableState, seat: int, t: Translate) -> str:
    if not 0 <= seat < len(state.seats):
        return "?"
    s = state.seats[seat]
    return s.name or t("Seat {n}").format(n=seat + 1)


def team_of(state: TableState, seat: int) -> int | None:
    for i, team in enumerate(state.teams or ()):
        if seat in team:
            return i
    return None


def render_table(
    state: TableState,
    t: Translate,
    last_hand: dict[str, Any] | None = None,
    final: dict[str, Any] | None = None,
    picture: bytes | None = None,
    *,
    picture_key: str | None = None,
    history: Sequence[str] = (),
) -> Rendered:
    """The table message for ``state``; ``last_hand`` is the engine's latest hand result;
    ``picture`` the table drawn (``cogs.table_pictures``), shown while the match runs.

    ``picture_key`` (the scene's key) stands for a picture not drawn yet: the message is
    laid out to show it and its ``key`` is final, so an editor can skip an unchanged
    message before drawing anything, then add the picture (``Rendered.with_picture``).

    ``history``: the last hands in words (``cogs.hand_history``); without it, the last
    hand's summary from ``last_hand`` stands in."""
    if state.status is TableStatus.LOBBY:
        rendered = _lobby(state, t)
    elif state.status is TableStatus.RUNNING:
        rendered = _playing(state, t)
    else:
        rendered = _over(state, t, final or {})
    lines: tuple[str, ...] = ()
    if state.status is not TableStatus.LOBBY:
        lines = tuple(history)
        if not lines and last_hand:
            summary = hand_summary(state, last_hand, t)
            lines = (summary,) if summary else ()
    number = (last_hand or {}).get("hand_number")
    if state.status is not TableStatus.LOBBY and isinstance(number, int):
        # After every hand: a player who thinks a rule or a computer misbehaved says so
        # with the evidence attached (``cogs.reports``).
        report = (
            custom_ids.table_id(state.id, "report", number),
            t("Report this hand"),
            discord.ButtonStyle.secondary,
            False,
        )
        rendered = replace(rendered, buttons=(*rendered.buttons, report))
    if state.status is not TableStatus.RUNNING:
        picture, picture_key = None, None
    shows_picture = picture is not None or picture_key is not None
    show_in(rendered.embed, b"" if shows_picture else None, TABLE_FILE)
    # A digest, not the text: the editor keeps one per open table. The picture is part of
    # it (a state whose text is unchanged but whose picture differs is still sent).
    digest = hashlib.blake2b(
        repr((rendered.content, rendered.embed.to_dict(), rendered.buttons, lines)).encode(),
        digest_size=16,
    )
    if picture_key is not None:
        digest.update(picture_key.encode())
    elif picture is not None:
        digest.update(picture)
    return Rendered(
        rendered.content,
        rendered.embed,
        rendered.buttons,
        digest.hexdigest(),
        picture,
        history=lines,
        history_title=t("Last hands") if len(lines) > 1 else t("Last hand"),
    )


def _seat_lines(state: TableState, t: Translate) -> str:
    lines = []
    for seat in state.seats:
        marker = "▶ " if seat.seat in state.to_act else ""
        team = team_of(state, seat.seat)
        team_text = "" if team is None else " · " + t("Team {n}").format(n=team + 1)
        lines.append(f"{marker}**{seat.seat + 1}.** {seat_name(seat, t)}{team_text}")
    return "\n".join(lines)


def _lobby(state: TableState, t: Translate) -> Rendered:
    tid = state.id
    embed = discord.Embed(
        title=t("{game} — table {id}").format(game=state.title, id=tid),
        description=t("Waiting for players. The host starts when every seat is filled."),
        colour=COLOUR_LOBBY,
    )
    embed.add_field(name=t("Seats"), value=_seat_lines(state, t), inline=False)
    if state.options:
        embed.add_field(name=t("Options"), value=_options_text(state.options), inline=False)
    if state.host_id is not None:
        embed.description = (
            (embed.description or "") + "\n" + t("Host: {host}").format(host=f"<@{state.host_id}>")
        )
    buttons: list[tuple[str, str, discord.ButtonStyle, bool]] = [
        (custom_ids.table_id(tid, "join"), t("Join"), discord.ButtonStyle.success, False),
        (custom_ids.table_id(tid, "leave"), t("Leave"), discord.ButtonStyle.secondary, False),
        (custom_ids.table_id(tid, "start"), t("Start"), discord.ButtonStyle.primary, False),
        (custom_ids.table_id(tid, "cancel"), t("Cancel"), discord.ButtonStyle.danger, False),
    ]
    # One "Add computer" button per level: the level travels in the custom_id; the label
    # carries the level's rating at this table size, when it has one (issue 35).
    rated = shipped().at(state.game, state.players)
    for level in LEVELS:
        title = t(LEVEL_TITLES[level])
        rating = rated.get(level)
        label = (
            t("Add computer: {level}").format(level=title)
            if rating is None
            else t("Add computer: {level} (rated {rating})").format(
                level=title, rating=rating.rating
            )
        )
        buttons.append(
            (
                custom_ids.table_id(tid, "computer", level),
                label,
                discord.ButtonStyle.secondary,
                False,
            )
        )
    if state.teams:
        for i in range(min(len(state.teams), 5)):
            buttons.append(
                (
                    custom_ids.table_id(tid, "team", i),
                    t("Sit in team {n}").format(n=i + 1),
                    discord.ButtonStyle.secondary,
                    False,
                )
            )
    else:
        for seat in state.seats[:5]:
            buttons.append(
                (
                    custom_ids.table_id(tid, "seat", seat.seat),
                    t("Take seat {n}").format(n=seat.seat + 1),
                    discord.ButtonStyle.secondary,
                    not seat.empty,
                )
            )
    content = t("A table of {game} is open here. Join in!").format(game=state.title)
    return Rendered(content, embed, tuple(buttons))


def _options_text(options: dict[str, Any]) -> str:
    text = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    return text[:1000] or "—"


def _playing(state: TableState, t: Translate) -> Rendered:
    tid = state.id
    public = state.public or {}
    embed = discord.Embed(
        title=t("{game} — table {id}").format(game=state.title, id=tid), colour=COLOUR_PLAYING
    )
    embed.add_field(name=t("Seats"), value=_seat_lines(state, t), inline=False)
    for name, value in public_fields(state, public, t):
        embed.add_field(name=name, value=value, inline=True)
    turn = _turn_text(state, t)
    if turn:
        embed.add_field(name=t("Turn"), value=turn, inline=False)
    buttons = [
        (custom_ids.table_id(tid, "hand"), t("My hand"), discord.ButtonStyle.primary, False),
        (custom_ids.table_id(tid, "spectate"), t("Spectate"), discord.ButtonStyle.secondary, False),
    ]
    return Rendered("", embed, tuple(buttons))


def _turn_text(state: TableState, t: Translate) -> str:
    if not state.to_act:
        return ""
    names = ", ".join(seat_name(state.seats[s], t) for s in sorted(state.to_act))
    if state.deadline is not None:
        return t("{names} to act, time runs out <t:{deadline}:R>").format(
            names=names, deadline=int(state.deadline)
        )
    return t("{names} to act").format(names=names)


def rating_lines(state: TableState, changes: list[Any], t: Translate) -> str:
    """One line per rated player: "alice: 10.2 → 12.5 (+2.3)"."""
    lines = []
    for change in changes:
        seat = getattr(change, "seat", None)
        if not isinstance(seat, int):
            continue
        before, after = float(change.before), float(change.after)
        lines.append(
            t("{name}: {before} → {after} ({delta})").format(
                name=plain_name(state, seat, t),
                before=f"{before:.1f}",
                after=f"{after:.1f}",
                delta=f"{after - before:+.1f}",
            )
        )
    return "\n".join(lines)


def _over(state: TableState, t: Translate, final: dict[str, Any]) -> Rendered:
    tid = state.id
    public = state.public or {}
    if state.status is TableStatus.STOPPED:
        description = t("This table was stopped.")
    else:
        description = t("The match is over.") + " " + result_text(state, t)
    embed = discord.Embed(
        title=t("{game} — table {id}").format(game=state.title, id=tid),
        description=description,
        colour=COLOUR_OVER,
    )
    embed.add_field(name=t("Seats"), value=_seat_lines(state, t), inline=False)
    for name, value in public_fields(state, public, t):
        if name == t("Scores"):
            embed.add_field(name=name, value=value, inline=True)
    changes = rating_lines(state, list(final.get("rating_changes") or []), t)
    if changes:
        embed.add_field(name=t("Rating changes"), value=changes[:1000], inline=False)
    match_id = final.get("match_id")
    if isinstance(match_id, int):
        embed.set_footer(
            text=t("Match #{id}: see /match id:{id} for the hand-by-hand record.").format(
                id=match_id
            )
        )
    buttons: tuple[tuple[str, str, discord.ButtonStyle, bool], ...] = ()
    if state.status is TableStatus.FINISHED:
        buttons = (
            (custom_ids.table_id(tid, "rematch"), t("Rematch"), discord.ButtonStyle.success, False),
        )
    return Rendered("", embed, buttons)


AWARD_KEYS = ("team_points", "points_awarded", "balls_awarded", "tokens_awarded", "balls", "tokens")


def hand_summary(state: TableState, result: dict[str, Any], t: Translate) -> str:
    """One line for a finished hand: its number, outcome and what each side gained."""
    parts: list[str] = []
    number = result.get("hand")
    if isinstance(number, int):
        parts.append(t("Hand {n}").format(n=number))
    outcome = result.get("outcome")
    if isinstance(outcome, str) and outcome:
        parts.append(t(outcome.replace("_", " ")))
    for key in AWARD_KEYS:
        awarded = result.get(key)
        if isinstance(awarded, list) and awarded:
            parts.append(_scores_text(state, awarded, None, t).replace("\n", " · "))
            break
    return ": ".join(parts[:2]) + (" — " + " · ".join(parts[2:]) if parts[2:] else "")


def result_text(state: TableState, t: Translate) -> str:
    result = state.result or {}
    winners = result.get("winners")
    if isinstance(winners, list) and winners:
        names = ", ".join(plain_name(state, int(s), t) for s in winners)
        return t("Winners: {names}.").format(names=names)
    return ""


def _scores_text(state: TableState, scores: list[Any], target: Any, t: Translate) -> str:
    if state.teams and len(scores) == len(state.teams):
        parts = [t("Team {n}").format(n=i + 1) + f": **{score}**" for i, score in enumerate(scores)]
    else:
        parts = [f"{plain_name(state, i, t)}: **{score}**" for i, score in enumerate(scores)]
    text = "\n".join(parts)
    if target is not None:
        text += "\n" + t("(playing to {target})").format(target=target)
    return text


FACE_DOWN = "🂠"


def _cards_by_seat(state: TableState, plays: list[Any], t: Translate) -> str:
    """``[[seat, card], ...]`` or ``[{"seat", "card", "face_down"}, ...]`` as a line; a card
    played face down shows as 🂠 (with the card, when this view may see it)."""
    parts = []
    for play in plays:
        face_down = False
        if isinstance(play, dict):
            seat, card, face_down = play.get("seat"), play.get("card"), bool(play.get("face_down"))
        elif isinstance(play, (list, tuple)) and len(play) == 2:
            seat, card = play
        else:
            continue
        if not isinstance(seat, int):
            continue
        if card is None:
            shown = FACE_DOWN
        elif face_down:
            shown = f"{FACE_DOWN}{card_text(str(card))}"
        else:
            shown = card_text(str(card))
        parts.append(f"{plain_name(state, seat, t)} {shown}")
    return " · ".join(parts) or "—"


def _per_seat_or_team(state: TableState, values: list[Any], t: Translate) -> str:
    if state.teams and len(values) == len(state.teams) and len(values) != state.players:
        return " · ".join(t("Team {n}").format(n=i + 1) + f" {v}" for i, v in enumerate(values))
    return " · ".join(f"{plain_name(state, i, t)} {v}" for i, v in enumerate(values))


SEAT_KEYS = frozenset({"seat", "caller", "bidder", "trumper", "player", "by"})


def readable(state: TableState, value: Any, t: Translate) -> str:
    """A short text for an engine value: a dict as "kind, caller alice, ...", seats named."""
    if isinstance(value, dict):
        parts = []
        kind = value.get("kind")
        if isinstance(kind, str):
            parts.append(t(kind.replace("_", " ")))
        for key, item in value.items():
            if key == "kind" or item in (None, False, "", [], {}):
                continue
            label = t(key.replace("_", " "))
            if key in SEAT_KEYS and isinstance(item, int) and not isinstance(item, bool):
                parts.append(f"{label} {plain_name(state, item, t)}")
            elif item is True:
                parts.append(label)
            else:
                parts.append(f"{label} {item}")
        return ", ".join(parts)[:200] or "—"
    return str(value)[:200]


def public_fields(state: TableState, public: dict[str, Any], t: Translate) -> list[tuple[str, str]]:
    """Embed fields for the public view's common keys (every trick game uses some)."""
    fields: list[tuple[str, str]] = []
    dealer = public.get("dealer")
    if isinstance(dealer, int):
        fields.append((t("Dealer"), plain_name(state, dealer, t)))
    bids = public.get("bids") or public.get("auction")
    if isinstance(bids, list) and bids:
        parts = []
        for entry in bids[-8:]:
            if isinstance(entry, dict):
                # e.g. {"seat": 1, "value": 40} or {"seat": 1, "action": "pass"}
                what = entry.get("value", entry.get("bid", entry.get("action")))
                entry = (entry.get("seat"), t("pass") if what in (None, 0, "pass") else what)
            if isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[0], int):
                parts.append(f"{plain_name(state, entry[0], t)} {entry[1]}")
        if parts:
            fields.append((t("Bids"), " · ".join(parts)))
    contract = public.get("contract")
    if contract not in (None, "", [], {}):
        fields.append((t("Contract"), readable(state, contract, t)))
    trump = public.get("trump")
    if isinstance(trump, str) and trump:
        fields.append((t("Trump"), suit_text(trump)))
    elif public.get("indicator_on_table"):
        fields.append((t("Trump"), FACE_DOWN + " " + t("closed (the indicator is face down)")))
    indicator = public.get("indicator")
    if isinstance(indicator, str) and indicator:
        fields.append((t("Your trump indicator"), card_text(indicator)))
    trick = public.get("trick")
    if isinstance(trick, list):
        fields.append((t("Trick"), _cards_by_seat(state, trick, t)))
    last = public.get("last_trick")
    if isinstance(last, list) and last:
        fields.append((t("Last trick"), _cards_by_seat(state, last, t)))
    shown = public.get("sitting_out_shown")  # 304: a PCC partner's cards after the hand
    if isinstance(shown, dict) and shown:
        lines = [
            plain_name(state, int(seat), t) + ": " + " ".join(card_text(str(c)) for c in cards)
            for seat, cards in shown.items()
            if str(seat).isdigit() and isinstance(cards, list)
        ]
        fields.append((t("Cards laid aside, shown after the hand"), "\n".join(lines)))
    won = public.get("tricks_won")
    if isinstance(won, list) and won and any(won):
        fields.append((t("Tricks won"), _per_seat_or_team(state, won, t)))
    scores = public.get("scores")
    if isinstance(scores, list) and scores:
        fields.append((t("Scores"), _scores_text(state, scores, public.get("target"), t)))
    fields += rummy_fields(state, public, t)
    for key, label in (("balls", t("Balls")), ("tokens", t("Tokens")), ("points", t("Points"))):
        value = public.get(key)
        if isinstance(value, list) and value:
            target = public.get(f"target_{key}")
            fields.append((label, _scores_text(state, value, target, t)))
    return fields


def _meld_text(state: TableState, meld: dict[str, Any], t: Translate) -> str:
    cards = " ".join(card_text(str(c)) for c in meld.get("cards") or [])
    owner = meld.get("owner")
    number = meld.get("number", meld.get("id"))
    who = plain_name(state, owner, t) if isinstance(owner, int) else ""
    head = f"{number}. " if isinstance(number, (int, str)) else ""
    return head + cards + (f" ({who})" if who else "")


def rummy_fields(state: TableState, public: dict[str, Any], t: Translate) -> list[tuple[str, str]]:
    """The melds on the table, the discard pile's top, the stock and cards held."""
    fields: list[tuple[str, str]] = []
    melds = public.get("spreads", public.get("melds"))
    if isinstance(melds, list):
        lines = [_meld_text(state, m, t) for m in melds if isinstance(m, dict)]
        fields.append((t("Melds"), "\n".join(lines)[:1000] if lines else t("none yet")))
    top = public.get("discard_top")
    if "discard_top" in public:
        fields.append(
            (t("Discard pile"), card_text(str(top)) if isinstance(top, str) else t("empty"))
        )
    stock = public.get("stock_size", public.get("stock"))
    if isinstance(stock, int) and not isinstance(stock, bool):
        fields.append((t("Stock"), t("{n} cards").format(n=stock)))
    sizes = public.get("hand_sizes")
    if isinstance(sizes, list) and sizes:
        held = ", ".join(
            t("{name}: {n}").format(name=plain_name(state, s, t), n=n) for s, n in enumerate(sizes)
        )
        fields.append((t("Cards held"), held))
    chips = public.get("chips")
    if isinstance(chips, list) and chips:
        fields.append((t("Chips left"), _per_seat_or_team(state, chips, t)))
    deal, deals = public.get("contract_number"), public.get("deals")
    if isinstance(deal, int) and isinstance(deals, int):
        fields.append((t("Deal"), t("{n} of {total}").format(n=deal, total=deals)))
    window = public.get("buy_window")
    if isinstance(window, dict) and isinstance(window.get("card"), str):
        order = ", ".join(plain_name(state, s, t) for s in window.get("order") or [])
        text = t("{card} discarded by {name}. Priority: {order}.").format(
            card=card_text(window["card"]),
            name=plain_name(state, int(window.get("discarder") or 0), t),
            order=order or "-",
        )
        if state.deadline is not None:
            text += " " + t("Closes <t:{deadline}:R>.").format(deadline=int(state.deadline))
        fields.append((t("Buy window"), text))
    exchange = public.get("exchange")
    if isinstance(exchange, dict):
        fields.append(
            (
                t("Card exchange"),
                t("Hand in cards to pass on; {n} rounds left.").format(
                    n=exchange.get("rounds_left", "?")
                ),
            )
        )
    giving = public.get("giving")
    if isinstance(giving, list) and giving:
        # The seat's own view only (the public view has no "giving"): the cards chosen
        # for the exchange so far, still in the hand until everyone has handed in.
        fields.append((t("Handing in"), ", ".join(str(c) for c in giving)))
    staged = public.get("staged")
    if isinstance(staged, list) and staged:
        fields.append((t("Your staged melds"), "\n".join(str(m) for m in staged)[:1000]))
    must_use = public.get("must_use")
    if isinstance(must_use, str) and must_use:
        fields.append((t("You must use"), must_use))
    ledger = public.get("ledger")
    if isinstance(ledger, list) and ledger:
        fields.append((t("Ledger"), _per_seat_or_team(state, ledger, t)))
    return fields
