"""scorepad: a scoring companion and score-pad CLI for physical board games."""

__version__ = "0.1.0"

# The calculators' phrases are worded in the chosen language wherever scorepad runs (scorepad/words.py).
import scorepad.words  # noqa: E402,F401
