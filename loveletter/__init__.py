"""Love Letter in the terminal: a pure rules engine, hot-seat play, computer players and solitaire."""

__version__ = "0.1.0"
