"""What a guest's terminal may show, checked against the game itself (independently of how the screens are drawn).

* :func:`hand_on_screen`: the cards drawn as card faces (only the viewer's own hand is ever drawn so): at each of
  the guest's decisions they must be exactly the seat's hand.
* :func:`secrets_of`: the private parts of the log each seat may read ("(secret: …)"); whatever a guest was
  sent may hold its own seat's, never another seat's that it was not party to.
"""

from __future__ import annotations

import re
from collections import Counter

from loveletter.engine import Game
from loveletter.i18n import card_name
from loveletter.tui.log import narrate

_FACE = re.compile(r"╭─ (\d+) (.+?) ─")
_SECRET = re.compile(r"\(secret: (.*?)\)")
_NOISE = re.compile(r"[\s│╭╮╰╯─┃━┏┓┗┛]")


def hand_on_screen(screen: str) -> Counter[str]:
    """The card names drawn as card faces on ``screen``."""
    return Counter(match[2] for match in _FACE.finditer(screen))


def hand_of(game: Game, seat: int) -> Counter[str]:
    return Counter(card_name(card) for card in game.view(seat).hand)


def squeeze(text: str) -> str:
    """``text`` without spaces, line breaks and box lines: what is left of wrapped lines and panels."""
    return _NOISE.sub("", text)


def secrets_of(game: Game, seat: int, names: list[str]) -> set[str]:
    """The private parts of the whole game's log as ``seat`` reads them, squeezed."""
    goal = game.ruleset.tokens_to_win(game.players)
    entries = narrate(game.log, seat, names, game.ruleset, goal=goal)
    return {squeeze(found) for e in entries if e.private for found in _SECRET.findall(e.text.plain)}
