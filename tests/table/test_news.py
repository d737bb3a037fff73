"""The one rule of private news, shared by the game loop and the round's log."""

from __future__ import annotations

from loveletter.engine import events as ev
from loveletter.i18n import set_language
from loveletter.table.news import is_private_news, shown_by_hand
from loveletter.tui.log import narrate
from tests.support import deal, play


def test_the_turns_draw_and_the_deal_are_no_news_a_princes_draw_is() -> None:
    set_language("en")
    game = deal("2019", 2, hands=["Prince", "Guard"], draws=["Priest", "Baron", "Handmaid"])
    play(game, "Prince>1")  # Bea discards her Guard and draws the Baron
    log = game.log
    news = [e for i, e in enumerate(log) if is_private_news(e, log[i - 1] if i else None, 1)]
    assert [type(e) for e in news] == [ev.DrewCard] and news[0].card == "Baron"  # type: ignore[attr-defined]
    turn_draw = next(i for i, e in enumerate(log) if isinstance(e, ev.DrewCard) and e.seat == 0)
    assert shown_by_hand(log[turn_draw], log[turn_draw - 1])
    assert all(shown_by_hand(e, None) for e in log if isinstance(e, ev.Dealt))
    # The log tells Bea the draw that is news, and not Ana's turn's draw (her hand shows it).
    bea, ana = ([e.text.plain for e in narrate(log, seat, ["Ana", "Bea"], game.ruleset, goal=7)] for seat in (1, 0))
    assert any("you draw Baron" in line for line in bea), bea
    assert not any("you draw" in line for line in ana), ana
