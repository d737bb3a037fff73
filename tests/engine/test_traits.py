"""Card traits say what the engine does: checked against the legal actions and the events of real plays."""

from __future__ import annotations

import random

import pytest

from loveletter.engine import Game, Play, Redraw, load_ruleset, stacked_deck
from loveletter.engine import events as ev
from loveletter.engine.effects import EFFECTS
from tests.bots.helpers import ALL_TABLES


def test_the_cards_of_the_editions_have_the_traits_of_their_effects() -> None:
    cards = load_ruleset("premium").cards
    assert (cards["Baron"].traits.compares, cards["DowagerQueen"].traits.compares) == ("lower_loses", "higher_loses")
    assert (cards["Prince"].traits.targets, cards["Bishop"].traits.names, cards["Guard"].traits.names) == (
        "anyone",
        "value",
        "card",
    )
    assert [c.id for c in cards.values() if c.traits.knocks_out_when_discarded] == ["Princess"]
    assert all(cls.knocks_out_when_discarded == cls.traits.knocks_out_when_discarded for cls in EFFECTS.values())


@pytest.mark.parametrize(("ruleset", "players"), [pytest.param(r, n, id=f"{r}-{n}p") for r, n in ALL_TABLES])
def test_whom_a_card_chooses_and_what_it_names_match_its_legal_plays(ruleset: str, players: int) -> None:
    rng = random.Random(f"traits/{ruleset}/{players}")
    seen = 0
    for seed in range(3):
        game = Game(ruleset, players, seed=seed, record=False)
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            legal = game.legal_actions()
            me = game.decider
            for action in legal:
                if not isinstance(action, Play) or not action.targets:
                    continue
                traits = game.ruleset.cards[action.card].traits
                seen += 1
                assert traits.chooses
                assert (action.named is not None) == (traits.names is not None)
                if me in action.targets:
                    assert traits.may_choose_self
                if len(action.targets) == 2:
                    assert traits.targets in ("one_or_two_others", "two_players")
                assert (action.look is not None) <= traits.looks
            game.push(legal[rng.randrange(len(legal))])
    assert seen > 0


@pytest.mark.parametrize(("ruleset", "players"), [pytest.param(r, n, id=f"{r}-{n}p") for r, n in ALL_TABLES])
def test_what_a_play_did_matches_its_traits(ruleset: str, players: int) -> None:
    rng = random.Random(f"traits-events/{ruleset}/{players}")
    for seed in range(3):
        game = Game(ruleset, players, seed=seed)
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            action = game.legal_actions()[rng.randrange(len(game.legal_actions()))]
            events = game.push(action)
            if not isinstance(action, Play) or any(isinstance(e, ev.NoEffect) for e in events):
                continue
            traits = game.ruleset.cards[action.card].traits
            kinds = {type(e) for e in events}
            if ev.AssassinStruck in kinds:
                continue  # the Guard met an Assassin: its own effect did not happen
            assert (ev.Compared in kinds) == (traits.compares is not None)
            assert (ev.Swapped in kinds) == traits.trades
            assert (ev.Protected in kinds) == traits.protects
            assert (ev.ChancellorDrew in kinds) == traits.draws
            assert (ev.Marked in kinds) == (traits.marks is not None)
            assert (ev.Guessed in kinds) == (traits.names is not None)
            if traits.discards_target:
                assert any(isinstance(e, ev.Discarded) and e.seat == action.targets[0] for e in events)


def test_a_view_says_which_moves_knock_its_own_player_out() -> None:
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 2, hands=["Prince", "Guard"], draws=["Princess"])
    view = Game(rs, 2, deck=deck, first_player=0).view(0)
    assert view.knocks_out_self(Play("Princess")) == "play"
    assert view.knocks_out_self(Play("Prince", (0,))) == "discard"
    assert view.knocks_out_self(Play("Prince", (1,))) is None
    assert view.knocks_out_self(Redraw(True)) == "redraw"
    assert view.knocks_out_self(Redraw(False)) is None
