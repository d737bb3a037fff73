"""The solitaire front end: the table, the log, the turn's choices and the game loop of ``loveletter solitaire``.

* :mod:`.narrate` — the solitaire events told in words, each retinue card explained as it plays;
* :mod:`.board` — the table: the Princess and her queue, the hand, the secret agent, the piles, the log;
* :mod:`.plan` — a decision's questions (turn, card, target, own card, name), as :mod:`loveletter.tui.plan` asks them;
* :mod:`.reference` — the ``?`` pages: the variant in our words and its cards;
* :mod:`.streak` — wins in a row, kept between games in the user's folder;
* :mod:`.app` — the game loop on the terminal, with autosave, end screens and "play again".

Only ``loveletter.commands.solitaire`` imports this package, when it runs.
"""
