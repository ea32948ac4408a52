"""The command line: the only module that prints, exits or makes a prompter. Heavy libraries load lazily."""

import functools
import os
import re  # typer imports it already: free here
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer
import typer.core

from calculators.core import InvalidInput
from scorepad import __version__
from scorepad.errors import ScorepadError
from scorepad.i18n import N_, NP_, _, pgettext, plural

if TYPE_CHECKING:
    from scorepad.games.base import Game
    from scorepad.prompts import Prompter
    from scorepad.session import Session
    from scorepad.store import Store
else:  # Annotations are evaluated (no postponed annotations: typer read each command's from strings, compiling
    # them in every process); these modules load lazily, so at run time their names stand for Any.
    Game = Prompter = Session = Store = Any

# --- text for people ----------------------------------------------------------------------------------

HELP = N_("A scoring companion and score pad for board games at a real table.")
SESSION_ID = N_("A session's id (`scorepad list` shows them).")
TABLE_FILE = N_("A table file (docs/table-format.md).")
BLANK_PLAYERS = N_("A blank pad's players: their names (printed on the pad), or a number of blank columns "
                 "(default: the usual table, 4; Lost Cities 2).")
NEEDS_TERMINAL = N_("'{command}' is interactive and needs a terminal (stdin is not one).")
STARTED = N_("Session {id}: {title} — {players}. Every answer is saved as it is given.")
RESUMING = N_("Resuming session {id}: {title} — {players}.")
STOPPED = N_("Stopped. Session {id} is saved; carry on with: scorepad resume {id}")
STOPPED_FINISHED = N_("Stopped. Session {id} is finished and saved; its sheet: scorepad sheet {id}")
STOPPED_BEFORE = N_("Stopped; nothing was recorded.")
SHEET_IN_PROGRESS = N_("(in progress)")  # the sheet's Winner field before the end
IN_PROGRESS = N_("(in progress: the file's session is still being played)")
ALREADY_STORED = N_("already stored as session {id} (--again stores a copy)")
SAME_GAME = N_("the same game as {where}")
UNKNOWN_DATE = "—"  # `list` of a game imported from a table file without a date
NAME_IS_A_WORD = N_("{name!r} starts with {word!r}, a word scorepad takes at its prompts: add an initial or a nickname")
PRIVATE_TOTALS = N_("session {id} is a {title} game in progress, and cash stays private until it ends: "
                  "`cash NAME` at the prompt shows one balance (or play with --open-cash)")
NOTHING_TO_RESUME = N_("no unfinished session to resume; start one with: scorepad play GAME --players NAME NAME")
ALREADY_FINISHED = N_("session {id} is finished; see it with: scorepad show {id}")
ASK_NAME = N_("Player {n} name:")
# Another scorepad process is playing the session (its claim file, scorepad/claims.py): said, and asked first.
CLAIMED_HERE = N_("Session {id} is open in another scorepad: process {pid} on this computer ({host}), since {since}.")
CLAIMED_THERE = N_("Session {id} was opened on another computer: process {pid} on {host}, since {since}; "
                 "scorepad cannot check from here whether it is still playing.")
PLAY_HERE_TOO = N_("Play it here too? (when both answer a question, the first answer counts)")
CLAIMED_NEEDS_TERMINAL = N_("session {id} is open in another scorepad (process {pid} on {host}); resume it at a "
                          "terminal to choose whether to play it here too, or end that one first")
LEFT_TO_OTHER = N_("Session {id} is left to the other scorepad; nothing was changed.")
LIST_LATEST = 20  # `list` shows the latest sessions; --all shows every one
NO_SESSIONS = N_("No sessions yet. Start one: scorepad play GAME --players NAME NAME")
NO_MATCH = N_("No session matches.")
MORE_SESSIONS = N_("(the latest {shown} of {count}; --all lists every one)")
UNDO_FINISHED_ASK = N_("Session {id} ({title} — {players}) is finished. Reopen it and take back its last answer?")
UNDO_FINISHED_NEEDS_YES = N_("session {id} is finished: undo reopens it, so it asks first; "
                           "without a terminal, say so with: scorepad undo {id} --yes")
UNDO_FINISHED_KEPT = N_("Session {id} stays finished; nothing was taken back.")
STOPPED_NOTHING = N_("Stopped; nothing was changed.")
STOPPED_COMMAND = N_("Stopped.")  # Ctrl-C (or SIGTERM, SIGHUP) during a command that asks nothing
DELETE_ASK = N_("Delete session {id} ({title} — {players}, {status})? A copy is kept in {folder}")
DELETE_NEEDS_YES = N_("delete asks first: without a terminal, say so with: scorepad delete {id} --yes")
DELETE_KEPT = N_("Session {id} is kept.")
DELETED = N_("Deleted session {id}. Its copy: {path}\nTo restore it: scorepad import {path}")
DELETED_FOLDER = "deleted"  # beside the database
UNDO_IMPORTED = N_("session {id} was imported from a table file: it has no answers to take back one by one; "
                 "change the file and import it again (scorepad export {id} -o FILE writes it)")

GAME_LINE = N_("{slug}  {title}  ({players} players)")
NAME_THE_GAME = N_("name the game: scorepad play GAME --players NAME NAME")
NAMES_AFTER_PLAYERS = N_("unexpected {extra!r}; names go after --players")
ASK_NAME_OPTIONAL = N_("Player {n} name (Enter when everyone is in):")
EDIT_NEEDS_VALUE = N_("give the answer and its new value: scorepad edit ID [--round N] [--player NAME] --field FIELD "
                      "VALUE")
CANNOT_MAKE_FOLDER = N_("cannot make the folder {folder}: {reason}")
STATUS_VALUES = N_("--status takes playing or finished, not {status!r}")
ID_OR_TABLE = N_("give a session ID or --table FILE (one of them)")
ID_OR_ALL = N_("give a session ID or --all (one of them)")
WROTE = N_("Wrote {path}")
BLANK_NEEDS_GAME = N_("a blank pad needs the game: scorepad sheet GAME --blank")
BLANK_ONLY = N_("--players, --rounds and --variant are for blank pads (--blank)")
UNEXPECTED = N_("unexpected {extra!r}")
ID_AND_TABLE = N_("give a session ID or --table FILE, not both")
SHEET_WHAT = N_("give a session ID, --table FILE, or GAME --blank")
BLANK_COUNT = NP_("{count} player; {title} takes {counts}", "{count} players; {title} takes {counts}")
# `list`: its columns, and the last one (a session's leader or winner, from its summary)
# "Game" here is the game played (a slug below it), not Lost Cities' word for a round: a context of its own.
LIST_HEADINGS = (lambda: _("ID"), lambda: pgettext("list heading", "Game"), lambda: _("Players"), lambda: _("Date"),
                 lambda: _("Status"), lambda: _("Leader / winner"))
STATUS_WORDS = {"playing": N_("playing"), "finished": N_("finished")}
# TRANSLATORS: {round} is the game's word for a round (Round, Game, Year), {n} how many are complete.
# Sentences about rounds, one whole sentence per word a game has for a round (Game.label_key_for): a language
# inflects the word in each.
LEADER_PRIVATE = {"Game": N_("game {n} done (totals private)"), "Round": N_("round {n} done (totals private)"),
                  "Year": N_("year {n} done (totals private)"), "Season": N_("season {n} done (totals private)")}
LEADER_SCORE = N_("{names} ({total})")
# TRANSLATORS: a game in progress: its leader, their total, and after which round (e.g. "after Game 2").
LEADER_AFTER = {"Game": N_("{names} ({total}) after game {n}"), "Round": N_("{names} ({total}) after round {n}"),
                "Year": N_("{names} ({total}) after year {n}"), "Season": N_("{names} ({total}) after season {n}")}
NOT_SCORED_YET = N_("session {id} has not reached its final scoring yet")
# TRANSLATORS: {round} is the game's word for a round (Round, Game, Year).
NO_COMPLETE_ROUND = {"Game": N_("session {id} has no complete game yet"),
                     "Round": N_("session {id} has no complete round yet"),
                     "Year": N_("session {id} has no complete year yet"),
                     "Season": N_("session {id} has no complete season yet")}
SHOW_TITLE = N_("Session {id}: {title} — {players}")
SHOW_STARTED = N_("Started {date}")
SHOW_UNKNOWN_DATE = N_("Started on an unknown date")
SHOW_VARIANTS = N_("variants: {variants}")
SHOW_MODULES = N_("modules: {modules}")
# TRANSLATORS: {round} is the game's word for a round (Round, Game, Year).
SHOW_PLANNED = N_("{rounds} planned")
# A count of rounds, by what the game calls a round (Game.round_label, Game.variant_labels).
ROUND_COUNTS = {"Game": NP_("{n} game", "{n} games"), "Round": NP_("{n} round", "{n} rounds"),
                "Year": NP_("{n} year", "{n} years"), "Season": NP_("{n} season", "{n} seasons")}
SHOW_NO_ROUNDS = N_("no rounds")
SHOW_SEPARATOR = N_("; ")
SCORE_IN_PROGRESS = N_("(in progress: {n} of {of} complete)")
SCORE_TITLE = N_("{title} ({variants})")
AN_EARLIER_ONE = N_("an earlier one")
# TRANSLATORS: a table file refused on import: {where} is the file (and the line or item in it), {reason} why.
IN_FILE = N_("{where}: {reason}")
FORCE_HELP = N_("Replace FILE even if it is not what scorepad writes there (never the database or the input).")

# --- the language: --lang, help texts, typer's own words ----------------------------------------------------

LANG_HELP = N_("The language: fa (فارسی), ar (العربية), zh-Hant (繁體中文), ru (Русский) or en (default: "
               "$SCOREPAD_LANG, else the system locale, else English).")
BIDI_HELP = N_("Put right-to-left text in display order, for a terminal that does not (never for --json or "
               "when the output is not a terminal).")
UNKNOWN_LANGUAGE = N_("unknown language {given!r} for {where} (choose one of: {languages})")
# typer's and click's own words (they print them in English; typer/_click has no catalogue of its own).
USAGE = N_("Usage: ")
TRY_HELP = N_("Try '{command} --help' for help.")
ERROR_LINE = N_("Error: {message}")
WARNING_LINE = N_("Warning: {message}")
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")
HEADINGS = (N_("Options"), N_("Commands"), N_("Arguments"))
HELP_OPTION = N_("Show this message and exit.")
DEFAULT = N_("[default: {default}]")
REQUIRED = N_("[required]")
ABORTED = N_("Aborted!")
EXTRA_ARGUMENT = N_("Got unexpected extra argument ({arguments})")
EXTRA_ARGUMENTS = N_("Got unexpected extra arguments ({arguments})")
# click's usage errors, as it words them in English, and ours: the first pattern that matches the whole message.
CLICK_ERRORS = (
    (r"No such option: (?P<name>\S+) Did you mean (?P<suggestion>\S+)\?", N_("No such option: {name} Did you mean "
                                                                             "{suggestion}?")),
    (r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
     N_("No such option: {name} (Possible options: {options})")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"No such command '(?P<name>.*)'\.(?: Did you mean (?P<suggestions>.+)\?)?", None),  # two forms, below
    (r"Missing command\.", N_("Missing command.")),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Option '(?P<name>.+)' requires an argument\.", N_("Option '{name}' requires an argument.")),
    (r"Option '(?P<name>.+)' requires (?P<n>\d+) arguments\.", N_("Option '{name}' requires {n} arguments.")),
    (r"Option '(?P<name>.+)' does not take a value\.", N_("Option '{name}' does not take a value.")),
    (r"Got unexpected extra argument \((?P<arguments>.+)\)", EXTRA_ARGUMENT),
    (r"Got unexpected extra argument\(s\) \((?P<arguments>.+)\)", None),  # typer's click: either, below
    (r"Got unexpected extra arguments \((?P<arguments>.+)\)", EXTRA_ARGUMENTS),
    # (typer's vendored click names the type 'int'; older clicks said 'integer')
    (r"Invalid value for (?P<name>.+?): '(?P<value>.*)' is not a valid int(?:eger)?\.",
     N_("Invalid value for {name}: '{value}' is not a valid integer.")),
    (r"Invalid value for (?P<name>.+?): (?P<value>.+) is not in the range (?P<range>.+)\.",
     N_("Invalid value for {name}: {value} is not in the range {range}.")),
    (r"Invalid value for (?P<name>.+?): (?P<reason>.+)", N_("Invalid value for {name}: {reason}")),
)
NO_SUCH_COMMAND = N_("No such command '{name}'.")
NO_SUCH_COMMAND_MEANT = N_("No such command '{name}'. Did you mean {suggestions}?")


def _click_message(message: str) -> str:
    """One of click's English usage errors in the chosen language (as it is, if it is none of those we know)."""
    for pattern, wording in CLICK_ERRORS:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            values = {k: v for k, v in found.groupdict().items() if v is not None}
            if wording is None and "arguments" in values:
                wording = EXTRA_ARGUMENT if len(values["arguments"].split()) == 1 else EXTRA_ARGUMENTS
            elif wording is None:
                wording = NO_SUCH_COMMAND_MEANT if "suggestions" in values else NO_SUCH_COMMAND
            return _(wording).format(**values)
    return message


class _Formatter(typer._click.HelpFormatter):
    """click's help formatter, speaking the chosen language: its headings, usage prefix and option notes."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _(USAGE) if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(heading))

    def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
        def words(text: str) -> str:
            text = re.sub(r"\[default: (.*?)\]", lambda m: _(DEFAULT).format(default=m[1]), text)
            return text.replace("[required]", _(REQUIRED)).replace(HELP_OPTION, _(HELP_OPTION))

        super().write_dl([(term, words(text)) for term, text in rows], *args, **kwargs)


class _Context(typer.Context):
    formatter_class = _Formatter


def _localize(command: Any) -> None:
    """Every help text of `command` and its subcommands in the chosen language. The English is kept aside the
    first time (the msgids), so that a second run in another language (tests) translates from it again."""
    for name in ("help", "short_help", "options_metavar", "subcommand_metavar"):
        english = getattr(command, f"_english_{name}", None) if hasattr(command, f"_english_{name}") else \
            getattr(command, name, None)
        setattr(command, f"_english_{name}", english)
        if isinstance(english, str):
            setattr(command, name, _(english))
    command.context_class = _Context
    for param in command.params:
        for name in ("help", "metavar"):
            if not hasattr(param, f"_english_{name}"):
                setattr(param, f"_english_{name}", getattr(param, name, None))
            english = getattr(param, f"_english_{name}")
            if isinstance(english, str):
                setattr(param, name, _(english))
    for sub in getattr(command, "commands", {}).values():
        _localize(sub)


def _language_in(args: list[str]) -> tuple[str | None, list[str]]:
    """The value of the last `--lang X` (or `--lang=X`) anywhere before `--`, and the arguments without them:
    the language is chosen before anything is parsed, so that help and usage errors speak it too. A `--bidi`
    after the command is moved before it (it is the root's flag, as --lang is, and may come anywhere too)."""
    given, rest, i = None, [], 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--lang" and i + 1 < len(args):
            given, i = args[i + 1], i + 2
            continue
        if arg.startswith("--lang="):
            given, i = arg.split("=", 1)[1], i + 1
            continue
        if arg == "--bidi" and rest:  # after the command: the root's flag, moved before it
            rest.insert(0, arg)
            i += 1
            continue
        rest.append(arg)
        i += 1
    return given, rest



class _Scorepad(typer.core.TyperGroup):
    """The root command: it chooses the language first, then runs click; click's usage errors are worded here."""

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:
        from scorepad import i18n

        extra.pop("standalone_mode", None)
        given, args = _language_in(list(sys.argv[1:] if args is None else args))
        # A number typed with a Persian or Arabic keyboard (`show ۳`, `--rounds ٢`) is the number: a word all of
        # Western, Persian and Arabic-Indic digits. One with another script's digits (decimal too) stays as typed.
        args = [_western_number(arg) if isinstance(arg, str) and arg.isdecimal() and not arg.isascii() else arg
                for arg in args]
        try:
            code = i18n.choose(given)
        except ValueError as error:
            try:  # the refusal itself in the language the rest of the environment asks for
                i18n.use(i18n.choose(None, {k: v for k, v in os.environ.items() if k != "SCOREPAD_LANG"}))
            except ValueError:
                pass
            where = "--lang" if given is not None else "SCOREPAD_LANG"
            typer.echo(_(ERROR_LINE).format(message=_(UNKNOWN_LANGUAGE).format(
                given=str(error), where=where, languages=", ".join(i18n.LANGUAGES))), err=True)
            i18n.use(i18n.ENGLISH)
            sys.exit(2)
        i18n.use(code)
        try:
            _localize(self)
            try:
                done = super().main(args, prog_name, standalone_mode=False, **extra)
            except typer._click.exceptions.UsageError as error:
                _show_usage_error(error)
                sys.exit(error.exit_code)
            except typer._click.exceptions.ClickException as error:
                typer.echo(_(ERROR_LINE).format(message=_click_message(error.format_message())), err=True)
                sys.exit(error.exit_code)
            except typer.Abort:
                typer.echo(_(ABORTED), err=True)
                sys.exit(1)
            sys.exit(done if isinstance(done, int) else 0)
        finally:
            i18n.use(i18n.ENGLISH)
            _BIDI[0] = False


def _western_number(word: str) -> str:
    """`word` (all decimal digits) in Western digits if each is Western, Persian or Arabic-Indic, else as it is."""
    from scorepad import i18n

    western = i18n.western_digits(word)
    return western if western.isascii() else word


def _show_usage_error(error: Any) -> None:
    if error.ctx is not None:
        if isinstance(error, typer._click.exceptions.NoArgsIsHelpError):
            typer.echo(error.ctx.get_help(), err=True)
            return
        typer.echo(error.ctx.get_usage(), err=True)
        typer.echo(_(TRY_HELP).format(command=error.ctx.command_path) + "\n", err=True)
    typer.echo(_(ERROR_LINE).format(message=_click_message(error.format_message())), err=True)


# typer's rich help and tracebacks cost ~75 ms on every call and print boxes; plain text is what we want.
app = typer.Typer(cls=_Scorepad, help=HELP, no_args_is_help=True, rich_markup_mode=None,
                  pretty_exceptions_enable=False, add_completion=False)


def main() -> None:
    from scorepad import signals

    signals.install()  # Ctrl-C, SIGTERM, SIGHUP: see scorepad/signals.py
    try:
        app(prog_name="scorepad")
    except SystemExit as done:
        signals.taken()  # nothing raises from here on
        raise SystemExit(done.code if signals.pending() is None else signals.exit_code()) from None
    except KeyboardInterrupt:  # a signal outside any command (while the arguments were read)
        raise SystemExit(signals.taken()) from None


# --- plumbing -------------------------------------------------------------------------------------------

_JOINERS = frozenset("\u200c\u200d\u200e\u200f")


def fail(message: str, code: int = 1) -> typer.Exit:
    # Always one line: a name or key from a table file may hold a newline or a terminal control character.
    # ZWNJ, ZWJ, LRM and RLM print as they are: Persian writes ZWNJ inside words (می‌نویسد).
    shown = "".join(c if c.isprintable() or c in _JOINERS else ascii(c)[1:-1] for c in message)
    typer.echo(_bidi(_(ERROR_LINE).format(message=shown), sys.stderr), err=True)
    return typer.Exit(code)


def echo(text: Any = "", **options: Any) -> None:
    """Print text that holds data (names and notes, perhaps from a database older than the rules that refuse
    control characters): nothing in it may drive the terminal. Our own text keeps its newlines."""
    from scorepad.grid import safe

    typer.echo(_bidi(safe(text, keep="\n"), sys.stderr if options.get("err") else sys.stdout), **options)


def _bidi(text: str, stream: Any) -> str:
    """`text` in display order for a terminal that does not apply the bidirectional algorithm itself (--bidi),
    line by line; as it is otherwise, and always when the output is not a terminal (a file, a pipe, --json)."""
    if not _BIDI[0] or not getattr(stream, "isatty", lambda: False)() or text.isascii():
        return text
    from bidi import get_display

    # Each piece between two or more spaces on its own: a table's cells stay in their columns (one line at a time
    # would mirror a Persian heading but not a row that starts with a number, and swap two Persian cells).
    return "\n".join("".join(part if part.isascii() else get_display(part) for part in re.split(r"( {2,})", line))
                     for line in text.split("\n"))


def _names(players: Iterable[str]) -> str:
    """The players for one of our lines: each name escaped whole (an older name's newline stays on the line)."""
    from scorepad.grid import safe

    return pgettext("between names", ", ").join(safe(name) for name in players)  # Persian ، Chinese 、


def json_text(value: Any, **options: Any) -> str:
    from scorepad.grid import json_text

    return json_text(value, **options)


def handles_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Expected errors become one line `Error: …` on stderr and exit 1; anything else is a bug."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (ScorepadError, InvalidInput) as error:
            raise fail(str(error)) from None
        except KeyboardInterrupt:  # what it was writing is whole or not there (files.replace_file, the store)
            raise _stopped("\n" + _(STOPPED_COMMAND)) from None

    return wrapper


def _stopped(message: str) -> typer.Exit:
    """Ctrl-C, or a stopping signal: the last line (there may be no terminal left to print it on) and the
    exit code, 128 + the signal (130 for Ctrl-C typed at a prompt)."""
    from scorepad import signals

    code = signals.taken()
    signals.say(message, lambda text: typer.echo(text, err=True))
    return typer.Exit(code)


def stdin_is_tty() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def stdout_is_tty() -> bool:  # tests replace this: the end of a game offers BG Stats' QR code only on a terminal
    return sys.stdout.isatty()


def make_prompter() -> Prompter:  # tests replace this with a scripted prompter
    from scorepad.prompts import QuestionaryPrompter

    return QuestionaryPrompter()


def open_store(ctx: typer.Context) -> Store:
    from scorepad.store import Store, default_path
    from scorepad.summary import summarize

    return Store((ctx.find_root().obj or {}).get("db") or default_path(), summarize=summarize, upgrade=_upgraded,
                 identify=_identities, notify=lambda message: typer.echo(message, err=True))


# The store calls these only when it writes or migrates: `list` and `show` need not import scorepad.session.
def _upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    from scorepad.session import upgraded

    return upgraded(doc)


def _identities(doc: dict[str, Any]) -> list[str]:
    from scorepad.session import identities

    return identities(doc)


def protected_files(ctx: typer.Context, *inputs: Path) -> list[Any]:
    """What no output may replace: the database (with its lock and temporary files) and the command's input."""
    return protected_files_of(open_store(ctx).path, *inputs)


def protected_files_of(database: Path, *inputs: Path) -> list[Any]:
    from scorepad.files import INPUT, Protected, database_files

    return database_files(database) + [Protected(path, INPUT) for path in inputs]


def load_session(ctx: typer.Context, session_id: int) -> Session:
    from scorepad.games import session_of

    return session_of(open_store(ctx).get(session_id), session_id)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"scorepad {__version__}")
        raise typer.Exit()


DB_HELP = N_("The database file (default: $SCOREPAD_DB, else your data folder); its sessions live in the folder "
             "PATH.d beside it.")
VERSION_HELP = N_("Show the version and exit.")
_BIDI = [False]  # --bidi, for this run (cli.main resets it)


@app.callback(help=HELP)
def root(ctx: typer.Context,
         db: Optional[Path] = typer.Option(None, "--db", metavar=N_("PATH"), help=DB_HELP),
         # --lang is read (and taken out) before click parses anything (_Scorepad.main): it is here for --help.
         lang: Optional[str] = typer.Option(None, "--lang", metavar=N_("LANGUAGE"), help=LANG_HELP),
         bidi: bool = typer.Option(False, "--bidi", help=BIDI_HELP),
         version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                      help=VERSION_HELP)) -> None:
    ctx.obj = {"db": db}
    _BIDI[0] = bidi


# --- games ----------------------------------------------------------------------------------------------

GAMES_HELP = N_(
    "List the games, their players and variants.")


@app.command(help=GAMES_HELP)
@handles_errors
def games() -> None:
    from scorepad.games import GAMES

    for game in GAMES:
        echo(_(GAME_LINE).format(slug=game.slug, title=_(game.title), players=game.player_counts()))
        if game.blurb:
            echo(f"    {_(game.blurb)}")
        for name, explanation in game.variants.items():
            echo(f"    --variant {name}: {_(explanation)}")
        for name, explanation in game.modules.items():
            echo(f"    --module {name}: {_(explanation)}")


# --- play, resume, undo ---------------------------------------------------------------------------------

PLAY_HELP = N_(
    "Play a guided game (or resume the latest).\n\nscorepad guides the setup and every round, and saves "
    "every answer the moment it is given.")


@app.command(help=PLAY_HELP, context_settings={"allow_extra_args": True})
@handles_errors
def play(ctx: typer.Context,
         game: Optional[str] = typer.Argument(None, metavar=N_("[GAME]"), help=N_("The game's slug (see `scorepad games`). "
                                                          "Leave out to resume the latest unfinished session.")),
         players: Optional[list[str]] = typer.Option(None, "--players", "-p", metavar=N_("NAME NAME…"),
                                                     help=N_("The players, in seating order.")),
         variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", metavar=N_("NAME"),
                                                     help=N_("A variant (repeatable; see `scorepad games`).")),
         rounds: Optional[int] = typer.Option(None, "--rounds", "-r", metavar=N_("N"),
                                                help=N_("Rounds (games) to play.")),
         module: Optional[list[str]] = typer.Option(None, "--module", "-m", metavar=N_("NAME"),
                                                    help=N_("A game module (repeatable; see `scorepad games`).")),
         open_cash: bool = typer.Option(False, "--open-cash",
                                        help=N_("Chinatown: show every player's cash on screen.")),
         objectives: Optional[tuple[str, str]] = typer.Option(
             None, "--objectives", metavar=N_("CARD CARD"),
             help=N_("Next Station: London: the two objective cards your table drew (interchanges, districts, "
                  "tourist, central, thames) instead of scorepad drawing.")),
         powers: Optional[tuple[str, str, str, str]] = typer.Option(
             None, "--powers", metavar=N_("POWER×4"),
             help=N_("Next Station: London: the power your table dealt to each pencil, pink green blue purple in "
                  "order (double, joker, switch, circle), or as colour=power."))) -> None:
    names = _names_given(ctx, players)
    modules = list(module or []) + (["open-cash"] if open_cash else [])
    drawn = {name: list(cards) for name, cards in (("objectives", objectives), ("powers", powers)) if cards}
    if game is None:
        if names or variant or rounds or modules or drawn:
            raise fail(_(NAME_THE_GAME), code=2)
        store = open_store(ctx)
        # The index says which sessions are unfinished (a few); only those are opened, to find the one
        # answered last.
        unfinished = [(store.get(doc_id).get("updated") or "", doc_id)
                      for doc_id, summary in store.summaries().items() if summary.get("status") != "finished"]
        if not unfinished:
            raise ScorepadError(_(NOTHING_TO_RESUME))
        _need_terminal("play")
        _run(ctx, max(unfinished)[1], resumed=True)
        return
    from scorepad.games import by_slug
    from scorepad.session import check_options, new_doc

    chosen = by_slug(game)
    check_options(chosen, variant or [], rounds, modules, drawn)  # refuse bad options before asking anything
    if names:
        _check_names(new_doc(chosen, names, variant or [], rounds, modules, drawn=drawn))
    _need_terminal("play")
    if not names:
        names = _ask_names(chosen, known=functools.partial(_known_names, ctx))
    doc = _check_names(new_doc(chosen, names, variant or [], rounds, modules, drawn=drawn))
    session_id = open_store(ctx).insert(doc)
    echo(_(STARTED).format(id=session_id, title=chosen.title, players=_names(doc["players"])))
    _run(ctx, session_id, resumed=False)


RESUME_HELP = N_(
    "Carry on with a session exactly where it stopped.")


@app.command(help=RESUME_HELP)
@handles_errors
def resume(ctx: typer.Context, session_id: int = typer.Argument(..., metavar=N_("ID"), help=SESSION_ID)) -> None:
    _run(ctx, session_id, resumed=True)


def _names_given(ctx: typer.Context, players: Optional[list[str]]) -> list[str]:
    """The names after --players: `-p Ana Ben` (the rest arrive as extra arguments) or `-p Ana,Ben`."""
    if ctx.args and not players:
        raise fail(_(NAMES_AFTER_PLAYERS).format(extra=" ".join(ctx.args)), code=2)
    # A blank name stays, to be refused as "empty name"; a comma list's empty pieces ('Ana,Ben,') do not.
    return [n for value in (players or []) + ctx.args for n in (value.split(",") if value.strip() else [value])
            if n.strip() or not value.strip()]


def _need_terminal(command: str) -> None:
    if not stdin_is_tty():
        typer.echo(_(ERROR_LINE).format(message=_(NEEDS_TERMINAL).format(command=command)), err=True)
        raise typer.Exit(2)


def _check_names(doc: dict[str, Any]) -> dict[str, Any]:
    """A name that starts with a prompt word (`undo`, `help`, Chinatown's `cash`) could never be typed as an answer."""
    from scorepad.play import prompt_word_in

    name = next((n for n in doc["players"] if prompt_word_in(doc, n)), None)
    if name is not None:
        raise InvalidInput(_(NAME_IS_A_WORD).format(name=name, word=prompt_word_in(doc, name)), field="players")
    return doc


def _known_names(ctx: typer.Context) -> list[str]:
    """Every person of the stored sessions, the one who played last first (what the name prompt offers)."""
    from scorepad.players import known_names

    try:
        return known_names(open_store(ctx).summaries())
    except ScorepadError:  # a database that cannot be read offers no names; playing will say what is wrong
        return []


def _ask_names(game: Game, known: Callable[[], list[str]] = list) -> list[str]:
    """The players' names, one prompt each; typing a few letters offers the names already known (`known`, read
    the first time a name is completed: not before the first prompt is drawn)."""
    from calculators.core import check_name
    from scorepad.play import prompt_word_in
    from scorepad.players import offered
    from scorepad.prompts import Aborted
    from scorepad.session import new_doc

    import threading

    prompter = make_prompter()
    names: list[str] = []
    every: list[list[str]] = []  # `known` once read (by the prompter's background read, or the first letter)
    reading = threading.Lock()

    def complete() -> list[str]:
        with reading:
            if not every:
                every.append(known())
        return offered(every[0], names)
    placeholder = new_doc(game, [f"P{n}" for n in range(1, game.players[0] + 1)], [], None)
    try:
        while len(names) < game.players[-1]:
            optional = len(names) >= game.players[0]

            def check(text: str, optional: str = optional) -> str | None:
                if not text.strip() and optional:
                    return None
                try:  # exactly what a table file's `players` refuses
                    check_name(text, names)
                except InvalidInput as refused:
                    return refused.message
                word = prompt_word_in(placeholder, text.strip())
                return _(NAME_IS_A_WORD).format(name=text.strip(), word=word) if word else None

            name = prompter.text(_(ASK_NAME_OPTIONAL if optional else ASK_NAME).format(n=len(names) + 1),
                                 validate=check, complete=complete).strip()
            if not name:
                break
            names.append(name)
    except (Aborted, KeyboardInterrupt):
        raise _stopped("\n" + _(STOPPED_BEFORE)) from None
    return names


def _run(ctx: typer.Context, session_id: int, *, resumed: bool) -> None:
    from scorepad import claims
    from scorepad.play import play as play_loop
    from scorepad.prompts import Aborted

    store = open_store(ctx)
    session = load_session(ctx, session_id)
    if resumed:
        if session.finished:
            raise ScorepadError(_(ALREADY_FINISHED).format(id=session_id))
        if not _play_claimed(store, session_id):
            typer.echo(_(LEFT_TO_OTHER).format(id=session_id))
            return
        _need_terminal("resume")  # no-op when play already checked
        echo(_(RESUMING).format(id=session_id, title=session.game.title, players=_names(session.players)))
    with claims.claimed(store, session_id):  # removed at the end, at Ctrl-C, SIGTERM and SIGHUP too
        try:
            protected = protected_files(ctx)
            play_loop(store, session_id, make_prompter(), echo,
                      write_sheet=functools.partial(_write_session_sheet, protected=protected),
                      check_sheet_path=functools.partial(_sheet_path_problem, protected=protected), resumed=resumed,
                      show_code=_show_code if stdout_is_tty() else None)
        except BaseException as error:  # Ctrl-C at a prompt or between two, SIGTERM, SIGHUP (signals.py)
            from scorepad import signals

            if not isinstance(error, (Aborted, KeyboardInterrupt)) and signals.pending() is None:
                raise
            signals.taken()  # after SIGHUP, printing the echo of the last answer may have failed: stopping still
            finished = load_session(ctx, session_id).finished  # e.g. Ctrl-C at the offer of a PDF
            raise _stopped("\n" + _(STOPPED_FINISHED if finished else STOPPED).format(id=session_id)) from None


def _play_claimed(store: Store, session_id: int) -> bool:
    """Go on with a session another live scorepad is playing? Said (who, where, since when) and asked."""
    from scorepad import claims

    others = claims.others(store.claims_folder, session_id)
    if not others:
        return True
    if stdin_is_tty():
        for claim in others:
            text = _(CLAIMED_HERE) if claim.here else _(CLAIMED_THERE)
            echo(text.format(id=session_id, pid=claim.pid, host=claim.host, since=_when(claim.since)))
    refusal = _(CLAIMED_NEEDS_TERMINAL).format(id=session_id, pid=others[0].pid, host=others[0].host)
    return _confirmed(_(PLAY_HERE_TOO), refusal=refusal)


def _when(stamp: str) -> str:
    """An ISO 8601 time as a person reads it: `2026-12-01 10:57`."""
    return stamp[:16].replace("T", " ") or UNKNOWN_DATE


UNDO_HELP = N_(
    "Take back the last answer of a session (or the edit just made).\n\nThe removed answer is asked again "
    "when the session is resumed. A finished session is reopened only after a yes (asked, or --yes). "
    "Right after `edit`, the old answer is put back and the session keeps its status.")


@app.command(help=UNDO_HELP)
@handles_errors
def undo(ctx: typer.Context, session_id: int = typer.Argument(..., metavar=N_("ID"), help=SESSION_ID),
         yes: bool = typer.Option(False, "--yes", "-y", help=N_("Reopen a finished session without asking."))) -> None:
    from scorepad import progress
    from scorepad import session as sessions

    before = load_session(ctx, session_id)
    edited = bool(before.doc.get(sessions.EDIT))  # undo right after an edit puts the old answers back, status too
    if before.doc.get(sessions.IMPORTED) and not edited:
        raise ScorepadError(_(UNDO_IMPORTED).format(id=session_id))
    if before.finished and not edited and not yes and not _confirmed(
            _(UNDO_FINISHED_ASK).format(id=session_id, title=before.game.title, players=_names(before.players)),
            refusal=_(UNDO_FINISHED_NEEDS_YES).format(id=session_id)):
        typer.echo(_(UNDO_FINISHED_KEPT).format(id=session_id))
        return

    def finished_meanwhile(doc: dict[str, Any]) -> None:
        reopens = doc.get("status") == sessions.FINISHED and not doc.get(sessions.EDIT)
        if reopens and not (yes or before.finished):
            raise ScorepadError(_(UNDO_FINISHED_NEEDS_YES).format(id=session_id))

    message, _doc = progress.undo(open_store(ctx), session_id, guided=False, check=finished_meanwhile)
    echo(message)


EDIT_HELP = N_(
    "Change one recorded answer, checked against the whole game.\n\nWithout options: a menu of everything "
    "recorded (newest first, type to filter). It prints the score lines before → after and the new "
    "standings; `undo` right after puts the old answer back.")


@app.command(help=EDIT_HELP)
@handles_errors
def edit(ctx: typer.Context, session_id: int = typer.Argument(..., metavar=N_("ID"), help=SESSION_ID),
         value: Optional[str] = typer.Argument(None, metavar=N_("[VALUE]"),
                                               help=N_("The new answer, typed as at the prompt (e.g. ww359, 'rest 4, "
                                                    "photo 3', 17).")),
         round_: Optional[int] = typer.Option(None, "--round", "-r", metavar=N_("N"),
                                              help=N_("The round (game, year) of the answer; leave out for end-of-game "
                                                   "fields.")),
         player: Optional[str] = typer.Option(None, "--player", "-p", metavar=N_("NAME"), help=N_("Whose answer.")),
         field: Optional[str] = typer.Option(None, "--field", "-f", metavar=N_("FIELD"),
                                             help=N_("The field as the table file names it (blue, businesses, money); "
                                                  "without --player, a session note (oldest, first)."))) -> None:
    from scorepad import edit as edits

    if value is None and field is None and round_ is None and player is None:
        _need_terminal("edit")
        from scorepad.prompts import Aborted

        try:
            edits.interactive(open_store(ctx), session_id, make_prompter(), echo)
        except (Aborted, KeyboardInterrupt):
            raise _stopped("\n" + _(STOPPED_NOTHING)) from None
        return
    if field is None or value is None:
        raise fail(_(EDIT_NEEDS_VALUE), code=2)
    echo(edits.edit_one(open_store(ctx), session_id, round_, player, field, value))


DELETE_HELP = N_(
    "Delete a session, keeping a copy to import.\n\nThe session is first written as a table file into the "
    "`deleted` folder beside the database; `scorepad import` of that file gives it back.")


@app.command(help=DELETE_HELP)
@handles_errors
def delete(ctx: typer.Context, session_id: int = typer.Argument(..., metavar=N_("ID"), help=SESSION_ID),
           yes: bool = typer.Option(False, "--yes", "-y", help=N_("Delete without asking."))) -> None:
    store = open_store(ctx)
    session = load_session(ctx, session_id)
    folder = store.path.parent / DELETED_FOLDER
    question = _(DELETE_ASK).format(id=session_id, title=session.game.title, players=_names(session.players),
                                 status=_(STATUS_WORDS.get(session.doc.get("status"), "{status}")).format(
                                     status=session.doc.get("status")), folder=folder)
    if not yes and not _confirmed(question, refusal=_(DELETE_NEEDS_YES).format(id=session_id)):
        typer.echo(_(DELETE_KEPT).format(id=session_id))
        return
    copy = _keep_deleted_copy(ctx, session, folder)
    try:
        store.remove(session_id)
    except BaseException:  # still stored: a copy beside it would only be a second one
        copy.unlink(missing_ok=True)
        raise
    echo(_(DELETED).format(id=session_id, path=copy))


def _keep_deleted_copy(ctx: typer.Context, session: Session, folder: Path) -> Path:
    """The session as the table file `export` writes, in a new file of `folder`; returns its path."""
    from scorepad.files import write_atomically
    from scorepad.session import now

    text = _table_file_text(session)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ScorepadError(_(CANNOT_MAKE_FOLDER).format(folder=folder, reason=error.strerror or error)) from None
    stamp = now()[:19].replace(":", "").replace("-", "")  # 20261201T101500: sorts by time, no ':' for Windows
    name = f"{session.game.slug}-{session.id}-{stamp}"
    path = folder / f"{name}.json"
    for n in range(2, 1000):  # the same id may be deleted twice in a second (ids are reused): never replace
        if not os.path.lexists(path):
            break
        path = folder / f"{name}-{n}.json"
    write_atomically(path, text.encode("utf-8"), protected=protected_files(ctx))
    return path


def _table_file_text(session: Session) -> str:
    """The table file of one session with its `session` block, as `export ID` writes it (and `delete` keeps)."""
    from scorepad.session import export_doc

    return json_text(export_doc(session), indent=2) + "\n"


def _confirmed(question: str, *, refusal: str) -> bool:
    """A yes at the terminal; without one, `refusal` (a usage error, exit 2: the command needs --yes)."""
    from scorepad.prompts import Aborted

    if not stdin_is_tty():
        raise fail(refusal, code=2)
    try:
        return make_prompter().confirm(question, default=False)
    except (Aborted, KeyboardInterrupt):
        raise _stopped("\n" + _(STOPPED_NOTHING)) from None


# --- list, show, score ----------------------------------------------------------------------------------

LIST_HELP = N_(
    "List sessions, newest first, with their leader or winner.\n\nIt reads the database's index of summaries"
    " alone, so it stays quick however many games are kept.")


@app.command("list", help=LIST_HELP)
@handles_errors
def list_(ctx: typer.Context,
          all_: bool = typer.Option(False, "--all", help=N_("Every session (without it, only the latest ones: the count is shown below the list).")),
          game: Optional[str] = typer.Option(None, "--game", "-g", metavar=N_("SLUG"), help=N_("Only this game's sessions.")),
          player: Optional[str] = typer.Option(None, "--player", metavar=N_("NAME"),
                                               help=N_("Only sessions this player played (case does not matter).")),
          status: Optional[str] = typer.Option(None, "--status", metavar="playing|finished",
                                               help=N_("Only sessions being played, or only finished ones.")),
          as_json: bool = typer.Option(False, "--json", help=N_("Print the list as JSON (the spec's shape)."))) -> None:
    if status not in (None, "playing", "finished"):
        raise fail(_(STATUS_VALUES).format(status=status), code=2)
    if game is not None:
        from scorepad.games import SLUGS, by_slug

        if game not in SLUGS:
            by_slug(game)  # an unknown slug is an error, not an empty list (a known one is not imported)
    from scorepad.store import gc_paused

    with gc_paused():  # thousands of rows and no cycle among them
        _list(ctx, all_, game, player, status, as_json)


def _list(ctx: typer.Context, all_: bool, game: str | None, player: str | None, status: str | None,
          as_json: bool) -> None:
    wanted = player.strip().casefold() if player else None
    from scorepad.summary import order

    store = open_store(ctx)
    # The latest alone read only the index files that hold them (store.latest); a filter reads every summary.
    every = all_ or game is not None or player is not None or status is not None
    summaries, count = (store.summaries(), None) if every else store.latest(LIST_LATEST)
    found = [(doc_id, summary) for doc_id, summary in summaries.items()
             if (game is None or summary.get("game") == game)
             and (status is None or summary.get("status") == status)
             and (wanted is None or wanted in (str(p).strip().casefold() for p in summary.get("players", [])))]
    found.sort(key=lambda item: order(*item), reverse=True)  # newest first
    count = len(found) if count is None else count
    shown = found if all_ else found[:LIST_LATEST]
    if as_json:
        rows = [{"id": doc_id, "game": summary.get("game"), "players": summary.get("players"),
                 "date": (summary.get("date") or "")[:10] or None, "status": summary.get("status"),
                 "leaders": summary.get("leaders", []), "winners": summary.get("winners", [])}
                for doc_id, summary in shown]
        typer.echo(json_text(rows))
        return
    if not shown:
        typer.echo(_(NO_SESSIONS) if not count and not (game or player or status) else _(NO_MATCH))
        return
    from scorepad.grid import grid

    between = pgettext("between names", ", ")
    statuses = {key: _(word) for key, word in STATUS_WORDS.items()}
    leaders: dict[tuple, str] = {}  # the same leader cell is worded once (`list --all` of 10,000 sessions)
    rows = [[doc_id, summary.get("game", "?"), between.join(map(str, summary.get("players", []))),
             (summary.get("date") or UNKNOWN_DATE)[:16].replace("T", " "),
             statuses.get(summary.get("status", "")) or str(summary.get("status", "")),
             _leader(summary, leaders)] for doc_id, summary in shown]
    # Every cell is made safe to print by grid (its cell()): the 10,000 lines of `list --all` are not looked
    # at again as echo() would.
    # The Date column reads as text even when it holds only "—" (games imported without a date).
    typer.echo(_bidi(grid([heading() for heading in LIST_HEADINGS], rows, indent="", text=(3,)), sys.stdout))
    if len(shown) < count:
        typer.echo(_(MORE_SESSIONS).format(shown=len(shown), count=count))


def _leader(summary: dict[str, Any], memo: dict[tuple, str] | None = None) -> str:
    """The list's last column, from a session's summary alone (store.py's index; scorepad/summary.py): the game's
    word for a round and how its figures print are in the summary, so `list` imports no game module. `memo`:
    cells worded already in this listing, by what they depend on."""
    if summary.get("damaged"):
        return "?"
    totals, leaders = summary.get("totals"), summary.get("leaders")
    if not totals or not leaders:
        return "—"
    key = (tuple(leaders), totals.get(leaders[0]), summary.get("status"), len(totals) == 1, summary.get("private"),
           summary.get("round_word"), summary.get("complete"), summary.get("in_rounds"), summary.get("figure"),
           summary.get("game"))
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _leader_text(summary)
        if memo is not None:
            memo[key] = found
    return found


def _leader_text(summary: dict[str, Any]) -> str:
    totals = summary["totals"]
    label = summary.get("round_word", "Round")
    complete = summary.get("complete", 0)
    if summary.get("private"):
        return _(_by_label(LEADER_PRIVATE, label)).format(n=complete)
    from scorepad.words import names_text, won_by

    leaders = summary["leaders"]
    names = names_text(leaders)
    top = _figure(summary)(totals[leaders[0]])  # a minus sign, as every other figure prints
    finished = summary.get("status") == "finished"
    if finished and len(totals) == 1:  # a solo game: a score, not a win
        return _(LEADER_SCORE).format(names=names, total=top)
    if finished:
        return won_by(leaders, top)
    if not summary.get("in_rounds", True):
        return _(LEADER_SCORE).format(names=names, total=top)
    return _(_by_label(LEADER_AFTER, label)).format(names=names, total=top, n=complete)


def _figure(summary: dict[str, Any]) -> Callable[[int], str]:
    """How the summary's game prints a score (summary.FIGURES): money for Chinatown, else a number with a real
    minus sign; a game with a way of its own is asked (its module imported)."""
    figure = summary.get("figure")
    if figure == "money":
        from scorepad.words import money

        return money
    if figure is not None:
        from scorepad.games import by_slug

        return by_slug(summary["game"]).figure or _number
    return _number


def _number(value: int) -> str:
    from scorepad.words import number

    return number(value)


def _nothing_to_score(session: Session) -> str:
    if session.game.default_rounds is None:
        return _(NOT_SCORED_YET).format(id=session.id)
    return _(_by_label(NO_COMPLETE_ROUND, session.game.label_key_for(session.variants))).format(id=session.id)


def _by_label(sentences: dict[str, str], label: str) -> str:
    """The sentence for a game's word for a round; a word we have no sentence for reads as a round."""
    return sentences.get(label, sentences["Round"])


SHOW_HELP = N_(
    "Show all a session recorded, with breakdowns.")


@app.command(help=SHOW_HELP)
@handles_errors
def show(ctx: typer.Context, session_id: int = typer.Argument(..., metavar=N_("ID"), help=SESSION_ID)) -> None:
    session = load_session(ctx, session_id)
    from scorepad.words import variants_text

    game = session.game
    echo(_(SHOW_TITLE).format(id=session_id, title=_(game.title), players=_names(session.players)))
    parts = [_(SHOW_STARTED).format(date=_when(session.date)) if session.date else _(SHOW_UNKNOWN_DATE),
             _(STATUS_WORDS.get(session.doc.get("status"), "{status}")).format(status=session.doc.get("status")),
             _(SHOW_VARIANTS).format(variants=variants_text(session.variants)) if session.variants
             else variants_text(())]
    if session.modules:
        parts.append(_(SHOW_MODULES).format(modules=", ".join(session.modules)))
    label, planned = game.label_key_for(session.variants), session.rounds_planned
    parts.append(_(SHOW_PLANNED).format(rounds=plural(_by_label(ROUND_COUNTS, label), planned).format(n=planned))
                 if planned else _(SHOW_NO_ROUNDS))
    echo(_(SHOW_SEPARATOR).join(parts))
    echo("")
    echo(session.game.report(session))


SCORE_HELP = N_(
    "Score a session or a table file.\n\nStandings, each player's breakdown and the winners; --json prints "
    "the table format's result.")


@app.command(help=SCORE_HELP)
@handles_errors
def score(ctx: typer.Context,
          session_id: Optional[int] = typer.Argument(None, metavar=N_("[ID]"), help=N_("A stored session.")),
          table: Optional[Path] = typer.Option(None, "--table", "-t", metavar=N_("FILE"),
                                               help=N_("Score a table file without touching the database.")),
          as_json: bool = typer.Option(False, "--json", help=N_("Print the result as JSON (the spec's shape)."))) -> None:
    from scorepad.grid import standings_text

    if (session_id is None) == (table is None):
        raise fail(_(ID_OR_TABLE), code=2)
    if table is not None:
        from scorepad.games import of_table
        from scorepad.session import load_table_file, score_table

        raw = load_table_file(table)
        game = of_table(raw)
        result = score_table(raw, game)
        note = "" if result.finished else f"{_(IN_PROGRESS)}\n"
    else:
        session = load_session(ctx, session_id)
        if not session.scorable():
            raise ScorepadError(_nothing_to_score(session))
        if session.game.private(session):
            raise ScorepadError(_(PRIVATE_TOTALS).format(id=session_id, title=session.game.title))
        complete = session.complete_rounds()
        result, game = session.score_so_far(complete), session.game
        note = "" if session.finished else _(SCORE_IN_PROGRESS).format(n=complete, of=session.rounds_planned) + "\n"
    if as_json:
        typer.echo(json_text(result.to_json(), indent=2))
        return
    from scorepad.words import variants_text

    variants = variants_text(result.variants)
    echo(_(SCORE_TITLE).format(title=_(game.title), variants=variants) + f"\n{note}")
    echo(standings_text(result, game, finished=not note))


# --- export, import -------------------------------------------------------------------------------------

EXPORT_HELP = N_(
    "Write a session as a table file, or finished games for other programs.\n\nWith --all: every session (a "
    "backup). The table file holds the whole game: the table that `score --table` reads, and the session's "
    "every answer, so that `import` gives back the same session, in progress or finished. --format csv (for "
    "spreadsheets) and bgstats (a file BG Stats imports) write finished games, --all every finished one; "
    "bgstats-url prints the link that adds one game to BG Stats on a phone.")
QR_HELP = N_("With --format bgstats-url: draw the link as a QR code in the terminal, for a phone to scan.")
QR_ONLY = N_("--qr draws one game's link in the terminal: scorepad export ID --format bgstats-url --qr")
# TRANSLATORS: under the QR code drawn in the terminal at the end of a game or by `export --qr`.
CODE_CAPTION = N_("Scan it with a phone that has BG Stats: the play opens there, ready to save. The link: "
                  "scorepad export {id} --format bgstats-url")
# TRANSLATORS: instead of the QR code when the terminal is too narrow; {needed} and {columns} are numbers.
CODE_TOO_NARROW = N_("The QR code needs a terminal {needed} columns wide (this one has {columns}): widen it and run "
                     "scorepad export {id} --format bgstats-url --qr")
FORMAT_HELP = N_("table (default), csv, bgstats or bgstats-url.")
FORMATS = ("table", "csv", "bgstats", "bgstats-url")
UNKNOWN_FORMAT = N_("--format takes table, csv, bgstats or bgstats-url, not {format!r}")
URL_NEEDS_ONE = N_("--format bgstats-url is the link of one game: give its session ID, not --all")
# TRANSLATORS: {format} is csv, bgstats or bgstats-url (kept as typed).
NOT_FINISHED_EXPORT = N_("session {id} is not finished: --format {format} writes finished games only "
                         "(carry on with: scorepad resume {id})")


@app.command(help=EXPORT_HELP)
@handles_errors
def export(ctx: typer.Context,
           session_id: Optional[int] = typer.Argument(None, metavar=N_("[ID]"), help=SESSION_ID),
           every: bool = typer.Option(False, "--all", help=N_("Every session, one table file a line (JSON Lines).")),
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar=N_("FILE"),
                                                 help=N_("Write here instead of to stdout.")),
           force: bool = typer.Option(False, "--force", help=FORCE_HELP),
           format: str = typer.Option("table", "--format", "-f", metavar=N_("FORMAT"), help=FORMAT_HELP,
                                      show_default=False),
           code: bool = typer.Option(False, "--qr", help=QR_HELP)) -> None:
    from scorepad.games import session_of
    from scorepad.session import export_doc

    if (session_id is None) == (not every):
        raise fail(_(ID_OR_ALL), code=2)
    if format not in FORMATS:
        raise fail(_(UNKNOWN_FORMAT).format(format=format), code=2)
    if code and (format != "bgstats-url" or output is not None or session_id is None):
        raise fail(_(QR_ONLY), code=2)
    if code:
        session = load_session(ctx, session_id)
        if not session.finished:
            raise ScorepadError(_(NOT_FINISHED_EXPORT).format(id=session_id, format=format))
        _show_code(session)
        return
    if format != "table":
        _export_plays(ctx, session_id, format, output, force)
        return
    if every:
        text = "".join(json_text(export_doc(session_of(doc, doc_id))) + "\n"
                       for doc_id, doc in open_store(ctx).all())
    else:
        text = _table_file_text(load_session(ctx, session_id))
    if output is None:
        typer.echo(text, nl=False)
    else:
        from scorepad.files import TABLE, write_file

        write_file(output, text.encode("utf-8"), TABLE, force=force, protected=protected_files(ctx))
        echo(_(WROTE).format(path=output), err=True)


def _export_plays(ctx: typer.Context, session_id: Optional[int], format: str, output: Optional[Path],
                  force: bool) -> None:
    """`export --format csv|bgstats|bgstats-url`: finished games for spreadsheets and BG Stats (scorepad/exports.py)."""
    from scorepad import exports
    from scorepad.games import session_of

    if format == "bgstats-url" and session_id is None:
        raise fail(_(URL_NEEDS_ONE), code=2)
    if session_id is not None:
        session = load_session(ctx, session_id)
        if not session.finished:
            raise ScorepadError(_(NOT_FINISHED_EXPORT).format(id=session_id, format=format))
        plays = [exports.play_of(session)]
    elif format == "csv":  # from the index alone: the summaries hold every finished session's totals and ranks
        from scorepad import history

        plays = history.played(open_store(ctx), facts=False)
    else:
        from scorepad.summary import order

        store = open_store(ctx)
        summaries = store.summaries()
        finished = {doc_id for doc_id, summary in summaries.items()
                    if summary.get("status") == "finished" and not summary.get("damaged")}
        docs = {doc_id: doc for doc_id, doc in store.all() if doc_id in finished}  # read in one pass
        plays = [exports.play_of(session_of(docs[doc_id], doc_id), summaries[doc_id])
                 for doc_id in sorted(docs, key=lambda doc_id: order(doc_id, summaries[doc_id]))]
    if format == "csv":
        text = exports.csv_text(plays)
    elif format == "bgstats":
        text = json_text(exports.bgstats_doc(plays), separators=(",", ":")) + "\n"  # one line, as the app writes
    else:
        text = exports.push_url(plays[0]) + "\n"
    if output is None:
        typer.echo(text, nl=False)
    else:
        from scorepad.files import write_file

        write_file(output, text.encode("utf-8"), exports.kind(format), force=force, protected=protected_files(ctx))
        echo(_(WROTE).format(path=output), err=True)


IMPORT_HELP = N_(
    "Store table files as sessions, all or none; prints each new id, one a line.\n\nA file holds a table "
    "file, a JSON array of them, or JSON Lines (what `export --all` writes).")


@app.command("import", help=IMPORT_HELP)
@handles_errors
def import_(ctx: typer.Context,
            files: list[Path] = typer.Argument(..., metavar=N_("FILE…"), help=N_("Table files (or arrays, JSON Lines).")),
            again: bool = typer.Option(False, "--again", help=N_("Store a copy of a game that is stored already."))
            ) -> None:
    from scorepad import session as sessions
    from scorepad.games import of_table

    store = open_store(ctx)
    # Marks of what this import has stored so far, each with where it came from: a game given twice by two
    # files is refused. The items of one file are not compared with each other: a backup holds the copies
    # that --again made.
    seen: dict[str, tuple[str, int]] = {}

    def docs() -> Iterator[dict[str, Any]]:
        """Each table made a session, one at a time, under the store's lock (store.insert_many): a game
        stored already is refused by the store's index of identities, which reads only these marks' files."""
        for number, path in enumerate(files):
            for where, table in sessions.load_table_files(path):
                label = "" if len(files) == 1 and where is None else f"{path}{' ' + where if where else ''}"

                def refused(reason: Any, label: str = label) -> ScorepadError:
                    return ScorepadError(_(IN_FILE).format(where=label, reason=reason) if label else str(reason))

                try:
                    doc = sessions.doc_from_file(table, of_table(table))
                except (InvalidInput, ScorepadError) as error:
                    raise refused(error) from None
                if not again:
                    marks = sessions.identities(doc)
                    stored = store.find(marks)
                    if stored:
                        raise refused(_(ALREADY_STORED).format(id=next(iter(stored.values()))))
                    earlier = next((seen[mark] for mark in marks if mark in seen and seen[mark][1] != number), None)
                    if earlier is not None:
                        raise refused(_(SAME_GAME).format(where=earlier[0]))
                    for mark in marks:
                        seen.setdefault(mark, (label or _(AN_EARLIER_ONE), number))
                yield doc

    for doc_id in store.insert_many(docs()):
        typer.echo(doc_id)


# --- sheets ---------------------------------------------------------------------------------------------

SHEET_HELP = N_(
    "Write a PDF score sheet, blank or filled.\n\nA blank pad to print before a game (GAME --blank), or the "
    "filled sheet of a session (ID) or of a table file (--table FILE).")


@app.command(help=SHEET_HELP, context_settings={"allow_extra_args": True})
@handles_errors
def sheet(ctx: typer.Context,
          target: Optional[str] = typer.Argument(None, metavar=N_("[ID | GAME]"),
                                                 help=N_("A session id, or a game's slug with --blank.")),
          blank: bool = typer.Option(False, "--blank", help=N_("A blank pad to print before a game.")),
          players: Optional[list[str]] = typer.Option(None, "--players", "-p", metavar=N_("NAME NAME… | N"),
                                                      help=BLANK_PLAYERS),
          rounds: Optional[int] = typer.Option(None, "--rounds", "-r", metavar=N_("N"),
                                                     help=N_("Rounds (games) on a blank pad.")),
          variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", metavar=N_("NAME"),
                                                            help=N_("A variant for a blank pad.")),
          table: Optional[Path] = typer.Option(None, "--table", "-t", metavar=N_("FILE"), help=N_("Fill from a table file.")),
          output: Optional[Path] = typer.Option(None, "--output", "-o", metavar=N_("FILE"), help=N_("The PDF to write.")),
          force: bool = typer.Option(False, "--force", help=FORCE_HELP)) -> None:
    if blank:
        if target is None or table is not None:
            raise fail(_(BLANK_NEEDS_GAME), code=2)
        from calculators.core import check_players, check_variants
        from scorepad.games import by_slug
        from scorepad.session import check_options, planned_rounds

        game = by_slug(target)
        names = _names_given(ctx, players)
        if len(names) == 1 and names[0].strip().isdecimal() and names[0].strip().isascii():
            count, names = int(names[0]), []  # `--players 3`: three columns with no name, to write in
            if count not in game.players:
                raise InvalidInput(plural(BLANK_COUNT, count).format(count=count, title=_(game.title),
                                                                     counts=game.player_counts()), field="players")
        else:  # the names on the pad follow the rules of a game's names (trimmed, unique ignoring case, …)
            names = list(check_players(names, game.players)) if names else []
            count = len(names) or game.usual_table()
        chosen = check_variants(variant or [], game.variants)
        path = output or Path(f"{game.slug}-blank.pdf")
        data = game.sheet(None, players=names or [""] * count, rounds=rounds or planned_rounds(game, chosen) or 1,
                          variants=chosen)  # first: a game's own refusal of a pad says more
        check_options(game, chosen, rounds)  # the round count a game with these variants takes, as `play` does
        if names:
            data.setdefault("fields", {})["players"] = ", ".join(names)
        echo(_(WROTE).format(path=_render(game, data, path, force=force, protected=protected_files(ctx))))
        return
    if players or rounds or variant:
        raise fail(_(BLANK_ONLY), code=2)
    if ctx.args:
        raise fail(_(UNEXPECTED).format(extra=" ".join(ctx.args)), code=2)
    if table is not None:
        if target is not None:
            raise fail(_(ID_AND_TABLE), code=2)
        from scorepad.games import of_table
        from scorepad.session import Session, doc_from_session, doc_from_table, load_table_file, score_table

        raw = load_table_file(table)
        game = of_table(raw)
        if "session" in raw:  # a game in progress prints as one, as `sheet ID` does
            session = Session(doc_from_session(raw, game), game)
            path = str(output or table.with_suffix(".pdf"))
            written = _write_session_sheet(session, path, force=force, protected=protected_files(ctx, table),
                                           mine=True)
            echo(_(WROTE).format(path=written))
            return
        result = score_table(raw, game)
        data = game.sheet(result, players=[s.strip() for s in raw["players"]])
        data["qr"] = _bgstats_code(Session(doc_from_table(raw, game), game))  # a table file is a finished game
        path = output or table.with_suffix(".pdf")
        echo(_(WROTE).format(path=_render(game, data, path, force=force, protected=protected_files(ctx, table))))
        return
    if target is None or not target.isdigit():
        raise fail(_(SHEET_WHAT), code=2)
    session = load_session(ctx, int(target))
    path = str(output or f"{session.game.slug}-{target}.pdf")
    echo(_(WROTE).format(path=_write_session_sheet(session, path, force=force, protected=protected_files(ctx))))


def _write_session_sheet(session: Session, path: str, *, force: bool = False, protected: Iterable[Any] = (),
                         mine: bool = False) -> str:
    """The sheet of a session; `mine`: of a table file, whose reader holds every figure already (no private cash)."""
    if not session.scorable():
        raise ScorepadError(_nothing_to_score(session))
    if session.game.private(session) and not mine:
        raise ScorepadError(_(PRIVATE_TOTALS).format(id=session.id, title=session.game.title))
    data = session.game.sheet(session.score_so_far(session.complete_rounds()), players=session.players,
                              date=(session.date or "")[:10])
    if session.finished:
        data["qr"] = _bgstats_code(session)
    else:  # the leader of a game still being played has not won (yet)
        data.setdefault("fields", {})["winner"] = _(SHEET_IN_PROGRESS)
        for instances in data.get("grids", {}).values():
            for instance in instances:
                for row in instance.get("rows", []):
                    row["mark"] = False
    return _render(session.game, data, Path(path), force=force, protected=protected)


def _show_code(session: Session) -> None:
    """BG Stats' push link of a finished session as a QR code in the terminal (scorepad.qr: black on white, in
    half blocks), or, where the terminal is too narrow for it, one line saying so."""
    import shutil

    from scorepad import exports, qr

    matrix = qr.modules(exports.push_url(exports.play_of(session)))
    columns = shutil.get_terminal_size((80, 24)).columns
    if qr.width(matrix) > columns and sys.stdout.isatty():  # into a file or a pipe: the picture whole
        echo(_(CODE_TOO_NARROW).format(needed=qr.width(matrix), columns=columns, id=session.id))
        return
    typer.echo("\n".join(qr.lines(matrix, colour=sys.stdout.isatty())))  # our own escapes: black on white
    echo(_(CODE_CAPTION).format(id=session.id))


# TRANSLATORS: under the QR code in a corner of a finished game's score sheet (a few words: it is printed small).
QR_CAPTION = N_("Scan to add this play to BG Stats")


def _bgstats_code(session: Session) -> dict[str, Any]:
    """The sheet's QR code of BG Stats' push link (modules for sheets.py to draw) and its caption."""
    from scorepad import exports, qr

    # the app's name is never split over two lines of the narrow caption
    caption = _(QR_CAPTION).replace("BG Stats", "BG\u00a0Stats")
    return {"modules": qr.modules(exports.push_url(exports.play_of(session))), "caption": caption}


def _sheet_path_problem(path: str, *, protected: Iterable[Any]) -> str | None:
    """Why `sheet -o PATH` would refuse PATH (the end-of-game prompt asks again), or None."""
    from scorepad.files import PDF, Refused, check_target

    try:
        check_target(Path(path), PDF, protected=protected)
    except Refused as refused:
        return refused.reason  # a prompt has no --force: the reason alone, and another name is asked
    return None


def _render(game: Game, data: dict, path: Path, *, force: bool, protected: Iterable[Any]) -> str:
    import io

    from scorepad import sheets  # reportlab: only this command pays for it
    from scorepad.files import PDF, check_target, write_atomically

    protected = list(protected)
    check_target(path, PDF, force=force, protected=protected)  # before drawing: a refusal comes at once
    pdf = io.BytesIO()
    warnings = sheets.render(sheets.load_template(game.template), data, pdf)  # e.g. a character no font has
    write_atomically(path, pdf.getvalue(), protected=protected)
    for warning in warnings:
        echo(_(WARNING_LINE).format(message=warning), err=True)
    return str(path)


# --- players (issue 12, point 3) ------------------------------------------------------------------------

PLAYERS_HELP = N_(
    "Everyone who has played, across every stored session, the latest first.\n\n"
    "For each: their finished sessions and those being played, the games they finished, the day they last "
    "played and their latest sessions. A player is the same person whatever the case and spaces of the name "
    "(Ana = ana); the name shown is the spelling of their most recent finished game.\n\n"
    "--json prints a list, one object per person:\n\n"
    "\b\n"
    '{"name": "Ana", "finished": 12, "playing": 1, "games": {"lost-cities": 10, "chinatown": 2},\n'
    ' "last_played": "2026-11-29", "latest": [31, 30, 27]}\n\n'
    "`finished` and `playing` count sessions; `games` counts finished sessions per game slug (as stats does); "
    "`last_played` (`YYYY-MM-DD`, or `null` when unknown) and `latest` (session ids, newest first, at most 3) take "
    "games in progress too. Every session of a player: scorepad list --player NAME.")
PLAYERS_JSON_HELP = N_("Print the list as JSON (the shape above).")
PLAYERS_HEADINGS = (N_("Player"), N_("Finished"), N_("Playing"), N_("Last played"), N_("Latest sessions"))
# The `players` table has a column per game someone finished, in the games' order, headed by a short name (the
# table fits 100 columns with the five games and counts in the thousands); a line under it says which is which.
PLAYERS_GAME_HEADINGS = {
    # TRANSLATORS: a column heading of `scorepad players`: finished Lost Cities sessions. Two to six characters
    # (an abbreviation is fine: the line under the table gives the whole title).
    "lost-cities": lambda: pgettext("players column", "LC"),
    # TRANSLATORS: a column heading of `scorepad players`: finished Next Station: London sessions (short).
    "next-station-london": lambda: pgettext("players column", "NSL"),
    # TRANSLATORS: a column heading of `scorepad players`: finished London (first edition, 2010) sessions (short).
    "london-1e": lambda: pgettext("players column", "L1"),
    # TRANSLATORS: a column heading of `scorepad players`: finished London (second edition, 2017) sessions (short).
    "london-2e": lambda: pgettext("players column", "L2"),
    # TRANSLATORS: a column heading of `scorepad players`: finished Chinatown sessions (short).
    "chinatown": lambda: pgettext("players column", "CT"),
}
# TRANSLATORS: under the `players` table, one for each game column: {short} is its heading, {title} the game.
PLAYERS_GAME_KEY = N_("{short} = {title}")
PLAYERS_KEY_WIDTH = 100  # the line naming the game columns wraps before this many columns
# TRANSLATORS: under the `players` table; `scorepad list --player NAME` is a command, kept as written.
PLAYERS_FOOTER = N_("Every session of a player: scorepad list --player NAME")
RENAME_HELP = N_(
    "Rename a player in every stored session, or merge two spellings of one (ANA and Ana): every session whose "
    "players include OLD (whatever its case and spaces) then names NEW, wherever the game keeps a name (the "
    "players, every answer, who was oldest or paid whom). Nothing is changed if a session has both OLD and NEW as "
    "two different players. Each session is rewritten whole, one at a time: if the command is stopped, run it "
    "again to finish.")
OLD_METAVAR, NEW_METAVAR = N_("OLD"), N_("NEW")
OLD_HELP = N_("The name as the sessions have it (case and spaces do not matter).")
NEW_HELP = N_("The name it becomes.")
RENAMED = NP_("Renamed {old} to {new} in {count} session.", "Renamed {old} to {new} in {count} sessions.")
NOTHING_TO_RENAME = N_("Every session already names {old} as {new}; nothing was changed.")
# TRANSLATORS: Ctrl-C (or a stopping signal) during `players rename`.
STOPPED_RENAMING = NP_("Stopped: {done} of {count} session renamed, each session whole; run the same command again "
                       "to finish.",
                       "Stopped: {done} of {count} sessions renamed, each session whole; run the same command again "
                       "to finish.")

players_app = typer.Typer(help=PLAYERS_HELP, rich_markup_mode=None, add_completion=False)
app.add_typer(players_app, name="players")


@players_app.callback(invoke_without_command=True)
@handles_errors
def players(ctx: typer.Context,
            as_json: bool = typer.Option(False, "--json", help=PLAYERS_JSON_HELP)) -> None:
    if ctx.invoked_subcommand is not None:
        return
    from scorepad.players import people

    found = people(open_store(ctx).summaries())
    if as_json:
        typer.echo(json_text(found))
        return
    if not found:
        typer.echo(_(NO_SESSIONS))
        return
    from scorepad.games import SLUGS
    from scorepad.grid import grid

    between = pgettext("between names", ", ")
    played = {slug for person in found for slug in person["games"]}
    games = [slug for slug in SLUGS if slug in played] + sorted(played.difference(SLUGS))  # the same on every row
    player, finished, playing, last, latest = (_(heading) for heading in PLAYERS_HEADINGS)
    headings = [player, finished, playing, *(PLAYERS_GAME_HEADINGS.get(slug, lambda s=slug: s)() for slug in games),
                last, latest]
    rows = [[person["name"], person["finished"], person["playing"],
             *(person["games"].get(slug) or "—" for slug in games),
             person["last_played"] or UNKNOWN_DATE,
             between.join(map(str, person["latest"])) + ("…" if person["finished"] + person["playing"]
                                                         > len(person["latest"]) else "")]
            for person in found]
    echo(grid(headings, rows, indent="", text=(len(headings) - 2, len(headings) - 1)))
    if games:  # nobody has finished a game yet: no game column to name
        echo(_players_key(games, headings[3:3 + len(games)]))
    typer.echo(_(PLAYERS_FOOTER))


def _players_key(games: list[str], headings: list[str]) -> str:
    """The lines under `players` naming each game column ("LC = Lost Cities"), wrapped before PLAYERS_KEY_WIDTH.
    The titles import the modules of the games shown (some 30 ms for all five), only for `players`."""
    from scorepad.games import SLUGS, by_slug
    from scorepad.grid import width

    items = [_(PLAYERS_GAME_KEY).format(short=heading, title=_(by_slug(slug).title))
             for slug, heading in zip(games, headings) if slug in SLUGS]
    lines: list[str] = []
    for item in items:
        if lines and width(lines[-1] + "   " + item) < PLAYERS_KEY_WIDTH:  # spaces: a title may hold a comma
            lines[-1] += "   " + item
        else:
            lines.append(item)
    return "\n".join(lines)


@players_app.command("rename", help=RENAME_HELP)
@handles_errors
def players_rename(ctx: typer.Context,
                   old: str = typer.Argument(..., metavar=OLD_METAVAR, help=OLD_HELP),
                   new: str = typer.Argument(..., metavar=NEW_METAVAR, help=NEW_HELP)) -> None:
    from calculators.core import check_name
    from scorepad import players as people

    if not old.strip():  # no session has a player of no name ("no player  in any session" said nothing)
        raise InvalidInput("name.empty", field=_(OLD_METAVAR))
    try:  # the spec's rules for a name: trimmed, printable, at most 40 characters
        new = check_name(new)
    except InvalidInput as error:  # named as the argument, not as a table file's `players`
        raise InvalidInput(error.code, **error.values, field=_(NEW_METAVAR)) from None
    store = open_store(ctx)
    ids = people.plan(store, old, new)
    if not ids:
        echo(_(NOTHING_TO_RENAME).format(old=old.strip(), new=new))
        return
    done: list[int] = []
    try:
        changed = people.rename(store, ids, old, new, done=done.append)
    except KeyboardInterrupt:  # each session is whole (Store.update): the rest waits for the same command again
        raise _stopped("\n" + plural(STOPPED_RENAMING, len(ids)).format(done=len(done), count=len(ids))) from None
    echo(plural(RENAMED, changed).format(old=old.strip(), new=new, count=changed))


# --- stats ----------------------------------------------------------------------------------------------

STATS_HELP = N_(
    "Statistics of the finished games.\n\nPer game: each player's sessions, wins, win rate, mean, best and worst; "
    "head to head; records; and the game's own figures. A player is the same across sessions when the names match "
    "ignoring case and spaces around them; the name shown is the latest spelling. It reads the database's index "
    "alone.")
STATS_GAME_HELP = N_("Only this game's sessions.")
STATS_PLAYER_HELP = N_("Only this player's sessions and figures (case does not matter).")
STATS_SINCE_HELP = N_("Only sessions played on or after this day (YYYY-MM-DD); sessions of unknown date are left "
                     "out.")
STATS_JSON_HELP = N_("Print the statistics as JSON (the spec's shape).")
STATS_PDF_HELP = N_("Write the statistics as a PDF report instead, with charts: a page for each game.")
# TRANSLATORS: --pdf and --json are options, kept as they are.
PDF_OR_JSON = N_("--pdf writes a PDF and --json prints JSON: give one of them")
# TRANSLATORS: `stats --pdf FILE` when no finished session matches; {path} is the FILE.
NOTHING_TO_REPORT = N_("no finished session to put in the report: {path} is not written")
# TRANSLATORS: --since and YYYY-MM-DD are kept as they are; {given} is what was typed.
BAD_SINCE = N_("--since takes a day as YYYY-MM-DD (e.g. 2026-11-29), not {given!r}")
# TRANSLATORS: a day typed in another calendar (a Persian 1405-09-10, a Hijri 1448-06-10) reads as a Gregorian
# year centuries ago and would count every game: say that --since takes the Gregorian (Western) calendar's day.
# {given!r} is what was typed, {year} its year read as Gregorian.
SINCE_CALENDAR = N_("--since takes a day of the Gregorian calendar (YYYY-MM-DD, e.g. 2026-11-29): {given!r} would be "
                    "the year {year}")
# Before it, a --since day is another calendar's (the Persian year was 1405 and the Hijri 1448 in 2026): the
# oldest game scorepad scores, Lost Cities, was published in 1999, so no session played on a pad is older.
SINCE_EARLIEST_YEAR = 1900
# TRANSLATORS: {name} is the name asked for; `scorepad list` is a command, kept as it is.
UNKNOWN_STATS_PLAYER = N_("no player {name!r} in the database (scorepad list shows who played)")


def _since(given: Optional[str]) -> Optional[str]:
    """--since as the day it names (YYYY-MM-DD, Persian or Arabic digits too), or a usage error."""
    if given is None:
        return None
    import datetime

    from scorepad.i18n import western_digits

    day = western_digits(given.strip())
    try:
        found = datetime.date.fromisoformat(day) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", day, re.ASCII) else None
    except ValueError:
        found = None
    if found is None:
        raise fail(_(BAD_SINCE).format(given=given), code=2)
    if found.year < SINCE_EARLIEST_YEAR:
        raise fail(_(SINCE_CALENDAR).format(given=given.strip(), year=found.year), code=2)
    return found.isoformat()


@app.command(help=STATS_HELP)
@handles_errors
def stats(ctx: typer.Context,
          game: Optional[str] = typer.Option(None, "--game", "-g", metavar=N_("SLUG"), help=STATS_GAME_HELP),
          player: Optional[str] = typer.Option(None, "--player", metavar=N_("NAME"), help=STATS_PLAYER_HELP),
          since: Optional[str] = typer.Option(None, "--since", metavar=N_("DATE"), help=STATS_SINCE_HELP),
          as_json: bool = typer.Option(False, "--json", help=STATS_JSON_HELP),
          pdf: Optional[Path] = typer.Option(None, "--pdf", metavar=N_("FILE"), help=STATS_PDF_HELP),
          force: bool = typer.Option(False, "--force", help=FORCE_HELP)) -> None:
    if pdf is not None and as_json:
        raise fail(_(PDF_OR_JSON), code=2)
    day = _since(since)
    if game is not None:
        from scorepad.games import by_slug

        by_slug(game)  # an unknown slug is an error, as `list` says it
    from scorepad import history

    store = open_store(ctx)
    if pdf is not None:
        echo(_(WROTE).format(path=_stats_pdf(store, pdf, game=game, player=player, since=day, force=force)))
        return
    # Without --since, from what the store keeps of each index file (history.stats_of: after a game, only the
    # file it changed is read again); with it, or when the store cannot vouch for that this instant, from the
    # summaries.
    kept = history.stats_of(store, game=game, player=player, figures=not as_json) if day is None else None
    if kept is not None:
        result, names = kept
        anything = bool(names)
    else:
        everything = history.played(store, facts=not as_json)  # the JSON has none of the games' own figures
        names, anything = history.people(everything), bool(everything)
        found = history.select(everything, game=game, player=player, since=day)
        result = history.stats(found, names=names, player=player, figures=not as_json)
    _check_player_known(store, player, names)
    if as_json:
        typer.echo(json_text(history.as_json(result)))
        return
    if not result["sessions"]:
        from scorepad.stats import NO_MATCH, NOTHING_YET

        typer.echo(_(NOTHING_YET) if not anything and not (game or player or since) else _(NO_MATCH))
        return
    from scorepad.stats import text

    echo(text(result))


def _check_player_known(store: Any, player: Optional[str], names: dict[str, str]) -> None:
    """`stats --player NAME` (and --pdf) of a name no session has: an error. `names` are the people of the finished
    sessions; a player of games still being played is known too (nothing of theirs is finished yet)."""
    from scorepad import history

    if player is None or history.key(player) in names:
        return
    known = {history.key(name) for summary in store.summaries().values() for name in summary.get("players", [])}
    if history.key(player) not in known:
        from scorepad.words import quoted

        raise fail(_(UNKNOWN_STATS_PLAYER).format(name=quoted(player.strip())))


def _stats_pdf(store: Any, path: Path, *, game: Optional[str], player: Optional[str], since: Optional[str],
               force: bool) -> str:
    """`stats --pdf`: the report of the sessions the filters choose, written as `sheet -o` writes a sheet (never
    over the database, over a file of another kind only with --force, whole or not at all). The charts need every
    session in order, so it reads the summaries (not what `stats` keeps of them) and none of the games' facts."""
    import io

    from scorepad import history
    from scorepad.files import PDF, check_target, write_atomically

    protected = protected_files_of(store.path)
    check_target(path, PDF, force=force, protected=protected)  # a refusal before the history is read
    everything = history.played(store, facts=False)
    names = history.people(everything)
    _check_player_known(store, player, names)
    found = history.select(everything, game=game, player=player, since=since)
    if not found:
        raise fail(_(NOTHING_TO_REPORT).format(path=path))
    from scorepad import report, sheets  # reportlab: only --pdf pays for it

    pdf = io.BytesIO()
    warnings = sheets.render_report(report.build(found, names=names, player=player, since=since), pdf)
    write_atomically(path, pdf.getvalue(), protected=protected)
    for warning in warnings:
        echo(_(WARNING_LINE).format(message=warning), err=True)
    return str(path)
