"""docs/rules.md §7.6 X-*: engine properties that hold for every ruleset."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from loveletter.engine import Game, GameState, Phase, Play, Ruleset, load_ruleset
from loveletter.engine.effects import EFFECTS
from loveletter.engine.events import Drew, Event, Played, RoundStarted
from loveletter.engine.ruleset import bundled_dir
from tests.engine.scenario import of_type
from tests.support import deal, play

#: (ruleset, players): A, B, the original 2012 edition, and premium's two modes.
SETUPS = [("2019", 2), ("2019", 4), ("classic", 3), ("original2012", 2), ("premium", 4), ("premium", 6)]
FOUR = ("2019", "classic", "original2012", "premium")
ENGINE = Path(__file__).resolve().parents[2] / "loveletter" / "engine"


def random_game(rs: Ruleset | str, players: int, seed: int, *, rounds: int = 3) -> Iterator[tuple[Game, list[Event]]]:
    """Play a seeded random game; yield the game and the events after every move."""
    game = Game(rs, players, seed=seed)
    rng = random.Random(seed)
    started = 1
    while not game.over:
        if game.round_over:
            if started == rounds:
                return
            started += 1
            yield game, game.next_round()
            continue
        yield game, game.push(rng.choice(game.legal_actions()))


# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "players"), SETUPS)
def test_X_1_every_ruleset_runs_on_the_same_engine_and_effect_classes(ruleset: str, players: int) -> None:
    rs = load_ruleset(ruleset)
    game = Game(rs, players, seed=1)
    assert type(game.state) is GameState
    for card in rs.mode_for(players).copies:
        assert type(game.state.effects[card]) is EFFECTS[rs.cards[card].effect]


def test_X_1_the_same_card_has_the_same_effect_in_every_ruleset() -> None:
    effects: dict[str, set[str]] = {}
    for name in FOUR:
        for card_id, card in load_ruleset(name).cards.items():
            effects.setdefault(card_id, set()).add(card.effect)
    assert all(len(names) == 1 for names in effects.values()), effects


def test_X_1_the_rules_code_never_asks_which_ruleset_it_runs() -> None:
    sources = [
        ENGINE / "state.py",
        ENGINE / "scoring.py",
        ENGINE / "view.py",
        *sorted((ENGINE / "effects").glob("*.py")),
    ]
    literal = re.compile(r"""["'](2019|classic|original2012|premium)["']""")
    for path in sources:
        assert not literal.search(path.read_text(encoding="utf-8")), path


def _edited(tmp_path: Path, name: str, edits: list[tuple[str, str]]) -> Ruleset:
    text = (bundled_dir() / f"{name}.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / f"edited-{name}.toml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _same_games(a: Ruleset, b: Ruleset, players: int, seed: int) -> None:
    ga, gb = list(random_game(a, players, seed)), list(random_game(b, players, seed))
    assert len(ga) == len(gb)
    game_a, game_b = ga[-1][0], gb[-1][0]
    assert repr(game_a.log) == repr(game_b.log)
    assert game_a.tokens == game_b.tokens and game_a.winners == game_b.winners


@pytest.mark.parametrize("name", FOUR)
def test_X_1_a_renamed_copy_of_a_ruleset_plays_identically(tmp_path: Path, name: str) -> None:
    rs = load_ruleset(name)
    house = _edited(tmp_path, name, [(f'name = "{name}"', 'name = "house"')])
    assert house.name == "house"
    for players in (rs.min_players, rs.max_players):
        _same_games(rs, house, players, seed=players)


def test_X_1_editing_classic_data_gives_the_original_2012_edition(tmp_path: Path) -> None:
    edits = [
        ("[cards.Princess]\nvalue = 9", "[cards.Princess]\nvalue = 8"),
        ("[cards.Countess]\nvalue = 8", "[cards.Countess]\nvalue = 7"),
        ("[cards.King]\nvalue = 7", "[cards.King]\nvalue = 6"),
        ("{ 2 = 6,", "{ 2 = 7,"),
        ("tie_breaks = []", 'tie_breaks = ["discard_sum"]'),
    ]
    edited = _edited(tmp_path, "classic", edits)
    for players in (2, 3, 4):
        _same_games(load_ruleset("original2012"), edited, players, seed=10 + players)


def test_X_1_editing_2019_data_gives_the_classic_game(tmp_path: Path) -> None:
    edits = [
        ("players = [2, 6]", "players = [2, 4]"),
        ("{ 2 = 6, 3 = 5, 4 = 4, 5 = 3, 6 = 3 }", "{ 2 = 6, 3 = 5, 4 = 4 }"),
        (", Chancellor = 2,", ","),
        ("Guard = 6, Spy = 2 }", "Guard = 5 }"),
        ('[cards.Chancellor]\nvalue = 6\neffect = "chancellor"\n', ""),
        ('[cards.Spy]\nvalue = 0\neffect = "spy"\n', ""),
    ]
    edited = _edited(tmp_path, "2019", edits)
    for players in (2, 3, 4):
        _same_games(load_ruleset("classic"), edited, players, seed=20 + players)


@pytest.mark.parametrize("name", FOUR)
def test_X_1_one_scenario_plays_the_same_in_every_ruleset(name: str) -> None:
    rs = load_ruleset(name)
    game = deal(name, 2, hands=["Handmaid", "Priest"], draws=["Guard"])
    named = rs.value("Priest") if rs.guard_naming == "number" else "Priest"
    play(game, str(Play("Guard", (1,), named)))
    assert game.result is not None and game.result.winners == (0,)
    assert game.view(1).seats[1].discards == ("Priest",)


# ------------------------------------------------------------------------------------------ X-2 .. X-4


@pytest.mark.parametrize(("ruleset", "players"), SETUPS)
def test_X_2_X_3_X_4_invariants_in_random_games(ruleset: str, players: int) -> None:
    for seed in range(4):
        set_aside_draws = 0
        before: GameState | None = None
        for game, events in random_game(ruleset, players, seed):
            if of_type(events, RoundStarted):
                set_aside_draws = 0
            # the set-aside card is drawn at most once per round.
            set_aside_draws += sum(1 for e in of_type(events, Drew) if e.from_set_aside)
            assert set_aside_draws <= 1
            # at least one player always remains in the round.
            assert sum(game.state.alive) >= 1
            # a played card is on its player's pile before its effect adds anything there.
            played = of_type(events, Played)
            if played and before is not None:
                event = played[0]
                assert events[0] == event
                pile = game.state.discards[event.seat]
                start = len(before.discards[event.seat])
                assert pile[start] == event.card
            before = game.state.copy()


def test_X_2_the_chancellor_is_on_the_pile_while_its_player_decides() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Chancellor"])
    play(game, "Chancellor")
    assert game.phase is Phase.CHANCELLOR
    for seat in range(3):
        assert game.view(seat).seats[0].discards == ("Chancellor",)


def test_X_4_drawing_a_missing_set_aside_card_fails_loudly() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Prince"])
    state = game.state.copy()
    state.deck.clear()
    state.set_aside = None  # as if it had been drawn already
    with pytest.raises(AssertionError, match="set-aside"):
        state.redraw(1)


# --------------------------------------------------------------------------------------------------


def _serialise(game: Game) -> str:
    return json.dumps(
        {
            "ruleset": game.ruleset.name,
            "players": game.players,
            "deals": [{"first_player": d.first_player, "deck": list(d.deck)} for d in game.deals],
            "actions": [[str(a) for a in actions] for actions in game.actions],
        }
    )


def _restore(text: str) -> Game:
    data = json.loads(text)
    deals = data["deals"]
    game = Game(data["ruleset"], data["players"], deck=deals[0]["deck"], first_player=deals[0]["first_player"])
    for index, actions in enumerate(data["actions"]):
        if index:
            game.next_round(deck=deals[index]["deck"], first_player=deals[index]["first_player"])
        for action in actions:
            game.push(action)
    return game


@pytest.mark.parametrize(("ruleset", "players"), SETUPS)
def test_X_5_a_mid_round_game_restored_from_its_history_shows_every_seat_the_same(ruleset: str, players: int) -> None:
    checked_rounds: set[int] = set()
    secrets = 0
    for seed in range(4):
        for step, (game, _) in enumerate(random_game(ruleset, players, seed, rounds=2)):
            if game.decider is None or step % 3:
                continue
            views = [game.view(p) for p in range(players)]
            restored = _restore(_serialise(game))
            for seat in range(players):
                assert restored.view(seat) == views[seat]
                assert repr(restored.log_for(seat)) == repr(game.log_for(seat))
            assert restored.legal_actions() == game.legal_actions()
            checked_rounds.add(len(game.deals))
            # Private knowledge (a look, a trade, cards under the deck) was part of what had to survive.
            secrets += any(sv.known for v in views for sv in v.seats if sv.seat != v.seat) or any(
                v.deck_known for v in views
            )
    assert checked_rounds == {1, 2}
    assert secrets > 0


def test_X_5_a_chancellor_decision_in_progress_is_restored() -> None:
    game = deal(
        "2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Chancellor", "King", "Countess", "Spy", "Chancellor"]
    )
    play(game, "Chancellor", "keep Guard return King,Countess", "Priest>0", "Chancellor")
    assert game.phase is Phase.CHANCELLOR and game.decider == 2
    restored = _restore(_serialise(game))
    for seat in range(3):
        assert restored.view(seat) == game.view(seat)
    assert restored.legal_actions() == game.legal_actions()
    assert restored.view(0).deck_known == game.view(0).deck_known != ()
    assert restored.view(1).seats[0].known == ("Guard",)
    assert len(restored.view(2).hand) == 3
