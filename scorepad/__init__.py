"""scorepad: a scoring companion and score-pad CLI for physical board games."""

__version__ = "0.1.0"
