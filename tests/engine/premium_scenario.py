"""Helpers for the premium scenario tests (docs/rules.md §5, §7.3-7.4): ruleset variants, quick rounds, and rounds
played up to a deck-out with only the turns that matter written out.

* :func:`premium_variant` writes a copy of ``rulesets/premium.toml`` with flags or goals changed.
* :func:`win_round` deals the next round so that a chosen seat wins it by last standing, Guard after Guard: the
  quick way to give tokens (and so to reach a game tie) with the real goals.
* :func:`to_finale` plays a stacked round through a scripted prelude, then "quiet" filler turns (each player plays
  the card just drawn, changing nobody's hand and knocking nobody out) until only the scripted final draws are left:
  the way to reach a deck-out, or an empty deck, with the hands and discard piles a test needs.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from loveletter.engine import Action, Game, GameState, Phase, Play, Ruleset, load_ruleset, parse_action, stacked_deck
from loveletter.engine.events import Event, TokenAwarded

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"
PREMIUM = load_ruleset("premium")
#: Printed values of the premium cards.
VALUE = {card: ct.value for card, ct in PREMIUM.cards.items()}


def pile_sum(game: Game, seat: int) -> int:
    """The sum of the printed values in ``seat``'s discard pile, as everyone sees it."""
    return sum(VALUE[c] for c in game.view(seat).seats[seat].discards)


def tokens_given(events: Sequence[Event]) -> list[tuple[int, str]]:
    """The (seat, reason) of every token the events award, in order."""
    return [(e.seat, e.reason) for e in events if isinstance(e, TokenAwarded)]


# ------------------------------------------------------------------------------------------ ruleset variants


def premium_variant(
    tmp_path: Path,
    *,
    flags: Mapping[str, object] | None = None,
    game_tie: str | None = None,
    goal_small: int | None = None,
    goal_large: int | None = None,
    name: str = "premium-variant.toml",
) -> str:
    """Write a copy of the bundled premium ruleset with some flags, both modes' ``game_tie`` or the goals (tokens
    to win, the same for every player count of a mode) changed; return its path, for ``load_ruleset``/``deal``."""
    text = (RULESETS / "premium.toml").read_text(encoding="utf-8")
    for flag, value in (flags or {}).items():
        shown = ("true" if value else "false") if isinstance(value, bool) else f'"{value}"'
        text, count = re.subn(rf"(?m)^{flag} = \S+", f"{flag} = {shown}", text)
        assert count == 1, f"no flag {flag} in premium.toml"
    if game_tie is not None:
        text, count = re.subn(r'(?m)^game_tie = "\w+"', f'game_tie = "{game_tie}"', text)
        assert count == 2, "premium.toml should have one game_tie per mode"
    if goal_small is not None:
        old = "tokens_to_win = { 2 = 7, 3 = 5, 4 = 4 }"
        assert old in text
        text = text.replace(old, f"tokens_to_win = {{ 2 = {goal_small}, 3 = {goal_small}, 4 = {goal_small} }}")
    if goal_large is not None:
        old = "tokens_to_win = { 5 = 4, 6 = 4, 7 = 4, 8 = 4 }"
        assert old in text
        goals = ", ".join(f"{n} = {goal_large}" for n in range(5, 9))
        text = text.replace(old, f"tokens_to_win = {{ {goals} }}")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------------------------------------ quick rounds

#: Cards of distinct values (none of them a Guard) held while the Guards fly: whoever holds one can be named.
_MARKERS = ("Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess", "Bishop")


def quick_round(
    ruleset: Ruleset, players: int, winner: int, first_player: int, seats: Sequence[int] | None = None
) -> tuple[list[str], list[str]]:
    """A deck and the actions of a round that ``winner`` wins by last standing: every seat holds a card of its own
    value and each turn's player plays a Guard, knocking out a seat other than the winner (or, when only the
    winner is left to choose, missing them)."""
    seats = list(range(players)) if seats is None else list(seats)
    markers = [m for m in _MARKERS if m in ruleset.mode_for(players).copies]
    held = dict(zip(seats, markers, strict=False))
    alive = list(seats)
    current = first_player
    actions: list[str] = []
    while len(alive) > 1:
        after = alive[alive.index(current) + 1 :] + alive[: alive.index(current)]
        targets = [p for p in after if p != winner]
        if targets:
            target = targets[0]
            actions.append(f"Guard>{target}={ruleset.cards[held[target]].value}")
            alive.remove(target)
        else:
            miss = next(v for v in (2, 3) if v != ruleset.cards[held[winner]].value)
            actions.append(f"Guard>{winner}={miss}")
        if len(alive) > 1:
            current = next(p for p in after if p in alive)
    deck = stacked_deck(
        ruleset,
        players,
        hands=[held[s] for s in seats],
        draws=["Guard"] * len(actions),
        first_player=first_player,
        seats=seats,
    )
    return deck, actions


def win_round(game: Game, winner: int, first_player: int | None = None) -> list[Event]:
    """Deal the next round (the first player is the rules' choice, or the lowest seat allowed) and let ``winner``
    win it by last standing; return the round's events."""
    state = game.state
    if first_player is None:
        first_player = min(state.next_first)
    deck, actions = quick_round(game.ruleset, game.players, winner, first_player, state.participants())
    events = game.next_round(deck=deck, first_player=first_player)
    for action in actions:
        events += game.push(action)
    assert game.result is not None and game.result.winners == (winner,)
    return events


def quick_game(ruleset: Ruleset | str, players: int, winners: Sequence[int], seed: int = 0) -> Game:
    """A game whose first rounds are won by last standing by ``winners[0]``, ``winners[1]``..."""
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    deck, actions = quick_round(rs, players, winners[0], winners[0])
    game = Game(rs, players, seed=seed, deck=deck, first_player=winners[0])
    for action in actions:
        game.push(action)
    for winner in winners[1:]:
        win_round(game, winner)
    return game


# ---------------------------------------------------------------------------------------- rounds to a finale

#: Cards that are quiet when played but change the outcome of a round: fillers only where a test puts them.
_NEVER_FILLER = frozenset({"Count", "Jester"})
#: Cards that are quiet only while everyone else is protected (then they do nothing), or on an equal card.
_NEEDS_SHIELD = frozenset({"King", "Cardinal", "DowagerQueen", "Baron"})
_SEARCH_BUDGET = 20_000


def to_finale(
    ruleset: Ruleset | str,
    players: int,
    *,
    hands: Sequence[str],
    set_aside: str,
    first_player: int = 0,
    face_up: Sequence[str] | None = None,
    prelude_draws: Sequence[str] = (),
    prelude: Sequence[str] = (),
    finale_draws: Sequence[str] = (),
    fillers: Mapping[int, Sequence[str]] | None = None,
    balance: Sequence[tuple[int, int, int]] = (),
    seed: int = 0,
) -> Game:
    """A new game whose first round is stacked and played up to its scripted finale.

    The deck deals ``hands`` (seat by seat), draws ``prelude_draws`` for the ``prelude`` actions, then every card
    not named anywhere as a *filler*, then ``finale_draws`` last of all. On each filler turn the player plays the
    card just drawn in a way that changes no hand, no token and nobody's place in the round (a Guard that misses,
    a Priest, a Baron on an equal card, a King while everyone else is protected...). ``fillers`` gives chosen cards
    to a seat's filler turns (the Counts and the Jester must be placed by the test: they matter at the end);
    ``balance`` asks for discard piles with ``sum(a) - sum(b) == d`` once the fillers are played.

    Returns the game at the start of the first finale turn (its card drawn; nobody protected, no Sycophant marker),
    or with the round over (by deck-out) if there are no finale draws.
    """
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    probe = GameState(rs, players)
    deck, actions = _finale_plan(
        probe, hands, set_aside, first_player, face_up, prelude_draws, prelude, finale_draws, fillers, balance, seed
    )
    game = Game(rs, players, seed=seed, deck=deck, first_player=first_player)
    for action in [*prelude, *actions]:
        game.push(action)
    return game


def next_round_to_finale(
    game: Game,
    *,
    hands: Sequence[str],
    set_aside: str,
    first_player: int,
    face_up: Sequence[str] | None = None,
    prelude_draws: Sequence[str] = (),
    prelude: Sequence[str] = (),
    finale_draws: Sequence[str] = (),
    fillers: Mapping[int, Sequence[str]] | None = None,
    balance: Sequence[tuple[int, int, int]] = (),
) -> list[Event]:
    """Like :func:`to_finale`, for the next round of ``game`` (``hands`` go to the seats dealt in, in seat order:
    all of them, or the tied players of a tie-break round); returns the round's events so far."""
    deck, actions = _finale_plan(
        game.state.copy(), hands, set_aside, first_player, face_up, prelude_draws, prelude, finale_draws, fillers,
        balance, 0,
    )  # fmt: skip
    events = game.next_round(deck=deck, first_player=first_player)
    for action in [*prelude, *actions]:
        events += game.push(action)
    return events


def _finale_plan(
    base: GameState,
    hands: Sequence[str],
    set_aside: str,
    first_player: int,
    face_up: Sequence[str] | None,
    prelude_draws: Sequence[str],
    prelude: Sequence[str],
    finale_draws: Sequence[str],
    fillers: Mapping[int, Sequence[str]] | None,
    balance: Sequence[tuple[int, int, int]],
    seed: int,
) -> tuple[list[str], list[Action]]:
    """The deck and the filler actions of a :func:`to_finale` round, found by playing it on copies of ``base``."""
    rs = base.ruleset
    seats = base.participants()
    value = {c: rs.cards[c].value for c in rs.cards}
    pool = Counter(base.mode.deck())
    pool.subtract([set_aside, *hands, *(face_up or ()), *prelude_draws, *finale_draws])
    assert all(n >= 0 for n in pool.values()), f"the scenario uses more cards than the deck has: {+pool}"

    def probe(first_filler: str | None, rest: list[str]) -> GameState:
        """``base`` with the round dealt and the prelude played, the given filler drawn first."""
        head = [first_filler] if first_filler is not None else []
        draws = [*prelude_draws, *head, *rest, *finale_draws]
        deck = stacked_deck(
            rs, base.n, hands=hands, draws=draws, set_aside=set_aside, face_up=face_up,
            first_player=first_player, seats=seats,
        )  # fmt: skip
        state = base.copy()
        state.start_round(deck, first_player)
        for text in prelude:
            state.apply(parse_action(text, rs.cards), record=False)
        return state

    # Who is left after the prelude, and whose turns the fillers are.
    state = probe(None, list(pool.elements()))
    assert state.phase is Phase.PLAY, "the prelude must end with a turn under way"
    turn_seats: list[int] = []
    seat = state.current
    for _ in range(len(state.deck) + 1 - len(finale_draws)):
        turn_seats.append(seat)
        seat = state.next_seat(seat)
    slots = Counter(turn_seats)
    chosen = {seat: list(cards) for seat, cards in (fillers or {}).items()}
    for seat, cards in chosen.items():
        pool.subtract(cards)
        slots[seat] -= len(cards)
        assert slots[seat] >= 0, f"seat {seat} has fewer filler turns than the fillers given to it"
    assert all(n >= 0 for n in pool.values()), f"the fillers use more cards than the deck has: {+pool}"
    free = sorted(pool.elements(), key=lambda c: (-value[c], c))
    stray = sorted(set(free) & _NEVER_FILLER)
    assert not stray, f"place {', '.join(stray)} yourself (hands, set-aside, prelude, fillers or finale)"
    base_sums = {seat: sum(value[c] for c in state.discards[seat]) for seat in range(base.n)}
    held = {seat: state.hands[seat][0] for seat in slots}

    rng = random.Random(seed)
    for attempt in range(20):
        assigned = _assign(free, slots, chosen, base_sums, balance, held, value, rng, shuffle=attempt > 0)
        if assigned is None:
            assert attempt > 0 or not balance, f"cannot balance the piles as asked ({balance}) or shield the fillers"
            continue
        plan = _order_fillers(probe, turn_seats, assigned, len(finale_draws))
        if plan is not None:
            order, actions = plan
            deck = stacked_deck(
                rs, base.n, hands=hands, draws=[*prelude_draws, *order, *finale_draws], set_aside=set_aside,
                face_up=face_up, first_player=first_player, seats=seats,
            )  # fmt: skip
            return deck, actions
    raise AssertionError("no quiet filler turns found for this scenario: rearrange it")


def _assign(
    free: list[str],
    slots: Counter[int],
    chosen: dict[int, list[str]],
    base: dict[int, int],
    balance: Sequence[tuple[int, int, int]],
    held: Mapping[int, str],
    value: Mapping[str, int],
    rng: random.Random,
    *,
    shuffle: bool,
) -> dict[int, Counter[str]] | None:
    """Share the free fillers among the seats' filler turns so that the discard piles meet ``balance`` and every
    card that needs the others protected has a Handmaid to follow (a rough count that spares the search)."""
    seats = sorted(slots)
    cards = list(free)
    if shuffle:
        rng.shuffle(cards)

    def split(order: list[str]) -> dict[int, Counter[str]]:
        out: dict[int, Counter[str]] = {}
        it = iter(order)
        for seat in seats:
            out[seat] = Counter(chosen.get(seat, []) + list(itertools.islice(it, slots[seat])))
        return out

    def cost(parts: dict[int, Counter[str]]) -> int:
        sums = {s: base[s] + sum(value[c] for c in parts.get(s, Counter()).elements()) for s in base}
        missing = 0
        for seat, cards in parts.items():
            others = [p for p in seats if p != seat]
            shields = sum(parts[p]["Handmaid"] for p in others) if len(others) == 1 else 0
            needs = sum(n for c, n in cards.items() if c in _NEEDS_SHIELD and not _harmless(c, seat, held, value))
            missing += max(0, needs - shields)
        return sum(abs(sums[a] - sums[b] - d) for a, b, d in balance) + missing

    best_cost = cost(split(cards))
    for _ in range(3000):
        if best_cost == 0 or len(cards) < 2:
            break
        i, j = rng.randrange(len(cards)), rng.randrange(len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        trial = cost(split(cards))
        if trial <= best_cost:
            best_cost = trial
        else:
            cards[i], cards[j] = cards[j], cards[i]
    return split(cards) if best_cost == 0 else None


def _harmless(card: str, seat: int, held: Mapping[int, str], value: Mapping[str, int]) -> bool:
    """Whether ``card``, played by ``seat``, can leave every hand as it is with nobody protected: a Baron or a
    Dowager Queen on an equal value, a King or a Cardinal trading equal cards."""
    mine = held[seat]
    others = [held[p] for p in held if p != seat]
    if card in ("Baron", "DowagerQueen"):
        return any(value[c] == value[mine] for c in others)
    if card == "King":
        return mine in others
    return len(set(held.values())) < len(held)  # Cardinal: any two players holding the same card


def _order_fillers(
    probe: Callable[[str | None, list[str]], GameState],
    turn_seats: list[int],
    assigned: dict[int, Counter[str]],
    finale: int,
) -> tuple[list[str], list[Action]] | None:
    """An order of the fillers and a quiet play for each (a depth-first search on copies of the game state)."""
    budget = [_SEARCH_BUDGET]

    def candidates(cards: Counter[str], shielded: bool) -> list[str]:
        """The next seat's cards to try: while everyone else is protected, those that then do nothing (King,
        Cardinal, Baron...); otherwise a Handmaid, then the ordinary cards, the awkward ones last."""
        kinds = [c for c in cards if cards[c] > 0]

        def rank(card: str) -> tuple[int, str]:
            if card in _NEEDS_SHIELD:
                return (0 if shielded else 2, card)
            return (0 if card == "Handmaid" and not shielded else 1, card)

        return sorted(kinds, key=rank)

    def search(state: GameState, i: int, left: dict[int, Counter[str]]) -> tuple[list[str], list[Action]] | None:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        actor = state.current
        held = state.hands[actor][0]
        last = i == len(turn_seats) - 1
        for action in _quiet_candidates(state):
            after = state.copy()
            after.apply(action, record=False)
            if not _quiet(state, after, actor, held):
                continue
            if last:
                if _clean_start(after, finale):
                    return [], [action]
                continue
            nxt = turn_seats[i + 1]
            shielded = all(after.protected[p] for p in range(after.n) if after.alive[p] and p != nxt)
            for card in candidates(left[nxt], shielded):
                after = state.copy()
                _put_on_top(after.deck, card, finale)  # only the order of the copy's deck changes
                after.apply(action, record=False)
                rest = {s: c.copy() for s, c in left.items()}
                rest[nxt][card] -= 1
                found = search(after, i + 1, rest)
                if found is not None:
                    return [card, *found[0]], [action, *found[1]]
        return None

    first = turn_seats[0]
    for card in candidates(assigned[first], False):
        left = {s: c.copy() for s, c in assigned.items()}
        left[first][card] -= 1
        others = [c for counter in left.values() for c in counter.elements()]
        found = search(probe(card, others), 0, left)
        if found is not None:
            return [card, *found[0]], found[1]
    return None


def _put_on_top(deck: list[str], card: str, keep_bottom: int) -> None:
    """Move one ``card`` to the top of ``deck`` (its last item), leaving its ``keep_bottom`` bottom cards alone."""
    index = next(i for i in range(len(deck) - 1, keep_bottom - 1, -1) if deck[i] == card)
    deck.append(deck.pop(index))


def _quiet_candidates(state: GameState) -> list[Play]:
    """The plays of the card just drawn, a Sycophant marking the next player first (their cards that need other
    players then do nothing); a Jester always marks someone."""
    actor = state.current
    drawn = state.hands[actor][-1]
    nxt = state.next_seat(actor)
    plays = [a for a in state.legal_actions() if isinstance(a, Play) and a.card == drawn]
    if drawn == "Jester":  # a Jester a test puts among the fillers is there to mark someone
        plays = [a for a in plays if a.targets]
    return sorted(plays, key=lambda a: a.card == "Sycophant" and a.targets != (nxt,))


def _quiet(before: GameState, after: GameState, actor: int, held: str) -> bool:
    """Whether a play kept every hand and place in the round (and, unless the round ran out, every token)."""
    if after.alive != before.alive or after.hands[actor][:1] != [held]:
        return False
    if after.phase is Phase.PLAY:
        if after.tokens != before.tokens:
            return False
    elif after.result is None or after.result.reason != "deck_out":
        return False
    return all(after.hands[p][:1] == before.hands[p][:1] for p in range(before.n) if p != actor)


def _clean_start(after: GameState, finale: int) -> bool:
    """The finale starts with nobody protected and no Sycophant marker (or the round ran out, with no finale)."""
    if not finale:
        return after.phase is not Phase.PLAY
    return after.phase is Phase.PLAY and after.sycophant is None and not any(after.protected)


#: The order in which :func:`few_left` puts awkward cards out of the way in the knocked-out seats' hands.
_AWKWARD = ("Princess", "Prince", "Prince", "Jester", "Count", "Count", "King", "Cardinal", "Cardinal")
#: Awkward cards that can never be fillers.
_NEVER_QUIET = frozenset({"Princess", "Prince", "Jester", "Count"})
#: Quiet cards to pad the knocked-out seats' hands with (a Guard may name them safely, unlike the Assassin).
_PADDING = ("Constable", "Priest", "Baroness", "Bishop", "Handmaid", "Sycophant", "Countess")


def few_left(
    hands: Sequence[str],
    *,
    set_aside: str | None = None,
    finale_draws: Sequence[str] = (),
    fillers: Mapping[int, Sequence[str]] | None = None,
    balance: Sequence[tuple[int, int, int]] = (),
    also_out: Sequence[str] = (),
    players: int = 8,
    ruleset: Ruleset | str = PREMIUM,
) -> Game:
    """A new game whose first round leaves only seats ``0 .. len(hands)-1`` (holding ``hands``) after its first
    turns, then is played quietly up to ``finale_draws`` (see :func:`to_finale`). In those first turns each player
    knocks out the next of the other seats: with a Baron or a Dowager Queen when the comparison goes that way, with
    a Prince on the Princess once, with a Guard otherwise. The knocked-out seats' hands, and the set-aside card
    unless given, take ``also_out`` and then the cards awkward to play quietly (Princess, Princes, Jester, Counts,
    King...).

    With 8 players, seat 0 plays first; once two survivors are left seat 0 draws next, with three seat 1 does."""
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    value = {c: rs.cards[c].value for c in rs.cards}
    k = len(hands)
    available = Counter(rs.mode_for(players).deck())
    available.subtract([*hands, *finale_draws, *([set_aside] if set_aside is not None else [])])
    for cards in (fillers or {}).values():
        available.subtract(cards)

    # The prelude's shape: who knocks out whom, in turn order.
    alive = list(range(players))
    current = 0
    moves: list[tuple[int, int, bool]] = []  # (actor, target, knocks out)
    while len(alive) > k:
        after = alive[alive.index(current) + 1 :] + alive[: alive.index(current)]
        targets = [p for p in after if p >= k]
        if targets:
            moves.append((current, targets[0], True))
            alive.remove(targets[0])
        else:  # the last seat to go has nobody else to knock out: it misses a survivor
            moves.append((current, after[0], False))
        current = next(p for p in after if p in alive)
    available["Guard"] -= sum(1 for _, _, hit in moves if not hit)  # a miss is always a Guard

    # Who holds what among the seats to knock out.
    trick = next(
        ((a, t) for a, t, hit in moves if hit and a >= k and available["Princess"] > 0 and available["Prince"] > 0),
        None,
    )
    held: dict[int, str] = dict(enumerate(hands))
    if trick is not None:
        available.subtract(["Princess", "Prince"])
        held[trick[1]] = "Princess"
    slots = players - k - (trick is not None) + (set_aside is None)
    out: list[str] = []
    for card in (*also_out, *_AWKWARD):
        if available[card] > 0 and len(out) < slots:
            available[card] -= 1
            out.append(card)
    left = sorted(c for c in available.elements() if c in _NEVER_QUIET)
    assert not left, f"no room out of the way for {left}: give them a place"
    padding = [c for c in _PADDING for _ in range(available[c])][: slots - len(out)]
    available.subtract(padding)
    out += padding
    assert len(out) == slots, "not enough cards to deal to the seats to knock out"
    if set_aside is None:
        set_aside = out.pop()
    # Deal the seats to knock out so that comparisons can do the knocking out: a Dowager Queen's player against a
    # higher card, a Baron's against a lower one (each used once per copy); the Prince's player must not hold the
    # Countess, who would have to be played instead.
    out.sort(key=lambda c: -value[c])
    plan = Counter({"DowagerQueen": available["DowagerQueen"], "Baron": available["Baron"]})
    for actor, target, hit in moves:
        if actor not in held:
            if trick is not None and actor == trick[0]:
                held[actor] = out.pop(next(i for i, c in enumerate(out) if c != "Countess"))
            else:
                held[actor] = out.pop(-1 if plan["DowagerQueen"] else 0)
        if not hit or target in held:
            continue
        mine = value[held[actor]]
        if plan["DowagerQueen"] and value[out[0]] > mine:
            plan["DowagerQueen"] -= 1
            held[target] = out.pop(0)
        elif plan["Baron"] and value[out[-1]] < mine:
            plan["Baron"] -= 1
            held[target] = out.pop(-1)
        else:  # a Guard: keep the highest and lowest cards for later comparisons
            held[target] = out.pop(len(out) // 2)
    guarded = [held[t] for _, t, _ in moves]
    assert "Assassin" not in guarded, "the Assassin would strike back at a Guard of the prelude"

    prelude_draws: list[str] = []
    prelude: list[str] = []
    for actor, target, hit in moves:
        mine, theirs = value[held[actor]], value[held[target]]
        if not hit:
            card, text = "Guard", f"Guard>{target}={next(v for v in (9, 0, 2) if v != theirs)}"
        elif trick == (actor, target):
            card, text = "Prince", f"Prince>{target}"
        elif mine > theirs and available["Baron"] > 0:
            card, text = "Baron", f"Baron>{target}"
        elif mine < theirs and available["DowagerQueen"] > 0:
            card, text = "DowagerQueen", f"DowagerQueen>{target}"
        else:
            card, text = "Guard", f"Guard>{target}={theirs}"
        if hit:
            available[card] -= 1
        prelude_draws.append(card)
        prelude.append(text)
    assert available["Guard"] >= 0, "not enough Guards for the prelude"
    return to_finale(
        rs,
        players,
        hands=[held[s] for s in range(players)],
        set_aside=set_aside,
        prelude_draws=prelude_draws,
        prelude=prelude,
        finale_draws=finale_draws,
        fillers=fillers,
        balance=balance,
    )
