"""Record the golden playthroughs: a few short seeded games, and what every seat saw at every step.

    uv run python -m tests.properties.make_golden            # rewrite tests/properties/golden/*.json
    uv run python -m tests.properties.make_golden --check    # only say which files differ (exit 1 if any)

``test_golden.py`` replays these games and compares. Regenerate the files only on purpose, when a change is
*meant* to alter what some seat sees: a rules fix, a new or renamed event or view field, a new card effect, a
change in the order of the legal actions or in the deal. Then read the diff (``git diff tests/properties/golden``)
before committing it: every changed line is a change in what a player is shown, and a line that changes in one
seat's record but not in another's may be a leak. Never regenerate just to make a failing test pass.

Each file holds one game's first round(s) played by a seeded random policy (OpenSpiel-style playthrough):
the header (ruleset, players, seeds), then one entry per step (the deal, then each action in notation) with
the public part of the views (the same for every seat; the recorder checks that), the public events, and for
each seat its private part: hand, the cards it knows in other hands and in the deck, its legal actions and
the private events it saw.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loveletter.engine import Game, View
from loveletter.engine import events as ev

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
#: Lines of the files are wrapped at this width where a value allows it.
WIDTH = 120


@dataclass(frozen=True)
class Playthrough:
    """One recorded game: ``rounds`` rounds (fewer if the game ends) of ``ruleset`` with ``players`` seats."""

    name: str
    ruleset: str
    players: int
    seed: int  # the game's deals
    policy_seed: int  # the random choices of the actions
    rounds: int

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.json"


# Seeds picked, among the first 300, for variety in few steps: Priest looks, Baron comparisons, King trades, a
# Chancellor's returns, the set-aside card drawn, a deck-out showdown; premium 6p adds the Assassin, a correct
# Bishop guess with its redraw decision, Sycophant or Jester markers; classic 2p shows the face-up cards.
PLAYTHROUGHS = (
    Playthrough("2019-3p", "2019", 3, seed=296, policy_seed=296, rounds=1),
    Playthrough("classic-2p", "classic", 2, seed=49, policy_seed=49, rounds=2),
    Playthrough("original2012-4p", "original2012", 4, seed=215, policy_seed=215, rounds=1),
    Playthrough("premium-6p", "premium", 6, seed=138, policy_seed=138, rounds=1),
)


# ---------------------------------------------------------------------------------------------- rendering


def plain(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as it will read back from the file: tuples become lists."""
    result: dict[str, Any] = json.loads(json.dumps(data))
    return result


def render_event(e: ev.Event) -> dict[str, Any]:
    """An event as plain data: its type and fields."""
    data: dict[str, Any] = {"type": type(e).__name__}
    data.update((f.name, getattr(e, f.name)) for f in dataclasses.fields(e))  # type: ignore[arg-type]
    return plain(data)


def render_public(view: View) -> dict[str, Any]:
    """The part of a view every seat shares."""
    data: dict[str, Any] = {
        "round": view.round,
        "phase": view.phase.value,
        "current": view.current,
        "decider": view.decider,
        "deck_size": view.deck_size,
        "face_up": view.face_up,
        "set_aside_taken_by": view.set_aside_taken_by,
        "sycophant": view.sycophant,
        "jester": view.jester,
        "tiebreak": view.tiebreak,
        "plays": [[seat, str(action)] for seat, action in view.plays],
        "seats": [
            {
                "seat": sv.seat,
                "tokens": sv.tokens,
                "dealt_in": sv.dealt_in,
                "in_round": sv.in_round,
                "protected": sv.protected,
                "hand_size": sv.hand_size,
                "discards": sv.discards,
            }
            for sv in view.seats
        ],
        "result": dataclasses.asdict(view.result) if view.result is not None else None,
        "winners": view.winners,
    }
    return plain(data)


def render_private(view: View) -> dict[str, Any]:
    """The part of a view that is the seat's own: only the entries that are not empty."""
    data: dict[str, Any] = {"seat": view.seat, "hand": view.hand}
    known = {str(sv.seat): sv.known for sv in view.seats if sv.seat != view.seat and sv.known}
    if known:
        data["known"] = known
    if view.deck_known:
        data["deck_known"] = view.deck_known
    if view.legal_actions:
        data["legal"] = [str(a) for a in view.legal_actions]
    return plain(data)


def render_step(game: Game, action: str | None, events: list[ev.Event]) -> dict[str, Any]:
    """One step: the action (``None`` for a deal), then what each seat sees after it."""
    views = [game.view(seat) for seat in range(game.players)]
    public = render_public(views[0])
    for view in views[1:]:
        if render_public(view) != public:
            raise AssertionError(f"seat {view.seat}'s view differs from seat 0's in its public part")
    seats = []
    for view in views:
        private = render_private(view)
        seen = [render_event(e) for e in events if not e.public and e.visible_to(view.seat)]
        if seen:
            private["events"] = seen
        seats.append(private)
    return {
        "action": action,
        "public": public,
        "events": [render_event(e) for e in events if e.public],
        "seats": seats,
    }


def record(p: Playthrough) -> dict[str, Any]:
    """Play ``p`` and return its record."""
    game = Game(p.ruleset, p.players, seed=p.seed)
    rng = random.Random(p.policy_seed)
    steps = [render_step(game, None, list(game.log))]
    while not game.over:
        if game.round_over:
            if game.state.round >= p.rounds:
                break
            steps.append(render_step(game, None, game.next_round()))
            continue
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        steps.append(render_step(game, str(action), game.push(str(action))))
    return {
        "ruleset": p.ruleset,
        "players": p.players,
        "seed": p.seed,
        "policy_seed": p.policy_seed,
        "rounds": p.rounds,
        "steps": steps,
    }


# ----------------------------------------------------------------------------------------------- the file


def dump(value: Any, indent: int = 0, column: int = 0) -> str:
    """JSON indented by one space a level that keeps a value on one line when it fits in :data:`WIDTH`
    (``column`` is where the value starts): short files and readable diffs."""
    compact = json.dumps(value, ensure_ascii=False)
    if column + len(compact) <= WIDTH or not isinstance(value, dict | list) or not value:
        return compact
    inner = " " * (indent + 1)
    close = " " * indent
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            head = f"{inner}{json.dumps(key)}: "
            items.append(head + dump(item, indent + 1, len(head)))
        return "{\n" + ",\n".join(items) + "\n" + close + "}"
    if all(not isinstance(item, dict | list) for item in value):  # plain values: fill the lines
        lines: list[str] = []
        line = inner
        for item in value:
            text = json.dumps(item, ensure_ascii=False) + ","
            if line != inner and len(line) + 1 + len(text) > WIDTH:
                lines.append(line)
                line = inner
            line = line + text if line == inner else f"{line} {text}"
        lines.append(line[:-1])  # no comma after the last value
        return "[\n" + "\n".join(lines) + "\n" + close + "]"
    return "[\n" + ",\n".join(inner + dump(item, indent + 1, indent + 1) for item in value) + "\n" + close + "]"


def text_of(p: Playthrough) -> str:
    return dump(record(p)) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report the files that would change")
    args = parser.parse_args(argv)
    changed = []
    for p in PLAYTHROUGHS:
        text = text_of(p)
        if p.path.exists() and p.path.read_text(encoding="utf-8") == text:
            continue
        changed.append(p.path.name)
        if not args.check:
            GOLDEN_DIR.mkdir(exist_ok=True)
            p.path.write_text(text, encoding="utf-8")
    verb = "differ" if args.check else "written"
    print(f"{len(changed)} golden file(s) {verb}: {', '.join(changed) or 'none'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
