"""The terminal front end: hot-seat play with rich (drawing) and prompt_toolkit (keys), or as plain lines for a
screen reader.

One idea per module:

* :mod:`~loveletter.tui.surface` — where a mode shows its screens and asks: a ``Surface`` of ``Frames`` (drawn
  with rich, asked with prompt_toolkit); :mod:`~loveletter.tui.lines` — the line surface of screen-reader mode;
* :mod:`~loveletter.tui.style` — the look (styles, card colours) and catalog messages as rich ``Text``;
* :mod:`~loveletter.tui.screen` — the alternate screen, the full wipe (screen *and* scrollback), cursor and title;
* :mod:`~loveletter.tui.cards` — a card drawn as a small framed face;
* :mod:`~loveletter.tui.log` — engine events told in words, for one seat (private events only to their audience);
* :mod:`~loveletter.tui.board` — the game's board: the table as one seat (or a spectator) sees it, fitted to the
  terminal, or said in labelled lines;
* :mod:`~loveletter.tui.plan` — a decision asked one question at a time, from the legal actions the engine lists
  (the front end never decides what is legal); :mod:`~loveletter.tui.choices` — a game turn's questions;
* :mod:`~loveletter.tui.prompts` — prompt_toolkit prompts (choice lists, Enter, pauses, text) that take
  ``input``/``output`` so tests can drive them, and take only the keys meant for them (``KeyPolicy``);
* :mod:`~loveletter.tui.interrupts` — a Ctrl-C never lost between two questions;
* :mod:`~loveletter.tui.reference` — the card reference (``?`` in a game, ``loveletter rules``);
* :mod:`~loveletter.tui.howto` — how a game goes (a turn, a round, the game), said from a ruleset's data;
* :mod:`~loveletter.tui.summary` — a game's summary, round by round;
* :mod:`~loveletter.tui.terminal` — the interactive front end the game loop (:mod:`loveletter.table.loop`)
  drives; :mod:`~loveletter.tui.spectator` — an all-computer game without a terminal, as a spectator's log;
* :mod:`~loveletter.tui.session` — a game at this computer from start to saved end: what ``play`` and ``resume``
  run;
* :mod:`~loveletter.tui.coach` — the coach's hint (``h``, :mod:`loveletter.coach.hint`) drawn on a player's screen,
  or said as lines; :mod:`~loveletter.tui.review` — a finished game's decisions weighed;
  :mod:`~loveletter.tui.tutor` — the lessons' runner;
* :mod:`~loveletter.tui.replay` — a recorded game stepped through as one seat saw it, or with every hand;
* :mod:`~loveletter.tui.standings` — what ``simulate`` and ``tournament`` print;
* :mod:`~loveletter.tui.solitaire` — the solitaire's own screens: its board, plays, log, hint, review, replay,
  lesson and streak.

Only the commands import this package, when they run (and the research environments, to render a table).
"""
