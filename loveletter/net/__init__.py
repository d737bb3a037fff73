"""Playing with friends on other computers: ``loveletter host`` and the SSH server guests join with ``ssh``.

Threads, and why. The game loop (:class:`~loveletter.table.loop.GameLoop`) is synchronous and stays so: it runs
on the main thread, where the host's own terminal is driven exactly as in ``loveletter play`` (its prompts,
Ctrl-C, SIGTERM). The SSH server is asyncio (asyncssh): it runs on a thread of its own with its own event loop,
accepts connections, holds the join conversation (code, name) and moves each guest's keys and resizes to them.
Each remote seat has one worker thread that draws on its guest's terminal and asks its questions, running the
very same :class:`~loveletter.tui.terminal.TerminalFrontend` code (prompt_toolkit applications reading the guest's
keys from a pipe, rich writing to the guest's channel). The loop asks a remote seat by handing the question to
the seat's worker and waiting for the answer as a future, while the host's terminal shows what it waits for;
several workers can run at once (every guest's "ready for the next round?"). Nothing changes the game while the
loop waits, so the workers read it without locks. Writes to a guest's channel are handed to the SSH loop
(``call_soon_threadsafe``), keys go through an OS pipe: the only places the threads meet.

Modules: :mod:`~loveletter.net.code` (the join code), :mod:`~loveletter.net.hostkey` (the server's key),
:mod:`~loveletter.net.link` (a guest's session as a terminal), :mod:`~loveletter.net.server` (asyncssh),
:mod:`~loveletter.net.seating` (who sits where; leaving and coming back), :mod:`~loveletter.net.remote` (a remote
seat's front end, on frames or lines), :mod:`~loveletter.net.lines` (a guest's screen-reader mode: typed lines),
:mod:`~loveletter.net.frontend` (the front end the game loop talks to),
:mod:`~loveletter.net.waiting` (waiting at the host's terminal), :mod:`~loveletter.net.limits` (who may connect,
and who makes room), :mod:`~loveletter.net.log` (connections' troubles to a file, never the host's terminal) and
:mod:`~loveletter.net.host` (all of it for one table).
"""
