"""The terminal front end: hot-seat play with rich (drawing) and prompt_toolkit (keys).

One idea per module:

* :mod:`~loveletter.tui.style` — the look (styles, card colours) and catalog messages as rich ``Text``;
* :mod:`~loveletter.tui.screen` — the alternate screen, the full wipe (screen *and* scrollback), cursor and title;
* :mod:`~loveletter.tui.cards` — a card drawn as a small framed face;
* :mod:`~loveletter.tui.log` — engine events told in words, for one seat (private events only to their audience);
* :mod:`~loveletter.tui.table` — the table as one seat (or a spectator) sees it, fitted to the terminal;
* :mod:`~loveletter.tui.choices` — a turn's decision split into steps (card, target, name...) from the legal
  actions the engine lists: the front end never decides what is legal;
* :mod:`~loveletter.tui.prompts` — prompt_toolkit prompts (choice lists, Enter, pauses, text) that take
  ``input``/``output`` so tests can drive them, and take only the keys meant for them (``KeyPolicy``);
* :mod:`~loveletter.tui.interrupts` — a Ctrl-C never lost between two questions;
* :mod:`~loveletter.tui.reference` — the card reference (``?`` in a game, ``loveletter rules``);
* :mod:`~loveletter.tui.howto` — how a game goes (a turn, a round, the game), said from a ruleset's data;
* :mod:`~loveletter.tui.summary` — a game's summary, round by round;
* :mod:`~loveletter.tui.terminal` — the interactive front end the game loop (:mod:`loveletter.table.loop`)
  drives; :mod:`~loveletter.tui.plain` — the plain-text one for all-computer games without a terminal;
* :mod:`~loveletter.tui.session` — a game at this computer from start to saved end: what ``play`` and ``resume``
  run;
* :mod:`~loveletter.tui.coach` — the hint on a player's screen (``h``); :mod:`~loveletter.tui.review` — a
  finished game's decisions weighed; :mod:`~loveletter.tui.tutor` — the lessons' runner;
* :mod:`~loveletter.tui.replay` — a recorded game stepped through as one seat saw it, or with every hand;
* :mod:`~loveletter.tui.standings` — what ``simulate`` and ``tournament`` print;
* :mod:`~loveletter.tui.reader` — screen-reader mode: the game as plain lines; :mod:`~loveletter.tui.reader_learn`,
  :mod:`~loveletter.tui.reader_review` and :mod:`~loveletter.tui.reader_solitaire` — the lessons, the review and
  the solitaire so;
* :mod:`~loveletter.tui.solitaire` — the solitaire's own screens: its board, plays, log, hint, review, replay,
  lesson and streak.

Only the commands import this package, when they run (and the research environments, to render a table).
"""
