"""Ctrl-C, SIGTERM and SIGHUP at any instant: the process stops within a second, every answer the screen showed
as taken is stored first, and the command's exit code is 128 + the signal.

Python's own Ctrl-C raises KeyboardInterrupt at whatever line happens to run. The campaign (issue 13) saw what
that costs in a prompt_toolkit program:
- prompt_toolkit, while it asks, swaps in asyncio's handler, which only writes the signal to the event loop's
  wake-up pipe. A signal that lands after the loop last read that pipe (the few milliseconds after Enter,
  while the finished prompt is taken down) is never read: the game went on. At a menu, the loop turns it
  into a `<sigint>` key that a plain Application ignores.
- between two prompts, asyncio.run's own handler cancels the finished prompt's task instead of raising;
- a KeyboardInterrupt raised inside a weakref callback, a __del__ or a library's `except BaseException:`
  is printed ("Exception ignored in …") or silently dropped, and the program runs on.

So scorepad keeps one handler of its own for the whole run (prompts run with `handle_sigint=False`, see
`prompt_options`). It remembers the first signal and raises `Interrupted` (a KeyboardInterrupt, which asyncio
lets through its loop); if the process is still running `REDELIVER` seconds later, the exception was
swallowed somewhere and is raised again. Between the moment a prompt takes an answer and the moment that
answer is stored (`answering`), the signal waits: a write is never cut midway, and what the screen shows as
answered is on disk when the process ends. The files themselves are written atomically either way
(files.replace_file, the store's pending marker), so a signal anywhere else leaves the old file whole.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from typing import Any

# The signals that stop scorepad, saving first: Ctrl-C, `kill`, the terminal window closed.
STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
REDELIVER = 0.2  # seconds: an interrupt swallowed by a library is raised again this soon
CTRL_C = 128 + signal.SIGINT  # 130, also for Ctrl-C typed at a prompt (a key, not a signal)

_pending: int | None = None  # the first stopping signal received
_taken = False  # the command is stopping: no more raising, the exit path runs to its end
_answering = False  # inside `answering()`
_holding = False  # an answer was taken: the signal waits until it is stored
_previous: dict[int, Any] = {}  # the handlers `install` replaced


class Interrupted(KeyboardInterrupt):
    """A stopping signal arrived; `code` is the exit code that says which (128 + its number)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.code = 128 + signum


def install() -> None:
    """scorepad's handlers for the stopping signals, for the whole run (the main thread only). A signal the parent
    ignored stays ignored (`inherited_ignore`)."""
    _reset()
    for signum in STOPPING:
        if inherited_ignore(signum):
            continue
        _previous.setdefault(signum, signal.signal(signum, _on_signal))
    if hasattr(signal, "setitimer"):
        _previous.setdefault(signal.SIGALRM, signal.signal(signal.SIGALRM, _on_alarm))
    if not getattr(sys.unraisablehook, "_scorepad", False):
        sys.unraisablehook = _quiet_unraisable(sys.unraisablehook)


def inherited_ignore(signum: int) -> bool:
    """Whether the parent ignored `signum` and meant it: `nohup` ignores SIGHUP so a command outlives its terminal,
    a shell script runs a background job with SIGINT ignored. Ctrl-C typed at a terminal scorepad reads from is
    the person's own, and stops it whatever the parent set (a test runner in the background ignores SIGINT too)."""
    if signal.getsignal(signum) is not signal.SIG_IGN:
        return False
    if signum == signal.SIGINT:
        try:
            return not os.isatty(sys.stdin.fileno())
        except (AttributeError, OSError, ValueError):  # no standard input at all: nobody to type Ctrl-C
            return True
    return True


def uninstall() -> None:
    """The handlers as they were before `install` (for a test run in the same process as others)."""
    _disarm()
    for signum, handler in _previous.items():
        signal.signal(signum, handler)
    _previous.clear()
    sys.unraisablehook = getattr(sys.unraisablehook, "_previous", sys.unraisablehook)
    _reset()


def _reset() -> None:
    global _pending, _taken, _answering, _holding
    _pending, _taken, _answering, _holding = None, False, False, False


def pending() -> int | None:
    """The stopping signal received, if any."""
    return _pending


def exit_code(default: int = CTRL_C) -> int:
    """The exit code of a command stopped by a signal (or by Ctrl-C typed at a prompt: `default`)."""
    return default if _pending is None else 128 + _pending


def taken() -> int:
    """The command is stopping now (its exit path runs): no signal raises again. Returns the exit code."""
    global _taken
    _taken = True
    _disarm()
    return exit_code()


@contextlib.contextmanager
def answering() -> Iterator[None]:
    """Around one question and the storing of its answer: a signal stops the question at once, but once the
    prompt has taken the answer (`accepted`, called by the prompter), the signal waits for the end of the
    block, so the answer on the screen is the answer on disk."""
    global _answering, _holding
    _answering, _holding = True, False
    try:
        yield
    except BaseException:
        _answering = _holding = False
        raise
    _answering = _holding = False
    if _pending is not None and not _taken:
        _deliver()


@contextlib.contextmanager
def held() -> Iterator[None]:
    """A block no stopping signal cuts: a command's modules being imported (Python turns an exception raised inside
    some of an import's hooks, a dataclass's `__set_name__`, into another, with a traceback). The signal stops the
    command at the block's end, a few milliseconds later."""
    global _holding
    before = _holding
    _holding = True
    try:
        yield
    finally:
        _holding = before
    if _pending is not None and not _taken and not _holding:
        _deliver()


def accepted() -> None:
    """The prompter took an answer: inside `answering`, a signal from now on waits until it is stored."""
    global _holding
    if _answering:
        _holding = True


def prompt_options(app: Any) -> dict[str, Any]:
    """What a prompt_toolkit Application's run() (or a PromptSession's prompt()) is given: scorepad's handler
    stays in place (`handle_sigint=False`), and the answer counts as taken the moment the prompt has it (its
    future is done, before the finished prompt is drawn and taken down)."""
    def on_done(future: Any) -> None:
        if not future.cancelled() and future.exception() is None:
            accepted()

    def start() -> None:
        asking()
        app.future.add_done_callback(on_done)
        app.future.get_loop().set_exception_handler(_loop_exception)

    # prompt_toolkit's own handler prints what reaches the loop and waits for Enter ("Press ENTER to continue"):
    # a stopping signal that lands inside a task reaches it as "Task exception was never retrieved".
    return {"handle_sigint": False, "set_exception_handler": False, "pre_run": start}


def _loop_exception(loop: Any, context: dict[str, Any]) -> None:
    """What reaches a prompt's event loop: the stopping signal is stopping the command already (it is raised
    again within REDELIVER if a task swallowed it); anything else as asyncio says it."""
    if isinstance(context.get("exception"), KeyboardInterrupt):
        return
    loop.default_exception_handler(context)


def asking() -> None:
    """A question is about to be asked (again): a signal that waited for an answer's storing stops it now, and
    the answer held for, if any, was not taken after all."""
    global _holding
    _holding = False
    if _pending is not None and not _taken:
        _deliver()


def say(text: str, write: Any) -> None:
    """Print a last line while stopping; after SIGHUP there may be no terminal to print to, which is no error.
    Standard output and error then go to /dev/null, so the interpreter's last flush cannot fail either."""
    try:
        write(text)
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # EIO from a hung-up terminal, a closed stream
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)


# --- the handlers -------------------------------------------------------------------------------------

def _on_signal(signum: int, frame: Any) -> None:
    global _pending
    if _taken or _pending is not None:  # already stopping: the first one is raised (again) by the alarm
        return
    _pending = signum
    _deliver()


def _on_alarm(signum: int, frame: Any) -> None:
    if _taken or _pending is None:
        return
    _deliver()


def _deliver() -> None:
    if _holding:  # `answering` raises it once the answer is stored
        return
    _arm()  # if this one is swallowed (a weakref callback, a library's `except BaseException`), again soon
    raise Interrupted(_pending)  # type: ignore[arg-type]


def _arm() -> None:
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, REDELIVER)


def _disarm() -> None:
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, 0)


def _quiet_unraisable(previous: Any) -> Any:
    """An interrupt raised where Python can only drop it (a weakref callback, __del__) prints no traceback
    fragment: the alarm raises it again where it can stop the command."""
    def hook(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, Interrupted):
            return
        previous(unraisable)

    hook._scorepad = True  # type: ignore[attr-defined]
    hook._previous = previous  # type: ignore[attr-defined]
    return hook
