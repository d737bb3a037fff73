"""The log tells each seat what it may know, and nothing else."""

from __future__ import annotations

import random

import pytest

from loveletter.engine import Game, Redraw
from loveletter.engine import events as ev
from loveletter.i18n import card_name, set_language
from loveletter.tui.log import PLAIN, narrate
from tests.support import deal, play

NAMES = ["Ana", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def told(game: Game, seat: int | None) -> str:
    goal = game.ruleset.tokens_to_win(game.players)
    return "\n".join(e.text.plain for e in narrate(game.log, seat, NAMES, game.ruleset, goal=goal))


def test_a_baron_comparison_is_told_to_its_two_players_only() -> None:
    game = deal("classic", 3, hands=["Baron", "Priest", "Guard"], draws=["King"])
    play(game, "Baron>1")
    secret = "(secret: Ana has King, Bea has Priest.)"
    assert secret in told(game, 0) and secret in told(game, 1)
    assert "secret" not in told(game, 2) and "secret" not in told(game, None)
    assert "Ana plays Baron on Bea. Bea has the lower card. Bea is out, showing Priest." in told(game, 2)


def test_a_king_trade_tells_each_player_what_they_got() -> None:
    game = deal("classic", 3, hands=["King", "Priest", "Guard"], draws=["Baron"])
    play(game, "King>2")
    assert "(secret: you get Guard from Cal.)" in told(game, 0)
    assert "(secret: you get Baron from Ana.)" in told(game, 2)
    assert "you get" not in told(game, 1)
    assert "Ana and Cal trade hands." in told(game, 1)


def test_a_prince_redraw_is_public_and_the_new_card_private() -> None:
    game = deal("2019", 2, hands=["Prince", "Priest"], draws=["Guard", "Baron"])
    play(game, "Prince>1")
    assert "Bea discards Priest. Bea draws a new card. (secret: you draw Baron.)" in told(game, 1)
    assert "Baron" not in told(game, 0)


def test_the_draw_that_starts_a_turn_is_not_told() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    assert "draw" not in told(game, 0)


def test_a_chancellor_tells_its_player_the_cards_and_the_order() -> None:
    game = deal("2019", 2, hands=["Chancellor", "Priest"], draws=["Guard", "Baron", "King"])
    play(game, "Chancellor", "keep Guard return King,Baron")
    mine = told(game, 0)
    assert "(secret: you draw Baron, King.)" in mine
    assert "(secret: you put King, then Baron under the deck.)" in mine
    assert "Ana draws 2 cards." in told(game, 1) and "King" not in told(game, 1)


@pytest.mark.parametrize("redraw", [True, False])
def test_the_bishop_targets_decision_is_public(redraw: bool) -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "Handmaid", "King"], draws=["Bishop", "Prince"])
    play(game, "Bishop>1=2")
    game.push(Redraw(redraw))
    public = told(game, None)
    assert "Ana plays Bishop on Bea, naming 2. A hit! Ana gains a token for the Bishop (1/4)." in public
    if redraw:
        assert "Bea discards Priest. Bea draws a new card." in public
        assert "(secret: you draw Prince.)" in told(game, 1)
        assert "keeps" not in public
    else:
        assert "Bea keeps their card." in public


def test_a_round_end_with_its_tokens() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    play(game, "Guard>1=Priest")
    assert told(game, None).splitlines()[-1] == (
        "Round 1 ends: Ana is the last one standing. Ana gains a favor token (1/6)."
    )


@pytest.mark.parametrize(
    ("ruleset", "players"), [("2019", 2), ("2019", 5), ("classic", 4), ("premium", 3), ("premium", 7)]
)
def test_random_games_never_tell_a_seat_what_it_may_not_see(ruleset: str, players: int) -> None:
    rng = random.Random(f"{ruleset}{players}")
    game = Game(ruleset, players, seed=rng.randrange(10_000))
    while not game.over and game.state.round < 4:
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
    spectator = told(game, None)
    assert "secret" not in spectator
    goal = game.ruleset.tokens_to_win(players)
    for seat in range(players):
        mine = told(game, seat)
        # Only what the seat may see is told: the same story from its own events alone.
        own = [e for e in game.log if e.visible_to(seat)]
        assert mine == "\n".join(e.text.plain for e in narrate(own, seat, NAMES, game.ruleset, goal=goal))
        for event in game.log:
            if isinstance(event, ev.SawHand) and event.seat != seat:
                assert f"(secret: {NAMES[event.target]} holds" not in mine or any(
                    isinstance(e, ev.SawHand) and e.seat == seat and e.target == event.target for e in game.log
                )


def test_secrets_in_a_row_are_told_in_one_bracket() -> None:
    game = deal("premium", 5, hands=["Baroness", "Priest", "Guard", "King", "Handmaid"], draws=["Guard"])
    play(game, "Baroness>1,2")
    last = told(game, 0).splitlines()[-1]
    assert last == "Ana plays Baroness on Bea and Cal. (secret: Bea holds Priest. Cal holds Guard.)"


def deck_out_rounds(count: int) -> list[tuple[Game, str]]:
    """First rounds of 6-player premium games played at random to a deck-out, with their public story."""
    out = []
    for seed in range(count):
        game = Game("premium", 6, seed=seed)
        rng = random.Random(seed)
        while not game.round_over:
            game.push(rng.choice(game.legal_actions()))
        if game.view(0).result is not None and game.view(0).result.reason == "deck_out":  # type: ignore[union-attr]
            out.append((game, told(game, None)))
    return out


def test_a_deck_out_says_the_counts_bonus_and_why_a_tie_was_broken() -> None:
    counts = ties = 0
    for game, story in deck_out_rounds(120):
        result = game.view(0).result
        assert result is not None
        rs = game.ruleset
        scores = dict(result.scores)
        for seat, card in result.hands:
            bonus = scores[seat] - rs.cards[card].value
            if bonus:  # a Count's bonus: said with the card's own value
                counts += 1
                assert f"{NAMES[seat]} {card_name(card)} ({rs.cards[card].value} + {bonus} for " in story, story
        best = max(scores.values())
        top = [p for p, v in scores.items() if v == best]
        if 0 < len(result.winners) < len(top) and set(result.winners) <= set(top):
            ties += 1  # broken by the discards' totals: the totals are given
            totals = {p: sum(rs.cards[c].value for c in game.view(0).seats[p].discards) for p in top}
            assert f"tie at {best}: the higher total of discards wins (" in story, story
            for p in top:
                assert f"{NAMES[p]} {totals[p]}" in story
    assert counts and ties  # the random rounds reach both cases


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 6), ("classic", 3), ("premium", 8), ("original2012", 4)])
def test_the_words_only_log_tells_the_same_words(ruleset: str, players: int, language: str) -> None:
    """The spectator's plain log and screen-reader mode narrate with PLAIN: the same lines, word for word, as the
    styled log, for every seat and for the public, names with markup and escapes included."""
    set_language(language)
    names = ["[bold]Ana[/]", "Bea\x1b[2J", *NAMES[2:players]][:players]
    rng = random.Random(f"words {ruleset}{players}")
    game = Game(ruleset, players, seed=rng.randrange(10_000))
    while not game.over and game.state.round < 8:
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
    goal = game.ruleset.tokens_to_win(players)
    for seat in [None, *range(players)]:
        styled = narrate(game.log, seat, names, game.ruleset, goal=goal, offset=3)
        words = narrate(game.log, seat, names, game.ruleset, goal=goal, offset=3, pen=PLAIN)
        assert [(e.text, e.index, e.private) for e in words] == [(e.text.plain, e.index, e.private) for e in styled]
        assert len(words) > players
