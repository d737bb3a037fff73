"""Computer players against each other, many games at a time: the engine of ``loveletter simulate``.

:mod:`loveletter.arena.games` describes, plays and adds up games whose seeds derive from one run seed, so a run
gives the same results in one process or many. It sits above the bots and records, below the commands.
"""
