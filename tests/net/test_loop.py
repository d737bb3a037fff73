"""The game loop with seats played from other computers (``GameLoop(remote=…)``): the laptop is handed over among
the people at the host only, and the host's screen never shows a remote seat's view."""

from __future__ import annotations

from loveletter.engine import Action, Game
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from tests.table.test_loop import Recorder


class RemoteRecorder(Recorder):
    """:class:`Recorder`, where a remote seat decides on its own screen (not the host's)."""

    remote: frozenset[int] = frozenset()

    def decide(self, seat: int) -> Action:
        assert self.table is not None
        if seat not in self.remote:
            return super().decide(seat)
        self.calls.append(("decide", seat))
        # The host's screen shows the people here (or nobody), never the deciding guest.
        self.screens.append(self.table.screen_seat())
        return self.rng.choice(self.table.game.legal_actions())


def play(seats: list[Seat], remote: set[int], seed: int) -> tuple[Game, RemoteRecorder]:
    game = Game("classic", len(seats), seed=seed)
    front = RemoteRecorder(seed=seed)
    front.remote = frozenset(remote)
    table = GameLoop(game, seats, front, seed=seed, remote=remote)
    table.run()
    assert game.over and table.local_people == tuple(
        i for i, s in enumerate(seats) if not s.computer and i not in remote
    )
    return game, front


def test_only_the_people_here_pass_the_laptop() -> None:
    _, front = play([Seat("Ana"), Seat("Bea"), Seat("Cid"), Seat("Bot", "random")], {2}, seed=3)
    calls = front.calls
    assert {seat for what, seat in calls if what in ("hand_off", "news")} <= {0, 1}
    assert ("decide", 2) in calls and ("hand_off", 2) not in calls
    for i, (what, seat) in enumerate(calls):
        if what == "decide" and seat in (0, 1) and calls[i - 1] != ("decide", seat):
            assert calls[i - 1] == ("hand_off", seat)
    assert set(front.screens) <= {None}  # between hand-offs the host's screen is public


def test_one_person_here_keeps_the_screen() -> None:
    _, front = play([Seat("Ana"), Seat("Cid"), Seat("Bot", "random")], {1}, seed=4)
    assert not [c for c in front.calls if c[0] in ("hand_off", "news")]
    assert set(front.screens) == {0}  # Ana's own view, whoever plays


def test_nobody_here_means_a_spectators_screen() -> None:
    _, front = play([Seat("Cid"), Seat("Dan"), Seat("Bot", "random")], {0, 1}, seed=5)
    assert not [c for c in front.calls if c[0] in ("hand_off", "news")]
    assert set(front.screens) == {None}


def test_a_resumed_game_on_a_guests_turn_starts_without_a_hand_off() -> None:
    game = Game("classic", 3, seed=5)
    while game.decider != 1:  # Bea, the guest, decides first
        game.push(game.legal_actions()[0])
    front = RemoteRecorder(seed=1, rounds=1)
    front.remote = frozenset({1})
    GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Bot", "random")], front, seed=3, resumed=True, remote={1}).run()
    assert front.calls[0] == ("decide", 1)
    assert ("hand_off", 0) not in front.calls


def test_a_resumed_game_on_the_hosts_turn_still_starts_with_a_hand_off() -> None:
    game = Game("classic", 3, seed=5)
    while game.decider != 0:
        game.push(game.legal_actions()[0])
    front = RemoteRecorder(seed=1, rounds=1)
    front.remote = frozenset({1})
    GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Bot", "random")], front, seed=3, resumed=True, remote={1}).run()
    assert front.calls[:2] == [("hand_off", 0), ("decide", 0)]
