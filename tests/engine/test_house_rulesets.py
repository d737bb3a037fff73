"""House-rule files that validate must play: a deck of Guards only (docs/rules.md §2.3: a card with nothing to choose
or name is played without effect), player-count keys in ASCII digits, and docs/rules.md §8's ``premium_game_tie``
flag."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from loveletter.engine import Game, Play, RulesetError, load_ruleset
from loveletter.engine import events as ev
from tests.engine.premium_scenario import RULESETS
from tests.engine.test_premium_small import reach_goal_together
from tests.support import random_playout

GUARDS = """\
name = "guards"
guard_naming = "{naming}"
[cards.Guard]
value = 1
effect = "guard"
[[modes]]
players = [2, 4]
tokens_to_win = {{ 2 = 3, 3 = 3, 4 = 3 }}
copies = {{ Guard = 16 }}
"""


def write(tmp_path: Path, text: str, name: str = "house.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("naming", ["card", "number"])
def test_a_guard_with_nothing_to_name_is_played_without_effect(tmp_path: Path, naming: str) -> None:
    rs = load_ruleset(write(tmp_path, GUARDS.format(naming=naming)))
    assert rs.mode_for(3).guard_names == ()
    game = Game(rs, 3, seed=4)
    assert game.legal_actions() == (Play("Guard"),)
    events = game.push("Guard")
    assert ev.NoEffect(game.deals[0].first_player, "Guard") in events
    assert game.view(0).seats[game.deals[0].first_player].in_round


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_deck_of_guards_plays_to_the_end(tmp_path: Path, players: int) -> None:
    rs = load_ruleset(write(tmp_path, GUARDS.format(naming="card")))
    game = Game(rs, players, seed=players)
    random_playout(game, random.Random(players))
    # Nobody is ever knocked out: every round ends at a deck-out that all players share.
    assert game.over and game.winners == tuple(range(players))


def test_player_count_keys_must_be_ascii_digits(tmp_path: Path) -> None:
    text = GUARDS.format(naming="card").replace("4 = 3 }", '4 = 3, "²" = 3 }')
    with pytest.raises(RulesetError, match=r"tokens_to_win\.²: keys are player counts") as caught:
        load_ruleset(write(tmp_path, text))
    assert caught.value.code == "tokens_key"
    for digits in ("٣", "３"):  # Arabic-Indic and full-width digits: isdigit() says yes, so must we not
        text = GUARDS.format(naming="card").replace("4 = 3 }", f'4 = 3, "{digits}" = 3 }}')
        with pytest.raises(RulesetError, match="keys are player counts"):
            load_ruleset(write(tmp_path, text))


# ----------------------------------------------------------------------------------------- premium_game_tie


def premium_with(tmp_path: Path, *, mode_tie: str | None, flag: str | None) -> str:
    """The bundled premium ruleset with the small game's ``game_tie`` set or removed, and the flag set or not."""
    text = (RULESETS / "premium.toml").read_text(encoding="utf-8")
    old = 'face_up_set_aside = 3\ngame_tie = "tiebreak_round"'
    assert old in text
    new = "face_up_set_aside = 3" + (f'\ngame_tie = "{mode_tie}"' if mode_tie else "")
    text = text.replace(old, new)
    if flag is not None:
        text = text.replace("\n[flags]\n", f'\n[flags]\npremium_game_tie = "{flag}"\n')
    return write(tmp_path, text, "premium-house.toml")


@pytest.mark.parametrize("flag", ["tiebreak_round", "shared"])
def test_premium_game_tie_sets_the_small_games_game_tie(tmp_path: Path, flag: str) -> None:
    rs = load_ruleset(premium_with(tmp_path, mode_tie=None, flag=flag))
    assert [rs.mode_for(n).game_tie for n in (2, 3, 4)] == [flag] * 3
    assert rs.mode_for(5).game_tie == "tiebreak_round"  # the large game keeps its own
    # Without the flag nor the key the small game would share a tie (the data's default).
    assert load_ruleset(premium_with(tmp_path, mode_tie=None, flag=None)).mode_for(3).game_tie == "shared"


def test_premium_game_tie_shared_ends_a_game_tie_with_both_winners(tmp_path: Path) -> None:
    game, events = reach_goal_together(premium_with(tmp_path, mode_tie=None, flag="shared"))
    assert game.over and game.winners == (0, 1)
    assert not any(isinstance(e, ev.TiebreakAnnounced) for e in events)
    game, _ = reach_goal_together(premium_with(tmp_path, mode_tie=None, flag="tiebreak_round"))
    assert not game.over and game.view(2).tiebreak == (0, 1)


def test_premium_game_tie_may_repeat_the_modes_key(tmp_path: Path) -> None:
    rs = load_ruleset(premium_with(tmp_path, mode_tie="shared", flag="shared"))
    assert rs.mode_for(4).game_tie == "shared"


def test_premium_game_tie_disagreeing_with_the_modes_key_is_an_error(tmp_path: Path) -> None:
    path = premium_with(tmp_path, mode_tie="tiebreak_round", flag="shared")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert str(caught.value) == (
        f"{path}: modes[0].game_tie: is 'tiebreak_round' but flags.premium_game_tie is 'shared'; keep one of them"
    )


def test_premium_game_tie_is_validated(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"flags\.premium_game_tie: must be one of 'shared', 'tiebreak_round'"):
        load_ruleset(premium_with(tmp_path, mode_tie=None, flag="coin"))
