"""The commands of a game at the table: `games` to choose one, `play` and `resume` to be guided through it
(`undo`, `edit` and `delete` are scorepad/cli/changing.py's)."""

import functools
import threading
from collections.abc import Callable
from typing import Any, Optional

import typer

from calculators.core import InvalidInput, check_name, player_name
from scorepad import games as registry
from scorepad.cli import signals, terminal
from scorepad.cli.output import echo, fail, handles_errors, players_line, stopped
from scorepad.cli.play import play as play_loop
from scorepad.cli.printing import code_refusal, sheet_path_problem, show_code, write_session_sheet
from scorepad.cli.prompt_words import prompt_word_in
from scorepad.cli.prompter import Aborted
from scorepad.cli.root import app, speak_session
from scorepad.cli.shared import (
    SessionId,
    ModuleOption,
    ObjectivesOption,
    OpenCashOption,
    PlayersOption,
    PowersOption,
    RoundsOption,
    VariantOption,
    chosen_modules,
    drawn_cards,
    load_session,
    names_given,
    open_store,
    protected_files,
    when,
)
from scorepad.errors import ScorepadError
from scorepad.games import by_slug
from scorepad.games.base import Game
from scorepad.i18n import N_, _, language
from scorepad.players import known_names, offered
from scorepad.store import Store, claims
from scorepad.table import Table, changes

STARTED = N_("Session {id}: {title} — {players}. Every answer is saved as it is given.")
RESUMING = N_("Resuming session {id}: {title} — {players}.")
STOPPED = N_("Stopped. Session {id} is saved; carry on with: scorepad resume {id}")
STOPPED_FINISHED = N_("Stopped. Session {id} is finished and saved; its sheet: scorepad sheet {id}")
STOPPED_BEFORE = N_("Stopped; nothing was recorded.")
NAME_IS_A_WORD = N_("{name!r} starts with {word!r}, a word scorepad takes at its prompts: add an initial or a nickname")
NOTHING_TO_RESUME = N_("no unfinished session to resume; start one with: scorepad play GAME --players NAME NAME")
ALREADY_FINISHED = N_("session {id} is finished; see it with: scorepad show {id}")
ASK_NAME = N_("Player {n} name:")
ASK_NAME_OPTIONAL = N_("Player {n} name (Enter when everyone is in):")
GAME_LINE = N_("{slug}  {title}  ({players} players)")
NAME_THE_GAME = N_("name the game: scorepad play GAME --players NAME NAME")
# Another scorepad process is playing the session (its claim file, scorepad/claims.py): said, and asked first.
CLAIMED_HERE = N_("Session {id} is open in another scorepad: process {pid} on this computer ({host}), since {since}.")
CLAIMED_THERE = N_("Session {id} was opened on another computer: process {pid} on {host}, since {since}; "
                   "scorepad cannot check from here whether it is still playing.")
PLAY_HERE_TOO = N_("Play it here too? (when both answer a question, the first answer counts)")
CLAIMED_NEEDS_TERMINAL = N_("session {id} is open in another scorepad (process {pid} on {host}); resume it at a "
                            "terminal to choose whether to play it here too, or end that one first")
LEFT_TO_OTHER = N_("Session {id} is left to the other scorepad; nothing was changed.")

GAMES_HELP = N_(
    "List the games, their players and variants.")


@app.command(help=GAMES_HELP)
@handles_errors
def games() -> None:
    for game in registry.GAMES:  # every game's module: only this command needs them all
        echo(_(GAME_LINE).format(slug=game.slug, title=_(game.title), players=game.player_counts()))
        if game.blurb:
            echo(f"    {_(game.blurb)}")
        for name, explanation in game.variants.items():
            echo(f"    --variant {name}: {_(explanation)}")
        for name, explanation in game.modules.items():
            echo(f"    --module {name}: {_(explanation)}")


# --- play, resume ---------------------------------------------------------------------------------------

PLAY_HELP = N_(
    "Play a guided game (or resume the latest).\n\nscorepad guides the setup and every round, and saves "
    "every answer the moment it is given.")


@app.command(help=PLAY_HELP, context_settings={"allow_extra_args": True})
@handles_errors
def play(ctx: typer.Context,
         game: Optional[str] = typer.Argument(None, metavar=N_("[GAME]"),
                                              help=N_("The game's slug (see `scorepad games`). Leave out to resume "
                                                      "the latest unfinished session.")),
         players: PlayersOption = None, variant: VariantOption = None, rounds: RoundsOption = None,
         module: ModuleOption = None, open_cash: OpenCashOption = False, objectives: ObjectivesOption = None,
         powers: PowersOption = None) -> None:
    names = names_given(ctx, players)
    modules = chosen_modules(module, open_cash)
    drawn = drawn_cards(objectives, powers)
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
        terminal.need_terminal("play")
        _run(ctx, max(unfinished)[1], resumed=True)
        return
    session_id = start(ctx, "play", game, names, variant or [], rounds, modules, drawn, terminal_needed=True)
    _run(ctx, session_id, resumed=False)


def start(ctx: typer.Context, command: str, game: str, names: list[str], variants: list[str], rounds: int | None,
          modules: list[str], drawn: dict[str, list[str]], *, terminal_needed: bool) -> int:
    """A new session of `game` (`play` and `host` alike): the options refused before anything is asked, the names
    asked at a terminal when --players gives none (`terminal_needed`: the command asks at a terminal anyway, so
    without one nothing is stored); its id."""
    chosen = by_slug(game)
    changes.check_options(chosen, variants, rounds, modules, drawn)  # refuse bad options before asking anything
    if names:
        _check_names(changes.new_doc(chosen, names, variants, rounds, modules, drawn=drawn))
    if terminal_needed or not names:
        terminal.need_terminal(command)
    if not names:
        names = _ask_names(chosen, known=functools.partial(_known_names, ctx))
    doc = _check_names(changes.new_doc(chosen, names, variants, rounds, modules, drawn=drawn, lang=language()))
    session_id = Table.start(open_store(ctx), doc).id
    echo(_(STARTED).format(id=session_id, title=chosen.title, players=players_line(doc["players"])))
    return session_id


RESUME_HELP = N_(
    "Carry on with a session exactly where it stopped.")


@app.command(help=RESUME_HELP)
@handles_errors
def resume(ctx: typer.Context, session_id: SessionId) -> None:
    _run(ctx, session_id, resumed=True)


def _check_names(doc: dict[str, Any]) -> dict[str, Any]:
    """A name that starts with a prompt word (`undo`, `help`, Chinatown's `cash`) could never be typed as an answer."""
    name = next((n for n in doc["players"] if prompt_word_in(doc, n)), None)
    if name is not None:
        raise InvalidInput(_(NAME_IS_A_WORD).format(name=name, word=prompt_word_in(doc, name)), field="players")
    return doc


def _known_names(ctx: typer.Context) -> list[str]:
    """Every person of the stored sessions, the one who played last first (what the name prompt offers)."""
    try:
        return known_names(open_store(ctx).summaries())
    except ScorepadError:  # a database that cannot be read offers no names; playing will say what is wrong
        return []


def _ask_names(game: Game, known: Callable[[], list[str]] = list) -> list[str]:
    """The players' names, one prompt each; typing a few letters offers the names already known (`known`, read
    the first time a name is completed: not before the first prompt is drawn)."""
    prompter = terminal.make_prompter()
    names: list[str] = []
    every: list[list[str]] = []  # `known` once read (by the prompter's background read, or the first letter)
    reading = threading.Lock()

    def complete() -> list[str]:
        with reading:
            if not every:
                every.append(known())
        return offered(every[0], names)
    placeholder = changes.new_doc(game, [f"P{n}" for n in range(1, game.players[0] + 1)], [], None)
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
            names.append(player_name(name))  # as it is stored: Be\u00adn is Ben
    except (Aborted, KeyboardInterrupt):
        raise stopped("\n" + _(STOPPED_BEFORE)) from None
    return names


def _run(ctx: typer.Context, session_id: int, *, resumed: bool) -> None:
    store = open_store(ctx)
    session = load_session(ctx, session_id)
    speak_session(session.doc)
    if resumed:
        if session.finished:
            raise ScorepadError(_(ALREADY_FINISHED).format(id=session_id))
        if not _play_claimed(store, session_id):
            typer.echo(_(LEFT_TO_OTHER).format(id=session_id))
            return
        terminal.need_terminal("resume")  # no-op when play already checked
        echo(_(RESUMING).format(id=session_id, title=session.game.title, players=players_line(session.players)))
    with claims.claimed(store, session_id):  # removed at the end, at Ctrl-C, SIGTERM and SIGHUP too
        try:
            protected = protected_files(ctx)
            play_loop(store, session_id, terminal.make_prompter(), echo,
                      write_sheet=functools.partial(write_session_sheet, protected=protected),
                      check_sheet_path=functools.partial(sheet_path_problem, protected=protected), resumed=resumed,
                      show_code=show_code if terminal.stdout_is_tty() else None, code_refusal=code_refusal)
        except BaseException as error:  # Ctrl-C at a prompt or between two, SIGTERM, SIGHUP (signals.py)
            if not isinstance(error, (Aborted, KeyboardInterrupt)) and signals.pending() is None:
                raise
            signals.taken()  # after SIGHUP, printing the echo of the last answer may have failed: stopping still
            finished = load_session(ctx, session_id).finished  # e.g. Ctrl-C at the offer of a PDF
            raise stopped("\n" + _(STOPPED_FINISHED if finished else STOPPED).format(id=session_id)) from None


def _play_claimed(store: Store, session_id: int) -> bool:
    """Go on with a session another live scorepad is playing? Said (who, where, since when) and asked."""
    others = claims.others(store.claims_folder, session_id)
    if not others:
        return True
    if terminal.stdin_is_tty():
        for claim in others:
            text = _(CLAIMED_HERE) if claim.here else _(CLAIMED_THERE)
            echo(text.format(id=session_id, pid=claim.pid, host=claim.host, since=when(claim.since)))
    refusal = _(CLAIMED_NEEDS_TERMINAL).format(id=session_id, pid=others[0].pid, host=others[0].host)
    # The game's first question follows at once: `y` then Enter must not answer it (enter=True).
    return terminal.confirmed(_(PLAY_HERE_TOO), refusal=refusal, enter=True)
