"""The computer levels' ratings (issue 35's yardsticks, ``players/level_ratings.json``) stay
apart from human standings: a league match against a rated level rates the human as if the
computer had the model's default rating (computers are never rated in a league), the
league's table lists only the human, and the ratings file is left as it was."""

from __future__ import annotations

import random

from openskill.models import PlackettLuce

from players.level_ratings import RATINGS_FILE, shipped
from storage import Storage
from storage.standings import ordinal
from tests.leagues.helpers import GUILD, manager_over, play_out


async def test_a_match_against_a_rated_level_leaves_standings_and_the_file_apart(
    store: Storage,
) -> None:
    expert = shipped().of("tonk", "expert", 2)
    model = PlackettLuce()
    assert expert is not None and abs(expert.mu - model.mu) > 0.5, "the file rates Tonk's expert"
    before = RATINGS_FILE.read_bytes()
    manager, clock, _ = manager_over(store)
    state = await manager.quick_play(
        channel_id=500,
        guild_id=GUILD,
        game="tonk",
        user_id=11,
        name="Ada",
        seed=7,
        players=2,
        level="expert",
    )
    assert [s.computer for s in state.seats] == [None, "expert"]
    await play_out(manager, clock, state.id, random.Random(3))
    record = await store.matches.get_by_table(state.id)
    assert record is not None and record.rated
    human_won = 0 in record.winners
    # The human against a side at the model's default: what the league gives, not the
    # expert's rating from the file.
    ranks: list[float] = [0, 1] if human_won else [1, 0]
    if set(record.winners) == {0, 1} or not record.winners:
        ranks = [0, 0]
    [[ada], _] = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    [change] = record.rating_changes
    assert change.user_id == 11
    assert abs(change.after - ordinal(ada.mu, ada.sigma)) < 1e-9
    page = await store.leagues.leaderboard(GUILD, "tonk")
    assert [line.user_id for line in page.items] == [11]
    assert RATINGS_FILE.read_bytes() == before
