"""Issue 27: every built-in game is one plugin, and what a plugin says about its game is
true of the game's engine (name, title, labels, players, family)."""

from __future__ import annotations

import pytest

from players.base import ComputerPlayer
from players.budget import SearchBudget
from players.levels import player_of
from rules import registry
from rules.plugin import LEVELS, GamePlugin
from rules.registry import BUILTIN, GameRegistry
from tests.tables import toy_game

PLUGINS = list(BUILTIN)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.name)
def test_a_plugin_names_and_titles_its_engine(plugin: GamePlugin) -> None:
    assert plugin.spec.name == plugin.name and plugin.spec.title == plugin.title
    assert registry.get(plugin.name) is plugin.spec
    assert plugin.summary, "every built-in game has a /rules summary"


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.name)
def test_a_plugins_fixed_labels_are_its_engines_actions_word_for_word(
    plugin: GamePlugin,
) -> None:
    actions = plugin.spec.actions
    for action_id, label in plugin.labels.items():
        action = actions.get(action_id)
        assert action is not None, action_id
        assert action.label in ("", label), (action_id, action.label, label)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.name)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_gives_a_computer_player(plugin: GamePlugin, level: str) -> None:
    """A level the plugin has no player for is played at the strongest one below it."""
    player: ComputerPlayer = player_of(plugin, level, SearchBudget(rollouts=4, time_cap_ms=0))
    assert callable(player.choose) and callable(player.off_turn)
    assert player.level in LEVELS[: LEVELS.index(level) + 1], (player.level, level)
    assert player.level == level or level not in plugin.players


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.name)
def test_a_rummy_plugins_meld_kind_is_an_action_kind_of_its_game(plugin: GamePlugin) -> None:
    kinds = {a.kind for a in (plugin.spec.actions.get(i) for i in plugin.spec.actions.ids()) if a}
    if plugin.family == "rummy":  # melds name cards: parsed, not listed
        assert plugin.spec.parse_action(f"{plugin.meld_kind}:5S,6S,7S").kind == plugin.meld_kind
    else:
        assert "play" in kinds


def test_unknown_levels_and_games_are_refused_by_name() -> None:
    with pytest.raises(KeyError, match="known: beginner, club, expert"):
        player_of(BUILTIN.plugin("tonk"), "genius", SearchBudget())
    with pytest.raises(KeyError, match="known games: nigerian_thunee, thunee"):
        BUILTIN.plugin("chess")


def test_a_registry_is_a_value_two_games_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="Two games called 'toy'"):
        GameRegistry([toy_game.PLUGIN, toy_game.PLUGIN])
    added = BUILTIN.with_plugin(toy_game.PLUGIN)
    assert added is not BUILTIN and "toy" in added and "toy" not in BUILTIN
    assert added.with_plugin(toy_game.PLUGIN).names() == added.names()
