"""A user's ruleset file travels with each game, as a bot file's text does: a worker on another machine
has no such file, and a file edited or removed during a run changes none of its games."""

from __future__ import annotations

from pathlib import Path

from loveletter.arena import games
from loveletter.arena.backends import Local
from loveletter.arena.games import make_specs, play_game, ruleset_text
from loveletter.arena.referee import play
from loveletter.arena.tournament import Tournament
from loveletter.arena.userbots import parse_player
from loveletter.engine.ruleset import bundled_dir


def house_rules(folder: Path) -> Path:
    """The classic edition under another name, as a user's own file."""
    text = (bundled_dir() / "classic.toml").read_text(encoding="utf-8")
    path = folder / "house.toml"
    path.write_text(text.replace('name = "classic"', 'name = "house"', 1), encoding="utf-8")
    return path


def test_a_bundled_ruleset_travels_by_name_and_a_users_file_by_its_text(tmp_path: Path) -> None:
    path = house_rules(tmp_path)
    assert ruleset_text("2019") == ""
    assert ruleset_text(str(path)) == path.read_text(encoding="utf-8")


def test_a_tournament_plays_the_ruleset_it_was_made_with(tmp_path: Path) -> None:
    path = house_rules(tmp_path)
    entrants = tuple(parse_player(p) for p in ("random", "easy"))
    tournament = Tournament(entrants, str(path), 2, deals=3, seed=8)
    before = [o.key() for o in Local(1).stream(tournament.iter_games(), play, total=tournament.games)]
    path.unlink()  # a worker elsewhere has no such file,
    games._RULESETS.clear()  # nor any ruleset loaded before
    after = [o.key() for o in Local(1).stream(tournament.iter_games(), play, total=tournament.games)]
    assert after == before and len(before) == tournament.games


def test_simulate_games_carry_the_text_so_an_edit_changes_no_game(tmp_path: Path) -> None:
    path = house_rules(tmp_path)
    specs = make_specs(str(path), ["easy", "random"], games=4, seed=3, ruleset_text=ruleset_text(str(path)))
    before = [(r.winners, r.tokens, r.actions) for r in map(play_game, specs)]
    # The file now says something else: a deck of other counts. The games already described keep theirs.
    edited = path.read_text(encoding="utf-8").replace("Guard = 5 }", "Guard = 3 }", 1)
    assert edited != path.read_text(encoding="utf-8")
    path.write_text(edited, encoding="utf-8")
    games._RULESETS.clear()
    assert [
        (r.winners, r.tokens, r.actions)
        for r in map(play_game, make_specs(str(path), ["easy", "random"], games=4, seed=3))
    ] != before
    after = [(r.winners, r.tokens, r.actions) for r in map(play_game, specs)]
    assert after == before
    assert all(r.ruleset == "house" for r in map(play_game, specs))
