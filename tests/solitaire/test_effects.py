"""The solitaire card effects (``loveletter.solitaire.effects``): one class per card the variant has, and traits
that agree with what the cards do in play."""

from __future__ import annotations

import random

import pytest

from loveletter.engine.events import Event as EngineEvent
from loveletter.engine.ruleset import KNOWN_EFFECTS
from loveletter.solitaire import Phase, Play, SolitaireGame, load_solitaire_ruleset
from loveletter.solitaire import events as ev
from loveletter.solitaire.effects import EFFECTS, effects_for
from loveletter.solitaire.ruleset import SOLITAIRE_EFFECTS
from tests.solitaire.support import play, sol

RS = load_solitaire_ruleset()
CLASSIC = ("princess", "countess", "king", "prince", "handmaid", "baron", "priest", "guard")


def test_every_classic_character_has_one_solitaire_effect_class() -> None:
    assert sorted(EFFECTS) == sorted(CLASSIC), "docs/rules.md §6.4 and §6.5 give rules for these eight"
    assert frozenset(EFFECTS) == SOLITAIRE_EFFECTS
    assert set(EFFECTS) <= KNOWN_EFFECTS, "each is also a multi-player effect a card set can use"
    assert {name: cls.name for name, cls in EFFECTS.items()} == {name: name for name in EFFECTS}
    assert len(set(EFFECTS.values())) == len(EFFECTS)
    assert {card: effect.name for card, effect in effects_for(RS).items()} == {
        card.id: card.effect for card in RS.cards.values()
    }


def test_the_princess_trait_names_the_card_the_retinue_protects() -> None:
    princesses = [card.id for card in RS.cards.values() if RS.rules_of(card.id).is_princess]
    assert princesses == [RS.princess] == ["Princess"]


def test_the_guard_names_every_card_type_but_itself() -> None:
    game = sol(
        ["Priest", "Baron", "Handmaid", "Prince", "Guard", "Countess"], hand="Guard", agent="King", draws=["Guard"]
    )
    play(game, "draw")
    named = {a.named for a in game.legal_actions() if isinstance(a, Play) and a.named is not None}
    assert named == set(RS.cards) - {"Guard"} == set(RS.guard_names)
    assert [card for card in RS.cards if not RS.rules_of(card).guard_may_name] == ["Guard"]


def test_the_countess_alone_is_forced_by_the_king_or_the_prince() -> None:
    forcing = {(a, b) for a in RS.cards for b in RS.cards if RS.rules_of(a).must_be_played_with(b, RS)}
    assert forcing == {("Countess", "King"), ("Countess", "Prince")}
    game = sol(["Guard"] * 5 + ["Priest"], hand="Countess", agent="Baron", draws=["King"])
    play(game, "draw")
    assert game.legal_actions() == (Play("Countess"),)


@pytest.mark.parametrize("reveal_first", [False, True])
def test_the_targeting_traits_agree_with_the_retinues_questions(reveal_first: bool) -> None:
    """Over random games: a retinue card asks "hand or agent?" only if it targets the player, and names a queue
    place exactly when it uses the next card in line; every kind of retinue question is seen."""
    rs = RS.with_flags(sol_baron_reveal_first=reveal_first)
    asked: set[str] = set()
    for i in range(200):
        rng = random.Random(i)
        game = SolitaireGame(rs, seed=rng.getrandbits(32))
        while not game.over:
            threat = game.state.threat
            if game.state.phase is Phase.CHOOSE and threat is not None and threat.by == "retinue":
                rules = rs.rules_of(threat.card)
                asked.add(rules.name)
                assert rules.targets_player
                assert (threat.reference is not None) == rules.uses_next_in_line
            game.push(rng.choice(game.legal_actions()))
    assert asked == {"guard", "baron", "prince", "king"}
    assert {name for name, cls in EFFECTS.items() if cls.targets_player} == asked


def test_solitaire_events_are_engine_events_the_player_sees() -> None:
    game = sol(["Priest"] * 2 + ["Baron"] * 2 + ["Guard"] * 2, hand="Handmaid", agent="King")
    events = play(game, "draw", "Handmaid")
    assert events and all(isinstance(e, (ev.Event, EngineEvent)) for e in events)
    assert all(e.public and e.audience is None and e.visible_to(0) for e in events)
