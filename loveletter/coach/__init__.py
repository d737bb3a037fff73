"""The coach: what a strong player would do, and why, from a seat's view only.

* :mod:`~loveletter.coach.judge` — the one judge of a position, shared by hints and reviews: deterministic for a
  position and budget, exact when few cards are hidden, and honest about its error ("about equal").
* :mod:`~loveletter.coach.advice` — the card chances and the assessment of one decision, built on the judge.
* :mod:`~loveletter.coach.hint` — the hint at one decision as a model: the round read once, the moves judged on
  that reading, each with its reason.
* :mod:`~loveletter.coach.reasons` — why a move is worth playing, as facts the player can check (words are the
  front end's, from the catalogs).
* :mod:`~loveletter.coach.review` — the review of a finished game: one seat's decisions weighed, the worst named.
* :mod:`~loveletter.coach.lesson` and ``lessons/*.toml`` — the lessons of ``loveletter learn``, as data.
* :mod:`~loveletter.coach.solitaire` — the solitaire's judge, hint, review weighing and reasons.

It builds on the engine and the computer players; the terminal (``tui/coach.py``, ``tui/review.py``,
``tui/tutor.py``) draws it.
"""
