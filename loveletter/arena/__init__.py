"""Computer players against each other, many games at a time: the engine of ``loveletter simulate`` and of
``loveletter tournament``.

:mod:`loveletter.arena.games` describes, plays and adds up games whose seeds derive from one run seed, so a run
gives the same results in one process or many. :mod:`~loveletter.arena.tournament` builds tournaments on it
(formats, duplicate deals, bots that forfeit, standings), with :mod:`~loveletter.arena.ratings` (openskill),
:mod:`~loveletter.arena.sprt` (early stopping), :mod:`~loveletter.arena.userbots` (people's bot files) and
:mod:`~loveletter.arena.backends` (local processes, or a Ray cluster). It sits above the bots and records, below
the commands.
"""
