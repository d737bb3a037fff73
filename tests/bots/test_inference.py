"""Reading the others' plays: which card they probably kept, and who has seen ours."""

from __future__ import annotations

from loveletter.bots.inference import FLOOR, PlayReader
from loveletter.engine import Game
from tests.support import deal, play


def read(
    reader: PlayReader, game: Game, seat: int = 0
) -> tuple[dict[int, dict[str, float]], dict[int, tuple[str, ...]]]:
    return reader.read(game.view(seat))


def test_a_played_countess_points_to_a_king_or_a_prince() -> None:
    game = deal("2019", 2, hands=["Guard", "Countess"], draws=["Priest", "King", "Guard"])
    reader = PlayReader()
    read(reader, game)
    play(game, "Guard>1=Baron", "Countess")
    likely, _ = read(reader, game)
    weights = likely[1]
    assert weights["King"] == weights["Prince"] == 1.0
    assert weights["Guard"] < weights["King"]


def test_a_king_or_a_prince_was_not_played_beside_the_countess() -> None:
    game = deal(
        "2019", 2, hands=["Guard", "Prince"], draws=["Priest", "Baron", "Guard"], face_up=["Guard"] * 3, set_aside="Spy"
    )
    reader = PlayReader()
    read(reader, game)
    play(game, "Guard>1=Baron", "Prince>0")
    likely, _ = read(reader, game)
    assert likely[1]["Countess"] == 0.0  # the rules would have forced her
    assert min(likely[1].values()) == 0.0 and min(w for w in likely[1].values() if w) >= FLOOR


def test_a_priest_on_us_exposes_our_card_until_we_play_it() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Countess", "Spy", "Handmaid", "Guard", "Prince"])
    reader = PlayReader()
    view = game.view(0)
    read(reader, game)
    reader.note(view, game.parse("Guard>1=Princess"))
    play(game, "Guard>1=Princess", "Priest>0")
    view = game.view(0)
    _, exposed = reader.read(view)
    assert exposed == {1: ("Countess",)}
    reader.note(view, game.parse("Countess"))
    play(game, "Countess", "Guard>0=Princess")
    _, exposed = read(reader, game)
    assert exposed == {}


def test_a_baron_tie_exposes_our_card() -> None:
    game = deal("2019", 2, hands=["Baron", "Prince"], draws=["Prince", "Guard", "Handmaid"])
    reader = PlayReader()
    view = game.view(0)
    read(reader, game)
    reader.note(view, game.parse("Baron>1"))
    play(game, "Baron>1")  # Prince against Prince: a tie
    play(game, "Guard>0=Princess")
    _, exposed = read(reader, game)
    assert exposed == {1: ("Prince",)}


def test_a_new_round_forgets() -> None:
    game = Game("2019", 2, seed=3)
    reader = PlayReader()
    seat = game.decider
    assert seat is not None
    reader.read(game.view(seat))
    while not game.round_over:
        game.push(game.legal_actions()[0])
    game.next_round()
    seat = game.decider
    assert seat is not None
    likely, exposed = reader.read(game.view(seat))
    assert likely == {} and exposed == {}  # nobody has played yet in the new round


def test_a_priest_before_our_first_turn_exposes_the_card_we_were_dealt() -> None:
    game = deal("2019", 2, hands=["Countess", "Priest"], draws=["Guard", "Baron"], first_player=1)
    play(game, "Priest>0")
    _, exposed = PlayReader().read(game.view(0))
    assert exposed == {1: ("Countess",)}
