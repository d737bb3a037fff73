"""Waiting at the host's terminal for a guest: Ctrl-C stops the game there as at any question."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput

from loveletter.net.waiting import wait_any
from tests.support import interrupted_once_drawn


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def test_ctrl_c_stops_the_wait(keys: PipeInput) -> None:
    keys.send_text("x\x03")
    with pytest.raises(KeyboardInterrupt):
        wait_any([concurrent.futures.Future()], "Waiting", terminal=True, input=keys, output=DummyOutput())


def test_an_interrupt_signal_stops_the_wait(keys: PipeInput) -> None:
    never: concurrent.futures.Future[None] = concurrent.futures.Future()
    with interrupted_once_drawn(lambda: never.set_result(None)) as screen, pytest.raises(KeyboardInterrupt):
        wait_any([never], "Waiting", terminal=True, input=keys, output=screen)
