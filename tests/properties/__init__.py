"""Property tests of the engine: random-game invariants, a hypothesis state machine, the action notation's round
trip and golden playthroughs (what every seat sees, step by step, in a few recorded games)."""
