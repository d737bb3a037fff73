"""Helpers for the rule-case scenario tests (docs/rules.md §7): looking into events and views, playing quiet filler
turns up to a deck-out, quick knock-out rounds, and rulesets with a flag flipped.

The helpers may look at ``game.state`` to *choose* moves (e.g. a Guard guess that misses); the tests themselves
assert on views, events, tokens and results.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import TypeVar

from loveletter.engine import Game, GameState, Keep, Phase, Play, Ruleset, load_ruleset, stacked_deck
from loveletter.engine.actions import Action
from loveletter.engine.events import Event
from loveletter.engine.ruleset import bundled_dir

E = TypeVar("E", bound=Event)

#: Ruleset A and the two rulesets of B (docs/rules.md §4): the §7.1 cases run on all three where the cards exist.
AB = ("2019", "classic", "original2012")


# ------------------------------------------------------------------------------------------- events and views


def public(events: Iterable[Event]) -> list[Event]:
    """The events every seat sees."""
    return [e for e in events if e.audience is None]


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def strings_in(value: object) -> set[str]:
    """Every string inside an event (or a nested tuple of its fields): the card ids it mentions, and more."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, tuple | list):
        found: set[str] = set()
        for item in value:
            found |= strings_in(item)
        return found
    if is_dataclass(value) and not isinstance(value, type):
        found = set()
        for f in fields(value):
            found |= strings_in(getattr(value, f.name))
        return found
    return set()


def mentioning(events: Iterable[Event], card: str) -> list[Event]:
    """The events that name ``card`` anywhere in their fields."""
    return [e for e in events if card in strings_in(e)]


def others(game: Game, *seats: int) -> list[int]:
    """Every seat except ``seats``."""
    return [p for p in range(game.players) if p not in seats]


def known(game: Game, viewer: int, holder: int) -> tuple[str, ...]:
    """What ``viewer``'s view says about ``holder``'s hand."""
    return game.view(viewer).seats[holder].known


def targets_of(actions: Iterable[Action], card: str) -> set[int]:
    """The seats the legal plays of ``card`` may choose."""
    return {t for a in actions if isinstance(a, Play) and a.card == card for t in a.targets}


def plays_of(actions: Iterable[Action], card: str) -> list[Play]:
    """The legal plays of ``card``."""
    return [a for a in actions if isinstance(a, Play) and a.card == card]


def cards_played(actions: Iterable[Action]) -> set[str]:
    return {a.card for a in actions if isinstance(a, Play)}


# ------------------------------------------------------------------------------------------------- rulesets


def ruleset_with(tmp_path: Path, name: str, **flags: str | bool) -> Ruleset:
    """A copy of the bundled ruleset ``name`` with these ``[flags]`` set, written to ``tmp_path`` and loaded."""
    text = (bundled_dir() / f"{name}.toml").read_text(encoding="utf-8")
    for key, value in flags.items():
        literal = ("true" if value else "false") if isinstance(value, bool) else f'"{value}"'
        line = re.compile(rf"^{key}\s*=.*$", re.MULTILINE)
        if line.search(text):
            text = line.sub(f"{key} = {literal}", text, count=1)
        else:
            assert "\n[flags]\n" in text, f"{name}.toml has no [flags] table"
            text = text.replace("\n[flags]\n", f"\n[flags]\n{key} = {literal}\n", 1)
    path = tmp_path / f"{name}-{'-'.join(sorted(flags))}.toml"
    path.write_text(text, encoding="utf-8")
    rs = load_ruleset(str(path))
    for key, value in flags.items():
        assert getattr(rs.flags, key) == value
    return rs


def stacked_game(
    ruleset: Ruleset | str,
    players: int,
    *,
    hands: Sequence[str],
    draws: Sequence[str] = (),
    set_aside: str | None = None,
    face_up: Sequence[str] | None = None,
    first_player: int = 0,
    seed: int = 0,
) -> Game:
    """Like ``tests.support.deal`` but for a loaded :class:`Ruleset` too (a copy with flags flipped)."""
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    deck = stacked_deck(
        rs, players, hands=hands, draws=draws, set_aside=set_aside, face_up=face_up, first_player=first_player
    )
    return Game(rs, players, seed=seed, deck=deck, first_player=first_player)


# ------------------------------------------------------------------------------------------- quiet filler turns


def _quiet(state: GameState, action: Action) -> bool:
    """Nobody is knocked out, no other hand changes, the actor keeps the card it held before drawing, and the
    deck shrinks only by the turn's own draw (so stacked draws stay where the test put them)."""
    actor = state.current
    after = state.copy()
    after.apply(action, record=False)
    if after.phase is Phase.CHANCELLOR:
        held = after.hands[actor]
        after.apply(Keep(held[0], held[1:]), record=False)
    next_draw = after.turn - state.turn  # 1 if the next turn started (its player drew), else 0
    if after.alive != state.alive or len(after.deck) != len(state.deck) - next_draw:
        return False
    for p in range(state.n):
        now = after.hands[p][:-1] if next_draw and p == after.current else after.hands[p]
        if p != actor and now != state.hands[p]:
            return False
    return state.hands[actor][0] in after.hands[actor]


def quiet_action(game: Game) -> Action | None:
    """A filler move for the deciding seat: play the card just drawn (keeping the older one) without changing
    anything a scenario cares about; after a Chancellor, keep the older card and return the drawn ones in the
    order drawn. ``None`` if there is no such move."""
    state = game.state
    actor = state.current
    held = state.hands[actor]
    legal = game.legal_actions()
    if state.phase is Phase.CHANCELLOR:
        return next(a for a in legal if isinstance(a, Keep) and a.card == held[0] and a.returned == tuple(held[1:]))
    if state.phase is not Phase.PLAY:
        return None
    drawn = held[-1]
    for action in legal:
        if isinstance(action, Play) and action.card == drawn and _quiet(state, action):
            return action
    return None


def coast(game: Game, until: Callable[[Game], bool] | None = None, *, limit: int = 200) -> list[Event]:
    """Play quiet filler moves (see :func:`quiet_action`) until the round is over or ``until(game)`` holds at a
    decision point. Fails loudly if a filler move is needed but none exists (a badly stacked scenario)."""
    events: list[Event] = []
    for _ in range(limit):
        if game.decider is None or (until is not None and until(game)):
            return events
        action = quiet_action(game)
        if action is None:
            view = game.view(game.state.current)
            raise AssertionError(
                f"no quiet move for seat {view.seat} holding {view.hand} (deck {view.deck_size}); "
                f"legal: {[str(a) for a in game.legal_actions()]}"
            )
        events.extend(game.push(action))
    raise AssertionError("coast: too many moves")


def at_deck(size: int, seat: int | None = None) -> Callable[[Game], bool]:
    """Stop ``coast`` at the first decision with ``size`` cards left in the deck (and ``seat`` to play)."""

    def check(game: Game) -> bool:
        view = game.view(0)
        return view.phase is Phase.PLAY and view.deck_size == size and (seat is None or game.state.current == seat)

    return check


def rest_of_deck(rs: Ruleset, players: int, used: Sequence[str], *, last: Sequence[str] = ()) -> list[str]:
    """The cards of the deck not in ``used``, as draws for :func:`coast`: the Countess first (whoever draws it may
    play it), then highest value first, the Chancellors just before ``last`` (so the cards a Chancellor returns
    go back where they were)."""
    left = Counter(rs.mode_for(players).deck())
    left.subtract(used)
    left.subtract(last)
    assert all(n >= 0 for n in left.values()), f"more cards asked for than the deck has: {used}, {last}"
    cards = sorted(left.elements(), key=lambda c: (c != "Countess", c == "Chancellor", -rs.value(c)))
    return [*cards, *last]


# ------------------------------------------------------------------------------------- quick knock-out rounds


def sweep_plan(
    rs: Ruleset, players: int, *, winner: int, first_player: int, spy: bool = False
) -> tuple[list[str], list[str], list[str]]:
    """Hands, draws and actions (in notation) of a round that ``winner`` wins by last player standing: every
    seat keeps its dealt card and plays the Guard it draws on the next seat still in (never on ``winner``),
    ``winner`` plays a Spy first when ``spy`` is set, and a seat left alone with ``winner`` plays a Priest on them.
    """
    mode = rs.mode_for(players)
    pool = [
        c for c in ("Princess", "Countess", "King", "Handmaid", "Baron", "Prince", "Chancellor") if c in mode.copies
    ]
    hands = pool[:players]
    alive = list(range(players))
    draws: list[str] = []
    actions: list[str] = []
    spy_due = spy
    actor = first_player
    while len(alive) > 1:
        later = alive[alive.index(actor) + 1 :] + alive[: alive.index(actor)]
        victims = [p for p in later if p != winner]
        if actor == winner and spy_due:
            draws.append("Spy")
            actions.append("Spy")
            spy_due = False
        elif victims:
            draws.append("Guard")
            actions.append(f"Guard>{victims[0]}={hands[victims[0]]}")
            alive.remove(victims[0])
        else:
            draws.append("Priest")
            actions.append(f"Priest>{winner}")
        following = alive[(alive.index(actor) + 1) % len(alive)] if actor in alive else None
        assert following is not None
        actor = following
    return hands, draws, actions


def sweep(game: Game, *, winner: int, spy: bool = False) -> list[Event]:
    """Deal the next round stacked by :func:`sweep_plan` (its first player is the one the rules give, or the
    lowest tied seat) and play it out."""
    state = game.state
    first = state.next_first[0]
    hands, draws, actions = sweep_plan(game.ruleset, game.players, winner=winner, first_player=first, spy=spy)
    deck = stacked_deck(game.ruleset, game.players, hands=hands, draws=draws, first_player=first)
    events = game.next_round(deck=deck, first_player=first)
    for action in actions:
        events.extend(game.push(action))
    assert game.result is not None and game.result.winners == (winner,), game.result
    return events


def swept_game(
    ruleset: Ruleset | str, players: int, *, winner: int, first_player: int = 0, spy: bool = False, seed: int = 0
) -> Game:
    """A new game whose first round :func:`sweep_plan` stacks and plays out."""
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    hands, draws, actions = sweep_plan(rs, players, winner=winner, first_player=first_player, spy=spy)
    game = stacked_game(rs, players, hands=hands, draws=draws, first_player=first_player, seed=seed)
    for action in actions:
        game.push(action)
    assert game.result is not None and game.result.winners == (winner,), game.result
    return game


#: A two-player layout where both seats keep a Baron to the deck-out (a Baron play ties) and the other cards
#: that could change a hand (Princess, King, both Princes) are set aside, so every draw can be quiet.
TWO_BARONS_HANDS = ("Baron", "Baron")
TWO_BARONS_SET_ASIDE = "Princess"
TWO_BARONS_FACE_UP = ("King", "Prince", "Prince")


def two_barons(ruleset: Ruleset | str, draws: Sequence[str], *, seed: int = 0) -> Game:
    """A new two-player game in the two-Baron layout, drawing ``draws`` (seat 0 the odd ones, seat 1 the even)."""
    return stacked_game(
        ruleset,
        2,
        hands=TWO_BARONS_HANDS,
        set_aside=TWO_BARONS_SET_ASIDE,
        face_up=TWO_BARONS_FACE_UP,
        draws=draws,
        seed=seed,
    )


def two_baron_deck(rs: Ruleset, *, first_player: int = 0) -> list[str]:
    """A deck in the two-Baron layout whose draws are all the quiet cards, the Spies (if any) last: a tied
    deck-out."""
    aside = {TWO_BARONS_SET_ASIDE, *TWO_BARONS_FACE_UP, *TWO_BARONS_HANDS}
    quiet = [c for c in rs.mode_for(2).deck() if c not in aside]
    return stacked_deck(
        rs,
        2,
        hands=TWO_BARONS_HANDS,
        set_aside=TWO_BARONS_SET_ASIDE,
        face_up=TWO_BARONS_FACE_UP,
        draws=sorted(quiet, key=lambda c: c == "Spy"),
        first_player=first_player,
    )


def two_baron_tie(ruleset: Ruleset | str, *, seed: int = 0) -> Game:
    """A new two-player game dealt by :func:`two_baron_deck`."""
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Game(rs, 2, seed=seed, deck=two_baron_deck(rs), first_player=0)
