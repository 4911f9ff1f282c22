"""Issue 14 through Discord: a server set to Spanish plays in Spanish, a player who chose
Persian sees their own hand view in Persian while the table message stays Spanish, and
with no choice at all each player's Discord locale decides their ephemeral messages."""

from __future__ import annotations

import random
import re

from i18n import FSI
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, choices, table_id_of, table_message

PERSIAN = re.compile("[\u0600-\u06ff]")


async def test_spanish_server_persian_player(fake: FakeDiscord, runner: BotRunner) -> None:
    admin = SimulatedUser(fake, fake.add_user("boss", admin=True))
    alice, bob, carol = (runner.user(n) for n in ("alice", "bob", "carol"))

    refused = await alice.slash("language", language="fa", server=True)
    assert refused.ephemeral and "Manage Server" in refused.text
    chosen = await admin.slash("language", language="es", server=True)
    assert chosen.ephemeral and "El idioma de este servidor ahora es Español." in chosen.text
    mine = await bob.slash("language", language="fa")
    assert mine.ephemeral and "زبان شما اکنون" in mine.text

    opened = await admin.slash("play", game="nigerian_thunee", players=4)
    assert opened.message is not None, opened.text
    lobby = opened.message
    labels = [b["label"] for b in lobby.buttons()]
    assert {"Unirse", "Salir", "Empezar", "Cancelar"} <= set(labels), labels
    for user in (alice, bob, carol):
        await user.click(lobby, "Unirse")
    await admin.click(lobby, "Empezar")
    assert "Mi mano" in [b["label"] for b in lobby.buttons()]

    table_id = table_id_of(lobby)
    players = Players(runner, [admin, alice, bob, carol], table_id)
    for seat in players.seats.values():
        reply = await seat.user.click(lobby, "Mi mano")
        assert reply.ephemeral and reply.message is not None
        seat.hand = reply.message
    hand_text = {uid: seat.hand.text() for uid, seat in players.seats.items() if seat.hand}
    assert "tu mano" in hand_text[admin.id]  # no own choice: the server's Spanish
    assert "tu mano" in hand_text[alice.id]  # en-US locale, but the server chose Spanish
    assert "دست شما" in hand_text[bob.id] and FSI in hand_text[bob.id]

    rng = random.Random(14)
    persian_action_seen = False
    for _ in range(60):
        state = players.manager.state(table_id)
        if persian_action_seen or not players.running() or not state.to_act:
            break
        seat = next(
            s
            for s in players.seats.values()
            if s.user.id in {state.seats[i].user_id for i in state.to_act}
        )
        assert seat.hand is not None
        refresh = "تازه‌سازی" if seat.user is bob else "Actualizar"
        await seat.user.click(seat.hand, refresh)
        if seat.user is bob:
            offered = [str(b["label"]) for b in seat.hand.buttons() if not b.get("disabled")]
            offered += [
                str(o.get("label")) for m in seat.hand.selects() for o in m.get("options", [])
            ]
            # An engine label (a bid, pass, trump) in Persian; card buttons are just cards.
            persian_action_seen |= any(PERSIAN.search(x) for x in offered if x != "تازه‌سازی")
        if choices(seat.hand):
            await players.act(seat, rng)
    assert persian_action_seen
    assert runner.bot is not None
    await runner.bot.table_messages.flush(table_id)
    table = table_message(fake, table_id)
    assert "Asientos" in table.text() and "صندلی" not in table.text()


async def test_without_a_choice_the_discord_locale_decides(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    spanish = runner.user("sofia", locale="es-ES")
    english = runner.user("emma", locale="en-US")
    es_rules = await spanish.slash("rules", game="tonk")
    en_rules = await english.slash("rules", game="tonk")
    assert "de 2 a 5 jugadores" in es_rules.text
    assert "2 to 5 players" in en_rules.text
    await spanish.slash("language", language="en")
    back = await spanish.slash("rules", game="tonk")
    assert "2 to 5 players" in back.text


async def test_slash_commands_are_synced_with_spanish_names_and_descriptions(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    rules = fake.command("rules")
    assert rules.get("name_localizations", {}).get("es-ES") == "reglas"
    assert rules.get("name_localizations", {}).get("es-419") == "reglas"
    described = rules.get("description_localizations", {}).get("es-ES", "")
    assert described.startswith("Un breve resumen")
