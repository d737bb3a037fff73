"""Helpers for the computer-player tests: positions from random games, and re-dealing what a seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator

from loveletter.engine import Action, Game, GameState, Phase, Play, load_ruleset

#: (ruleset, players) pairs that cover every deck: 2019 with and without face-up cards, classic, both premium
#: modes (the 5-8 player one has every premium card), and original2012.
TABLES = [
    ("2019", 2),
    ("2019", 4),
    ("classic", 3),
    ("premium", 2),
    ("premium", 5),
    ("premium", 8),
    ("original2012", 2),
]


def positions(ruleset: str, players: int, seed: int, count: int) -> Iterator[Game]:
    """``count`` decision points of random games (the same game object, advanced between yields)."""
    rng = random.Random(seed)
    found = 0
    game_seed = seed * 1000
    while found < count:
        game = Game(ruleset, players, seed=game_seed)
        game_seed += 1
        while not game.over and found < count:
            if game.round_over:
                game.next_round()
                continue
            if rng.random() < 0.3:
                found += 1
                yield game
                if game.over or game.round_over:
                    continue
            game.push(rng.choice(game.legal_actions()))


def decisions(ruleset: str, players: int, seed: int, count: int) -> Iterator[tuple[Game, int]]:
    """The :func:`positions` with the seat that decides there (every one has one: none is at a round's end)."""
    for game in positions(ruleset, players, seed, count):
        seat = game.decider
        assert seat is not None
        yield game, seat


def redeal(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``state`` where every card ``seat`` cannot see is dealt again at random: the other seats'
    unknown hand cards, the deck except the cards ``seat`` put under it, and the face-down set-aside card. What
    the others knew of hidden cards is dropped (``seat`` cannot see it either; what they know of ``seat``'s own
    hand stays: ``seat`` knows it), so the copy is a consistent deal that ``seat`` cannot tell from the original.

    Written independently of :mod:`loveletter.engine.determinize`, to check it."""
    s = state.copy()
    n = s.n
    places: list[tuple[str, int, int]] = []  # (where, which, index)
    for p in range(n):
        if p == seat:
            continue
        known = list(s.known.get(seat * n + p, ()))
        for i, card in enumerate(s.hands[p]):
            if card in known:
                known.remove(card)
            else:
                places.append(("hand", p, i))
    mine = {index for viewer, index, _ in s.deck_marks if viewer == seat}
    places.extend(("deck", 0, i) for i in range(len(s.deck)) if i not in mine)
    if s.set_aside is not None:
        places.append(("set_aside", 0, 0))

    def get(place: tuple[str, int, int]) -> str:
        where, which, index = place
        if where == "hand":
            return s.hands[which][index]
        if where == "deck":
            return s.deck[index]
        assert s.set_aside is not None
        return s.set_aside

    cards = [get(place) for place in places]
    rng.shuffle(cards)
    for (where, which, index), card in zip(places, cards, strict=True):
        if where == "hand":
            s.hands[which][index] = card
        elif where == "deck":
            s.deck[index] = card
        else:
            s.set_aside = card
    s.known = {slot: cards for slot, cards in s.known.items() if seat in (slot // n, slot % n)}
    s.deck_marks = tuple(mark for mark in s.deck_marks if mark[0] == seat)
    return s


def hidden_cards(state: GameState, seat: int) -> list[str]:
    """Everything ``seat`` cannot see, in a fixed order: to tell whether a re-deal changed anything."""
    n = state.n
    out: list[str] = []
    for p in range(n):
        if p != seat:
            out.extend(state.hands[p])
    out.extend(state.deck)
    out.append(state.set_aside or "")
    return out


# ------------------------------------------------------------------------------------ positions by decision

#: Every bundled multiplayer (ruleset, players) pair.
ALL_TABLES = [
    (name, n)
    for name, (lo, hi) in {"2019": (2, 6), "classic": (2, 4), "original2012": (2, 4), "premium": (2, 8)}.items()
    for n in range(lo, hi + 1)
]

#: Kinds of decision, and the card effect each needs in the deck: a Bishop's target choosing to redraw or keep, any
#: decision while a Sycophant's marker is on, playing a Baroness, a Cardinal, a Bishop (a number), a Guard (a card
#: or a number), a Chancellor's keep; "any" is whatever decision comes first.
DECISION_KINDS = {
    "redraw": "bishop",
    "sycophant": "sycophant",
    "baroness": "baroness",
    "cardinal": "cardinal",
    "bishop": "bishop",
    "guard": "guard",
    "chancellor": "chancellor",
    "any": None,
}


def kinds_of_table(ruleset: str, players: int) -> list[str]:
    """The decision kinds a table can meet."""
    rs = load_ruleset(ruleset)
    effects = {card.effect for card in rs.mode_for(players).cards}
    return [kind for kind, effect in DECISION_KINDS.items() if effect is None or effect in effects]


def decision_kinds(state: GameState) -> set[str]:
    """The kinds of the decision ``state`` waits for."""
    if state.phase is Phase.BISHOP:
        return {"redraw", "any"}
    if state.phase is Phase.CHANCELLOR:
        return {"chancellor", "any"}
    kinds = {"any"}
    if state.sycophant is not None:
        kinds.add("sycophant")
    cards = state.ruleset.cards
    for action in state.legal_actions():
        if isinstance(action, Play) and action.targets:
            effect = cards[action.card].effect
            if effect in ("baroness", "cardinal", "bishop", "guard"):
                kinds.add(effect)
    return kinds


def _steer(state: GameState, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """A random move, bent toward the rare decisions: a Bishop that guesses right (its target then decides) and a
    Sycophant that marks someone. It reads the full state: it makes positions, it is not under test."""
    cards = state.ruleset.cards
    right = [
        a
        for a in legal
        if isinstance(a, Play)
        and cards[a.card].effect == "bishop"
        and a.targets
        and cards[state.hands[a.targets[0]][0]].value == a.named
    ]
    if right and rng.random() < 0.7:
        return rng.choice(right)
    marks = [a for a in legal if isinstance(a, Play) and cards[a.card].effect == "sycophant" and a.targets]
    if marks and rng.random() < 0.5:
        return rng.choice(marks)
    return rng.choice(legal)


def positions_by_kind(ruleset: str, players: int, seed: int, count: int) -> dict[str, list[GameState]]:
    """Up to ``count`` decision points (copies of the state) of each kind the table can meet, from seeded games
    played by :func:`_steer`; every kind is found (the search fails loudly otherwise)."""
    wanted = kinds_of_table(ruleset, players)
    found: dict[str, list[GameState]] = {kind: [] for kind in wanted}
    rng = random.Random(f"positions/{ruleset}/{players}/{seed}")
    for game_seed in range(seed * 1000, seed * 1000 + 300):
        game = Game(ruleset, players, seed=game_seed)
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            state = game.state
            for kind in decision_kinds(state) & set(wanted):
                # Keep a position now and then (not always the first of its kind in a game).
                if len(found[kind]) < count and rng.random() < 0.2:
                    found[kind].append(state.copy())
            game.push(_steer(state, game.legal_actions(), rng))
        if all(len(v) >= count for v in found.values()):
            return found
    missing = [kind for kind, v in found.items() if len(v) < count]
    raise AssertionError(f"no {', '.join(missing)} decisions found for {ruleset} with {players} players")
