"""The level ratings file's loader (issue 35's rated yardsticks): what the bench writes reads
back, and a missing, corrupt or malformed file reads as unrated instead of failing."""

from __future__ import annotations

import json
from pathlib import Path

from players.level_ratings import RATINGS_FILE, LevelRating, load, parse, shipped
from rules.plugin import LEVELS

ENTRY = {
    "date": "2026-12-02 08:00 UTC",
    "command": "python bench/level_ratings.py tonk --players 2 --rounds 3",
    "matches": 36,
    "levels": {
        "random": {"rating": 1000, "mu": 15.0, "sigma": 3.0, "matches": 18},
        "expert": {"rating": 1430, "mu": 29.6, "sigma": 2.1, "matches": 18},
    },
}


def test_a_written_file_reads_back_per_game_and_table_size(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"games": {"tonk": {"2": ENTRY, "3": {**ENTRY, "matches": 90}}}}))
    ratings = load(path)
    assert ratings.of("tonk", "expert", 2) == LevelRating(1430, 29.6, 2.1, 18)
    assert ratings.at("tonk", 4) == {}
    assert ratings.of("thunee", "expert", 4) is None
    best = ratings.best_rated("tonk")
    assert best is not None and best.players == 3 and best.matches == 90
    assert best.command.startswith("python bench/level_ratings.py")
    # The table size asked for when it is rated, else the one rated from the most matches.
    assert ratings.preferred("tonk", 2) == ratings.tables["tonk"][2]
    assert ratings.preferred("tonk", 4) == best
    assert ratings.preferred("thunee", 4) is None


def test_a_missing_file_is_unrated(tmp_path: Path) -> None:
    ratings = load(tmp_path / "absent.json")
    assert ratings.at("tonk", 2) == {} and ratings.best_rated("tonk") is None


def test_a_corrupt_file_is_unrated(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    for text in ("{not json", "", "[1, 2]", '{"games": 5}', "\x00\xff"):
        path.write_bytes(text.encode("latin-1"))
        assert load(path).tables == {}, text


def test_malformed_entries_are_left_out_and_the_rest_kept() -> None:
    bad_level = {**ENTRY, "levels": {"expert": {"rating": "high", "mu": 1, "sigma": 1}}}
    ratings = parse(
        {
            "games": {
                "tonk": {"2": ENTRY, "two": ENTRY, "3": bad_level, "4": {"levels": 7}},
                "thunee": ["not", "a", "table"],
            }
        }
    )
    assert set(ratings.tables) == {"tonk"} and set(ratings.tables["tonk"]) == {2}


def test_the_shipped_file_rates_only_known_levels_with_their_matches() -> None:
    """The committed ratings (bench output) read without loss: every entry of the file is
    a table the loader keeps, naming only the levels and the random anchor."""
    raw = json.loads(RATINGS_FILE.read_text(encoding="utf-8"))
    ratings = parse(raw)
    assert set(shipped().tables) == set(ratings.tables)
    for game, sizes in raw["games"].items():
        for size, entry in sizes.items():
            table = ratings.tables[game][int(size)]
            assert set(table.levels) <= {"random", *LEVELS}
            assert table.levels["random"].rating == 1000
            for level, line in entry["levels"].items():
                assert table.levels[level].matches == line["matches"] > 0
