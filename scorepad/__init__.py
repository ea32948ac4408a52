"""scorepad: a scoring companion and score-pad CLI for physical board games."""

import gc
import os
import signal
import sys

__version__ = "0.1.0"


def _stop_at_once(signum: int, frame: object) -> None:
    os._exit(128 + signum)


# Started as the program (the `scorepad` command, or `python -m scorepad`, whose argv[0] is "-m" while Python
# finds the module): Ctrl-C while the modules load, before the command's own handlers are in place
# (scorepad.cli.signals.install), ends it at once with Ctrl-C's exit code. Nothing is written yet, and Python's
# default would print a KeyboardInterrupt traceback from whichever import was running.
_starting = False  # the program's modules are being loaded, the collector paused (`started`)
if os.path.basename(getattr(sys, "argv", [""])[0]) in ("scorepad", "-m") \
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    try:
        signal.signal(signal.SIGINT, _stop_at_once)
    except ValueError:  # imported outside the main thread: not the program's start
        pass
    else:
        # Loading the modules makes objects that live as long as the process and no cycle to free: the collector
        # would walk them again and again, about a tenth of a command's time (docs/performance.md, Issue 20).
        gc.disable()
        _starting = True


def started() -> None:
    """The command's modules are loaded (scorepad.cli.root): the collector runs again, past what they made."""
    global _starting
    if _starting:
        _starting = False
        gc.freeze()
        gc.enable()

# The calculators' phrases are worded in the chosen language wherever scorepad runs (scorepad/words.py).
import scorepad.words  # noqa: E402,F401
