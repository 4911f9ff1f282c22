"""Issue 31 (the pickers), done when: a game with non-default options is started by
clicking only; autocomplete answers for the game, the players and option values within
Discord's limits; the settings view refuses an impossible combination with the engine's
reason; /config defaults set through the view apply to the next /play. Every click is
answered with one interaction response.

The fake Discord checks every answer: messages and components against the message limits,
autocomplete choices (<= 25, names and values <= 100 characters) and modals (title <= 45)
against ``fake_discord.picker_limits``.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Reply, SimulatedUser
from tests.e2e.fake_discord.pickers import autocomplete, modal_of, submit_modal
from tests.e2e.harness import BotRunner
from tests.e2e.players import table_id_of
from tests.e2e.test_faults_and_hostile_clicks import click_forged


def calls_for(fake: FakeDiscord, reply: Reply) -> list[str]:
    return [c.route for c in fake.calls if c.interaction_id == reply.interaction.id]


def component(message: FakeMessage, item: str) -> dict[str, Any]:
    """The settings component whose custom_id ends with ``:item``."""
    found: list[dict[str, Any]] = [
        c
        for row in message.components
        for c in row.get("components", [])
        if str(c.get("custom_id", "")).endswith(f":{item}")
    ]
    assert len(found) == 1, (
        item,
        [c.get("custom_id") for r in message.components for c in r["components"]],
    )
    return found[0]


def chosen_label(menu: dict[str, Any]) -> str:
    return next(str(o["label"]) for o in menu["options"] if o.get("default"))


async def choose(user: SimulatedUser, message: FakeMessage, item: str, value: str) -> FakeMessage:
    """Pick ``value`` in the settings select ``item``; the answer edits the message."""
    reply = await user.choose(message, str(component(message, item)["custom_id"]), [value])
    assert reply.interaction.response_type == 7, "a settings click edits its message"
    assert calls_for(user.fake, reply) == ["POST /interactions/{interaction_id}/{token}/callback"]
    return user.fake.messages[message.id]


async def press(user: SimulatedUser, message: FakeMessage, item: str) -> Reply:
    return await user.click_custom_id(message, str(component(message, item)["custom_id"]))


async def open_settings(user: SimulatedUser, game: str) -> FakeMessage:
    """``/play`` with nothing typed, then the game chosen in the menu."""
    started = await user.slash("play")
    assert started.ephemeral and started.message is not None
    assert "Choose a game." in started.text
    return await choose(user, started.message, "g", game)


def items(message: FakeMessage) -> list[str]:
    return [
        str(c.get("custom_id")).rsplit(":", 1)[1]
        for r in message.components
        for c in r["components"]
    ]


async def page_with(user: SimulatedUser, message: FakeMessage, item: str) -> FakeMessage:
    """Turn pages forward until the component ``item`` is on the message."""
    for _ in range(10):
        if item in items(message):
            return message
        forward = max(int(i[1:]) for i in items(message) if i[:1] == "p" and i[1:].isdigit())
        reply = await press(user, message, f"p{forward}")
        assert reply.interaction.response_type == 7
        message = user.fake.messages[message.id]
    raise AssertionError(f"no page has {item}")


async def test_a_game_with_other_rules_is_started_by_clicking_only(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """304 at six players in the Tamil Nadu 504 preset (T3V-12), traditional shuffle
    (ED-4) chosen on an option page: nothing typed but ``/play``."""
    alice = runner.user("alice")
    message = await open_settings(alice, "304")
    assert "**304** for 4 players" in message.text()
    assert chosen_label(component(message, "r")) == "The rules' own"
    message = await choose(alice, message, "r", "1")
    assert chosen_label(component(message, "r")) == "Tamil Nadu 504"
    assert chosen_label(component(message, "n")) == "6 players"
    assert "Tamil nadu: on" in message.text()
    message = await page_with(alice, message, "f7")  # shuffle_mode
    assert "**Shuffle mode**: ED-4" in message.text()
    message = await choose(alice, message, "f7", "1")
    assert chosen_label(component(message, "f7")) == "Shuffle mode: traditional"

    opened = await press(alice, message, "go")
    assert opened.message is not None and not opened.message.ephemeral
    # As for a typed /play: the acknowledgement, then the table message in its place.
    assert calls_for(fake, opened) == [
        "POST /interactions/{interaction_id}/{token}/callback",
        "PATCH /webhooks/{app_id}/{token}/messages/{message_id}",
    ]
    assert runner.bot is not None and runner.bot.manager is not None
    state = runner.bot.manager.state(table_id_of(opened.message))
    assert (state.game, state.players, state.host_id) == ("304", 6, alice.id)
    chosen = {"tamil_nadu": True, "six_player_deck": "36", "shuffle_mode": "traditional"}
    assert {k: state.options[k] for k in chosen} == chosen
    assert state.options["starting_tokens"] == 11  # the rest: the rules' own


async def test_the_view_refuses_an_impossible_combination_with_the_engines_reason(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """TH-29.1 / THV-9: two to clear 'only_13' needs a 13-ball game; nothing changes."""
    bob = runner.user("bob")
    message = await open_settings(bob, "thunee")
    message = await page_with(bob, message, "f11")  # two_to_clear
    before = chosen_label(component(message, "f11"))
    message = await choose(bob, message, "f11", "2")
    assert (
        "Those options can't be played: two_to_clear='only_13' applies only to a 13-ball "
        "game: set target_balls=13 or khanuck_raises_target=True." in message.text()
    )
    assert chosen_label(component(message, "f11")) == before == "Two to clear: off"
    assert "The rules' own, unchanged." in message.text()


async def test_a_wide_number_is_typed_in_a_modal_and_checked(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """TK-8: the stake is a whole number from 1; a modal asks for it."""
    carol = runner.user("carol")
    message = await open_settings(carol, "tonk")
    message = await page_with(carol, message, "m2")  # stake
    asked = await press(carol, message, "m2")
    modal = modal_of(asked)
    assert modal["title"] == "Stake"
    refused = await submit_modal(carol, message, modal, {"value": "0"})
    assert refused.interaction.response_type == 7
    assert "Stake must be a whole number from 1 to 1000000." in fake.messages[message.id].text()
    assert component(fake.messages[message.id], "m2")["label"] == "Stake: 1"
    taken = await submit_modal(carol, fake.messages[message.id], modal, {"value": "7"})
    assert taken.interaction.response_type == 7
    message = fake.messages[message.id]
    assert component(message, "m2")["label"] == "Stake: 7"
    assert "Changed from the rules' own: Stake: 7" in message.text()


async def test_autocomplete_offers_games_players_and_option_values_within_limits(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    dave = runner.user("dave")
    games = await autocomplete(dave, "play", "game", game="thu")
    assert [c["value"] for c in games] == ["thunee", "nigerian_thunee"]  # starts with it first
    everything = await autocomplete(dave, "play", "game", game="")
    assert {"304", "tonk", "telefunken", "toy"} <= {c["value"] for c in everything}
    players = await autocomplete(dave, "play", "players", game="304", players="")
    assert [(c["name"], c["value"]) for c in players] == [
        ("4 players", 4),
        ("6 players", 6),
        ("8 players", 8),
    ]
    # More options than Discord lists (Thunee has 28): the answer stops at 25.
    names = await autocomplete(dave, "play", "options", game="thunee", options="")
    assert len(names) == 25
    values = await autocomplete(
        dave, "play", "options", game="thunee", options="royals=true, target_balls="
    )
    assert [c["value"] for c in values] == [
        "royals=true, target_balls=12",
        "royals=true, target_balls=13",
    ]
    assert values[0]["name"] == "target_balls=12 · the rules' own"
    named = await autocomplete(dave, "play", "options", game="tonk", options="hands=3,hoy")
    assert [c["value"] for c in named] == [
        "hands=3, hoyle=",
        "hands=3, hoyle_target=",
        "hands=3, hoyle_knock_limit=",
    ]
    number = await autocomplete(
        dave, "config", "options", subcommand="options", game="tonk", options="stake=50"
    )
    assert number[0]["value"] == "stake=50"
    spanish = runner.user("elena", locale="es-ES")
    counts = await autocomplete(spanish, "play", "players", game="tonk", players="")
    assert counts[0]["name"] == "2 jugadores"


async def test_defaults_chosen_in_config_apply_to_the_next_play(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """TKV-NOWILD as the server's default: /play takes it; the view starts from it and
    can set it back to the rules' own for one table."""
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    shown = await admin.slash("config", subcommand="defaults", game="tonk")
    assert shown.ephemeral and shown.message is not None
    assert "Default rules for **Tonk** on this server" in shown.text
    message = await choose(admin, shown.message, "r", "2")  # No wild twos
    saved = await press(admin, message, "go")
    assert saved.interaction.response_type == 7
    assert "Saved: the next tables of this game start from these rules." in saved.text
    assert runner.bot is not None and runner.bot.manager is not None
    stored = await runner.bot.storage.guilds.get(fake.guild_id)
    assert stored.game_options == {"tonk": {"twos_wild": False}}

    alice = runner.user("alice")
    typed = await alice.slash("play", game="tonk", players=2)
    assert typed.message is not None
    table = runner.bot.manager.state(table_id_of(typed.message))
    assert table.options["twos_wild"] is False
    await alice.click(typed.message, "Cancel")

    message = await open_settings(alice, "tonk")
    assert "Changed from the rules' own: Twos wild: off" in message.text()
    message = await choose(alice, message, "r", "0")
    opened = await press(alice, message, "go")
    assert opened.message is not None
    table = runner.bot.manager.state(table_id_of(opened.message))
    assert table.options["twos_wild"] is True


async def test_settings_clicks_are_for_admins_in_config_mode(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    shown = await admin.slash("config", subcommand="defaults")
    assert shown.message is not None and "Choose a game." in shown.text
    # A forged click by a member (Discord shows the message to the admin only).
    member = runner.user("member")
    custom_id = str(component(shown.message, "g")["custom_id"])
    shown.message.visible_to = None
    refused = await member.choose(shown.message, custom_id, ["tonk"])
    assert refused.ephemeral
    assert refused.text == "Only members who can manage the server can change its settings."


async def test_forged_settings_ids_all_get_a_clean_answer(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """Issue 29's rule for the settings view: every click is answered, nothing changes."""
    erin = runner.user("erin")
    message = await open_settings(erin, "tonk")
    before = (message.text(), message.components)
    game_select = str(component(message, "g")["custom_id"])
    go = str(component(message, "go")["custom_id"])
    for custom_id, kind in [
        (game_select, 2),  # a select's id sent as a button
        (go, 3),  # a button's id sent as a select
        ("ct:o:p:tonk::0:zz.zz:go", 2),  # not on the message
        ("ct:o:p:" + "x" * 120 + "::0::g", 3),
    ]:
        reply = await click_forged(erin, message, custom_id, kind)
        assert reply.ephemeral and reply.text == "That button is no longer in use.", custom_id
    assert (message.text(), message.components) == before
    # A message drawn for another version of the game's options (after an update): it is
    # drawn again from the server's defaults instead of misread.
    button = component(message, "p1")
    where, _, item = str(button["custom_id"]).rpartition(":")
    button["custom_id"] = where.rsplit(":", 1)[0] + ":0.zz:" + item
    redrawn = await erin.click_custom_id(message, str(button["custom_id"]))
    assert redrawn.interaction.response_type == 7
    assert "These settings were drawn for other rules; here they are afresh." in redrawn.text
    assert "The rules' own, unchanged." in redrawn.text


async def test_a_typed_game_and_options_open_in_the_view_when_asked(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """``/play game:thunee players:6 options:... settings:True``: the view starts from what
    was typed (TH-29.1 13 balls) and says at once what the engine refuses (THV-9)."""
    frank = runner.user("frank")
    shown = await frank.slash(
        "play", game="thunee", players=6, options="two_to_clear=only_13", settings=True
    )
    assert shown.ephemeral and shown.message is not None
    assert "**Thunee** for 6 players" in shown.text
    assert "two_to_clear='only_13' applies only to a 13-ball game" in shown.text
    # A preset is a whole rule set: the rules' own but for its own values.
    message = await choose(frank, shown.message, "r", "1")  # 13 balls
    assert "Those options can't be played" not in message.text()
    assert "Changed from the rules' own: Target balls: 13" in message.text()
    opened = await press(frank, message, "go")
    assert opened.message is not None and runner.bot is not None
    assert runner.bot.manager is not None
    state = runner.bot.manager.state(table_id_of(opened.message))
    assert state.players == 6 and state.options["target_balls"] == 13
    assert state.options["two_to_clear"] == "off"


async def test_a_slow_game_is_chosen_on_the_first_page(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """The table setting ``slow`` (no turn timer) as /play's ``slow:`` sets it: a toggle on
    the first page, one response a click, kept across pages and presets, and refused in
    the view itself when the server does not allow slow games."""
    gina = runner.user("gina")
    message = await open_settings(gina, "tonk")
    assert component(message, "s")["label"] == "Slow game (no turn timer): off"
    reply = await press(gina, message, "s")
    assert reply.interaction.response_type == 7
    assert calls_for(fake, reply) == ["POST /interactions/{interaction_id}/{token}/callback"]
    message = fake.messages[message.id]
    assert component(message, "s")["label"] == "Slow game (no turn timer): on"
    assert "A slow game: no turn timer." in message.text()
    message = await choose(gina, message, "r", "2")  # a preset keeps the table setting
    message = await page_with(gina, message, "t0")  # and so do the option pages
    assert "A slow game: no turn timer." in message.text()
    opened = await press(gina, message, "go")
    assert opened.message is not None and runner.bot is not None
    assert runner.bot.manager is not None
    state = runner.bot.manager.state(table_id_of(opened.message))
    assert state.slow and state.options["twos_wild"] is False

    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    await admin.slash("config", subcommand="timer", seconds=90, slow_games=False)
    hank = runner.user("hank", locale="es-ES")
    other = fake.add_channel("otra")
    started = await hank.slash("play", channel_id=other.id)
    assert started.message is not None
    message = await choose(hank, started.message, "g", "tonk")
    refused = await press(hank, message, "s")
    assert refused.interaction.response_type == 7
    message = fake.messages[message.id]
    assert "Este servidor no permite partidas lentas." in message.text()
    assert component(message, "s")["label"] == "Partida lenta (sin tiempo por turno): no"
    # Typed with the command: the view says so at once and starts without it.
    typed = await hank.slash("play", game="tonk", slow=True, settings=True, channel_id=other.id)
    assert "Este servidor no permite partidas lentas." in typed.text
    assert typed.message is not None
    assert component(typed.message, "s")["label"].endswith(": no")


async def test_the_menus_say_what_each_choice_is(fake: FakeDiscord, runner: BotRunner) -> None:
    """A game's table sizes, what a preset sets (T3V-12: Tamil Nadu 504 is six players
    with the 36-card deck), in the reader's language; a closed menu names its option."""
    ines = runner.user("ines", locale="es-ES")
    started = await ines.slash("play")
    assert started.message is not None
    games = {o["value"]: o.get("description") for o in component(started.message, "g")["options"]}
    assert games["304"] == "4/6/8 jugadores" and games["toy"] == "2/4 jugadores"
    message = await choose(ines, started.message, "g", "304")
    presets = {o["label"]: o.get("description") for o in component(message, "r")["options"]}
    assert presets["Tamil Nadu 504"].startswith("6 jugadores · ")
    assert ": sí" in presets["Tamil Nadu 504"] and ": 36" in presets["Tamil Nadu 504"]
    assert presets["Las reglas tal cual"] is None
    message = await page_with(ines, message, "f7")  # shuffle_mode
    menu = component(message, "f7")
    chosen = [o for o in menu["options"] if o.get("default")]
    others = [o for o in menu["options"] if not o.get("default")]
    assert len(chosen) == 1 and chosen[0]["label"].startswith(menu["placeholder"] + ": ")
    assert others and all(menu["placeholder"] not in o["label"] for o in others)
    # A game with no presets has no menu of one; an option with no description is its title.
    vera = runner.user("vera")
    message = await open_settings(vera, "toy")
    assert "r" not in items(message) and "s" in items(message)
    message = await page_with(vera, message, "t1")
    assert message.text().splitlines()[-1] == "**Doubles**"  # a test game: not in the catalog
