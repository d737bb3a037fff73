"""The table: the game loop every mode runs, whatever draws it.

* :mod:`~loveletter.table.loop` — :class:`GameLoop` runs a game to its end: who decides, who holds the laptop,
  what each may be shown; the :class:`Frontend` protocol that draws it (the terminal, a guest's screen over ssh,
  plain text, a test double); :class:`Observer` hooks.
* :mod:`~loveletter.table.seats` — who sits where: people, computer players, remote guests; stacked deals.
* :mod:`~loveletter.table.autosave` — the record written after every action.
* :mod:`~loveletter.table.setup` — seats, names and deals from the command line.

It uses the engine, the bots and the records, and draws nothing: ``tui`` and ``net`` build on it.
"""
