"""rulesets/solitaire.toml and its loader: the cards come from a multiplayer ruleset, the flags are validated,
and each mistake is one line naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import RulesetError, load_ruleset
from loveletter.engine.ruleset import bundled_names, read_toml
from loveletter.solitaire import SolitaireFlags, SolitaireGame, load_solitaire_ruleset
from loveletter.solitaire import events as ev
from tests.solitaire.support import one, play, shown, sol


def test_the_bundled_ruleset_takes_the_classic_cards_and_the_default_flags() -> None:
    rs = load_solitaire_ruleset()
    classic = load_ruleset("classic")
    assert rs.name == "solitaire" and rs.cards_from == "classic" and rs.bundled
    assert dict(rs.cards) == dict(classic.cards)
    assert dict(rs.copies) == dict(classic.mode_for(2).copies) and rs.deck_size == 16
    assert rs.flags == SolitaireFlags("replace", False)
    assert rs.princess == "Princess" and "Guard" not in rs.guard_names
    assert rs.countess_forced_by == {"King", "Prince"}


def test_it_is_listed_as_the_one_player_ruleset_and_refused_for_multiplayer_games() -> None:
    assert "solitaire" in bundled_names()
    data = read_toml("solitaire")[0]
    assert data["kind"] == "solitaire" and data["title"]
    with pytest.raises(RulesetError, match=r"^solitaire\.toml: kind: .*loveletter solitaire"):
        load_ruleset("solitaire")


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


BASE = 'kind = "solitaire"\nname = "mine"\ncards = "classic"\n'


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ('name = "x"\ncards = "classic"\n', "kind", 'must be "solitaire"'),
        ('kind = "solitaire"\ncards = "classic"\n', "name", "is missing"),
        ('kind = "solitaire"\nname = "x"\n', "cards", "is missing"),
        ('kind = "solitaire"\n', "name", "is missing"),  # the name first when both are missing
        (BASE + "colour = 1\n", "colour", "unknown key"),
        ('kind = "solitaire"\nname = "x"\ncards = 3\n', "cards", "must name the ruleset"),
        (
            'kind = "solitaire"\nname = "x"\ncards = "2019"\n',
            "cards",
            "Chancellor (chancellor), which has no solitaire",
        ),
        ('kind = "solitaire"\nname = "x"\ncards = "nowhere"\n', "cards", "cannot take the cards of 'nowhere'"),
        ('kind = "solitaire"\nname = "x"\ncards = "solitaire"\n', "cards", 'such as "classic"'),
        (BASE + "flags = 1\n", "flags", "must be a table"),
        (BASE + "[flags]\nsol_prince = 1\n", "flags.sol_prince", "unknown flag; known flags: sol_baron_reveal_first"),
        (BASE + '[flags]\nsol_prince_queue = "never"\n', "flags.sol_prince_queue", "must be one of 'replace'"),
        (BASE + '[flags]\nsol_baron_reveal_first = "yes"\n', "flags.sol_baron_reveal_first", "true or false"),
    ],
)
def test_mistakes_are_one_line_naming_the_file_and_the_key(tmp_path: Path, text: str, key: str, problem: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(RulesetError) as info:
        load_solitaire_ruleset(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: {key}: ") and problem in message


def test_a_multiplayer_ruleset_is_refused_by_the_solitaire_loader() -> None:
    with pytest.raises(RulesetError, match=r"^classic\.toml: kind: must be \"solitaire\""):
        load_solitaire_ruleset("classic")


def test_a_users_file_sets_both_flags(tmp_path: Path) -> None:
    flags = '[flags]\nsol_prince_queue = "remove"\nsol_baron_reveal_first = true\n'
    rs = load_solitaire_ruleset(write(tmp_path, BASE + flags))
    assert rs.flags == SolitaireFlags("remove", True) and not rs.bundled
    # Cards may also come from original2012 (values 8/7/6: only their order matters) or a file next to it.
    assert load_solitaire_ruleset(write(tmp_path, BASE.replace("classic", "original2012"))).cards["King"].value == 6
    classic = Path(read_toml("classic")[1]).read_text(encoding="utf-8")
    write(tmp_path, classic, "house.toml")
    rs = load_solitaire_ruleset(write(tmp_path, BASE.replace('"classic"', '"house.toml"')))
    assert rs.deck_size == 16
    game = SolitaireGame(rs, seed=3)
    assert game.view().draw_size == 7


def test_with_flags_validates_like_the_file() -> None:
    rs = load_solitaire_ruleset()
    assert rs.with_flags(sol_baron_reveal_first=True).flags.sol_baron_reveal_first
    with pytest.raises(RulesetError, match="sol_prince_queue: must be one of"):
        rs.with_flags(sol_prince_queue="sometimes")


@pytest.mark.parametrize(("flag", "after"), [("replace", 1), ("remove", 0), ("replace_if_possible", 1)])
def test_sol_prince_queue_each_value(flag: str, after: int) -> None:
    game = sol(["Countess", "King", "Priest", "Handmaid", "Guard", "Guard"], "Prince", "Guard", ["Baron"],
               sol_prince_queue=flag)  # fmt: skip
    play(game, "draw", "Prince>Q2")
    assert sum(q.slot == 2 for q in game.view().queue) == after


@pytest.mark.parametrize("reveal_first", [False, True])
def test_sol_baron_reveal_first_each_value_for_the_retinues_baron(reveal_first: bool) -> None:
    game = sol(["Baron", "King", "Priest", "Handmaid", "Guard", "Guard"], "Prince", "Guard", ["Handmaid"],
               sol_baron_reveal_first=reveal_first)  # fmt: skip
    play(game, "draw", "Prince>Q3")
    # With the flag, the reference (Q2, the King) is shown before the player answers "hand or agent?".
    assert shown(game, 2) == ("King" if reveal_first else None)
    events = play(game, "choose agent")
    assert one(events, ev.Compared) == ev.Compared("retinue", "agent", "Guard", 2, "King", "player")
    assert events[-1] == ev.GameEnded("loss", "baron_lost")
