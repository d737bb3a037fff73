"""A ruleset the program accepts plays every game to the end, or is refused in one line.

Five rulesets that cannot be played to the end are refused, each naming its problem; then hypothesis writes
rulesets from scratch (few values, so that decks of one value come often; every effect; every flag that changes
how a round ends) and every one the validator accepts is played by computer players at every player count it
seats, with several seeds, to the end. ``LOVELETTER_FUZZ=N`` runs N rulesets instead of the CI's few."""

from __future__ import annotations

import json
import os
import random
import tomllib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.bots import make_bot
from loveletter.engine import Game, RulesetError, parse_ruleset
from loveletter.engine.ruleset import KNOWN_EFFECTS, MAX_DECK
from loveletter.engine.scoring import MAX_ROUNDS, MAX_TIEBREAK_ROUNDS
from loveletter.records import GameRecord, Seat

FUZZ = settings(
    max_examples=int(os.environ.get("LOVELETTER_FUZZ", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
#: A game longer than this many decisions is taken as one that would never end: past the engine's bound on rounds
#: (``MAX_ROUNDS``) of the largest deck generated here.
MAX_DECISIONS = 300_000


def play_out(rs: Any, players: int, seed: int) -> Game:
    """A game of ``rs`` played to its end by easy computer players (a view each), resumed once from its
    record halfway, as a player would."""
    game = Game(rs, players, seed=seed)
    bots = [make_bot("easy", seed=seed * 10 + s) for s in range(players)]
    for decisions in range(MAX_DECISIONS):
        if game.over:
            break
        if game.round_over:
            game.next_round()
            continue
        seat = game.decider
        assert seat is not None
        game.push(bots[seat].choose(game.state.view(seat)))
        if decisions == 40:  # its record replays: a save of it could be resumed
            record = GameRecord.start(game, [Seat(f"p{s}", "computer", "easy") for s in range(players)], seed)
            GameRecord.from_json(record.to_json(), "mem").replay()
    else:
        pytest.fail(f"{rs.name}: {players} players, seed {seed}: no end after {MAX_DECISIONS} decisions")
    assert game.state.round <= MAX_ROUNDS + MAX_TIEBREAK_ROUNDS
    return game


def ruleset(cards: dict[str, tuple[int, str]], copies: dict[str, int], **mode: Any) -> dict[str, Any]:
    flags = mode.pop("flags", {})
    return {
        "name": "house",
        "cards": {cid: {"value": v, "effect": e} for cid, (v, e) in cards.items()},
        "modes": [
            {"players": mode.pop("players", [2, 4]), "tokens_to_win": {"2": 2, "3": 2, "4": 2}, "copies": copies} | mode
        ],
        "flags": flags,
    }


UNPLAYABLE = {
    # A Bishop may not name a Guard's value, and every card has it: the first player has nothing to do.
    "bishop_nothing_to_name": ruleset({"Bishop": (1, "bishop"), "Guard": (1, "guard")}, {"Bishop": 10, "Guard": 2}),
    # Three or four players, but a tie-break round between two sets ten cards face up.
    "deck_too_small": {
        "name": "house",
        "cards": {"Guard": {"value": 1, "effect": "guard"}, "Princess": {"value": 8, "effect": "princess"}},
        "modes": [
            {
                "players": [3, 4],
                "tokens_to_win": {"3": 2, "4": 2},
                "face_up_set_aside": 10,
                "game_tie": "tiebreak_round",
                "copies": {"Guard": 7, "Princess": 1},
            }
        ],
    },
    # A card id ending in a newline ("$" matches before it).
    "bad_card_id": ruleset({"Guard\n": (1, "guard"), "Princess": (8, "princess")}, {"Guard\n": 6, "Princess": 1}),
    # One value, and only cards that neither knock out nor decide: every round is a tie given to nobody.
    "rounds_undecided": ruleset(
        {"Spy": (0, "spy"), "Jester": (0, "jester"), "Constable": (0, "constable"), "Assassin": (0, "assassin")},
        {"Spy": 2, "Jester": 3, "Constable": 3, "Assassin": 3},
        flags={"residual_tie": "none"},
    ),
    # 600 card types of 99 copies would make records past what a record may hold.
    "too_many_cards": ruleset(
        {f"C{chr(65 + i // 26)}{chr(97 + i % 26)}": (i % 10, "priest") for i in range(600)}
        | {"Princess": (9, "princess")},
        {f"C{chr(65 + i // 26)}{chr(97 + i % 26)}": 99 for i in range(600)} | {"Princess": 1},
    ),
}


@pytest.mark.parametrize("code", UNPLAYABLE)
def test_unplayable_rulesets_are_refused_naming_the_problem(code: str) -> None:
    with pytest.raises(RulesetError) as caught:
        parse_ruleset(UNPLAYABLE[code], source="house.toml")
    assert caught.value.code == code
    assert "\n" not in str(caught.value)


EFFECTS_OF_TEN = ["guard", "priest", "baron", "handmaid", "prince", "chancellor", "king", "countess", "princess", "spy"]


def test_the_largest_record_the_program_writes_is_one_it_reads() -> None:
    """A game of the largest deck (ids of the longest length), played to its end and measured per round, times
    the most rounds a game has, with the largest ruleset file inside written as JSON escapes it: under the size
    a record is read at."""
    from loveletter.engine.ruleset import MAX_BYTES as RULESET_BYTES
    from loveletter.engine.scoring import MAX_ROUNDS, MAX_TIEBREAK_ROUNDS
    from loveletter.records.fileformat import MAX_BYTES

    ids = [f"{chr(65 + i)}{'x' * 23}" for i in range(10)]
    data = ruleset(
        {
            cid: (i, effect)
            for i, (cid, effect) in enumerate(
                zip(
                    ids,
                    [
                        "guard",
                        "priest",
                        "baron",
                        "handmaid",
                        "prince",
                        "chancellor",
                        "king",
                        "countess",
                        "princess",
                        "spy",
                    ],
                    strict=True,
                )
            )
        },
        dict.fromkeys(ids, 10),
        players=[2, 8],
    )
    data["modes"][0]["tokens_to_win"] = {str(n): 99 for n in range(2, 9)}
    rs = parse_ruleset(data, source="big.toml")
    assert rs.modes[0].deck_size == MAX_DECK
    game = Game(rs, 8, seed=1)
    record = GameRecord.start(game, [Seat("x" * 40, "computer", "easy")] * 8, 1)
    rng = random.Random(1)
    while game.state.round < 20:
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
    record.update(game)
    record.result = {"winners": [0], "tokens": [0] * 8}  # written in plain JSON, as a finished game's is
    per_round = len(record.to_json().encode()) / game.state.round
    escaped_ruleset = 2 * RULESET_BYTES  # a quote or a backslash is written with two bytes
    assert per_round * (MAX_ROUNDS + MAX_TIEBREAK_ROUNDS) + escaped_ruleset < MAX_BYTES


def test_a_game_ends_after_the_most_rounds_whatever_the_ruleset() -> None:
    """The engine's bound (``MAX_ROUNDS``): here the validator is bypassed for a deck whose every round ends in
    a tie given to nobody; the game ends all the same, shared by the players with the most tokens."""
    import dataclasses

    from loveletter.engine.scoring import MAX_ROUNDS

    rs = parse_ruleset(ruleset({"Baron": (3, "baron")}, {"Baron": 8}), source="barons.toml")
    rs = dataclasses.replace(rs, flags=dataclasses.replace(rs.flags, residual_tie="none"))
    game = Game(rs, 2, seed=5)
    rng = random.Random(5)
    while not game.over:
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
    assert game.state.round == MAX_ROUNDS and game.winners == (0, 1) and game.tokens == (0, 0)


IDS = ["Aa", "Bb", "Cc", "Dd", "Ee", "Ff"]


@st.composite
def rulesets(draw: st.DrawFn) -> dict[str, Any]:
    """A ruleset written from scratch: a few card types of few values, a mode or two, flags that end rounds."""
    kinds = draw(st.integers(1, 5))
    effects = sorted(KNOWN_EFFECTS)
    cards = {IDS[i]: {"value": draw(st.integers(0, 2)), "effect": draw(st.sampled_from(effects))} for i in range(kinds)}
    low = draw(st.integers(2, 5))
    high = draw(st.integers(low, min(low + 2, 6)))
    modes = []
    bounds = [(low, high)]
    if draw(st.booleans()) and high < 6:
        bounds.append((high + 1, draw(st.integers(high + 1, 6))))
    for lo, hi in bounds:
        mode: dict[str, Any] = {
            "players": [lo, hi],
            "tokens_to_win": {str(n): draw(st.integers(1, 3)) for n in range(lo, hi + 1)},
            "copies": {cid: draw(st.integers(1, 5)) for cid in cards},
            "face_up_set_aside": draw(st.integers(0, 3)),
            "game_tie": draw(st.sampled_from(["shared", "tiebreak_round"])),
        }
        modes.append(mode)
    flags = {
        "residual_tie": draw(st.sampled_from(["all_win", "none"])),
        "bishop_may_name_1": draw(st.booleans()),
        "spy_blocking": draw(st.sampled_from(["in_round_only", "any_player"])),
        "sycophant_impossible": draw(st.sampled_from(["no_effect", "ignore_constraint"])),
        "constable_counts_hand": draw(st.booleans()),
        "game_tie_most_tokens_wins": draw(st.booleans()),
    }
    data = {"name": "fuzz", "cards": cards, "modes": modes, "flags": flags}
    if draw(st.booleans()):
        data["guard_naming"] = "number"
    if draw(st.booleans()):
        data["tie_breaks"] = ["discard_sum"]
    return data


def toml(value: Any) -> str:
    """``value`` (a ruleset's data) as TOML, every table inline."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return json.dumps(value)


@FUZZ
@given(rulesets(), st.integers(0, 2**16))
def test_every_accepted_ruleset_plays_every_game_to_the_end(data: dict[str, Any], seed: int) -> None:
    text = "".join(f"{json.dumps(k)} = {toml(v)}\n" for k, v in data.items())
    assert tomllib.loads(text) == data
    try:
        rs = parse_ruleset(data, source="fuzz.toml", text=text)
    except RulesetError as exc:
        assert "\n" not in str(exc)
        return
    rng = random.Random(seed)
    for players in range(rs.min_players, rs.max_players + 1):
        for _ in range(2):
            game = play_out(rs, players, rng.randrange(2**16))
            assert game.over and game.winners
