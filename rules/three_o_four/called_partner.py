"""T3V-8, the Maharashtra game (ED-V8): the bid winner names a card and its holder is his
partner for the hand; tokens are kept per player.

The source gives no scoring (T3V-8.4). Engine decision, following ED-V8 and keeping the
rest of this engine's token rules:
- Each player starts with ``starting_tokens``. The bid winner and his called partner
  make a pair; the T3-17.4 band of the contract gives the amount (Full Court and Half
  Court use the PCC row, +4 / -5); there is no Caps (and no Caps duty).
- Made: each member of the other side pays the winning amount; failed: each member of
  the pair pays the losing amount. The payments go one to one to the members of the
  winning side (two against two); when the named card was not dealt (a Half Court hand
  of sixteen cards) the bid winner plays alone and settles with each of the three.
- A player never pays more than he holds (ED-37); in the bank mode (T3V-1) payments go
  to the bank and nobody receives. The match ends when a player has no token left; the
  winners are the players then holding the most tokens.
"""

from __future__ import annotations

from collections.abc import Iterable


def payments(pair: Iterable[int], players: int, made: bool, amount: int) -> list[tuple[int, int]]:
    """(payer, payee) pairs, each for ``amount`` tokens (see the module docstring)."""
    side = sorted(set(pair))
    others = [s for s in range(players) if s not in side]
    losers, winners = (others, side) if made else (side, others)
    if len(losers) == len(winners):
        return list(zip(losers, winners, strict=True))
    if len(losers) == 1:
        return [(losers[0], w) for w in winners]
    return [(loser, winners[0]) for loser in losers]


def settle(tokens: list[int], moves: list[tuple[int, int]], amount: int, mode: str) -> list[int]:
    """Apply the payments (capped at what each payer holds, ED-37); returns what each
    seat's tokens changed by."""
    change = [0] * len(tokens)
    for payer, payee in moves:
        paid = min(amount, tokens[payer])
        tokens[payer] -= paid
        change[payer] -= paid
        if mode == "transfer":
            tokens[payee] += paid
            change[payee] += paid
    return change


def winners(tokens: list[int]) -> list[int] | None:
    """The match is over once a player holds no token: the richest players win."""
    if min(tokens) > 0:
        return None
    best = max(tokens)
    return [s for s, t in enumerate(tokens) if t == best]
