"""The root of the command line: the typer app, the language a run speaks (chosen before click parses anything,
so that help and usage errors speak it too), click's own words in that language, and `main`, the `scorepad`
command. The commands are registered on `app` by the modules scorepad/cli/__init__.py imports."""

import importlib
import os
import re
import sys
from pathlib import Path
from typing import Any, Optional

import typer
import typer.core

from calculators.core import excerpt
import scorepad
from scorepad import __version__, grid, i18n
from scorepad.grid import width, wrap_line
from scorepad.cli import signals
from scorepad.cli import output
from scorepad.cli.output import ERROR_LINE
from scorepad.i18n import N_, _

HELP = N_("A scoring companion and score pad for board games at a real table.")

# --- the language: --lang, help texts, typer's own words ----------------------------------------------------

LANG_HELP = N_("The language: fa (فارسی), ar (العربية), zh-Hant (繁體中文), ru (Русский) or en (default: "
               "$SCOREPAD_LANG, else the language a session was started in, else the system locale, else English).")
BIDI_HELP = N_("Put right-to-left text in display order, for a terminal that does not (never for --json or "
               "when the output is not a terminal).")
UNKNOWN_LANGUAGE = N_("unknown language {given!r} for {where} (choose one of: {languages})")
# typer's and click's own words (they print them in English; typer/_click has no catalogue of its own).
USAGE = N_("Usage: ")
TRY_HELP = N_("Try '{command} --help' for help.")
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")
HEADINGS = (N_("Options"), N_("Commands"), N_("Arguments"))
# TRANSLATORS: a heading of --help ("Options:"); write the colon as your language does (Chinese ：).
HEADING = N_("{heading}:")
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
            # What was typed, as an error quotes it (core.excerpt): an argument may be 100,000 characters long.
            values = {k: excerpt(v) if k in ("name", "value", "arguments") else v
                      for k, v in found.groupdict().items() if v is not None}
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
        self.write(" " * self.current_indent + _(HEADING).format(heading=_(heading)) + "\n")

    def write_text(self, text: str) -> None:
        self.write(_paragraphs(text, self.width, " " * self.current_indent) + "\n")

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        """click's definition list (options, commands), its columns measured in terminal cells (a Chinese help
        line was half again as wide as the terminal), its text wrapped where a line may break."""
        def words(text: str) -> str:
            text = re.sub(r"\[default: (.*?)\]", lambda m: _(DEFAULT).format(default=m[1]), text)
            return text.replace("[required]", _(REQUIRED)).replace(HELP_OPTION, _(HELP_OPTION))

        rows = [(term, words(text)) for term, text in rows]
        first = min(max((width(term) for term, _text in rows), default=0), col_max) + col_spacing
        indent = " " * self.current_indent
        for term, text in rows:
            self.write(indent + term)
            if not text:
                self.write("\n")
                continue
            self.write(" " * (first - width(term)) if width(term) <= first - col_spacing
                       else "\n" + " " * (first + self.current_indent))
            lines = _paragraphs(text, max(self.width - first - 2, 10), "").split("\n")
            self.write("\n".join([lines[0], *(indent + " " * first + line if line else "" for line in lines[1:])])
                       + "\n")


def _paragraphs(text: str, columns: int, indent: str) -> str:
    """Help text as click lays it out, wrapped where a line may break and measured in terminal cells: paragraphs
    apart by a blank line, each rewrapped, but for one that starts with click's \\b line, kept as written."""
    out = []
    for paragraph in re.split(r"\n\s*\n", text.strip("\n")):
        if paragraph.startswith("\b\n"):
            out.append("\n".join(indent + line for line in paragraph.split("\n")[1:]))
        else:
            out.append("\n".join(wrap_line(indent + " ".join(paragraph.split()), columns, indent)))
    return "\n\n".join(out)


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


# Whether this run was told its language (--lang, or SCOREPAD_LANG): then a session's own language does not replace it.
_language_given = False


def speak_session(doc: dict[str, Any]) -> None:
    """Speak the language a session was started in (its `lang`), as `resume`, `undo`, `edit` and `host` do, unless
    this run was given one: --lang and SCOREPAD_LANG still choose; the system locale yields to the table's."""
    lang = doc.get("lang")
    if not _language_given and isinstance(lang, str) and lang in i18n.LANGUAGES and lang != i18n.language():
        i18n.use(lang)


# Each command's module, in the order `scorepad --help` lists them (command groups last): a command's module is
# imported when the command runs (click's lazily loaded subcommands, through typer's `cls`), so a command does not
# pay for the others' imports (docs/performance.md). Each module registers its commands on `app` as it is imported.
COMMANDS = {"games": "playing", "play": "playing", "resume": "playing", "undo": "changing", "edit": "changing",
            "delete": "changing", "list": "reading", "show": "reading", "score": "reading", "export": "files",
            "import": "files", "sheet": "files", "host": "hosting", "stats": "people", "players": "people"}


class _Scorepad(typer.core.TyperGroup):
    """The root command: it chooses the language first, then runs click; click's usage errors are worded here."""

    def list_commands(self, ctx: Any) -> list[str]:
        for name in COMMANDS:
            self._load(name)
        scorepad.started()
        return [name for name in COMMANDS if name in self.commands]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        self._load(cmd_name)
        scorepad.started()  # the command's modules are in: collect as usual from here
        return super().get_command(ctx, cmd_name)

    def _load(self, name: str) -> None:
        """The command `name` (and its module's others), built by typer once its module has registered them."""
        if name in self.commands or name not in COMMANDS:
            return
        with signals.held():  # Ctrl-C while they load stops the command once they are in, without a traceback
            importlib.import_module(f"scorepad.cli.{COMMANDS[name]}")
            for added, command in typer.main.get_command(app).commands.items():
                if added not in self.commands:
                    _localize(command)
                    self.add_command(command, added)

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:
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
                given=excerpt(str(error)), where=where, languages=", ".join(i18n.LANGUAGES))), err=True)
            i18n.use(i18n.ENGLISH)
            sys.exit(2)
        i18n.use(code)
        grid.fit_to(output.terminal_columns())  # tables and text as wide as the terminal, not wider
        global _language_given
        _language_given = given is not None or bool(os.environ.get("SCOREPAD_LANG"))
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
            output.use_bidi(False)
            grid.fit_to(None)
            _language_given = False


def _western_number(word: str) -> str:
    """`word` (all decimal digits) in Western digits if each is Western, Persian or Arabic-Indic, else as it is."""
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


# Plain text: typer's rich help and tracebacks print boxes, and load rich on every run (docs/performance.md).
app = typer.Typer(cls=_Scorepad, help=HELP, no_args_is_help=True, rich_markup_mode=None,
                  pretty_exceptions_enable=False, add_completion=False)


def main() -> None:
    signals.install()  # Ctrl-C, SIGTERM, SIGHUP: see scorepad/signals.py
    output.replace_unwritable()
    try:
        app(prog_name="scorepad")
    except SystemExit as done:
        signals.taken()  # nothing raises from here on
        raise SystemExit(done.code if signals.pending() is None else signals.exit_code()) from None
    except KeyboardInterrupt:  # a signal outside any command (while the arguments were read)
        raise SystemExit(signals.taken()) from None


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"scorepad {__version__}")
        raise typer.Exit()


DB_HELP = N_("The database file (default: $SCOREPAD_DB, else your data folder); its sessions live in the folder "
             "PATH.d beside it.")
VERSION_HELP = N_("Show the version and exit.")


@app.callback(help=HELP)
def root(ctx: typer.Context,
         db: Optional[Path] = typer.Option(None, "--db", metavar=N_("PATH"), help=DB_HELP),
         # --lang is read (and taken out) before click parses anything (_Scorepad.main): it is here for --help.
         lang: Optional[str] = typer.Option(None, "--lang", metavar=N_("LANGUAGE"), help=LANG_HELP),
         bidi: bool = typer.Option(False, "--bidi", help=BIDI_HELP),
         version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                      help=VERSION_HELP)) -> None:
    ctx.obj = {"db": db}
    output.use_bidi(bidi)
