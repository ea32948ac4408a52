"""What a command prints and how it stops: text made safe for the terminal (in display order with --bidi), one
line `Error: …` for an expected error, and the last line after Ctrl-C or a stopping signal."""

import functools
import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

import typer
from bidi import get_display

from calculators.core import InvalidInput
from scorepad.cli import signals
from scorepad.errors import ScorepadError
from scorepad.grid import fit, safe, width, wrap_line
from scorepad.i18n import N_, _, pgettext

ERROR_LINE = N_("Error: {message}")
WARNING_LINE = N_("Warning: {message}")
STOPPED_COMMAND = N_("Stopped.")  # Ctrl-C (or SIGTERM, SIGHUP) during a command that asks nothing
_JOINERS = frozenset("\u200c\u200d\u200e\u200f")
# The longest error message printed whole: names and keys are quoted as excerpts where they are worded
# (calculators.core.excerpt); a message longer than this (a path of 4,000 characters) keeps its start and end.
MESSAGE_LIMIT = 500
_bidi = False  # --bidi, for this run (the root command sets it, and puts it back when the run ends)


def use_bidi(on: bool) -> None:
    """Put right-to-left text in display order from now on (--bidi), or leave it to the terminal."""
    global _bidi
    _bidi = on


def replace_unwritable() -> None:
    """Standard output and error write what their encoding holds and `?` for the rest: on a latin-1, cp437 or
    koi8-r terminal (PYTHONIOENCODING), a name in another script is no reason for a command to fail."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "backslashreplace"):
            stream.reconfigure(errors="replace")


def echo_json(text: str, **options: Any) -> None:
    """JSON on standard output, the same data whatever the terminal's encoding: what the encoding cannot hold is
    written as JSON's own escape (`\\u674e`), never replaced (non-ASCII only stands inside JSON's strings)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        text = re.sub(r"[^\x00-\x7f]", lambda m: json.dumps(m[0])[1:-1], text)
    except LookupError:  # an encoding Python does not know: the terminal's own business
        pass
    typer.echo(text, **options)


def fail(message: str, code: int = 1) -> typer.Exit:
    # Always one line: a name or key from a table file may hold a newline or a terminal control character.
    # ZWNJ, ZWJ, LRM and RLM print as they are: Persian writes ZWNJ inside words (می‌نویسد).
    if len(message) > MESSAGE_LIMIT:
        message = message[:MESSAGE_LIMIT - 100] + " … " + message[-100:]
    shown = "".join(c if c.isprintable() or c in _JOINERS else ascii(c)[1:-1] for c in message)
    line = _(ERROR_LINE).format(message=shown)
    # On a terminal, wrapped between words, never inside one ("s|tores"); into a file or a pipe, one line always
    # ($COLUMNS alone does not make a pipe a terminal: a script reads the error as one line).
    columns = _columns_of(sys.stderr) if _isatty(sys.stderr) else None
    if columns and width(line) > columns:
        line = "\n".join(wrap_line(line, columns, hang=ERROR_HANG))
    typer.echo(display_order(line, sys.stderr), err=True)
    return typer.Exit(code)


ERROR_HANG = "  "  # an error's next lines on a terminal start two columns in, under its first


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed stream, or a test's capture without one
        return False


def _columns_of(stream: Any) -> int | None:
    """$COLUMNS, else the width of the terminal `stream` is, else None (a file or a pipe)."""
    given = os.environ.get("COLUMNS", "")
    if given.isdecimal() and int(given) > 0:
        return int(given)
    try:
        return os.get_terminal_size(stream.fileno()).columns if stream.isatty() else None
    except (OSError, ValueError, AttributeError):
        return None


def echo(text: Any = "", **options: Any) -> None:
    """Print text that holds data (names and notes, perhaps from a database older than the rules that refuse
    control characters): nothing in it may drive the terminal. Our own text keeps its newlines; a line wider
    than the terminal wraps where a line may break, never inside a word (scorepad.grid.fit)."""
    text = fit(safe(text, keep="\n"))
    typer.echo(display_order(text, sys.stderr if options.get("err") else sys.stdout), **options)


def terminal_columns() -> int | None:
    """How wide the text is laid out: $COLUMNS when it is set, else the width of the terminal standard output is,
    else None (a file or a pipe: lines as long as they are)."""
    return _columns_of(sys.stdout)


def display_order(text: str, stream: Any) -> str:
    """`text` in display order for a terminal that does not apply the bidirectional algorithm itself (--bidi),
    line by line; as it is otherwise, and always when the output is not a terminal (a file, a pipe, --json)."""
    if not _bidi or not getattr(stream, "isatty", lambda: False)() or text.isascii():
        return text
    # Each piece between two or more spaces on its own: a table's cells stay in their columns (one line at a time
    # would mirror a Persian heading but not a row that starts with a number, and swap two Persian cells).
    return "\n".join("".join(part if part.isascii() else _brackets(get_display(part))
                             for part in re.split(r"( {2,})", line)) for line in text.split("\n"))


# A bracket pair that python-bidi put in display order without mirroring its glyphs (rule L4: python-bidi issue
# #25): "علی (50)" came out as ")50( یلع". Closing before opening, with no bracket between: the pair, mirrored.
_UNMIRRORED = re.compile(r"\)([^()]*)\(|\]([^\[\]]*)\[")


def _brackets(visual: str) -> str:
    """`visual` (display order) with each pair of brackets drawn as it reads: (50), never )50(.

    >>> _brackets(")50( یلع"), _brackets("Ana (50) :هدنرب"), _brackets("]3[ )x( )y(")
    ('(50) یلع', 'Ana (50) :هدنرب', '[3] (x) (y)')
    """
    return _UNMIRRORED.sub(lambda m: f"({m[1]})" if m[1] is not None else f"[{m[2]}]", visual)


def players_line(players: Iterable[str]) -> str:
    """The players for one of our lines: each name escaped whole (an older name's newline stays on the line)."""
    return pgettext("between names", ", ").join(safe(name) for name in players)  # Persian ، Chinese 、


def handles_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Expected errors become one line `Error: …` on stderr and exit 1; anything else is a bug."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (ScorepadError, InvalidInput) as error:
            raise fail(str(error)) from None
        except KeyboardInterrupt:  # what it was writing is whole or not there (files.replace_file, the store)
            raise stopped("\n" + _(STOPPED_COMMAND)) from None

    return wrapper


def stopped(message: str) -> typer.Exit:
    """Ctrl-C, or a stopping signal: the last line (there may be no terminal left to print it on) and the
    exit code, 128 + the signal (130 for Ctrl-C typed at a prompt)."""
    code = signals.taken()
    signals.say(message, lambda text: typer.echo(text, err=True))
    return typer.Exit(code)
