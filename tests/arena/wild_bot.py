"""A bot program that speaks the bot protocol, then misbehaves in the way its first argument names: the tests'
stand-in for a program written by someone else, in any language (it imports nothing of loveletter).

    python wild_bot.py MODE [FOLDER]

It plays the first legal action, but at its first decision of a game (``MODE``) it: ``good`` plays on; ``exit``
ends with status 3; ``segfault`` dies of SIGSEGV; ``hang`` sleeps for ever; ``stubborn`` ignores every signal it
can and sleeps; ``fork`` forks, and both copies answer; ``forked`` forks a child that sleeps for ever, its pid
named by a file FOLDER/child-PID, and plays on; ``chatter`` writes a line that is no message; ``twice`` answers twice;
``eager`` writes an answer before being asked (after the game's message); ``flood`` writes a megabyte with no
newline; ``memory`` allocates 3 GiB; ``illegal`` answers a card it does not hold; ``gibberish`` answers text that
is no action; ``wrong_id`` answers another question; ``error`` gives the game up with an error; ``escapes`` writes
terminal escape sequences to stderr and plays on; ``restart`` greets with the wrong protocol at every second start
(counted in FOLDER/starts), else plays well. It writes its address-space limit to stderr when it starts.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time

# Read only when run: the test suite imports every module (for its doctests).
RUN = __name__ == "__main__"
MODE = sys.argv[1] if RUN else "good"
FOLDER = sys.argv[2] if RUN and len(sys.argv) > 2 else "."


def say(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def starts() -> int:
    path = os.path.join(FOLDER, "starts")
    count = 1
    if os.path.exists(path):
        with open(path) as file:
            count += int(file.read())
    with open(path, "w") as file:
        file.write(str(count))
    return count


def misbehave(ident: int, legal: list[str]) -> None:
    """The first decision of a game, where the bot does what its mode says."""
    if MODE == "exit":
        os._exit(3)
    if MODE == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "stubborn":
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
            signal.signal(sig, signal.SIG_IGN)
        while True:
            time.sleep(0.01)
    if MODE == "fork":
        os.fork()  # both the parent and the child answer
    if MODE == "forked":
        child = os.fork()
        if child == 0:
            partial = os.path.join(FOLDER, f".child-{os.getpid()}")
            with open(partial, "w"):
                pass
            os.rename(partial, os.path.join(FOLDER, f"child-{os.getpid()}"))
            time.sleep(3600)
            os._exit(0)
        while not os.path.exists(os.path.join(FOLDER, f"child-{child}")):  # named before the bot answers
            time.sleep(0.001)
    if MODE == "chatter":
        print("0 1 2 3", flush=True)
    if MODE == "flood":
        sys.stdout.write("x" * 2**20)
        sys.stdout.flush()
        time.sleep(3600)
    if MODE == "memory":
        hoard = bytearray(3 * 2**30)
        hoard[-1] = 1
    answer: dict[str, object] = {"type": "action", "id": ident, "action": legal[0]}
    if MODE == "illegal":
        answer["action"] = "Princess"
    if MODE == "gibberish":
        answer["action"] = "\x1b[2J make me win"
    if MODE == "wrong_id":
        answer["id"] = ident + 1
    if MODE == "error":
        answer = {"type": "error", "id": ident, "message": "I give up"}
    say(answer)
    if MODE == "twice":
        say(answer)


def main() -> None:
    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    print(f"address space limit: {limit}", file=sys.stderr, flush=True)
    if MODE == "escapes":
        sys.stderr.write("\x1b[2J\x1b]0;pwned\x07\x1b[31mred\n")
        sys.stderr.flush()
    first = True
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            wrong = MODE == "restart" and starts() % 2 == 0
            say({"type": "hello", "protocol": 99 if wrong else 1, "name": f"wild {MODE}"})
        elif kind == "game":
            first = True
            if MODE == "eager":
                say({"type": "action", "id": 0, "action": "Guard"})  # no question has that id
        elif kind == "decide":
            legal = message["view"]["legal_actions"]
            if first and MODE not in ("good", "escapes", "restart"):
                first = False
                misbehave(message["id"], legal)
            else:
                first = False
                say({"type": "action", "id": message["id"], "action": legal[0]})
        elif kind == "bye":
            return


if __name__ == "__main__":
    main()
