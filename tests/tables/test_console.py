"""The terminal console plays whole matches through the manager."""

from __future__ import annotations

import random
import re

import pytest

from i18n import translator
from rules.results import Award, HandResult, MatchResult, Reason
from rules.views import Score
from tables.console import pretty_card, run
from tables.console_log import SeatLog
from tests.tables.toy_game import GAMES


def choose_shown(shown: list[str], rng: random.Random) -> str:
    """A random choice among those the last table offered: a number, a word and a value
    from a grouped line, or a word typed out (a dangerous choice)."""
    last = "\n".join(shown[-60:]).rsplit("\n── ", 1)[-1]
    choices = re.findall(r"^\s+(\d+)\. ", last, re.M)
    for kind, values in re.findall(r"^ {8}(\S+): (.+)$", last, re.M):
        choices += [f"{kind} {v}" for v in values.split()]
    choices += re.findall(r"  → (.+)$", last, re.M)
    return rng.choice(choices) if choices else "1"


def scripted(answers: list[str], rng: random.Random | None = None):  # type: ignore[no-untyped-def]
    """A reader that gives ``answers`` first, then a random listed number."""
    shown: list[str] = []

    async def read_line(prompt: str) -> str | None:
        if answers:
            return answers.pop(0)
        return choose_shown(shown, rng or random.Random(0))

    return read_line, shown


@pytest.mark.parametrize("game", GAMES.names())
async def test_a_whole_match_in_the_console(game: str) -> None:
    read_line, shown = scripted([], random.Random(4))
    code = await run([game, "--seed", "11", "--seat", "2"], read_line, shown.append, GAMES)
    text = "\n".join(shown)
    assert code == 0 and "Match over." in text
    assert "Your hand:" in text and re.search(r"^\s+1\. ", text, re.M)
    assert "\x1b" not in text  # a pipe gets plain text: no colour or cursor codes
    # --seat counts from 1, as the table does: seat 2 is you, seat 1 a computer
    assert re.search(r"^│ [▶ ]\s+1\s+Computer 1\s", text, re.M)
    assert re.search(r"^│ [▶ ]\s+2\s+You\s", text, re.M)


async def test_bad_input_is_explained_and_q_leaves() -> None:
    read_line, shown = scripted(["99", "bid:7", "q"])
    code = await run(
        ["toy", "--players", "2", "--seed", "3", "--seat", "2"], read_line, shown.append, GAMES
    )
    text = "\n".join(shown)
    assert code == 0
    assert "not a Toy Tricks action" in text  # 99 is read as an action id
    assert "can't do that now" in text or "not a Toy Tricks action" in text
    assert "You left the table." in text
    assert "Match over." not in text  # leaving is not the end of the match


async def test_unknown_game_and_bad_seat() -> None:
    read_line, shown = scripted([])
    assert await run(["chess"], read_line, shown.append, GAMES) == 2
    assert "There is no game called chess." in shown[0]
    assert await run(["toy", "--seat", "7"], read_line, shown.append, GAMES) == 2
    assert shown[-1] == "There is no seat 7 at this table: choose 1 to 4."
    assert await run(["toy", "--seat", "0"], read_line, shown.append, GAMES) == 2
    assert shown[-1] == "There is no seat 0 at this table: choose 1 to 4."


def test_cards_print_with_suit_symbols() -> None:
    assert pretty_card("10H") == "10♥" and pretty_card("JS") == "J♠" and pretty_card("x") == "x"


async def test_the_console_speaks_spanish_with_lang_es() -> None:
    """Issue 14: ``--lang es`` gives Spanish prompts, hand, phases and action labels."""
    read_line, shown = scripted([], random.Random(4))
    code = await run(
        ["nigerian_thunee", "--seed", "11", "--seat", "2", "--lang", "es"],
        read_line,
        shown.append,
    )
    text = "\n".join(shown)
    assert code == 0 and "Partida terminada." in text
    assert "Tu mano:" in text and "Your hand" not in text
    assert re.search(r"^\s+\d+\. (Jugar|Pujar|Paso) ", text, re.M)
    assert "─ Nigerian Thunee · mano " in text and " · hand " not in text


@pytest.mark.parametrize(
    ("lang", "won", "award"),
    [
        ("en", "You and Computer 3 won 12 balls to 7. Well played!", "Them: +1 ball."),
        ("es", "Tú y Computer 3: victoria por 12 bolas a 7. ¡Bien jugado!", "Them: +1 bola."),
    ],
)
def test_the_end_of_hand_and_match_in_words_with_plural_forms(
    lang: str, won: str, award: str
) -> None:
    """Issue 30: "You and Computer 2 won 12 balls to 7"; "1 ball", not "1 balls"."""
    t = translator(lang)
    log = SeatLog(t, lambda seat: [t("You"), "Computer 2", "Computer 3", "Computer 4"][seat])
    score = Score(unit="balls", by="team", values=[12, 7], target=12, lower_wins=False)
    final = MatchResult(winners=[0, 2], winner_team=0, score=score, hands=9)
    names = t(" and ").join([t("You"), "Computer 3"])
    assert log.match_over(final, names, True) == won
    hand = HandResult(
        hand_number=3,
        dealer=1,
        winners=[1, 3],
        awards=[Award(to="team", index=1, amount=1, unit="balls")],
        why=Reason(code="annulled", params={}),
        score=score,
    )
    assert log.hand_over(hand, lambda to, index: "Them")[-1] == award
